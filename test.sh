#!/usr/bin/env bash
# Runs every check and test of rearrank, on a fresh machine with Go 1.26.
# Usage: ./test.sh            (CI runs exactly this, through .ci/run)
#        FUZZTIME=30s ./test.sh
set -euo pipefail
cd "$(dirname "$0")"

fuzztime=${FUZZTIME:-8s}

# The property tests run their full count of random cases here; a plain
# `go test ./...` runs a quick count (internal/proptest).
export REARRANK_FULL_CHECKS=1

# Each step says when it starts, in seconds since the run began, so that a
# run's log tells where its time went (CI's limit is 15 minutes).
step() { printf '\n== %s (at %ds)\n' "$*" "$SECONDS"; }

step "gofmt"
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then
	echo "gofmt would change:"; echo "$bad"; exit 1
fi

step "go vet"
go vet ./...

step "staticcheck"
go tool staticcheck ./...

step "go test -race (core packages, and the concurrent readers)"
go test -race -count=1 -timeout 30m ./dice/... ./rules/... ./unit/... ./internal/alloc/... ./referee/...
# odds and combat share work between goroutines only in Monte Carlo (its
# workers, progress and cancellation), in the fallback to it and in the
# limits that stop a run; their random-scenario property tests, which take
# over half an hour under the race detector on 2 cores since the special
# rules and tow, run without it in the next steps.
go test -race -count=1 -timeout 30m \
	-run 'MonteCarlo|Fallback|Cancel|Progress|StateLimit|Memory|JSON|Tails|E85|E42|Scale' ./odds/...
go test -race -count=1 -timeout 30m -run 'MonteCarlo|Fallback|Limit' ./combat/...

step "chromium for the browser tests (web/browser_test.go)"
# Debian's chromium; installed once, quietly. Without it (and without root
# to install it) the browser tests skip, except under CI=true, where they fail.
if command -v chromium >/dev/null 2>&1; then
	echo "chromium: $(command -v chromium)"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
		|| { echo "installing chromium failed"; exit 1; }
	echo "chromium: installed $(command -v chromium)"
else
	echo "chromium is missing and this is not root: the browser tests will skip"
fi

step "postgresql for the battle store's PostgreSQL tests (internal/pgtest)"
# Debian's postgresql, installed once, quietly; the tests start throwaway
# clusters of its binaries as the user postgres. Without it (and without
# root to install it) those tests skip, except under CI=true, where they fail.
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
	echo "postgresql: $(ls -d /usr/lib/postgresql/*/bin | tail -1)"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >/dev/null 2>&1 \
		|| { echo "installing postgresql failed"; exit 1; }
	echo "postgresql: installed $(ls -d /usr/lib/postgresql/*/bin | tail -1)"
else
	echo "postgresql is missing and this is not root: the PostgreSQL tests will skip"
fi

step "go test (all packages)"
go test -count=1 -timeout 30m ./...

step "fuzz targets, $fuzztime each"
grep -rl --include='*_test.go' '^func Fuzz' . | while read -r f; do
	pkg=./$(dirname "${f#./}")
	for fn in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | cut -d' ' -f2); do
		echo "-- $pkg $fn"
		# The fuzzing engine sometimes ends a run with "context deadline
		# exceeded" when a worker is busy as the time runs out; that is no
		# finding (a finding writes a failing input), so it runs once more.
		out=$(mktemp)
		if ! go test -run='^$' -fuzz="^${fn}\$" -fuzztime="$fuzztime" "$pkg" >"$out" 2>&1; then
			cat "$out"
			if grep -q 'context deadline exceeded' "$out" && ! grep -q 'Failing input' "$out"; then
				echo "-- $fn: the engine timed out a worker with no failing input; once more"
				go test -run='^$' -fuzz="^${fn}\$" -fuzztime="$fuzztime" "$pkg"
			else
				rm -f "$out"
				exit 1
			fi
		else
			cat "$out"
		fi
		rm -f "$out"
	done
done

step "benchmarks compile and run once"
# Only a failure's output is shown: the figures of one run mean nothing.
bench_out=$(mktemp)
if ! go test -run='^$' -bench=. -benchtime=1x ./bench/... > "$bench_out" 2>&1; then
	grep -v ' ns/op' "$bench_out"
	rm -f "$bench_out"
	exit 1
fi
rm -f "$bench_out"

echo
echo "all checks passed in ${SECONDS}s"
