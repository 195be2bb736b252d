package unit

// MarshalText implements encoding.TextMarshaler: roles marshal as their names.
func (r Role) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
