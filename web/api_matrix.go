package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/rearrank/rearrank/matrix"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// POST /api/matrix: my units against theirs (docs/matrix.md), streamed
// as NDJSON, one line per cell as it is done (matrix.StartJSON,
// CellJSON, EndJSON). The body is JSON:
//
//	{"mine": SIDE, "theirs": SIDE, "fights": [...], "show": "mean", "at_least": 1}
//
// A SIDE is {"name", "units": [UNIT...]} or a list file, {"list": text}
// or {"list_base64": bytes}, with "ruleset" and "set" as POST /api/import
// takes them. A UNIT is {"name", "ruleset", "target", "attacks"} with a
// scenario's target and attack groups, and optionally "options",
// "leadership" and "initiative". Errors before the first line are the
// JSON errors of every route; after it, a line {"type": "error"}. The
// route runs outside the deadline guard, which buffers a whole answer:
// it keeps the server's deadline itself, ending the stream with the
// cells done and the count of those not done.

type matrixRequest struct {
	Mine    *matrixSide `json:"mine"`
	Theirs  *matrixSide `json:"theirs"`
	Fights  []string    `json:"fights"`
	Show    *string     `json:"show"`
	AtLeast *int        `json:"at_least"`
}

type matrixSide struct {
	Name       string       `json:"name"`
	Units      []matrixUnit `json:"units"`
	List       *string      `json:"list"`
	ListBase64 *string      `json:"list_base64"`
	Ruleset    string       `json:"ruleset"`
	Set        []string     `json:"set"`
}

// matrixUnit is a UNIT, as package matrix reads it.
type matrixUnit = matrix.UnitSpec

// matrixLineTimeout bounds the write of one line to a slow client.
const matrixLineTimeout = 5 * time.Second

func (s *Server) handleMatrix(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	r = r.WithContext(ctx)
	lang := requestLang(r)
	req, err := s.readRequest(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var body matrixRequest
	if err := decodeMatrix(req.body, &body); err != nil {
		s.fail(w, r, err)
		return
	}
	var mine, theirs matrix.Side
	err = s.parsing(ctx, len(req.body), func() error {
		var err error
		if mine, err = body.Mine.side("mine"); err != nil {
			return err
		}
		theirs, err = body.Theirs.side("theirs")
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var fights []matrix.Fight
	for i, name := range body.Fights {
		f, err := matrix.ParseFight(name)
		if err != nil {
			s.fail(w, r, sayError(http.StatusBadRequest, "invalid", fmt.Sprintf("fights[%d]", i), msgOf(err)))
			return
		}
		fights = append(fights, f)
	}
	if body.Show != nil {
		if _, err := matrix.ParseShow(*body.Show); err != nil {
			s.fail(w, r, sayError(http.StatusBadRequest, "invalid", "show", msgOf(err)))
			return
		}
	}
	atLeast := 1
	if body.AtLeast != nil {
		atLeast = *body.AtLeast
		if atLeast < 1 || atLeast > scenario.MaxModels {
			s.fail(w, r, invalid("at_least", "matrix.error.at_least", atLeast, scenario.MaxModels))
			return
		}
	}
	m, err := matrix.New(mine, theirs, fights, atLeast)
	if err != nil {
		field, code := "", "invalid"
		switch {
		case errors.Is(err, matrix.ErrTooLarge):
			code = "too_large"
			field = "mine.units"
			if len(theirs.Units) > matrix.MaxUnits {
				field = "theirs.units"
			}
		case errors.Is(err, matrix.ErrEmpty):
			field = "mine.units"
			if len(mine.Units) > 0 {
				field = "theirs.units"
			}
		}
		s.fail(w, r, sayError(http.StatusBadRequest, code, field, msgOf(err)))
		return
	}
	release, err := s.enter(ctx, s.heavy)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	workers, more := s.matrixSlots()
	defer more()
	st := &ndjson{w: w, rc: http.NewResponseController(w)}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	st.line(matrix.Start(m, mine, theirs, lang))
	sum := m.Run(ctx, matrix.Config{Workers: workers, MaxStates: s.cfg.MaxStates}, func(c matrix.Cell) {
		st.line(c.JSON(lang))
	})
	if sum.Panic != nil {
		s.log.Error("panic in a matrix cell", "panic", fmt.Sprint(sum.Panic.Value), "stack", string(sum.Panic.Stack))
	}
	if sum.NotDone > 0 && !sum.Deadline {
		// The client left, or the server is stopping: nobody reads the
		// end, and a deadline it is not.
		if r.Context().Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			sum.Deadline = true
		}
	}
	st.line(matrix.End(sum))
}

// ndjson writes one JSON object a line, flushed at once.
type ndjson struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

func (n *ndjson) line(v any) {
	if n.err != nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web: cannot encode %T: %v", v, err)) // our own types: a bug
	}
	_ = n.rc.SetWriteDeadline(time.Now().Add(matrixLineTimeout)) // not every writer has deadlines (tests)
	if _, n.err = n.w.Write(append(data, '\n')); n.err != nil {
		return
	}
	n.err = n.rc.Flush()
}

// msgOf is err's message, or its text where it has none.
func msgOf(err error) msg.Message {
	var me *msg.Error
	if errors.As(err, &me) {
		return me.Msg
	}
	return msg.New("matrix.text", err.Error())
}

// decodeMatrix reads the request's JSON strictly: an unknown field or a
// value of the wrong type is a 400 naming it.
func decodeMatrix(body []byte, v *matrixRequest) error {
	if err := strictJSON(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return invalid(te.Field, "web.matrix.type", te.Field, te.Value)
		}
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return invalid("", "web.matrix.unknown_field", f)
		}
		return invalid("", "web.api.read_body", errText{err})
	}
	if v.Mine == nil {
		return invalid("mine", "web.matrix.required", "mine")
	}
	if v.Theirs == nil {
		return invalid("theirs", "web.matrix.required", "theirs")
	}
	return nil
}

// side reads a side of the request: its units, or the units of its list.
func (ms *matrixSide) side(which string) (matrix.Side, error) {
	hasList := ms.List != nil || ms.ListBase64 != nil
	switch {
	case hasList && len(ms.Units) > 0:
		return matrix.Side{}, invalid(which, "web.matrix.units_or_list")
	case ms.List != nil && ms.ListBase64 != nil:
		return matrix.Side{}, invalid(which, "web.matrix.units_or_list")
	case hasList:
		return ms.listSide(which)
	}
	if ms.Ruleset != "" || len(ms.Set) > 0 {
		return matrix.Side{}, invalid(which, "web.matrix.list_only")
	}
	if len(ms.Units) > matrix.MaxUnits {
		return matrix.Side{}, sayError(http.StatusBadRequest, "too_large", which+".units", msg.New("matrix.error.too_many", which, len(ms.Units), matrix.MaxUnits))
	}
	side := matrix.Side{Name: ms.Name}
	for i, u := range ms.Units {
		at := fmt.Sprintf("%s.units[%d]", which, i)
		unit, err := u.Unit()
		if err != nil {
			var se *scenario.Error
			if errors.As(err, &se) {
				c := *se
				c.Field = strings.TrimSuffix(at+"."+c.Field, ".")
				t := scenarioText{&c}
				return side, &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: c.Field, Message: t.Text(msg.English), Words: t}
			}
			return side, invalid(at, "web.matrix.unit_error", at, errText{err})
		}
		side.Units = append(side.Units, unit)
	}
	return side, nil
}

// listSide reads a side's list file: every unit the mapping reads.
func (ms *matrixSide) listSide(which string) (matrix.Side, error) {
	var data []byte
	field := which + ".list"
	if ms.List != nil {
		data = []byte(*ms.List)
	} else {
		field = which + ".list_base64"
		var err error
		if data, err = base64.StdEncoding.DecodeString(*ms.ListBase64); err != nil {
			return matrix.Side{}, invalid(field, "web.matrix.base64", field)
		}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return matrix.Side{}, invalid(field, "webimport.error.empty", which)
	}
	var rs rules.Ruleset
	if ms.Ruleset != "" {
		var err error
		if rs, err = rules.ParseRuleset(ms.Ruleset); err != nil {
			return matrix.Side{}, invalid(which+".ruleset", "webimport.error.ruleset", errText{err})
		}
	}
	if len(ms.Set) > maxImportSets {
		return matrix.Side{}, invalid(which+".set", "webimport.error.sets", len(ms.Set), maxImportSets)
	}
	set := map[string]string{}
	for i, kv := range ms.Set {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return matrix.Side{}, invalid(which+".set["+strconv.Itoa(i)+"]", "webimport.error.set", strconv.Quote(kv))
		}
		set[k] = v
	}
	if _, err := splitSets(set); err != nil {
		var ae *apiError
		if errors.As(err, &ae) {
			ae.Field = which + ".set"
		}
		return matrix.Side{}, err
	}
	l, err := readList(which, data)
	if err != nil {
		e := listError(err, which)
		var ae *apiError
		if errors.As(e, &ae) {
			ae.Field = field
		}
		return matrix.Side{}, e
	}
	side := matrix.ListSide(l, rs, set)
	if ms.Name != "" {
		side.Name = ms.Name
	}
	return side, nil
}

// matrixSlots takes the slots a matrix's pool may use besides the heavy
// slot it waited for: the heavy lane's others that are free now, and
// the cheap lane's free ones but one, while nobody waits there, so that
// a matrix uses the cores idle at its start (both of a 2-core server,
// whose heavy lane has one slot) and never the cheap lane's last; at
// most Config.MaxConcurrent workers in all. It returns the workers,
// the held slot included, and what gives the others back.
func (s *Server) matrixSlots() (int, func()) {
	var held []*lane
	take := func(l *lane) bool {
		select {
		case l.slots <- struct{}{}:
			held = append(held, l)
			return true
		default:
			return false
		}
	}
	workers := 1
	for workers < s.cfg.MaxConcurrent && take(s.heavy) {
		workers++
	}
	for workers < s.cfg.MaxConcurrent && len(s.cheap.slots)+1 < cap(s.cheap.slots) && s.cheap.waiting.Load() == 0 && take(s.cheap) {
		workers++
	}
	return workers, func() {
		for _, l := range held {
			<-l.slots
		}
	}
}
