// Package docs holds the players' documentation, embedded so that the web
// server can serve it beside the page that cites it (web: /docs/rules).
package docs

import _ "embed"

// Rules is docs/rules.md: how rearrank applies the rules, by section.
//
//go:embed rules.md
var Rules string

// RulesRU is docs/rules.ru.md, Rules in Russian: the same sections under
// the same anchors ("s6.1", "R39"), so that a citation links to either.
//
//go:embed rules.ru.md
var RulesRU string

// Scenario is docs/scenario.md: the fields of a scenario file.
//
//go:embed scenario.md
var Scenario string

// Combat is docs/combat.md: the fields of a combat file.
//
//go:embed combat.md
var Combat string

// Matrix is docs/matrix.md: my army against theirs, what a cell is and
// how precise (the Matrix tab links it).
//
//go:embed matrix.md
var Matrix string
