package bench

import (
	"errors"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/scenario"
)

// parseBodies are request bodies of up to scenario.MaxSize bytes (issue 23
// item 3): the list of 500,000 items that cost 2 s and 280 MB to refuse,
// two more shapes that the limits now stop at once, the costliest body they
// let through to the YAML reader, and a real file at the limit of attack
// groups, for scale.
func parseBodies() []struct{ name, src string } {
	fill := func(head, item, tail string) string {
		return head + strings.Repeat(item, (scenario.MaxSize-len(head)-len(tail))/len(item)) + tail
	}
	return []struct{ name, src string }{
		{"flow-list", fill("ruleset: whfb8\nattacks: [", "1,", "1]\n")},
		{"block-list", fill("ruleset: whfb8\nattacks:\n", "- x\n", "")},
		{"long-string", "ruleset: \"" + strings.Repeat("x", scenario.MaxSize-20) + "\"\n"},
		{"worst-accepted", worstAccepted()},
		{"1000-groups", "ruleset: whfb8\nattacks:\n" + strings.Repeat("  - {count: 1, strength: 3}\n", 1000) + "target: {models: 1, toughness: 3}\n"},
	}
}

// worstAccepted is the costliest body the loader reads through: list items
// of a key and a quoted value, as many as scenario.MaxTokens allows, whose
// values come near the loader's 128 KiB of keys and values, then comments
// of up to 64 KiB (its longest) up to scenario.MaxSize bytes.
func worstAccepted() string {
	items := (scenario.MaxTokens - 40) / 4
	value := `"` + strings.Repeat("x", (120<<10)/items) + `"`
	body := "a:\n" + strings.Repeat("- b: "+value+"\n", items)
	for len(body) < scenario.MaxSize-8 {
		body += "#" + strings.Repeat("x", min(60_000, scenario.MaxSize-len(body)-2)-1) + "\n"
	}
	return body
}

// BenchmarkParse loads each of parseBodies: issue 23 asks for any body of
// up to scenario.MaxSize bytes to be answered in under 50 ms of CPU and
// 20 MB.
func BenchmarkParse(b *testing.B) {
	for _, c := range parseBodies() {
		b.Run(c.name, func(b *testing.B) {
			data := []byte(c.src)
			_, err := scenario.Load("body.yaml", data)
			if c.name == "worst-accepted" && !errors.Is(err, scenario.ErrUnknownField) {
				b.Fatalf("refused before the parser: %v", err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				_, _ = scenario.Load("body.yaml", data)
			}
		})
	}
}
