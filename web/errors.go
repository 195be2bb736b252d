package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// ErrorBody is the JSON body of every error response. Field, Line and
// Column say where a scenario is wrong (from *scenario.Error): Field is
// the dotted path ("attacks[0].strength"), or a request field ("dice",
// "rulesets[1]"); Line and Column are 1-based places in the request body.
type ErrorBody struct {
	Error  string `json:"error"`
	Code   string `json:"code"`
	Field  string `json:"field,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// apiError is an error with its HTTP status. Domain errors become statuses
// here only, at the HTTP edge.
type apiError struct {
	Status     int
	Code       string // a short machine-readable kind: invalid, too_large, state_limit, ...
	Message    string
	Field      string
	Line, Col  int
	RetryAfter int // seconds, for 503
	// Words is Message for a reader of another language: its English is
	// Message. nil where Message has no words of the catalogue (a Go
	// error's text), which every language then reads in English.
	Words msg.Texter
}

func (e *apiError) Error() string { return e.Message }

// Text is the error's message in language l.
func (e *apiError) Text(l msg.Lang) string {
	if e.Words == nil || l == msg.English {
		return e.Message
	}
	return e.Words.Text(l)
}

// prefix puts p (a variant's label, a request field) before the message,
// in every language.
func (e *apiError) prefix(p string) {
	e.Words = labelled{p, texterOf(e)}
	e.Message = p + e.Message
}

// bodyIn is the error's JSON body with its message in language l; the
// code and the field stay English.
func (e *apiError) bodyIn(l msg.Lang) ErrorBody {
	return ErrorBody{Error: e.Text(l), Code: e.Code, Field: e.Field, Line: e.Line, Column: e.Col}
}

func writeError(w http.ResponseWriter, e *apiError) { writeErrorIn(w, msg.English, e) }

// writeErrorIn writes e with its message in language l.
func writeErrorIn(w http.ResponseWriter, l msg.Lang, e *apiError) {
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	writeJSON(w, e.Status, e.bodyIn(l))
}

// sayError is an error whose message is m, in every language.
func sayError(status int, code, field string, m msg.Message) *apiError {
	return &apiError{Status: status, Code: code, Field: field, Message: m.String(), Words: m}
}

// invalid is a 400 about one request field, its message id of the
// catalogue.
func invalid(field string, id msg.ID, args ...any) *apiError {
	return sayError(http.StatusBadRequest, "invalid", field, msg.New(id, args...))
}

// labelled is a message after a label that is the same in every language.
type labelled struct {
	label string
	t     msg.Texter
}

func (p labelled) Text(l msg.Lang) string { return p.label + p.t.Text(l) }

// texterOf is e's message as a Texter: its Words, or its English.
func texterOf(e *apiError) msg.Texter {
	if e.Words != nil {
		return e.Words
	}
	return english(e.Message)
}

// english is a text that has no other language (a Go error's).
type english string

func (s english) Text(msg.Lang) string { return string(s) }

// errText is an error as a message's argument: in the reader's language
// when it carries words of the catalogue (msg.ErrorText), else English.
type errText struct{ err error }

func (e errText) Text(l msg.Lang) string { return msg.ErrorText(e.err, l) }

// scenarioText is a scenario error's message after its field path, as the
// API writes it ("attacks[0].strength: want 1 to 10, got 11").
type scenarioText struct{ se *scenario.Error }

func (t scenarioText) Text(l msg.Lang) string {
	m := t.se.Msg
	if l != msg.English && !t.se.Message.IsZero() {
		m = t.se.Message.Text(l)
	}
	if t.se.Field != "" {
		m = t.se.Field + ": " + m
	}
	return m
}

// scenarioError is 400: a scenario's field is wrong, named with its path
// and, where it has them, its line and column.
func scenarioError(se *scenario.Error) *apiError {
	t := scenarioText{se}
	return &apiError{Status: http.StatusBadRequest, Code: "invalid", Message: t.Text(msg.English), Words: t, Field: se.Field, Line: se.Line, Col: se.Column}
}

// writeJSON writes v indented like the CLI's --json output.
func writeJSON(w http.ResponseWriter, status int, v any) {
	e := jsonEncoders.Get().(*jsonEncoder)
	defer e.put()
	if err := e.enc.Encode(v); err != nil {
		panic(fmt.Sprintf("web: cannot encode %T: %v", v, err)) // our own types: a bug
	}
	writeRaw(w, status, e.buf.Bytes())
}

// jsonEncoder encodes answers (writeJSON, encodeJSON) into a buffer that
// the next answer reuses: an answer is written once and copied out, so
// its encoding need not allocate the document twice (the compact form,
// then the indented one) for every request.
type jsonEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// maxPooledJSON is the largest buffer kept for the next answer: a rare
// large one (a long distribution) is left to the collector.
const maxPooledJSON = 1 << 20

var jsonEncoders = sync.Pool{New: func() any {
	e := new(jsonEncoder)
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetIndent("", "  ")
	return e
}}

func (e *jsonEncoder) put() {
	if e.buf.Cap() > maxPooledJSON {
		return
	}
	e.buf.Reset()
	jsonEncoders.Put(e)
}

// encodeJSON encodes v indented like the CLI's --json output, with a
// final newline.
func encodeJSON(v any) ([]byte, error) {
	e := jsonEncoders.Get().(*jsonEncoder)
	defer e.put()
	if err := e.enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.Clone(e.buf.Bytes()), nil
}

// writeRaw writes JSON that is already encoded.
func writeRaw(w http.ResponseWriter, status int, data []byte) {
	h := w.Header()
	h["Content-Type"] = []string{"application/json"}
	h["X-Content-Type-Options"] = []string{"nosniff"}
	h["Content-Length"] = []string{strconv.Itoa(len(data))}
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// timeLimitError is the answer when a request passes the time limit:
// status 422 when the computation stopped itself there, 503 when the
// server answered for a handler that was still running.
func timeLimitError(timeout fmt.Stringer, status int) *apiError {
	return sayError(status, "time_limit", "", msg.New("web.api.time_limit", fmt.Sprint(timeout)))
}

// badRequest is a 400 about one request field.
func badRequest(field, format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: field, Message: fmt.Sprintf(format, args...)}
}

// toAPIError sorts an error from loading, building or computing a scenario
// into its status. An error it does not recognise comes from the engine
// refusing a scenario that loaded: 422, since the input caused it (an
// owner_choice switch is not one: nobody is asked on the web, and the
// engine's default stands in, RULES.md 18). Panics, the
// engine's bugs, are the only 500s (see recovered).
func toAPIError(err error, timeout fmt.Stringer) *apiError {
	var ae *apiError
	var se *scenario.Error
	var mbe *http.MaxBytesError
	var ip *inputPanic
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &ip):
		return sayError(http.StatusBadRequest, "invalid", "", msg.New("web.api.input_panic"))
	case errors.As(err, &mbe), errors.Is(err, scenario.ErrTooLarge):
		return sayError(http.StatusRequestEntityTooLarge, "too_large", "", msg.New("web.api.too_large", scenario.MaxSize))
	case errors.As(err, &se):
		return scenarioError(se)
	case errors.Is(err, odds.ErrStateLimit):
		return sayError(http.StatusUnprocessableEntity, "state_limit", "", msg.New("web.api.state_limit", errText{err}))
	case errors.Is(err, context.DeadlineExceeded):
		return timeLimitError(timeout, http.StatusUnprocessableEntity)
	case errors.Is(err, context.Canceled):
		return sayError(http.StatusServiceUnavailable, "canceled", "", msg.New("web.api.canceled"))
	case errors.Is(err, dice.ErrOutOfDice), errors.Is(err, dice.ErrBadFace):
		return sayError(http.StatusBadRequest, "invalid", "dice", msg.New("web.api.dice", errText{err}))
	}
	return &apiError{Status: http.StatusUnprocessableEntity, Code: "unprocessable", Message: err.Error(), Words: errText{err}}
}
