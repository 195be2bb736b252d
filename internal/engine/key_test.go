package engine

import (
	"math/big"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// keyExempt are the fields of state that AppendState and Key leave out, and
// why: each follows from the fields they write.
var keyExempt = map[string]string{
	"phaseSeen": "follows from batch and at",
	"phase":     "the phase of the batch begun last: follows from batch and at",
	"allow":     "the attacker and phase of the current batch: follows from batch",
	"pass":      "zero while held is nil, and written with held otherwise",
	"hi":        "zero while held is nil, and written with held otherwise",
}

// keyLog are the fields that Key writes and AppendState leaves out: what
// the steps add and never read (SetTally).
var keyLog = []string{"batchCas", "tally"}

// TestStateKeyCoversState: changing any field of a Machine's state changes
// its Key, and any field but the tallies its AppendState, unless keyExempt
// says why not. A field added to state and forgotten in the key fails here
// instead of silently merging different states in the odds.
func TestStateKeyCoversState(t *testing.T) {
	u, err := alloc.New(unit.Spec{Ruleset: rules.T9A, Models: 10, Frontage: 5,
		Profile: unit.Profile{W: 1, T: 4, Save: rules.SaveProfile{ArmourValue: 2}, Specials: rules.SpecialSaves{Aegis: rules.Need(5)}}})
	if err != nil {
		t.Fatal(err)
	}
	attacks := []rearrank.Attack{{Count: dice.ConstExpr(6), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, LethalStrike: rules.NaturalSix,
		Target: unit.Target{Role: unit.RankAndFile}}}
	m, err := NewMachine(u, attacks, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := dice.NewScripted(6, 6, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 1, 1, 1, 1, 1, 1)
	for m.s.at != stepArmour || m.s.i == 0 {
		if err := m.Step(r, nil); err != nil {
			t.Fatalf("stepping to the armour stage: %v", err)
		}
	}
	baseKey, baseState := m.Key(), string(m.AppendState(nil))
	fields := 0
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		top := ""
		if f := strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' }); len(f) > 0 {
			top = f[0]
		}
		if _, ok := keyExempt[top]; ok {
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				f := v.Field(i)
				walk(reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem(), path+"."+v.Type().Field(i).Name)
			}
			return
		case reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), path+"["+string(rune('0'+i))+"]")
			}
			return
		}
		fields++
		old := reflect.New(v.Type()).Elem()
		old.Set(v)
		switch v.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Uint8:
			v.SetUint(v.Uint() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Slice:
			v.Set(reflect.Append(v, reflect.New(v.Type().Elem()).Elem()))
		default:
			t.Errorf("state%s: a %s field: teach this test to change it", path, v.Kind())
			return
		}
		m.ukeyOK = false
		if m.Key() == baseKey {
			t.Errorf("state%s is not in Key: add it to AppendState, or to keyExempt with the reason", path)
		}
		log := false
		for _, l := range keyLog {
			log = log || top == l
		}
		if !log && string(m.AppendState(nil)) == baseState {
			t.Errorf("state%s is not in AppendState: add it, or to keyExempt with the reason", path)
		}
		v.Set(old)
	}
	walk(reflect.ValueOf(&m.s).Elem(), "")
	if m.Key() != baseKey {
		t.Fatal("the walk did not restore the state")
	}
	if fields < 40 {
		t.Errorf("walked %d fields: the walk missed the state", fields)
	}
}

// TestChanceIsThePassedFaces: the chance a stage reports for the odds
// (StageChances) is the share of faces its roll passes, for every target
// and natural floor the rulesets use.
func TestChanceIsThePassedFaces(t *testing.T) {
	needs := []rules.Target{rules.None}
	for n := 0; n <= 10; n++ {
		needs = append(needs, rules.Need(n))
	}
	for _, need := range needs {
		for _, floor := range []int{1, 2} {
			tt := newTest(rearrank.Armour, need, floor)
			passed := 0
			for f := 1; f <= 6; f++ {
				passed += b2i(tt.pass(f))
			}
			if got, want := tt.chance(), big.NewRat(int64(passed), 6); got.Cmp(want) != 0 {
				t.Errorf("need %s, floor %d: chance %s, but %d faces pass", need, floor, got.RatString(), passed)
			}
		}
	}
}

// TestAttackRollsWhenDone: a machine past its last batch has no attack to
// roll. With Killing Blow on the last attack and Multiple Wounds, the
// check of a one-wound blow among packets once read the attack after the
// last (the merged batches probe a next batch that may not exist).
func TestAttackRollsWhenDone(t *testing.T) {
	// Killing Blow does not slay a monster (22.8): a one-wound blow
	u, err := alloc.New(unit.Spec{Ruleset: rules.TOW, Models: 2, Profile: unit.Profile{TroopType: rules.Monster, W: 2, T: 4}})
	if err != nil {
		t.Fatal(err)
	}
	attacks := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, MultipleWounds: dice.ConstExpr(2),
		KillingBlow: rules.NaturalSix, Target: unit.Target{Role: unit.RankAndFile}}}
	m, err := NewMachine(u, attacks, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := dice.NewScripted(1)
	for !m.Done() {
		if err := m.Step(r, nil); err != nil {
			t.Fatal(err)
		}
	}
	// the last batch's tests stay on the done machine: a Killing Blow that
	// would not slay its receiver, as in the merged batches' failing draw
	m.s.tests.kb, m.s.tests.kbSlays = rules.NaturalSix, false
	if n, ok := m.AttackRolls(); ok {
		t.Errorf("AttackRolls() = %d, true after the last batch", n)
	}
}

// TestPacketStepChangesOnlyTheUnit: a packet's step changes the unit, the
// tallies and the item and nothing else that AppendLoopState writes, so
// that AppendPacketState (the unit's key) tells apart the loop states of one
// batch's packets. Over seeded dice, in per-model and pooled units, with
// Multiple Wounds, Clipped Wings, a champion and a character, in every
// block ruleset.
func TestPacketStepChangesOnlyTheUnit(t *testing.T) {
	for _, c := range packetCases() {
		t.Run(c.name, func(t *testing.T) {
			packets := 0
			for seed := range uint64(40) {
				m := c.machine(t, seed%2 == 0)
				// not the bare seeded roller, which steps a stage's items at once
				r := dice.NewRecorder(dice.NewSeeded(seed))
				for !m.Done() {
					_, before := m.AppendPacketState(nil)
					rest := loopRest(m)
					if err := m.Step(r, nil); err != nil {
						t.Fatal(err)
					}
					if _, after := m.AppendPacketState(nil); !before || !after {
						continue
					}
					packets++
					if got := loopRest(m); got != rest {
						t.Fatalf("seed %d: a packet's step changed more than the unit:\n%q\n%q", seed, rest, got)
					}
				}
			}
			if packets < 20 {
				t.Errorf("%d packet steps checked, want 20 or more", packets)
			}
		})
	}
}

// loopRest returns m's loop state (AppendLoopState) without the unit's
// key, which AppendState writes first, or "" outside a loop.
func loopRest(m *Machine) string {
	b, ok := m.AppendLoopState(nil)
	if !ok {
		return ""
	}
	uk := m.u.Key()
	return string(b[len(appendInt(nil, len(uk)))+len(uk):])
}

// packetCase is a unit and an attack whose batch takes packets.
type packetCase struct {
	name string
	spec unit.Spec
	a    rearrank.Attack
}

// machine returns a machine of c's unit, keyed by counts when countKey,
// before its attack, which hits on WS 3 at the rank and file.
func (c packetCase) machine(t *testing.T, countKey bool) *Machine {
	t.Helper()
	u, err := alloc.New(c.spec)
	if err != nil {
		t.Fatal(err)
	}
	u.SetCountKey(countKey)
	a := c.a
	a.Hit, a.Target = rearrank.HitSpec{WS: 3}, unit.Target{Role: unit.RankAndFile}
	m, err := NewMachine(u, []rearrank.Attack{a}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// packetCases are per-model and pooled units with Multiple Wounds,
// Clipped Wings, a champion and a character, in every block ruleset.
func packetCases() []packetCase {
	fly := unit.Profile{TroopType: rules.Monster, W: 6, T: 5, Fly: true}
	return []packetCase{
		{"battleaxe per-model", unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Frontage: 5, Profile: unit.Profile{TroopType: rules.Monster, W: 6, T: 5}},
			rearrank.Attack{Count: dice.ConstExpr(30), Strength: 6, MultipleWounds: dice.MustParseExpr("D6")}},
		{"battleaxe clipped wings", unit.Spec{Ruleset: rules.Battleaxe, Models: 6, Frontage: 3, Profile: fly},
			rearrank.Attack{Count: dice.ConstExpr(12), Strength: 6, MultipleWounds: dice.MustParseExpr("D3"), ClippedWings: true}},
		{"whfb8 pooled with champion", unit.Spec{Ruleset: rules.WHFB8, Models: 8, Frontage: 4, Profile: unit.Profile{W: 3, T: 4},
			Command: []unit.Role{unit.Champion}}, rearrank.Attack{Count: dice.ConstExpr(12), Strength: 5, MultipleWounds: dice.MustParseExpr("D3")}},
		{"t9a with a character", unit.Spec{Ruleset: rules.T9A, Models: 6, Frontage: 3, Profile: unit.Profile{W: 2, T: 4},
			Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3, T: 4}, File: -1}}},
			rearrank.Attack{Count: dice.ConstExpr(10), Strength: 5, MultipleWounds: dice.ConstExpr(2)}},
		{"tow", unit.Spec{Ruleset: rules.TOW, Models: 6, Frontage: 3, Profile: unit.Profile{W: 3, T: 4}},
			rearrank.Attack{Count: dice.ConstExpr(10), Strength: 5, MultipleWounds: dice.MustParseExpr("D3+1")}},
	}
}

// TestRewindPacketIsResetUnit: a machine ResetUnit made from a template in
// the loop of packets, moved by one packet's step and rewound with
// another unit, is the machine ResetUnit makes with that unit, field by
// field but for the memory it keeps to copy into (spare, scratch).
func TestRewindPacketIsResetUnit(t *testing.T) {
	for _, c := range packetCases() {
		t.Run(c.name, func(t *testing.T) {
			rewound := 0
			for seed := range uint64(20) {
				m := c.machine(t, false)
				r := dice.NewRecorder(dice.NewSeeded(seed))
				var units []*alloc.Unit // units met in the loop of packets
				for !m.Done() {
					if _, ok := m.AppendPacketState(nil); ok && m.s.i+1 < m.s.n {
						units = append(units, m.Unit().Clone())
						tmpl := m.Clone()
						leaf := new(Machine)
						leaf.ResetUnit(tmpl, units[0])
						if err := leaf.Step(r, nil); err != nil {
							t.Fatal(err)
						}
						other := units[len(units)/2]
						leaf.RewindPacket(tmpl, other)
						want := new(Machine)
						want.ResetUnit(tmpl, other)
						leaf.spare, leaf.scratch, want.spare, want.scratch = nil, alloc.Change{}, nil, alloc.Change{}
						if !reflect.DeepEqual(leaf, want) {
							t.Fatalf("seed %d: rewound\n%+v\nwant\n%+v", seed, leaf.s, want.s)
						}
						rewound++
					}
					if err := m.Step(r, nil); err != nil {
						t.Fatal(err)
					}
				}
			}
			if rewound < 20 {
				t.Errorf("%d rewinds checked, want 20 or more", rewound)
			}
		})
	}
}
