package combat

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Key is a step of the strike order (RULES.md 21.4): class first (2 strikes
// first, 1 normal, 0 last), then value (Initiative or Agility, with the
// charge bonus where the ruleset gives one). Higher keys strike earlier;
// fights with equal keys strike simultaneously.
type Key struct{ Class, Value int }

func (k Key) less(o Key) bool {
	if k.Class != o.Class {
		return k.Class < o.Class
	}
	return k.Value < o.Value
}

// String writes the key as "1/5" (class/value).
func (k Key) String() string { return fmt.Sprintf("%d/%d", k.Class, k.Value) }

// Words says the step in players' words under ruleset rs: "Initiative 5"
// (t9a: "Agility 5"), "strikes first, Initiative 5", "strikes last,
// Initiative 2", or "strikes first" and "strikes last" alone where the
// value is not compared (21.4, 21.15).
func (k Key) Words(rs rules.Ruleset) string { return k.Msg(rs).String() }

// Msg is Words as a message of the catalogue, to be written in a reader's
// language.
func (k Key) Msg(rs rules.Ruleset) msg.Message {
	value := strikeValue(rs)
	switch {
	case k.Class == 1:
		return msg.New("combat.step.value", value, k.Value)
	case k.Value == 0 && k.Class == 2:
		return msg.New("combat.step.first")
	case k.Value == 0:
		return msg.New("combat.step.last")
	case k.Class == 2:
		return msg.New("combat.step.first_value", value, k.Value)
	}
	return msg.New("combat.step.last_value", value, k.Value)
}

// strikeValue names the characteristic the strike order compares under
// rs (rules.CombatRules.StrikeValue) as a word of the catalogue.
func strikeValue(rs rules.Ruleset) msg.Message {
	switch v := rules.For(rs).Combat.StrikeValue; v {
	case "Agility":
		return msg.New("term.combat.strike_value.agility")
	case "Initiative", "":
		return msg.New("term.combat.strike_value.initiative")
	default:
		panic("combat: no word for the strike value " + v)
	}
}

// stepPlan is one step: the fights of each side that strike at it, and
// whether each re-rolls its misses.
type stepPlan struct {
	key    Key
	fights [2][]int
	reroll [2][]bool
}

// plan orders the fights of both sides into steps (21.4, 21.15).
func (c *Combat) plan() []stepPlan {
	rs := c.Ruleset
	cr := &rules.For(rs).Combat
	hasFirst := [2]bool{}
	for i := range c.Sides {
		for _, f := range c.Sides[i].Fights {
			if f.Strikes == First {
				hasFirst[i] = true
			}
		}
	}
	bothFirst := hasFirst[0] && hasFirst[1]
	simultaneous := c.Options.SimultaneousASF(rs)
	byKey := map[Key]*stepPlan{}
	var keys []Key
	for i := range c.Sides {
		enemyI := maxInitiative(c.Sides[1-i].Fights)
		for j, f := range c.Sides[i].Fights {
			k := Key{Class: f.Strikes.class(), Value: f.Initiative}
			if c.Charger == sideOf(i) {
				k.Value += c.Options.ChargeBonus(rs)
			}
			switch {
			case k.Class == 2 && bothFirst && simultaneous:
				k.Value = 0 // value ignored against another class-2 fight
			case k.Class == 0 && cr.LastAtStepZero:
				k.Value = 0 // every strikes: last fight at step 0 (21.15)
			}
			reroll := false
			if f.Strikes == First && !(bothFirst && simultaneous) {
				reroll = cr.ASFReroll.Rerolls(f.Initiative, enemyI)
			}
			if cr.RerollAgainstLast && !reroll {
				// Enemies re-roll misses against an Always Strikes Last
				// unit of lower Initiative (21.4, 21.15).
				if rf, ok := rankAndFileFight(c.Sides[1-i].Fights); ok && rf.Strikes == Last && rf.Initiative < f.Initiative {
					reroll = true
				}
			}
			p := byKey[k]
			if p == nil {
				p = &stepPlan{key: k}
				byKey[k] = p
				keys = append(keys, k)
			}
			p.fights[i] = append(p.fights[i], j)
			p.reroll[i] = append(p.reroll[i], reroll)
		}
	}
	sort.Slice(keys, func(a, b int) bool { return keys[b].less(keys[a]) })
	out := make([]stepPlan, len(keys))
	for i, k := range keys {
		out[i] = *byKey[k]
	}
	return out
}

func maxInitiative(fs []Fight) int {
	m := 0
	for _, f := range fs {
		m = max(m, f.Initiative)
	}
	return m
}

func rankAndFileFight(fs []Fight) (Fight, bool) {
	for _, f := range fs {
		if f.By.rankAndFile() {
			return f, true
		}
	}
	return Fight{}, false
}

// Steps returns the strike order of c: one key per step, earliest first.
func (c *Combat) Steps() []Key {
	p := c.plan()
	out := make([]Key, len(p))
	for i, s := range p {
		out[i] = s.key
	}
	return out
}

// window is the files of the front rank that are in contact: lo to lo+n-1
// in grid coordinates (21.3.1).
type window struct{ lo, n int }

// occupied returns the models of a rank, left to right, and the first
// occupied file.
func occupied(rank []unit.Cell) (n, first int) {
	first = -1
	for f, c := range rank {
		if c.Model != nil {
			if first < 0 {
				first = f
			}
			n++
		}
	}
	return n, first
}

func frontWidth(g [][]unit.Cell) int {
	if len(g) == 0 {
		return 0
	}
	n, _ := occupied(g[0])
	return n
}

// ranksOf returns the number of files (models) in each rank, front first.
func ranksOf(g [][]unit.Cell) []int {
	var out []int
	for _, r := range g {
		n, _ := occupied(r)
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// fullRanks counts the ranks with 5 or more models, the front included,
// of a unit 5 or more wide (21.6, 21.8, 21.15): ranks for the rank bonus
// and Steadfast, and t9a's Full Ranks.
func fullRanks(u *alloc.Unit) int {
	var buf [16]int
	rs := u.AppendRankSizes(buf[:0])
	if len(rs) == 0 || rs[0] < 5 {
		return 0
	}
	n := 0
	for _, m := range rs {
		if m >= 5 {
			n++
		}
	}
	return n
}

// contact returns side i's contact width c at the start of the round
// (21.3.1, 21.3.2).
func (c *Combat) contact(i int, g [2][][]unit.Cell) int {
	if c.Contact[i] > 0 {
		return min(c.Contact[i], frontWidth(g[i]))
	}
	F, Fe := frontWidth(g[i]), frontWidth(g[1-i])
	if c.Facing != Front && c.Charger == sideOf(i) {
		ranks := ranksOf(g[1-i])
		D := Fe
		if c.Facing.flank() {
			D = len(ranks)
		}
		return min(F, D)
	}
	if F <= Fe {
		return F
	}
	return min(F, Fe+2*c.Options.ContactOverlap())
}

// engine runs one round. It holds both units as they stand and what the
// round has added up so far.
type engine struct {
	c      *Combat
	units  [2]*alloc.Unit
	start  [2][][]unit.Cell
	win    [2]window
	edge   int // index of the side engaged in a flank or rear, or -1
	lostRF [2]int
	wounds [2]int
	log    *[]Step
	stop   *stopper // set: the round stops at the machine's next step; nil never
	sample *sampleCache
	events []rearrank.Event // resolve's, while its machine runs
}

func newEngine(c *Combat, log *[]Step) *engine {
	if s := c.sample; s != nil && log == nil && c.start != nil {
		// a worker's rounds all start alike: the windows are worked out once
		if s.base == nil {
			s.base = buildEngine(c, nil)
		}
		s.eng = *s.base
		return &s.eng
	}
	return buildEngine(c, log)
}

// buildEngine is newEngine, worked out.
func buildEngine(c *Combat, log *[]Step) *engine {
	e := &engine{c: c, edge: -1, log: log, sample: c.sample}
	for i := range c.Sides {
		e.units[i] = au(c.Sides[i].Unit)
		if c.start != nil {
			e.start[i] = c.start[i]
		} else {
			e.start[i] = e.units[i].Ranks()
		}
	}
	if c.Facing != Front && c.Charger != NoSide {
		e.edge = c.Charger.Other().index()
	}
	for i := range c.Sides {
		cw := c.contact(i, e.start)
		F := frontWidth(e.start[i])
		first := 0
		if len(e.start[i]) > 0 {
			_, first = occupied(e.start[i][0])
		}
		e.win[i] = window{lo: first + (F-cw)/2, n: cw}
	}
	return e
}

// fightsModel reports whether model m of side i has a fight entry: the
// rank and file's, a champion's (or the rank and file's for a champion
// without one, 21.15) or the named character's.
func (e *engine) fightsModel(i int, m *unit.Model) bool {
	for _, f := range e.c.Sides[i].Fights {
		if e.makes(i, f.By, m) {
			return true
		}
	}
	return false
}

// makes reports whether model m makes the attacks of a fight by b.
func (e *engine) makes(i int, b By, m *unit.Model) bool {
	switch m.Role {
	case unit.RankAndFile, unit.Musician, unit.StandardBearer:
		return b.rankAndFile()
	case unit.Champion:
		if b.Role == unit.Champion {
			return true
		}
		return b.rankAndFile() && !e.hasFightBy(i, unit.Champion)
	case unit.Character:
		return b.Role == unit.Character && b.Name == m.Name
	}
	return false
}

func (e *engine) hasFightBy(i int, r unit.Role) bool {
	for _, f := range e.c.Sides[i].Fights {
		if f.By.Role == r {
			return true
		}
	}
	return false
}

// positions returns side i's fighting slots in grid g: the fighting rank in
// the window, or the engaged edge (21.3.2, 21.15), and the supporting ranks
// behind the window (nil on an engaged edge).
func (e *engine) positions(i int, g [][]unit.Cell) (front []unit.Cell, support [][]unit.Cell) {
	if len(g) == 0 {
		return nil, nil
	}
	if i == e.edge {
		return e.edgeCells(i, g), nil
	}
	w := e.win[i]
	// One block for the front and every supporting rank: a sampled round
	// asks for them at every step.
	cells := make([]unit.Cell, 0, w.n*len(g))
	support = make([][]unit.Cell, 0, len(g)-1)
	for f := w.lo; f < w.lo+w.n && f < len(g[0]); f++ {
		cells = append(cells, g[0][f])
	}
	front = cells[:len(cells):len(cells)]
	for r := 1; r < len(g); r++ {
		start := len(cells)
		for f := w.lo; f < w.lo+w.n && f < len(g[r]); f++ {
			if m := g[0][f].Model; m != nil && e.fightsModel(i, m) {
				cells = append(cells, g[r][f])
			}
		}
		support = append(support, cells[start:len(cells):len(cells)])
	}
	return front, support
}

// edgeCells returns the models on the engaged edge of the charged unit:
// its current rear rank, or the end model of each rank on the flank, at
// most the charger's contact.
func (e *engine) edgeCells(i int, g [][]unit.Cell) []unit.Cell {
	limit := e.win[1-i].n
	var out []unit.Cell
	if e.c.Facing == Rear {
		for r := len(g) - 1; r >= 0; r-- {
			var occ []unit.Cell
			for _, c := range g[r] {
				if c.Model != nil {
					occ = append(occ, c)
				}
			}
			if len(occ) == 0 {
				continue
			}
			k := min(len(occ), limit)
			return occ[(len(occ)-k)/2 : (len(occ)-k)/2+k]
		}
		return nil
	}
	for r := 0; r < len(g) && len(out) < limit; r++ {
		var end *unit.Cell
		for f := range g[r] {
			if g[r][f].Model == nil {
				continue
			}
			if end == nil || e.c.Facing == FlankRight {
				end = &g[r][f]
			}
		}
		if end != nil {
			out = append(out, *end)
		}
	}
	return out
}

// attacks returns the attacks fight f of side i makes at this step
// (21.5).
func (e *engine) attacks(i int, f Fight) int {
	return e.attacksIn(i, f, e.units[i].Ranks())
}

// attacksIn is attacks with side i's grid as it stands, now.
func (e *engine) attacksIn(i int, f Fight, now [][]unit.Cell) int {
	if f.Attacks == 0 {
		return 0
	}
	if !f.By.rankAndFile() {
		front, _ := e.positions(i, now)
		for _, c := range front {
			if c.Model != nil && e.makes(i, f.By, c.Model) {
				return f.Attacks
			}
		}
		return 0
	}
	g := now
	if e.c.Options.StepUpLostIn(e.c.Ruleset) {
		g = e.start[i]
	}
	front, support := e.positions(i, g)
	nf := 0
	for _, c := range front {
		if c.Model != nil && e.makes(i, f.By, c.Model) {
			nf++
		}
	}
	ranks := 1 + f.ExtraRanks
	if e.c.Charger == sideOf(i) && rules.For(e.c.Ruleset).Combat.NoExtraRanksOnCharge {
		ranks = 1 // no extra ranks on a turn the side charged (R63)
	}
	if frontWidth(now) >= e.c.Options.WideRank(e.c.Ruleset) {
		ranks++ // horde, Line Formation
	}
	ns := 0
	for r := 0; r < len(support) && r < ranks; r++ {
		for _, c := range support[r] {
			if c.Model != nil {
				ns++
			}
		}
	}
	if e.c.Options.StepUpLostIn(e.c.Ruleset) {
		d := e.lostRF[i]
		take := min(d, nf)
		nf -= take
		ns = max(0, ns-(d-take))
	}
	return nf*f.Attacks + ns*min(f.Attacks, f.Supporting)
}

// aim returns where fight f's wounds go in the enemy unit u: its own
// target, or when nobody is left there the rank and file, the champion or a
// character, in that order (R60).
func aim(u *alloc.Unit, t unit.Target) (unit.Target, bool) {
	if _, err := u.Receiver(t); err == nil {
		return t, true
	}
	try := []unit.Target{{Role: unit.RankAndFile}, {Role: unit.Champion}}
	for _, m := range u.Models() {
		if m.Role == unit.Character {
			try = append(try, unit.Target{Role: unit.Character, Name: m.Name})
		}
	}
	for _, t := range try {
		if _, err := u.Receiver(t); err == nil {
			return t, true
		}
	}
	return unit.Target{}, false
}

// step rolls one step: every fight of both sides at the key, side a's batch
// first, each against the enemy as it stood at the start of the step, and
// removes the casualties after both (21.2). Both sides count their attacks
// before either rolls: under step_up: lost the R&F removed earlier in the
// round (21.5), not at this step, reduce them.
func (e *engine) step(p stepPlan, r dice.Roller) (StepCount, error) {
	sc := StepCount{Key: p.key}
	var next [2]*alloc.Unit
	var logs [2]StepSide
	var groups [2][]rearrank.Attack
	for i := range e.units {
		sc.Fights[i] = len(p.fights[i]) > 0
		var err error
		if groups[i], logs[i].Fights, sc.Attacks[i], err = e.groups(i, p); err != nil {
			return sc, err
		}
	}
	for i := range e.units {
		enemy := e.units[1-i]
		next[1-i] = enemy
		if len(groups[i]) == 0 {
			continue
		}
		after, ev, err := e.batch(i, enemy, groups[i], r)
		if err != nil {
			return sc, err
		}
		logs[i].Events = ev
		next[1-i] = after
	}
	e.units = next
	if e.log != nil {
		for i := range logs {
			logs[i].After = handle(e.units[i].Clone())
		}
		*e.log = append(*e.log, Step{Key: p.key, Sides: logs})
	}
	return sc, nil
}

// groups returns the attack groups side i rolls at step p against the
// enemy as it stands (fights of one profile joined), what each fight made
// and the attacks rolled in all. A fight that re-rolls its misses (21.4)
// rolls with reroll_hit: failed added to its own grants, inside the side's
// one batch (21.2, C24): a miss is re-rolled at most once whatever grants
// it (20.1 U1), so Hatred and Always Strikes First do not add up. A
// group's count may pass dice.MaxConst, the limit on a count a person
// writes (a horde of 101 models of A10 makes 1,010 attacks); past
// dice.MaxCount, which Validate keeps a combat below, it is an error.
func (e *engine) groups(i int, p stepPlan) (groups []rearrank.Attack, fights []FightCount, attacks int, err error) {
	if e.sample != nil && e.log == nil {
		return e.sample.groups(e, i, p)
	}
	return e.buildGroups(i, p)
}

// buildGroups is groups, worked out.
func (e *engine) buildGroups(i int, p stepPlan) (groups []rearrank.Attack, fights []FightCount, attacks int, err error) {
	enemy := e.units[1-i]
	var now [][]unit.Cell
	grid := func() [][]unit.Cell {
		if now == nil {
			now = e.units[i].Ranks()
		}
		return now
	}
	// names[g] are the fights group g rolls for: their own names, or
	// who makes them (auto) where the file names none.
	var names [][]string
	var auto [][]bool
	var counts []int // each group's attacks
	for k, j := range p.fights[i] {
		f := e.c.Sides[i].Fights[j]
		n := e.sample.attacks(e, i, j, f, grid)
		fights = append(fights, FightCount{By: f.By, Attacks: n, Reroll: p.reroll[i][k] && n > 0})
		if n == 0 || enemy.Destroyed() {
			continue
		}
		t, ok := aim(enemy, f.Attack.Target)
		if !ok {
			continue
		}
		a := f.Attack
		a.Target = t
		if p.reroll[i][k] {
			a.RerollHit |= rules.RerollFailed
		}
		name, byName := a.Name, a.Name == ""
		if byName {
			name = f.By.Words()
		}
		attacks += n
		// Fights of one profile (a champion striking like his rank and
		// file) roll as one group: one batch, as 21.2 says.
		if g := sameProfile(groups, a); g >= 0 {
			counts[g] += n
			if !slices.Contains(names[g], name) {
				names[g], auto[g] = append(names[g], name), append(auto[g], byName)
			}
			continue
		}
		groups, counts = append(groups, a), append(counts, n)
		names, auto = append(names, []string{name}), append(auto, []bool{byName})
	}
	for g := range groups {
		groups[g].Name = groupName(e.c.Sides[i].Unit.Name(), names[g], auto[g])
		if groups[g].Count, err = dice.CountExpr(counts[g]); err != nil {
			return nil, nil, 0, msg.Errorf(err, "combat.error.group", sideOf(i).String(), groups[g].Name, errText{err})
		}
	}
	return oneBatch(groups, e.c.Sides[i].Unit.Name()), fights, attacks, nil
}

// groupName names an attack group of one or more fights: their own names,
// or the unit's name and who makes them ("Knights rank and file and
// champion"), joined by "and".
func groupName(unitName string, names []string, byName []bool) string {
	if !slices.Contains(byName, false) {
		return strings.TrimSpace(unitName + " " + strings.Join(names, " and "))
	}
	parts := make([]string, len(names))
	for k, n := range names {
		parts[k] = n
		if byName[k] {
			parts[k] = strings.TrimSpace(unitName + " " + n)
		}
	}
	return strings.Join(parts, " and ")
}

// targetWords names an aim in players' words: "the rank and file", "the
// champion", a character's name.
func targetWords(t unit.Target) string {
	switch t.Role {
	case unit.Character:
		return t.Name
	case unit.RankAndFile:
		if t.TroopType != rules.Infantry {
			return "the " + strings.ReplaceAll(t.TroopType.String(), "_", " ") + " rank and file"
		}
		return "the rank and file"
	}
	return "the " + t.Role.String()
}

// oneBatch joins the groups of a side's step that aim at one target into
// one batch (21.2, C24), each target's groups together in the order the
// first of them comes: the referee's batch of several profiles. A group
// aimed elsewhere (a challenge) stays a batch of its own: a batch has one
// aim.
func oneBatch(groups []rearrank.Attack, side string) []rearrank.Attack {
	if len(groups) < 2 {
		return groups
	}
	out := make([]rearrank.Attack, 0, len(groups))
	done := make([]bool, len(groups))
	for i := range groups {
		if done[i] {
			continue
		}
		first := len(out)
		for j := i; j < len(groups); j++ {
			if !done[j] && groups[j].Target == groups[i].Target {
				out, done[j] = append(out, groups[j]), true
			}
		}
		if len(out)-first > 1 {
			name := strings.TrimSpace(fmt.Sprintf("%s against %s", side, targetWords(groups[i].Target)))
			for k := first; k < len(out); k++ {
				out[k].Batch = name
			}
		}
	}
	return out
}

// sameProfile returns the index of a group that rolls exactly as a does
// (everything but the count and the name alike), or -1.
func sameProfile(groups []rearrank.Attack, a rearrank.Attack) int {
	key := func(x rearrank.Attack) rearrank.Attack {
		x.Count, x.Name = dice.Expr{}, ""
		return x
	}
	for g, x := range groups {
		if key(x) == key(a) {
			return g
		}
	}
	return -1
}

// batch resolves side i's attack groups against the enemy unit and adds
// what they did to the round's totals.
func (e *engine) batch(i int, enemy *alloc.Unit, groups []rearrank.Attack, r dice.Roller) (*alloc.Unit, []rearrank.Event, error) {
	after, t, events, err := e.resolve(i, enemy, groups, r)
	if err != nil {
		return nil, nil, msg.Errorf(err, "combat.error.side", sideOf(i).String(), errText{err})
	}
	e.wounds[i] += t.Wounds
	if e.c.Options.InstantKillScore == rules.ScoreProfile {
		e.wounds[i] += instantKillExtra(enemy, groups, events)
	}
	e.lostRF[1-i] += t.ByRole[unit.RankAndFile] + t.ByRole[unit.Musician] + t.ByRole[unit.StandardBearer]
	return after, events, nil
}

// resolve is referee.Resolve: the referee's machine run over the groups
// against u with r, every event kept. It runs the machine here, one small
// step at a time (a die, or an unsaved wound's damage), so that a round
// stops within a step once e.stop is set: one batch of 32,700 attacks (a
// side's most at one step, dice.MaxCount) takes a good part of a second.
func (e *engine) resolve(i int, u *alloc.Unit, groups []rearrank.Attack, r dice.Roller) (*alloc.Unit, rearrank.Tally, []rearrank.Event, error) {
	m, err := e.sample.machine(e, i, u, groups)
	if err != nil {
		return nil, rearrank.Tally{}, nil, err
	}
	// The events are read by the round's log (Resolve) and by
	// instant_kill_score: profile; without either nobody reads them, and
	// the machine, given no log, builds none: a sampled round (MonteCarlo)
	// or a walked one (Exact, Enumerate) then rolls the same dice in the
	// same order with no message made per die.
	var log func(rearrank.Event)
	logging := e.log != nil || e.c.Options.InstantKillScore == rules.ScoreProfile
	if logging {
		e.events = nil
		log = func(x rearrank.Event) { e.events = append(e.events, x) }
	}
	for !m.Done() {
		if err := e.stop.check(); err != nil {
			return nil, rearrank.Tally{}, nil, err
		}
		if err := m.Step(r, log); err != nil {
			return nil, rearrank.Tally{}, nil, err
		}
	}
	var events []rearrank.Event
	if logging {
		events, e.events = e.events, nil
	}
	return m.Unit(), m.Tally(), events, nil
}

// instantKillExtra is what battleaxe's instant_kill_score: profile adds
// (R56): for every model an instant kill removed, its profile W less the
// wounds it had left, which the tally already counts. An instant kill is a
// casualty of an instant_kill group (9.1), or the casualty that follows a
// Killing Blow's slaying note with only notes between (20.2: the ward
// failed, the model struck is slain; one that finds its pool empty removes
// nobody, 20.13, and the next die or event forgets it).
func instantKillExtra(before *alloc.Unit, groups []rearrank.Attack, ev []rearrank.Event) int {
	extra := 0
	models := before.Models()
	slain := false // a slaying note waits for its casualty
	for _, x := range ev {
		switch {
		case x.Kind == rearrank.Note && x.Rule == killingBlowSlays:
			slain = true
			continue
		case x.Kind == rearrank.Note:
			continue
		case x.Kind != rearrank.Casualty || x.Batch < 1 || x.Batch > len(groups):
			slain = false
			continue
		}
		kill := groups[x.Batch-1].InstantKill || slain
		slain = false
		if !kill {
			continue
		}
		for _, m := range models {
			if m.Role == x.Role && m.Name == x.Name {
				extra += max(0, m.W-x.Worth)
				break
			}
		}
	}
	return extra
}

// killingBlowSlays is the rule of the note the referee writes before the
// casualty of a Killing Blow whose ward failed (RULES.md 20.2, 9.1).
const killingBlowSlays = "RULES.md 20.2, 9.1"

// ErrNoFights is what the readers' error wraps (errors.Is) when neither side
// has a fight.
var ErrNoFights = errors.New("no fights: give each side's fights")

// play runs one round with r, until st is set (a nil st never is). log,
// when not nil, receives every step.
func (c *Combat) play(st *stopper, r dice.Roller, log *[]Step) (*Outcome, error) {
	e := newEngine(c, log)
	e.stop = st
	plan := c.sample.planOf(c)
	o := &Outcome{Steps: make([]StepCount, 0, len(plan))}
	for k, p := range plan {
		sc, err := e.step(p, r)
		if err != nil {
			return nil, msg.Errorf(err, "combat.error.step", k+1, p.key.Msg(c.Ruleset), errText{err})
		}
		o.Steps = append(o.Steps, sc)
	}
	o.Units = [2]*rearrank.Unit{handle(e.units[0]), handle(e.units[1])}
	o.Wounds = e.wounds
	for i := range e.units {
		o.Casualties[i] = c.Sides[i].Unit.Size() - e.units[i].Size()
		o.Destroyed[i] = e.units[i].Destroyed()
	}
	c.score(o)
	if err := c.decide(o, r); err != nil {
		return nil, err
	}
	return o, nil
}
