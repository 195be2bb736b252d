package engine

import (
	"math/big"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Chances are the chances of one attack's stages against the target
// numbers Needs (RULES.md 4): those of the tests the referee rolls, with
// the armour and special needs as a die really needs them (Target.Floored:
// a 1+ save needs 2+, a t9a Aegis 2+ needs 3+).
type Chances struct {
	Needs   rearrank.Needs
	Hit     *big.Rat // the attack hits (the whole 7+ procedure)
	Wound   *big.Rat // a hit wounds
	Armour  *big.Rat // an ordinary wound is saved by armour (0 when no save is rolled)
	Special *big.Rat // an ordinary wound past armour is saved by the special save
}

// StageChances returns the chances of each stage of one attack of a against
// u's receiving model, from the tests the referee rolls in the batch.
func StageChances(u *alloc.Unit, a rearrank.Attack) (Chances, error) {
	n, err := Plan(u, a)
	if err != nil {
		return Chances{}, err
	}
	t := testsOf(u.Ruleset(), &a, n)
	c := Chances{Needs: n, Wound: t.wound.chance(), Armour: t.armour[ordinary].chance(), Special: t.special[ordinary].chance()}
	c.Needs.Armour = n.Armour.Floored(rules.ArmourFloor(u.Ruleset()))
	c.Needs.Special = n.Special.Floored(rules.SpecialFloor(u.Ruleset()))
	switch {
	case t.autoHit:
		c.Hit = big.NewRat(1, 1)
	case !t.canHit:
		c.Hit = new(big.Rat)
	case t.hit.need.IsNone():
		c.Hit = big.NewRat(1, 1)
	case t.hitAgain.need.IsNone():
		c.Hit = t.hit.chance()
	case t.seven != rules.EachDie:
		c.Hit = sevenPlusChance(&t)
	default:
		c.Hit = new(big.Rat).Mul(t.hit.chance(), t.hitAgain.chance())
	}
	if !t.hitRetry.need.IsNone() && c.Hit.Sign() > 0 { // 22.2: a miss is re-rolled once
		c.Hit.Add(c.Hit, new(big.Rat).Mul(retriedMiss(&t), t.hitRetry.chance()))
	}
	return c, nil
}

// retriedMiss is the chance that the first to-hit roll of t misses with no
// die of it re-rolled, so that the BS 6+ re-roll of a miss follows
// (RULES.md 22.2, 22.18). The only other grant there is a re-roll of
// successes that the target imposes (plan), which never touches a miss;
// but under the 7+ procedure with each_die it re-rolls every first die's
// 6, so only a first die that failed is retried.
func retriedMiss(t *batchTests) *big.Rat {
	p1 := big.NewRat(int64(7-min(t.hit.low, 7)), 6)
	hit := p1 // the first roll hits, its re-rolls aside
	if !t.hitAgain.need.IsNone() && !(t.hit.redoesPass() && t.seven == rules.EachDie) {
		hit.Mul(p1, big.NewRat(int64(7-min(t.hitAgain.low, 7)), 6))
	}
	return hit.Sub(big.NewRat(1, 1), hit)
}

// sevenPlusChance is the chance that the 7+ procedure of t hits with one
// re-roll for the whole procedure (failing_die or whole_roll; RULES.md
// 20.1, E91), as sevenPlusOnce rolls it.
func sevenPlusChance(t *batchTests) *big.Rat {
	rr := t.hit.rr
	face := func(low int8) (pass, fail, one *big.Rat) { // chances of a pass, a re-rolled failure, a natural 1
		pass = big.NewRat(int64(7-min(low, 7)), 6)
		fail = new(big.Rat).Sub(big.NewRat(1, 1), pass)
		if rr&rules.RerollFailed == 0 {
			fail = new(big.Rat)
			if rr&rules.RerollOnes != 0 && low > 1 {
				fail = big.NewRat(1, 6)
			}
		}
		return pass, fail, nil
	}
	p1, a1, _ := face(t.hit.low)
	p2, a2, _ := face(t.hitAgain.low)
	mul := func(x ...*big.Rat) *big.Rat {
		r := big.NewRat(1, 1)
		for _, v := range x {
			r.Mul(r, v)
		}
		return r
	}
	add := func(x ...*big.Rat) *big.Rat {
		r := new(big.Rat)
		for _, v := range x {
			r.Add(r, v)
		}
		return r
	}
	imposed := rr&rules.RerollSuccesses != 0
	if t.seven == rules.FailingDie {
		// first die re-rolled: a1 p1 p2; else p1 x (second kept or re-rolled)
		second := add(mul(p2, p2), mul(a2, p2))
		if !imposed {
			second = add(p2, mul(a2, p2))
		}
		return add(mul(a1, p1, p2), mul(p1, second))
	}
	// whole_roll: P0, and once more after a re-rolled failure (the
	// deciding die: the first when it failed, else the second) or an
	// imposed success
	p0 := mul(p1, p2)
	again := add(a1, mul(p1, a2))
	kept := p0
	if imposed {
		kept = mul(p0, p0)
	}
	return add(kept, mul(again, p0))
}

// begin starts the next attack group: the phase, the receiving model and
// every target number of the batch (fixed before any die is rolled).
func (m *Machine) begin(log func(rearrank.Event)) error {
	a := m.attack()
	s := &m.s
	if m.joined() && s.inBatch {
		return m.beginProfile(log)
	}
	if !s.phaseSeen || a.Phase != s.phase {
		s.phaseSeen, s.phase, s.panicked = true, a.Phase, false
		m.uw().StartPhase()
		s.crits = nil // clones may share the old backing array
	}
	if !rules.For(m.rs()).Block {
		s.allow = m.allowanceKey()
	}
	if a.Phase != rules.Melee && m.rs().Block() {
		s.panicApplies = true
	}
	s.hits, s.wounds, s.failed, s.kills, s.unsaved, s.flamed, s.batchCas, s.singles, s.cleave = 0, woundPool{}, woundPool{}, 0, 0, false, 0, 0, 0
	s.poison, s.mPoison, s.pRoll, s.extra, s.again, s.spent = 0, 0, 0, 0, 0, 0
	m.nos = nil
	if log != nil {
		m.numbers().before = s.tally.Wounds
		text := msg.New("engine.batch.start", m.groupArg(), countOf(a.Count.String()), a.Strength, a.Phase.Msg())
		if n := m.profiles(); n > 1 {
			text = msg.New("engine.batch.start_profile", m.groupArg(), countOf(a.Count.String()), a.Strength, a.Phase.Msg(), a.Batch, 1, n)
		}
		m.emit(log, rearrank.Event{Kind: rearrank.BatchStart, Msg: text})
	}
	recv, aim, err := receiver(m.u, a.Target)
	if err != nil {
		switch {
		case m.u.Fighter() != nil: // skirmish: one warrior, no unit (13)
			m.note(log, rearrank.NoStage, "RULES.md 13", "engine.plan.out_of_action")
		case m.u.Destroyed():
			m.note(log, rearrank.NoStage, "RULES.md 12", "engine.plan.destroyed")
		default:
			if log != nil {
				m.note(log, rearrank.NoStage, "RULES.md 10", "engine.plan.no_target", noTarget{err})
			}
		}
		m.toEnd()
		return nil
	}
	s.recv, s.aim = receivingOf(recv), aim
	s.recv.mixedW = m.u.MixedW(aim)
	if aim != a.Target && log != nil {
		m.note(log, rearrank.NoStage, "RULES.md 10.1", "engine.plan.champion_left", m.roleName(unit.Champion, ""))
	}
	s.tests = testsOf(m.rs(), a, plan(m.u, *a, recv))
	s.tests.ordered, s.seq = m.orderedGroup(), ""
	if err := m.ownerSaves(log, recv); err != nil {
		return err
	}
	m.uw().StartBatch(m.ch)
	s.inBatch = true
	s.i, s.n = 0, 0
	s.at = stepCount
	return nil
}

// receiver returns the model an attack group rolls against. In t9a and
// t9a1-ru the champion is a pool of his own that takes the rank and file's
// overflow once every other rank-and-file model is gone (RULES.md 10.1), so
// attacks on the rank and file of a unit with only its champion left roll
// against him.
//
// It also returns the target the wounds go to: the champion in that case.
func receiver(u *alloc.Unit, t unit.Target) (unit.Model, unit.Target, error) {
	recv, err := u.Receiver(t)
	if err == nil || t.Role != unit.RankAndFile || !rules.For(u.Ruleset()).ChampionPool {
		return recv, t, err
	}
	if u.Count(unit.RankAndFile)+u.Count(unit.Musician)+u.Count(unit.StandardBearer) > 0 {
		return recv, t, err
	}
	champ := unit.Target{Role: unit.Champion}
	if m, cerr := u.Receiver(champ); cerr == nil {
		return m, champ, nil
	}
	return recv, t, err
}

// Plan returns the target numbers of attack a against u's receiving model:
// the numbers the referee rolls against in the batch.
func Plan(u *alloc.Unit, a rearrank.Attack) (rearrank.Needs, error) {
	recv, _, err := receiver(u, a.Target)
	if err != nil {
		return rearrank.Needs{}, err
	}
	return plan(u, a, recv), nil
}

func plan(u *alloc.Unit, a rearrank.Attack, recv unit.Model) rearrank.Needs {
	rs, o := u.Ruleset(), u.Options()
	var n rearrank.Needs
	var need rules.Target
	clamped := false // a melee need of 7+ made 6+ (20.4)
	switch {
	case !a.Hit.Need.IsNone():
		need = rules.TargetToHit(rs, a.Hit.Need, a.Hit.Modifier)
		if a.Phase == rules.Melee {
			if clamped = need.Value() > 6; clamped {
				n.MeleeSeven = need
			}
			need = rules.MeleeHitClamp(need) // 20.4, 20.13
		}
	case a.Hit.BS != 0:
		need = rules.ShootingToHit(rs, a.Hit.BS, a.Hit.Modifier)
		n.HitRetry = rules.ShootingRetry(rs, a.Hit.BS)
	case a.Hit.WS != 0:
		need = rules.MeleeToHit(rs, a.Hit.WS, recv.WS, o)
		if a.Hit.Modifier != 0 {
			need = rules.TargetToHit(rs, need, a.Hit.Modifier)
			if clamped = need.Value() > 6; clamped {
				n.MeleeSeven = need
			}
			need = rules.MeleeHitClamp(need) // 20.4
		}
	}
	n.Poison = a.Poison
	if clamped && rules.For(rs).NoPoisonOnMeleeSeven {
		n.Poison = 0 // 22.17
	}
	if need.IsNone() {
		n.AutoHit, n.CanHit = true, true
	} else {
		n.Hit, n.HitAgain, n.CanHit = rules.HitRolls(rs, need, o)
		n.ToHit = n.Hit
		if !n.HitAgain.IsNone() {
			n.ToHit = need
		}
	}
	if !n.CanHit {
		n.HitRetry = rules.None // 22.17: a first roll needing 10+ is not re-rolled
	}
	n.Wound = rules.ToWoundModified(rs, a.Strength, recv.T, a.WoundModifier, o)
	if a.Poison != 0 && !rules.PoisonAutoWounds(rs, o) {
		n.WoundPoison = rules.PoisonedToWound(n.Wound) // 22.3
	}
	pen := rules.Penetration{Strength: a.Strength, AP: a.AP, ArmourPiercing: a.ArmourPiercing, Melee: a.Phase == rules.Melee}
	bp := pen // Armour Bane's: the same attack, Parry in melee included (22.4)
	n.Armour = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	n.ArmourLethal = n.Armour
	switch {
	case rules.For(rs).LethalStrikeAP:
		pen.AP = 10 // Lethal Strike (19.3)
		n.ArmourLethal = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	case rules.LethalStrikeNoArmour(rs):
		n.ArmourLethal = rules.None
	}
	if rules.For(rs).LethalStrike {
		n.LethalStrike = a.LethalStrike
	}
	if a.ArmourBane > 0 && !(a.Phase == rules.Magic && rules.For(rs).ArmourBaneNotInMagic) { // 20.2: classic need += X, t9a AP + X
		n.ArmourBane = a.ArmourBaneOn
		if n.ArmourBane == 0 {
			n.ArmourBane = rules.NaturalSix
		}
		if tr := rules.For(rs); tr.ArmourValue || tr.SuitWithAP { // tow: AP worsened by X (22.3)
			bp.AP += a.ArmourBane
		} else {
			bp.ArmourPiercing += a.ArmourBane
		}
		n.ArmourBaned = rules.ArmourSave(rs, recv.Save, recv.TroopType, bp, o)
	}
	n.KillingBlow, n.KBSlays, n.Cleaving = killingBlow(rs, &a, recv.TroopType, o)
	if a.NoSaves || a.IgnoreArmour || a.InstantKill {
		n.Armour, n.ArmourLethal, n.ArmourBaned = rules.None, rules.None, rules.None
	}
	ctx := saveContext(&a, u.RegenLost())
	n.Special, n.SpecialKind, n.SpecialReroll = specialSave(rs, recv.Specials, ctx, o, &a)
	lctx := ctx
	lctx.LethalSix = true
	n.SpecialLethal, n.SpecialKindL, n.SpecialRerollL = specialSave(rs, recv.Specials, lctx, o, &a)
	kctx := ctx
	kctx.KillingBlow = true
	n.SpecialKB, n.SpecialKindKB, n.SpecialRerollKB = specialSave(rs, recv.Specials, kctx, o, &a)
	n.Regeneration = rules.RegenerationAfter(rs, recv.Specials, ctx, o)
	n.HitReroll, n.WoundReroll = a.RerollHit, a.RerollWound
	if a.Hatred {
		n.HitReroll |= rules.RerollFailed // 20.1: Hatred, in melee
	}
	if !n.HitRetry.IsNone() {
		// 22.17, 22.18: the BS 6+ re-roll is a miss's one re-roll (U1), so
		// only a re-roll of successes that the target imposes is left
		n.HitReroll &= rules.RerollSuccesses
	}
	n.HitReroll, n.WoundReroll = n.HitReroll.Normal(), n.WoundReroll.Normal()
	if n.HitReroll != 0 && !n.HitAgain.IsNone() {
		n.SevenPlusReroll = o.SevenPlusReroll
	}
	n.ArmourReroll = recv.Save.Reroll.Own()
	if a.ForceRerollArmour {
		n.ArmourReroll |= rules.RerollSuccesses
	}
	n.ArmourReroll = n.ArmourReroll.Normal()
	return n
}

// killingBlow returns the natural to-wound roll that fires a's Killing Blow
// against a model of troop type tt (0 when it has none, or when it changes
// nothing: an instant kill, or a troop type it cannot slay where that is an
// ordinary wound), whether it slays (RULES.md 20.2, 20.6, 20.9), and the
// roll that fires a tow Cleaving Blow of its own beside it (categoryBlow).
func killingBlow(rs rules.Ruleset, a *rearrank.Attack, tt rules.TroopType, o rules.Options) (rules.Trigger, bool, rules.Trigger) {
	tr, heroic := a.KillingBlow, false
	if a.HeroicKillingBlow != 0 {
		tr, heroic = a.HeroicKillingBlow, true
	}
	if rules.For(rs).BlowsByCategory {
		return categoryBlow(rs, a, tt)
	}
	switch {
	case tr == 0 || a.InstantKill || !rules.For(rs).KillingBlow:
		return 0, false, 0
	case rules.BlowSlays(rs, tt, heroic):
		return tr, true, 0
	case rules.For(rs).KBOtherOf(o) == rules.KBNoArmourNoRegen:
		return tr, false, 0
	}
	return 0, false, 0
}

// categoryBlow returns the natural to-wound roll that fires one of a's
// blows against a model of troop type tt where the blows go by troop
// category (rules.Traits.BlowsByCategory: tow), and whether it slays
// (RULES.md 22.3, 22.17): in melee only, Killing Blow against the
// infantry and cavalry categories and Monster Slayer against monsters take
// every Wound left; Cleaving Blow against regular infantry, cavalry and
// war beasts takes the armour and Regeneration saves of that one wound.
// Killing Blow and Cleaving Blow each fire on their own score (22.18):
// the third result is the Cleaving Blow's where it fires on rolls the
// Killing Blow does not (a lower score), since a roll that fires both is
// the Killing Blow's; it is 0 otherwise.
func categoryBlow(rs rules.Ruleset, a *rearrank.Attack, tt rules.TroopType) (rules.Trigger, bool, rules.Trigger) {
	kb := a.KillingBlow
	if kb == 0 {
		kb = a.HeroicKillingBlow // a Killing Blow in tow (the file refuses it)
	}
	cleaves := a.CleavingBlow != 0 && rules.Cleaves(tt)
	switch {
	case a.InstantKill || a.Phase != rules.Melee:
		return 0, false, 0 // 22.17: the blows fire in close combat only
	case kb != 0 && rules.BlowSlays(rs, tt, false):
		if cleaves && a.CleavingBlow < kb {
			return kb, true, a.CleavingBlow
		}
		return kb, true, 0
	case a.MonsterSlayer != 0 && tt.Category() == rules.Monster:
		return a.MonsterSlayer, true, 0
	case cleaves:
		return a.CleavingBlow, false, 0
	}
	return 0, false, 0
}

// saveContext is what attack a says about the special saves against its
// wounds (RULES.md 8, 19.3): Flaming, its phase for conditional saves (8.2),
// and no saves for no_saves and instant kills.
func saveContext(a *rearrank.Attack, regenLost bool) rules.SaveContext {
	return rules.SaveContext{Flaming: a.Flaming, Phase: a.Phase, RegenLost: regenLost, NoSaves: a.NoSaves || a.InstantKill}
}

// specialRerolls returns the re-rolls of special save kind against a: the
// model's own, and the successes the attack makes it re-roll (20.1; t9a
// Divine Attacks re-roll Aegis, and a t9a ward reads as Aegis, 20.5, 20.13).
func specialRerolls(rs rules.Ruleset, sp rules.SpecialSaves, kind rules.SpecialKind, a *rearrank.Attack) rules.Reroll {
	r := sp.Reroll.Own()
	if a.ForceRerollSpecial || a.DivineAttacks && rules.For(rs).DivineAttacks && (kind == rules.Aegis || kind == rules.Ward) {
		r |= rules.RerollSuccesses
	}
	return r.Normal()
}

// specialSave is rules.SpecialSave with the re-rolls of 20.1: under
// special_save_choice best, the save with the highest chance after its
// re-rolls is rolled, ties to the earlier in the rules' order (C23, E94).
func specialSave(rs rules.Ruleset, sp rules.SpecialSaves, ctx rules.SaveContext, o rules.Options, a *rearrank.Attack) (rules.Target, rules.SpecialKind, rules.Reroll) {
	need, kind := rules.SpecialSave(rs, sp, ctx, o)
	rr := specialRerolls(rs, sp, kind, a)
	if need.IsNone() || o.SpecialSaveChoice != rules.BestSave || sp.Reroll == 0 && !a.ForceRerollSpecial && !a.DivineAttacks {
		return need, kind, rr
	}
	floor := rules.SpecialFloor(rs)
	best := newTest(rearrank.Special, need, floor)
	best.rr = rr
	bestChance := best.chance()
	for _, c := range rules.SpecialSaveOptions(rs, sp, ctx, o) {
		t := newTest(rearrank.Special, c.Save, floor)
		t.rr = specialRerolls(rs, sp, c.Kind, a)
		if ch := t.chance(); ch.Cmp(bestChance) > 0 {
			need, kind, rr, bestChance = c.Save, c.Kind, t.rr, ch
		}
	}
	return need, kind, rr
}

// hatredUnused says that the group's Hatred and its re-roll of to-hit
// rolls did nothing: its attacks hit automatically, so there is no to-hit
// roll to re-roll (RULES.md 20.1, 22.18).
func (m *Machine) hatredUnused(log func(rearrank.Event)) {
	a := m.attack()
	if log == nil || !a.Hit.Auto() {
		return
	}
	if a.Hatred {
		m.note(log, rearrank.Hit, "RULES.md 20.1", "engine.plan.hatred_auto")
	}
	if rr := a.RerollHit.Normal(); rr != 0 {
		m.note(log, rearrank.Hit, "RULES.md 20.1", "engine.plan.reroll_auto", rerollMsg(rr))
	}
}

// count rolls the number of attacks when it is a dice expression.
func (m *Machine) count(d *dieSource) error {
	a := m.attack()
	n, ok := a.Count.Const()
	if !ok {
		var err error
		if n, err = m.rollExpr(d, a.Count, rearrank.Attacks, 0, func() msg.Message { return msg.New("engine.die.attacks") }); err != nil {
			return err
		}
		if d.log != nil {
			m.note(d.log, rearrank.Attacks, "", "engine.plan.attacks", countOf(a.Count.String()), n)
		}
	}
	if !rules.For(m.rs()).Block {
		m.hatredUnused(d.log)
		m.s.i, m.s.n, m.s.at = 0, n, stepSkirmish
		return m.advance(d.log)
	}
	if a.Hit.Auto() {
		m.s.hits = n
		if d.log != nil {
			m.note(d.log, rearrank.Hit, "RULES.md 5", "engine.plan.auto_hits", n)
		}
		m.hatredUnused(d.log)
		m.startMulti(d.log)
		return nil
	}
	if !m.s.tests.canHit {
		m.note(d.log, rearrank.Hit, "RULES.md 5", "engine.plan.cannot_hit")
		if m.profiles() > 1 {
			m.hold(d.log) // the batch's other profiles still roll (C24)
			return nil
		}
		m.toEnd()
		return nil
	}
	if d.log != nil && !m.s.tests.meleeSeven.IsNone() {
		m.note(d.log, rearrank.Hit, "RULES.md 5", "engine.plan.melee_seven", m.s.tests.meleeSeven.String())
	}
	if m.s.tests.seven == rules.WholeRoll && d.log != nil {
		m.note(d.log, rearrank.Hit, "RULES.md 20.1", "engine.plan.whole_roll")
	}
	m.s.i, m.s.n, m.s.at = 0, n, stepHit
	return m.advance(d.log)
}

// noTarget is the error of a target the unit cannot supply, said without
// the words of unit.ErrNoTarget that it begins with.
type noTarget struct{ err error }

func (e noTarget) Text(l msg.Lang) string {
	return strings.TrimPrefix(msg.ErrorText(e.err, l), unit.ErrNoTarget.Error()+": ")
}

// rollExpr rolls a dice expression die by die.
func (m *Machine) rollExpr(d *dieSource, e dice.Expr, stage rearrank.Stage, attack int, what func() msg.Message) (int, error) {
	n, sides := e.Dice()
	total := e.Modifier()
	if s := d.caps.seeded; s != nil && d.log == nil {
		for range n { // the same dice, with nothing to describe or log
			total += s.Roll(sides)
		}
		return max(total, 0), nil
	}
	for k := 0; k < n; k++ {
		face, err := d.roll(sides, stage, func() msg.Message {
			if n == 1 {
				return msg.New("engine.die.expr", what(), e.String())
			}
			return msg.New("engine.die.expr_die", what(), e.String(), k+1, n)
		})
		if err != nil {
			return 0, err
		}
		total += face
		if d.log != nil {
			var all any = ""
			if k == n-1 && e.Modifier() != 0 { // D3+1: the die is not the total
				all = msg.New("engine.die.in_all", max(total, 0))
			}
			text := msg.New("engine.die.expr_rolls_die", what(), e.String(), k+1, n, face, all)
			if n == 1 {
				text = msg.New("engine.die.expr_rolls", what(), e.String(), face, all)
			}
			m.emit(d.log, rearrank.Event{Kind: rearrank.Roll, Stage: stage, Attack: attack, Sides: sides, Face: face, Msg: text})
		}
	}
	return max(total, 0), nil
}
