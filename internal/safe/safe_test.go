package safe

import (
	"errors"
	"strings"
	"testing"
)

func TestRecoverTurnsAPanicIntoAnError(t *testing.T) {
	f := func() (err error) {
		defer Recover(&err)
		panic("assignment to entry in nil map")
	}
	err := f()
	var p *PanicError
	if !errors.As(err, &p) {
		t.Fatalf("got %v, want a *PanicError", err)
	}
	if !strings.Contains(p.Error(), "nil map") {
		t.Errorf("Error() = %q, want the panic's value", p.Error())
	}
	if !strings.Contains(string(p.Stack), "TestRecoverTurnsAPanicIntoAnError") {
		t.Errorf("the stack does not show the panicking function:\n%s", p.Stack)
	}
}

func TestRecoverLeavesANormalReturn(t *testing.T) {
	want := errors.New("plain")
	f := func() (err error) {
		defer Recover(&err)
		return want
	}
	if err := f(); err != want {
		t.Errorf("got %v, want %v", err, want)
	}
}

func TestCheckCallsTheHookUntilRestored(t *testing.T) {
	Check("before") // no hook: nothing happens
	var sites []string
	restore := SetHook(func(site string) { sites = append(sites, site) })
	Check("a")
	Check("b")
	restore()
	Check("after")
	if strings.Join(sites, ",") != "a,b" {
		t.Errorf("hook saw %v, want [a b]", sites)
	}
}
