package scenario

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// tricky holds texts where the tokenizer's rules are subtle: where a plain
// value ends, quotes and escapes, comments, block text, documents, tabs,
// line ends and flow collections that close nothing.
var tricky = []string{
	"",
	"a",
	"a: b\n",
	"a: b c d\n  e f\ng: h\n",
	"a:\n  - b\n  - c: d\n    e: f\n",
	"- a\n- b\n-\n- - c\n",
	"a: [1, 2, [3, {b: c}]]\n",
	`{"a":1,"b":[true,null,"x"],"c":{"d":"e"}}`,
	`{"a" :1, "b": "c:d"}`,
	"a: {b: http://x, c: d:e}\n",
	"a: \"x \\\" y \\\\\" # c\nb: 'it''s'\n",
	"a: \"multi\n  line\n  text\"\nb: c\n",
	"a: 'multi\n\n  line'\nb: c\n",
	"a: \"\\x41\\u0042\\U00000043\\n\\t\"\n",
	"a: \"\\\nb\"\n",
	"# only a comment\n",
	"a: b # comment\nc: d#not\n#x\n  # indented\n",
	"a: |\n  one\n  two\nb: c\n",
	"a: >-\n  one\n\n  two\n b\nc: |2\n    x\n",
	"a: |\n\n\n",
	"a: | # why\n  x\n",
	"- |\n  x\n- >\n y\n",
	"a: b\n  - c\n",
	"---\na: b\n...\n---\nc: d\n",
	"--- a\n--- b\n",
	"a: &x b\nc: *x\nd: !!str e\ne: !t f\n<<: {g: h}\n",
	"a: &x\n  b: c\n",
	"%YAML 1.2\n---\na: b\n",
	"? a\n: b\n",
	"a:\tb\n",
	"a: b\t# c\n",
	"a: [b,\tc]\n",
	"a:\r\n  b: c\r\n  d: [e, f]\r\n",
	"a: b\rc: d\r",
	"a: \"x\"\r\n# c\r\nb: c\r\n",
	"a: b]\nc: d}\n",
	"]: a\n",
	"a: [b]]\n",
	"a: x] y\n",
	"a: 'b' c\n",
	"a: \"b\"c\n",
	"\"a\"\"b\"",
	"a: b: c\n",
	"a: -1\nb: - c\n",
	"a: @b\n",
	"a: b@c\n",
	"a: `b`\n",
	"a: ,b\n",
	"[a, b\n",
	"{a: b\n",
	"a: \"unclosed\n",
	"a:\n  b\n  c:\n",
	"key with spaces: value with spaces\n",
	"a: b\n\n\n\nc: d\n",
	"   \n  a: b\n",
	"a: ü\nü: ä ö\n\"é\": 'ß'\n",
	"a: [ü, ä]\n",
	"- a: b\n  c: d\n- e\n",
	"a:\n- b\n- c\n",
	"a:\n  -   b: c\n      d: e\n",
	"a: |+\n  x\n\n",
	"a: 1\n  # c\n  b\n",
	"a: 'x\n  # y\n  z'\n",
	"[a, # c\n b]\n",
	"{a: [b, {c: [d]}], e: f}",
	"a: [\n  1,\n  2\n]\n",
	"a: {\n  b: c,\n  d: e\n}\n",
	"- - - a\n",
	"a: b\n---\n",
	"a: b\n--- |\n  c\n",
	"a: x\n  -y\n",
	"a: x\n  - y\n",
	// Found by FuzzMeasure.
	"0: !",
	"000000000000000000: !",
	"|+",
	"|+\n",
	"|+0",
	"|00+0",
	">\r\n",
	"0: |#",
	"0: |\n\n!",
	" - 0\n|1\n   \n!000 00",
	"---\x00",
	" \"\t0\"0",
	"&! 0 0",
	"0: !\n\t",
	"0000\n" + strings.Repeat(" ", 45) + "000000000000",
	"\"0000000000\n" + strings.Repeat(" ", 29) + "0",
}

// corpus is the examples, the benchmark files, the YAML/JSON pairs, the
// fuzz corpus and tricky.
func corpus(t *testing.T) []string {
	var out []string
	paths, _ := filepath.Glob("../examples/*.yaml")
	bench, _ := filepath.Glob("../bench/testdata/*.yaml")
	combat, _ := filepath.Glob("../bench/testdata/combat/*.yaml")
	for _, p := range append(append(paths, bench...), combat...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	for _, e := range equivalent {
		out = append(out, e.yaml, e.json)
	}
	seeds, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			if s, ok := strings.CutPrefix(strings.TrimSpace(line), "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(s, ")")); err == nil {
					out = append(out, s)
				}
			}
		}
	}
	return append(out, tricky...)
}

var unlimited = limits{tokens: 1 << 30, marks: 1 << 30, value: 1 << 30, values: 1 << 30, block: 1 << 30, work: 1 << 30, fields: 1 << 30, docs: 1 << 30}

func firstInvalid(tks token.Tokens) int {
	for i, tk := range tks {
		if tk.Type == token.InvalidType {
			return i
		}
	}
	return -1
}

// TestMeasureCountsAsTheTokenizer holds measure's count to the tokenizer's
// on every text of the corpus that tokenizes without an error.
func TestMeasureCountsAsTheTokenizer(t *testing.T) {
	for _, src := range corpus(t) {
		tks := lex([]byte(src))
		m := newMeasurer("x", []byte(src), unlimited)
		if e := m.run(); e != nil {
			t.Errorf("%q: %v", src, e)
			continue
		}
		bad := firstInvalid(tks)
		switch {
		case bad < 0 && m.tokens != len(tks):
			t.Errorf("%q: measured %d tokens, the tokenizer gives %d:\n%s", src, m.tokens, len(tks), dump(tks))
		case bad >= 0 && m.tokens < bad:
			t.Errorf("%q: measured %d tokens, the tokenizer gives %d before its error:\n%s", src, m.tokens, bad, dump(tks))
		case 2*m.marks < len(tks):
			t.Errorf("%q: %d marks for %d tokens", src, m.marks, len(tks))
		}
	}
}

func dump(tks token.Tokens) string {
	var b strings.Builder
	for _, tk := range tks {
		b.WriteString(strconv.Itoa(tk.Position.Line) + ":" + strconv.Itoa(tk.Position.Column) + " " + tk.Type.String() + " " + strconv.Quote(tk.Value) + "\n")
	}
	return b.String()
}

// TestMeasureStopsWhereTheTokenizer checks that measure's token error
// stands at the tokenizer's first token past the limit. (The tokenizer
// places block text, | and > or a deeper line of a plain value that starts
// with '-', where it finds the text inside the blank space it read before
// it, or at column 0: those texts are left out.)
func TestMeasureStopsWhereTheTokenizer(t *testing.T) {
	for _, src := range corpus(t) {
		tks := lex([]byte(src))
		m := newMeasurer("x", []byte(src), unlimited)
		if m.run() != nil || m.blockText > 0 || slices.ContainsFunc(tks, func(tk *token.Token) bool { return tk.Type == token.LiteralType || tk.Type == token.FoldedType }) {
			continue
		}
		for k := range tks {
			if tks[k].Type == token.InvalidType {
				break
			}
			e := newMeasurer("x", []byte(src), limits{tokens: k, marks: 1 << 30, value: 1 << 30, values: 1 << 30, block: 1 << 30, work: 1 << 30, fields: 1 << 30, docs: 1 << 30}).run()
			if e == nil || !strings.HasPrefix(e.Msg, "more than") {
				t.Errorf("%q with at most %d tokens: %v", src, k, e)
				break
			}
			if p := tks[k].Position; e.Line != p.Line || e.Column != p.Column {
				t.Errorf("%q with at most %d tokens: error at %d:%d, token %d (%q) at %d:%d", src, k, e.Line, e.Column, k, tks[k].Value, p.Line, p.Column)
				break
			}
		}
	}
}

// FuzzMeasure holds measure to the tokenizer on any text, with small
// limits: a text it passes has no more tokens than the limit and no token
// longer than about ten times the value limit (a quoted value's text may be
// eight times its value, and the blank space before it one more), and its
// second count is at least half the tokenizer's.
func FuzzMeasure(f *testing.F) {
	for _, s := range corpus(&testing.T{}) {
		f.Add([]byte(s), uint8(8), uint8(16))
	}
	f.Fuzz(func(t *testing.T, data []byte, maxTokens, maxValue uint8) {
		if !utf8.Valid(data) {
			return // precheck refuses it first
		}
		tks := lex(data)
		m := newMeasurer("x", data, unlimited)
		if e := m.run(); e != nil {
			t.Fatalf("no limits: %v", e)
		}
		bad := firstInvalid(tks)
		if bad < 0 && m.tokens != len(tks) || bad >= 0 && m.tokens < bad {
			t.Errorf("measured %d tokens, the tokenizer gives %d (first error at %d):\n%s", m.tokens, len(tks), bad, dump(tks))
		}
		if 2*m.marks < len(tks) {
			t.Errorf("%d marks for %d tokens", m.marks, len(tks))
		}
		k, v := int(maxTokens), int(maxValue)+1
		if newMeasurer("x", data, limits{tokens: k, marks: 2 * k, value: v, values: 1 << 30, block: v, work: 1 << 30, fields: 1 << 30, docs: 1 << 30}).run() != nil {
			return
		}
		if n := len(tks); bad < 0 && n > k || bad > k {
			t.Errorf("passed at most %d tokens, the tokenizer gives %d (first error at %d):\n%s", k, n, bad, dump(tks))
		}
		for _, tk := range tks {
			if len(tk.Origin) > 10*v+8 {
				t.Errorf("passed values of at most %d bytes, the tokenizer gives %q (%d bytes)", v, tk.Origin, len(tk.Origin))
			}
		}
	})
}

// TestMeasureAllocatesNothing: reading a text that crosses no limit
// allocates nothing, whatever its size.
func TestMeasureAllocatesNothing(t *testing.T) {
	for _, src := range append(corpus(t), worstAccepted(), attackGroups(MaxAttacks, true)) {
		data := []byte(src)
		if n := testing.AllocsPerRun(2, func() {
			if _, e := measure("x", data); e != nil {
				t.Fatalf("%.40q: %v", src, e)
			}
		}); n != 0 {
			t.Errorf("%.40q: %v allocations", src, n)
		}
	}
}
