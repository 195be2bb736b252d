package bench

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/armylist"
)

// The list files come from strangers (issue 27): each hostile one is
// refused in bounded time and memory. Targets: under 1 s and 64 MB each.

// benchRefusal reads input as a list file, which must be refused.
func benchRefusal(b *testing.B, input []byte) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := armylist.Read("list", bytes.NewReader(input)); err == nil {
			b.Fatal("read a hostile list file")
		}
	}
}

// BenchmarkListZipBomb: a .rosz whose one .ros expands to 1 GiB of a
// roster's start and spaces, compressed to about a megabyte.
func BenchmarkListZipBomb(b *testing.B) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.Create("army.ros")
	if err != nil {
		b.Fatal(err)
	}
	head := `<?xml version="1.0"?><roster xmlns="` + armylist.RosterNamespace + `" name="B" gameSystemName="Warhammer: The Old World"><forces>`
	f.Write([]byte(head))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for range 1 << 10 {
		f.Write(chunk)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	benchRefusal(b, buf.Bytes())
}

// BenchmarkListDeepJSON: a New Recruit file nested 10,000 deep.
func BenchmarkListDeepJSON(b *testing.B) {
	benchRefusal(b, []byte(`{"roster": {"forces": `+strings.Repeat("[", 10_000)+strings.Repeat("]", 10_000)+`}}`))
}

// BenchmarkListManySelections: a New Recruit file of 100,000 selections.
func BenchmarkListManySelections(b *testing.B) {
	sel := `{"name": "S", "type": "model", "number": 1},`
	body := strings.TrimSuffix(strings.Repeat(sel, 100_000), ",")
	benchRefusal(b, []byte(`{"roster": {"name": "X", "gameSystemName": "Warhammer: The Old World", "forces": [{"selections": [`+body+`]}]}}`))
}

// BenchmarkListHuge: 50 MB of a JSON list's start and spaces.
func BenchmarkListHuge(b *testing.B) {
	input := append([]byte(`{"roster": {"name": "X", "forces": [`), bytes.Repeat([]byte(" "), 50<<20)...)
	benchRefusal(b, input)
}
