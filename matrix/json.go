package matrix

import (
	"errors"
	"math"

	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// The stream of a matrix (docs/matrix.md, POST /api/matrix, rearrank
// matrix --json): a start line, a line per cell as it is done, an end
// line. The keys are a contract the page reads.

// StartJSON is the stream's first line.
type StartJSON struct {
	Type    string        `json:"type"` // start
	Rows    []UnitJSON    `json:"rows"`
	Cols    []UnitJSON    `json:"cols"`
	Fights  []Fight       `json:"fights"`
	Cells   int           `json:"cells"`
	LeftOut []LeftOutJSON `json:"left_out"`
}

// UnitJSON names a row or a column, with what the reading of its list
// assumed (Unit.Notes).
type UnitJSON struct {
	Name    string   `json:"name"`
	Ruleset string   `json:"ruleset"`
	Notes   []string `json:"notes,omitempty"`
}

// LeftOutJSON is a unit of a list that is no row or column, and why.
type LeftOutJSON struct {
	Side string `json:"side"` // mine or theirs
	Name string `json:"name"`
	Why  string `json:"why"`
}

// CellJSON is a cell's line.
type CellJSON struct {
	Type      string         `json:"type"` // cell
	Row       int            `json:"row"`
	Col       int            `json:"col"`
	Fight     Fight          `json:"fight"`
	Method    Method         `json:"method"`
	Samples   int            `json:"samples,omitempty"`
	Values    *ValuesJSON    `json:"values,omitempty"`
	Digits    *int           `json:"digits,omitempty"`
	HalfWidth float64        `json:"half_width,omitempty"`
	Why       string         `json:"why,omitempty"`
	Error     *CellErrorJSON `json:"error,omitempty"`
}

// ValuesJSON are a cell's values: a shooting cell's or a close-combat
// cell's, from the row's point of view.
type ValuesJSON struct {
	Mean       *float64 `json:"mean,omitempty"`
	PAtLeast   *float64 `json:"p_at_least,omitempty"`
	PDestroy   *float64 `json:"p_destroy,omitempty"`
	PPanic     *float64 `json:"p_panic,omitempty"`
	PWin       *float64 `json:"p_win,omitempty"`
	PDraw      *float64 `json:"p_draw,omitempty"`
	PLose      *float64 `json:"p_lose,omitempty"`
	PTheyBreak *float64 `json:"p_they_break,omitempty"`
	PWeBreak   *float64 `json:"p_we_break,omitempty"`
	MeanResult *float64 `json:"mean_result,omitempty"`
}

// CellErrorJSON is why a cell cannot be computed.
type CellErrorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// EndJSON is the stream's last line.
type EndJSON struct {
	Type      string `json:"type"` // end
	Done      int    `json:"done"`
	Errors    int    `json:"errors"`
	ElapsedMS int64  `json:"elapsed_ms"`
	Deadline  bool   `json:"deadline,omitempty"`
	NotDone   int    `json:"not_done,omitempty"`
}

// Start is the stream's first line for m, made of sides mine and theirs,
// in language l.
func Start(m *Matrix, mine, theirs Side, l msg.Lang) StartJSON {
	out := StartJSON{Type: "start", Rows: unitsJSON(m.Rows, l), Cols: unitsJSON(m.Cols, l), Fights: m.Fights, Cells: m.Cells(), LeftOut: []LeftOutJSON{}}
	for _, s := range []struct {
		name string
		side Side
	}{{"mine", mine}, {"theirs", theirs}} {
		for _, lo := range s.side.LeftOut {
			out.LeftOut = append(out.LeftOut, LeftOutJSON{Side: s.name, Name: lo.Name, Why: ErrorText(lo.Why, l)})
		}
	}
	return out
}

func unitsJSON(us []Unit, l msg.Lang) []UnitJSON {
	out := make([]UnitJSON, len(us))
	for i, u := range us {
		out[i] = UnitJSON{Name: u.Name, Ruleset: u.Ruleset.String()}
		for _, n := range u.Notes {
			out[i].Notes = append(out[i].Notes, n.Text(l))
		}
	}
	return out
}

// round6 keeps the decimals an exact cell shows and two more, so that a
// reader's rounding to Digits is the number's own.
func round6(f float64) *float64 {
	r := math.Round(f*1e6) / 1e6
	if r == 0 {
		r = 0 // no -0
	}
	return &r
}

// JSON is c's line in language l.
func (c Cell) JSON(l msg.Lang) CellJSON {
	out := CellJSON{Type: "cell", Row: c.Row, Col: c.Col, Fight: c.Fight, Method: c.Method}
	switch c.Method {
	case MethodNone:
		out.Why = c.Why.Text(l)
		return out
	case MethodError:
		out.Error = &CellErrorJSON{Code: Code(c.Err), Message: ErrorText(c.Err, l)}
		return out
	}
	d := c.Digits
	out.Digits, out.Samples = &d, c.Samples
	if c.Method == MethodSampled {
		out.HalfWidth = math.Round(c.HalfWidth*1e6) / 1e6
	}
	v := c.Values
	if c.Fight == Shooting {
		out.Values = &ValuesJSON{Mean: round6(v.Mean), PAtLeast: round6(v.PAtLeast), PDestroy: round6(v.PDestroy)}
		if v.HasPanic {
			out.Values.PPanic = round6(v.PPanic)
		}
		return out
	}
	out.Values = &ValuesJSON{PWin: round6(v.PWin), PDraw: round6(v.PDraw), PLose: round6(v.PLose),
		PTheyBreak: round6(v.PTheyBreak), PWeBreak: round6(v.PWeBreak), MeanResult: round6(v.MeanResult)}
	return out
}

// End is the stream's last line.
func End(s Summary) EndJSON {
	return EndJSON{Type: "end", Done: s.Done, Errors: s.Errors, ElapsedMS: s.Elapsed.Milliseconds(), Deadline: s.Deadline, NotDone: s.NotDone}
}

// ErrorText is err in language l, without the place in a file the
// matrix built, which no one wrote: the field's path names the part.
func ErrorText(err error, l msg.Lang) string {
	var pe *safe.PanicError
	if errors.As(err, &pe) {
		return msg.New("matrix.error.internal").Text(l) // the panic is the operator's to read
	}
	var se *scenario.Error
	if errors.As(err, &se) && se.File == builtFile {
		c := *se
		c.File, c.Line, c.Column = "", 0, 0
		return c.Text(l)
	}
	return msg.ErrorText(err, l)
}

// builtFile is the name the matrix loads the files it builds under.
const builtFile = "cell"
