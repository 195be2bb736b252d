package rules

import "testing"

func TestEnumErrorLists(t *testing.T) {
	var o Options
	for _, c := range []struct{ name, value, want string }{
		{"damage_model", "x", `option damage_model: value "x": want per_model or pooled`},
		{"single_rank_policy", "x", `option single_rank_policy: value "x": want balance, left, right or owner_choice`},
	} {
		if err := o.Set(c.name, c.value); err == nil || err.Error() != c.want {
			t.Errorf("Set(%s, %s) = %v, want %q", c.name, c.value, err, c.want)
		}
	}
	if _, err := ParseTroopType("elf"); err == nil || err.Error() != `unknown troop type "elf": want infantry, cavalry, monstrous_infantry, monstrous_cavalry, monstrous_beast, war_beast, chariot, monster, swarm, war_machine, heavy_infantry, light_cavalry, heavy_cavalry, light_chariot, heavy_chariot, monstrous_creature or behemoth` {
		t.Errorf("ParseTroopType: %v", err)
	}
	if _, err := ParseWeaponClass("axe"); err == nil || err.Error() != `unknown weapon class "axe": want missile, bludgeoning, bladed, unarmed or thrusting` {
		t.Errorf("ParseWeaponClass: %v", err)
	}
}
