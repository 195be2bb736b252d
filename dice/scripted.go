package dice

import (
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Scripted is a [Roller] that hands out given faces in order: the dice a
// person rolled at the table, or the faces a [Recorder] kept from a seeded run.
//
// A D3 is one die with three sides (see [Expr]), so its face is 1, 2 or 3;
// whoever rolled a D6 and halved it enters the halved result.
//
// Each call takes the next face, even when that face turns out to be bad, so
// die numbers in errors are positions in the list. The zero Scripted has no
// faces.
type Scripted struct {
	faces []int
	next  int   // index of the next face to hand out
	err   error // first failure, see Err
}

// NewScripted returns a Scripted that hands out faces in order. It keeps its
// own copy of faces.
func NewScripted(faces ...int) *Scripted {
	return &Scripted{faces: append([]int(nil), faces...)}
}

// Ask returns the next face, or an error naming the die and what it was for:
// one wrapping [ErrOutOfDice] when the faces are used up, such as
//
//	die 13 (to-wound, attack 3 of 12): out of dice: 12 given
//
// or one wrapping [ErrBadFace] when the face is not in 1..sides, such as
//
//	die 4 (armour save): bad face 7 on a D6
func (s *Scripted) Ask(sides int, what string) (int, error) { return s.ask(sides, what) }

// AskMsg implements [MsgAsker]: Ask with what as a message, so that its
// errors say it in their reader's language.
func (s *Scripted) AskMsg(sides int, what msg.Message) (int, error) { return s.ask(sides, what) }

// ask is Ask and AskMsg: what is a string or a message.
func (s *Scripted) ask(sides int, what any) (int, error) {
	die := s.next + 1
	if s.next >= len(s.faces) {
		if isZeroWhat(what) {
			return 0, s.fail(msg.Errorf(ErrOutOfDice, "dice.scripted.out", die, len(s.faces)))
		}
		return 0, s.fail(msg.Errorf(ErrOutOfDice, "dice.scripted.out_for", die, len(s.faces), what))
	}
	face := s.faces[s.next]
	s.next++
	if face < 1 || face > sides {
		if isZeroWhat(what) {
			return 0, s.fail(msg.Errorf(ErrBadFace, "dice.scripted.bad_face", die, face, sides))
		}
		return 0, s.fail(msg.Errorf(ErrBadFace, "dice.scripted.bad_face_for", die, face, sides, what))
	}
	return face, nil
}

// Roll implements [Roller] for callers that cannot take an error. It never
// panics: when the faces are used up or the face is bad it returns 1, and
// [Scripted.Err] reports what went wrong.
func (s *Scripted) Roll(sides int) int {
	face, err := s.Ask(sides, "")
	if err != nil {
		return 1
	}
	return face
}

// fail keeps the first error for Err and returns err.
func (s *Scripted) fail(err error) error {
	if s.err == nil {
		s.err = err
	}
	return err
}

// Err returns the first failure of Roll or Ask, or nil. A run that used a
// Scripted through plain Roll calls is only valid if Err is nil afterwards.
func (s *Scripted) Err() error { return s.err }

// Used returns how many faces have been taken.
func (s *Scripted) Used() int { return s.next }

// Remaining returns how many faces are left.
func (s *Scripted) Remaining() int { return len(s.faces) - s.next }

// Faces returns a copy of all the faces, used or not.
func (s *Scripted) Faces() []int { return append([]int(nil), s.faces...) }

// ParseFaces reads a list of faces as a person types it: numbers separated by
// commas, spaces or both, as in "6,3,5, 2" or "6 3 5 2". A blank string is
// the empty list. Faces are checked against their dice only when rolled; here
// each must be a whole number of at least 1. Errors name the item by position,
// as in
//
//	item 3 "x": not a number
func ParseFaces(s string) ([]int, error) {
	var faces []int
	item := 0
	for i, part := range strings.Split(s, ",") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			if i == 0 && strings.TrimSpace(s) == "" {
				return nil, nil
			}
			return nil, msg.Errorf(nil, "dice.faces.empty", item+1)
		}
		for _, f := range fields {
			item++
			face, why := parseFace(f)
			if !why.IsZero() {
				return nil, msg.Errorf(nil, "dice.faces.item", item, strconv.Quote(f), why)
			}
			faces = append(faces, face)
		}
	}
	return faces, nil
}

// maxFace bounds a typed face; any real die is far smaller.
const maxFace = 1000

// parseFace reads one face: decimal digits, 1..maxFace; or it says what
// is wrong with f.
func parseFace(f string) (int, msg.Message) {
	n := 0
	for _, c := range []byte(f) {
		if c < '0' || c > '9' {
			return 0, msg.New("dice.faces.not_a_number")
		}
		n = min(n*10+int(c-'0'), maxFace+1)
	}
	switch {
	case n == 0:
		return 0, msg.New("dice.faces.zero")
	case n > maxFace:
		return 0, msg.New("dice.faces.too_large")
	}
	return n, msg.Message{}
}
