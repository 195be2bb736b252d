package web

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// TestFormFromCatalogue adds two fields to the catalogue, an attack's
// whole number and a profile's flag that ranked rulesets alone read, and
// finds them in every part of the form: read from the query string,
// written back, shown as inputs of the page, and written into the
// scenario file, or dropped under a ruleset that does not read them.
func TestFormFromCatalogue(t *testing.T) {
	cat := append(scenario.Catalogue(),
		scenario.FieldSpec{Object: scenario.ObjAttack, Name: "frenzy", Type: "whole number", Ranged: true, Min: 0, Max: 3,
			Input: scenario.InputWhole, Meaning: "Extra attacks."},
		scenario.FieldSpec{Object: scenario.ObjProfile, Name: "stubborn", Type: "true/false", Input: scenario.InputFlag,
			Reads: func(t *rules.Traits) bool { return t.Block }, Meaning: "Stubborn."})
	fs := newFormFields(cat)

	f := fs.parse(with(spearmenQuery(), "a0.frenzy", " 2 ", "t.stubborn", "on"))
	if f.Attacks[0]["frenzy"] != "2" || f.Target["stubborn"] != "1" {
		t.Fatalf("parsed: attack %v, target %v; want frenzy 2, stubborn 1", f.Attacks[0], f.Target)
	}
	q := f.values()
	if q.Get("a0.frenzy") != "2" || q.Get("t.stubborn") != "1" {
		t.Errorf("written back: %s; want a0.frenzy=2 and t.stubborn=1", q.Encode())
	}
	if back := fs.parse(q); back.Attacks[0]["frenzy"] != "2" || back.Target["stubborn"] != "1" {
		t.Errorf("read back: attack %v, target %v", back.Attacks[0], back.Target)
	}
	if plain := parseForm(q); plain.Attacks[0]["frenzy"] != "" {
		t.Errorf("the catalogue's own form reads a field it does not have: %v", plain.Attacks[0])
	}

	doc, dropped := f.document(rules.WHFB8)
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"frenzy":2`, `"stubborn":true`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("whfb8 file lacks %s: %s (dropped %v)", want, data, dropped)
		}
	}
	if _, dropped := f.document(rules.Skirmish); !strings.Contains(strings.Join(dropped, " "), "stubborn") {
		t.Errorf("skirmish does not read stubborn, and dropped only %v", dropped)
	}

	s := testServer(t, Config{})
	d := s.pageData(f)
	var frenzy *field
	for i, fl := range d.Attacks[0] {
		if fl.Name == "a0.frenzy" {
			frenzy = &d.Attacks[0][i]
		}
	}
	if frenzy == nil || frenzy.Kind != "number" || frenzy.Value != "2" || frenzy.Min != "0" || frenzy.Max != "3" || !frenzy.More || frenzy.Label != "frenzy" {
		t.Errorf("the attack's input: %+v; want a number 0 to 3 holding 2, under More, labelled frenzy", frenzy)
	}
	var b bytes.Buffer
	if err := s.pages.t.ExecuteTemplate(&b, "page", d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`name="a0.frenzy"`, `name="t.stubborn"`, `data-field="target.stubborn"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// TestFormLooksNameFields holds the page's looks to the catalogue: each
// names a field that has an input, so that none is a label for nothing.
func TestFormLooksNameFields(t *testing.T) {
	for _, c := range []struct {
		looks []look
		page  []formField
	}{{attackLooks, catalogueFields().attack}, {targetLooks, catalogueFields().target}} {
		for i, l := range c.looks {
			if i >= len(c.page) || c.page[i].Name != l.name {
				t.Errorf("look %q: no catalogue field with an input in its place", l.name)
			}
		}
	}
}
