package referee_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The events survive a JSON round trip: the API's clients can decode them.
func TestEventsJSONRoundTrip(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour}}, Command: []unit.Role{unit.StandardBearer}})
	res, _ := resolve(t, u, []referee.Attack{{Count: dice.ConstExpr(3), Phase: rules.Shooting, Strength: 4, Target: rf}}, 6, 6, 2, 1, 1)
	data, err := json.Marshal(res.View([]int{6, 6, 2, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Events []referee.Event `json:"events"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Events, res.Events) {
		t.Errorf("events differ after a JSON round trip:\n%+v\n%+v", back.Events, res.Events)
	}
}
