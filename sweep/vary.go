package sweep

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Vary is one field varied over a range of whole numbers: From, From+Step,
// ... up to To. Path names the field as rearrank compare --set does
// ("attacks[0].strength", "target.models"; in a combat file
// "sides.a.fights[0].strength").
type Vary struct {
	Path           string
	From, To, Step int
}

// The bounds of a sweep: the fields varied at once, the points in all,
// and the largest magnitude of a range's ends.
const (
	MaxVaries = 2
	MaxPoints = 400
	maxValue  = 1_000_000
)

// ErrInput is wrapped by every error of a sweep's request: its syntax, its
// fields, its values, its size.
var ErrInput = errors.New("bad sweep")

// varyExample is an example of --vary, for the errors.
const varyExample = "attacks[0].strength=3..7"

// ParseVary reads "PATH=FROM..TO" or "PATH=FROM..TO:STEP", such as
// "attacks[0].strength=3..7" or "target.models=10..40:5". Its errors say
// which part is wrong and give an example.
func ParseVary(s string) (Vary, error) {
	path, rng, ok := strings.Cut(s, "=")
	path, rng = strings.TrimSpace(path), strings.TrimSpace(rng)
	if !ok || path == "" {
		return Vary{}, msg.Errorf(ErrInput, "sweep.vary.syntax", strconv.Quote(s), varyExample)
	}
	span, stepText, hasStep := strings.Cut(rng, ":")
	fromText, toText, ok := strings.Cut(span, "..")
	if !ok {
		return Vary{}, msg.Errorf(ErrInput, "sweep.vary.range", strconv.Quote(s), strconv.Quote(rng), varyExample)
	}
	num := func(part msg.ID, text string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil || n < -maxValue || n > maxValue {
			return 0, msg.Errorf(ErrInput, "sweep.vary.number", strconv.Quote(s), msg.New(part), strconv.Quote(strings.TrimSpace(text)), varyExample)
		}
		return n, nil
	}
	v := Vary{Path: path, Step: 1}
	var err error
	if v.From, err = num("sweep.vary.part.from", fromText); err != nil {
		return Vary{}, err
	}
	if v.To, err = num("sweep.vary.part.to", toText); err != nil {
		return Vary{}, err
	}
	if hasStep {
		if v.Step, err = num("sweep.vary.part.step", stepText); err != nil {
			return Vary{}, err
		}
	}
	return v, v.check()
}

// check refuses a range that goes down or a step below 1.
func (v Vary) check() error {
	switch {
	case v.Path == "":
		return msg.Errorf(ErrInput, "sweep.vary.no_path", varyExample)
	case v.From < -maxValue || v.From > maxValue || v.To < -maxValue || v.To > maxValue:
		return msg.Errorf(ErrInput, "sweep.vary.too_big", v.String(), maxValue)
	case v.Step < 1:
		return msg.Errorf(ErrInput, "sweep.vary.step", v.String(), v.Step)
	case v.To < v.From:
		return msg.Errorf(ErrInput, "sweep.vary.order", v.String(), v.From, v.To)
	}
	return nil
}

// String writes v as ParseVary reads it.
func (v Vary) String() string {
	s := v.Path + "=" + strconv.Itoa(v.From) + ".." + strconv.Itoa(v.To)
	if v.Step != 1 {
		s += ":" + strconv.Itoa(v.Step)
	}
	return s
}

// Len is the number of values in v's range.
func (v Vary) Len() int {
	if v.Step < 1 || v.To < v.From {
		return 0
	}
	return (v.To-v.From)/v.Step + 1
}

// Values are v's values, from From up.
func (v Vary) Values() []int {
	out := make([]int, 0, v.Len())
	for x := v.From; x <= v.To; x += v.Step {
		out = append(out, x)
	}
	return out
}

// checkVaries refuses no vary, more than MaxVaries, a field varied twice,
// a bad range, and more than MaxPoints points in all.
func checkVaries(vs []Vary) error {
	switch {
	case len(vs) == 0:
		return msg.Errorf(ErrInput, "sweep.error.no_vary", varyExample)
	case len(vs) > MaxVaries:
		return msg.Errorf(ErrInput, "sweep.error.too_many_varies", len(vs), MaxVaries)
	}
	n := 1
	for i, v := range vs {
		if err := v.check(); err != nil {
			return err
		}
		for _, w := range vs[:i] {
			if w.Path == v.Path {
				return msg.Errorf(ErrInput, "sweep.error.twice", v.Path)
			}
		}
		n *= v.Len()
		if n > MaxPoints {
			break
		}
	}
	if n > MaxPoints {
		total := 1
		for _, v := range vs {
			total *= v.Len() // at most 2 ranges of 2,000,001 values: fits an int
		}
		return msg.Errorf(ErrInput, "sweep.error.too_many_points", total, MaxPoints)
	}
	return nil
}
