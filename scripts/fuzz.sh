#!/usr/bin/env bash
# Runs every Go fuzz target of the repository for FUZZTIME each (default
# 10s): `make fuzz FUZZTIME=5m`. Targets are discovered, so a new
# `func FuzzX` in any package is picked up. A crash fails the run and
# leaves the input under <pkg>/testdata/fuzz/FuzzX/ as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
status=0
while IFS=: read -r file _ line; do
  pkg=$(dirname "$file")
  name=$(sed -E 's/^func (Fuzz[A-Za-z0-9_]*).*/\1/' <<<"$line")
  echo "== $pkg $name ($fuzztime)"
  if ! go test "$pkg" -run "^$name\$" -fuzz "^$name\$" -fuzztime "$fuzztime" 2>&1 | tail -n 3; then
    status=1
  fi
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . | sort)
exit $status
