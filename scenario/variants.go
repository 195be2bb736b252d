package scenario

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// Variant is one column of a comparison: a label and the scenario under one
// ruleset or with some switches changed.
type Variant struct {
	Label string
	File  *File
}

// MaxVariants bounds one comparison.
const MaxVariants = 12

// VariantError says which item of a comparison request was refused:
// Item is "rulesets[i]" or "sets[i]", What the ruleset or option=value.
type VariantError struct {
	Item, What string
	Err        error
}

func (e *VariantError) Error() string { return fmt.Sprintf("%s %s: %v", e.Item, e.What, e.Err) }
func (e *VariantError) Unwrap() error { return e.Err }

// ErrNothingToCompare is returned by Variants when it is given neither
// rulesets nor switch sets.
var ErrNothingToCompare = errors.New("nothing to compare: give rulesets (such as whfb8,t9a) or sets (such as damage_model=pooled)")

// Variants returns the scenario under each ruleset named, and with each set
// of switches ("option=value", several joined by commas). Each ruleset's
// column is labelled with its name and each set's with "ruleset
// option=value"; without rulesets the file as written comes first. Errors
// are *VariantError, or ErrNothingToCompare.
func (f *File) Variants(rulesets, sets []string) ([]Variant, error) {
	var out []Variant
	for i, name := range rulesets {
		item := fmt.Sprintf("rulesets[%d]", i)
		name = strings.TrimSpace(name)
		r, err := rules.ParseRuleset(name)
		if err != nil {
			return nil, &VariantError{item, name, err}
		}
		v, err := f.WithRuleset(r)
		if err != nil {
			return nil, &VariantError{item, name, err}
		}
		out = append(out, Variant{r.String(), v})
	}
	for i, set := range sets {
		item := fmt.Sprintf("sets[%d]", i)
		v := f
		for kv := range strings.SplitSeq(set, ",") {
			k, val, ok := strings.Cut(kv, "=")
			if !ok {
				return nil, &VariantError{item, kv, errors.New("want option=value")}
			}
			var err error
			if v, err = v.WithOption(strings.TrimSpace(k), strings.TrimSpace(val)); err != nil {
				return nil, &VariantError{item, kv, err}
			}
		}
		out = append(out, Variant{f.Ruleset.String() + " " + set, v})
	}
	switch {
	case len(out) == 0:
		return nil, ErrNothingToCompare
	case len(out) > MaxVariants:
		return nil, &VariantError{"rulesets", fmt.Sprint(len(out), " variants"), fmt.Errorf("compare at most %d at once", MaxVariants)}
	}
	if len(rulesets) == 0 {
		out = append([]Variant{{f.Ruleset.String() + " (as written)", f}}, out...)
	}
	return out, nil
}
