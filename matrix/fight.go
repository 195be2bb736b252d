package matrix

import (
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Fight is the kind of computation a cell stands for. The zero Fight is
// none.
type Fight int8

// The fights of a matrix.
const (
	NoFight  Fight = iota
	Shooting       // the row unit's shooting groups at the column unit (odds)
	Charge         // a close-combat round, the row unit charging (combat)
	Charged        // a close-combat round, the column unit charging
	Melee          // a round of a combat already fought, nobody charging
)

var fightNames = [...]string{"", "shooting", "charge", "charged", "melee"}

// DefaultFights are the fights of a matrix that names none.
var DefaultFights = []Fight{Shooting, Charge, Charged}

// String returns the fight's name as the request and the stream write it.
func (f Fight) String() string {
	if f < 0 || int(f) >= len(fightNames) {
		return "fight(" + strconv.Itoa(int(f)) + ")"
	}
	return fightNames[f]
}

// MarshalText implements encoding.TextMarshaler: the String.
func (f Fight) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// Msg is the fight's name in a player's words.
func (f Fight) Msg() msg.Message { return msg.New(msg.ID("matrix.fight." + f.String())) }

// ParseFight reads a fight's name: shooting, charge, charged or melee.
func ParseFight(s string) (Fight, error) {
	for i, n := range fightNames {
		if i > 0 && n == strings.TrimSpace(s) {
			return Fight(i), nil
		}
	}
	return NoFight, msg.Errorf(ErrRequest, "matrix.error.fight", strconv.Quote(s))
}

// ParseFights reads a comma-separated list of fights, each once.
func ParseFights(s string) ([]Fight, error) {
	var out []Fight
	for part := range strings.SplitSeq(s, ",") {
		f, err := ParseFight(part)
		if err != nil {
			return nil, err
		}
		out = appendFight(out, f)
	}
	return out, nil
}

func appendFight(fs []Fight, f Fight) []Fight {
	for _, g := range fs {
		if g == f {
			return fs
		}
	}
	return append(fs, f)
}

// charger is the combat file's charger of the round f: the row unit is
// side a.
func (f Fight) charger() string {
	switch f {
	case Charge:
		return "a"
	case Charged:
		return "b"
	}
	return "none"
}

// Show is what a table shows of each cell.
type Show int8

// What a table shows.
const (
	ShowMean    Show = iota // the mean casualties; the mean combat result
	ShowDestroy             // the chance the column unit is destroyed; that it breaks
	ShowBreak               // the chance the column unit panics; that it breaks
	ShowWin                 // the chance of at least N casualties; of a win
)

var showNames = [...]string{"mean", "destroy", "break", "win"}

func (s Show) String() string {
	if s < 0 || int(s) >= len(showNames) {
		return "show(" + strconv.Itoa(int(s)) + ")"
	}
	return showNames[s]
}

// ParseShow reads mean, destroy, break or win.
func ParseShow(s string) (Show, error) {
	for i, n := range showNames {
		if n == strings.TrimSpace(s) {
			return Show(i), nil
		}
	}
	return ShowMean, msg.Errorf(ErrRequest, "matrix.error.show", strconv.Quote(s))
}
