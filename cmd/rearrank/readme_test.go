package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMESamples runs every command the README shows as `$ rearrank ...`
// in a code block and checks that the lines printed under it are the real
// output, line for line (sampleIn). A line "..." stands for lines the
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
			if err := sampleIn(want, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")); err != "" {
				t.Fatalf("%s; the output:\n%s", err, out.String())
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

// sampleIn says how the README's sample want differs from the output got,
// "" when it does not: want's lines are got's, line for line, but where a
// line "..." stands for any number of lines left out (at the start, the
// end or between).
func sampleIn(want, got []string) string {
	at := 0       // the next line of got to match
	free := false // a "..." came before: lines of got may be skipped
	for _, w := range want {
		if w == "..." {
			free = true
			continue
		}
		if free {
			for at < len(got) && got[at] != w {
				at++
			}
		}
		if at == len(got) || got[at] != w {
			if at < len(got) {
				return fmt.Sprintf("README line %q: the output has %q there (mark lines left out with ...)", w, got[at])
			}
			return fmt.Sprintf("README line %q is not in the output, in order", w)
		}
		at++
		free = false
	}
	if !free && at < len(got) {
		return fmt.Sprintf("the output goes on after the README's last line with %q (end the sample with ...)", got[at])
	}
	return ""
}
