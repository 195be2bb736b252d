package referee_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// inOrder fails unless log holds each of lines, one after another.
func inOrder(t *testing.T, name, log string, lines ...string) {
	t.Helper()
	rest := log
	for _, l := range lines {
		i := strings.Index(rest, l)
		if i < 0 {
			t.Errorf("%s: want %q after the lines before it in:\n%s", name, l, log)
			return
		}
		rest = rest[i+len(l):]
	}
}

// usesAll resolves attacks against u with faces, checks that the
// resolution uses every die and leaves unsaved wounds past every save, and
// returns its log.
func usesAll(t *testing.T, name string, u *rearrank.Unit, attacks []rearrank.Attack, unsaved int, faces ...int) string {
	t.Helper()
	res, r := resolve(t, u, attacks, faces...)
	log := logText(res)
	if res.Tally.Unsaved != unsaved || r.Used() != len(faces) {
		t.Errorf("%s: unsaved %d with %d dice, want %d with %d:\n%s", name, res.Tally.Unsaved, r.Used(), unsaved, len(faces), log)
	}
	return log
}

// sevenPlusBlocks returns the block rulesets where a shooting to_hit of 7+
// is the 7+ procedure (a 6, then 4+; RULES.md 5, 20.4).
func sevenPlusBlocks(t *testing.T) []rules.Ruleset {
	t.Helper()
	var out []rules.Ruleset
	for _, rs := range rules.Rulesets() {
		if !rs.Block() {
			continue
		}
		s := unit.Spec{Ruleset: rs, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
		n, err := engine.Plan(au(mustUnit(t, s)), rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, Target: rf})
		if err != nil {
			t.Fatal(err)
		}
		if n.Hit.String() == "6+" && n.HitAgain.String() == "4+" {
			out = append(out, rs)
		}
	}
	if len(out) < 4 {
		t.Fatalf("the 7+ procedure in only %v", out)
	}
	return out
}

// TestSevenPlusFailingDieDiceOrder: under seven_plus_reroll failing_die the
// referee asks for the dice in RULES.md 20.1's order in every block
// ruleset: every first die; the re-rolls of the first dice that failed;
// every second die; the re-rolls of the second dice whose procedure has not
// spent its one re-roll; then the to-wound dice.
func TestSevenPlusFailingDieDiceOrder(t *testing.T) {
	for _, rs := range sevenPlusBlocks(t) {
		s := unit.Spec{Ruleset: rs, Models: 5, Options: rules.Options{SevenPlusReroll: rules.FailingDie}, Profile: unit.Profile{W: 1, T: 3}}
		bows := func(n int, rr rules.Reroll) []rearrank.Attack {
			return []rearrank.Attack{{Count: dice.ConstExpr(n), Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3,
				NoSaves: true, RerollHit: rr, Target: rf}}
		}

		// The first die's re-roll: attack 2's 1 is re-rolled (6) after
		// attack 3's first die. The second dice: attacks 1 and 3 (4, 2),
		// then attack 2, whose procedure spent its re-roll (2 stands);
		// attack 3's 2 is re-rolled (5) after them. Two hits wound on 5, 5.
		name := rs.String() + " first die re-rolled"
		log := usesAll(t, name, mustUnit(t, s), bows(3, rules.RerollFailed), 2, 6, 1, 6, 6, 4, 2, 2, 5, 5, 5)
		inOrder(t, name, log,
			"to-hit, attack 1 of 3: 6 vs 6+, hit",
			"to-hit, attack 2 of 3: 1 vs 6+, miss",
			"to-hit, attack 3 of 3: 6 vs 6+, hit",
			"to-hit, attack 2 of 3: 1 re-rolled (re-roll failed): 6, hit",
			"7+ to hit, second die 1 of 3: 4 vs 4+, hit",
			"7+ to hit, second die 2 of 3: 2 vs 4+, miss",
			"7+ to hit, second die 3 of 3: 2 vs 4+, miss",
			"second die 3 of 3: not re-rolled, its procedure's one re-roll went on the first die (seven_plus_reroll: failing_die)",
			"7+ to hit, second die 2 of 3: 2 re-rolled (re-roll failed): 5, hit",
			"to-wound, hit 1 of 2, S3 vs T3: 5 vs 4+, wounds",
			"to-wound, hit 2 of 2, S3 vs T3: 5 vs 4+, wounds")

		// The second die's re-roll: attack 2's first die (2) is re-rolled
		// (5, a miss) before attack 1's second die (3), whose re-roll (4)
		// hits; one hit wounds on 4.
		name = rs.String() + " second die re-rolled"
		log = usesAll(t, name, mustUnit(t, s), bows(2, rules.RerollFailed), 1, 6, 2, 5, 3, 4, 4)
		inOrder(t, name, log,
			"to-hit, attack 1 of 2: 6 vs 6+, hit",
			"to-hit, attack 2 of 2: 2 vs 6+, miss",
			"to-hit, attack 2 of 2: 2 re-rolled (re-roll failed): 5, miss",
			"7+ to hit, second die 1 of 1: 3 vs 4+, miss",
			"7+ to hit, second die 1 of 1: 3 re-rolled (re-roll failed): 4, hit",
			"to-wound, hit 1 of 1, S3 vs T3: 4 vs 4+, wounds")

		// Imposed (successes): the first die's 6 stands; the second die
		// once it succeeded (5) is re-rolled (2) and misses; its line
		// leaves the outcome to the re-roll.
		name = rs.String() + " imposed"
		log = usesAll(t, name, mustUnit(t, s), bows(1, rules.RerollSuccesses), 0, 6, 5, 2)
		inOrder(t, name, log,
			"to-hit, attack 1 of 1: 6 vs 6+, hit",
			"7+ to hit, second die 1 of 1: 5 vs 4+, to be re-rolled (re-roll of successes imposed by the target)",
			"7+ to hit, second die 1 of 1: 5 re-rolled (re-roll of successes imposed by the target): 2, miss")
	}
}

// rerollRe reads a re-roll line's first roll and re-roll (RULES.md 20.8).
var rerollRe = regexp.MustCompile(`: (\d) re-rolled \([^)]*\): (\d), `)

// checkRerollLines checks a resolution's log against the dice it used:
// every die shows once, in the order given; every re-roll line names, as
// its first roll, the face of an earlier roll of the same stage, item and
// target number that nothing else re-rolled; its second face is the die
// the re-roll used.
func checkRerollLines(t *testing.T, name string, res *referee.Result, faces []int) {
	t.Helper()
	type first struct {
		stage rearrank.Stage
		item  int
		need  string
	}
	waiting := map[first][]int{} // first rolls not yet re-rolled
	n := 0
	for _, e := range res.Events {
		if e.Kind != rearrank.Roll && e.Kind != rearrank.Reroll || e.Sides == 0 {
			continue
		}
		if n >= len(faces) || e.Face != faces[n] {
			t.Fatalf("%s: die %d of the log shows %d, the dice give %v:\n%s", name, n+1, e.Face, faces[:min(n+1, len(faces))], logText(res))
		}
		n++
		f := first{e.Stage, e.Attack, e.Need.String()}
		if e.Kind == rearrank.Roll {
			waiting[f] = append(waiting[f], e.Face)
			continue
		}
		m := rerollRe.FindStringSubmatch(e.Text)
		if m == nil || m[2] != strconv.Itoa(e.Face) {
			t.Fatalf("%s: re-roll line %q does not give its die %d:\n%s", name, e.Text, e.Face, logText(res))
		}
		before, _ := strconv.Atoi(m[1])
		i := slices.Index(waiting[f], before)
		if i < 0 {
			t.Fatalf("%s: re-roll line %q names a first roll %d that no %s roll of item %d against %s shows:\n%s", name, e.Text, before, e.Stage, e.Attack, f.need, logText(res))
		}
		waiting[f] = slices.Delete(waiting[f], i, i+1)
	}
}

// TestRerollLinesNameTheirFirstRoll: in batches that mix wound kinds
// (poisoned hits, Killing Blows, Lethal Strikes, Armour Bane, ordinary
// wounds) with reroll_wound: failed and save re-rolls, every re-roll line
// gives the first roll it re-rolls and the die that re-rolled it (RULES.md
// 20.1, 20.8). tow's poisoned hits roll to wound at +2 as the stage's first
// items (22.3), and their re-rolls come first too.
func TestRerollLinesNameTheirFirstRoll(t *testing.T) {
	tow := unit.Spec{Ruleset: rules.TOW, Models: 10, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour, Reroll: rules.RerollFailed}}}
	blades := rearrank.Attack{Count: dice.ConstExpr(4), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3,
		Poison: rules.NaturalSix, KillingBlow: rules.NaturalSix, ArmourBane: 1, RerollWound: rules.RerollFailed, Target: rf}

	// Attacks 1 and 3 are poisoned (6s) and roll to wound at 2+: hit 1's 1
	// is re-rolled first (6), then the ordinary hits 3 and 4 (3 and 2, at
	// 4+): 5 and 4.
	faces := []int{6, 4, 6, 4, 1, 2, 3, 2, 6, 5, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	res, r := resolve(t, mustUnit(t, tow), []rearrank.Attack{blades}, faces...)
	checkRerollLines(t, "tow", res, faces[:r.Used()])
	inOrder(t, "tow", logText(res),
		"to-wound, hit 1 of 4, S3 vs T3: 1 vs 2+, fails to wound",
		"to-wound, hit 3 of 4, S3 vs T3: 3 vs 4+, fails to wound",
		"to-wound, hit 4 of 4, S3 vs T3: 2 vs 4+, fails to wound",
		"to-wound, hit 1 of 4, S3 vs T3: 1 re-rolled (re-roll failed): 6, wounds",
		"to-wound, hit 3 of 4, S3 vs T3: 3 re-rolled (re-roll failed): 5, wounds",
		"to-wound, hit 4 of 4, S3 vs T3: 2 re-rolled (re-roll failed): 4, wounds")

	// Random dice over batches of every kind of wound.
	t9a1 := unit.Spec{Ruleset: rules.T9A1RU, Models: 10, Profile: unit.Profile{W: 1, T: 3,
		Save:     rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true, Reroll: rules.RerollOnes},
		Specials: rules.SpecialSaves{Ward: target("5+"), Reroll: rules.RerollFailed}}}
	mixed := rearrank.Attack{Count: dice.ConstExpr(8), Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 4,
		Poison: rules.Trigger(5), KillingBlow: rules.NaturalSix, LethalStrike: rules.Trigger(5), ArmourBane: 1, ArmourBaneOn: rules.Trigger(4),
		RerollHit: rules.RerollOnes, RerollWound: rules.RerollFailed, ForceRerollArmour: true, Target: rf}
	towMixed := blades
	towMixed.Count = dice.ConstExpr(8)
	towMixed.MultipleHits = expr("D3")
	rnd := rand.New(rand.NewPCG(12, 20))
	for _, sc := range []struct {
		name string
		s    unit.Spec
		a    rearrank.Attack
	}{{"t9a1-ru", t9a1, mixed}, {"tow", tow, towMixed}} {
		for range 300 {
			r := &recRoller{r: rnd}
			res, err := referee.Resolve(mustUnit(t, sc.s), []rearrank.Attack{sc.a}, r)
			if err != nil {
				t.Fatal(err)
			}
			checkRerollLines(t, sc.name, res, r.faces)
		}
	}
}

// recRoller rolls at random and keeps the faces it gave.
type recRoller struct {
	r     *rand.Rand
	faces []int
}

func (r *recRoller) Roll(sides int) int {
	f := 1 + r.r.IntN(sides)
	r.faces = append(r.faces, f)
	return f
}

// TestDivineAttacksSaveOutcomeAfterReroll: a t9a Aegis save that passed
// and that Divine Attacks make the model re-roll (RULES.md 20.5) says so on
// its line, and its outcome is the re-roll's, on the line after (20.8).
func TestDivineAttacksSaveOutcomeAfterReroll(t *testing.T) {
	s := unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: unit.Profile{W: 3, T: 4, Specials: rules.SpecialSaves{Aegis: target("4+")}}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 4, DivineAttacks: true, Target: rf}}
	// hits 5, 5; wounds 5, 5; Aegis 5 (re-rolled: 2) and 2 (failed)
	faces := []int{5, 5, 5, 5, 5, 2, 2}
	res, r := resolve(t, mustUnit(t, s), a, faces...)
	log := logText(res)
	if res.Tally.Unsaved != 2 || r.Used() != 7 {
		t.Errorf("unsaved %d with %d dice, want 2 with 7:\n%s", res.Tally.Unsaved, r.Used(), log)
	}
	if strings.Contains(log, "5 vs 4+, saved") {
		t.Errorf("the re-rolled Aegis save says saved before its re-roll:\n%s", log)
	}
	inOrder(t, "Divine Attacks", log,
		"aegis save, wound 1 of 2: 5 vs 4+, to be re-rolled (Divine Attacks)",
		"aegis save, wound 2 of 2: 2 vs 4+, failed",
		"aegis save, wound 1 of 2: 5 re-rolled (Divine Attacks): 2, failed")
	checkRerollLines(t, "Divine Attacks", res, faces)
}
