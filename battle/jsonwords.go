package battle

import (
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// reason is why err, from decoding JSON or from a reader of this
// module, stopped: in the reader's language where it can be (a message
// argument), Go's own words only for an error nobody here names.
func reason(err error) any {
	var syn *json.SyntaxError
	var kind *json.UnmarshalTypeError
	var tx msg.Texter
	switch {
	case errors.As(err, &syn):
		return msg.New("battle.json.syntax")
	case errors.As(err, &kind):
		m := msg.New("battle.json.kind", jsonValueWord(kind.Value), goTypeWord(kind.Type))
		if kind.Field != "" {
			return msg.New("battle.json.at", kind.Field, m)
		}
		return m
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return msg.New("battle.json.short")
	case errors.As(err, &tx):
		return tx
	}
	// encoding/json says an unknown field only in words: "json: unknown
	// field \"x\"".
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return msg.New("battle.json.unknown", f)
	}
	return err.Error()
}

// jsonValueWord names a JSON value's kind as encoding/json reports it.
func jsonValueWord(v string) msg.Message {
	switch {
	case v == "string":
		return msg.New("battle.json.word.text")
	case v == "number" || strings.HasPrefix(v, "number "):
		return msg.New("battle.json.word.number")
	case v == "bool":
		return msg.New("battle.json.word.bool")
	case v == "array":
		return msg.New("battle.json.word.list")
	case v == "object":
		return msg.New("battle.json.word.object")
	}
	return msg.New("battle.json.word.null")
}

// goTypeWord names the kind of value a Go type wants.
func goTypeWord(t reflect.Type) msg.Message {
	if t == nil {
		return msg.New("battle.json.word.null")
	}
	switch t.Kind() {
	case reflect.String:
		return msg.New("battle.json.word.text")
	case reflect.Bool:
		return msg.New("battle.json.word.bool")
	case reflect.Slice, reflect.Array:
		return msg.New("battle.json.word.list")
	case reflect.Map, reflect.Struct, reflect.Pointer, reflect.Interface:
		return msg.New("battle.json.word.object")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return msg.New("battle.json.word.whole")
	}
	return msg.New("battle.json.word.number")
}
