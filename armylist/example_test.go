package armylist_test

import (
	"fmt"
	"strings"

	"github.com/rearrank/rearrank/armylist"
)

func ExampleRead() {
	const file = `{"roster": {"name": "Test List", "gameSystemName": "Warhammer: The Old World",
	  "forces": [{"selections": [{"name": "Test Spearmen", "type": "unit",
	    "rules": [{"name": "Poisoned Attacks"}, {"name": "Regeneration (*)"}],
	    "selections": [{"name": "Test Spearman", "type": "model", "number": 20,
	      "profiles": [{"name": "Test Spearman", "typeName": "Model", "characteristics": [
	        {"name": "WS", "$text": "3"}, {"name": "S", "$text": 3}, {"name": "T", "$text": "3"}]}]}]}]}]}}`
	l, err := armylist.Read("list.json", strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	u := l.Units[0]
	fmt.Println(l.Format, l.Game, u.Name, u.Models, u.Profiles[0].Chars, u.Rules)
	for _, m := range u.NotUsed {
		fmt.Println(m)
	}
	// Output:
	// newrecruit tow Test Spearmen 20 [{WS 3} {S 3} {T 3}] [Poisoned Attacks]
	// Regeneration (*): its value is not in the file
	// not in the file's stat line: M, BS, W, I, A, Ld
}
