package dice

import "github.com/rearrank/rearrank/msg"

// Recorder is a [Roller] that passes every request to another Roller and keeps
// the faces handed out, in order. A [Scripted] given those faces replays the
// run: this is how a seeded run is shown to a person, or turned into a test.
type Recorder struct {
	r     Roller
	faces []int
}

// NewRecorder returns a Recorder over r.
func NewRecorder(r Roller) *Recorder { return &Recorder{r: r} }

// Roll returns r's face and records it.
func (rec *Recorder) Roll(sides int) int {
	face := rec.r.Roll(sides)
	rec.faces = append(rec.faces, face)
	return face
}

// Ask implements [Asker] through [Ask] on the inner Roller: its Ask method
// when it has one, else Roll, with the face checked. It records the face only
// when there is no error.
func (rec *Recorder) Ask(sides int, what string) (int, error) {
	face, err := Ask(rec.r, sides, what)
	if err != nil {
		return 0, err
	}
	rec.faces = append(rec.faces, face)
	return face, nil
}

// AskMsg implements [MsgAsker] through [AskMsg] on the inner Roller, as
// Ask does through Ask.
func (rec *Recorder) AskMsg(sides int, what msg.Message) (int, error) {
	face, err := AskMsg(rec.r, sides, what)
	if err != nil {
		return 0, err
	}
	rec.faces = append(rec.faces, face)
	return face, nil
}

// Faces returns a copy of the faces handed out so far.
func (rec *Recorder) Faces() []int { return append([]int(nil), rec.faces...) }
