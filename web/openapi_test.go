package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/matrix"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/sweep"
	"github.com/rearrank/rearrank/unit"
)

// The OpenAPI document (assets/openapi.json) is written by hand. These
// tests hold it to the code: every path and method it lists is served,
// every API route is listed, every schema's properties are the JSON names
// of the Go type the handler reads or writes, and its Scenario schema is
// docs/scenario.schema.json.

type openAPIDoc struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Schemas map[string]json.RawMessage `json:"schemas"`
	} `json:"components"`
}

func loadOpenAPI(t *testing.T) openAPIDoc {
	t.Helper()
	data, err := assets.ReadFile("assets/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return doc
}

// TestOpenAPIPaths compares the document's paths and methods with the
// server's routes, and sends each documented operation to the handler:
// none may be a 404 or 405.
func TestOpenAPIPaths(t *testing.T) {
	doc := loadOpenAPI(t)
	s := battleServer(t, Config{})
	h := s.Handler()
	documented := map[string][]string{}
	for path, ops := range doc.Paths {
		for method := range ops {
			documented[path] = append(documented[path], strings.ToUpper(method))
			body := ""
			if strings.ToUpper(method) == http.MethodPost {
				body = challengeJSON
			}
			w := do(t, h, strings.ToUpper(method), battlePath(t, h, path), "application/json", body)
			if w.Code == http.StatusNotFound || w.Code == http.StatusMethodNotAllowed || w.Code >= 500 {
				t.Errorf("documented %s %s: the server answers %d %s", method, path, w.Code, w.Body.String())
			}
		}
	}
	for _, r := range s.routes {
		if !r.api {
			if _, ok := documented[r.path]; ok {
				t.Errorf("%s is documented but not marked api", r.path)
			}
			continue
		}
		got := documented[r.path]
		slices.Sort(got)
		want := slices.Clone(r.methods)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("route %s takes %v, the document lists %v", r.path, want, got)
		}
		delete(documented, r.path)
	}
	for path := range documented {
		t.Errorf("the document lists %s, which is not a route", path)
	}
}

// battlePath is a documented path with a battle of its own, holding the
// Spearmen, for its {id} and the Spearmen for its {name}. A change feed's
// path gets ?openapi=1, which it refuses at once with a 400, where the
// feed itself would never end.
func battlePath(t *testing.T, h http.Handler, path string) string {
	if !strings.Contains(path, "{id}") {
		return path
	}
	base := battleWithSpearmen(t, h, "OpenAPI "+strconv.Itoa(len(openAPIBattles)))
	openAPIBattles = append(openAPIBattles, base)
	path = strings.ReplaceAll(path, "/api/battles/{id}", base)
	path = strings.ReplaceAll(path, "{name}", "Spearmen")
	if strings.HasSuffix(path, "/events") {
		path += "?openapi=1"
	}
	return path
}

var openAPIBattles []string

// schemaTypes maps each object schema of the document to the Go type whose
// JSON it describes.
var schemaTypes = map[string]reflect.Type{
	"Error":          reflect.TypeFor[ErrorBody](),
	"Health":         reflect.TypeFor[Health](),
	"OddsResult":     reflect.TypeFor[odds.ResultJSON](),
	"Dist":           reflect.TypeFor[odds.DistJSON](),
	"Stage":          reflect.TypeFor[odds.StageJSON](),
	"StdErr":         reflect.TypeFor[odds.StdErrJSON](),
	"ResolveResult":  reflect.TypeFor[ResolveResult](),
	"StagedResult":   reflect.TypeFor[StagedResult](),
	"RefereeStage":   reflect.TypeFor[RefereeStage](),
	"NextStage":      reflect.TypeFor[NextStage](),
	"Event":          reflect.TypeFor[rearrank.Event](),
	"Tally":          reflect.TypeFor[rearrank.Tally](),
	"Overkill":       reflect.TypeFor[referee.Overkill](),
	"BreakTest":      reflect.TypeFor[combat.BreakTest](),
	"Snapshot":       reflect.TypeFor[unit.Snapshot](),
	"Cell":           reflect.TypeFor[unit.CellView](),
	"PoolCarry":      reflect.TypeFor[unit.PoolCarry](),
	"Slot":           reflect.TypeFor[unit.Slot](),
	"CompareEntry":   reflect.TypeFor[CompareEntry](),
	"SweepRequest":   reflect.TypeFor[SweepRequest](),
	"SweepVary":      reflect.TypeFor[SweepVary](),
	"SweepPoint":     reflect.TypeFor[sweep.PointJSON](),
	"SweepResult":    reflect.TypeFor[SweepResult](),
	"RulesetInfo":    reflect.TypeFor[RulesetInfo](),
	"SwitchInfo":     reflect.TypeFor[SwitchInfo](),
	"ImportResult":   reflect.TypeFor[ImportResult](),
	"ImportList":     reflect.TypeFor[ImportList](),
	"ImportUnit":     reflect.TypeFor[ImportUnit](),
	"ImportFields":   reflect.TypeFor[ImportFields](),
	"ImportProfile":  reflect.TypeFor[ImportProfile](),
	"ImportChar":     reflect.TypeFor[ImportChar](),
	"ImportCommand":  reflect.TypeFor[ImportCommand](),
	"ImportWeapon":   reflect.TypeFor[ImportWeapon](),
	"ImportArmour":   reflect.TypeFor[ImportArmour](),
	"OddsRequest":    nil, // request envelopes: see requestParams
	"ResolveRequest": nil,
	"CompareRequest": nil,
	"Number":         nil, // a float, a fraction or null: odds.Number's MarshalJSON
	"StandIn":        nil, // rules.StandIn's MarshalJSON: switch, default, note
	"Scenario":       reflect.TypeFor[scenario.File](),
	// Combat is docs/combat.schema.json, which the combat package checks
	// against its loader (a combat file has no Go type of its own).
	"Combat": nil,
	// The battles (api_battle.go); their requests are battleRequests.
	"BattleMeta":        reflect.TypeFor[battle.Meta](),
	"Battle":            reflect.TypeFor[BattleView](),
	"BattleUnit":        reflect.TypeFor[BattleUnit](),
	"LogEntry":          reflect.TypeFor[LogEntry](),
	"BattleLog":         reflect.TypeFor[BattleLog](),
	"BattleChange":      reflect.TypeFor[BattleChange](),
	"CombatResult":      reflect.TypeFor[battle.CombatResult](),
	"StaleError":        reflect.TypeFor[StaleError](),
	"BattleExport":      reflect.TypeFor[battle.ExportFile](),
	"FeedVersion":       reflect.TypeFor[FeedVersion](),
	"FeedChange":        reflect.TypeFor[FeedChange](),
	"BattleCreate":      nil,
	"VersionOnly":       nil,
	"UnitAdd":           nil,
	"AttackRequest":     nil,
	"CombatRequest":     nil,
	"CorrectionRequest": nil,
	"AdvanceRequest":    nil,
	"BattleOddsRequest": nil,
	"CombatOddsRequest": nil,
	"BattleRename":      nil,
	// The matrix (api_matrix.go, package matrix's stream).
	"MatrixStart":     reflect.TypeFor[matrix.StartJSON](),
	"MatrixUnitName":  reflect.TypeFor[matrix.UnitJSON](),
	"MatrixLeftOut":   reflect.TypeFor[matrix.LeftOutJSON](),
	"MatrixCell":      reflect.TypeFor[matrix.CellJSON](),
	"MatrixValues":    reflect.TypeFor[matrix.ValuesJSON](),
	"MatrixCellError": reflect.TypeFor[matrix.CellErrorJSON](),
	"MatrixEnd":       reflect.TypeFor[matrix.EndJSON](),
	"MatrixRequest":   reflect.TypeFor[matrixRequest](),
	"MatrixSide":      reflect.TypeFor[matrixSide](),
	"MatrixUnit":      reflect.TypeFor[matrixUnit](),
}

// requestParams are the envelope fields each POST route reads (the names
// it passes to decodeRequest), beside "scenario".
var requestParams = map[string][]string{
	"OddsRequest":    {"exact", "fallback"},
	"ResolveRequest": {"dice", "seed", "partial"},
	"CompareRequest": {"rulesets", "sets", "exact", "scenarios", "labels"},
}

// jsonNames lists the JSON names of a struct's fields, embedded structs
// flattened, as encoding/json writes them.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonNames(f.Type)...)
			continue
		}
		if f.Anonymous && name == "" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func TestOpenAPISchemas(t *testing.T) {
	doc := loadOpenAPI(t)
	for name := range doc.Components.Schemas {
		if _, ok := schemaTypes[name]; !ok {
			t.Errorf("schema %s: no Go type known for it (add it to schemaTypes)", name)
		}
	}
	for name, typ := range schemaTypes {
		raw, ok := doc.Components.Schemas[name]
		if !ok {
			t.Errorf("schema %s is missing from the document", name)
			continue
		}
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		var props []string
		for p := range s.Properties {
			props = append(props, p)
		}
		sort.Strings(props)
		var want []string
		switch {
		case name == "Scenario":
			want = jsonNames(typ)
		case typ != nil:
			want = jsonNames(typ)
		case requestParams[name] != nil:
			want = append([]string{"scenario"}, requestParams[name]...)
			sort.Strings(want)
		case battleRequests[name] != nil:
			want = slices.Clone(battleRequests[name])
			sort.Strings(want)
		default:
			continue
		}
		if !slices.Equal(props, want) {
			t.Errorf("schema %s has properties %v; the Go type has %v", name, props, want)
		}
	}
}

// TestOpenAPIRequestParams checks the envelope schemas against the names
// the handlers accept: a request with each documented field is not
// refused as unknown.
func TestOpenAPIRequestParams(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	values := map[string]string{"exact": "true", "fallback": "false", "dice": `"6,5,4,6,6,1,6,5"`, "rulesets": `["whfb8"]`, "sets": `[]`, "scenarios": `[]`, "labels": `[]`, "partial": "true"}
	for name, path := range map[string]string{"OddsRequest": "/api/odds", "ResolveRequest": "/api/resolve", "CompareRequest": "/api/compare"} {
		fields := []string{}
		for _, p := range requestParams[name] {
			if v, ok := values[p]; ok {
				fields = append(fields, `"`+p+`": `+v)
			}
		}
		body := `{` + strings.Join(append(fields, `"scenario": `+challengeJSON), ", ") + `}`
		if w := do(t, h, "POST", path, "application/json", body); w.Code != 200 {
			t.Errorf("%s with every field: %d %s", path, w.Code, w.Body.String())
		}
	}
}

// TestOpenAPIScenario keeps the document's Scenario schema equal to
// docs/scenario.schema.json (which the scenario package keeps in step with
// its Go types), and its Combat schema, the body of POST /api/combat, equal
// to docs/combat.schema.json (which the combat package derives and checks
// against its loader). -update copies them in.
func TestOpenAPIScenario(t *testing.T) {
	openAPISchemaIs(t, "Scenario", "../docs/scenario.schema.json")
	openAPISchemaIs(t, "Combat", "../docs/combat.schema.json")
}

func openAPISchemaIs(t *testing.T, name, path string) {
	t.Helper()
	docsSchema, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := loadOpenAPI(t)
	var a, b any
	if err := json.Unmarshal(docsSchema, &a); err != nil {
		t.Fatal(err)
	}
	if raw := doc.Components.Schemas[name]; raw != nil {
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
	}
	if reflect.DeepEqual(a, b) {
		return
	}
	if !*update {
		t.Fatalf("components.schemas.%s differs from %s (go test -update to copy it in)", name, path)
	}
	data, err := os.ReadFile("assets/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	// Replace the Scenario value's bytes only, so that the rest of the
	// hand-written document keeps its order and layout.
	from, to, err := valueSpan(data, "components", "schemas", name)
	if err != nil {
		t.Fatal(err)
	}
	lineStart := bytes.LastIndexByte(data[:from], '\n') + 1
	indent := data[lineStart : lineStart+len(data[lineStart:from])-len(bytes.TrimLeft(data[lineStart:from], " "))]
	var value bytes.Buffer
	if err := json.Indent(&value, bytes.TrimSpace(docsSchema), string(indent), "  "); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(data[:from])
	out.Write(value.Bytes())
	out.Write(data[to:])
	if err := os.WriteFile("assets/openapi.json", out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// valueSpan returns where the value at path (object keys from the top)
// starts and ends in the JSON document data.
func valueSpan(data []byte, path ...string) (from, to int, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	for depth, key := range path {
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return 0, 0, fmt.Errorf("%s: not an object (%v, %v)", strings.Join(path[:depth], "."), tok, err)
		}
		for {
			tok, err := dec.Token()
			if err != nil || tok == json.Delim('}') {
				return 0, 0, fmt.Errorf("%s: no key %q (%v)", strings.Join(path[:depth], "."), key, err)
			}
			if tok == key {
				break
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return 0, 0, err
			}
		}
	}
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return 0, 0, err
	}
	to = int(dec.InputOffset())
	return to - len(raw), to, nil
}

// TestOpenAPICombatResponse: the answer of POST /api/combat is a report
// or one round; every property the document lists is a JSON name of one
// of them, and the round's break test (result, lost_by, crushed in tow,
// rules 22.11) is described by the BreakTest schema.
func TestOpenAPICombatResponse(t *testing.T) {
	doc := loadOpenAPI(t)
	var op struct {
		Responses map[string]struct {
			Content map[string]struct {
				Schema struct {
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"schema"`
			} `json:"content"`
		} `json:"responses"`
	}
	if err := json.Unmarshal(doc.Paths["/api/combat"]["post"], &op); err != nil {
		t.Fatal(err)
	}
	props := op.Responses["200"].Content["application/json"].Schema.Properties
	names := append(jsonNames(reflect.TypeFor[wire.Report]()), jsonNames(reflect.TypeFor[CombatRound]())...)
	for p := range props {
		if !slices.Contains(names, p) {
			t.Errorf("/api/combat answers no %s", p)
		}
	}
	if !strings.Contains(string(props["break_test"]), `"#/components/schemas/BreakTest"`) {
		t.Errorf("/api/combat's break_test: %s, want the BreakTest schema", props["break_test"])
	}
	// A battle's round odds are a report: what they document is the
	// report's, and written as /api/combat writes it.
	op.Responses = nil
	if err := json.Unmarshal(doc.Paths["/api/battles/{id}/combat-odds"]["post"], &op); err != nil {
		t.Fatal(err)
	}
	report := jsonNames(reflect.TypeFor[wire.Report]())
	odds := op.Responses["200"].Content["application/json"].Schema.Properties
	if len(odds) == 0 {
		t.Error("combat-odds documents no property")
	}
	same := func(a, b json.RawMessage) bool {
		var x, y any
		return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
	}
	for p, v := range odds {
		if !slices.Contains(report, p) || !same(v, props[p]) {
			t.Errorf("combat-odds' %s: %s, want the report's, as /api/combat's %s", p, v, props[p])
		}
	}
}
