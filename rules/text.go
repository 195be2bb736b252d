package rules

// Text forms for JSON: the enums marshal as their scenario names.

// MarshalText implements encoding.TextMarshaler.
func (t TroopType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (a Armour) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (w WeaponClass) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// MarshalText implements encoding.TextMarshaler.
func (k SpecialKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
