package referee_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The events survive a JSON round trip: the API's clients can decode them.
func TestEventsJSONRoundTrip(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour}}, Command: []unit.Role{unit.StandardBearer}})
	res, _ := resolve(t, u, []rearrank.Attack{{Count: dice.ConstExpr(3), Phase: rules.Shooting, Strength: 4, Target: rf}}, 6, 6, 2, 1, 1)
	data, err := json.Marshal(wire.ResolutionOf(res, []int{6, 6, 2, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Events []rearrank.Event `json:"events"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	// The JSON cites each rule as a player finds it in docs/rules.md
	// ("rules 5", not "RULES.md 5"); everything else comes back as it was
	// but the message, which the JSON carries as its English text.
	want := make([]rearrank.Event, len(res.Events))
	for i, e := range res.Events {
		e.Rule = e.Citation()
		e.Msg = msg.Message{}
		want[i] = e
	}
	if !reflect.DeepEqual(back.Events, want) {
		t.Errorf("events differ after a JSON round trip:\n%+v\n%+v", back.Events, want)
	}
	if want[1].Rule != "rules 5" {
		t.Errorf("the first roll cites %q, want rules 5", want[1].Rule)
	}
}
