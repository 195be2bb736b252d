package scenario

import (
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// towBase is a small tow scenario; the cases below replace one line of it.
const towBase = `ruleset: tow
attacks:
  - count: 10
    strength: 3
    ap: 1
target:
  models: 10
  toughness: 3
  troop_type: infantry
  armour: heavy
`

// TestTowFields is RULES.md 22.12: the fields tow adds, read back as the
// section says, and refused where a ruleset does not read them.
func TestTowFields(t *testing.T) {
	swap := func(src, old, new string) string {
		t.Helper()
		if !strings.Contains(src, old) {
			t.Fatalf("no %q in the scenario", old)
		}
		return strings.Replace(src, old, new, 1)
	}
	// ap written as on the card, -1, is read back as 1.
	f := mustLoad(t, "ap.yaml", swap(towBase, "ap: 1", "ap: -2"))
	if f.Attacks[0].AP != 2 {
		t.Errorf("tow ap: -2 read as %d, want 2", f.Attacks[0].AP)
	}
	// full_plate is plate, in every ruleset that reads armour.
	f = mustLoad(t, "plate.yaml", swap(towBase, "armour: heavy", "armour: full_plate"))
	if f.Target.Armour != rules.PlateArmour {
		t.Errorf("armour: full_plate read as %s, want plate", f.Target.Armour)
	}
	// A sub-category of 22.10, starting_models and a rider's mount_armour.
	src := swap(towBase, "troop_type: infantry", "troop_type: heavy_infantry\n  starting_models: 30\n  characters:\n    - {name: Lord, toughness: 4, wounds: 3, troop_type: behemoth, armour: heavy, shield: true, mount_armour: 4+}")
	f = mustLoad(t, "sub.yaml", src)
	u, _, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	if f.Target.TroopType != rules.HeavyInfantry || au(u).StartingModels() != 30 {
		t.Errorf("troop type %s, starting models %d; want heavy_infantry, 30", f.Target.TroopType, au(u).StartingModels())
	}
	if got := f.Target.Characters[0].MountArmour; got != rules.Need(4) {
		t.Errorf("mount_armour %v, want 4+", got)
	}
	mustLoad(t, "tough.yaml", swap(towBase, "attacks:", "options: {poisoned_attacks: auto_wound, too_tough_blocks_poison: true}\nattacks:"))
	// heavy infantry parry, and a mounted champion of theirs may say no (22.10)
	mustLoad(t, "parry.yaml", swap(towBase, "troop_type: infantry", "troop_type: heavy_infantry\n  parry: true\n  command: [champion]\n  champion: {troop_type: cavalry, parry: false}"))
	// starting_models defaults to the unit's size, characters included (22.17).
	u, _, err = mustLoad(t, "size.yaml", swap(src, "starting_models: 30", "name: State Troops")).Build()
	if err != nil {
		t.Fatal(err)
	}
	if au(u).StartingModels() != 11 {
		t.Errorf("default starting models %d, want 11 (10 and the Lord)", au(u).StartingModels())
	}

	for _, c := range []struct {
		name, src, want string
	}{
		{"ap below 0 in t9a", swap(swap(towBase, "ruleset: tow", "ruleset: t9a"), "armour: heavy", "armour_value: 2"),
			""},
		{"heavy_infantry in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "troop_type: heavy_infantry"),
			"target.troop_type: whfb8 does not read heavy_infantry (tow only): write infantry"},
		{"monstrous_beast in tow", swap(towBase, "troop_type: infantry", "troop_type: monstrous_beast"),
			"target.troop_type: tow has no monstrous_beast (rules 22.10)"},
		{"starting_models in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "starting_models: 20"),
			"target.starting_models: whfb8 does not read starting_models (tow only)"},
		{"starting_models below the size", swap(towBase, "troop_type: infantry", "starting_models: 9"),
			"target.starting_models: the unit has 10 models now"},
		// 22.10: Parry is regular and heavy infantry's (a3 F6), refused
		// elsewhere as barding on infantry is
		{"parry on cavalry", swap(towBase, "troop_type: infantry", "troop_type: cavalry\n  parry: true"),
			"target.parry: Parry is for infantry and heavy_infantry only (rules 22.4), and this is cavalry"},
		{"parry on monstrous infantry", swap(towBase, "troop_type: infantry", "troop_type: monstrous_infantry\n  parry: true"),
			"target.parry: Parry is for infantry and heavy_infantry only (rules 22.4), and this is monstrous_infantry"},
		{"parry on a champion of cavalry", swap(towBase, "troop_type: infantry", "troop_type: cavalry\n  command: [champion]\n  champion: {parry: true}"),
			"target.champion.parry: Parry is for infantry and heavy_infantry only (rules 22.4), and this is cavalry"},
		{"a mounted champion in a unit that parries", swap(towBase, "troop_type: infantry", "parry: true\n  command: [champion]\n  champion: {troop_type: heavy_cavalry}"),
			"target.champion.troop_type: he is heavy_cavalry and has the unit's parry, which is for infantry and heavy_infantry only (rules 22.4): set his parry: false"},
		{"parry on a character on a monster", swap(towBase, "troop_type: infantry", "characters: [{name: Lord, toughness: 5, troop_type: monster, parry: true}]"),
			"target.characters[0].parry: Parry is for infantry and heavy_infantry only (rules 22.4), and this is monster"},
		// 22.13: too_tough_blocks_poison is auto_wound's (a3 F16)
		{"too_tough_blocks_poison under plus_two", swap(towBase, "attacks:", "options: {too_tough_blocks_poison: true}\nattacks:"),
			"options.too_tough_blocks_poison: too_tough_blocks_poison: true needs poisoned_attacks: auto_wound (rules 22.3, T-2)"},
		{"too_tough_blocks_poison under plus_two, said", swap(towBase, "attacks:", "options: {poisoned_attacks: plus_two, too_tough_blocks_poison: true}\nattacks:"),
			"options.too_tough_blocks_poison: too_tough_blocks_poison: true needs poisoned_attacks: auto_wound"},
		// 22.12: tow units have one profile (a3 F7)
		{"groups in tow", swap(towBase, "troop_type: infantry", "groups: [{models: 2, toughness: 4}]"),
			"target.groups: tow does not read groups (battleaxe, whfb8, t9a and t9a1-ru only): its units have one rank-and-file profile (rules 22)"},
		{"mount_armour in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "characters: [{name: Lord, toughness: 4, mount_armour: 4+}]"),
			"target.characters[0].mount_armour: whfb8 does not read mount_armour (tow only)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" { // t9a: ap without a sign
				c.src = swap(c.src, "ap: 1", "ap: -1")
				c.want = "attacks[0].ap: want 0 to 10, got -1: t9a writes Armour Penetration without a sign"
			}
			_, err := Load("x.yaml", []byte(c.src))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error holding %q", err, c.want)
			}
		})
	}
}

// TestTranslateTow is compare's whfb8 <-> tow translation (RULES.md 22.1,
// 22.4): the save modifier moves between Strength and AP, a t9a AP stays
// AP, and a Heroic Killing Blow becomes tow's two blows.
func TestTranslateTow(t *testing.T) {
	load := func(rs, attack string) *File {
		t.Helper()
		armour, models := "armour: heavy", "5"
		switch rs {
		case "t9a":
			armour = "armour_value: 2"
		case "skirmish":
			models = "1"
		}
		return mustLoad(t, "x.yaml", "ruleset: "+rs+"\nattacks:\n  - {count: 1, "+attack+"}\ntarget:\n  models: "+models+"\n  toughness: 3\n  "+armour+"\n")
	}
	for _, c := range []struct {
		name, from, attack, to string
		ap, armourPiercing     int
		note                   string // one of the notes, "" for none
	}{
		{"whfb8 S5 and armour_piercing 1 is AP 3", "whfb8", "strength: 5, armour_piercing: 1", "tow", 3, 0, "attacks[0]: the save modifier of Strength 5 and armour_piercing 1 (-3) carried over as ap 3"},
		{"whfb8 S3 has no modifier", "whfb8", "strength: 3", "tow", 0, 0, ""},
		{"tow AP 1 at S3 is armour_piercing 1", "tow", "strength: 3, ap: -1", "whfb8", 0, 1, "attacks[0]: ap 1 carried over as armour_piercing 1"},
		{"tow AP 2 at S5 is Strength's -2", "tow", "strength: 5, ap: 2", "whfb8", 0, 0, "attacks[0]: ap 2 carried over as Strength 5's -2"},
		{"tow AP 0 at S5: Strength now worsens the save", "tow", "strength: 5", "whfb8", 0, 0, "attacks[0]: Strength 5 now worsens the save by 2 (in tow only ap did, and it was 0)"},
		{"tow AP 1 at S5 cannot carry over", "tow", "strength: 5, ap: 1", "whfb8", 0, 0, "attacks[0]: ap 1 not carried over: Strength 5 worsens the save by 2 in whfb8"},
		{"t9a AP stays AP", "t9a", "strength: 4, ap: 2", "tow", 2, 0, ""},
		{"tow AP stays t9a AP", "tow", "strength: 4, ap: 2", "t9a", 2, 0, ""},
		// t9a's saves are worsened by AP only too (RULES.md 7.2): the same
		// machinery carries Strength's modifier there and back (a2 F9).
		{"whfb8 S4 is t9a AP 1", "whfb8", "strength: 4", "t9a", 1, 0, "attacks[0]: the save modifier of Strength 4 (-1) carried over as ap 1 (Strength does not worsen saves in t9a)"},
		{"whfb8 S4 and armour_piercing 1 is t9a AP 2", "whfb8", "strength: 4, armour_piercing: 1", "t9a", 2, 0, "attacks[0]: the save modifier of Strength 4 and armour_piercing 1 (-2) carried over as ap 2"},
		{"battleaxe S5 is t9a AP 2", "battleaxe", "strength: 5", "t9a", 2, 0, "attacks[0]: the save modifier of Strength 5 (-2) carried over as ap 2"},
		{"t9a1-ru S5 and armour_piercing 1 is t9a AP 3", "t9a1-ru", "strength: 5, armour_piercing: 1", "t9a", 3, 0, "attacks[0]: the save modifier of Strength 5 and armour_piercing 1 (-3) carried over as ap 3"},
		{"skirmish S9 is t9a AP 6", "skirmish", "strength: 9", "t9a", 6, 0, "attacks[0]: the save modifier of Strength 9 (-6) carried over as ap 6"},
		{"skirmish S10 is t9a AP 6, skirmish's cap", "skirmish", "strength: 10", "t9a", 6, 0, "attacks[0]: the save modifier of Strength 10 (-6) carried over as ap 6"},
		{"t9a AP 0 at S4: Strength now worsens the save", "t9a", "strength: 4", "whfb8", 0, 0, "attacks[0]: Strength 4 now worsens the save by 1 (in t9a only ap did, and it was 0)"},
		{"t9a AP 3 at S4 is Strength's -1 and armour_piercing 2", "t9a", "strength: 4, ap: 3", "t9a1-ru", 0, 2, "attacks[0]: ap 3 carried over as Strength 4's -1 and armour_piercing 2"},
		{"t9a AP 3 at S6 is battleaxe's Strength -3", "t9a", "strength: 6, ap: 3", "battleaxe", 0, 0, "attacks[0]: ap 3 carried over as Strength 6's -3"},
		{"t9a AP 2 at S3 is skirmish armour_piercing 2", "t9a", "strength: 3, ap: 2", "skirmish", 0, 2, "attacks[0]: ap 2 carried over as armour_piercing 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			to, err := rules.ParseRuleset(c.to)
			if err != nil {
				t.Fatal(err)
			}
			got, notes, err := load(c.from, c.attack).Translate(to)
			if err != nil {
				t.Fatal(err)
			}
			a := got.Attacks[0]
			if a.AP != c.ap || a.ArmourPiercing != c.armourPiercing {
				t.Errorf("ap %d, armour_piercing %d; want %d, %d (notes %q)", a.AP, a.ArmourPiercing, c.ap, c.armourPiercing, notes)
			}
			found := c.note == ""
			for _, n := range notes {
				found = found || strings.HasPrefix(n, c.note)
			}
			if !found {
				t.Errorf("notes %q, want one starting %q", notes, c.note)
			}
		})
	}
	got, _, err := load("whfb8", "strength: 4, heroic_killing_blow: true").Translate(rules.TOW)
	if err != nil {
		t.Fatal(err)
	}
	if a := got.Attacks[0]; a.KillingBlow != rules.NaturalSix || a.MonsterSlayer != rules.NaturalSix || a.HeroicKillingBlow != 0 {
		t.Errorf("heroic_killing_blow in tow: killing_blow %v, monster_slayer %v, heroic %v", a.KillingBlow, a.MonsterSlayer, a.HeroicKillingBlow)
	}
	// tow does not read groups (22.12): a comparison leaves them out and
	// says so (a3 F7), and what is left loads.
	grouped := mustLoad(t, "g.yaml", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, groups: [{models: 2, toughness: 4}]}\n")
	got, notes, err := grouped.Translate(rules.TOW)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Target.Groups) != 0 || !slices.Contains(notes, "not carried over: target.groups (battleaxe, whfb8, t9a and t9a1-ru only)") {
		t.Errorf("whfb8 groups under tow: %d groups, notes %q", len(got.Target.Groups), notes)
	}
}

// TestTranslateTowNotes: a comparison between tow and another ruleset says
// what reads differently there, and says nothing false (audit a3 F15, a2
// F9): the whole list of notes of each translation.
func TestTranslateTowNotes(t *testing.T) {
	for _, c := range []struct {
		name, src, to string
		want          []string
	}{
		{"poison that wounds automatically in both", "ruleset: tow\noptions: {poisoned_attacks: auto_wound}\nattacks: [{count: 1, ws: 4, strength: 3, poison: true}]\ntarget: {models: 5, ws: 3, toughness: 3}\n", "whfb8",
			[]string{"not carried over: the switch poisoned_attacks=auto_wound (whfb8 has no such switch)"}},
		{"tow's +2 poison", "ruleset: tow\nattacks: [{count: 1, ws: 4, strength: 3, poison: true}]\ntarget: {models: 5, ws: 3, toughness: 3}\n", "whfb8",
			[]string{"attacks[0]: poison in whfb8 wounds automatically, not with tow's +2"}},
		{"armour_save alone", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, armour_save: 3+}\n", "whfb8",
			[]string{"target: armour_save 3+ carried over as plate armour, save_bonus 1 (3+)"}},
		{"armour_save with a shield", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, armour_save: 4+, shield: true}\n", "whfb8",
			[]string{"target: armour_save 4+, shield (3+) carried over as plate armour, save_bonus 1 (3+)"}},
		{"armour_save as t9a's Armour", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, armour_save: 4+, shield: true}\n", "t9a",
			[]string{"target: armour_save 4+, shield (3+) carried over as armour_value 4 (3+)"}},
		{"Killing Blow on monstrous infantry, from tow", "ruleset: tow\nattacks: [{count: 6, ws: 4, strength: 4, killing_blow: true}]\ntarget: {models: 6, ws: 3, troop_type: monstrous_infantry, toughness: 4, wounds: 3}\n", "whfb8",
			[]string{"attacks[0]: Strength 4 now worsens the save by 1 (in tow only ap did, and it was 0)", "attacks[0]: killing_blow slays monstrous_infantry in tow, not in whfb8"}},
		{"Killing Blow on monstrous infantry, to tow", "ruleset: whfb8\nattacks: [{count: 6, ws: 4, strength: 3, killing_blow: true}]\ntarget: {models: 6, ws: 3, troop_type: monstrous_infantry, toughness: 4, wounds: 3}\n", "tow",
			[]string{"attacks[0]: killing_blow slays monstrous_infantry in tow, not in whfb8"}},
		{"Killing Blow on infantry slays in both", "ruleset: whfb8\nattacks: [{count: 6, ws: 4, strength: 3, killing_blow: true}]\ntarget: {models: 6, ws: 3, toughness: 4}\n", "tow",
			nil},
		{"Regeneration, from tow", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 4, wounds: 3, regeneration: 4+}\n", "whfb8",
			[]string{"target: regeneration in whfb8 is one save per unsaved wound, the better of it and any ward, not a roll per Wound lost as in tow"}},
		{"Regeneration, to tow", "ruleset: t9a\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 4, wounds: 3, regeneration: 4+}\n", "tow",
			[]string{"target: regeneration in tow is rolled once per Wound lost, after the ward save and Multiple Wounds, not as a save instead of the ward"}},
		{"Regeneration of a character", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 4, characters: [{name: Troll King, toughness: 5, wounds: 3, regeneration: 4+}]}\n", "tow",
			[]string{"target.characters[0]: regeneration in tow is rolled once per Wound lost, after the ward save and Multiple Wounds, not as a save instead of the ward"}},
		{"Multiple Wounds, from tow", "ruleset: tow\nattacks: [{count: 1, strength: 3, multiple_wounds: D3}]\ntarget: {models: 5, toughness: 4, wounds: 3}\n", "whfb8",
			[]string{"attacks[0]: multiple_wounds in whfb8 are capped at the model's Wounds on its profile, and may finish one model and go on to the next"}},
		{"Multiple Wounds, from tow to battleaxe's per-model damage", "ruleset: tow\nattacks: [{count: 1, strength: 3, multiple_wounds: D3}]\ntarget: {models: 5, toughness: 4, wounds: 3}\n", "battleaxe",
			nil},
		{"Multiple Wounds, to tow", "ruleset: whfb8\nattacks: [{count: 1, strength: 3, multiple_wounds: D3}]\ntarget: {models: 5, toughness: 4, wounds: 3}\n", "tow",
			[]string{"attacks[0]: multiple_wounds in tow land on one model and never spill to the next"}},
		{"a mount bonus and the cap", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, troop_type: cavalry, toughness: 3, armour: heavy, shield: true, barding: true}\n", "tow",
			[]string{"target: heavy armour, shield, barding saves 3+ in tow, 2+ in whfb8 (whfb8 gives a mount bonus)"}},
		{"tow's cap", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, armour: plate, shield: true, save_bonus: 2}\n", "whfb8",
			[]string{"target: plate armour, shield, save_bonus 2 saves 1+ in whfb8, 2+ in tow (tow caps it at 2+)"}},
		{"skirmish has no barding and no mount bonus", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 1, troop_type: cavalry, toughness: 3, armour: plate, shield: true, barding: true, save_bonus: 1}\n", "skirmish",
			[]string{"target: plate armour, shield, barding, save_bonus 1 saves 1+ in skirmish, 2+ in tow (skirmish counts armour in points)", "not carried over: target.barding (battleaxe, whfb8, t9a1-ru and tow only)"}},
		{"the same save without barding", "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 1, troop_type: cavalry, toughness: 3, armour: plate, shield: true, barding: true}\n", "skirmish",
			[]string{"not carried over: target.barding (battleaxe, whfb8, t9a1-ru and tow only)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			to, err := rules.ParseRuleset(c.to)
			if err != nil {
				t.Fatal(err)
			}
			_, notes, err := mustLoad(t, "x.yaml", c.src).Translate(to)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(notes, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("notes\n%s\nwant\n%s", strings.Join(notes, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
