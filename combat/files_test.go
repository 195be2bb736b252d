package combat

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
)

// TestExampleFiles runs every example combat: it loads, plays a seeded
// round and a short Monte Carlo run, and its strike order and the attacks
// that do not depend on the dice are what its comment says.
func TestExampleFiles(t *testing.T) {
	type step struct {
		key     Key
		attacks [2]int // -1: the side has no fight at the step; -2: depends on the dice
	}
	want := map[string][]step{
		// E120: Elves 10, then the Men 10 whatever they lost.
		"combat-elves-men.yaml": {{Key{1, 5}, [2]int{10, -1}}, {Key{1, 3}, [2]int{-1, 10}}},
		// E128: the horde's 21; the Elves' 10 kill at most 10 of 40.
		"combat-horde.yaml": {{Key{1, 5}, [2]int{-1, 10}}, {Key{1, 4}, [2]int{21, -1}}},
		// Lances 3 + 4 supporting, champion 2, horses 3 + 1; the spearmen's
		// 4 end models on the flank, no support.
		"combat-knights-flank.yaml": {{Key{1, 3}, [2]int{13, 4}}},
		// Spears: 4 R&F in front (the champion has his own fight) and two
		// supporting ranks of 5, champion 2; halberds 4 + 5, champion 2.
		"combat-spears-halberds.yaml": {{Key{1, 3}, [2]int{16, 11}}},
		// The spearmen's contact is 5 (the enemy's 4 plus one corner each
		// side, capped at 5), with the spear rank: 15; great weapons at step 0.
		"combat-t9a-steadfast.yaml": {{Key{1, 3}, [2]int{-1, 15}}, {Key{0, 0}, [2]int{-2, -1}}},
		// The halberdiers' 5 in front and 5 supporting at I3; the Orcs'
		// 10 at I2 less their casualties: the models stepping up from the
		// rear ranks cannot attack (tow's step_up: lost, 22.18).
		"combat-tow-halberds.yaml": {{Key{1, 3}, [2]int{-1, 10}}, {Key{1, 2}, [2]int{-2, -1}}},
	}
	files, err := filepath.Glob("../examples/combat-*.yaml")
	if err != nil || len(files) != len(want) {
		t.Fatalf("examples %v (%v), want %d", files, err, len(want))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			c := load(t, path)
			steps := want[filepath.Base(path)]
			round, err := c.Resolve(dice.NewSeeded(1))
			if err != nil {
				t.Fatal(err)
			}
			if len(round.Outcome.Steps) != len(steps) {
				t.Fatalf("steps %+v, want %+v", round.Outcome.Steps, steps)
			}
			for k, s := range round.Outcome.Steps {
				w := steps[k]
				if s.Key != w.key {
					t.Errorf("step %d: key %v, want %v", k, s.Key, w.key)
				}
				for i := range 2 {
					switch {
					case w.attacks[i] == -1 && s.Fights[i]:
						t.Errorf("step %v: side %d fights, want not", s.Key, i)
					case w.attacks[i] >= 0 && s.Attacks[i] != w.attacks[i]:
						t.Errorf("step %v: side %d rolled %d attacks, want %d", s.Key, i, s.Attacks[i], w.attacks[i])
					}
				}
			}
			rep, err := c.MonteCarlo(context.Background(), 300, 1)
			if err != nil {
				t.Fatal(err)
			}
			sum := new(bigRat).Add(rep.AWins, rep.Draw)
			sum.Add(sum, rep.BWins)
			if sum.Cmp(one) != 0 {
				t.Errorf("a_wins + draw + b_wins = %s, want 1", sum.RatString())
			}
		})
	}
}

// TestOneBatchPerProfile: the spearmen's champion strikes with the rank
// and file's profile, so the step rolls their 14 + 2 attacks as one batch.
func TestOneBatchPerProfile(t *testing.T) {
	c := load(t, "../examples/combat-spears-halberds.yaml")
	round, err := c.Resolve(dice.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	var starts []string
	for _, e := range round.Steps[0].Sides[0].Events {
		if e.Kind == rearrank.BatchStart {
			starts = append(starts, e.Text)
		}
	}
	if len(starts) != 1 || !strings.Contains(starts[0], "16 attacks") {
		t.Errorf("spearmen's batches %q, want one of 16 attacks", starts)
	}
}

// TestT9ASteadfastExample: the spearmen (7 ranks of 5) are Steadfast
// against heavy infantry 4 wide (no Full Rank) whenever they lose: they
// test on Discipline 7 whatever the score.
func TestT9ASteadfastExample(t *testing.T) {
	c := load(t, "../examples/combat-t9a-steadfast.yaml")
	lost := 0
	for seed := range uint64(40) {
		round, err := c.Resolve(dice.NewSeeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		if b := round.Break; b != nil && b.Side == B {
			lost++
			if !b.Steadfast || b.Need != 7 {
				t.Errorf("seed %d: spearmen lose %v and test %+v, want Steadfast on 7", seed, round.Score, b)
			}
		}
	}
	if lost == 0 {
		t.Error("the spearmen never lost in 40 rounds")
	}
}

// TestIsFile tells every file of examples/ apart by its top-level combat key
// (RULES.md 21.10), as the tests that walk examples/ do: the combat files
// (named combat-*) and nothing else, and examples/README.md lists each.
func TestIsFile(t *testing.T) {
	files, err := filepath.Glob("../examples/*.*")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../examples/README.md")
	if err != nil {
		t.Fatal(err)
	}
	combats := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".md") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(path)
		want := strings.HasPrefix(base, "combat-")
		if got := IsFile(data); got != want {
			t.Errorf("%s: IsFile %v, want %v", base, got, want)
		}
		if want {
			combats++
			if !strings.Contains(string(readme), "("+base+")") {
				t.Errorf("examples/README.md does not list %s", base)
			}
		}
	}
	if combats < 5 {
		t.Errorf("%d combat files in examples/, want 5 or more", combats)
	}
	if IsFile([]byte("ruleset: whfb8\nsides: {}\n")) || IsFile([]byte("- combat\n")) || !IsFile([]byte(`{"combat": {}, "ruleset": "t9a"}`)) {
		t.Error("IsFile: want true only for a mapping with a combat key")
	}
}
