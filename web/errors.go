package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/rearrank/rearrank/dice"
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
}

func (e *apiError) Error() string { return e.Message }

func (e *apiError) body() ErrorBody {
	return ErrorBody{Error: e.Message, Code: e.Code, Field: e.Field, Line: e.Line, Column: e.Col}
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	writeJSON(w, e.Status, e.body())
}

// writeJSON writes v indented like the CLI's --json output.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := encodeJSON(v)
	if err != nil {
		panic(fmt.Sprintf("web: cannot encode %T: %v", v, err)) // our own types: a bug
	}
	writeRaw(w, status, data)
}

// encodeJSON encodes v indented like the CLI's --json output, with a
// final newline.
func encodeJSON(v any) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
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
	return &apiError{Status: status, Code: "time_limit",
		Message: fmt.Sprintf("the computation took longer than this server's limit of %s; make the scenario smaller (fewer attacks, models or wounds)", timeout)}
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
		return &apiError{Status: http.StatusBadRequest, Code: "invalid",
			Message: "rearrank failed to read this scenario: this is a bug, please report it with the request; meanwhile check the scenario against docs/scenario.md"}
	case errors.As(err, &mbe), errors.Is(err, scenario.ErrTooLarge):
		return &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too_large",
			Message: fmt.Sprintf("the request body is larger than %d bytes (1 MiB); a scenario is a few kilobytes", scenario.MaxSize)}
	case errors.As(err, &se):
		msg := se.Msg
		if se.Field != "" {
			msg = se.Field + ": " + msg
		}
		return &apiError{Status: http.StatusBadRequest, Code: "invalid", Message: msg, Field: se.Field, Line: se.Line, Col: se.Column}
	case errors.Is(err, odds.ErrStateLimit):
		return &apiError{Status: http.StatusUnprocessableEntity, Code: "state_limit",
			Message: err.Error() + " (POST /api/odds?fallback=1 estimates it with Monte Carlo instead)"}
	case errors.Is(err, context.DeadlineExceeded):
		return timeLimitError(timeout, http.StatusUnprocessableEntity)
	case errors.Is(err, context.Canceled):
		return &apiError{Status: http.StatusServiceUnavailable, Code: "canceled", Message: "the request was canceled"}
	case errors.Is(err, dice.ErrOutOfDice), errors.Is(err, dice.ErrBadFace):
		return &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: "dice", Message: "dice: " + err.Error()}
	}
	return &apiError{Status: http.StatusUnprocessableEntity, Code: "unprocessable", Message: err.Error()}
}
