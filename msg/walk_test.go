package msg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNoEnglishOutsideCatalogue is issue 25's "done when": every word a
// player reads comes from the catalogue. It parses every non-test .go file
// of the module and fails on an English sentence built outside
// msg/catalogue_*.go: a string literal with a word of two letters or more,
// a space and another word, given to a printer or an error maker (fmt's
// Sprintf, Errorf, Fprintf and the others, errors.New, a note or usagef,
// any function whose name ends in f and so takes a format), and a literal
// of prose (three words or more) wherever it is.
//
// What is left must be allowed, with its reason (allowedFiles,
// allowedLiterals; a panic's text, which is a programmer's error, always
// is): an allowed literal that is no longer in the code fails the test, so
// the list cannot rot.
func TestNoEnglishOutsideCatalogue(t *testing.T) {
	root := moduleRoot(t)
	found := map[string][]finding{} // by package directory
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(strings.TrimPrefix(p, root), string(filepath.Separator)))
		if d.IsDir() {
			if name := d.Name(); rel != "" && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || catalogueFile(rel) {
			return nil
		}
		for _, f := range englishIn(t, p, rel) {
			found[path.Dir(rel)] = append(found[path.Dir(rel)], f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	phrases := phraseKeys(t, root)
	usedAllowed := map[literalKey]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(found)) {
		t.Run(pkg, func(t *testing.T) {
			for _, f := range found[pkg] {
				k := literalKey{f.file, f.lit}
				switch {
				case phrases[f.lit]:
				case allowedFiles[f.file] != "":
				case allowedLiterals[k] != "":
					usedAllowed[k] = true
				default:
					t.Errorf("%s:%d: English outside the catalogue (msg/catalogue_*.go): %q", f.file, f.line, f.lit)
				}
			}
		})
	}
	for k := range allowedLiterals {
		if !usedAllowed[k] {
			t.Errorf("allowedLiterals: %s %q is no longer in the code: remove the entry", k.file, k.lit)
		}
	}
	for f := range allowedFiles {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
			t.Errorf("allowedFiles: %s: %v", f, err)
		}
	}
}

// allowedFiles are files whose literals are not a player's to read, or
// are read through the catalogue already, each with its reason.
var allowedFiles = map[string]string{
	"internal/gen/gen.go":       "a code generator's output and errors, for developers",
	"internal/alloc/persist.go": "Restore's texts: a battle's snapshot, a cache, that does not fit its unit; the battle replays its log instead, and a player never reads them",
	"internal/alloc/state.go":   "Check's texts: a broken invariant of RULES.md 17.3, a bug for us to read, never a player's",
	"scenario/catalogue.go":     "the field reference docs/scenario.md is generated from: English documentation (its hints are said through scenario's phrases)",
	"rules/options.go":          "the switches' Doc, the English of rules.switch.*.doc, which rules' TestMessages holds equal to Switch.DocMsg",
	"rules/combat.go":           "the combat switches' Doc, the English of rules.switch.*.doc (TestMessages, Switch.DocMsg)",
	"rules/battleaxe.go":        "the ruleset's Title and Description, the English of rules.battleaxe.* (TestMessages, TitleMsg, DescriptionMsg)",
	"rules/whfb8.go":            "the ruleset's Title and Description, the English of rules.whfb8.* (TestMessages)",
	"rules/t9a.go":              "the ruleset's Title and Description, the English of rules.t9a.* (TestMessages)",
	"rules/t9a1ru.go":           "the ruleset's Title and Description, the English of rules.t9a1-ru.* (TestMessages)",
	"rules/tow.go":              "the ruleset's Title and Description, the English of rules.tow.* (TestMessages)",
	"rules/skirmish.go":         "the ruleset's Title and Description, the English of rules.skirmish.* (TestMessages)",
	"msg/catalogue.go":          "Check's faults of the catalogue, for its test",
	"web/form_schema.go":        "the form's English, laid out once and said in the reader's language by localize (web.field.*): TestFormWordsCatalogue holds each equal to its message's English",
	"web/fields.go":             "the form's English (web.field.*, web.switch.*, web.command.*), said by localize: TestFormWordsCatalogue holds them equal",
	"web/champion_form.go":      "the champion inputs' English (web.champion.*), said by localize: TestFormWordsCatalogue holds them equal",
	"msg/template.go":           "a template's parse errors, which Check reports to the catalogue's test",
	"sweep/chart.go":            "the sweep chart's SVG markup; its words are said through the catalogue (sweep.*)",
	// The battle store (issue 28).
	"battle/sqlite/sql.go":          "the SQL the battle store runs: statements for the database, never a player's",
	"battle/postgres/sql.go":        "the SQL of the PostgreSQL battle store: statements for the database, never a player's",
	"internal/pgtest/pgtest.go":     "a test harness's skips and failures, for developers (imported by tests only)",
	"battle/storetest/storetest.go": "a test suite's failures, for the developer of a store adapter (run only from adapters' tests)",
}

// allowedLiterals are single literals that are not a player's to read,
// or are read through the catalogue already, each with its reason.
var allowedLiterals = map[literalKey]string{
	{"internal/alloc/apply.go", "apply: a skirmish fighter has no pools; the referee resolves injuries (rules 13) on Fighter() of a clone"}: "Apply called on a skirmish fighter: a caller's bug",
	{"internal/alloc/apply.go", "apply: packet of %d wounds: want 1 to %d"}:                                                                 "a packet the engine built out of range: a caller's bug",
	{"internal/alloc/apply.go", "apply: %d wounds without Multi: a single wound is 1 (C3)"}:                                                 "a packet the engine built out of range: a caller's bug",
	{"internal/alloc/apply.go", "apply: a multi-wound packet after a single wound or instant kill while models were struck (C22 puts the packets first): the count key of SetCountKey cannot tell which of two equally damaged models that took"}: "the odds' count key asked of an order it cannot key: a caller's bug",
	{"internal/alloc/kill.go", "apply: an instant kill aimed at the %s takes the closest rank and file (C12), which the count key of SetCountKey cannot tell"}:                                                                                    "the odds' count key asked of an order it cannot key: a caller's bug",
	{"internal/alloc/choice.go", "%s owner_choice: the Chooser picked %d of %d options"}:                                                                                                                                                          "a Chooser that answers out of range: a caller's bug",
	{"combat/readers.go", "combat: Resolve needs a dice.Roller"}:                                                                                                                                                                                  "a nil roller: a caller's bug",
	{"combat/combat.go", "invalid facing %d"}:       "String of a value out of the enum: a caller's bug",
	{"combat/combat.go", "invalid strikes %d"}:      "String of a value out of the enum: a caller's bug",
	{"combat/combat.go", "invalid height %d"}:       "String of a value out of the enum: a caller's bug",
	{"msg/lang.go", "language %q: want en or ru"}:   "the error of a language that could not be told: English, the language of last resort",
	{"rules/rules.go", "rules: invalid ruleset %d"}: "an invalid Ruleset value: a caller's bug",
	{"rules/rules.go", "invalid ruleset %d"}:        "MarshalText of an invalid Ruleset value: a caller's bug",
	{"scenario/decode.go", "cannot decode into %v"}: "a Go type the decoder does not know: a programming error the tests catch",
	// Sentinels: what callers test with errors.Is; a player reads the
	// *msg.Error or *scenario.Error that wraps them.
	{"battle/errors.go", "battle: event does not fit the battle"}:                                         "ErrInvalid, a sentinel (battle.error.* is what a player reads)",
	{"battle/errors.go", "battle: no such unit"}:                                                          "ErrUnknownUnit, a sentinel (battle.error.unknown_unit is what a player reads)",
	{"battle/errors.go", "battle: undo reaches before the snapshot"}:                                      "ErrHistory, a sentinel (battle.error.history is what a player reads)",
	{"battle/errors.go", "battle: bad export file"}:                                                       "ErrExport, a sentinel (battle.export.* is what a player reads)",
	{"battle/errors.go", "battle: bad snapshot"}:                                                          "ErrSnapshot, a sentinel (battle.error.snapshot is what a player reads)",
	{"battle/event.go", "unit_added, attack, combat, correction, advance, unit_removed, undo, redo"}:      "the kinds of event, codes of the log's JSON: an argument of battle.error.kind",
	{"battle/jsonwords.go", "json: unknown field "}:                                                       "encoding/json's own words, matched to be replaced by battle.json.unknown",
	{"battle/state.go", "deployment, movement, magic, shooting, combat"}:                                  "the phases' codes in the log's JSON: an argument of battle.error.phase",
	{"combat/engine.go", "no fights: give each side's fights"}:                                            "ErrNoFights, a sentinel (combat.error.no_fights is what a player reads)",
	{"combat/readers.go", "too many dice paths for the brute-force exact reader"}:                         "ErrTooLarge, a sentinel (combat.error.enumerate_* is what a player reads)",
	{"unit/unit.go", "no such target"}:                                                                    "ErrNoTarget, a sentinel (alloc.no_target is what a player reads)",
	{"scenario/error.go", "syntax error"}:                                                                 "ErrSyntax, a sentinel of scenario.Error, whose Msg a player reads",
	{"scenario/error.go", "unknown field"}:                                                                "ErrUnknownField, a sentinel of scenario.Error",
	{"scenario/error.go", "invalid scenario"}:                                                             "ErrInvalid, a sentinel of scenario.Error",
	{"scenario/error.go", "unsupported YAML"}:                                                             "ErrUnsupported, a sentinel of scenario.Error",
	{"scenario/error.go", "scenario too large"}:                                                           "ErrTooLarge, a sentinel of scenario.Error",
	{"scenario/error.go", "another kind of file"}:                                                         "ErrOtherFile, a sentinel of scenario.Error",
	{"scenario/set.go", "no such field"}:                                                                  "ErrNoField, a sentinel of scenario.Error",
	{"scenario/fromlist.go", "no such unit"}:                                                              "ErrNoUnit, a sentinel (scenario.list.error.* is what a player reads)",
	{"scenario/fromlist.go", "a characteristic the list does not give"}:                                   "ErrListStat, a sentinel (scenario.list.error.* is what a player reads)",
	{"odds/enumerate.go", "state limit reached"}:                                                          "ErrStateLimit, a sentinel (odds.error.* is what a player reads)",
	{"odds/enumerate.go", "%w: dice paths"}:                                                               "ErrDicePaths, a sentinel (odds.error.paths is what a player reads)",
	{"odds/odds.go", "memory budget reached"}:                                                             "ErrMemoryLimit, a sentinel (odds.error.memory is what a player reads)",
	{"dice/roller.go", "out of dice"}:                                                                     "ErrOutOfDice, a sentinel (dice.error.* is what a player reads)",
	{"dice/roller.go", "bad face"}:                                                                        "ErrBadFace, a sentinel (dice.error.* is what a player reads)",
	{"armylist/armylist.go", "not a list file"}:                                                           "ErrNotList, a sentinel (armylist.error.* is what a player reads)",
	{"armylist/armylist.go", "another game"}:                                                              "ErrOtherGame, a sentinel (armylist.error.other_game is what a player reads)",
	{"armylist/armylist.go", "refused list file"}:                                                         "ErrUnsafe, a sentinel (armylist.error.* is what a player reads)",
	{"armylist/zip.go", "expanded size exceeded"}:                                                         "errExpanded, an unexported sentinel readXML turns into armylist.error.zip_expanded",
	{"internal/cli/cli.go", "help printed"}:                                                               "ErrHelp, a sentinel: the help was printed, nothing more to say",
	{"internal/cli/cli.go", "exit status %d"}:                                                             "ExitError's Error, never printed: the code is the process's exit status",
	{"odds/method.go", "last batch marginals"}:                                                            "a fast path's name: a code of the JSON's method, not a sentence",
	{"cmd/rearrank/odds.go", "rearrank odds examples/crossbows.yaml"}:                                     "a command line, the same in every language",
	{"cmd/rearrank/import.go", `rearrank import army.json --unit "Spearmen"`}:                             "a command line, the same in every language",
	{"errors.go", "no attack groups"}:                                                                     "ErrNoAttacks, a sentinel (scenario refuses a file without attacks in the reader's language)",
	{"errors.go", "not one batch"}:                                                                        "ErrBatch, a sentinel (scenario.batch.* is what a player reads)",
	{"event.go", "unknown event kind %q"}:                                                                 "a Go client's JSON that names no kind: a programmer's error",
	{"event.go", "unknown stage %q"}:                                                                      "a Go client's JSON that names no stage: a programmer's error",
	{"event.go", " knocked down whether or not the save succeeds"}:                                        "the key of ruleTails: the English a Rule keeps, matched to say it as engine.rule_tail.*",
	{"event.go", " bludgeoned, out of action at once"}:                                                    "the key of ruleTails: the English a Rule keeps, matched to say it as engine.rule_tail.*",
	{"internal/engine/skirmish.go", "RULES.md 6.2, R27: knocked down whether or not the save succeeds"}:   "a rule reference (Event.Rule), cited through CiteMsg and ruleTails",
	{"internal/engine/skirmish.go", "RULES.md 6.2, C17: bludgeoned, out of action at once"}:               "a rule reference (Event.Rule), cited through CiteMsg and ruleTails",
	{"internal/engine/batch.go", "RULES.md C22, C24"}:                                                     "a rule reference (Event.Rule), cited through CiteMsg",
	{"internal/engine/batch.go", "RULES.md C22"}:                                                          "a rule reference (Event.Rule), cited through CiteMsg",
	{"sweep/vary.go", "bad sweep"}:                                                                        "ErrInput, a sentinel (sweep.vary.* and sweep.error.* are what a player reads)",
	{"sweep/sweep.go", "sweep stopped"}:                                                                   "ErrStopped, a sentinel (sweep.error.stopped is what a player reads)",
	{"cmd/rearrank/sweep.go", "rearrank sweep examples/crossbows.yaml --vary 'attacks[0].strength=2..6'"}: "a command line, the same in every language",
	// The engine's errors for a library caller: a scenario file, the page
	// and the API refuse these before the engine runs, in the reader's
	// language (scenario.batch.*, root.attack.*), and an owner_choice
	// answered out of range is the Chooser's bug.
	{"internal/engine/batch.go", "attack group %d: batch %q: %w"}:                                                                              "a target the scenario's check lets through no file: a caller's error",
	{"internal/engine/batch.go", "attack group %d: batch %q: %w: skirmish resolves each attack on its own (rules C19)"}:                        "scenario refuses batch in skirmish first",
	{"internal/engine/batch.go", "attack group %d: batch %q: %w: its phase is %s and group %d's is %s"}:                                        "scenario.batch.phase first",
	{"internal/engine/batch.go", "attack group %d: batch %q: %w: it aims at %s and group %d at %s"}:                                            "scenario.batch.target first",
	{"internal/engine/batch.go", "attack group %d: batch %q: %w: the groups of a batch follow one another"}:                                    "scenario.batch.apart first",
	{"internal/engine/machine.go", "attack group %d: %w"}:                                                                                      "wraps Attack.Validate's *msg.Error, which msg.ErrorText says in the reader's language",
	{"internal/engine/owner.go", "attack group %d: single_rank_policy owner_choice: the Chooser picked %d of 2 options"}:                       "a Chooser that answers out of range: a caller's bug",
	{"internal/engine/owner.go", "a die the look-ahead does not roll"}:                                                                         "the look-ahead's own signal, caught inside the engine",
	{"internal/engine/owner.go", "attack group %d: multi_packet_order owner_choice: the order %v is not one of the packets 0 to %d each once"}: "a Chooser that answers out of range: a caller's bug",
	{"internal/engine/owner.go", "attack group %d: multi_packet_order owner_choice: the order %v names %d of the %d packets"}:                  "a Chooser that answers out of range: a caller's bug",
	{"internal/engine/owner.go", "attack group %d: special save choice %d: want 0 to %d"}:                                                      "a Chooser that answers out of range: a caller's bug",
	// The server's log, for its operator, and its internal signals.
	{"web/admission.go", "the computation outgrew the cheap lane"}:                                             "errOutgrown, an internal signal between the server's lanes",
	{"web/admission.go", "overloaded: requests refused with 503 busy"}:                                         "the operator's log",
	{"web/admission.go", "panic in a computation"}:                                                             "the operator's log",
	{"web/api.go", "panic on input"}:                                                                           "the operator's log",
	{"web/api_battle.go", "battle store failed"}:                                                               "the operator's log",
	{"web/api_battle.go", "battle snapshot not kept"}:                                                          "the operator's log",
	{"web/api_battle.go", "battle import left an empty battle"}:                                                "the operator's log",
	{"web/api_battle_events.go", "battle feed failed"}:                                                         "the operator's log",
	{"web/page_lang.go", "rank and file"}:                                                                      "a key of choiceWords: the form's English choice, matched to say it as web.choice.rank_and_file",
	{"web/docs_page.go", "How rearrank applies the rules"}:                                                     "the page's title, the English of web.docs.rules (TestFormWordsCatalogue)",
	{"web/docs_page.go", "The matrix: my army against theirs"}:                                                 "the page's title, the English of web.docs.matrix (TestFormWordsCatalogue)",
	{"web/request.go", " (a YAML body is the scenario itself: give the other parameters in the query string)"}: "the English of web.api.yaml_envelope, which says it in the reader's language",
	// The odds' invariants: a bug for us to read, never a player's.
	{"odds/chain.go", "odds: packet chain: the rest of the faces remove the model alike"}: "an internal signal of the packet chain, caught inside odds",
	{"odds/chain.go", "odds: packet chain: a packet's step left the loop of packets"}:     "an internal signal of the packet chain, caught inside odds",
	{"odds/chain.go", "odds: packet chain: the batch does not end as marginals"}:          "an internal signal of the packet chain, caught inside odds",
	{"odds/montecarlo.go", "odds: monte carlo stopped"}:                                   "an internal signal that a Monte Carlo run was cancelled",
	{"odds/roller.go", "odds: a die of %d sides"}:                                         "a die the rules never roll: a caller's bug",
	{"odds/roller.go", "odds: a step asked for different dice on a replay"}:               "the engine broke determinism: a bug",
	{"odds/roller.go", "odds: a step used fewer dice on a replay"}:                        "the engine broke determinism: a bug",
	{"odds/weight.go", "odds: a die of %d sides (want 3 or 6)"}:                           "a die the rules never roll: a caller's bug",
	// The flag package's English, matched to say it in the catalogue's
	// words (cli.flag.*).
	{"internal/cli/cli.go", "flag provided but not defined: -"}: "the flag package's message, matched",
	{"internal/cli/cli.go", "flag needs an argument: -"}:        "the flag package's message, matched",
	{"internal/cli/cli.go", "value out of range"}:               "the flag package's message, matched",
	// The YAML parser's English, matched to say it in the catalogue's
	// words (scenario.syntax.*).
	{"scenario/load.go", "value is not allowed in this context"}:                        "the parser's message, matched",
	{"scenario/load.go", "',' or ']' must be specified"}:                                "the parser's message, matched",
	{"scenario/load.go", "',' or '}' must be specified"}:                                "the parser's message, matched",
	{"scenario/load.go", "sequence end token ']' not found"}:                            "the parser's message, matched",
	{"scenario/load.go", "could not find flow mapping end token '}'"}:                   "the parser's message, matched",
	{"scenario/load.go", "could not find end character of double-quoted text"}:          "the parser's message, matched",
	{"scenario/load.go", "could not find end character of single-quoted text"}:          "the parser's message, matched",
	{"scenario/load.go", "mapping value is not allowed in this context"}:                "the parser's message, matched",
	{"scenario/load.go", "unexpected key name"}:                                         "the parser's message, matched",
	{"scenario/load.go", "found character that cannot start any token"}:                 "the parser's message, matched",
	{"scenario/load.go", "a character that cannot begin a value here: quote the value"}: "English in every language: the glossary's character is a model, and TestGlossary holds every message that says it to that",
	// The English names of roles and targets, which the log's callers
	// still use; Role.Msg and the term.* messages are their words.
	{"unit/unit.go", "rank and file"}:               "Role.Words, the English of term.unit.role.rank_and_file (Role.Msg)",
	{"unit/unit.go", " rank and file"}:              "Target.Words, the English a batch's label and the engine's log still use",
	{"unit/unit.go", "the rank and file"}:           "Target.Words, the English a batch's label and the engine's log still use",
	{"combat/combat.go", "rank and file"}:           "By.Words, the English of term.combat.by.rank_and_file (By.Msg)",
	{"combat/engine.go", " rank and file"}:          "a batch's label (rearrank.Attack.Batch is a name, as a unit's is)",
	{"combat/engine.go", "the rank and file"}:       "a batch's label (rearrank.Attack.Batch is a name, as a unit's is)",
	{"combat/result.go", "Fall Back in Good Order"}: "Result.Title, the English of term.combat.result.title.fall_back (Result.TitleMsg)",
	{"web/page_lang.go", "rank and file"}:           "choiceWords' key, the English a select is laid out in, matched to web.choice.rank_and_file (web's TestChoiceWords holds them equal)",
	// The battle store's sentinels (issue 28): a player reads the
	// *msg.Error that wraps them (battlestore.*).
	{"battle/store.go", "no such battle"}:  "battle.ErrNotFound, a sentinel (battlestore.error.not_found is what a player reads)",
	{"battle/store.go", "battle exists"}:   "battle.ErrExists, a sentinel (battlestore.error.exists is what a player reads)",
	{"battle/store.go", "stale version"}:   "battle.ErrStale, a sentinel (battlestore.error.stale is what a player reads)",
	{"battle/store.go", "storage failed"}:  "battle.ErrStorage, a sentinel (battlestore.storage.* is what a player reads)",
	{"battle/store.go", "bad battle name"}: "battle.ErrBadName, a sentinel (battlestore.error.name_* is what a player reads)",
	// The matrix (issue 29): its sentinels, its example command line and
	// the API's operator log and encoding/json's text it matches.
	{"matrix/unit.go", "matrix: a side has no unit"}:                                                     "ErrEmpty, a sentinel (matrix.error.empty is what a player reads)",
	{"matrix/unit.go", "matrix: too many units"}:                                                         "ErrTooLarge, a sentinel (matrix.error.too_many is what a player reads)",
	{"matrix/unit.go", "matrix: bad request"}:                                                            "ErrRequest, a sentinel (matrix.error.* is what a player reads)",
	{"matrix/files.go", "matrix: units of different rulesets"}:                                           "ErrRuleset, a sentinel (matrix.error.ruleset is what a player reads)",
	{"matrix/files.go", "matrix: units with different switches"}:                                         "ErrOptions, a sentinel (matrix.error.options is what a player reads)",
	{"cmd/rearrank/matrix.go", "rearrank matrix examples/lists/test-army.json examples/lists/orcs.json"}: "a command line, the same in every language",
	{"web/api_matrix.go", "panic in a matrix cell"}:                                                      "the operator's log",
	{"web/api_matrix.go", "json: unknown field "}:                                                        "encoding/json's error text, matched to say it as web.matrix.unknown_field",
}

// phraseKeys returns the keys of scenario's phrases table (scenario/
// text.go): English phrases that the scenario package, and a file reader
// built on it, say through the catalogue's message for each.
func phraseKeys(t *testing.T, root string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "scenario", "text.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "phrases" || len(vs.Values) != 1 {
			return true
		}
		for _, e := range vs.Values[0].(*ast.CompositeLit).Elts {
			if l, ok := e.(*ast.KeyValueExpr).Key.(*ast.BasicLit); ok {
				if s, err := strconv.Unquote(l.Value); err == nil {
					keys[s] = true
				}
			}
		}
		return false
	})
	if len(keys) < 20 {
		t.Fatalf("scenario/text.go: %d phrases; the table is no longer read", len(keys))
	}
	return keys
}

// catalogueFile reports whether rel is one of the catalogue's files, where
// the English belongs.
func catalogueFile(rel string) bool {
	return strings.HasPrefix(rel, "msg/catalogue_") && strings.HasSuffix(rel, ".go")
}

type finding struct {
	file, lit string
	line      int
}

type literalKey struct{ file, lit string }

var (
	// sentenceish: a word of two letters or more, a space, another word.
	sentenceish = regexp.MustCompile(`[A-Za-z]{2,} +[A-Za-z]`)
	// prose: three words of two letters or more in a row.
	prose = regexp.MustCompile(`[A-Za-z]{2,}[,;:]? +[A-Za-z]{2,}[,;:]? +[A-Za-z]{2,}`)
	// printers take a sentence to print or to make an error of.
	printers = map[string]bool{"Sprintf": true, "Errorf": true, "Fprintf": true, "Printf": true, "Sprint": true,
		"Sprintln": true, "Print": true, "Println": true, "Fprint": true, "Fprintln": true, "New": true,
		"note": true, "usagef": true, "Error": true, "Fatal": true, "Fatalf": true}
)

// englishIn returns the literals of file p (rel from the module's root)
// that are English sentences outside the catalogue.
func englishIn(t *testing.T, p, rel string) []finding {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []finding
	add := func(lit *ast.BasicLit) {
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return
		}
		out = append(out, finding{rel, s, fset.Position(lit.Pos()).Line})
	}
	skip := map[*ast.BasicLit]bool{}
	printed := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.Field:
			if n.Tag != nil {
				skip[n.Tag] = true
			}
		case *ast.CallExpr:
			name := calleeName(n.Fun)
			if name == "panic" { // a programmer's error, documented as such
				ast.Inspect(n, func(m ast.Node) bool {
					if l, ok := m.(*ast.BasicLit); ok {
						skip[l] = true
					}
					return true
				})
				return false
			}
			if printers[name] || strings.HasSuffix(name, "f") {
				for _, a := range n.Args {
					if l, ok := a.(*ast.BasicLit); ok && l.Kind == token.STRING {
						printed[l] = true
					}
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || skip[n] {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil {
				return true
			}
			if printed[n] && sentenceish.MatchString(s) || prose.MatchString(s) {
				add(n)
			}
		}
		return true
	})
	return out
}

// calleeName is the name of the function a call calls: "Sprintf" for
// fmt.Sprintf, "note" for note and m.note.
func calleeName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr: // a generic function
		return calleeName(f.X)
	}
	return ""
}

// moduleRoot is the directory of go.mod, above this package's.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("the module's root: %v", err)
	}
	return dir
}
