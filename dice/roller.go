package dice

import (
	"errors"

	"github.com/rearrank/rearrank/msg"
)

// Roller gives the face of one die with the given number of sides (1..sides).
// Callers ask for sides of at least 1.
type Roller interface{ Roll(sides int) int }

// Asker is an optional interface a Roller may implement: the referee calls Ask
// instead of Roll when available, telling what the die is for (e.g. "to-wound,
// attack 3 of 12"), so a roller can prompt a person or fail cleanly. Ask
// returns an error instead of a face when it cannot give one.
type Asker interface {
	Ask(sides int, what string) (int, error)
}

// MsgAsker is an optional interface of an [Asker] that says what a die is
// for in its reader's language (a person at a terminal): AskMsg is Ask with
// what as a message of the catalogue. [AskMsg] prefers it to Ask.
type MsgAsker interface {
	AskMsg(sides int, what msg.Message) (int, error)
}

// Errors a Roller reports, wrapped with the die they concern; test for them
// with [errors.Is].
var (
	// ErrOutOfDice means a scripted list of faces ran out before the rules
	// stopped asking.
	ErrOutOfDice = errors.New("out of dice")
	// ErrBadFace means a face was outside 1..sides, such as a 7 on a D6.
	ErrBadFace = errors.New("bad face")
)

// Ask returns the face of one die from r, using r's Ask method when r is an
// [Asker] and Roll otherwise. what says what the die is for; it goes into
// prompts and error messages. A face outside 1..sides is an error wrapping
// [ErrBadFace], whichever way it was obtained.
func Ask(r Roller, sides int, what string) (int, error) {
	var face int
	if a, ok := r.(Asker); ok {
		var err error
		if face, err = a.Ask(sides, what); err != nil {
			return 0, err
		}
	} else {
		face = r.Roll(sides)
	}
	return checkFace(face, sides, what)
}

// AskMsg is [Ask] with what as a message: r's AskMsg when r is a
// [MsgAsker], else Ask with what in English.
func AskMsg(r Roller, sides int, what msg.Message) (int, error) {
	a, ok := r.(MsgAsker)
	if !ok {
		if _, asks := r.(Asker); !asks {
			// A roller that asks nobody: what is said only if the face
			// is bad, not rendered for every die (Monte Carlo's).
			return checkFace(r.Roll(sides), sides, what)
		}
		return Ask(r, sides, what.String())
	}
	face, err := a.AskMsg(sides, what)
	if err != nil {
		return 0, err
	}
	return checkFace(face, sides, what)
}

// checkFace returns face, or an error wrapping [ErrBadFace] when it is
// not in 1..sides; what (a string or a message) says what the die was
// for, or nothing when it is zero.
func checkFace(face, sides int, what any) (int, error) {
	if face >= 1 && face <= sides {
		return face, nil
	}
	if isZeroWhat(what) {
		return 0, msg.Errorf(ErrBadFace, "dice.bad_face", face, sides)
	}
	return 0, msg.Errorf(ErrBadFace, "dice.bad_face_for", face, sides, what)
}

// isZeroWhat reports whether what, a string or a message, says nothing.
func isZeroWhat(what any) bool {
	switch w := what.(type) {
	case string:
		return w == ""
	case msg.Message:
		return w.IsZero()
	}
	return what == nil
}

// Brancher is an optional interface for rollers that may decline a die with
// an error but have no use for its description: the odds package's
// enumerating roller, which stops a step to branch on every face. The
// referee calls Branch in preference to Ask and Roll, so no description is
// built.
type Brancher interface {
	Branch(sides int) (int, error)
}
