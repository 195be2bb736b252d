package ordered

import (
	"encoding/json"
	"testing"
)

func TestObjectKeepsOrder(t *testing.T) {
	var o Object
	o.Add("z", 1)
	o.Add("a", "x<y")
	o.Add("m", Object{{"inner", true}})
	o.Add("n", nil)
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	// encoding/json's escaping of < stays as it is for every value
	const want = `{"z":1,"a":"x\u003cy","m":{"inner":true},"n":null}`
	if string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	if b, _ := json.Marshal(Object{}); string(b) != "{}" {
		t.Errorf("empty: got %s, want {}", b)
	}
	if _, err := json.Marshal(Object{{"f", func() {}}}); err == nil {
		t.Error("a value encoding/json refuses: got no error")
	}
}
