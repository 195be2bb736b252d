package unit

// MarshalText implements encoding.TextMarshaler: roles marshal as their names.
func (r Role) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Role) UnmarshalText(b []byte) error {
	v, err := ParseRole(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
