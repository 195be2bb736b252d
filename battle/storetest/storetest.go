// Package storetest is the behaviour every battle.Store must show, as a
// suite of tests an adapter runs from its own tests:
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) battle.Store { return openEmpty(t) })
//	}
//
// open returns an empty store of its own for each subtest; Run closes it
// (so an adapter's Close must allow a second call). RunShared checks two
// stores on one database, as two processes or two servers share it.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
)

// wait is how long a test waits for a change to be told before it fails:
// far above any adapter's delay, so that a loaded machine cannot fail it.
const wait = 10 * time.Second

// Run runs the suite on stores open returns.
func Run(t *testing.T, open func(t *testing.T) battle.Store) {
	tests := []struct {
		name string
		f    func(*testing.T, battle.Store)
	}{
		{"CreateGet", testCreateGet},
		{"CreateExists", testCreateExists},
		{"BadNames", testBadNames},
		{"Names", testNames},
		{"List", testList},
		{"Rename", testRename},
		{"Delete", testDelete},
		{"Append", testAppend},
		{"AppendStale", testAppendStale},
		{"AppendRefused", testAppendRefused},
		{"Records", testRecords},
		{"Battles", testBattlesApart},
		{"Snapshots", testSnapshots},
		{"BigRecord", testBigRecord},
		{"Cancelled", testCancelled},
		{"CancelledMidCall", testCancelledMidCall},
		{"Concurrent", testConcurrent},
		{"Changes", testChanges},
		{"Closed", testClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.f(t, s)
		})
	}
}

var ctx = context.Background()

// texts checks err is sentinel and reads want in English and Russian.
func texts(t *testing.T, err, sentinel error, en, ru string) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("err = %v, want %v", err, sentinel)
	}
	if got := msg.ErrorText(err, msg.English); got != en {
		t.Errorf("English: %q, want %q", got, en)
	}
	if got := msg.ErrorText(err, msg.Russian); got != ru {
		t.Errorf("Russian: %q, want %q", got, ru)
	}
}

func create(t *testing.T, s battle.Store, name string) battle.Meta {
	t.Helper()
	m, err := s.Create(ctx, name)
	if err != nil {
		t.Fatalf("Create(%q): %v", name, err)
	}
	return m
}

func get(t *testing.T, s battle.Store, idOrName string) battle.Meta {
	t.Helper()
	m, err := s.Get(ctx, idOrName)
	if err != nil {
		t.Fatalf("Get(%q): %v", idOrName, err)
	}
	return m
}

// rec is a record of kind "note" whose data is {"n": n}.
func rec(n int) battle.Record {
	return battle.Record{Kind: "note", Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, n))}
}

func appendN(t *testing.T, s battle.Store, m battle.Meta, from, n int) battle.Meta {
	t.Helper()
	recs := make([]battle.Record, n)
	for i := range recs {
		recs[i] = rec(from + i)
	}
	m2, err := s.Append(ctx, m.ID, m.Version, recs...)
	if err != nil {
		t.Fatalf("Append: %v", err)
	}
	return m2
}

func records(t *testing.T, s battle.Store, id string, after int64, limit int) []battle.Record {
	t.Helper()
	rs, err := s.Records(ctx, id, after, limit)
	if err != nil {
		t.Fatalf("Records(%d, %d): %v", after, limit, err)
	}
	return rs
}

// ns returns the n of each record's data, checking its Seq runs on from
// first.
func ns(t *testing.T, rs []battle.Record, first int64) []int {
	t.Helper()
	var out []int
	for i, r := range rs {
		if r.Seq != first+int64(i) {
			t.Fatalf("record %d: Seq %d, want %d", i, r.Seq, first+int64(i))
		}
		var d struct{ N int }
		if err := json.Unmarshal(r.Data, &d); err != nil {
			t.Fatalf("record %d: %v", r.Seq, err)
		}
		out = append(out, d.N)
	}
	return out
}

func seq(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_.~-]+$`)

func testCreateGet(t *testing.T, s battle.Store) {
	before := time.Now().Add(-time.Second)
	m := create(t, s, "Ogres at the ford")
	if !urlSafe.MatchString(m.ID) {
		t.Errorf("ID %q is not URL-safe", m.ID)
	}
	if m.Name != "Ogres at the ford" || m.Version != 0 {
		t.Errorf("Create: %+v, want the name and version 0", m)
	}
	if m.Created.Before(before) || !m.Updated.Equal(m.Created) {
		t.Errorf("Create: created %v, updated %v: want now, and equal", m.Created, m.Updated)
	}
	for _, key := range []string{m.ID, m.Name} {
		if got := get(t, s, key); !metaEqual(got, m) {
			t.Errorf("Get(%q) = %+v, want %+v", key, got, m)
		}
	}
	_, err := s.Get(ctx, "Goblins")
	texts(t, err, battle.ErrNotFound, "no such battle: Goblins", "нет такой битвы: Goblins")
	_, err = s.Get(ctx, "")
	if !errors.Is(err, battle.ErrNotFound) {
		t.Errorf(`Get(""): %v, want ErrNotFound`, err)
	}
	other := create(t, s, "Goblins")
	if other.ID == m.ID {
		t.Errorf("two battles share the ID %q", m.ID)
	}
}

func metaEqual(a, b battle.Meta) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Version == b.Version && a.Created.Equal(b.Created) && a.Updated.Equal(b.Updated)
}

func testCreateExists(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	_, err := s.Create(ctx, "Ogres")
	texts(t, err, battle.ErrExists, "a battle named Ogres exists already: choose another name",
		"битва с именем «Ogres» уже есть: выберите другое имя")
	if got := get(t, s, "Ogres"); got.ID != m.ID {
		t.Errorf("the refused Create replaced the battle: %+v", got)
	}
	if l, _ := s.List(ctx); len(l) != 1 {
		t.Errorf("List: %d battles, want 1", len(l))
	}
}

func testBadNames(t *testing.T, s battle.Store) {
	for _, c := range []struct{ name, en string }{
		{"", "a battle needs a name"},
		{strings.Repeat("я", 101), "a battle's name of 202 bytes, longer than 200"},
		{"Ogres\x00", "a battle's name with a control code at byte 6"},
		{"Ogres\nGoblins", "a battle's name with a control code at byte 6"},
		{"\xffOgres", "a battle's name that is not UTF-8 text"},
		{" Ogres", "a battle's name that begins or ends with a space:  Ogres"},
	} {
		_, err := s.Create(ctx, c.name)
		if !errors.Is(err, battle.ErrBadName) || msg.ErrorText(err, msg.English) != c.en {
			t.Errorf("Create(%q): %v, want ErrBadName: %s", c.name, err, c.en)
		}
		if msg.ErrorText(err, msg.Russian) == msg.ErrorText(err, msg.English) {
			t.Errorf("Create(%q): %v has no Russian", c.name, err)
		}
	}
	m := create(t, s, strings.Repeat("я", 100)) // 200 bytes: the longest
	if _, err := s.Rename(ctx, m.ID, 0, ""); !errors.Is(err, battle.ErrBadName) {
		t.Errorf(`Rename(""): %v, want ErrBadName`, err)
	}
	if l, _ := s.List(ctx); len(l) != 1 {
		t.Errorf("List: %d battles, want 1: a refused name was kept", len(l))
	}
}

// names that a careless store would mangle or choke on.
var names = []string{
	`O'Brien's "last" stand`,
	"Robert'); DROP TABLE battles;--",
	"Битва при Мидденхейме",
	"戦い 🐉 à l'Ouest",
	`back\slash % _ wildcards`,
}

func testNames(t *testing.T, s battle.Store) {
	ids := map[string]string{}
	for _, n := range names {
		ids[n] = create(t, s, n).ID
	}
	for _, n := range names {
		if got := get(t, s, n); got.Name != n || got.ID != ids[n] {
			t.Errorf("Get(%q) = %+v", n, got)
		}
	}
	if _, err := s.Get(ctx, "back\\slash %"); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Get of a prefix: %v, want ErrNotFound (names match exactly)", err)
	}
	l, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(l) != len(names) {
		t.Fatalf("List: %d battles, want %d", len(l), len(names))
	}
}

func testList(t *testing.T, s battle.Store) {
	l, err := s.List(ctx)
	if err != nil || len(l) != 0 {
		t.Fatalf("List of an empty store: %v, %v", l, err)
	}
	for _, n := range []string{"b", "c", "a"} {
		create(t, s, n)
	}
	l, err = s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range l {
		got = append(got, m.Name)
	}
	if !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("List: %q, want a, b, c", got)
	}
}

func testRename(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	create(t, s, "Goblins")
	m = appendN(t, s, m, 1, 2)
	r, err := s.Rename(ctx, m.ID, 2, "Ogres at the ford")
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != m.ID || r.Name != "Ogres at the ford" || r.Version != 2 || !r.Created.Equal(m.Created) {
		t.Errorf("Rename: %+v: want the same battle, renamed, still at version 2", r)
	}
	if _, err := s.Get(ctx, "Ogres"); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Get of the old name: %v, want ErrNotFound", err)
	}
	if got := get(t, s, "Ogres at the ford"); got.ID != m.ID {
		t.Errorf("Get of the new name: %+v", got)
	}
	if _, err := s.Rename(ctx, m.ID, 2, "Ogres at the ford"); err != nil {
		t.Errorf("Rename to its own name: %v", err)
	}
	_, err = s.Rename(ctx, m.ID, 2, "Goblins")
	texts(t, err, battle.ErrExists, "a battle named Goblins exists already: choose another name",
		"битва с именем «Goblins» уже есть: выберите другое имя")
	_, err = s.Rename(ctx, m.ID, 1, "Trolls")
	texts(t, err, battle.ErrStale, "the battle changed since you read it (version 1, now 2): read it again and retry",
		"битва изменилась с тех пор, как вы её загрузили (версия 1, теперь 2): загрузите её заново и повторите")
	if _, err := s.Rename(ctx, "nosuchid", 0, "Trolls"); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Rename of an unknown battle: %v, want ErrNotFound", err)
	}
	if got := get(t, s, m.ID); got.Name != "Ogres at the ford" {
		t.Errorf("a refused Rename renamed: %+v", got)
	}
}

func testDelete(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	keep := create(t, s, "Goblins")
	keep = appendN(t, s, keep, 1, 3)
	m = appendN(t, s, m, 1, 3)
	if err := s.SaveSnapshot(ctx, m.ID, 3, []byte("state")); err != nil {
		t.Fatal(err)
	}
	err := s.Delete(ctx, m.ID, 2)
	texts(t, err, battle.ErrStale, "the battle changed since you read it (version 2, now 3): read it again and retry",
		"битва изменилась с тех пор, как вы её загрузили (версия 2, теперь 3): загрузите её заново и повторите")
	get(t, s, m.ID)
	if err := s.Delete(ctx, m.ID, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, m.ID); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	if _, err := s.Records(ctx, m.ID, 0, 0); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Records after Delete: %v", err)
	}
	if _, _, err := s.Snapshot(ctx, m.ID); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Snapshot after Delete: %v", err)
	}
	if _, err := s.Append(ctx, m.ID, 3, rec(4)); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Append after Delete: %v", err)
	}
	if err := s.Delete(ctx, m.ID, 3); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Delete twice: %v", err)
	}
	again := create(t, s, "Ogres")
	if again.ID == m.ID || again.Version != 0 || len(records(t, s, again.ID, 0, 0)) != 0 {
		t.Errorf("a battle made anew under a deleted one's name: %+v, or it inherits the log", again)
	}
	if _, _, err := s.Snapshot(ctx, again.ID); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("the new battle inherits the snapshot: %v", err)
	}
	if got := ns(t, records(t, s, keep.ID, 0, 0), 1); !slices.Equal(got, seq(1, 3)) {
		t.Errorf("the other battle's log after a Delete: %v", got)
	}
}

func testAppend(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	at := time.Date(2026, 5, 17, 20, 15, 0, 123456789, time.UTC)
	before := time.Now().Add(-time.Second)
	m2, err := s.Append(ctx, m.ID, 0,
		battle.Record{Seq: 99, Kind: "unit_added", Data: json.RawMessage(`{"unit": "Ogres", "models": 6}`)},
		battle.Record{Kind: "attack", Data: json.RawMessage(`{"dice":[1,6,"4+"]}`), At: at},
		battle.Record{Kind: "phase", Data: json.RawMessage(`"shooting"`)},
	)
	if err != nil {
		t.Fatal(err)
	}
	if m2.Version != 3 || m2.ID != m.ID || m2.Updated.Before(m.Created) {
		t.Errorf("Append: %+v, want version 3", m2)
	}
	if got := get(t, s, m.ID); !metaEqual(got, m2) {
		t.Errorf("Get after Append: %+v, want %+v", got, m2)
	}
	rs := records(t, s, m.ID, 0, 0)
	want := []struct {
		kind, data string
	}{{"unit_added", `{"unit": "Ogres", "models": 6}`}, {"attack", `{"dice":[1,6,"4+"]}`}, {"phase", `"shooting"`}}
	if len(rs) != len(want) {
		t.Fatalf("Records: %d, want %d", len(rs), len(want))
	}
	for i, r := range rs {
		if r.Seq != int64(i+1) || r.Kind != want[i].kind || string(r.Data) != want[i].data {
			t.Errorf("record %d: %d %s %s, want %d %s %s", i, r.Seq, r.Kind, r.Data, i+1, want[i].kind, want[i].data)
		}
	}
	if !rs[1].At.Equal(at) {
		t.Errorf("a given At: %v, want %v kept", rs[1].At, at)
	}
	if rs[0].At.Before(before) || rs[0].At.After(time.Now().Add(time.Second)) {
		t.Errorf("a zero At: %v, want the time of the append", rs[0].At)
	}
	m3, err := s.Append(ctx, m.ID, 3)
	if err != nil || m3.Version != 3 {
		t.Errorf("Append of nothing: %+v, %v: want version 3", m3, err)
	}
	m4 := appendN(t, s, m3, 4, 1)
	if m4.Version != 4 {
		t.Errorf("Append: version %d, want 4", m4.Version)
	}
}

func testAppendStale(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	appendN(t, s, m, 1, 1) // another client's append
	_, err := s.Append(ctx, m.ID, 0, rec(2))
	texts(t, err, battle.ErrStale, "the battle changed since you read it (version 0, now 1): read it again and retry",
		"битва изменилась с тех пор, как вы её загрузили (версия 0, теперь 1): загрузите её заново и повторите")
	if _, err := s.Append(ctx, m.ID, 5, rec(2)); !errors.Is(err, battle.ErrStale) {
		t.Errorf("Append ahead of the battle: %v, want ErrStale", err)
	}
	if _, err := s.Append(ctx, m.ID, 0); !errors.Is(err, battle.ErrStale) {
		t.Errorf("Append of nothing at a stale version: %v, want ErrStale", err)
	}
	if got := ns(t, records(t, s, m.ID, 0, 0), 1); !slices.Equal(got, []int{1}) {
		t.Errorf("log after stale appends: %v, want [1]", got)
	}
	_, err = s.Append(ctx, "nosuchid", 0, rec(1))
	texts(t, err, battle.ErrNotFound, "no such battle: nosuchid", "нет такой битвы: nosuchid")
}

func testAppendRefused(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	for _, c := range []struct {
		recs []battle.Record
		en   string
	}{
		{[]battle.Record{rec(1), {Data: json.RawMessage(`{}`)}}, "record 2 of the append has no kind"},
		{[]battle.Record{{Kind: "attack", Data: json.RawMessage(`{"dice":`)}}, "record 1 of the append (attack): its data is not one JSON value"},
		{[]battle.Record{{Kind: "attack"}}, "record 1 of the append (attack): its data is not one JSON value"},
		{[]battle.Record{rec(1), {Kind: "attack", Data: json.RawMessage(`{} {}`)}}, "record 2 of the append (attack): its data is not one JSON value"},
	} {
		_, err := s.Append(ctx, m.ID, 0, c.recs...)
		if err == nil || msg.ErrorText(err, msg.English) != c.en || msg.ErrorText(err, msg.Russian) == c.en {
			t.Errorf("Append: %v, want %s, and in Russian", err, c.en)
		}
	}
	if got := get(t, s, m.ID); got.Version != 0 || len(records(t, s, m.ID, 0, 0)) != 0 {
		t.Errorf("refused appends wrote: %+v", got)
	}
}

func testRecords(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	for i := 0; i < 5; i++ {
		m = appendN(t, s, m, 1+5*i, 5)
	}
	for _, c := range []struct {
		after int64
		limit int
		want  []int
	}{
		{0, 10, seq(1, 10)},
		{10, 10, seq(11, 20)},
		{20, 10, seq(21, 25)},
		{25, 10, nil},
		{99, 0, nil},
		{0, 0, seq(1, 25)},
		{0, -1, seq(1, 25)},
		{24, 0, []int{25}},
		{-5, 2, seq(1, 2)},
	} {
		rs := records(t, s, m.ID, c.after, c.limit)
		first := max(c.after+1, 1)
		if got := ns(t, rs, first); !slices.Equal(got, c.want) {
			t.Errorf("Records(after %d, limit %d): %v, want %v", c.after, c.limit, got, c.want)
		}
	}
	_, err := s.Records(ctx, "nosuchid", 0, 0)
	texts(t, err, battle.ErrNotFound, "no such battle: nosuchid", "нет такой битвы: nosuchid")
}

func testBattlesApart(t *testing.T, s battle.Store) {
	a := create(t, s, "a")
	b := create(t, s, "b")
	a = appendN(t, s, a, 100, 3)
	b = appendN(t, s, b, 200, 2)
	a = appendN(t, s, a, 103, 1)
	if a.Version != 4 || b.Version != 2 {
		t.Errorf("versions %d and %d, want 4 and 2", a.Version, b.Version)
	}
	if got := ns(t, records(t, s, a.ID, 0, 0), 1); !slices.Equal(got, []int{100, 101, 102, 103}) {
		t.Errorf("a's log: %v", got)
	}
	if got := ns(t, records(t, s, b.ID, 0, 0), 1); !slices.Equal(got, []int{200, 201}) {
		t.Errorf("b's log: %v", got)
	}
}

func testSnapshots(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	_, _, err := s.Snapshot(ctx, m.ID)
	texts(t, err, battle.ErrNotFound, "battle "+m.ID+" has no snapshot", "у битвы "+m.ID+" нет снимка")
	m = appendN(t, s, m, 1, 3)
	check := func(seq int64, data string) {
		t.Helper()
		got, d, err := s.Snapshot(ctx, m.ID)
		if err != nil || got != seq || string(d) != data {
			t.Errorf("Snapshot: %d %q %v, want %d %q", got, d, err, seq, data)
		}
	}
	if err := s.SaveSnapshot(ctx, m.ID, 2, []byte(`{"after":2}`)); err != nil {
		t.Fatal(err)
	}
	check(2, `{"after":2}`)
	if err := s.SaveSnapshot(ctx, m.ID, 1, []byte(`{"after":1}`)); err != nil {
		t.Fatal(err)
	}
	check(2, `{"after":2}`) // an older state never replaces a newer one
	if err := s.SaveSnapshot(ctx, m.ID, 3, []byte{0, 1, 2, 255}); err != nil {
		t.Fatal(err)
	}
	check(3, "\x00\x01\x02\xff")
	for _, bad := range []int64{0, -1, 4} {
		err := s.SaveSnapshot(ctx, m.ID, bad, []byte("x"))
		if err == nil || msg.ErrorText(err, msg.English) != fmt.Sprintf("a snapshot after record %d of a battle of 3 records", bad) {
			t.Errorf("SaveSnapshot at %d: %v, want refused", bad, err)
		}
	}
	check(3, "\x00\x01\x02\xff")
	if err := s.SaveSnapshot(ctx, "nosuchid", 1, []byte("x")); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("SaveSnapshot of an unknown battle: %v", err)
	}
	if _, _, err := s.Snapshot(ctx, "nosuchid"); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("Snapshot of an unknown battle: %v", err)
	}
}

func testBigRecord(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	data, _ := json.Marshal(map[string]string{"dice": string(big)})
	m, err := s.Append(ctx, m.ID, 0, battle.Record{Kind: "attack", Data: data}, rec(2))
	if err != nil {
		t.Fatal(err)
	}
	rs := records(t, s, m.ID, 0, 0)
	if len(rs) != 2 || !bytes.Equal(rs[0].Data, data) || rs[1].Seq != 2 {
		t.Fatalf("the 1 MiB record came back as %d bytes", len(rs[0].Data))
	}
	if err := s.SaveSnapshot(ctx, m.ID, 2, big); err != nil {
		t.Fatal(err)
	}
	if _, d, err := s.Snapshot(ctx, m.ID); err != nil || !bytes.Equal(d, big) {
		t.Fatalf("the 1 MiB snapshot: %d bytes, %v", len(d), err)
	}
}

func testCancelled(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	m = appendN(t, s, m, 1, 1)
	c, cancel := context.WithCancel(ctx)
	cancel()
	calls := map[string]func() error{
		"Create":       func() error { _, err := s.Create(c, "Goblins"); return err },
		"Get":          func() error { _, err := s.Get(c, m.ID); return err },
		"List":         func() error { _, err := s.List(c); return err },
		"Rename":       func() error { _, err := s.Rename(c, m.ID, 1, "Trolls"); return err },
		"Delete":       func() error { return s.Delete(c, m.ID, 1) },
		"Append":       func() error { _, err := s.Append(c, m.ID, 1, rec(2)); return err },
		"Records":      func() error { _, err := s.Records(c, m.ID, 0, 0); return err },
		"SaveSnapshot": func() error { return s.SaveSnapshot(c, m.ID, 1, []byte("x")) },
		"Snapshot":     func() error { _, _, err := s.Snapshot(c, m.ID); return err },
		"Changes":      func() error { _, err := s.Changes(c, m.ID); return err },
	}
	for name, f := range calls {
		if err := f(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled", name, err)
		}
	}
	if got := get(t, s, m.ID); !metaEqual(got, m) {
		t.Errorf("calls with a cancelled context changed the battle: %+v", got)
	}
	if l, _ := s.List(ctx); len(l) != 1 {
		t.Errorf("a cancelled Create created: %d battles", len(l))
	}
	if _, _, err := s.Snapshot(ctx, m.ID); !errors.Is(err, battle.ErrNotFound) {
		t.Errorf("a cancelled SaveSnapshot saved: %v", err)
	}
	appendN(t, s, m, 2, 1)
}

// testCancelledMidCall cancels large appends after growing delays: each
// either happens whole or returns the context's error having written
// nothing, and the store goes on.
func testCancelledMidCall(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	chunk := bytes.Repeat([]byte("x"), 32<<10)
	data, _ := json.Marshal(string(chunk))
	recs := make([]battle.Record, 64)
	for i := range recs {
		recs[i] = battle.Record{Kind: "attack", Data: data}
	}
	var done, cancelled int
	for i := range 24 {
		c, cancel := context.WithCancel(ctx)
		time.AfterFunc(time.Duration(i*i)*150*time.Microsecond, cancel) // 0 to 80 ms
		m2, err := s.Append(c, m.ID, m.Version, recs...)
		cancel()
		switch {
		case err == nil:
			done++
			if m2.Version != m.Version+64 {
				t.Fatalf("Append: version %d, want %d", m2.Version, m.Version+64)
			}
			m = m2
		case errors.Is(err, context.Canceled):
			cancelled++
			if got := get(t, s, m.ID); got.Version != m.Version {
				t.Fatalf("a cancelled Append moved the version from %d to %d", m.Version, got.Version)
			}
		default:
			t.Fatalf("Append cancelled: %v, want context.Canceled", err)
		}
	}
	rs := records(t, s, m.ID, 0, 0)
	if int64(len(rs)) != m.Version || len(rs) != 64*done {
		t.Fatalf("%d records, version %d, %d appends done", len(rs), m.Version, done)
	}
	for i, r := range rs {
		if r.Seq != int64(i+1) || !bytes.Equal(r.Data, data) {
			t.Fatalf("record %d: seq %d, %d bytes", i, r.Seq, len(r.Data))
		}
	}
	t.Logf("%d appends done, %d cancelled", done, cancelled)
	appendN(t, s, m, 1, 1)
}

// testConcurrent: clients append at the version they read and retry when
// it is stale; none is lost, none is written twice, and every refusal is
// ErrStale.
func testConcurrent(t *testing.T, s battle.Store) {
	const clients, each = 8, 15
	m := create(t, s, "Ogres")
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for c := range clients {
		wg.Go(func() {
			for k := range each {
				for {
					cur, err := s.Get(ctx, m.ID)
					if err != nil {
						errs <- err
						return
					}
					_, err = s.Append(ctx, m.ID, cur.Version, rec(c*1000+k))
					if err == nil {
						break
					}
					if !errors.Is(err, battle.ErrStale) {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a client: %v", err)
	}
	got := ns(t, records(t, s, m.ID, 0, 0), 1)
	slices.Sort(got)
	var want []int
	for c := range clients {
		for k := range each {
			want = append(want, c*1000+k)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("the log holds %d records, want each of the %d appends once", len(got), len(want))
	}
}

func testChanges(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	other := create(t, s, "Goblins")
	m = appendN(t, s, m, 1, 2)
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := s.Changes(c, m.Name)
	if err != nil {
		t.Fatal(err)
	}
	next := func(want int64) {
		t.Helper()
		timeout := time.After(wait)
		for {
			select {
			case v, ok := <-ch:
				switch {
				case !ok:
					t.Fatalf("the channel closed waiting for version %d", want)
				case v > want:
					t.Fatalf("told version %d, want %d first", v, want)
				case v == want:
					return
				}
			case <-timeout:
				t.Fatalf("no version %d told in %v", want, wait)
			}
		}
	}
	next(2) // the version at the call
	m = appendN(t, s, m, 3, 1)
	next(3)
	appendN(t, s, other, 1, 1) // another battle: not told
	for i := range 5 {
		m = appendN(t, s, m, 4+i, 2)
	}
	next(13) // a slow reader is told the latest
	select {
	case v := <-ch:
		t.Fatalf("told version %d after the last append", v)
	default:
	}
	cancel()
	timeout := time.After(wait)
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				_, err = s.Changes(ctx, "nosuchid")
				if !errors.Is(err, battle.ErrNotFound) {
					t.Errorf("Changes of an unknown battle: %v", err)
				}
				return
			}
			t.Fatalf("told version %d after the context ended", v)
		case <-timeout:
			t.Fatalf("the channel is still open %v after the context ended", wait)
		}
	}
}

func testClosed(t *testing.T, s battle.Store) {
	m := create(t, s, "Ogres")
	ch, err := s.Changes(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for range ch { // Close closes the listeners' channels
	}
	if _, err := s.Get(ctx, m.ID); !errors.Is(err, battle.ErrStorage) {
		t.Errorf("Get after Close: %v, want ErrStorage", err)
	}
	if _, err := s.Append(ctx, m.ID, 0, rec(1)); !errors.Is(err, battle.ErrStorage) {
		t.Errorf("Append after Close: %v, want ErrStorage", err)
	}
}

// RunShared runs the checks of two stores sharing one database (two
// processes on one SQLite file, two servers on one PostgreSQL): open
// returns two stores on a database of their own, empty, and closes them
// when the test ends. Writers through both append to one battle with
// retries: none of their appends is lost or written twice, and each
// store's Changes tells of the other's appends.
func RunShared(t *testing.T, open func(t *testing.T) (battle.Store, battle.Store)) {
	a, b := open(t)
	m := create(t, a, "Ogres")
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	changes, err := b.Changes(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v := <-changes; v != 0 {
		t.Fatalf("Changes began at %d, want 0", v)
	}
	if _, err := a.Append(ctx, m.ID, 0, rec(1)); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-changes:
		if v != 1 {
			t.Fatalf("b was told of version %d, want 1", v)
		}
	case <-time.After(wait):
		t.Fatalf("b was not told of a's append in %v", wait)
	}
	if m2 := get(t, b, m.Name); m2.Version != 1 {
		t.Fatalf("b reads version %d, want 1", m2.Version)
	}

	const writers, each = 6, 40
	var wg sync.WaitGroup
	for w := range writers {
		s := []battle.Store{a, b}[w%2]
		wg.Go(func() {
			for k := range each {
				for {
					cur, err := s.Get(ctx, m.ID)
					if err != nil {
						t.Error(err)
						return
					}
					_, err = s.Append(ctx, m.ID, cur.Version, rec(1000*(w+1)+k))
					if err == nil {
						break
					}
					if !errors.Is(err, battle.ErrStale) {
						t.Errorf("writer %d: %v, want ErrStale or none", w, err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	got := ns(t, records(t, b, m.ID, 0, 0), 1)
	slices.Sort(got)
	want := []int{1}
	for w := range writers {
		for k := range each {
			want = append(want, 1000*(w+1)+k)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the log holds %d records, want the %d appended once each", len(got), len(want))
	}
	last := int64(len(want))
	timeout := time.After(wait)
	for v := int64(1); v != last; {
		select {
		case v = <-changes:
		case <-timeout:
			t.Fatalf("b was last told of version %d in %v, want %d", v, wait, last)
		}
	}
	other, err := a.Changes(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v := <-other; v != last {
		t.Fatalf("a's Changes began at %d, want %d", v, last)
	}
	if _, err := b.Append(ctx, m.ID, last, rec(2)); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-other:
		if v != last+1 {
			t.Fatalf("a was told of version %d, want %d", v, last+1)
		}
	case <-time.After(wait):
		t.Fatalf("a was not told of b's append in %v", wait)
	}
}
