package msg

// Error is an error whose text is a message of the catalogue: its Error
// is the English, Text renders it in a language, and Unwrap gives the
// sentinel or cause it wraps (so errors.Is sorts it as before).
type Error struct {
	Msg Message
	Err error // a sentinel (scenario.ErrInvalid) or a cause; may be nil
}

// Errorf returns an *Error of the message id with args, wrapping err.
func Errorf(err error, id ID, args ...any) *Error {
	return &Error{Msg: New(id, args...), Err: err}
}

func (e *Error) Error() string { return e.Msg.String() }

// Text renders the error in language l.
func (e *Error) Text(l Lang) string { return e.Msg.Text(l) }

// Unwrap returns the error e wraps.
func (e *Error) Unwrap() error { return e.Err }

// Texter is what can be said in a language: a Message, an *Error, or an
// error of another package that carries one (scenario's, combat's).
type Texter interface {
	Text(Lang) string
}

// ErrorText renders err in language l when it, or an error it wraps, can
// be (a Texter); else its Error, as a programmer's error is written in
// English whatever the reader's language.
func ErrorText(err error, l Lang) string {
	if err == nil {
		return ""
	}
	if t, ok := err.(Texter); ok {
		return t.Text(l)
	}
	return err.Error()
}
