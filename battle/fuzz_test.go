package battle_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
)

// FuzzReadExport: no export file makes ReadExport panic or hang, every
// refusal says something in both languages, and a file it reads writes
// back (Export) to one that reads to the same battle.
func FuzzReadExport(f *testing.F) {
	g := newGame(f)
	g.do(battle.AdvanceTo(g.s, 1, battle.Shooting))
	g.attack("Spearmen", crossbows(2), dice.NewScripted(6, 6, 1, 1))
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Halberdiers", Action: battle.ActionWound, Count: 1}))
	g.do(battle.Advance(g.s))
	rec, _, err := battle.Combat(g.s, "Spearmen", "Halberdiers", json.RawMessage(fight), dice.NewSeeded(2))
	g.do(rec, err)
	g.do(battle.Undo(g.s))
	g.do(battle.Redo(g.s))
	var buf bytes.Buffer
	if err := battle.Export(&buf, "Seed", g.recs); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	var compact bytes.Buffer
	_ = json.Compact(&compact, buf.Bytes())
	f.Add(compact.Bytes())
	f.Add([]byte(`{"format":1,"name":"x","records":[]}`))
	f.Add([]byte(`{"format":1,"name":"x","records":[{"seq":1,"kind":"undo","data":{"seq":0}}]}`))
	f.Add([]byte(`{"format":1,"name":"x","records":[{"seq":1,"kind":"unit_added","data":{"unit":"A","ruleset":"whfb8","target":{"models":5,"toughness":3}}},{"seq":2,"kind":"correction","data":{"unit":"A","action":"remove","count":9}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		x, s, err := battle.ReadExport("f.json", bytes.NewReader(data))
		if err != nil {
			if msg.ErrorText(err, msg.English) == "" || msg.ErrorText(err, msg.Russian) == "" {
				t.Fatalf("a refusal that says nothing: %#v", err)
			}
			return
		}
		var out bytes.Buffer
		if err := battle.Export(&out, x.Name, x.Records); err != nil {
			t.Fatal(err)
		}
		y, s2, err := battle.ReadExport("f.json", &out)
		if err != nil {
			t.Fatalf("an export it read does not read back: %v", err)
		}
		if y.Name != x.Name || content(s2) != content(s) || s2.Seq != s.Seq {
			t.Fatalf("read back:\n%s\nwant\n%s", content(s2), content(s))
		}
	})
}
