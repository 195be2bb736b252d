package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestREADMESamples runs every command the README shows as `$ rearrank ...`
// in a code block and checks that each line printed under it is a line of
// the real output, in the same order. A line "..." stands for lines the
// README leaves out.
func TestREADMESamples(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	samples := 0
	lines := strings.Split(string(readme), "\n")
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ rearrank ")
		if !ok {
			continue
		}
		var want []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			want = append(want, lines[i])
		}
		samples++
		t.Run(cmd, func(t *testing.T) {
			args := strings.Fields(cmd)
			for j, a := range args {
				if strings.HasPrefix(a, "examples/") {
					args[j] = "../../" + a
				}
			}
			var out, errb bytes.Buffer
			if err := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}); err != nil {
				t.Fatalf("%v\n%s", err, errb.String())
			}
			got := strings.Split(out.String(), "\n")
			at := 0
			for _, w := range want {
				if w == "..." {
					continue
				}
				for at < len(got) && got[at] != w {
					at++
				}
				if at == len(got) {
					t.Fatalf("README line %q is not in the output, in order:\n%s", w, out.String())
				}
				at++
			}
		})
	}
	if samples < 2 {
		t.Fatalf("found %d README samples, want the odds and resolve ones at least", samples)
	}
}
