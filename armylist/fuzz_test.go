package armylist

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/msg"
)

// checkRead reads data and holds what any input must give: no panic, an
// error a player can read (an *msg.Error) or a list whose units have a
// non-negative number of models, and the same answer read twice.
func checkRead(t *testing.T, data []byte) {
	l, err := Read("fuzz", bytes.NewReader(data))
	if err != nil {
		var me *msg.Error
		if !errors.As(err, &me) {
			t.Fatalf("error %v (%T) is not an *msg.Error", err, err)
		}
		if !errors.Is(err, ErrNotList) && !errors.Is(err, ErrOtherGame) && !errors.Is(err, ErrUnsafe) && me.Err == nil {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		return
	}
	for _, u := range l.Units {
		if u.Models < 0 {
			t.Fatalf("unit %q has %d models", u.Name, u.Models)
		}
	}
	again, err := Read("fuzz", bytes.NewReader(data))
	if err != nil || dump(again, msg.English) != dump(l, msg.English) {
		t.Fatalf("a second read differs: %v", err)
	}
}

func seed(f *testing.F, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// FuzzReadXML fuzzes the BattleScribe .ros reader.
func FuzzReadXML(f *testing.F) {
	f.Add(seed(f, "tow.ros"))
	f.Add(seed(f, "tow-old.ros"))
	f.Add([]byte(`<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World"><forces><force><selections><selection name="U" type="unit"><selections><selection name="M" type="model" number="3"/></selections></selection></selections></force></forces></roster>`))
	f.Add([]byte(`<!DOCTYPE r [<!ENTITY a "a">]><r/>`))
	f.Fuzz(checkRead)
}

// FuzzReadZip fuzzes the .rosz reader.
func FuzzReadZip(f *testing.F) {
	f.Add(seed(f, "tow.rosz"))
	f.Add(zipOf(f, [2]string{"a.ros", `<roster xmlns="` + RosterNamespace + `" gameSystemName="The Old World"/>`}))
	f.Add(zipOf(f, [2]string{"a.ros", "x"}, [2]string{"b.txt", "y"}))
	f.Fuzz(checkRead)
}

// FuzzReadJSON fuzzes the New Recruit and Old World Builder readers.
func FuzzReadJSON(f *testing.F) {
	f.Add(seed(f, "t9a.json"))
	f.Add(seed(f, "whfb8.json"))
	f.Add(seed(f, "list.owb.json"))
	f.Add([]byte(nrHead + `{"name":"U","type":"unit","selections":[{"type":"model","number":2.0}]}]}]}}`))
	f.Fuzz(checkRead)
}
