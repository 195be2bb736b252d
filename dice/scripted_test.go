package dice_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/dice"
)

func TestScriptedHandsOutInOrder(t *testing.T) {
	in := []int{6, 3, 5, 2}
	s := dice.NewScripted(in...)
	in[0] = 1 // NewScripted keeps its own copy
	if got, err := s.Ask(6, "to-hit"); got != 6 || err != nil {
		t.Fatalf("Ask = %d, %v, want 6", got, err)
	}
	if got := s.Roll(6); got != 3 {
		t.Fatalf("Roll = %d, want 3", got)
	}
	if s.Used() != 2 || s.Remaining() != 2 {
		t.Errorf("Used %d, Remaining %d, want 2, 2", s.Used(), s.Remaining())
	}
	faces := s.Faces()
	faces[0] = 1 // Faces is a copy
	if got := s.Faces(); !slices.Equal(got, []int{6, 3, 5, 2}) {
		t.Errorf("Faces = %v, want [6 3 5 2]", got)
	}
	if s.Err() != nil {
		t.Errorf("Err = %v, want nil", s.Err())
	}
}

func TestScriptedOutOfDice(t *testing.T) {
	faces := make([]int, 12)
	for i := range faces {
		faces[i] = 4
	}
	s := dice.NewScripted(faces...)
	for range 12 {
		if _, err := s.Ask(6, "to-hit"); err != nil {
			t.Fatal(err)
		}
	}
	_, err := s.Ask(6, "to-wound, attack 3 of 12")
	if !errors.Is(err, dice.ErrOutOfDice) {
		t.Fatalf("13th die: error %v, want ErrOutOfDice", err)
	}
	if want := "die 13 (to-wound, attack 3 of 12): out of dice: 12 given"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if errors.Is(err, dice.ErrBadFace) {
		t.Error("out of dice also matches ErrBadFace")
	}
	// Asking again names the same die: nothing was taken.
	if _, err := s.Ask(6, ""); err == nil || err.Error() != "die 13: out of dice: 12 given" {
		t.Errorf("asking again: %v", err)
	}
	if s.Used() != 12 || s.Remaining() != 0 {
		t.Errorf("Used %d, Remaining %d, want 12, 0", s.Used(), s.Remaining())
	}
	if !errors.Is(s.Err(), dice.ErrOutOfDice) || !strings.Contains(s.Err().Error(), "to-wound") {
		t.Errorf("Err = %v, want the first failure", s.Err())
	}
}

func TestScriptedBadFace(t *testing.T) {
	s := dice.NewScripted(1, 2, 3, 7, 4, 0)
	for range 3 {
		if _, err := s.Ask(6, ""); err != nil {
			t.Fatal(err)
		}
	}
	_, err := s.Ask(6, "armour save")
	if !errors.Is(err, dice.ErrBadFace) {
		t.Fatalf("error %v, want ErrBadFace", err)
	}
	if want := "die 4 (armour save): bad face 7 on a D6"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	// The bad face was taken: the next die is die 5, which is fine on a D6
	// but not on a D3.
	if _, err := s.Ask(3, "multiple wounds"); err == nil || err.Error() != "die 5 (multiple wounds): bad face 4 on a D3" {
		t.Errorf("die 5: %v", err)
	}
	if _, err := s.Ask(6, ""); err == nil || err.Error() != "die 6: bad face 0 on a D6" {
		t.Errorf("die 6: %v", err)
	}
	if s.Err() == nil || !strings.HasPrefix(s.Err().Error(), "die 4 ") {
		t.Errorf("Err = %v, want the first failure, die 4", s.Err())
	}
}

func TestScriptedRollNeverPanics(t *testing.T) {
	s := dice.NewScripted(9, -2, 2)
	var got []int
	for _, sides := range []int{6, 6, 0, -1, 6, 6} {
		got = append(got, s.Roll(sides)) // bad, bad, bad for 0 sides, then out of dice
	}
	if want := []int{1, 1, 1, 1, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("Roll gave %v, want %v", got, want)
	}
	if !errors.Is(s.Err(), dice.ErrBadFace) || s.Err().Error() != "die 1: bad face 9 on a D6" {
		t.Errorf("Err = %v, want the first failure", s.Err())
	}
	var zero dice.Scripted
	if got := zero.Roll(6); got != 1 || !errors.Is(zero.Err(), dice.ErrOutOfDice) {
		t.Errorf("zero Scripted: Roll = %d, Err %v", got, zero.Err())
	}
}

// plainRoller is a Roller without Ask, giving one fixed face.
type plainRoller int

func (p plainRoller) Roll(int) int { return int(p) }

func TestAsk(t *testing.T) {
	if got, err := dice.Ask(plainRoller(4), 6, "to-hit"); got != 4 || err != nil {
		t.Errorf("Ask(plain 4) = %d, %v", got, err)
	}
	_, err := dice.Ask(plainRoller(4), 3, "multiple wounds")
	if !errors.Is(err, dice.ErrBadFace) || err.Error() != "multiple wounds: bad face 4 on a D3" {
		t.Errorf("Ask(plain 4, D3) error %v", err)
	}
	if _, err := dice.Ask(plainRoller(0), 6, ""); err == nil || err.Error() != "bad face 0 on a D6" {
		t.Errorf("Ask(plain 0) error %v", err)
	}
	// An Asker is asked, with the label.
	if _, err := dice.Ask(dice.NewScripted(), 6, "ward save"); err == nil || err.Error() != "die 1 (ward save): out of dice: 0 given" {
		t.Errorf("Ask(empty Scripted) error %v", err)
	}
}

func TestParseFaces(t *testing.T) {
	good := []struct {
		in   string
		want []int
	}{
		{"6,3,5, 2", []int{6, 3, 5, 2}},
		{"6 3 5 2", []int{6, 3, 5, 2}},
		{" 6 ,3,\t5  2 ", []int{6, 3, 5, 2}},
		{"4", []int{4}},
		{"1000", []int{1000}},
		{"", nil},
		{"   ", nil},
	}
	for _, tt := range good {
		got, err := dice.ParseFaces(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseFaces(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct{ in, want string }{
		{"6,3,x", `item 3 "x": not a number`},
		{"6 3 x 2", `item 3 "x": not a number`},
		{"6,-3", `item 2 "-3": not a number`},
		{"+6", `item 1 "+6": not a number`},
		{"6,0", `item 2 "0": faces start at 1`},
		{"6,3.5", `item 2 "3.5": not a number`},
		{"99999999999999999999", `item 1 "99999999999999999999": too large`},
		{"6,,3", `item 2: empty`},
		{"6,3,", `item 3: empty`},
		{",6", `item 1: empty`},
		{",", `item 1: empty`},
	}
	for _, tt := range bad {
		got, err := dice.ParseFaces(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFaces(%q) = %v, %v, want error containing %q", tt.in, got, err, tt.want)
		}
	}
}
