package rearrank

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestValidateRussian: Attack.Validate's errors are *msg.Error, English
// as before, said in Russian with the file's field names kept.
func TestValidateRussian(t *testing.T) {
	for _, c := range []struct {
		a      Attack
		rs     rules.Ruleset
		en, ru string
	}{
		{Attack{Strength: 11}, rules.WHFB8, "strength 11: want 0 to 10", "strength 11: Сила должна быть от 0 до 10"},
		{Attack{Strength: 4, Hatred: true, Phase: rules.Shooting}, rules.WHFB8,
			"hatred: Hatred re-rolls to-hit in close combat, and this group's phase is shooting (rules 20.1)",
			"hatred: Ненависть даёт переброс на попадание в ближнем бою, а фаза этой группы — shooting (правила 20.1)"},
		{Attack{Strength: 4, KillingBlow: rules.Trigger(6)}, rules.T9A,
			"killing_blow: t9a has no Killing Blow (rules 20.2: t9a writes lethal_strike, skirmish has criticals)",
			"killing_blow: в t9a нет Смертельного удара (правила 20.2: в t9a пишется lethal_strike, в skirmish есть критические попадания)"},
		{Attack{Strength: 4, Target: unit.Target{Role: unit.Champion}}, rules.Skirmish,
			"target champion: a skirmish target is one fighter", "target champion: цель в skirmish — один боец"},
	} {
		err := c.a.Validate(c.rs)
		var me *msg.Error
		if !errors.As(err, &me) {
			t.Fatalf("%s: %T %v, want *msg.Error", c.en, err, err)
		}
		if err.Error() != c.en {
			t.Errorf("English %q, want %q", err, c.en)
		}
		if got := me.Text(msg.Russian); got != c.ru {
			t.Errorf("Russian %q, want %q", got, c.ru)
		}
	}
}
