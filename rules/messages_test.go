package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
)

// TestMessagesEnglish: every message form of the rules says in English
// what its string form says, byte for byte, and has its Russian in the
// catalogue.
func TestMessagesEnglish(t *testing.T) {
	has := func(m msg.Message) {
		t.Helper()
		if _, ok := msg.Lookup(m.ID); !ok {
			t.Errorf("%s is not in the catalogue", m.ID)
		}
	}
	for _, r := range Rulesets() {
		if got := r.TitleMsg().String(); got != r.Title() {
			t.Errorf("%s: TitleMsg %q, Title %q", r, got, r.Title())
		}
		if got := r.DescriptionMsg().String(); got != r.Description() {
			t.Errorf("%s: DescriptionMsg %q, Description %q", r, got, r.Description())
		}
		has(r.TitleMsg())
		has(r.DescriptionMsg())
	}
	for _, s := range allSwitches() {
		for _, r := range s.Rulesets {
			m := s.DocMsg(r)
			has(m)
			if got := m.String(); got != s.Doc {
				t.Errorf("%s in %s: DocMsg %q, Doc %q", s.Name, r, got, s.Doc)
			}
		}
		for _, v := range s.Values {
			want := map[string]string{"true": "yes", "false": "no"}[v]
			if want == "" {
				want = strings.ReplaceAll(v, "_", " ")
			}
			if got := ValueMsg(s.Name, v).String(); got != want {
				t.Errorf("%s: ValueMsg(%s) %q, want %q", s.Name, v, got, want)
			}
		}
		if got, want := CiteMsg(s.Ref).String(), Cite(s.Ref); got != want {
			t.Errorf("%s: CiteMsg %q, Cite %q", s.Name, got, want)
		}
	}
	words := func(m msg.Message, name string) {
		t.Helper()
		has(m)
		if got, want := m.String(), strings.ReplaceAll(name, "_", " "); got != want {
			t.Errorf("%s: %q, want %q", m.ID, got, want)
		}
	}
	for i := range troopTypeCount {
		words(TroopType(i).Msg(), TroopType(i).String())
	}
	for _, n := range armourNames {
		a, _ := ParseArmour(n)
		words(a.Msg(), n)
	}
	for _, n := range phaseNames {
		p, _ := ParsePhase(n)
		words(p.Msg(), n)
	}
	for _, i := range []Injury{NoInjury, KnockedDown, Stunned, OutOfAction} {
		words(i.Msg(), i.String())
	}
	for _, c := range []WeaponClass{NoWeaponClass, Missile, Bludgeoning, Bladed, Unarmed, Thrusting} {
		words(c.Msg(), c.String())
		for roll := 1; roll <= 6; roll++ {
			if c == NoWeaponClass && roll > 3 {
				continue
			}
			if m := CriticalHit(c, roll).Msg(); len(m.Args) == 3 {
				has(m.Args[2].(msg.Message))
			}
		}
	}
}

// TestMessagesRussian renders the rules' messages in Russian as a player
// reads them.
func TestMessagesRussian(t *testing.T) {
	ru := func(err error) string {
		t.Helper()
		if err == nil {
			t.Fatal("no error")
		}
		return msg.ErrorText(err, msg.Russian)
	}
	var o Options
	o2 := o
	o2.MWCap = CapRemaining
	o3 := o
	o3.InstantKillTakes = FreshModel
	_, pe := ParseRuleset("x")
	_, te := ParseTroopType("ogre")
	_, ae := ParseTarget("4++")
	_, re := ParseReroll("twice")
	for _, c := range []struct{ got, want string }{
		{ru(o.Set("damage_model", "x")), `параметр damage_model: значение "x": нужно per_model или pooled`},
		{ru(o.Set("rear_rank_order", "x")), `параметр rear_rank_order: значение "x": нужно by_ruleset, owner_choice, alternate_ends, left_to_right или right_to_left`},
		{ru(o.Set("cap_after_modifiers", "yes")), `параметр cap_after_modifiers: значение "yes": нужно true или false`},
		{ru(o.Set("contact_overlap", "2")), `параметр contact_overlap: значение "2": нужно 1 или 0`},
		{ru(o.Set("no_such", "1")), `неизвестный параметр "no_such": нужен один из ` + strings.Join(switchNames(), ", ")},
		{ru(pe), `неизвестный свод правил "x": нужен battleaxe, whfb8, t9a, t9a1-ru, skirmish или tow`},
		{ru(te), `неизвестный тип войск "ogre": нужен infantry, cavalry, monstrous_infantry, monstrous_cavalry, monstrous_beast, war_beast, chariot, monster, swarm, war_machine, heavy_infantry, light_cavalry, heavy_cavalry, light_chariot, heavy_chariot, monstrous_creature или behemoth`},
		{ru(ae), `значение броска "4++": нужно значение вроде 4+ или -, если броска нет`},
		{ru(re), `переброс "twice": нужно none, failed, ones, successes или их список`},
		{ru(o2.ReadBy(TOW)), `параметр mw_cap: его читает только whfb8`},
		{ru(o3.ReadBy(TOW)), `параметр instant_kill_takes: его читают только battleaxe, whfb8, t9a и t9a1-ru: любое мгновенное убийство (instant_kill, killing_blow, monster_slayer) забирает модель, которая сейчас теряет раны, а модели командной группы — последними (правила 22.8)`},
		{ru(Options{MultiPacketOrder: PacketOwnerChoice}.CheckValues(Battleaxe)), `параметр multi_packet_order: owner_choice есть только в tow (правила 22.7); battleaxe применяет пакеты ран в том порядке, в каком брошены их кубики (as_listed)`},
		{StandIn{Switch: "rear_rank_order", Default: "left_to_right"}.Msg().Text(msg.Russian), `rear_rank_order = owner_choice, но спросить здесь некого: вместо владельца действует значение по умолчанию (слева направо)`},
		{PanicLossMsg(WHFB8, o).Text(msg.Russian), "25% или больше"},
		{PanicLossMsg(TOW, o).Text(msg.Russian), "больше 25%"},
		{CriticalHit(Missile, 6).Msg().Text(msg.Russian), "missile 6: 2 раны, без спасброска за доспехи"},
		{CriticalHit(Bladed, 2).Msg().Text(msg.Russian), "bladed 2: без критического попадания, обычная рана"},
		{ArmourDetail{Base: Need(2), Modifier: 5, Need: Need(7)}.Msg().Text(msg.Russian), "2+5 = 7: невозможно"},
		{CiteMsg("R2, E21").Text(msg.Russian), "правила R2, 7.1"},
		{T9A1RU.TitleMsg().Text(msg.Russian), "The 9th Age 1.x (русский перевод)"},
		{For(T9A).Combat.StrikeValueMsg().Text(msg.Russian), "Ловкость"},
		{MonstrousInfantry.Msg().Text(msg.Russian), "чудовищная пехота"},
		{Thrusting.Msg().Text(msg.Russian), "колющее"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
	// The 9th Age's Russian names the special saves as its rules do.
	for r, want := range map[Ruleset]string{T9A1RU: "какой магический спасбросок использует модель", WHFB8: "какой особый спасбросок использует модель"} {
		for _, s := range allSwitches() {
			if s.Name == "special_save_choice" {
				if got := s.DocMsg(r).Text(msg.Russian); got != want {
					t.Errorf("%s: %q, want %q", r, got, want)
				}
			}
		}
	}
	if err := o.Set("combat_score", "proper_ranks"); !errors.Is(err, ErrProperRanks) || !strings.HasPrefix(ru(err), "combat_score proper_ranks: страницы книги правил") {
		t.Errorf("proper_ranks: %v", err)
	}
}

// TestNotReadPlurals: "reads" and "read", "читает" and "читают", by the
// count of rulesets (1, 2, 5, 21): the verb agrees with a list of names.
func TestNotReadPlurals(t *testing.T) {
	for n, want := range map[int][2]string{
		1:  {"option x: only a reads it", "параметр x: его читает только a"},
		2:  {"option x: only a read it", "параметр x: его читают только a"},
		5:  {"option x: only a read it", "параметр x: его читают только a"},
		21: {"option x: only a read it", "параметр x: его читают только a"},
	} {
		m := msg.New("rules.error.not_read", "x", "a", subjects(n))
		if got := m.String(); got != want[0] {
			t.Errorf("%d: %q, want %q", n, got, want[0])
		}
		if got := m.Text(msg.Russian); got != want[1] {
			t.Errorf("%d: %q, want %q", n, got, want[1])
		}
	}
}

// TestSpecialKindMsg: the special saves' words for the log, in English as
// the engine wrote them ("ward save") and in Russian by docs/glossary.md
// (особый спасбросок, Регенерация, Эгида).
func TestSpecialKindMsg(t *testing.T) {
	for _, c := range []struct {
		k                SpecialKind
		en, ru, save, sr string
	}{
		{Ward, "ward", "особый спасбросок", "ward save", "особый спасбросок"},
		{Regeneration, "regeneration", "Регенерация", "regeneration save", "спасбросок Регенерации"},
		{Aegis, "aegis", "Эгида", "aegis save", "спасбросок Эгиды"},
	} {
		if got := c.k.Msg(); got.String() != c.en || got.String() != c.k.String() || got.Text(msg.Russian) != c.ru {
			t.Errorf("%s: Msg %q, %q", c.k, got, got.Text(msg.Russian))
		}
		if got := c.k.SaveMsg(); got.String() != c.save || got.Text(msg.Russian) != c.sr {
			t.Errorf("%s: SaveMsg %q, %q", c.k, got, got.Text(msg.Russian))
		}
	}
}
