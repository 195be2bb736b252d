package armylist

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

const nrHead = `{"roster": {"name": "T", "gameSystemName": "Warhammer: The Old World", "forces": [{"selections": [`

// zipOf returns a zip holding the named entries.
func zipOf(t testing.TB, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		f, err := w.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(e[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bomb returns a zip whose one .ros expands to size bytes of a valid
// roster's start followed by spaces, compressed to a few kilobytes.
func bomb(t testing.TB, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.Create("army.ros")
	if err != nil {
		t.Fatal(err)
	}
	head := `<?xml version="1.0"?><roster xmlns="` + RosterNamespace + `" name="B" gameSystemName="Warhammer: The Old World"><forces>`
	f.Write([]byte(head))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for n := len(head); n < size; n += len(chunk) {
		f.Write(chunk)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lyingBomb returns a zip whose .ros header says it expands to 100
// bytes while its deflated data expands to size.
func lyingBomb(t testing.TB, size int) []byte {
	t.Helper()
	var raw bytes.Buffer
	fw, err := flate.NewWriter(&raw, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(`<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World">`))
	fw.Write(bytes.Repeat([]byte(" "), size))
	fw.Close()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.CreateRaw(&zip.FileHeader{Name: "army.ros", Method: zip.Deflate,
		CompressedSize64: uint64(raw.Len()), UncompressedSize64: 100})
	if err != nil {
		t.Fatal(err)
	}
	f.Write(raw.Bytes())
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRefusals: each unsafe or foreign input is refused with an error
// that names the file and the place, under 1 s and 64 MB (docs/IMPORT.md 6).
func TestRefusals(t *testing.T) {
	deepJSON := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	deepXML := `<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World">` +
		strings.Repeat("<a>", 10000) + strings.Repeat("</a>", 10000) + `</roster>`
	var many strings.Builder
	many.WriteString(nrHead)
	for i := range 100000 {
		if i > 0 {
			many.WriteString(",")
		}
		many.WriteString(`{"type":"upgrade"}`)
	}
	many.WriteString(`]}]}}`)
	var manyXML strings.Builder
	manyXML.WriteString(`<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World"><forces><force><selections>`)
	for range 100000 {
		manyXML.WriteString(`<selection/>`)
	}
	manyXML.WriteString(`</selections></force></forces></roster>`)
	var entries [][2]string
	for i := range 100 {
		entries = append(entries, [2]string{fmt.Sprintf("e%d.ros", i), "x"})
	}
	huge := bytes.Repeat([]byte(" "), 50<<20)
	huge[0] = '{'

	tests := []struct {
		name  string
		input []byte
		is    error
		want  string
	}{
		{"zip bomb", bomb(t, 256<<20), ErrUnsafe, "list.rosz/army.ros: expands to more than 16 MiB"},
		{"zip bomb with a lying header", lyingBomb(t, 256<<20), ErrNotList, "list.rosz/army.ros: a broken zip"},
		{"16 MiB of elements", zipOf(t, [2]string{"a.ros", `<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World">` + strings.Repeat("<x/>", (15<<20)/4) + `</roster>`}), ErrUnsafe, "list.rosz/a.ros:1:800096: more than 200000 XML elements"}, // just after the 200,000th <x/>, which follows the roster's 95 bytes
		{"many entries", zipOf(t, entries...), ErrUnsafe, "list.rosz: 100 entries in the zip, more than 8"},
		{"two .ros", zipOf(t, [2]string{"a.ros", "x"}, [2]string{"b.ros", "x"}), ErrNotList, "list.rosz: 2 .ros files in the zip"},
		{"DTD", []byte(`<?xml version="1.0"?>` + "\n" + `<!DOCTYPE roster [<!ENTITY a "aaaa">]><roster/>`), ErrUnsafe, "list.rosz:2:"},
		{"entity in a zip", zipOf(t, [2]string{"x.ros", `<!DOCTYPE r [<!ENTITY a "a">]>`}), ErrUnsafe, "list.rosz/x.ros:1:"},
		{"deep JSON", []byte(deepJSON), ErrUnsafe, "list.rosz:1:201: nested more than 200 deep"},
		{"deep XML", []byte(deepXML), ErrUnsafe, "nested more than 200 deep"},
		{"100,000 selections", []byte(many.String()), ErrUnsafe, "list.rosz:1:1520042: more than 80000 JSON objects"}, // the 80,001st object: the roster, the force and 79,998 selections before it
		{"30,000 selections in few objects", []byte(nrHead + strings.Repeat(`{"type":"upgrade"},`, 30000) + `{}]}]}}`), ErrUnsafe, "list.rosz: more than 20000 selections, profiles and rules"},
		{"100,000 XML selections", []byte(manyXML.String()), ErrUnsafe, "more than 20000 selections, profiles and rules"},
		{"50 MB", huge, ErrUnsafe, "list.rosz: larger than 4 MiB"},
		{"another game", []byte(`{"roster": {"name": "X", "gameSystemName": "Space Game", "forces": []}}`), ErrOtherGame, "list.rosz: a list of another game: Space Game"},
		{"another game in XML", []byte(`<roster xmlns="` + RosterNamespace + `" gameSystemName="Space Game"></roster>`), ErrOtherGame, "a list of another game: Space Game"},
		{"another OWB game", []byte(`{"name": "X", "game": "space", "core": []}`), ErrOtherGame, "a list of another game: space"},
		{"garbage", []byte("\x00\x01garbage"), ErrNotList, "list.rosz: not a list file of New Recruit, BattleScribe or Old World Builder"},
		{"other JSON", []byte(`{"a": 1}`), ErrNotList, "not a list file of"},
		{"other XML", []byte(`<html></html>`), ErrNotList, "not a list file of"},
		{"broken JSON", []byte("{\"roster\":\n  {\"name\": }"), ErrNotList, "list.rosz:2:12: not well-formed JSON"},
		{"wrong kind", []byte("{\"roster\": {\"name\": \"X\", \"forces\": [{\"selections\": 5}]}}"), ErrNotList, "list.rosz:1:52: roster.forces.selections holds a value of another kind"},
		{"broken XML", []byte(`<roster xmlns="` + RosterNamespace + `">` + "\n<force></roster>"), ErrNotList, "list.rosz:2: not well-formed XML"},
		{"broken zip", append([]byte("PK\x03\x04"), make([]byte, 100)...), ErrNotList, "list.rosz: a broken zip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			l, err := Read("list.rosz", bytes.NewReader(tt.input))
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatalf("read %d units, want an error", len(l.Units))
			}
			if !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to hold %q", err, tt.want)
			}
			// What the input itself takes is the test's, not Read's.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("allocated %d MB, want under 64", alloc>>20)
			}
		})
	}
}
