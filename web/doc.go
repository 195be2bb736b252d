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
//	GET  /api/openapi.json   the OpenAPI 3.1 document
//	GET  /api/rulesets       rulesets and switches (rearrank rulesets --json)
//	POST /api/odds           ?exact=1 ?fallback=1 (rearrank odds --json)
//	POST /api/resolve        ?dice=6,3,5 or ?seed=N (rearrank resolve --json)
//	POST /api/compare        ?rulesets=a,b ?sets=opt=val (rearrank compare --json)
//
// Errors are {"error", "code", "field", "line", "column"}: 400 for bad
// input (field names the scenario field, such as "attacks[0].strength"),
// 413 over the body limit, 415 for a body that is neither JSON nor YAML,
// 422 past the state or time limit, 503 with Retry-After when every
// computation slot is busy, 404 and 405 with JSON bodies. A panic, which
// is a bug, is the only 500.
//
// # Page
//
// GET / is one HTML page whose query string holds the whole scenario
// (a0.count=20&t.models=30...), so a link reproduces the result. The form
// is a plain GET that the server answers with the results rendered, SVG
// charts and formation diagrams included, so it works without JavaScript;
// assets/static/app.js only swaps in GET /results without a reload, shows
// the fields of the chosen ruleset, checks inputs as they are typed, and
// keeps the URL and history in step.
package web
