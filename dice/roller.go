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
	if face < 1 || face > sides {
		if what == "" {
			return 0, msg.Errorf(ErrBadFace, "dice.bad_face", face, sides)
		}
		return 0, msg.Errorf(ErrBadFace, "dice.bad_face_for", face, sides, what)
	}
	return face, nil
}

// Brancher is an optional interface for rollers that may decline a die with
// an error but have no use for its description: the odds package's
// enumerating roller, which stops a step to branch on every face. The
// referee calls Branch in preference to Ask and Roll, so no description is
// built.
type Brancher interface {
	Branch(sides int) (int, error)
}
