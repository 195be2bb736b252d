package armylist

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
)

var update = flag.Bool("update", false, "rewrite the golden files from what Read reads")

// dump writes what Read read of a list, a unit a block, in language l.
func dump(l *List, lang msg.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "list %q format %s game %s system %q\n", l.Name, l.Format, l.Game, l.System)
	for _, m := range l.NotUsed {
		fmt.Fprintf(&b, "not used: %s\n", m.Text(lang))
	}
	for _, u := range l.Units {
		fmt.Fprintf(&b, "\nunit %q models %d character %t troop %q\n", u.Name, u.Models, u.Character, u.TroopType)
		for _, p := range u.Profiles {
			fmt.Fprintf(&b, "  profile %s\n", profileText(p))
		}
		if u.Champion != nil {
			fmt.Fprintf(&b, "  champion %s\n", profileText(*u.Champion))
		}
		for _, p := range u.Mounts {
			fmt.Fprintf(&b, "  mount %s\n", profileText(p))
		}
		fmt.Fprintf(&b, "  command champion %t standard %t musician %t\n", u.Command.Champion, u.Command.Standard, u.Command.Musician)
		for _, w := range u.Weapons {
			fmt.Fprintf(&b, "  weapon %q R %q S %q AP %q rules %q\n", w.Name, w.Range, w.S, w.AP, w.Rules)
		}
		fmt.Fprintf(&b, "  armour %q shield %t barding %t armour save %q ward save %q\n", u.Armour.Suit, u.Armour.Shield, u.Armour.Barding, u.ArmourSave, u.WardSave)
		for _, r := range u.Rules {
			fmt.Fprintf(&b, "  rule %q param %q\n", r.Name, r.Param)
		}
		if len(u.Missing) > 0 {
			fmt.Fprintf(&b, "  missing %s\n", strings.Join(u.Missing, " "))
		}
		for _, m := range u.NotUsed {
			fmt.Fprintf(&b, "  not used: %s\n", m.Text(lang))
		}
	}
	return b.String()
}

func profileText(p Profile) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q:", p.Name)
	for _, c := range p.Chars {
		fmt.Fprintf(&b, " %s=%s", c.Name, c.Value)
	}
	return b.String()
}

// TestGolden reads each fixture of testdata (rosters invented for the
// tests, in the shapes of docs/IMPORT.md) and compares what it read, in
// English and in Russian, with testdata/golden (-update rewrites them).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.*")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 7 {
		t.Fatalf("%d fixtures", len(files))
	}
	for _, f := range files {
		base := filepath.Base(f)
		t.Run(base, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			l, err := Read(base, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range []msg.Lang{msg.English, msg.Russian} {
				golden := filepath.Join("testdata", "golden", base+"."+lang.String()+".txt")
				got := dump(l, lang)
				if *update {
					if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test -update to create it)", err)
				}
				if got != string(want) {
					t.Errorf("%s differs from %s (go test -update to accept):\n%s", base, golden, got)
				}
			}
		})
	}
}

// TestFormsAgree: a .ros with its values as element text, the same
// roster with BattleScribe 1's value attributes, and a .rosz holding it
// read the same units.
func TestFormsAgree(t *testing.T) {
	var want string
	for _, f := range []string{"tow.ros", "tow-old.ros", "tow.rosz"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Read(f, bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		got := dump(l, msg.English)
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("%s reads otherwise than tow.ros:\n%s\nwant\n%s", f, got, want)
		}
	}
}
