package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/sweep"
)

// POST /api/sweep: one or two fields of a scenario or of a combat file
// varied over ranges, every point computed (package sweep). The body is
// JSON:
//
//	{"scenario": {...}, or "combat": {...},
//	 "vary": [{"path": "attacks[0].strength", "from": 3, "to": 7, "step": 1}],
//	 "at_least": [1, 5], "exact": false, "show": "mean"}
//
// The answer is sweep.JSON with the chart as "svg" (its words in ?lang=).
// The sweep takes one slot of the heavy lane and computes its points on
// as many cores as the heavy lane has slots; at the deadline it answers
// with the points done, "done" < "total", and "stopped" saying so.

// SweepRequest is the body of POST /api/sweep.
type SweepRequest struct {
	Scenario json.RawMessage `json:"scenario,omitempty"`
	Combat   json.RawMessage `json:"combat,omitempty"`
	Vary     []SweepVary     `json:"vary"`
	AtLeast  []int           `json:"at_least,omitempty"`
	Exact    bool            `json:"exact,omitempty"`
	Show     string          `json:"show,omitempty"`
}

// SweepVary is one field varied; a step left out is 1.
type SweepVary struct {
	Path string `json:"path"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Step *int   `json:"step,omitempty"`
}

// SweepResult is the answer of POST /api/sweep: the sweep, its chart, and
// when the deadline stopped it, why.
type SweepResult struct {
	sweep.JSON
	Stopped string `json:"stopped,omitempty"`
}

func (s *Server) handleSweep(w http.ResponseWriter, r *http.Request) {
	req, err := s.readRequest(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// A sweep is deterministic (a sampled point's seed is fixed): the same
	// request is answered from the cache, unless the deadline cut it short.
	key := cacheKey(r, req.body)
	if v, ok := s.cache.get(key); ok {
		writeCached(w, r, v)
		return
	}
	var body SweepRequest
	dec := json.NewDecoder(bytes.NewReader(req.body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		s.fail(w, r, invalid("", "web.sweep.body", errText{err}))
		return
	}
	var in sweep.Input
	var sides sweep.Sides
	err = s.parsing(r.Context(), len(req.body), func() error {
		var err error
		in, sides, err = body.input()
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	vs := make([]sweep.Vary, len(body.Vary))
	for i, v := range body.Vary {
		vs[i] = sweep.Vary{Path: v.Path, From: v.From, To: v.To, Step: 1}
		if v.Step != nil {
			vs[i].Step = *v.Step
		}
	}
	l := requestLang(r)
	workers := min(runtime.GOMAXPROCS(0), cap(s.heavy.slots))
	var res *sweep.Result
	var stoppedErr error
	err = s.work(r.Context(), s.heavy, func(ctx context.Context) error {
		ctx, cancel := beforeDeadline(ctx)
		defer cancel()
		var err error
		res, err = sweep.Run(ctx, in, vs, sweep.Options{AtLeast: body.AtLeast, Exact: body.Exact, Workers: workers, MaxStates: s.cfg.MaxStates})
		if res != nil && errors.Is(err, sweep.ErrStopped) {
			stoppedErr, err = err, nil
		}
		return err
	})
	if err != nil {
		s.fail(w, r, sweepError(err, s.cfg.Timeout))
		return
	}
	if _, ok := res.Find(body.Show, sides); !ok {
		s.fail(w, r, invalid("show", "sweep.error.show", body.Show, res.SeriesKeys()))
		return
	}
	svg, err := sweep.Chart(res, sweep.ChartOptions{Show: body.Show, Sides: sides}, l)
	if err != nil {
		s.fail(w, r, sweepError(err, s.cfg.Timeout))
		return
	}
	out := SweepResult{JSON: res.ToJSON(body.Exact)}
	out.SVG = svg
	if stoppedErr != nil {
		out.Stopped = msg.ErrorText(stoppedErr, l)
		writeJSON(w, http.StatusOK, out)
		return
	}
	data, err := encodeJSON(out)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.remember(key, http.StatusOK, data)
	writeRaw(w, http.StatusOK, data)
}

// input is the request's scenario or combat file, loaded, with the names
// of a combat's sides.
func (b *SweepRequest) input() (sweep.Input, sweep.Sides, error) {
	hasScenario, hasCombat := len(b.Scenario) > 0 && string(b.Scenario) != "null", len(b.Combat) > 0 && string(b.Combat) != "null"
	switch {
	case hasScenario && hasCombat:
		return sweep.Input{}, sweep.Sides{}, invalid("combat", "sweep.error.both")
	case !hasScenario && !hasCombat:
		return sweep.Input{}, sweep.Sides{}, invalid("scenario", "sweep.error.neither")
	case hasScenario:
		f, err := loadScenario(b.Scenario)
		if err != nil {
			return sweep.Input{}, sweep.Sides{}, fieldError("scenario", err)
		}
		if f, _, err = standInsOf(f); err != nil {
			return sweep.Input{}, sweep.Sides{}, fieldError("scenario", err)
		}
		return sweep.Input{Scenario: f}, sweep.Sides{}, nil
	}
	c, err := combat.Load("combat", b.Combat)
	if err != nil {
		return sweep.Input{}, sweep.Sides{}, fieldError("combat", err)
	}
	return sweep.Input{CombatName: "combat", CombatData: b.Combat}, sweep.Sides{c.Sides[0].Unit.Name(), c.Sides[1].Unit.Name()}, nil
}

// standInsOf gives the owner_choice switches nobody is asked their
// defaults, as the CLI's odds does: the sweep's points are those of the
// scenario with them.
func standInsOf(f *scenario.File) (*scenario.File, []msg.Message, error) {
	_, in := f.RuleOptions().StandIns(f.Ruleset, nil)
	var notes []msg.Message
	for _, s := range in {
		g, err := f.WithOption(s.Switch, s.Default)
		if err != nil {
			return nil, nil, err
		}
		f = g
		notes = append(notes, s.Msg())
	}
	return f, notes, nil
}

// fieldError is a scenario's or a combat's error placed under the
// request's field ("scenario.attacks[0].strength").
func fieldError(field string, err error) *apiError {
	e := toAPIError(err, nil)
	if e.Field != "" {
		e.Field = field + "." + e.Field
	} else {
		e.Field = field
	}
	return e
}

// sweepError is the answer to a sweep's error: 400 for its input (the
// field named by the vary's path), 422 past the state limit with exact.
func sweepError(err error, timeout fmt.Stringer) *apiError {
	switch {
	case errors.Is(err, sweep.ErrInput):
		e := sayError(http.StatusBadRequest, "invalid", "vary", msg.New("web.sweep.error", errText{err}))
		var se *scenario.Error
		if errors.As(err, &se) && se.Field != "" {
			e.Field = se.Field
		}
		return e
	case errors.Is(err, odds.ErrStateLimit):
		return sayError(http.StatusUnprocessableEntity, "state_limit", "vary", msg.New("web.sweep.error", errText{err}))
	}
	return toAPIError(err, timeout)
}
