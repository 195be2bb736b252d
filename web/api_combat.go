package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
)

// POST /api/combat: one round of close combat (RULES.md 21). The body is a
// combat file (docs/combat.md), JSON or YAML; the parameters are in the
// query string, since a combat file has a top-level "combat" field of its
// own and cannot sit in an envelope:
//
//	(nothing)                the exact report, as rearrank combat --json: past
//	                         the state limit, Monte Carlo over
//	                         DefaultCombatRounds rounds, and "fallback" says why
//	?exact=1 [&fallback=1]   the exact report or 422 past the state limit
//	                         (with fallback=1, the Monte Carlo estimate), as
//	                         rearrank combat --exact [--fallback] --json
//	?dice=6,3,... | ?seed=N  one round, as rearrank combat --dice/--seed --json
//	?n=N [&seed=N]           Monte Carlo over n rounds, as rearrank combat
//	                         --n N --json

// CombatRound is the body of POST /api/combat with dice or a seed: the
// round as rearrank combat --json prints it, with the seed when the server
// rolled and the dice left over when the request gave more than it needed.
type CombatRound struct {
	wire.Round
	Seed     *uint64 `json:"seed,omitempty"`
	DiceLeft int     `json:"dice_left,omitempty"`
}

// Monte Carlo rounds of POST /api/combat: the default and the most.
const (
	DefaultCombatRounds = 10_000
	MaxCombatRounds     = 200_000
)

func (s *Server) handleCombat(w http.ResponseWriter, r *http.Request) {
	req, err := s.readRequest(w, r, "exact", "fallback", "dice", "seed", "n")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var c *combat.Combat
	err = s.parsing(r.Context(), len(req.body), func() (err error) {
		c, err = req.combat()
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	exact, fallback, err := req.exactFlags()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	nText, hasN, _ := req.text("n")
	_, hasSeed, _ := req.text("seed")
	hasDice := req.query.Has("dice")
	switch {
	case exact && (hasDice || hasN || (hasSeed && !fallback)):
		s.fail(w, r, invalid("exact", "web.api.exact_dice"))
		return
	case fallback && !exact:
		s.fail(w, r, invalid("fallback", "web.api.fallback_exact"))
		return
	case hasN && hasDice:
		s.fail(w, r, invalid("n", "web.api.n_dice"))
		return
	}
	if !exact && (hasDice || (hasSeed && !hasN)) {
		s.combatRound(w, r, req, c)
		return
	}
	// Without exact=1 or n, the exact odds with the fallback.
	if !exact && !hasN {
		exact, fallback = true, true
	}
	n := DefaultCombatRounds
	if hasN {
		n, err = strconv.Atoi(strings.TrimSpace(nText))
		if err != nil || n < 1 || n > MaxCombatRounds {
			s.fail(w, r, invalid("n", "web.api.n", nText, MaxCombatRounds))
			return
		}
	}
	var seed uint64
	if hasSeed {
		text, _, _ := req.text("seed")
		if seed, err = strconv.ParseUint(strings.TrimSpace(text), 10, 64); err != nil {
			s.fail(w, r, invalid("seed", "web.api.seed", strconv.Quote(text), strconv.FormatUint(1<<64-1, 10)))
			return
		}
	}
	key := cacheKey(r, req.body)
	if v, ok := s.cache.get(key); ok {
		writeCached(w, r, v)
		return
	}
	var data []byte
	err = s.run(r.Context(), func(ctx context.Context, cheap bool) error {
		var rep *combat.Report
		var err error
		if exact {
			rep, err = c.Exact(ctx, s.combatExact(cheap, fallback, seed))
		} else {
			rep, err = c.MonteCarlo(ctx, n, seed)
		}
		if err != nil {
			return err
		}
		data, err = encodeJSON(wire.ReportOf(rep))
		return err
	})
	if errors.Is(err, odds.ErrStateLimit) {
		s.failCached(w, r, key, sayError(http.StatusUnprocessableEntity, "state_limit", "", msg.New("web.api.combat_state_limit", errText{err})))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.remember(key, http.StatusOK, data)
	writeRaw(w, http.StatusOK, data)
}

// combatRound plays one round with the request's dice or seed (a drawn
// seed when it gives neither).
func (s *Server) combatRound(w http.ResponseWriter, r *http.Request, req *request, c *combat.Combat) {
	faces, seed, err := req.diceAndSeed()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var out CombatRound
	err = s.run(r.Context(), func(ctx context.Context, _ bool) error {
		rolls := newRolling(faces, seed)
		round, err := c.Resolve(cancelable(ctx, rolls.Recorder))
		if err != nil {
			return err
		}
		out = CombatRound{Round: wire.RoundOf(round, c, rolls.Faces()), Seed: seed, DiceLeft: rolls.left()}
		for _, st := range out.Steps {
			for _, side := range st.Sides {
				side.Events = eventsIn(side.Events, requestLang(r))
			}
		}
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// combatExact is the exact reader's configuration in a lane: in the cheap
// one a small state limit and no fallback, so that a large combat moves to
// the heavy lane (admission.go) before it samples.
func (s *Server) combatExact(cheap, fallback bool, seed uint64) combat.ExactConfig {
	cfg := combat.ExactConfig{MaxStates: s.cfg.MaxStates, Fallback: fallback, Samples: DefaultCombatRounds, Seed: seed}
	if cheap && (cfg.MaxStates <= 0 || cfg.MaxStates > cheapStates) {
		cfg.MaxStates, cfg.Fallback = cheapStates, false
	}
	return cfg
}

// combat loads the request body as a combat file; a body sent as
// application/json must be JSON. A panic of the loader is an *inputPanic
// (a 400, logged with its stack), as for scenarios.
func (req *request) combat() (c *combat.Combat, err error) {
	if req.format == formatJSON {
		if err := strictJSON(req.body); err != nil {
			return nil, err
		}
	}
	defer func() {
		if v := recover(); v != nil {
			c, err = nil, &inputPanic{panicError{v: v, stack: stack()}}
		}
	}()
	return combat.Load("request", req.body)
}
