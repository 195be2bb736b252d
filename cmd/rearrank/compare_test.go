package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/rules"
)

// TestCompareExamplesAcrossRulesets compares every example file under
// every ruleset (issue 10 item 16): each comparison works, with a column
// per ruleset, and says what it could not carry over instead of failing.
func TestCompareExamplesAcrossRulesets(t *testing.T) {
	paths, err := filepath.Glob("../../examples/*")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rules.Rulesets() {
		names = append(names, r.String())
	}
	n := 0
	for _, p := range paths {
		if ext := filepath.Ext(p); ext != ".yaml" && ext != ".json" {
			continue
		}
		if data, err := os.ReadFile(p); err != nil {
			t.Fatal(err)
		} else if combat.IsFile(data) {
			continue // a combat file: rearrank combat reads it
		}
		n++
		var out, errOut bytes.Buffer
		err := run(context.Background(), []string{"compare", "--ruleset", strings.Join(names, ","), p}, env{stdout: &out, stderr: &errOut})
		if err != nil {
			t.Errorf("%s: %v %s", filepath.Base(p), err, errOut.String())
			continue
		}
		header, _, _ := strings.Cut(out.String(), "\n")
		if got := strings.Fields(header); strings.Join(got, ",") != strings.Join(names, ",") {
			t.Errorf("%s: columns %q, want %q", filepath.Base(p), got, names)
		}
	}
	if n < 10 {
		t.Errorf("walked %d example files", n)
	}
}
