// Package web serves rearrank's page and JSON API from one binary, with
// every asset embedded: no CDN, no external fonts, no network needed at
// the table.
//
// # API
//
// Every POST body is a scenario file (docs/scenario.md), JSON or YAML,
// with the other parameters in the query string; a JSON body may instead
// be an envelope {"scenario": {...}, "dice": ..., "seed": ...}. Lines and
// columns in errors point into the body either way. Responses are the JSON
// of the CLI's --json output. assets/openapi.json describes it all and is
// served at /api/openapi.json; its tests hold it to the handlers.
//
//	GET  /healthz            liveness
//	GET  /readyz             readiness: 503 while a lane is saturated
//	GET  /api/openapi.json   the OpenAPI 3.1 document
//	GET  /api/rulesets       rulesets and switches (rearrank rulesets --json)
//	POST /api/odds           ?exact=1 ?fallback=1 (rearrank odds --json)
//	POST /api/resolve        ?dice=6,3,5 or ?seed=N (rearrank resolve --json);
//	                         ?partial=1: stage by stage, the stages the dice
//	                         resolved and what the next needs (referee_page.go)
//	POST /api/compare        ?rulesets=a,b ?sets=path=val, or "scenarios" in the envelope (rearrank compare --json)
//	POST /api/combat         a combat file; ?exact=1 [&fallback=1], ?dice= or ?seed=,
//	                         or ?n=N [&seed=N] (rearrank combat --json; api_combat.go)
//	POST /api/sweep          {"scenario"|"combat": ..., "vary": [{path, from, to, step}]}: every
//	                         point and its SVG chart (rearrank sweep --json; api_sweep.go)
//	POST /api/import         a list file of New Recruit, BattleScribe or Old World
//	                         Builder, or a form holding it; ?name= ?ruleset= ?set=toughness=3
//	                         (rearrank import; api_import.go)
//	POST /api/matrix         my units against theirs, streamed as NDJSON a cell a line
//	                         (rearrank matrix --json; api_matrix.go, docs/matrix.md)
//	GET, POST /api/battles   the battles kept (Config.Battles, serve --db); create one
//	GET, PATCH (rename), DELETE /api/battles/{id}, and under it POST units, attacks, combat,
//	                         corrections, advance, undo, redo; DELETE units/{name};
//	                         GET log, export; POST odds?target=UNIT (an attack's odds),
//	                         combat-odds (a round's, before it is fought); GET events
//	                         (the change feed, server-sent events); POST
//	                         /api/battles/import (rearrank battle; api_battle*.go,
//	                         docs/battle.md). Writes carry the version read
//	                         (If-Match or "version"): a stale one is 409.
//
// A body sent as application/json must be strict JSON; errors name its
// line and column. Responses are gzipped for a client that accepts it.
//
// Errors are {"error", "code", "field", "line", "column"}: 400 for bad
// input (field names the scenario field, such as "attacks[0].strength";
// for a list file, field is "file" and code not_list, other_game or
// refused, with the line and column the reader names), 413 over the body
// limit or a list file's (too_large), 415 for a body that is neither JSON nor YAML,
// 422 past the state or time limit, 503 with Retry-After when every
// computation slot is busy and the short queue is full or its wait ran
// out (code busy), or when a handler has not answered half a second
// after the time limit (code time_limit), 404 and 405 with JSON bodies
// (but a browser, asking for text/html, gets the page's 404 outside
// /api/).
// A panic is a bug: one set off by a request body while loading it is a
// 400, any other the only 500; both are logged with the stack.
//
// # Limits
//
// Every request has Config.Timeout, waiting for a slot included, and
// stops when its client leaves. A list file to import may be larger than
// Config.MaxBody: its body limit is armylist.MaxInput (4 MiB) and 64 KiB
// for a form around it, and armylist's own limits bound what it expands
// to; every import waits for one of the parsers (one per core) that
// large scenario bodies wait for, so that a flood of .rosz files costs
// those cores and no more. A battle's export file to import may be as
// large as its format allows (battle.MaxExportSize, 16 MiB) and its
// reading and replay wait for a parser too. Computations take a slot in one of two
// lanes (admission.go): small scenarios (a few dozen attacks) in a cheap
// lane, so that expensive requests cannot starve them, the rest in a
// heavy lane. The default state limit (DefaultMaxStates) keeps one
// computation under 256 MB. Deterministic answers (odds, compare, and
// their state-limit errors) are cached by request.
//
// # Page
//
// GET / is one HTML page whose query string holds the whole scenario
// (a0.count=20&t.models=30...), so a link reproduces the result. The form
// is a plain GET that the server answers with the results rendered, SVG
// charts and formation diagrams included, so it works without JavaScript;
// assets/static/app.js only swaps in GET /results without a reload, shows
// the fields of the chosen ruleset, checks inputs as they are typed, and
// keeps the URL and history in step. POST / answers 405: the form is a
// GET, and programs POST to the API.
//
// The Compare tab (compare_page.go) sets the form against up to six
// variants of it, each edited in its own copy of an attack group's or the
// target's fields; the link keeps only what each variant changes
// (v1=attacks[0].strength%3D6). A target or attack profile saved in the
// browser exports alone as a scenario file (?export=target or attack).
//
// The Referee tab resolves stage by stage (referee_page.go): the page asks
// for each stage's dice in turn, rolls them on request and undoes the last
// stage, the dice so far in the query string; referee.js does it in place.
// The odds and combat pages take an army list file (import.js): picked or
// dropped, it goes to POST /api/import, and its units join the saved
// units, a group per list. The server reads it, not the script: one
// reader (package armylist, the command line's), with the same limits
// and the same errors in the same words, and no second parser in
// JavaScript to keep in step with it. The server answers and keeps
// nothing; the units stay in the browser like the ones saved by hand.
//
// GET /combat is the Combat tab (combat_page.go): a combat file from a
// textarea or the examples, both units side by side, its exact chances
// (Monte Carlo past the state limit) and one seeded round step by step.
//
// GET /battle and /battle/{id} are the Battle tab (battle_page.go): the
// battles the server keeps (Config.Battles) and one as it stands, drawn
// from the store with the API's own view; undo, redo and the next phase
// are plain POSTs at the version shown. battle.js makes the other changes
// through /api/battles/... and follows the change feed, so two browsers
// on one battle stay in step; POST /battle/text turns what a player wrote
// or saved into the API's JSON with the server's readers.
//
// GET /matrix is the Matrix tab (matrix_page.go, docs/matrix.md): its
// script reads each side from a list file or the saved units and fills
// one table per kind of fight from POST /api/matrix's stream. POST
// /matrix/units turns saved units' form fields into the matrix's units
// with the Odds tab's form code; POST /matrix/open says where a cell
// opens, from the file package matrix writes for it.
package web
