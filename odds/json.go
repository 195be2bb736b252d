package odds

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/rearrank/rearrank/rules"
)

// Number is a probability or mean in JSON: a float, or with exact output an
// "a/b" string.
type Number struct {
	r     *big.Rat
	exact bool
	f     float64 // the value, where r is nil and float is set
	float bool
}

// MarshalJSON implements json.Marshaler.
func (n Number) MarshalJSON() ([]byte, error) { return n.appendJSON(nil), nil }

// appendJSON appends n's JSON to b.
func (n Number) appendJSON(b []byte) []byte {
	if n.float {
		return appendFloat(b, n.f)
	}
	if n.r == nil {
		return append(b, "null"...)
	}
	if n.exact { // digits and a slash: nothing to escape
		return append(append(append(b, '"'), n.r.RatString()...), '"')
	}
	f, _ := n.r.Float64()
	return appendFloat(b, f)
}

// appendFloat appends f as encoding/json writes a float64 (its
// floatEncoder): the shortest decimal that reads back as f, in exponent
// form below 1e-6 and from 1e21 on, with a one-digit negative exponent
// written without its leading zero. A probability is never NaN or
// infinite.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// DistJSON is one distribution in the JSON of DESIGN.md.
type DistJSON struct {
	Mean    Number   `json:"mean"`
	Dist    []Number `json:"dist"`     // dist[i]: P(exactly i)
	AtLeast []Number `json:"at_least"` // at_least[i]: P(i or more)
}

// MarshalJSON implements json.Marshaler: what encoding/json writes for the
// struct, in one buffer instead of a call and a copy for each of the
// hundreds of numbers.
func (d DistJSON) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+24*(len(d.Dist)+len(d.AtLeast)))
	b = d.Mean.appendJSON(append(b, `{"mean":`...))
	b = appendNumbers(append(b, `,"dist":`...), d.Dist)
	b = appendNumbers(append(b, `,"at_least":`...), d.AtLeast)
	return append(b, '}'), nil
}

// appendNumbers appends ns as a JSON array, or null for a nil slice.
func appendNumbers(b []byte, ns []Number) []byte {
	if ns == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = n.appendJSON(b)
	}
	return append(b, ']')
}

// StageJSON is the per-attack stage odds of one attack group.
type StageJSON struct {
	Group         int    `json:"group"`
	HitNeed       string `json:"hit_need"`
	Hit           Number `json:"hit"`
	WoundNeed     string `json:"wound_need"`
	Wound         Number `json:"wound"`
	ArmourNeed    string `json:"armour_need"`
	ArmourFailed  Number `json:"armour_failed"`
	SpecialNeed   string `json:"special_need"`
	SpecialKind   string `json:"special_kind"`
	SpecialFailed Number `json:"special_failed"`
	Unsaved       Number `json:"unsaved"`
}

// ResultJSON is the JSON form of a Result shared by the CLI's --json and the
// HTTP API (DESIGN.md "CLI").
type ResultJSON struct {
	Ruleset string `json:"ruleset"`
	// Method names the computation for developers: "enumeration" and
	// the fast paths it took, or "monte carlo" (Result.Method); programs
	// may read it, so it is kept as it was. MethodSummary says it in a
	// player's words, as the text output does.
	Method        string              `json:"method"`
	MethodSummary string              `json:"method_summary"`
	Exact         bool                `json:"exact"`
	States        int                 `json:"states,omitempty"`
	Samples       int                 `json:"samples,omitempty"`
	Casualties    DistJSON            `json:"casualties"`
	ByRole        map[string]DistJSON `json:"by_role"`
	Wounds        DistJSON            `json:"wounds"`
	Unsaved       DistJSON            `json:"unsaved"`
	Destroyed     Number              `json:"destroyed"`
	Panic         Number              `json:"panic"`
	ChampionDead  Number              `json:"champion_dead"`
	StandardLost  Number              `json:"standard_lost"`
	Stages        []StageJSON         `json:"stages"`
	StdErr        *StdErrJSON         `json:"std_err,omitempty"`
	Fallback      string              `json:"fallback,omitempty"` // why Monte Carlo stands in for the exact result
	// StandIns: the owner_choice switches nobody was asked about, whose
	// defaults stand in (RULES.md 18)
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
}

// StdErrJSON holds Monte Carlo standard errors of the means.
type StdErrJSON struct {
	Casualties float64 `json:"casualties"`
	Wounds     float64 `json:"wounds"`
	Unsaved    float64 `json:"unsaved"`
}

// jsonView makes the distributions of one Result's JSON, sharing between
// them the powers of 3 and slabs of one ratMaker and the scratch numbers
// of one quoFloat, instead of building them again for each.
type jsonView struct {
	exact bool
	rm    ratMaker
	qf    quoFloat
}

// dist returns the JSON of d.
func (v *jsonView) dist(d Dist) DistJSON {
	exact := v.exact
	if !exact {
		if out, ok := v.distFloat(d); ok {
			return out
		}
	}
	mean, tails := d.meanAndTails(&v.rm)
	out := DistJSON{Mean: Number{r: mean, exact: exact}, Dist: make([]Number, len(d.P)), AtLeast: make([]Number, len(d.P))}
	for i, p := range d.P {
		out.Dist[i] = Number{r: p, exact: exact}
		out.AtLeast[i] = Number{r: tails[i], exact: exact}
	}
	return out
}

// distFloat is dist in floats, when the probabilities have a
// common denominator 2^a·3^b (overCommon): each tail is the float nearest
// its exact suffix sum, as Number would print the fraction in lowest terms,
// but found from the sum over the common denominator as it is, with no
// fraction of its own to put in lowest terms.
func (v *jsonView) distFloat(d Dist) (DistJSON, bool) {
	nums, dn, ok := d.overCommon(&v.rm)
	if !ok {
		return DistJSON{}, false
	}
	mean, _ := meanOver(&v.rm, nums, dn).Float64()
	out := DistJSON{Mean: Number{f: mean, float: true}, Dist: make([]Number, len(d.P)), AtLeast: make([]Number, len(d.P))}
	// Each float is that of a numerator over dn as it is, unreduced: the
	// nearest float to the value, so that of the fraction in lowest terms
	// too.
	qf := &v.qf
	y := dn.int()
	var sum big.Int
	for i := len(nums) - 1; i >= 0; i-- {
		sum.Add(&sum, nums[i])
		out.AtLeast[i] = Number{f: qf.float(&sum, y), float: true}
		out.Dist[i] = Number{f: qf.float(nums[i], y), float: true}
	}
	return out, true
}

// quoFloat computes quotients of big integers as float64 with its big
// numbers kept between calls: the output's hundreds of probabilities over
// one denominator of a thousand bits cost big.Rat.Float64 a shifted copy of
// that denominator and a quotient each.
type quoFloat struct{ t, q, r big.Int }

// float returns x/y, x >= 0 and y > 0, as the float64 nearest it, ties to
// even: big.Rat's Float64 of x/y, which it falls back on where the result
// would be subnormal.
func (s *quoFloat) float(x, y *big.Int) float64 {
	if x.Sign() == 0 {
		return 0
	}
	// x/y is in [2^(e-1), 2^(e+1)): scaled by 2^k, its integer part q has
	// 55 or 56 bits, two or three below the 53 of the float, and the
	// remainder r says whether anything lies past them.
	e := x.BitLen() - y.BitLen()
	if e < -1000 || e > 1000 {
		f, _ := new(big.Rat).SetFrac(x, y).Float64()
		return f
	}
	k := 55 - e
	if k >= 0 {
		s.q.QuoRem(s.t.Lsh(x, uint(k)), y, &s.r)
	} else {
		s.q.QuoRem(x, s.t.Lsh(y, uint(-k)), &s.r)
	}
	q := s.q.Uint64()
	drop := uint(bits.Len64(q) - 53)
	m, rest, half := q>>drop, q&(1<<drop-1), uint64(1)<<(drop-1)
	if rest > half || rest == half && (s.r.Sign() != 0 || m&1 == 1) {
		m++ // at most 2^53, still exact
	}
	return math.Ldexp(float64(m), int(drop)-k)
}

// JSON returns the JSON form of res: floats, or "a/b" strings when exact.
func JSON(res *Result, exact bool) ResultJSON {
	v := &jsonView{exact: exact}
	out := ResultJSON{
		Ruleset: res.Ruleset.String(), Method: res.Method.String(), MethodSummary: res.MethodSummary(), Exact: res.Exact, States: res.States, Samples: res.Samples,
		Casualties: v.dist(res.Casualties), Wounds: v.dist(res.Wounds), Unsaved: v.dist(res.Unsaved),
		ByRole:       map[string]DistJSON{},
		Destroyed:    Number{r: res.Destroyed, exact: exact},
		Panic:        Number{r: res.Panic, exact: exact},
		ChampionDead: Number{r: res.ChampionDead, exact: exact},
		StandardLost: Number{r: res.StandardLost, exact: exact},
		Stages:       []StageJSON{},
		Fallback:     res.Fallback,
		StandIns:     res.StandIns,
	}
	for r, d := range res.ByRole {
		if anyFrom(d, 1) {
			out.ByRole[r.String()] = v.dist(d)
		}
	}
	for _, s := range res.Stages {
		out.Stages = append(out.Stages, StageJSON{
			Group: s.Group, HitNeed: s.HitNeed(), Hit: Number{r: s.Hit, exact: exact},
			WoundNeed: s.Needs.Wound.String(), Wound: Number{r: s.Wound, exact: exact},
			ArmourNeed: s.Needs.Armour.String(), ArmourFailed: Number{r: s.ArmourFailed, exact: exact},
			SpecialNeed: s.Needs.Special.String(), SpecialKind: s.Needs.SpecialKind.String(), SpecialFailed: Number{r: s.SpecialFailed, exact: exact},
			Unsaved: Number{r: s.Unsaved, exact: exact},
		})
	}
	if !res.Exact {
		out.StdErr = &StdErrJSON{res.StdErr.Casualties, res.StdErr.Wounds, res.StdErr.Unsaved}
	}
	return out
}

// HitNeed names what the group needs to hit, as the JSON's hit_need: "auto",
// "impossible", "6 then 4+" (the 7+ procedure), or the target such as "3+".
func (s StageOdds) HitNeed() string {
	switch {
	case s.Needs.AutoHit:
		return "auto"
	case !s.Needs.CanHit:
		return "impossible"
	case !s.Needs.HitAgain.IsNone():
		return "6 then " + s.Needs.HitAgain.String()
	}
	return s.Needs.Hit.String()
}

// anyFrom reports whether d gives i or more a chance above zero.
func anyFrom(d Dist, i int) bool {
	for j := max(i, 0); j < len(d.P); j++ {
		if d.P[j].Sign() > 0 {
			return true
		}
	}
	return false
}
