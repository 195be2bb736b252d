package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// Battles over HTTP (issue 28; docs/battle.md, "The HTTP API"). A battle
// is read as it stands (GET /api/battles/{id}) with its version, which the
// response's ETag carries too; every write names the version it was made
// for, as If-Match: "7" or a "version" field, and is refused with 409
// stale, nothing appended, when the battle has changed since. A write
// without a version is made on the battle as it then stands, except an
// attack or a combat with dice rolled at the table: those dice belong to
// the battle as it stood when they were rolled, so they need the version
// (428 version_required). The store (Config.Battles) keeps the log; every
// request opens the battle's state from it, so several servers may share
// one database.

// snapshotEvery is how often, in records, a write keeps a snapshot of the
// state, so that opening a battle replays at most that many records.
const snapshotEvery = 32

// appendTries is how many times a write without a version is made again
// on the battle as it then stands when another write came first.
const appendTries = 5

// BattleView is a battle as it stands: the body of GET /api/battles/{id}.
type BattleView struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Version int64     `json:"version"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Turn    int       `json:"turn"`
	// Phase is the phase's code (deployment, movement, magic, shooting,
	// combat); PhaseName says it in the request's language.
	Phase     battle.Phase `json:"phase"`
	PhaseName string       `json:"phase_name"`
	CanUndo   bool         `json:"can_undo"`
	CanRedo   bool         `json:"can_redo"`
	Units     []BattleUnit `json:"units"`
}

// BattleUnit is one of a battle's units as it stands.
type BattleUnit struct {
	Name    string            `json:"name"`
	Ruleset string            `json:"ruleset"`
	Options map[string]string `json:"options,omitempty"`
	// Target is the unit's scenario target as added, or as a correction
	// last set it.
	Target json.RawMessage `json:"target"`
	// Starting is its size when it took the field, for panic and break
	// tests; Size the models left.
	Starting  int  `json:"starting"`
	Size      int  `json:"size"`
	Destroyed bool `json:"destroyed"`
	// Formation is the unit rank by rank with its carried damage.
	Formation unit.Snapshot `json:"formation"`
}

// LogEntry is one line of a battle's log.
type LogEntry struct {
	Seq   int64        `json:"seq"`
	Kind  string       `json:"kind"`
	Turn  int          `json:"turn"`
	Phase battle.Phase `json:"phase"`
	// Text says what happened, in the request's language.
	Text   string `json:"text"`
	Undone bool   `json:"undone,omitempty"`
}

// BattleLog is the body of GET /api/battles/{id}/log.
type BattleLog struct {
	ID      string     `json:"id"`
	Version int64      `json:"version"`
	Entries []LogEntry `json:"entries"`
}

// BattleChange is the answer to a write: the record appended, the battle
// after it and, for an attack or a combat, what the dice did.
type BattleChange struct {
	Record LogEntry   `json:"record"`
	Battle BattleView `json:"battle"`
	// Dice are the faces the event used, in order; Seed the seed the
	// server rolled them with, when the request gave no dice.
	Dice []int   `json:"dice,omitempty"`
	Seed *uint64 `json:"seed,omitempty"`
	// Resolution is an attack's resolution, as POST /api/resolve writes
	// it.
	Resolution any `json:"resolution,omitempty"`
	// Combat is a combat round's result, side a then side b.
	Combat *battle.CombatResult `json:"combat,omitempty"`
}

// StaleError is the body of a 409 stale: the error, and the battle's
// version now, which the ETag header carries too.
type StaleError struct {
	ErrorBody
	Version int64 `json:"version"`
}

// battleRuntime is what the server keeps of its battles beside the store:
// the latest states and the open change feeds.
type battleRuntime struct {
	states  *stateCache
	streams *streams
}

func newBattleRuntime(maxStreams int) battleRuntime {
	return battleRuntime{states: &stateCache{m: map[string]battle.State{}}, streams: newStreams(maxStreams)}
}

// cachedStates is how many battles' latest states the server keeps.
const cachedStates = 256

// stateCache keeps the latest state the server saw of each battle, so
// that a write or a read does not replay the log: a state is a value,
// shared as it is. It is a cache of the store, which stays the truth: a
// state is used only at the version the store has (the append checks it
// too), so other writers sharing the database are seen.
type stateCache struct {
	mu sync.Mutex
	m  map[string]battle.State
}

func (c *stateCache) get(id string) (battle.State, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.m[id]
	return st, ok
}

func (c *stateCache) put(id string, st battle.State) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[id]; !ok && len(c.m) >= cachedStates {
		for k := range c.m { // any one: the battles in play come back at once
			delete(c.m, k)
			break
		}
	}
	c.m[id] = st
}

func (c *stateCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// battleState is battle id's state at version, the store's version the
// request read (-1: unknown, open it from the store).
func (s *Server) battleState(ctx context.Context, st battle.Store, id string, version int64) (battle.State, error) {
	if c, ok := s.battles.states.get(id); ok && c.Seq == version {
		return c, nil
	}
	state, err := battle.Open(ctx, st, id)
	if err == nil {
		s.battles.states.put(id, state)
	}
	return state, err
}

// battleRequests are the fields of each battle request's body, by the
// name of its schema in the OpenAPI document (whose test holds them equal).
var battleRequests = map[string][]string{
	"BattleCreate":      {"name"},
	"VersionOnly":       {"version"},
	"UnitAdd":           {"name", "ruleset", "options", "target", "version"},
	"AttackRequest":     {"target", "attacks", "dice", "seed", "version"},
	"CombatRequest":     {"a", "b", "fight", "dice", "seed", "version"},
	"CorrectionRequest": {"unit", "action", "aim", "count", "target", "version"},
	"AdvanceRequest":    {"turn", "phase", "version"},
	"BattleOddsRequest": {"target", "attacks", "exact", "fallback"},
	"CombatOddsRequest": {"a", "b", "fight", "exact", "fallback"},
	"BattleRename":      {"name", "version"},
}

// battleStore is the store, or the 404 that says the server keeps no
// battles.
func (s *Server) battleStore() (battle.Store, error) {
	if s.cfg.Battles == nil {
		return nil, sayError(http.StatusNotFound, "no_battles", "", msg.New("battleapi.error.off"))
	}
	return s.cfg.Battles, nil
}

// battleMeta finds the battle the path's {id} names (its id, or its name).
func (s *Server) battleMeta(r *http.Request) (battle.Store, battle.Meta, error) {
	st, err := s.battleStore()
	if err != nil {
		return nil, battle.Meta{}, err
	}
	m, err := st.Get(r.Context(), r.PathValue("id"))
	return st, m, err
}

// battleFail writes a battle request's error with its status.
func (s *Server) battleFail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		writeErrorIn(w, requestLang(r), ae)
		return
	}
	say := func(status int, code, field string) {
		writeErrorIn(w, requestLang(r), &apiError{Status: status, Code: code, Field: field,
			Message: msg.ErrorText(err, msg.English), Words: errText{err}})
	}
	switch {
	case errors.Is(err, battle.ErrNotFound):
		say(http.StatusNotFound, "not_found", "")
	case errors.Is(err, battle.ErrUnknownUnit):
		say(http.StatusNotFound, "unknown_unit", "")
	case errors.Is(err, battle.ErrExists):
		say(http.StatusConflict, "exists", "name")
	case errors.Is(err, battle.ErrBadName):
		say(http.StatusBadRequest, "invalid", "name")
	case errors.Is(err, battle.ErrExport):
		say(http.StatusBadRequest, "invalid", "")
	case errors.Is(err, dice.ErrOutOfDice), errors.Is(err, dice.ErrBadFace):
		say(http.StatusBadRequest, "invalid", "dice")
	case errors.Is(err, battle.ErrInvalid), errors.Is(err, battle.ErrHistory):
		say(http.StatusUnprocessableEntity, "invalid_event", "")
	case errors.Is(err, battle.ErrStorage):
		s.log.Error("battle store failed", "path", r.URL.Path, "err", err)
		say(http.StatusServiceUnavailable, "storage", "")
	default:
		s.fail(w, r, err)
	}
}

// writeStale answers 409: the battle is at version now, not at the
// version the request was made for.
func writeStale(w http.ResponseWriter, r *http.Request, given, now int64) {
	e := sayError(http.StatusConflict, "stale", "version", msg.New("battleapi.error.stale", int(given), int(now)))
	w.Header().Set("ETag", etag(now))
	writeJSON(w, e.Status, StaleError{ErrorBody: e.bodyIn(requestLang(r)), Version: now})
}

// etag is a battle's version as an ETag.
func etag(v int64) string { return `"` + strconv.FormatInt(v, 10) + `"` }

// requestVersion reads the version a write was made for: If-Match or the
// body's "version", which must agree when both are given.
func requestVersion(r *http.Request, b *battleBody) (int64, bool, error) {
	var hv int64 = -1
	if h := strings.TrimSpace(r.Header.Get("If-Match")); h != "" {
		t := strings.TrimPrefix(h, "W/")
		t = strings.TrimSuffix(strings.TrimPrefix(t, `"`), `"`)
		v, err := strconv.ParseInt(t, 10, 64)
		if err != nil || v < 0 {
			return 0, false, sayError(http.StatusBadRequest, "invalid", "If-Match", msg.New("battleapi.error.if_match", h))
		}
		hv = v
	}
	bv, has, err := b.integer("version")
	if err != nil {
		return 0, false, err
	}
	if has && bv < 0 {
		return 0, false, b.at(b.fields["version"], invalid("version", "battleapi.error.version", strconv.FormatInt(bv, 10)))
	}
	switch {
	case has && hv >= 0 && hv != bv:
		return 0, false, invalid("version", "battleapi.error.version_differs", int(hv), int(bv))
	case has:
		return bv, true, nil
	case hv >= 0:
		return hv, true, nil
	}
	return 0, false, nil
}

// viewOf is battle m as state st stands, in language l.
func viewOf(m battle.Meta, st battle.State, l msg.Lang) BattleView {
	v := BattleView{ID: m.ID, Name: m.Name, Version: st.Seq, Created: m.Created, Updated: m.Updated,
		Turn: st.Turn, Phase: st.Phase, PhaseName: st.Phase.Msg().Text(l),
		CanUndo: st.CanUndo() > 0, CanRedo: st.CanRedo() > 0, Units: []BattleUnit{}}
	for _, u := range st.Units() {
		v.Units = append(v.Units, BattleUnit{Name: u.Name, Ruleset: u.Ruleset, Options: u.Options, Target: u.Target,
			Starting: u.Starting, Size: u.Unit.Size(), Destroyed: u.Destroyed(), Formation: u.Unit.Snapshot()})
	}
	return v
}

// entryOf is record rec, the next after st, as a log line in language l.
func entryOf(st battle.State, rec battle.Record, l msg.Lang) (LogEntry, error) {
	m, err := battle.Summary(st, rec)
	if err != nil {
		return LogEntry{}, err
	}
	return LogEntry{Seq: rec.Seq, Kind: rec.Kind, Turn: st.Turn, Phase: st.Phase, Text: m.Text(l)}, nil
}

// writeBattle answers a battle as it stands.
func writeBattle(w http.ResponseWriter, r *http.Request, status int, m battle.Meta, st battle.State) {
	w.Header().Set("ETag", etag(st.Seq))
	writeJSON(w, status, viewOf(m, st, requestLang(r)))
}

func (s *Server) handleBattles(w http.ResponseWriter, r *http.Request) {
	st, err := s.battleStore()
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if r.Method != http.MethodPost {
		if _, err := s.readBattleBody(w, r, nil); err != nil {
			s.battleFail(w, r, err)
			return
		}
		list, err := st.List(r.Context())
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		if list == nil {
			list = []battle.Meta{}
		}
		writeJSON(w, http.StatusOK, list)
		return
	}
	b, err := s.readBattleBody(w, r, nil, battleRequests["BattleCreate"]...)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	name, err := b.str("name", true)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	m, err := st.Create(r.Context(), name)
	if err != nil {
		if f, ok := b.fields["name"]; ok && errors.Is(err, battle.ErrBadName) {
			e := &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: "name", Message: msg.ErrorText(err, msg.English), Words: errText{err}}
			err = b.at(f, e)
		}
		s.battleFail(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/battles/"+m.ID)
	writeBattle(w, r, http.StatusCreated, m, battle.State{})
}

func (s *Server) handleBattle(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if r.Method == http.MethodDelete {
		b, err := s.readBattleBody(w, r, nil, battleRequests["VersionOnly"]...)
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		v, err := versionOr(r, b, m)
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		s.battles.states.drop(m.ID)
		if err := st.Delete(r.Context(), m.ID, v); err != nil {
			s.metaFail(w, r, st, m.ID, v, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method == http.MethodPatch {
		s.renameBattle(w, r, st, m)
		return
	}
	if _, err := s.readBattleBody(w, r, nil); err != nil {
		s.battleFail(w, r, err)
		return
	}
	state, err := s.battleState(r.Context(), st, m.ID, m.Version)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	m.Version = state.Seq
	writeBattle(w, r, http.StatusOK, m, state)
}

// renameBattle is PATCH /api/battles/{id} {"name"}: the battle named
// anew, at the version read (If-Match or "version"; without one, as it
// stands); no event is written, and the version stays. It answers the
// battle as GET does.
func (s *Server) renameBattle(w http.ResponseWriter, r *http.Request, st battle.Store, m battle.Meta) {
	b, err := s.readBattleBody(w, r, nil, battleRequests["BattleRename"]...)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	name, err := b.str("name", true)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	v, err := versionOr(r, b, m)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	renamed, err := st.Rename(r.Context(), m.ID, v, name)
	if errors.Is(err, battle.ErrBadName) || errors.Is(err, battle.ErrExists) {
		err = placed(b, "name", err)
	}
	if err != nil {
		s.metaFail(w, r, st, m.ID, v, err)
		return
	}
	state, err := s.battleState(r.Context(), st, renamed.ID, renamed.Version)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	writeBattle(w, r, http.StatusOK, renamed, state)
}

// versionOr is the version a request on battle m was made for (If-Match
// or "version"), or the battle's own without one.
func versionOr(r *http.Request, b *battleBody, m battle.Meta) (int64, error) {
	v, has, err := requestVersion(r, b)
	if !has {
		v = m.Version
	}
	return v, err
}

// metaFail answers a refusal of a change to battle id's name or life at
// version v: 409 with the version now when it is stale, else as battleFail.
func (s *Server) metaFail(w http.ResponseWriter, r *http.Request, st battle.Store, id string, v int64, err error) {
	if errors.Is(err, battle.ErrStale) {
		if now, gerr := st.Get(r.Context(), id); gerr == nil {
			writeStale(w, r, v, now.Version)
			return
		}
	}
	s.battleFail(w, r, err)
}

// placed is err, a refusal of the store about field, as the request's
// error placed at the field in the body: 400 for a bad name, 409 for one
// taken.
func placed(b *battleBody, field string, err error) error {
	status, code := http.StatusBadRequest, "invalid"
	if errors.Is(err, battle.ErrExists) {
		status, code = http.StatusConflict, "exists"
	}
	e := &apiError{Status: status, Code: code, Field: field, Message: msg.ErrorText(err, msg.English), Words: errText{err}}
	if f, ok := b.fields[field]; ok {
		b.at(f, e)
	}
	return e
}

// event is what a write appends, built on the battle as it stands; done,
// when set, adds what the event did to the answer.
type event struct {
	rec  battle.Record
	done func(*BattleChange)
	// after is the state after rec where the build has it already (an
	// attack applies its record to check it), so that it is not applied
	// again; nil otherwise.
	after *battle.State
}

// appendEvent makes the write build describes on battle m and appends it:
// at version (409 stale when the battle is elsewhere), or, without one,
// on the battle as it stands, again on the new state when another write
// came first. It answers the change.
func (s *Server) appendEvent(w http.ResponseWriter, r *http.Request, st battle.Store, m battle.Meta, version int64, hasVersion bool,
	build func(ctx context.Context, s battle.State) (event, error)) {
	ctx := r.Context()
	known := m.Version
	for try := 1; ; try++ {
		state, err := s.battleState(ctx, st, m.ID, known)
		known = -1 // a try again opens the battle as the store has it
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		if hasVersion && state.Seq != version {
			writeStale(w, r, version, state.Seq)
			return
		}
		ev, err := build(ctx, state)
		if errors.Is(err, battle.ErrHistory) {
			if state, err = battle.OpenFull(ctx, st, m.ID); err == nil {
				s.battles.states.put(m.ID, state) // with the history the next undo needs too
				ev, err = build(ctx, state)
			}
		}
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		meta, err := st.Append(ctx, m.ID, state.Seq, ev.rec)
		if errors.Is(err, battle.ErrStale) {
			s.battles.states.drop(m.ID)
			if hasVersion {
				now, gerr := st.Get(ctx, m.ID)
				if gerr != nil {
					s.battleFail(w, r, gerr)
					return
				}
				writeStale(w, r, version, now.Version)
				return
			}
			if try < appendTries {
				continue
			}
			now, gerr := st.Get(ctx, m.ID)
			if gerr != nil {
				s.battleFail(w, r, gerr)
				return
			}
			e := sayError(http.StatusConflict, "stale", "", msg.New("battleapi.error.busy_writes", appendTries))
			w.Header().Set("ETag", etag(now.Version))
			writeJSON(w, e.Status, StaleError{ErrorBody: e.bodyIn(requestLang(r)), Version: now.Version})
			return
		}
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		ev.rec.Seq = meta.Version
		var after battle.State
		if ev.after != nil && ev.after.Seq == meta.Version {
			after = *ev.after
		} else if after, err = battle.Apply(state, ev.rec); err != nil {
			s.battleFail(w, r, err) // appended, yet it does not fit: the next open says so too
			return
		}
		s.battles.states.put(m.ID, after)
		if after.Seq%snapshotEvery == 0 {
			if err := st.SaveSnapshot(ctx, m.ID, after.Seq, battle.EncodeSnapshot(after)); err != nil {
				s.log.Warn("battle snapshot not kept", "battle", m.ID, "seq", after.Seq, "err", err)
			}
		}
		l := requestLang(r)
		entry, err := entryOf(state, ev.rec, l)
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		ch := BattleChange{Record: entry, Battle: viewOf(meta, after, l)}
		if ev.done != nil {
			ev.done(&ch)
		}
		w.Header().Set("ETag", etag(after.Seq))
		writeJSON(w, http.StatusOK, ch)
		return
	}
}

// battleWrite reads a write's body (its fields, "version" among them) and version,
// then appends what build makes of them. needVersion, asked once the body
// is read, refuses a write without a version (dice rolled at the table).
func (s *Server) battleWrite(w http.ResponseWriter, r *http.Request, query, fields []string,
	needVersion func(*battleBody) bool,
	build func(ctx context.Context, b *battleBody, s battle.State) (event, error)) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	b, err := s.readBattleBody(w, r, query, fields...)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	v, has, err := requestVersion(r, b)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if !has && needVersion != nil && needVersion(b) {
		writeErrorIn(w, requestLang(r), sayError(http.StatusPreconditionRequired, "version_required", "version", msg.New("battleapi.error.version_required")))
		return
	}
	s.appendEvent(w, r, st, m, v, has, func(ctx context.Context, state battle.State) (event, error) {
		return build(ctx, b, state)
	})
}

// unitOf is the battle's unit the body's field names, its error placed
// there.
func unitOf(b *battleBody, field, name string, st battle.State) (*battle.Unit, error) {
	u, err := st.Unit(name)
	if err != nil {
		e := &apiError{Status: http.StatusNotFound, Code: "unknown_unit", Field: field, Message: msg.ErrorText(err, msg.English), Words: errText{err}}
		if f, ok := b.fields[field]; ok {
			b.at(f, e)
		}
		return nil, e
	}
	return u, nil
}

func (s *Server) handleBattleUnits(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["UnitAdd"], nil,
		func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
			name, err := b.str("name", true)
			if err != nil {
				return event{}, err
			}
			if _, err := b.str("ruleset", true); err != nil {
				return event{}, err
			}
			target, _, err := b.object("target", true)
			if err != nil {
				return event{}, err
			}
			members := []member{fromBody("ruleset", b.fields["ruleset"])}
			if opts, ok, err := b.object("options", false); err != nil {
				return event{}, err
			} else if ok {
				members = append(members, fromBody("options", opts))
			}
			members = append(members, fromBody("target", target), ours("attacks", []byte(placeholderAttacks)))
			f, err := loadComposed(b.data, members...)
			if err != nil {
				return event{}, err
			}
			rec, err := battle.Add(st, name, f)
			if err != nil {
				return event{}, err
			}
			return event{rec: rec}, nil
		})
}

// placeholderAttacks are the attacks of the scenario file a unit is
// loaded from: the loader wants one, and battle.Add reads the target
// only. Every ruleset reads them (TestBattleUnitsOfEveryRuleset).
const placeholderAttacks = `[{"count": 1, "strength": 1}]`

// unitAttacks loads the body's attacks field as a scenario's attacks
// against the battle's unit u, under its ruleset and switches.
func unitAttacks(b *battleBody, u *battle.Unit) (*scenario.File, error) {
	attacks, err := b.list("attacks")
	if err != nil {
		return nil, err
	}
	return loadComposed(b.data, ours("ruleset", quoted(u.Ruleset)), ours("options", optionsJSON(u.Options)),
		ours("target", u.Target), fromBody("attacks", attacks))
}

// clientDice reports whether a write's dice were rolled at the table.
func clientDice(b *battleBody) bool { return b.has("dice") }

// roller is a write's dice: the faces given, or a seeded roller that
// stops when ctx ends. The faces need no stop: there are only so many,
// and the scripted roller itself says, in the reader's language, when
// they run out.
func roller(ctx context.Context, faces []int, seed *uint64) (dice.Roller, *dice.Scripted) {
	if seed != nil {
		return cancelable(ctx, dice.NewSeeded(*seed)), nil
	}
	sc := dice.NewScripted(faces...)
	return sc, sc
}

// runOnce is Server.run for a computation that keeps its result through
// keep: run may start it again in the heavy lane while the cheap lane's
// run has not yet returned, and only the first result is kept.
func (s *Server) runOnce(ctx context.Context, fn func(ctx context.Context, keep func(func())) error) error {
	var mu sync.Mutex
	kept := false
	keep := func(set func()) {
		mu.Lock()
		defer mu.Unlock()
		if !kept {
			set()
			kept = true
		}
	}
	err := s.run(ctx, func(ctx context.Context, _ bool) error { return fn(ctx, keep) })
	mu.Lock() // the results were set under mu
	defer mu.Unlock()
	return err
}

// diceLeft refuses faces given beyond what the event used.
func diceLeft(b *battleBody, sc *dice.Scripted, given int) error {
	if sc == nil || sc.Remaining() == 0 {
		return nil
	}
	left := sc.Remaining()
	e := invalid("dice", "battleapi.error.dice_left", given, left, given-left)
	if f, ok := b.fields["dice"]; ok {
		b.at(f, e)
	}
	return e
}

func (s *Server) handleBattleAttacks(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["AttackRequest"], clientDice,
		func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
			name, err := b.str("target", true)
			if err != nil {
				return event{}, err
			}
			u, err := unitOf(b, "target", name, st)
			if err != nil {
				return event{}, err
			}
			f, err := unitAttacks(b, u)
			if err != nil {
				return event{}, err
			}
			_, built, err := f.Build()
			if err != nil {
				return event{}, err
			}
			if err := s.checkAttacks(built); err != nil {
				return event{}, err
			}
			faces, seed, err := b.diceAndSeed()
			if err != nil {
				return event{}, err
			}
			var rec battle.Record
			var after battle.State
			var res *referee.Result
			var sc *dice.Scripted
			err = s.runOnce(ctx, func(ctx context.Context, keep func(func())) error {
				rl, sc1 := roller(ctx, faces, seed)
				rec1, after1, res1, err := battle.AttackState(st, name, f.Attacks, rl, nil)
				if err == nil {
					keep(func() { rec, after, res, sc = rec1, after1, res1, sc1 })
				}
				return err
			})
			if err != nil {
				return event{}, err
			}
			if err := diceLeft(b, sc, len(faces)); err != nil {
				return event{}, err
			}
			var a battle.Attacked
			if err := json.Unmarshal(rec.Data, &a); err != nil {
				return event{}, err
			}
			l := requestLang(r)
			return event{rec: rec, after: &after, done: func(c *BattleChange) {
				c.Dice, c.Seed = a.Faces, seed
				c.Resolution = resolveIn(ResolveResult{Resolution: wire.ResolutionOf(res, a.Faces), Seed: seed}, l)
			}}, nil
		})
}

func (s *Server) handleBattleCombat(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["CombatRequest"], clientDice,
		func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
			names, err := sidesOf(b, st)
			if err != nil {
				return event{}, err
			}
			fight := json.RawMessage(`{}`)
			f, ok, err := b.object("fight", false)
			if err != nil {
				return event{}, err
			} else if ok {
				fight = f.raw
			}
			faces, seed, err := b.diceAndSeed()
			if err != nil {
				return event{}, err
			}
			var rec battle.Record
			var sc *dice.Scripted
			err = s.runOnce(ctx, func(ctx context.Context, keep func(func())) error {
				rl, sc1 := roller(ctx, faces, seed)
				rec1, _, err := battle.Combat(st, names[0], names[1], fight, rl)
				if err == nil {
					keep(func() { rec, sc = rec1, sc1 })
				}
				return err
			})
			if err != nil {
				return event{}, fightError(b, f, err)
			}
			if err := diceLeft(b, sc, len(faces)); err != nil {
				return event{}, err
			}
			var fo battle.Fought
			if err := json.Unmarshal(rec.Data, &fo); err != nil {
				return event{}, err
			}
			return event{rec: rec, done: func(c *BattleChange) {
				c.Dice, c.Seed, c.Combat = fo.Faces, seed, &fo.Result
			}}, nil
		})
}

// sidesOf reads a round's units, a and b, each the battle's.
func sidesOf(b *battleBody, st battle.State) ([2]string, error) {
	var names [2]string
	for i, side := range []string{"a", "b"} {
		n, err := b.str(side, true)
		if err != nil {
			return names, err
		}
		if _, err := unitOf(b, side, n, st); err != nil {
			return names, err
		}
		names[i] = n
	}
	return names, nil
}

// fightError is a combat's refusal as the request's error: a field of the
// fight that is wrong (a Strength of 11, a leadership of 70) is bad input,
// 400 naming fight.<its path> and, where the body has it, its line and
// column, as an attack's field is; anything else (a unit that cannot
// fight) stays the battle's refusal of the event.
func fightError(b *battleBody, f bodyField, err error) error {
	var se *scenario.Error
	if !errors.As(err, &se) || se.Field == "" || strings.HasPrefix(se.Field, "sides.a.unit") || strings.HasPrefix(se.Field, "sides.b.unit") {
		return err // a side's unit is the battle's, not the request's
	}
	e := *se
	e.Field, e.Line, e.Column = "fight."+se.Field, 0, 0
	if off, ok := valueAt(f.raw, se.Field); ok {
		e.Line, e.Column = position(b.data, f.start+off+1)
	}
	return scenarioError(&e)
}

func (s *Server) handleBattleCorrections(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["CorrectionRequest"], nil,
		func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
			var c battle.Corrected
			var err error
			if c.Unit, err = b.str("unit", true); err != nil {
				return event{}, err
			}
			if _, err := unitOf(b, "unit", c.Unit, st); err != nil {
				return event{}, err
			}
			if c.Action, err = b.str("action", true); err != nil {
				return event{}, err
			}
			if c.Aim, err = b.str("aim", false); err != nil {
				return event{}, err
			}
			n, _, err := b.integer("count")
			if err != nil {
				return event{}, err
			}
			c.Count = int(n)
			if f, ok, err := b.object("target", false); err != nil {
				return event{}, err
			} else if ok {
				c.Target = f.raw
			}
			rec, err := battle.Correct(st, c)
			return event{rec: rec}, err
		})
}

func (s *Server) handleBattleAdvance(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["AdvanceRequest"], nil,
		func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
			turn, hasTurn, err := b.integer("turn")
			if err != nil {
				return event{}, err
			}
			ph, err := b.str("phase", false)
			if err != nil {
				return event{}, err
			}
			if hasTurn != b.has("phase") {
				return event{}, invalid("phase", "battleapi.error.turn_phase")
			}
			if !hasTurn {
				rec, err := battle.Advance(st)
				return event{rec: rec}, err
			}
			p, err := battle.ParsePhase(ph)
			if err != nil {
				return event{}, b.at(b.fields["phase"], invalid("phase", "battleapi.error.phase", strconv.Quote(ph)))
			}
			rec, err := battle.AdvanceTo(st, int(turn), p)
			return event{rec: rec}, err
		})
}

func (s *Server) handleBattleUndo(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["VersionOnly"], nil, func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
		rec, err := battle.Undo(st)
		return event{rec: rec}, err
	})
}

func (s *Server) handleBattleRedo(w http.ResponseWriter, r *http.Request) {
	s.battleWrite(w, r, nil, battleRequests["VersionOnly"], nil, func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
		rec, err := battle.Redo(st)
		return event{rec: rec}, err
	})
}

func (s *Server) handleBattleUnit(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	s.battleWrite(w, r, nil, battleRequests["VersionOnly"], nil, func(ctx context.Context, b *battleBody, st battle.State) (event, error) {
		if _, err := st.Unit(name); err != nil {
			return event{}, err
		}
		rec, err := battle.Remove(st, name)
		return event{rec: rec}, err
	})
}

func (s *Server) handleBattleLog(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if _, err := s.readBattleBody(w, r, nil); err != nil {
		s.battleFail(w, r, err)
		return
	}
	recs, err := st.Records(r.Context(), m.ID, 0, 0)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	entries, err := battle.Log(recs)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	l := requestLang(r)
	out := BattleLog{ID: m.ID, Version: int64(len(recs)), Entries: make([]LogEntry, len(entries))}
	for i, e := range entries {
		out.Entries[i] = LogEntry{Seq: e.Seq, Kind: e.Kind, Turn: e.Turn, Phase: e.Phase, Text: e.Text.Text(l), Undone: e.Undone}
	}
	w.Header().Set("ETag", etag(out.Version))
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleBattleExport(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if _, err := s.readBattleBody(w, r, nil); err != nil {
		s.battleFail(w, r, err)
		return
	}
	recs, err := st.Records(r.Context(), m.ID, 0, 0)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := battle.Export(&buf, m.Name, recs); err != nil {
		s.battleFail(w, r, err)
		return
	}
	w.Header().Set("ETag", etag(int64(len(recs))))
	w.Header().Set("Content-Disposition", `attachment; filename="battle-`+m.ID+`.json"`)
	writeRaw(w, http.StatusOK, buf.Bytes())
}

func (s *Server) handleBattleImport(w http.ResponseWriter, r *http.Request) {
	st, err := s.battleStore()
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if _, err := mediaFormat(r); err != nil {
		s.battleFail(w, r, err)
		return
	}
	q := r.URL.Query()
	for k := range q {
		if k != "name" && k != "lang" {
			s.battleFail(w, r, invalid(k, "web.api.unknown_param", strconv.Quote(k), listOr([]string{"name"})))
			return
		}
	}
	data, err := readBody(w, r, s.bodyLimit(r))
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if len(bytes.TrimSpace(data)) == 0 {
		s.battleFail(w, r, invalid("", "battleapi.error.required", "records"))
		return
	}
	name, rename := "", q.Has("name")
	if rename {
		name = q.Get("name")
	}
	m, state, err := s.importBattle(r.Context(), st, "request", data, name, rename, false)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/battles/"+m.ID)
	writeBattle(w, r, http.StatusCreated, m, state)
}

// importBattle makes a new battle of an export file (data, named file in
// errors; fromPage: sent by the list page's form), named as the
// file says or name when rename is set, checked by replaying it first;
// nothing is kept of a file that does not replay or a battle whose log
// could not be written.
func (s *Server) importBattle(ctx context.Context, st battle.Store, file string, data []byte, name string, rename, fromPage bool) (battle.Meta, battle.State, error) {
	// An export file may be as large as the format allows (16 MiB, 20,000
	// records): reading and replaying a large one waits for a parser, as
	// a large list file does.
	var ef *battle.ExportFile
	var state battle.State
	err := s.parsing(ctx, len(data), func() error {
		// The API's bodies are strict JSON first, with the line and
		// column as fields; a file from the page is the export's reader's
		// first, which says the file, the line and the column in the
		// player's words.
		if !fromPage {
			if err := strictJSON(data); err != nil {
				return err
			}
		}
		var err error
		if ef, state, err = battle.ReadExport(file, bytes.NewReader(data)); err != nil || !fromPage {
			return err
		}
		return strictJSON(data)
	})
	if err != nil {
		return battle.Meta{}, state, err
	}
	if !rename {
		name = ef.Name
	}
	m, err := st.Create(ctx, name)
	if err != nil {
		return battle.Meta{}, state, err
	}
	if len(ef.Records) > 0 {
		meta, err := st.Append(ctx, m.ID, 0, ef.Records...)
		if err != nil {
			if derr := st.Delete(context.WithoutCancel(ctx), m.ID, 0); derr != nil {
				s.log.Error("battle import left an empty battle", "battle", m.ID, "err", derr)
			}
			return battle.Meta{}, state, err
		}
		m = meta
		if err := st.SaveSnapshot(ctx, m.ID, state.Seq, battle.EncodeSnapshot(state)); err != nil {
			s.log.Warn("battle snapshot not kept", "battle", m.ID, "seq", state.Seq, "err", err)
		}
	}
	return m, state, nil
}

func (s *Server) handleBattleOdds(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	b, err := s.readBattleBody(w, r, []string{"target"}, battleRequests["BattleOddsRequest"]...)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	name, err := b.str("target", false)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if q := r.URL.Query(); q.Has("target") {
		if b.has("target") && q.Get("target") != name {
			s.battleFail(w, r, invalid("target", "battleapi.error.target_twice", q.Get("target"), name))
			return
		}
		name = q.Get("target")
	}
	if name == "" {
		s.battleFail(w, r, invalid("target", "battleapi.error.required", "target"))
		return
	}
	exact, err := b.boolean("exact")
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	fallback, err := b.boolean("fallback")
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	state, err := s.battleState(r.Context(), st, m.ID, m.Version)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	u, err := unitOf(b, "target", name, state)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	f, err := unitAttacks(b, u)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	_, attacks, err := f.Build()
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	ou, err := battle.OddsUnit(state, name)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	l := requestLang(r)
	var data []byte
	// The odds endpoint's computation (Server.compute), from the unit as
	// it stands rather than from a scenario's target.
	err = s.run(r.Context(), func(ctx context.Context, cheap bool) error {
		cfg := odds.Config{MaxStates: s.cfg.MaxStates, Fallback: fallback, Workers: 1}
		if cheap && (cfg.MaxStates <= 0 || cfg.MaxStates > cheapStates) {
			cfg.MaxStates, cfg.Fallback = cheapStates, false
		}
		res, err := odds.Exact(ctx, ou.Clone(), attacks, cfg)
		if err != nil {
			return err
		}
		data, err = encodeJSON(oddsIn(odds.JSON(res, exact), l))
		return err
	})
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	w.Header().Set("ETag", etag(state.Seq))
	writeRaw(w, http.StatusOK, data)
}

// handleBattleCombatOdds is POST /api/battles/{id}/combat-odds: the odds
// of a round of close combat between two of the battle's units as they
// stand (battle.CombatOf), before it is fought, as POST /api/combat
// answers a combat file: the exact odds, falling back to Monte Carlo past
// the state limit unless exact is asked for alone.
func (s *Server) handleBattleCombatOdds(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	b, err := s.readBattleBody(w, r, nil, battleRequests["CombatOddsRequest"]...)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	c, exact, fallback, err := s.combatOddsOf(r.Context(), b, st, m)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	fallback = fallback || !exact // without exact, the exact odds fall back by themselves
	var data []byte
	err = s.run(r.Context(), func(ctx context.Context, cheap bool) error {
		rep, err := c.Exact(ctx, s.combatExact(cheap, fallback, 0))
		if err != nil {
			return err
		}
		data, err = encodeJSON(wire.ReportOf(rep))
		return err
	})
	if errors.Is(err, odds.ErrStateLimit) {
		err = sayError(http.StatusUnprocessableEntity, "state_limit", "", msg.New("battleapi.error.combat_state_limit", errText{err}))
	}
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	w.Header().Set("ETag", etag(m.Version))
	writeRaw(w, http.StatusOK, data)
}

// combatOddsOf reads a combat-odds request: the round between its units
// as they stand, and whether exact (and fallback) were asked for.
func (s *Server) combatOddsOf(ctx context.Context, b *battleBody, st battle.Store, m battle.Meta) (c *combat.Combat, exact, fallback bool, err error) {
	f, _, err := b.object("fight", true)
	if err != nil {
		return nil, false, false, err
	}
	if exact, err = b.boolean("exact"); err != nil {
		return nil, false, false, err
	}
	if fallback, err = b.boolean("fallback"); err != nil {
		return nil, false, false, err
	}
	if fallback && !exact {
		e := invalid("fallback", "battleapi.error.fallback_exact")
		if fb, ok := b.fields["fallback"]; ok {
			b.at(fb, e)
		}
		return nil, false, false, e
	}
	state, err := s.battleState(ctx, st, m.ID, m.Version)
	if err != nil {
		return nil, false, false, err
	}
	names, err := sidesOf(b, state)
	if err != nil {
		return nil, false, false, err
	}
	c, err = battle.CombatOf(state, names[0], names[1], f.raw)
	if err != nil {
		return nil, false, false, fightError(b, f, err)
	}
	return c, exact, fallback, nil
}
