package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMESamples runs every command the README shows as `$ rearrank ...`
// in a code block and checks that each line printed under it is a line of
// the real output, in the same order. A line "..." stands for lines the
// README leaves out. A sample whose lines say "rearrank: ..." shows an
// error: the command must fail and print it. A file the README shows in a
// yaml block whose first line is its name ("# scenario.yaml") is the file
// a later sample of that name reads.
func TestREADMESamples(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	samples := 0
	files := map[string]string{} // the README's own files, by name
	named := regexp.MustCompile(`^# ([\w.-]+\.(yaml|json))$`)
	lines := strings.Split(string(readme), "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] == "```yaml" && i+1 < len(lines) {
			if m := named.FindStringSubmatch(lines[i+1]); m != nil {
				var body []string
				for i += 2; i < len(lines) && lines[i] != "```"; i++ {
					body = append(body, lines[i])
				}
				files[m[1]] = strings.Join(body, "\n") + "\n"
			}
			continue
		}
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
			dir := ""
			for j, a := range args {
				switch {
				case strings.HasPrefix(a, "examples/"):
					args[j] = "../../" + a
				case files[a] != "":
					if dir == "" {
						dir = t.TempDir()
					}
					if err := os.WriteFile(filepath.Join(dir, a), []byte(files[a]), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if dir != "" {
				t.Chdir(dir) // the error names the file as the README does
			}
			var out, errb bytes.Buffer
			err := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
			failing := len(want) > 0 && strings.HasPrefix(want[len(want)-1], "rearrank: ")
			switch {
			case err != nil && !failing:
				t.Fatalf("%v\n%s", err, errb.String())
			case err == nil && failing:
				t.Fatalf("the README shows an error; the command succeeded:\n%s", out.String())
			case err != nil:
				exitCode(err, &out) // the error line, as main prints it
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
	if len(files) == 0 {
		t.Errorf("found none of the README's own files (a yaml block that starts with its name)")
	}
}
