// Package ordered holds a JSON object that keeps its keys in the order
// they were written, for the answers and files whose field order a reader
// relies on (the scenario's fields in the order of docs/scenario.md, the
// page's form in the order of its inputs). encoding/json sorts a map's
// keys, and a struct cannot have fields chosen at run time.
package ordered

import (
	"bytes"
	"encoding/json"
)

// Field is one key and its value.
type Field struct {
	Key   string
	Value any
}

// Object is a JSON object written in the order of its fields.
type Object []Field

// Add appends a field.
func (o *Object) Add(key string, v any) { *o = append(*o, Field{key, v}) }

// MarshalJSON writes the fields in order; a value is written as
// encoding/json writes it.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
