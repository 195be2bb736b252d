#!/usr/bin/env bash
# Runs every check and test of rearrank, on a fresh machine with Go 1.26.
# Usage: ./test.sh            (CI runs exactly this, through .ci/run)
#        FUZZTIME=30s ./test.sh
set -euo pipefail
cd "$(dirname "$0")"

fuzztime=${FUZZTIME:-8s}

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then
	echo "gofmt would change:"; echo "$bad"; exit 1
fi

step "go vet"
go vet ./...

step "staticcheck"
go tool staticcheck ./...

step "go test -race (core packages)"
go test -race -count=1 ./dice/... ./rules/... ./unit/... ./referee/...

step "go test (all packages)"
go test -count=1 ./...

step "fuzz targets, $fuzztime each"
grep -rl --include='*_test.go' '^func Fuzz' . | while read -r f; do
	pkg=./$(dirname "${f#./}")
	for fn in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | cut -d' ' -f2); do
		echo "-- $pkg $fn"
		go test -run='^$' -fuzz="^${fn}\$" -fuzztime="$fuzztime" "$pkg"
	done
done

step "benchmarks compile and run once"
go test -run='^$' -bench=. -benchtime=1x ./bench/... > /dev/null

echo
echo "all checks passed"
