package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Count(1, "wound", "wounds"), "1 wound"},
		{Count(0, "wound", "wounds"), "0 wounds"},
		{Count(3, "casualty", "casualties"), "3 casualties"},
		{Count(-1, "wound", "wounds"), "-1 wounds"},
		{CountOf("D6", "attack", "attacks"), "D6 attacks"},
		{CountOf("1", "attack", "attacks"), "1 attack"},
		{Noun(true, "model", "models"), "model"},
		{Noun(false, "model", "models"), "models"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
