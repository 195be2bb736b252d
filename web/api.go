package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// ResolveResult is the body of POST /api/resolve: the JSON of the CLI's
// resolve --json, with the seed when the server rolled and the dice left
// over when the request gave more than the attacks needed.
type ResolveResult struct {
	wire.Resolution
	Seed     *uint64 `json:"seed,omitempty"`
	DiceLeft int     `json:"dice_left,omitempty"`
}

// CompareEntry is one variant of POST /api/compare, as in the CLI's
// compare --json.
type CompareEntry struct {
	Variant string `json:"variant"`
	// Notes say what a change of ruleset carried over in another form or
	// could not carry over.
	Notes []string        `json:"notes,omitempty"`
	Odds  odds.ResultJSON `json:"odds"`
	// noteMsgs are Notes as messages, for a reader of another language.
	noteMsgs []msg.Message
}

// RulesetInfo is one ruleset of GET /api/rulesets, as in the CLI's
// rulesets --json.
type RulesetInfo = rules.RulesetInfo

// SwitchInfo is one switch of a ruleset (RULES.md 18, 19).
type SwitchInfo = rules.SwitchInfo

func (s *Server) handleRulesets(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, catalogIn(rules.Catalog(), requestLang(r)))
}

// catalogIn is the rulesets' catalogue with its texts for people (the
// descriptions, the switches' docs and references) in language l; names,
// values and defaults are codes, the same in every language.
func catalogIn(cat []rules.RulesetInfo, l msg.Lang) []rules.RulesetInfo {
	if l == msg.English {
		return cat
	}
	for i := range cat {
		info := &cat[i]
		info.Description = info.DescriptionIn(l)
		info.Seed = info.Description // the same text under its first key
		for j := range info.Switches {
			sw := &info.Switches[j]
			sw.Doc, sw.Ref = sw.DocIn(l), sw.RefIn(l)
		}
	}
	return cat
}

// failCached writes err with its status, and remembers the answer under
// key when it is a state limit: the same request meets it again, and
// finding it again costs the slot and the memory it is there to bound.
func (s *Server) failCached(w http.ResponseWriter, r *http.Request, key [32]byte, err error) {
	e := toAPIError(err, s.cfg.Timeout)
	if e.Code != "state_limit" {
		s.fail(w, r, err)
		return
	}
	data, _ := encodeJSON(e.bodyIn(requestLang(r))) // an ErrorBody always encodes
	s.remember(key, e.Status, data)
	writeRaw(w, e.Status, data)
}

// fail writes err with its status.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ip *inputPanic
	if errors.As(err, &ip) {
		s.log.Error("panic on input", "method", r.Method, "url", r.URL.String(), "panic", fmt.Sprint(ip.v), "stack", string(ip.stack))
	}
	e := toAPIError(err, s.cfg.Timeout)
	if e.Status == http.StatusUnprocessableEntity && e.Code == "unprocessable" {
		s.log.Warn("engine refused a scenario", "path", r.URL.Path, "err", err)
	}
	writeErrorIn(w, requestLang(r), e)
}

func (s *Server) handleOdds(w http.ResponseWriter, r *http.Request) {
	req, key, ok := s.cachedRequest(w, r, "exact", "fallback")
	if !ok {
		return
	}
	exact, fallback, err := req.exactFlags()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	data, err := s.oddsJSON(r.Context(), req.file, fallback, exact, requestLang(r))
	if err != nil {
		s.failCached(w, r, key, err)
		return
	}
	s.remember(key, http.StatusOK, data)
	writeRaw(w, http.StatusOK, data)
}

// odds builds a scenario and computes its distribution in a slot of the
// lane its size asks for (admission.go).
func (s *Server) odds(ctx context.Context, f *scenario.File, fallback bool) (*odds.Result, error) {
	var res *odds.Result
	err := s.compute(ctx, f, fallback, func(r *odds.Result) error { res = r; return nil })
	return res, err
}

// oddsJSON computes a scenario's odds and encodes them, the encoding in
// the computation's slot and time limit: exact fractions of a large
// distribution take long to add up and print.
func (s *Server) oddsJSON(ctx context.Context, f *scenario.File, fallback, exact bool, l msg.Lang) ([]byte, error) {
	var data []byte
	err := s.compute(ctx, f, fallback, func(r *odds.Result) error {
		var err error
		data, err = encodeJSON(oddsIn(odds.JSON(r, exact), l))
		return err
	})
	return data, err
}

// compute builds f, computes its odds in a slot and hands the result to
// then, in the same slot. It starts in the cheap lane with a small state
// limit and moves to the heavy lane when it outgrows it (admission.go).
func (s *Server) compute(ctx context.Context, f *scenario.File, fallback bool, then func(*odds.Result) error) error {
	u, attacks, err := f.Build()
	if err != nil {
		return err
	}
	return s.run(ctx, func(ctx context.Context, cheap bool) error {
		// One slot is one core: a fallback's Monte Carlo samples on one
		// goroutine (its result is the same on any number).
		cfg := odds.Config{MaxStates: s.cfg.MaxStates, Fallback: fallback, Workers: 1}
		if cheap && (cfg.MaxStates <= 0 || cfg.MaxStates > cheapStates) {
			cfg.MaxStates, cfg.Fallback = cheapStates, false
		}
		res, err := odds.Exact(ctx, u, attacks, cfg)
		if err != nil {
			return err
		}
		return then(res)
	})
}

func (s *Server) handleResolve(w http.ResponseWriter, r *http.Request) {
	req, err := s.decodeRequest(w, r, "dice", "seed", "partial")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	partial, err := req.flag("partial")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if partial {
		s.resolvePartial(w, r, req)
		return
	}
	faces, seed, err := req.diceAndSeed()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var res *resolution
	err = s.run(r.Context(), func(ctx context.Context, _ bool) error {
		var err error
		res, err = s.resolve(ctx, req.file, faces, seed)
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resolveIn(res.json, requestLang(r)))
}

// diceAndSeed reads the dice ("6,3,5" or [6,3,5]) and the seed; with
// neither it draws a seed, which the response reports.
func (req *request) diceAndSeed() ([]int, *uint64, error) {
	var faces []int
	hasDice := false
	if raw, ok := req.params["dice"]; ok {
		hasDice = true
		if err := json.Unmarshal(raw, &faces); err != nil {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, nil, invalid("dice", "web.api.dice_list")
			}
			if faces, err = dice.ParseFaces(s); err != nil {
				return nil, nil, invalid("dice", "web.api.dice", errText{err})
			}
		}
	} else if req.query.Has("dice") {
		hasDice = true
		var err error
		if faces, err = dice.ParseFaces(req.query.Get("dice")); err != nil {
			return nil, nil, invalid("dice", "web.api.dice", errText{err})
		}
	}
	for i, f := range faces {
		if f < 1 {
			return nil, nil, invalid("dice", "web.api.dice_face", i+1, f)
		}
	}
	text, hasSeed, err := req.text("seed")
	if err != nil {
		return nil, nil, err
	}
	switch {
	case hasDice && hasSeed:
		return nil, nil, invalid("seed", "web.api.dice_or_seed")
	case hasDice && len(faces) == 0:
		return nil, nil, invalid("dice", "web.api.dice_empty")
	case hasDice:
		return faces, nil, nil
	case hasSeed:
		n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return nil, nil, invalid("seed", "web.api.seed", strconv.Quote(text), strconv.FormatUint(1<<64-1, 10))
		}
		return nil, &n, nil
	}
	n := drawnSeed()
	return nil, &n, nil
}

// resolution is a referee run with what the page shows beside the JSON.
type resolution struct {
	json   ResolveResult
	result *referee.Result
}

// checkAttacks refuses a resolution of more attacks than the referee rolls
// for in one request (Config.MaxAttacks).
func (s *Server) checkAttacks(attacks []rearrank.Attack) error {
	most := 0
	for _, a := range attacks {
		most += a.Count.Max()
	}
	if most > s.cfg.MaxAttacks {
		return sayError(http.StatusUnprocessableEntity, "too_many_attacks", "", msg.New("web.api.too_many_attacks", s.cfg.MaxAttacks, most))
	}
	return nil
}

// resolve runs the referee with the given faces, or with a seeded roller,
// until ctx ends.
func (s *Server) resolve(ctx context.Context, f *scenario.File, faces []int, seed *uint64) (*resolution, error) {
	u, attacks, err := f.Build()
	if err != nil {
		return nil, err
	}
	if err := s.checkAttacks(attacks); err != nil {
		return nil, err
	}
	rolls := newRolling(faces, seed)
	res, err := referee.Resolve(u, attacks, cancelable(ctx, rolls.Recorder))
	if err != nil {
		return nil, err
	}
	out := &resolution{json: ResolveResult{Resolution: wire.ResolutionOf(res, rolls.Faces()), Seed: seed, DiceLeft: rolls.left()}, result: res}
	return out, nil
}

func (s *Server) handleCompare(w http.ResponseWriter, r *http.Request) {
	req, key, ok := s.cachedRequest(w, r, "rulesets", "sets", "exact", "scenarios", "labels")
	if !ok {
		return
	}
	exact, err := req.flag("exact")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rs, err := req.list("rulesets", true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sets, err := req.list("sets", false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	files, err := req.sources()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	variants, err := compareSources(files, rs, sets)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]CompareEntry, 0, len(variants))
	for _, v := range variants {
		err := s.compute(r.Context(), v.File, false, func(res *odds.Result) error {
			out = append(out, CompareEntry{Variant: v.Label, Notes: v.Notes, Odds: odds.JSON(res, exact), noteMsgs: v.NoteMsgs})
			return nil
		})
		if err != nil {
			e := toAPIError(err, s.cfg.Timeout)
			e.prefix(v.Label + ": ")
			if errors.Is(err, odds.ErrStateLimit) {
				s.failCached(w, r, key, e)
				return
			}
			s.fail(w, r, e)
			return
		}
	}
	data, err := encodeJSON(compareIn(out, requestLang(r)))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.remember(key, http.StatusOK, data)
	writeRaw(w, http.StatusOK, data)
}

// sources returns the scenarios of a comparison: the request's scenario,
// then those of the envelope's "scenarios", labelled by "labels" or
// "variant 1", "variant 2" and so on. A single scenario keeps the label
// "<ruleset> (as written)".
func (req *request) sources() ([]scenario.Source, error) {
	for _, name := range []string{"scenarios", "labels"} {
		if req.query.Has(name) {
			return nil, invalid(name, "web.api.in_envelope", name)
		}
	}
	var raws []json.RawMessage
	if raw, ok := req.params["scenarios"]; ok {
		if err := json.Unmarshal(raw, &raws); err != nil {
			return nil, invalid("scenarios", "web.api.want_scenarios")
		}
	}
	labels, err := req.list("labels", false)
	if err != nil {
		return nil, err
	}
	if len(raws)+1 > scenario.MaxSources {
		return nil, invalid("scenarios", "web.api.too_many_scenarios", len(raws)+1, scenario.MaxSources)
	}
	if len(labels) > len(raws)+1 {
		return nil, invalid("labels", "web.api.labels", len(labels), len(raws)+1)
	}
	files := []*scenario.File{req.file}
	for i, raw := range raws {
		f, err := loadScenario(raw)
		if err != nil {
			return nil, variantError(fmt.Sprintf("scenarios[%d]", i), "", err)
		}
		files = append(files, f)
	}
	out := make([]scenario.Source, len(files))
	for i, f := range files {
		label := fmt.Sprintf("variant %d", i+1)
		if len(files) == 1 {
			label = f.Ruleset.String() + " (as written)"
		}
		if i < len(labels) && strings.TrimSpace(labels[i]) != "" {
			label = strings.TrimSpace(labels[i])
		}
		out[i] = scenario.Source{Label: label, File: f}
	}
	return out, nil
}

// compareSources turns scenarios, rulesets and sets into variants, placing
// a refusal on the request field that asked for it.
func compareSources(files []scenario.Source, rulesets, sets []string) ([]scenario.Variant, error) {
	vs, err := scenario.Variants(files, rulesets, sets)
	var ve *scenario.VariantError
	switch {
	case errors.As(err, &ve):
		e := variantError(ve.Item, ve.What, ve.Err)
		e.Message = fmt.Sprintf("%s %s: %s", ve.Item, ve.What, ve.Reason())
		return nil, e
	case err != nil:
		return nil, badRequest("rulesets", "%v", err)
	}
	return vs, nil
}

// variantError places the scenario's complaint about a variant on the
// request field that asked for it, keeping its line and column.
func variantError(field, what string, err error) *apiError {
	e := toAPIError(err, nil)
	e.prefix(field + " " + what + ": ")
	e.Field = field
	if e.Status != http.StatusRequestEntityTooLarge {
		e.Status, e.Code = http.StatusBadRequest, "invalid"
	}
	return e
}

// RefereeStage is one stage of one attack group in a staged resolution
// (POST /api/resolve with partial=1): the dice of one stage (RULES.md 3:
// every hit die of the group, then every wound die...), its re-rolls
// apart (20.1), and what they did.
type RefereeStage struct {
	Batch  int            `json:"batch"` // attack group, from 1
	Stage  rearrank.Stage `json:"stage"`
	Reroll bool           `json:"reroll,omitempty"`
	Dice   int            `json:"dice"`   // dice rolled
	Passed int            `json:"passed"` // dice that made their target number
	// Need is the target number when every die of the stage had the same.
	Need    string `json:"need,omitempty"`
	Title   string `json:"title"`   // "Attack group 1: to hit"
	Summary string `json:"summary"` // "7 of 10 hit on 4+"
	Result  string `json:"result,omitempty"`
	// Partial marks a stage the dice ran out in: the next stage is the
	// rest of it.
	Partial bool `json:"partial,omitempty"`

	run *referee.StageRun
}

// NextStage is the stage a staged resolution needs dice for next.
type NextStage struct {
	Batch  int            `json:"batch"`
	Stage  rearrank.Stage `json:"stage"`
	Reroll bool           `json:"reroll,omitempty"`
	Sides  int            `json:"sides"` // 6 for D6 dice, 3 for D3
	// Dice is how many dice it needs at least: a die can call for more,
	// such as a re-roll or a D3 of multiple wounds.
	Dice  int    `json:"dice"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// StagedResult is the body of POST /api/resolve with partial=1: the
// resolution as far as the dice go, stage by stage, and what the next
// stage needs (null once every attack group is resolved).
type StagedResult struct {
	ResolveResult
	Stages []RefereeStage `json:"stages"`
	Next   *NextStage     `json:"next"`
	// Pending are the faces past the last complete step: they began a
	// step they could not finish, and count towards the next stage.
	Pending []int `json:"pending,omitempty"`
}

// staged is a resolution as far as its dice go.
type staged struct {
	*resolution
	Stages  []RefereeStage
	Next    *rearrank.DiceNeeded
	Pending []int
	Used    int // faces the complete steps took
}

// resolveStaged runs the referee with the faces so far, or a seed, and
// groups its steps by stage.
func (s *Server) resolveStaged(ctx context.Context, f *scenario.File, faces []int, seed *uint64) (*staged, error) {
	u, attacks, err := f.Build()
	if err != nil {
		return nil, err
	}
	if err := s.checkAttacks(attacks); err != nil {
		return nil, err
	}
	var res *referee.Result
	var need *rearrank.DiceNeeded
	used := 0
	if seed != nil {
		rolls := newRolling(nil, seed)
		if res, err = referee.Resolve(u, attacks, cancelable(ctx, rolls.Recorder)); err != nil {
			return nil, err
		}
		faces = rolls.Faces()
		used = len(faces)
	} else if res, need, used, err = referee.ResolveSoFar(u, attacks, faces); err != nil {
		return nil, err
	}
	out := &staged{resolution: &resolution{json: ResolveResult{Resolution: wire.ResolutionOf(res, faces[:used]), Seed: seed}, result: res},
		Stages: groupStages(res.Events), Next: need, Used: used}
	if need != nil {
		out.Pending = faces[used:]
		if n := len(out.Stages); n > 0 && need.Done > 0 {
			last := &out.Stages[n-1]
			if last.Batch == need.Batch && last.Stage == need.Stage && last.Reroll == need.Reroll {
				last.Partial = true
				last.Summary += " so far"
			}
		}
	} else {
		out.json.DiceLeft = len(faces) - used
	}
	return out, nil
}

// resolvePartial answers POST /api/resolve with partial=1: without dice or
// seed it starts from no dice at all.
func (s *Server) resolvePartial(w http.ResponseWriter, r *http.Request, req *request) {
	var faces []int
	var seed *uint64
	_, hasSeed, err := req.text("seed")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, ok := req.params["dice"]; ok || req.query.Has("dice") || hasSeed {
		if faces, seed, err = req.diceAndSeed(); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	var st *staged
	err = s.run(r.Context(), func(ctx context.Context, _ bool) error {
		var err error
		st, err = s.resolveStaged(ctx, req.file, faces, seed)
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := StagedResult{ResolveResult: st.json, Stages: st.Stages, Pending: st.Pending}
	out.Events = eventsIn(out.Events, requestLang(r))
	if out.Stages == nil {
		out.Stages = []RefereeStage{}
	}
	if st.Next != nil {
		out.Next = nextStage(st.Next)
	}
	writeJSON(w, http.StatusOK, out)
}

// The API's texts in the request's language (?lang=, Accept-Language):
// the events' sentences and the stand-ins' notes; codes, field names and
// numbers stay as they are, and English is the JSON as it always was.

// standInJSON is a stand-in as rules.StandIn writes it, its note in the
// reader's language.
type standInJSON struct {
	Switch  string `json:"switch"`
	Default string `json:"default"`
	Note    string `json:"note"`
}

func standInsIn(in []rules.StandIn, l msg.Lang) []standInJSON {
	if in == nil {
		return nil
	}
	out := make([]standInJSON, len(in))
	for i, s := range in {
		out[i] = standInJSON{s.Switch, s.Default, s.Msg().Text(l)}
	}
	return out
}

// eventsIn is events with their text in l.
func eventsIn(events []rearrank.Event, l msg.Lang) []rearrank.Event {
	if l == msg.English {
		return events
	}
	out := make([]rearrank.Event, len(events))
	for i, ev := range events {
		ev.Text = ev.TextIn(l)
		out[i] = ev
	}
	return out
}

// resolveIn is a resolution's JSON in language l.
func resolveIn(v ResolveResult, l msg.Lang) any {
	if l == msg.English {
		return v
	}
	v.Events = eventsIn(v.Events, l)
	return struct {
		ResolveResult
		StandIns []standInJSON `json:"stand_ins,omitempty"`
	}{v, standInsIn(v.StandIns, l)}
}

// oddsIn is the odds' JSON in language l.
func oddsIn(o odds.ResultJSON, l msg.Lang) any {
	if l == msg.English {
		return o
	}
	return struct {
		odds.ResultJSON
		StandIns []standInJSON `json:"stand_ins,omitempty"`
	}{o, standInsIn(o.StandIns, l)}
}

// compareIn is a comparison's JSON in language l.
func compareIn(entries []CompareEntry, l msg.Lang) any {
	if l == msg.English {
		return entries
	}
	type entry struct {
		Variant string   `json:"variant"`
		Notes   []string `json:"notes,omitempty"`
		Odds    any      `json:"odds"`
	}
	out := make([]entry, len(entries))
	for i, e := range entries {
		notes := e.Notes
		if len(e.noteMsgs) == len(notes) && len(notes) > 0 {
			notes = make([]string, len(e.noteMsgs))
			for j, m := range e.noteMsgs {
				notes[j] = m.Text(l)
			}
		}
		out[i] = entry{e.Variant, notes, oddsIn(e.Odds, l)}
	}
	return out
}
