package scenario

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// fillTo repeats item between head and tail as often as fits in MaxSize
// bytes: the largest body a client may send.
func fillTo(head, item, tail string) string {
	return head + strings.Repeat(item, (MaxSize-len(head)-len(tail))/len(item)) + tail
}

// allocated returns the bytes that f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// worstAccepted is the costliest body that measure lets through to the
// tokenizer: list items of a key and a quoted value, as many as MaxTokens
// allows, whose values fill the limit on keys and values, then comments as
// long as a value may be up to MaxSize bytes.
func worstAccepted() string {
	lim := loadLimits()
	items := (MaxTokens - 40) / 4
	value := `"` + strings.Repeat("x", lim.values/items-3) + `"`
	body := "a:\n" + strings.Repeat("- b: "+value+"\n", items)
	for len(body) < MaxSize-8 {
		body += "#" + strings.Repeat("x", min(lim.value, MaxSize-len(body)-2)-1) + "\n"
	}
	return body
}

// attackGroups is a scenario with n attack groups, in YAML or JSON.
func attackGroups(n int, json bool) string {
	if json {
		return `{"ruleset":"whfb8","attacks":[` + strings.Repeat(`{"count":1,"strength":3},`, n-1) + `{"count":1,"strength":3}],"target":{"models":1,"toughness":3}}`
	}
	return "ruleset: whfb8\nattacks:\n" + strings.Repeat("  - {count: 1, strength: 3}\n", n) + "target: {models: 1, toughness: 3}\n"
}

// TestHostileBodies loads the costliest bodies of each shape a client may
// send (issue 23 item 3) and checks the error and what loading them
// allocates. Those that a limit stops are refused by measure, before the
// tokenizer: they allocate next to nothing. The rest go through every
// stage, within 20 MB; before the limits below, the list shapes cost
// 120-310 MB and up to 2 s each.
func TestHostileBodies(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB bodies")
	}
	const none, most = 64 << 10, 20 << 20
	deep := "- " + strings.Repeat("[", MaxDepth-2) + "1" + strings.Repeat("]", MaxDepth-2) + "\n"
	fields := "- "
	for i := range 64 {
		fields += fmt.Sprintf("k%d: 1\n  ", i)
	}
	cases := []struct {
		name string
		src  string
		want string // the whole Error() text; "" for none
		max  uint64 // bytes Load may allocate
	}{
		{"flow list (the issue's)", fillTo("ruleset: whfb8\nattacks: [", "1,", "1]\n"),
			"x.yaml:2:12005: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"block list", fillTo("ruleset: whfb8\nattacks:\n", "- x\n", ""),
			"x.yaml:6000:3: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"attack groups", fillTo("ruleset: whfb8\nattacks:\n", "  - {count: 1, strength: 3}\n", "target: {models: 1, toughness: 3}\n"),
			"x.yaml:1202:14: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"attack groups in JSON", fillTo(`{"ruleset":"whfb8","attacks":[`, `{"count":1,"strength":3},`, `{"count":1,"strength":3}],"target":{"models":1,"toughness":3}}`),
			"x.yaml:1:30014: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"damage list", fillTo("ruleset: battleaxe\nattacks: [{count: 1, strength: 3}]\ntarget:\n  models: 5\n  toughness: 3\n  wounds: 3\n  damage: [", "1,", "1]\n"),
			"x.yaml:7:11982: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"keys of one mapping", fillTo("", "k: 1\n", ""),
			"x.yaml:65:1: more than 64 fields in one mapping", none},
		{"mappings of 64 keys", fillTo("", fields+"\n", ""),
			"x.yaml:4042:3: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"nesting 30 deep, again and again", fillTo("a:\n", deep, ""),
			"x.yaml:195:34: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"nesting past the limit", strings.Repeat("[", MaxSize),
			"x.yaml:1:65: nested deeper than 32 levels; a scenario needs about 5", none},
		{"documents", fillTo("", "---\na: 1\n", ""),
			"x.yaml:33:1: more than 16 document markers (--- or ...); a scenario file holds one document", none},
		{"comments", fillTo("", "#\n", ""),
			"x.yaml:12001:1: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"commas", fillTo("a: [", ",", "]\n"),
			"x.yaml:1:12002: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"aliases", fillTo("a: &a 1\n", "b: *a\n", ""),
			"x.yaml:65:1: more than 64 fields in one mapping", none},
		{"one long value in quotes", "ruleset: \"" + strings.Repeat("x", MaxSize-20) + "\"\n",
			"x.yaml:1:10: a value longer than 65536 bytes", none},
		{"one long value", "ruleset: " + strings.Repeat("x", MaxSize-20) + "\n",
			"x.yaml:1:10: a value longer than 65536 bytes", none},
		// The count of words, which does not depend on the tokenizer's
		// state, stops a value of many words first.
		{"one long value of words", "ruleset: " + strings.Repeat("x ", (MaxSize-20)/2) + "\n",
			"x.yaml:1:48006: more than 12000 keys, values and symbols; a scenario has a few thousand", none},
		{"one long key", strings.Repeat("x", MaxSize-20) + ": 1\n",
			"x.yaml:1:1: a value longer than 65536 bytes", none},
		{"one huge number", "target: {models: " + strings.Repeat("9", MaxSize-30) + "}\n",
			"x.yaml:1:18: a value longer than 65536 bytes", none},
		{"quoted values of 1 KiB", fillTo("a:\n", "- \""+strings.Repeat("x", 1000)+"\"\n", ""),
			"x.yaml:133:3: more than 131072 bytes of keys and values; a scenario has a few thousand", none},
		{"values of 1 KiB", fillTo("a:\n", "- "+strings.Repeat("x", 1000)+"\n", ""),
			"x.yaml:133:3: more than 131072 bytes of keys and values; a scenario has a few thousand", none},
		{"numbers of 64 KiB", fillTo("a: [", strings.Repeat("9", 64<<10-8)+",", "1]\n"),
			"x.yaml:1:131063: more than 131072 bytes of keys and values; a scenario has a few thousand", none},
		{"one long comment", "# " + strings.Repeat("x", MaxSize-30) + "\n",
			"x.yaml:1:1: a comment longer than 65536 bytes", none},
		{"blank space", fillTo("", strings.Repeat(" ", 100)+"\n", "ruleset: whfb8\n"),
			"x.yaml:1:1: more than 65536 bytes of blank space in a row", none},
		{"spaces after a value", "ruleset: whfb8" + strings.Repeat(" ", MaxSize-30) + "\n",
			"x.yaml:1:10: a value longer than 65536 bytes", none},
		{"blank lines", "ruleset: whfb8\n" + strings.Repeat("\n", MaxSize-30),
			"x.yaml:1:10: a value longer than 65536 bytes", none},
		{"block text", fillTo("name: |\n", "  xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", ""),
			"x.yaml:1:7: more than 16384 bytes of block text (| or >)", none},
		{"blank lines in block text", "a: |\n  x" + strings.Repeat("\n", MaxSize-30) + "b: c\n",
			"x.yaml:725:1: too many blank lines in block text (| or >)", none},
		{"tabs in quotes on a long line", "a: \"" + strings.Repeat("\t", 16000) + "x\"" + strings.Repeat(" ", MaxSize-16100) + "\n",
			`x.yaml:1:9: too many tabs inside "..." for a line this long: write them as \t`, none},
		{"a run of '<'", "a: " + strings.Repeat("<", MaxSize-10) + "\n",
			"x.yaml:1:8: too many '<' in a row", none},
		// Through every stage.
		{"a number of 64 KiB", "target: {models: " + strings.Repeat("9", 64<<10) + "}\n",
			"x.yaml:1:18: target.models: 9999999999999999999999999999999999999... is out of range", most},
		{"comments of 1 KiB", fillTo("", "# "+strings.Repeat("x", 1000)+"\n", ""),
			"x.yaml: empty file: want a scenario with ruleset, attacks and target", most},
		{"the most that measure lets through", worstAccepted(),
			`x.yaml:1:1: unknown field "a"`, most},
		{"3990 empty attack groups", "ruleset: whfb8\nattacks:\n" + strings.Repeat("- {}\n", 3990) + "target: {models: 1, toughness: 3}\n",
			"x.yaml:3:1: attacks: 3990 attack groups: want at most 1000", most},
		{"MaxAttacks groups", attackGroups(MaxAttacks, false), "", most},
		{"MaxAttacks groups in JSON", attackGroups(MaxAttacks, true), "", most},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if len(c.src) > MaxSize {
				t.Fatalf("%d bytes, more than MaxSize", len(c.src))
			}
			data := []byte(c.src)
			var err error
			n := allocated(func() { _, err = Load("x.yaml", data) })
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%v", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Errorf("error %v\nwant %s", err, c.want)
			case err != nil && !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrUnknownField):
				t.Errorf("error %v wraps %v", err, errors.Unwrap(err))
			}
			if n > c.max {
				t.Errorf("Load of %d bytes allocated %d bytes, want at most %d", len(data), n, c.max)
			}
			t.Logf("%d bytes: %.2f MB allocated", len(data), float64(n)/1e6)
		})
	}
}
