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
	if f.Target.TroopType != rules.HeavyInfantry || u.StartingModels() != 30 {
		t.Errorf("troop type %s, starting models %d; want heavy_infantry, 30", f.Target.TroopType, u.StartingModels())
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
	if u.StartingModels() != 11 {
		t.Errorf("default starting models %d, want 11 (10 and the Lord)", u.StartingModels())
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
		armour := "armour: heavy"
		if rs == "t9a" {
			armour = "armour_value: 2"
		}
		return mustLoad(t, "x.yaml", "ruleset: "+rs+"\nattacks:\n  - {count: 1, "+attack+"}\ntarget:\n  models: 5\n  toughness: 3\n  "+armour+"\n")
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
		{"tow AP 0 at S5 cannot carry over", "tow", "strength: 5", "whfb8", 0, 0, "attacks[0]: ap 0 not carried over: Strength 5 worsens the save by 2 in whfb8"},
		{"t9a AP stays AP", "t9a", "strength: 4, ap: 2", "tow", 2, 0, ""},
		{"tow AP stays t9a AP", "tow", "strength: 4, ap: 2", "t9a", 2, 0, ""},
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
