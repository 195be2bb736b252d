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
