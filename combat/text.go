package combat

import "github.com/rearrank/rearrank/msg"

// errText is an error as an argument of a message: its text in the
// reader's language where it carries a message (msg.ErrorText), else its
// English.
type errText struct{ err error }

func (e errText) Text(l msg.Lang) string { return msg.ErrorText(e.err, l) }

// errorMsg is err as a message: its own when it is a *msg.Error, else
// its English as it is.
func errorMsg(err error) msg.Message {
	if m, ok := err.(*msg.Error); ok {
		return m.Msg
	}
	return msg.New("combat.text", err.Error())
}
