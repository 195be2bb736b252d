package scenario

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

func readList(t *testing.T, name string) *armylist.List {
	t.Helper()
	f, err := os.Open("../armylist/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := armylist.Read(name, f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func listUnit(t *testing.T, file, unit string) (*armylist.List, *armylist.Unit) {
	t.Helper()
	l := readList(t, file)
	u, err := FindUnit(l, unit)
	if err != nil {
		t.Fatal(err)
	}
	return l, u
}

func notesText(ns []msg.Message) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.String()
	}
	return out
}

func TestListRuleset(t *testing.T) {
	for g, want := range map[armylist.Game]rules.Ruleset{
		armylist.TOW: rules.TOW, armylist.WHFB: rules.WHFB8, armylist.T9A: rules.T9A, armylist.NoGame: rules.NoRuleset,
	} {
		if got := ListRuleset(g); got != want {
			t.Errorf("ListRuleset(%v) = %v, want %v", g, got, want)
		}
	}
}

func TestFindUnit(t *testing.T) {
	l := readList(t, "tow.json")
	for _, name := range []string{"Test Spearmen", "test spearmen", "TEST SPEARMEN"} {
		u, err := FindUnit(l, name)
		if err != nil || u.Name != "Test Spearmen" {
			t.Errorf("FindUnit(%q) = %v, %v; want Test Spearmen", name, u, err)
		}
	}
	_, err := FindUnit(l, "Test Spearman")
	want := `list Test Old World List: no unit named "Test Spearman"; it has "Test Spearmen", "Test Captain"`
	if !errors.Is(err, ErrNoUnit) || err.Error() != want {
		t.Errorf("FindUnit(Test Spearman) = %v, want %s", err, want)
	}
	if got := msg.ErrorText(err, msg.Russian); got != `ростер Test Old World List: подразделения "Test Spearman" в нём нет; есть "Test Spearmen", "Test Captain"` {
		t.Errorf("Russian: %s", got)
	}
	_, err = FindUnit(l, "Captain")
	if want := `list Test Old World List: no unit named "Captain"; it has "Test Captain", "Test Spearmen"`; err == nil || err.Error() != want {
		t.Errorf("FindUnit(Captain) = %v, want %s", err, want)
	}
	twin := &armylist.List{Name: "Twins", Units: []armylist.Unit{{Name: "Guard"}, {Name: "GUARD"}}}
	if u, err := FindUnit(twin, "GUARD"); err != nil || u != &twin.Units[1] {
		t.Errorf("exact name among case twins: %v, %v", u, err)
	}
	_, err = FindUnit(twin, "guard")
	if want := `list Twins: 2 units are named "guard" in one case or another; write the name as the list does`; err == nil || err.Error() != want {
		t.Errorf("ambiguous: %v, want %s", err, want)
	}
}

// The targets the fixtures' units map to, field by field from the files
// (armylist/testdata) and docs/import.md's table.
func TestListTarget(t *testing.T) {
	tests := []struct {
		file, unit string
		want       Target
		notes      []string
	}{
		{"tow.json", "Test Spearmen", Target{Name: "Test Spearmen", Models: 20,
			Profile: Profile{WS: 3, Toughness: 3, Wounds: 1, Armour: rules.LightArmour, Shield: true},
			Command: []string{"musician", "standard", "champion"}}, []string{
			"Close Order: a rule rearrank does not apply",
			"Regeneration (*): its value is not in the file",
			"Fight in Extra Rank: a rule rearrank does not apply",
			"Poisoned Attacks: a rule of the unit's attacks, not used for a target",
			"not used here: M 4, BS 3, S 3, I 3, A 1, Ld 7",
			"frontage 5: no list file gives it, the ruleset's default; give frontage with set if the unit stands otherwise",
		}},
		// WHFB's ArmourSave 5+ with no armour read: two better than none
		// (RULES.md 7.1); WardSave 6+ is the ward.
		{"whfb8.json", "Test Ogres", Target{Name: "Test Ogres", Models: 6,
			Profile: Profile{TroopType: rules.MonstrousInfantry, WS: 3, Toughness: 4, Wounds: 3, SaveBonus: 2, Ward: rules.MustParseTarget("6+")},
			Command: []string{"champion"}}, []string{
			"Fear: a rule rearrank does not apply",
			"Ogre Charge: a rule rearrank does not apply",
			"Parry: a rule rearrank does not apply",
			"armour save 5+ of the file: save_bonus 2 on top of the armour read",
			"not used here: M 6, BS 2, S 4, I 2, A 3, LD 7",
			"frontage 5: no list file gives it, the ruleset's default; give frontage with set if the unit stands otherwise",
		}},
		{"t9a.json", "Test Guard", Target{Name: "Test Guard", Models: 20,
			Profile: Profile{WS: 4, Toughness: 3, Wounds: 1, ArmourValue: 2, Aegis: rules.MustParseTarget("5+")},
			Command: []string{"champion"}}, nil},
		{"tow.ros", "Test Knights", Target{Name: "Test Knights", Models: 5,
			Profile: Profile{TroopType: rules.HeavyCavalry, WS: 4, Toughness: 4, Wounds: 1, Armour: rules.PlateArmour, Barding: true}}, []string{
			"Test Steed: a mount's profile, not used",
			"Killing Blow: a rule of the unit's attacks, not used for a target",
			"Multiple Wounds (D3): a rule of the unit's attacks, not used for a target",
			"not used here: BS 3, S 4, I 3, A 1, Ld 8",
			"frontage 5: no list file gives it, the ruleset's default; give frontage with set if the unit stands otherwise",
		}},
		{"tow.json", "Test Captain", Target{Name: "Test Captain", Models: 1,
			Profile: Profile{WS: 5, Toughness: 4, Wounds: 2, Armour: rules.HeavyArmour}}, nil},
	}
	for _, tt := range tests {
		l, u := listUnit(t, tt.file, tt.unit)
		got, notes, err := ListTarget(l, u, ListOptions{})
		if err != nil {
			t.Fatalf("%s %s: %v", tt.file, tt.unit, err)
		}
		if d := cmp.Diff(tt.want, got, cmpopts.EquateComparable(rules.Target{}), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s %s: target (-want +got):\n%s", tt.file, tt.unit, d)
		}
		if tt.notes != nil {
			if d := cmp.Diff(tt.notes, notesText(notes)); d != "" {
				t.Errorf("%s %s: notes (-want +got):\n%s", tt.file, tt.unit, d)
			}
		}
	}
}

func TestListAttacks(t *testing.T) {
	tests := []struct {
		file, unit string
		want       []Attack
		note       string // the count's note
	}{
		// 4 spearmen and the sergeant (A 2) in the front rank, 5 in the
		// second rank with one supporting attack each (tow, RULES.md 21.3.4).
		{"tow.json", "Test Spearmen", []Attack{
			{Name: "Test Spearmen", Count: "9", WS: 3, Strength: 3, Poison: rules.NaturalSix},
			{Name: "Test Sergeant", Count: "2", WS: 3, Strength: 3, Poison: rules.NaturalSix},
		}, "count 9: A 1 from each of 4 models of the front rank, and 5 supporting attacks from 5 models of the second rank; give count or frontage with set for another fight"},
		// Great Weapon S+2 on S 4, AP -2 as on the card, Armour Bane (1).
		{"tow.json", "Test Captain", []Attack{
			{Name: "Test Captain", Count: "3", WS: 5, Strength: 6, AP: -2, ArmourBane: 1, Hatred: true},
		}, "count 3: A 3 from each of 1 model of the front rank, and 0 supporting attacks from 0 models of the second rank; give count or frontage with set for another fight"},
		{"whfb8.json", "Test Ogres", []Attack{
			{Name: "Test Ogres", Count: "16", WS: 3, Strength: 4, MultipleWounds: "D3"},
		}, "count 16: A 3 from each of 5 models of the front rank, and 1 supporting attack from 1 model of the second rank; give count or frontage with set for another fight"},
		{"t9a.json", "Test Guard", []Attack{
			{Name: "Test Guard", Count: "10", WS: 4, Strength: 3, LethalStrike: rules.NaturalSix},
		}, "count 10: A 1 from each of 5 models of the front rank, and 5 supporting attacks from 5 models of the second rank; give count or frontage with set for another fight"},
		{"tow.ros", "Test Knights", []Attack{
			{Name: "Test Knights", Count: "5", WS: 4, Strength: 6, AP: -2, ArmourBane: 1, Flaming: true, KillingBlow: rules.NaturalSix, MultipleWounds: "D3"},
		}, "count 5: A 1 from each of 5 models of the front rank, and 0 supporting attacks from 0 models of the second rank; give count or frontage with set for another fight"},
	}
	for _, tt := range tests {
		l, u := listUnit(t, tt.file, tt.unit)
		got, notes, err := ListAttacks(l, u, ListOptions{})
		if err != nil {
			t.Fatalf("%s %s: %v", tt.file, tt.unit, err)
		}
		if d := cmp.Diff(tt.want, got, cmpopts.EquateComparable(rules.Target{}), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s %s: attacks (-want +got):\n%s", tt.file, tt.unit, d)
		}
		found := false
		for _, n := range notesText(notes) {
			found = found || n == tt.note
		}
		if !found {
			t.Errorf("%s %s: no note %q in %q", tt.file, tt.unit, tt.note, notesText(notes))
		}
	}
}

// A unit's target and attacks, put in a File with the ruleset, pass the
// scenario's own validation, in the list's ruleset and in another.
func TestListValidates(t *testing.T) {
	for _, c := range []struct {
		file, unit string
		rs         rules.Ruleset
	}{
		{"tow.json", "Test Spearmen", 0}, {"tow.json", "Test Spearmen", rules.WHFB8},
		{"whfb8.json", "Test Ogres", 0}, {"whfb8.json", "Test Ogres", rules.T9A},
		{"t9a.json", "Test Guard", 0}, {"t9a.json", "Test Guard", rules.T9A1RU},
		{"tow.ros", "Test Knights", 0}, {"tow.ros", "Test Knights", rules.Battleaxe},
	} {
		l, u := listUnit(t, c.file, c.unit)
		o := ListOptions{Ruleset: c.rs}
		tg, _, err := ListTarget(l, u, o)
		if err != nil {
			t.Fatalf("%s %v: %v", c.unit, c.rs, err)
		}
		as, _, err := ListAttacks(l, u, o)
		if err != nil {
			t.Fatalf("%s %v: %v", c.unit, c.rs, err)
		}
		rs := c.rs
		if rs == 0 {
			rs = ListRuleset(l.Game)
		}
		f := &File{Ruleset: rs, Attacks: as, Target: tg}
		f.Defaults()
		if err := f.Validate(); err != nil {
			t.Errorf("%s in %v: %v", c.unit, rs, err)
		}
	}
}

func TestListOtherRulesetNotes(t *testing.T) {
	l, u := listUnit(t, "t9a.json", "Test Guard")
	_, notes, err := ListTarget(l, u, ListOptions{Ruleset: rules.WHFB8})
	if err != nil {
		t.Fatal(err)
	}
	// whfb8 has no Armour characteristic: Arm 2 is said, not dropped.
	want := "Arm 2: not used, whfb8 does not read armour_value"
	if !strings.Contains(strings.Join(notesText(notes), "\n"), want) {
		t.Errorf("notes %q lack %q", notesText(notes), want)
	}
}

// An Old World Builder list has no stat line: the mapping names what is
// missing, and Set gives it.
func TestListOWBSet(t *testing.T) {
	l, u := listUnit(t, "list.owb.json", "Test Spearmen")
	_, _, err := ListTarget(l, u, ListOptions{})
	want := "unit Test Spearmen of list Test Builder List: the file does not give ws, toughness, wounds; give them with set, such as ws=4"
	if !errors.Is(err, ErrListStat) || err.Error() != want {
		t.Fatalf("ListTarget = %v, want %s", err, want)
	}
	if got := msg.ErrorText(err, msg.Russian); got != "подразделение Test Spearmen ростера Test Builder List: в файле нет ws, toughness, wounds; задайте эти значения через set, например ws=4" {
		t.Errorf("Russian: %s", got)
	}
	set := map[string]string{"ws": "3", "toughness": "3", "wounds": "1"}
	got, notes, err := ListTarget(l, u, ListOptions{Set: set})
	if err != nil {
		t.Fatal(err)
	}
	wantT := Target{Name: "Test Spearmen", Models: 20, Profile: Profile{WS: 3, Toughness: 3, Wounds: 1, Armour: rules.LightArmour,
		Ward: rules.MustParseTarget("5+"), Regeneration: rules.MustParseTarget("6+")}, Command: []string{"standard", "champion"}}
	if d := cmp.Diff(wantT, got, cmpopts.EquateComparable(rules.Target{}), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("target (-want +got):\n%s", d)
	}
	text := strings.Join(notesText(notes), "\n")
	for _, n := range []string{"toughness: 3, given with set", "Mail of Secrets: armour rearrank does not know (it knows light, heavy and full plate armour, a shield and barding)"} {
		if !strings.Contains(text, n) {
			t.Errorf("notes %q lack %q", notesText(notes), n)
		}
	}
	_, _, err = ListAttacks(l, u, ListOptions{Set: map[string]string{"ws": "3"}})
	if want := "unit Test Spearmen of list Test Builder List: the file does not give strength, count; give them with set, such as strength=4"; err == nil || err.Error() != want {
		t.Errorf("ListAttacks = %v, want %s", err, want)
	}
	as, _, err := ListAttacks(l, u, ListOptions{Set: map[string]string{"ws": "3", "strength": "3", "count": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]Attack{{Name: "Test Spearmen", Count: "10", WS: 3, Strength: 3}}, as, cmpopts.EquateComparable(rules.Target{}), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("attacks (-want +got):\n%s", d)
	}
}

// Set values are checked as the scenario's fields are, and override what
// the file gives.
func TestListSetChecked(t *testing.T) {
	l, u := listUnit(t, "tow.json", "Test Spearmen")
	for set, want := range map[string]string{
		"toughness=11": "target.toughness: want 1 to 10, got 11",
		"armour=hevy":  "target.armour",
		"colour=red":   `"colour"`,
	} {
		k, v, _ := strings.Cut(set, "=")
		_, _, err := ListTarget(l, u, ListOptions{Set: map[string]string{k: v}})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("set %s: %v, want an error with %q", set, err, want)
		}
	}
	tg, _, err := ListTarget(l, u, ListOptions{Set: map[string]string{"toughness": "4", "frontage": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	if tg.Toughness != 4 || tg.Frontage != 10 {
		t.Errorf("toughness %d frontage %d, want 4 and 10", tg.Toughness, tg.Frontage)
	}
	as, _, err := ListAttacks(l, u, ListOptions{Set: map[string]string{"frontage": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	// 9 spearmen and the sergeant in front, 10 supporting.
	if as[0].Count != "19" || as[1].Count != "2" {
		t.Errorf("counts %s, %s; want 19, 2", as[0].Count, as[1].Count)
	}
}
