// Package msg is the catalogue of every word rearrank says to a player,
// in English and in Russian, and the printer that renders a message in a
// language.
//
// A message is data: an ID and typed arguments (numbers, decimals, names,
// dice, nested messages), never a sentence. The referee's log, the
// validation errors and the notes carry messages; the edge (the command
// line, the page, the API) renders them in the reader's language with
// Message.Text. The catalogue holds one template per language for each ID
// (catalogue_*.go, one file per family of messages).
//
// # Templates
//
// A template is text with placeholders:
//
//	{0}              the first argument, written for the language
//	{1:wound|wounds} a plural form chosen by the second argument
//	{{ and }}        literal braces
//
// The forms of a plural placeholder are the language's plural categories
// in order: English one|other; Russian one|few|many, and optionally a
// fourth, other, for fractions (without it a fraction takes few, which is
// the genitive singular Russian uses after a fraction: "1,5 модели").
//
// # Writing messages
//
// IDs are "family.area.what": the family is the package that says it
// (cli, rules, combat, scenario, alloc, engine, odds, referee, web, term
// for the game's words used as arguments), and a message for one ruleset
// has the ruleset's code as a part ("rules.t9a1-ru.name"). Each family's
// entries are in catalogue_<family>.go, added with family().
//
// Arguments: an int for a count (the plural forms follow it), a string for
// what is never translated (a unit's or model's name, a field path, a
// code, a flag, a value of a scenario file), Dec for a decimal, Count for
// a number written as text ("D6"), and a Message for a translated word or
// phrase (a stage, a troop type, a side of a unit). A sentence is never
// built from pieces of English: a variant is a message of its own.
//
// An error a player reads is an *Error (Errorf), which wraps the sentinel
// the package's callers test with errors.Is; its Error is the English. The
// English of every message is byte for byte what the program wrote before
// it became a message; the Russian follows docs/glossary.md, which a test
// checks.
//
// # Why not golang.org/x/text/message
//
// golang.org/x/text gives the language matching (Accept-Language, the
// locale variables) and the plural rules (CLDR, through feature/plural);
// its message package also formats, but its printer localises every
// number (1000 becomes "1,000" in English), which would change the English
// output this package must keep byte for byte, and its catalogue is built
// in code with selectors that are harder to check than a template per
// language. nicksnyder/go-i18n keeps messages in files with the same CLDR
// plural rules, but its templates are text/template, whose errors appear
// only when a message is rendered; here every template is parsed and its
// placeholders checked against the other language's in a test.
package msg
