#!/usr/bin/env bash
# Runs every Go fuzz target of the repository for FUZZTIME each (default
# 10s): `make fuzz FUZZTIME=5m`. Targets are discovered, so a new
# `func FuzzX` in any package is picked up. A crash fails the run and
# leaves the input under <pkg>/testdata/fuzz/FuzzX/ as a regression test;
# a failure prints the whole output (the engine's progress lines aside).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
status=0
while IFS=: read -r file _ line; do
  pkg=$(dirname "$file")
  name=$(sed -E 's/^func (Fuzz[A-Za-z0-9_]*).*/\1/' <<<"$line")
  echo "== $pkg $name ($fuzztime)"
  log=$(mktemp)
  if go test "$pkg" -run "^$name\$" -fuzz "^$name\$" -fuzztime "$fuzztime" >"$log" 2>&1; then
    tail -n 3 "$log"
  elif ! grep -qvE '^(fuzz: elapsed|--- FAIL: |    context deadline exceeded$|FAIL|exit status 1$)' "$log" &&
    grep -q '^    context deadline exceeded$' "$log"; then
    # Go before 1.27 can report its own -fuzztime deadline as the target's
    # failure when a worker is mid-call at that moment (golang/go#75804):
    # nothing failed and no input is written. Any other line is a finding.
    tail -n 3 "$log"
    echo "fuzz: $name: the fuzzing engine's deadline race (golang/go#75804), no failing input: not a failure"
  else
    grep -v '^fuzz: elapsed' "$log"
    status=1
  fi
  rm -f "$log"
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . | sort)
exit $status
