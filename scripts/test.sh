#!/usr/bin/env bash
# The README's test command: setup, then every test file with Node's test runner (TypeScript via tsx).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# tests and benchmarks are typechecked too (tsx only strips types); a few seconds
node_modules/.bin/tsc -p tsconfig.all.json
mapfile -t files < <(find test -name '*.test.ts' -not -path '*/fixtures/*' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
# Every test process works in one scratch temp dir, removed at the end, so caches written there by
# tools (tsx's compile cache, the private fontconfig cache) and anything a killed process left go
# too: a run leaves the temp dir as it found it. KEEP_TMP=1 keeps it (and each test's folders).
scratch="$(mktemp -d "${TMPDIR:-/tmp}/veval-tests-XXXXXX")"
if [ "${KEEP_TMP:-}" = 1 ]; then trap 'echo "KEEP_TMP=1: test temp folders kept in $scratch" >&2' EXIT
else trap 'rm -rf "$scratch"' EXIT; fi
TMPDIR="$scratch" node --import tsx --test --test-concurrency="${VEVAL_TEST_CONCURRENCY:-2}" "$@" "${files[@]}"
