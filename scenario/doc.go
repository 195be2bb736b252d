// Package scenario reads rearrank's scenario files: a ruleset, its
// switches, the attack groups to resolve in order, and the unit they strike.
// The format is a public contract (DESIGN.md "The scenario file";
// docs/scenario.md describes every field, docs/scenario.schema.json is its
// JSON Schema): fields are added, never renamed.
//
// # Loading
//
// Load takes the bytes of a YAML or JSON file; Read takes a reader, such as
// standard input for the file name "-". Both return a *File that is
// complete and checked:
//
//	f, err := scenario.Load("crossbows.yaml", data)
//	if err != nil {
//		// err is an *Error, such as
//		// crossbows.yaml:21:11: target.armour: armour "hevy": want none, light, heavy or plate
//	}
//	opts := f.RuleOptions() // the file's switches as a rules.Options
//
// Loading is strict. Unknown fields, wrong types, numbers out of range,
// names that are not a ruleset, armour, troop type, phase, weapon class or
// switch, and fields the file's ruleset does not read are all errors. Every
// error is an *Error with the file, line, column and the dotted field path
// ("attacks[1].strength"), and wraps one of the sentinels ErrSyntax,
// ErrUnknownField, ErrInvalid, ErrUnsupported or ErrTooLarge.
//
// Files come from users and, through the web API, from anyone, so Load
// bounds its work: at most MaxSize bytes and MaxTokens tokens, nesting at
// most MaxDepth deep, and no anchors, aliases, tags or merge keys (the
// "billion laughs" alias expansion cannot start). Scenario files never need
// those YAML features. It also refuses a value, comment or stretch of
// blank space longer than 64 KiB, more than 128 KiB of keys and values in
// all, a mapping of more than 64 fields and more than 16 document markers,
// all far past what a scenario holds. Passes over the text that allocate
// nothing check these limits and stop at the first one crossed, before the
// YAML reader builds anything: any text of up to MaxSize bytes is loaded
// or refused within about 20 MB.
//
// A Decoder reads a file of another format (a combat file) the same way,
// into Go types it declares with yaml tags, embedding the scenario's where
// they are the same; Doc.Scenario checks parts of such a file as a
// scenario, with its errors at that file's fields.
//
// # A unit of an army list
//
// ListTarget and ListAttacks map a unit of a player's list file (package
// armylist: New Recruit, BattleScribe, Old World Builder) onto a target
// or attack groups (docs/import.md), with notes of what they did not use
// or assumed; they never guess a value the file lacks, which
// ListOptions.Set gives. In a file, the target, an attack group and a
// combat file's unit may name such a unit with from:, unit: and set:
// (docs/scenario.md). Load reads no files and refuses from:; LoadLists
// and LoadFS, and a Decoder with Lists, open the list files, relative to
// the file that names them, and return the mapping's notes.
//
// # Fields
//
// Catalogue declares every field once: its type, default, the rulesets that
// read it (asked of rules.For, never by ruleset name), its limits, meaning
// and RULES.md reference. Validate's range and "does not read" checks come
// from it, docs/scenario.md's tables are generated from it, and tests hold
// the Go types, the JSON Schema and the web form to it. Adding a field is a
// field of the Go type plus its catalogue entry (then `go test ./scenario
// -run Docs -update` and the schema).
//
// Dice expressions (count, multiple_wounds) are read by dice.ParseExpr,
// the one parser of them, with its limits.
//
// # Defaults
//
// Load applies the defaults of DESIGN.md ("Meanings that the contract
// fixes") through File.Defaults and then checks the result with
// File.Validate. A File built in Go goes through the same two calls. Most
// defaults are the zero values of the fields (melee, infantry, no armour, no
// saves, aimed at the rank and file); Defaults fills in the rest (wounds 1,
// frontage, automatic hits) and puts a few fields in canonical form.
//
// # Writing
//
// File implements MarshalYAML (goccy/go-yaml's BytesMarshaler) and
// json.Marshaler, in the same field names; loading the output gives an
// equal File. The output has every default written out, and JSON has more
// tokens than YAML, so a file near MaxTokens may write out past it.
//
// # Later errors
//
// Problems found after loading (by the referee, say) can still point into
// the file: File.Errorf returns an *Error placed at the named field.
package scenario
