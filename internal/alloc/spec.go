package alloc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

const (
	maxModels     = 1000
	maxCharacters = 16
	maxGroups     = 16
)

// kind is what identical models share: role, profile, name and pool. The key
// writes a model as its kind, so identical R&F are interchangeable.
type kind struct {
	role    unit.Role
	name    string
	profile unit.Profile
	pool    int8 // R&F pool index; -1 for a one-model pool (character, t9a champion)
	letter  byte // drawn for it: its role's letter, or one of its own (letters)
}

type poolInfo struct {
	troop rules.TroopType
	capW  int // profile W used to cap packets at an emptied pool
	// sameW is the W every model of the pool has, 0 when they differ
	// (R41): a packet's damage dice then depend on the model it lands on
	sameW int
}

// shared is the part of a unit that never changes after New; clones share it.
type shared struct {
	name     string
	ruleset  rules.Ruleset
	opts     rules.Options
	frontage int
	// wide is the frontage the Spec asked for where it was wider than
	// the unit, which then stands in one rank of all its models
	// (RULES.md 22.18); 0 otherwise
	wide      int
	kinds     []kind
	pools     []poolInfo
	perModel  bool                // battleaxe per-model damage (11.3)
	champPool bool                // the champion is a pool of his own (t9a, t9a1-ru)
	command   []unit.Role         // removal order of command models inside their pool (11.4)
	cmdID     [6]int16            // model id per command role, -1 when absent
	chars     []int16             // model id of each character, in Spec order
	starting  int                 // models at deployment (Spec.StartingModels)
	ownPool   bool                // pool 0 holds models of Spec.Profile (not only Groups)
	rear      rules.RearRankOrder // the rear rank's order of removal (R12, RULES.md 22.8)
	// rearStandIn is the ruleset's own order, which stands in for
	// rear_rank_order owner_choice where nobody is asked (RULES.md 18)
	rearStandIn rules.RearRankOrder

	// interchangeable: perModel, one kind of ordinary R&F per pool and no
	// owner_choice switch, so that SetCountKey may key them as a multiset.
	interchangeable bool
}

// New builds a unit from s. It checks every field and never panics; errors
// name the field, such as `frontage -1: want at least 1`.
//
// Automatic placement (no Layout): ranks of Frontage are filled front to back
// and only the rear rank may be short; a short rear rank is centred
// (left-biased). A Frontage wider than the unit is no error: the unit
// stands in one rank of all its models, and Notes says so (RULES.md 22.18). The command group
// stands in the front-rank centre in the order musician, champion, standard;
// characters with File -1 stand beside it, the first on its left, the second on
// its right, and so on; a character with a File >= 0 stands on that front-rank
// file. Note that 0 is a valid file: use -1 for automatic placement.
func New(s unit.Spec) (*Unit, error) {
	if !s.Ruleset.Valid() {
		return nil, msg.Errorf(nil, "alloc.spec.ruleset", int(s.Ruleset))
	}
	if err := checkOptions(s.Options); err != nil {
		return nil, err
	}
	if err := s.Options.CheckValues(s.Ruleset); err != nil {
		return nil, err
	}
	if err := checkProfile(s.Profile, "profile"); err != nil {
		return nil, err
	}
	if !rules.For(s.Ruleset).Block {
		return newSkirmish(s)
	}
	if err := checkCounts(&s); err != nil {
		return nil, err
	}
	sh, models := build(&s)
	u := &Unit{s: sh, models: models, pools: make([]poolState, len(sh.pools))}
	total := len(models)
	var err error
	if s.Layout != "" {
		err = u.placeLayout(s)
	} else {
		err = u.placeAuto(s, total)
	}
	if err != nil {
		return nil, err
	}
	for id := range u.models {
		u.models[id].alive = true
		u.count(id, +1)
	}
	if err := u.startDamage(s); err != nil {
		return nil, err
	}
	u.phaseStart = u.alive
	switch {
	case s.StartingModels == 0:
		sh.starting = u.alive
	case s.StartingModels < u.alive:
		return nil, msg.Errorf(nil, "alloc.spec.starting_models", s.StartingModels, u.alive)
	default:
		sh.starting = s.StartingModels
	}
	return u, nil
}

func checkOptions(o rules.Options) error {
	for _, c := range []struct {
		name string
		v, n int8
	}{
		{"damage_model", int8(o.DamageModel), 2},
		{"instant_kill_takes", int8(o.InstantKillTakes), 2},
		{"single_rank_policy", int8(o.SingleRankPolicy), 4},
		{"rear_rank_order", int8(o.RearRankOrder), 5},
		{"overflow_across_pools", int8(o.OverflowAcrossPools), 2},
		{"command_order", int8(o.CommandOrder), 3},
		{"mw_cap", int8(o.MWCap), 2},
		{"packet_target", int8(o.PacketTarget), 2},
	} {
		if c.v < 0 || c.v >= c.n {
			return msg.Errorf(nil, "alloc.spec.option_value", c.name, int(c.v))
		}
	}
	return nil
}

func newSkirmish(s unit.Spec) (*Unit, error) {
	switch {
	case s.Models != 1:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_models", s.Models)
	case s.Frontage != 0 && s.Frontage != 1:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_frontage", s.Frontage)
	case len(s.Command) > 0:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_command")
	case len(s.Groups) > 0:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_groups")
	case len(s.Characters) > 0:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_characters")
	case s.Layout != "":
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_layout")
	case s.Carried != 0:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_carried", s.Carried)
	case s.Champion != nil || s.ChampionDamage != 0:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_champion")
	case len(s.Damage) > 1:
		return nil, msg.Errorf(nil, "alloc.spec.skirmish_damage", len(s.Damage))
	}
	f := &unit.Model{Role: unit.RankAndFile, Name: s.Name, Profile: s.Profile}
	if len(s.Damage) == 1 {
		if d := s.Damage[0]; d < 0 || d > s.Profile.W {
			return nil, msg.Errorf(nil, "alloc.spec.skirmish_damage_range", d, s.Profile.W)
		}
		f.Damage = s.Damage[0]
	}
	sh := &shared{name: s.Name, ruleset: s.Ruleset, opts: s.Options, frontage: 1}
	for i := range sh.cmdID {
		sh.cmdID[i] = -1
	}
	return &Unit{s: sh, fighter: f, phaseStart: 1}, nil
}

func checkCounts(s *unit.Spec) error {
	if s.Models < 0 {
		return msg.Errorf(nil, "alloc.spec.models_negative", s.Models)
	}
	seen := map[unit.Role]bool{}
	for i, r := range s.Command {
		if r != unit.Musician && r != unit.StandardBearer && r != unit.Champion {
			return msg.Errorf(nil, "alloc.spec.command_role", i, r.String())
		}
		if seen[r] {
			return msg.Errorf(nil, "alloc.spec.command_twice", i, r.String())
		}
		seen[r] = true
	}
	if len(s.Command) > s.Models {
		return msg.Errorf(nil, "alloc.spec.models_command", s.Models, len(s.Command))
	}
	if s.Champion != nil {
		if !seen[unit.Champion] {
			return msg.Errorf(nil, "alloc.spec.champion_profile")
		}
		if err := checkProfile(*s.Champion, "champion"); err != nil {
			return err
		}
	}
	if s.ChampionDamage != 0 {
		if !seen[unit.Champion] {
			return msg.Errorf(nil, "alloc.spec.champion_damage_none", s.ChampionDamage)
		}
		w := s.Profile.W
		if s.Champion != nil {
			w = s.Champion.W
		}
		if s.ChampionDamage < 0 || s.ChampionDamage >= w {
			return msg.Errorf(nil, "alloc.spec.champion_damage", s.ChampionDamage, w-1, w)
		}
	}
	if len(s.Groups) > maxGroups {
		return msg.Errorf(nil, "alloc.spec.groups_too_many", len(s.Groups), maxGroups)
	}
	total := s.Models
	for i, g := range s.Groups {
		if g.Count < 1 || g.Count > maxModels {
			return msg.Errorf(nil, "alloc.spec.group_count", i, g.Count, maxModels)
		}
		if err := checkProfile(g.Profile, fmt.Sprintf("groups[%d].profile", i)); err != nil {
			return err
		}
		total += g.Count
	}
	if len(s.Characters) > maxCharacters {
		return msg.Errorf(nil, "alloc.spec.characters_too_many", len(s.Characters), maxCharacters)
	}
	names := map[string]bool{}
	for i, c := range s.Characters {
		f := fmt.Sprintf("characters[%d]", i)
		switch {
		case c.Name == "":
			return msg.Errorf(nil, "alloc.spec.character_name", f)
		case names[c.Name]:
			return msg.Errorf(nil, "alloc.spec.character_name_twice", f, strconv.Quote(c.Name))
		}
		names[c.Name] = true
		if err := checkProfile(c.Profile, f+".profile"); err != nil {
			return err
		}
		if c.Damage < 0 || c.Damage >= c.Profile.W {
			return msg.Errorf(nil, "alloc.spec.character_damage", f, c.Damage, c.Profile.W-1, c.Profile.W)
		}
		if c.File < -1 {
			return msg.Errorf(nil, "alloc.spec.character_file", f, c.File)
		}
	}
	total += len(s.Characters)
	switch {
	case total == 0:
		return msg.Errorf(nil, "alloc.spec.models_zero")
	case total > maxModels:
		return msg.Errorf(nil, "alloc.spec.models_too_many", total, maxModels)
	case s.Frontage < 0:
		return msg.Errorf(nil, "alloc.spec.frontage_low", s.Frontage)
	case s.Frontage > maxModels:
		return msg.Errorf(nil, "alloc.spec.frontage_high", s.Frontage, maxModels)
	}
	return nil
}

// build creates the kinds, pools and models (all alive, not yet placed).
// postRole is the unit role of each command post of rules.Traits.Command.
var postRole = [...]unit.Role{rules.MusicianPost: unit.Musician, rules.StandardPost: unit.StandardBearer, rules.ChampionPost: unit.Champion}

// Model ids: main R&F, then musician, standard, champion, then the groups,
// then the characters.
func build(s *unit.Spec) (*shared, []model) {
	sh := &shared{name: s.Name, ruleset: s.Ruleset, opts: s.Options, rear: rules.For(s.Ruleset).RearRankOrderOf(s.Options),
		rearStandIn: rules.For(s.Ruleset).RearRankOrderOf(rules.Options{})}
	for i := range sh.cmdID {
		sh.cmdID[i] = -1
	}
	tr := rules.For(s.Ruleset)
	sh.perModel = tr.PerModel(s.Options)
	sh.champPool = tr.ChampionPool
	for _, p := range tr.CommandOrder(s.Options) {
		sh.command = append(sh.command, postRole[p])
	}
	poolOf := func(p unit.Profile) int8 {
		if !sh.champPool && len(sh.pools) > 0 {
			return 0
		}
		for i, q := range sh.pools {
			if q.troop == p.TroopType {
				return int8(i)
			}
		}
		sh.pools = append(sh.pools, poolInfo{troop: p.TroopType, capW: p.W})
		return int8(len(sh.pools) - 1)
	}
	kindOf := func(r unit.Role, p unit.Profile, pool int8) uint8 {
		for i, k := range sh.kinds {
			if k.role == r && k.profile == p && k.pool == pool && r != unit.Character {
				return uint8(i)
			}
		}
		sh.kinds = append(sh.kinds, kind{role: r, name: s.Name, profile: p, pool: pool})
		return uint8(len(sh.kinds) - 1)
	}
	var models []model
	add := func(k uint8) int16 {
		models = append(models, model{kind: k})
		return int16(len(models) - 1)
	}
	has := func(r unit.Role) bool { return slices.Contains(s.Command, r) }
	ordinary := s.Models - len(s.Command)
	// The main pool exists when a main-profile model stands in it.
	mainMembers := ordinary
	if has(unit.Musician) {
		mainMembers++
	}
	if has(unit.StandardBearer) {
		mainMembers++
	}
	if has(unit.Champion) && !sh.champPool {
		mainMembers++
	}
	var main int8 = -1
	if mainMembers > 0 {
		main = poolOf(s.Profile)
		sh.ownPool = true
	}
	for range ordinary {
		add(kindOf(unit.RankAndFile, s.Profile, main))
	}
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if !has(r) {
			continue
		}
		p, pool := s.Profile, main
		if r == unit.Champion {
			if s.Champion != nil {
				p = *s.Champion
			}
			if sh.champPool {
				pool = -1
			}
		}
		sh.cmdID[r] = add(kindOf(r, p, pool))
	}
	for _, g := range s.Groups {
		k := kindOf(unit.RankAndFile, g.Profile, poolOf(g.Profile))
		for range g.Count {
			add(k)
		}
	}
	for _, c := range s.Characters {
		sh.kinds = append(sh.kinds, kind{role: unit.Character, name: c.Name, profile: c.Profile, pool: -1})
		sh.chars = append(sh.chars, add(uint8(len(sh.kinds)-1)))
	}
	if c := sh.cmdID[unit.Champion]; c >= 0 {
		models[c].damage = uint8(s.ChampionDamage)
	}
	for i, c := range s.Characters {
		models[sh.chars[i]].damage = uint8(c.Damage)
	}
	for p := range sh.pools {
		for _, k := range sh.kinds {
			switch {
			case int(k.pool) != p:
			case sh.pools[p].sameW == 0:
				sh.pools[p].sameW = k.profile.W
			case sh.pools[p].sameW != k.profile.W:
				sh.pools[p].sameW = -1
			}
		}
		sh.pools[p].sameW = max(sh.pools[p].sameW, 0)
	}
	sh.interchangeable = sh.perModel && interchangeable(sh.kinds, s.Options)
	letters(sh.kinds)
	return sh, models
}

// letters gives each kind the letter drawn for it: its role's, except
// rank and file of a second troop type or profile, told from the first by
// a letter of their own: the initial of a word of the troop type, else
// another of its letters, else the first free one of the alphabet.
func letters(kinds []kind) {
	used := map[byte]bool{'R': true, 'M': true, 'S': true, 'C': true, 'H': true, 'X': true}
	first := true
	for i := range kinds {
		k := &kinds[i]
		k.letter = k.role.Letter()
		if k.role != unit.RankAndFile {
			continue
		}
		if first {
			first = false
			continue
		}
		name := strings.ToUpper(strings.ReplaceAll(k.profile.TroopType.String(), "_", " "))
		var candidates []byte
		for _, w := range strings.Fields(name) {
			candidates = append(candidates, w[0])
		}
		candidates = append(candidates, strings.ReplaceAll(name, " ", "")...)
		candidates = append(candidates, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"...)
		for _, c := range candidates {
			if !used[c] {
				k.letter, used[c] = c, true
				break
			}
		}
	}
}

// Legend names the letters the unit draws beyond the roles' own: rank and
// file of a second troop type or profile, "I monstrous infantry (T4, W3)".
func (u *Unit) Legend() []msg.Message {
	var out []msg.Message
	for _, k := range u.s.kinds {
		if k.role == unit.RankAndFile && k.letter != 'R' {
			out = append(out, msg.New("alloc.legend", string(k.letter), k.profile.TroopType.Msg(), k.profile.T, k.profile.W))
		}
	}
	return out
}

// interchangeable reports whether, in per-model mode, nothing the exact odds
// count can depend on which slot holds which of a pool's ordinary R&F: each
// pool has one kind of them, and no owner_choice switch lets the owner pick
// models by where they stand (R11, R12, 11.4). See Unit.SetCountKey.
func interchangeable(kinds []kind, o rules.Options) bool {
	if o.SingleRankPolicy == rules.SingleRankOwnerChoice || o.RearRankOrder == rules.RearRankOwnerChoice ||
		o.CommandOrder == rules.CommandOwnerChoice {
		return false
	}
	seen := map[int8]bool{}
	for _, k := range kinds {
		if k.role != unit.RankAndFile {
			continue
		}
		if seen[k.pool] {
			return false
		}
		seen[k.pool] = true
	}
	return true
}

// placeAuto lays the unit out as New's doc describes.
func (u *Unit) placeAuto(s unit.Spec, total int) error {
	f := s.Frontage
	if f == 0 {
		f = min(total, 5)
	}
	if f > total {
		u.s.wide, f = f, total // one rank of all its models (22.18)
	}
	u.s.frontage = f
	nr := (total + f - 1) / f
	u.ranks = nr
	u.grid = slices.Repeat([]int16{-1}, nr*f)
	front := min(f, total)
	off := (f - front) / 2
	// Special models: command block and characters.
	var autoChars []int16
	for i, c := range s.Characters {
		id := u.s.chars[i]
		if c.File < 0 {
			autoChars = append(autoChars, id)
			continue
		}
		if c.File < off || c.File >= off+front {
			return msg.Errorf(nil, "alloc.spec.character_file_range", i, c.File, off, off+front-1)
		}
		if u.grid[c.File] >= 0 {
			return msg.Errorf(nil, "alloc.spec.character_file_taken", i, c.File)
		}
		u.put(id, 0, c.File)
	}
	block := arrangeBlock(autoChars, u.s)
	free := 0
	for x := off; x < off+front; x++ {
		if u.grid[x] < 0 {
			free++
		}
	}
	if len(block) > free {
		return msg.Errorf(nil, "alloc.spec.frontage_slots", f, len(block), free)
	}
	u.placeBlock(block, off, front)
	// Rank and file in reading order.
	next := 0
	rf := u.rankAndFileIDs()
	for r := range nr {
		lo, n := 0, f
		if r == 0 {
			lo, n = off, front
		} else if r == nr-1 {
			n = total - (nr-1)*f
			lo = (f - n) / 2
		}
		for x := lo; x < lo+n; x++ {
			if u.grid[r*f+x] < 0 {
				u.put(rf[next], r, x)
				next++
			}
		}
	}
	return nil
}

// arrangeBlock builds the centre block: characters alternately left and
// right of the command group, the first on the left, each pair further out.
func arrangeBlock(chars []int16, sh *shared) []int16 {
	var left, right []int16
	for i, id := range chars {
		if i%2 == 0 {
			left = append(left, id)
		} else {
			right = append(right, id)
		}
	}
	var b []int16
	for i := len(left) - 1; i >= 0; i-- {
		b = append(b, left[i])
	}
	for _, r := range []unit.Role{unit.Musician, unit.Champion, unit.StandardBearer} {
		if id := sh.cmdID[r]; id >= 0 {
			b = append(b, id)
		}
	}
	return append(b, right...)
}

// placeBlock puts the block as one contiguous run as near the centre of the
// front rank as the characters with fixed files allow; failing that, each
// model on the free slot nearest the centre.
func (u *Unit) placeBlock(block []int16, off, front int) {
	if len(block) == 0 {
		return
	}
	ideal := off + (front-len(block))/2
	fits := func(start int) bool {
		if start < off || start+len(block) > off+front {
			return false
		}
		for i := range block {
			if u.grid[start+i] >= 0 {
				return false
			}
		}
		return true
	}
	for d := 0; d <= front; d++ {
		for _, start := range []int{ideal - d, ideal + d} {
			if fits(start) {
				for i, id := range block {
					u.put(id, 0, start+i)
				}
				return
			}
		}
	}
	centre := off + (front-1)/2
	for _, id := range block {
		best := -1
		for x := off; x < off+front; x++ {
			if u.grid[x] < 0 && (best < 0 || abs(x-centre) < abs(best-centre)) {
				best = x
			}
		}
		u.put(id, 0, best)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rankAndFileIDs lists the ordinary R&F in placement order: main profile,
// then the groups.
func (u *Unit) rankAndFileIDs() []int16 {
	var out []int16
	for id, m := range u.models {
		if u.s.kinds[m.kind].role == unit.RankAndFile {
			out = append(out, int16(id))
		}
	}
	return out
}

// placeLayout reads Spec.Layout.
func (u *Unit) placeLayout(s unit.Spec) error {
	var ranks [][]string
	for i, r := range strings.Split(s.Layout, "/") {
		toks := strings.Fields(r)
		if len(toks) == 0 {
			return msg.Errorf(nil, "alloc.spec.layout_rank_empty", i+1)
		}
		ranks = append(ranks, toks)
	}
	f := len(ranks[0])
	if s.Frontage != 0 && s.Frontage != f {
		return msg.Errorf(nil, "alloc.spec.layout_frontage", f, s.Frontage)
	}
	u.s.frontage = f
	u.ranks = len(ranks)
	u.grid = slices.Repeat([]int16{-1}, len(ranks)*f)
	rf := u.rankAndFileIDs()
	chars := u.s.chars
	used := [6]bool{}
	prev := 0
	for r, toks := range ranks {
		if len(toks) > f {
			return msg.Errorf(nil, "alloc.spec.layout_wider", r+1, len(toks), f)
		}
		// Trim end dots; inner dots are gaps, which 17.3 forbids.
		lo, hi := 0, len(toks)-1
		for lo <= hi && toks[lo] == "." {
			lo++
		}
		for hi >= lo && toks[hi] == "." {
			hi--
		}
		if lo > hi {
			return msg.Errorf(nil, "alloc.spec.layout_no_models", r+1)
		}
		n := hi - lo + 1
		if r > 0 && prev < f {
			return msg.Errorf(nil, "alloc.spec.layout_behind", r+1, n, prev)
		}
		base := 0
		if len(toks) < f {
			base = (f - len(toks)) / 2
		}
		for x := lo; x <= hi; x++ {
			var id int16
			t := toks[x]
			switch t {
			case ".":
				return msg.Errorf(nil, "alloc.spec.layout_gap", r+1)
			case "R":
				if len(rf) == 0 {
					return msg.Errorf(nil, "alloc.spec.layout_more_r", len(u.rankAndFileIDs()))
				}
				id, rf = rf[0], rf[1:]
			case "H":
				if len(chars) == 0 {
					return msg.Errorf(nil, "alloc.spec.layout_more_h", len(s.Characters))
				}
				id, chars = chars[0], chars[1:]
			case "M", "S", "C":
				role := map[string]unit.Role{"M": unit.Musician, "S": unit.StandardBearer, "C": unit.Champion}[t]
				id = u.s.cmdID[role]
				if id < 0 {
					return msg.Errorf(nil, "alloc.spec.layout_no_role", r+1, t, role.String())
				}
				if used[role] {
					return msg.Errorf(nil, "alloc.spec.layout_second", r+1, t)
				}
				used[role] = true
			default:
				return msg.Errorf(nil, "alloc.spec.layout_letter", r+1, strconv.Quote(t))
			}
			if r > 0 && t != "R" {
				return msg.Errorf(nil, "alloc.spec.layout_front", r+1, t)
			}
			u.put(id, r, base+x)
		}
		prev = n
	}
	if len(rf) > 0 {
		return msg.Errorf(nil, "alloc.spec.layout_no_r", len(rf))
	}
	if len(chars) > 0 {
		return msg.Errorf(nil, "alloc.spec.layout_no_h", len(chars))
	}
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if u.s.cmdID[r] >= 0 && !used[r] {
			return msg.Errorf(nil, "alloc.spec.layout_no_letter", string(r.Letter()), r.String())
		}
	}
	return nil
}

// damageError is the DamageError of got landing on model id.
func (u *Unit) damageError(s *unit.Spec, group, entry, got, id int) *unit.DamageError {
	mg := -1
	for i, first := 0, s.Models; i < len(s.Groups) && id >= s.Models; i++ {
		if id < first+s.Groups[i].Count {
			mg = i
			break
		}
		first += s.Groups[i].Count
	}
	return &unit.DamageError{Group: group, Entry: entry, Got: got, Left: u.w(id) - int(u.models[id].damage), Role: u.role(id), ModelGroup: mg}
}

// groupCarried puts a group's starting carried wounds on its troop type's
// pool (11.1), which must be its own: not the pool of the unit's main
// profile, which Spec.Carried sets.
func (u *Unit) groupCarried(s *unit.Spec, i int) error {
	g := s.Groups[i]
	if g.Carried == 0 {
		return nil
	}
	if u.s.perModel {
		return msg.Errorf(nil, "alloc.spec.carried_per_model", g.Carried)
	}
	p := -1
	for i, pi := range u.s.pools {
		if pi.troop == g.Profile.TroopType {
			p = i
		}
	}
	if p < 0 || p == 0 && u.s.ownPool {
		return msg.Errorf(nil, "alloc.spec.carried_shared_unit", g.Carried, g.Profile.TroopType.String())
	}
	for j := range i {
		if s.Groups[j].Profile.TroopType == g.Profile.TroopType {
			return msg.Errorf(nil, "alloc.spec.carried_shared_group", g.Carried, g.Profile.TroopType.String(), j)
		}
	}
	id, _, _ := u.pick(p, nil, false)
	if id < 0 {
		return msg.Errorf(nil, "alloc.spec.carried_no_model", g.Carried, g.Profile.TroopType.String())
	}
	if g.Carried < 0 || g.Carried >= u.w(id)-int(u.models[id].damage) {
		return u.damageError(s, i, -1, g.Carried, id)
	}
	u.pools[p].carried = int16(g.Carried)
	return nil
}

// startDamage applies Spec.Carried, each Group's Carried and Spec.Damage.
func (u *Unit) startDamage(s unit.Spec) error {
	if s.Carried != 0 {
		if u.s.perModel {
			return msg.Errorf(nil, "alloc.spec.carried_use_damage", s.Carried)
		}
		if !u.s.ownPool {
			return msg.Errorf(nil, "alloc.spec.carried_no_pool", s.Carried)
		}
		id, _, _ := u.pick(0, nil, false)
		if s.Carried < 0 || s.Carried >= u.w(id)-int(u.models[id].damage) {
			return u.damageError(&s, -1, -1, s.Carried, id)
		}
		u.pools[0].carried = int16(s.Carried)
	}
	for i := range s.Groups {
		if err := u.groupCarried(&s, i); err != nil {
			return &msg.Error{Msg: msg.New("alloc.spec.group", i, err), Err: err}
		}
	}
	if len(s.Damage) == 0 {
		return nil
	}
	if !u.s.perModel {
		return msg.Errorf(nil, "alloc.spec.damage_per_model")
	}
	if len(u.s.pools) == 0 {
		return msg.Errorf(nil, "alloc.spec.damage_no_pool")
	}
	order := u.removalOrder(0)
	if len(s.Damage) > len(order) {
		return msg.Errorf(nil, "alloc.spec.damage_count", len(s.Damage), len(order))
	}
	for i, d := range s.Damage {
		id := int(order[i])
		if d < 0 || d >= u.w(id) {
			e := u.damageError(&s, -1, i, d, id)
			e.Left = u.w(id) // the list gives each model's damage, champion_damage aside
			return e
		}
		if d == 0 {
			continue
		}
		if u.s.kinds[u.models[id].kind].role == unit.Champion && s.ChampionDamage != 0 {
			return msg.Errorf(nil, "alloc.spec.damage_champion", i)
		}
		u.models[id].damage = uint8(d)
	}
	return nil
}

// removalOrder returns pool p's models in the order 11.2 would remove them
// from the current formation, using the default rules (no Chooser).
func (u *Unit) removalOrder(p int) []int16 {
	sim := u.Clone()
	sim.quiet = true
	var out []int16
	for {
		id, e, err := sim.pick(p, nil, true)
		if err != nil || id < 0 {
			return out
		}
		out = append(out, int16(id))
		sim.removeAt(id, e, 0, nil, "")
	}
}
