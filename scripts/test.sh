#!/usr/bin/env bash
# The README's test command: setup, then every test file with Node's test runner (TypeScript via tsx).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# tests and benchmarks are typechecked too (tsx only strips types); a few seconds
node_modules/.bin/tsc -p tsconfig.all.json
mapfile -t files < <(find test -name '*.test.ts' -not -path '*/fixtures/*' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
exec node --import tsx --test --test-concurrency="${VEVAL_TEST_CONCURRENCY:-2}" "$@" "${files[@]}"
