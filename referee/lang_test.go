package referee_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	scenariofile "github.com/rearrank/rearrank/scenario"
)

// combatFile tells a combat file of examples/ from a scenario (the
// combat package loads those, and its golden files show their log).
var combatFile = regexp.MustCompile(`(?m)^"?combat"?\s*:`)

// latin finds what Russian text should not hold: a run of three or more
// Latin letters, a word left in English.
var latin = regexp.MustCompile(`[A-Za-z]{3,}`)

// codes are the values of scenario files and the rule references a
// Russian sentence keeps as they are written, a contract: the switches
// (seven_plus_reroll: whole_roll), the weapon classes a skirmish
// critical names (rules' critical line), the references of docs/rules.md.
var codes = regexp.MustCompile(`seven_plus_reroll|whole_roll|failing_die|regeneration_timing|sequential|` +
	`\b(?:bladed|bludgeoning|thrusting|missile|unarmed)\b`)

// foreign are the messages whose string arguments another package wrote in
// English and the engine passes on: internal/alloc's notes, the rule of a
// casualty, the reason a target is missing. They are named, not
// translated, here; their arguments are left out of the check.
var foreign = map[msg.ID]bool{"engine.text": true, "engine.casualty.why": true, "engine.plan.no_target": true}

// strings of m that are names or foreign text, to be left out of the
// check: the arguments of foreign messages, and names (a group's, a
// batch's, a character's) wherever they are.
func leftOut(m msg.Message, names map[string]bool, out *[]string) {
	for _, a := range m.Args {
		switch v := a.(type) {
		case string:
			if foreign[m.ID] || names[v] {
				*out = append(*out, v)
			}
		case msg.Message:
			leftOut(v, names, out)
		case msg.Texter:
			if foreign[m.ID] {
				*out = append(*out, v.Text(msg.Russian))
			}
		}
	}
}

// english returns the English words left in Russian text ru, after the
// strings of skip.
func english(ru string, skip []string) []string {
	for _, s := range skip {
		ru = strings.ReplaceAll(ru, s, " ")
	}
	return latin.FindAllString(codes.ReplaceAllString(ru, " "), -1)
}

// TestLogInRussian resolves every example scenario with seeded dice and
// renders every event in Russian: each event carries a message, its
// English is its Text byte for byte, and its Russian leaves no English
// word but names, codes and the text of other packages (foreign). The
// stage runs, the wasted wounds, Unit Strength and the outcome are
// checked the same way.
func TestLogInRussian(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.yaml")
	jsons, _ := filepath.Glob("../examples/*.json")
	files = append(files, jsons...)
	ran, events := 0, 0
	ids := map[msg.ID]bool{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if combatFile.Match(data) {
			continue
		}
		f, err := scenariofile.Load(path, data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		u, attacks, err := f.Build()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		names := map[string]bool{}
		for _, a := range attacks {
			names[a.Name], names[a.Batch], names[a.Target.Name] = true, true, true
		}
		delete(names, "")
		ran++
		for seed := uint64(1); seed <= 20; seed++ {
			res, err := referee.Resolve(u, attacks, dice.NewSeeded(seed))
			if err != nil {
				t.Fatalf("%s, seed %d: %v", path, seed, err)
			}
			for i, e := range res.Events {
				events++
				if e.Msg.IsZero() {
					t.Errorf("%s, seed %d, event %d (%s): no message: %q", path, seed, i, e.Kind, e.Text)
					continue
				}
				ids[e.Msg.ID] = true
				if got := e.TextIn(msg.English); got != e.Text || e.Msg.Text(msg.English) != e.Text {
					t.Errorf("%s, seed %d, event %d: the message's English %q is not the Text %q", path, seed, i, e.Msg.Text(msg.English), e.Text)
				}
				if e.Name != "" {
					names[e.Name] = true
				}
				var skip []string
				leftOut(e.Msg, names, &skip)
				if ru := e.TextIn(msg.Russian); len(english(ru, skip)) > 0 {
					t.Errorf("%s, seed %d, event %d (%s): English %q left in %q", path, seed, i, e.Msg.ID, english(ru, skip), ru)
				}
				if line := e.StringIn(msg.Russian, rules.WHFB8); strings.Contains(line, "[rules") {
					t.Errorf("%s, seed %d: the Russian line cites the rules in English: %q", path, seed, line)
				}
			}
			for _, r := range referee.StageRuns(res.Events) {
				for _, s := range []string{r.TitleIn(msg.Russian), r.SummaryIn(msg.Russian), r.OthersIn(msg.Russian), r.EndIn(msg.Russian)} {
					if w := english(s, mapKeys(names)); len(w) > 0 {
						t.Errorf("%s, seed %d: English %q left in %q", path, seed, w, s)
					}
				}
				if r.Title() != r.TitleIn(msg.English) || r.Summary() != r.SummaryIn(msg.English) || r.Others() != r.OthersIn(msg.English) || r.End != r.EndIn(msg.English) {
					t.Errorf("%s, seed %d: a stage run's English differs from its In(English)", path, seed)
				}
			}
			for _, s := range []string{res.WastedTextIn(msg.Russian), res.StrengthTextIn(msg.Russian), res.OutcomeIn(msg.Russian)} {
				if w := english(s, []string{res.After.Ruleset().String()}); len(w) > 0 {
					t.Errorf("%s, seed %d: English %q left in %q", path, seed, w, s)
				}
			}
			if res.WastedText() != res.WastedTextIn(msg.English) || res.Outcome() != res.OutcomeIn(msg.English) || res.StrengthText() != res.StrengthTextIn(msg.English) {
				t.Errorf("%s, seed %d: the English of the result's lines differs from their In(English)", path, seed)
			}
		}
	}
	if ran < 16 || events < 1000 {
		t.Fatalf("ran %d scenarios, %d events: the examples are no longer found", ran, events)
	}
	t.Logf("%d scenarios, %d events, %d messages of the catalogue", ran, events, len(ids))
}

func mapKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestRussianSentences: a few sentences of the log and the referee in
// Russian, with the plural forms a count takes (1 рана, 2 раны, 5 ран, 21
// рана) and the English beside them unchanged.
func TestRussianSentences(t *testing.T) {
	skip := msg.New("engine.armour.ignores")
	for _, c := range []struct {
		m      msg.Message
		en, ru string
	}{
		{msg.New("engine.armour.skip", 1, skip), "1 wound: the attack ignores armour", "1 рана: атака игнорирует доспехи"},
		{msg.New("engine.armour.skip", 2, skip), "2 wounds: the attack ignores armour", "2 раны: атака игнорирует доспехи"},
		{msg.New("engine.armour.skip", 5, skip), "5 wounds: the attack ignores armour", "5 ран: атака игнорирует доспехи"},
		{msg.New("engine.armour.skip", 21, skip), "21 wounds: the attack ignores armour", "21 рана: атака игнорирует доспехи"},
		{msg.New("engine.end", 2, 2, "", "", "[R R R]"), "2 models removed, 2 wounds caused; unit now [R R R]", "2 модели убраны, 2 раны нанесены; подразделение сейчас: [R R R]"},
		{msg.New("engine.end", 1, 11, msg.New("engine.end.so_far", 21), msg.New("engine.end.carried", 1), "[R R R]"),
			"1 model removed, 11 wounds caused (21 in all so far); 1 wound carried; unit now [R R R]",
			"1 модель убрана, 11 ран нанесено (всего пока 21); 1 рана переходит дальше; подразделение сейчас: [R R R]"},
		{msg.New("engine.batch.start", "Crossbowmen", msg.Count{Text: "21", N: 21}, 4, rules.Shooting.Msg()),
			"Crossbowmen: 21 attacks, S4, shooting phase", "Crossbowmen: 21 атака, С4, фаза: стрельба"},
		{msg.New("engine.batch.start", msg.New("engine.group", 2), msg.Count{Text: "D6", N: 5}, 3, rules.Melee.Msg()),
			"attack group 2: D6 attacks, S3, melee phase", "группа атак 2: D6 атак, С3, фаза: ближний бой"},
		{msg.New("engine.die.roll", msg.New("engine.die.wound", 3, 5, 4, 3), 6, "3+", msg.New("engine.word.wounds")),
			"to-wound, hit 3 of 5, S4 vs T3: 6 vs 3+, wounds", "на ранение, попадание 3 из 5, С4 против В3: 6 против 3+, ранит"},
		{msg.New("engine.regen.some", 5, 2), "5 Wounds lost, 2 regenerated (counted for combat result all the same)",
			"5 ран потеряно, восстановлено 2 (в результат боя всё равно засчитываются)"},
		{msg.New("referee.summary.hit.need", 7, 10, "4+"), "7 of 10 hit on 4+", "7 из 10 — попадание на 4+"},
		{msg.New("referee.summary.dice", 1, 4), "1 die rolled, 4 in all", "1 кубик брошен, всего 4"},
		{msg.New("referee.summary.dice", 3, 11), "3 dice rolled, 11 in all", "3 кубика брошено, всего 11"},
	} {
		if got := c.m.Text(msg.English); got != c.en {
			t.Errorf("%s in English:\n got %q\nwant %q", c.m.ID, got, c.en)
		}
		if got := c.m.Text(msg.Russian); got != c.ru {
			t.Errorf("%s in Russian:\n got %q\nwant %q", c.m.ID, got, c.ru)
		}
	}
}

// TestDiceNeededInRussian: the step error says itself in Russian (it is a
// msg.Texter), its English unchanged and errors.Is still finding the
// roller's error.
func TestDiceNeededInRussian(t *testing.T) {
	for _, c := range []struct {
		e      rearrank.DiceNeeded
		en, ru string
	}{
		{rearrank.DiceNeeded{Batch: 2, Stage: rearrank.Wound, More: 1, Done: 3, Of: 4, Err: dice.ErrOutOfDice},
			"attack group 2, wound: out of dice; this step needs at least 1 more die (3 of 4 done)",
			"группа атак 2, ранение: кубики кончились; этому шагу нужно ещё не меньше 1 кубика (готово 3 из 4)"},
		{rearrank.DiceNeeded{Batch: 1, Stage: rearrank.Armour, More: 5, Done: 0, Of: 5, Err: dice.ErrOutOfDice},
			"attack group 1, armour: out of dice; this step needs at least 5 more dice (0 of 5 done)",
			"группа атак 1, доспехи: кубики кончились; этому шагу нужно ещё не меньше 5 кубиков (готово 0 из 5)"},
		{rearrank.DiceNeeded{Batch: 1, Stage: rearrank.Attacks, Err: dice.ErrOutOfDice},
			"attack group 1, attacks: out of dice", "группа атак 1, атаки: кубики кончились"},
	} {
		if got := c.e.Error(); got != c.en {
			t.Errorf("Error:\n got %q\nwant %q", got, c.en)
		}
		if got := msg.ErrorText(&c.e, msg.Russian); got != c.ru {
			t.Errorf("in Russian:\n got %q\nwant %q", got, c.ru)
		}
		if !errors.Is(&c.e, dice.ErrOutOfDice) {
			t.Errorf("%v does not wrap dice.ErrOutOfDice", &c.e)
		}
	}
}
