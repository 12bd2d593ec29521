#!/usr/bin/env bash
# The README's test command: setup, then every test file with Node's test runner (TypeScript via tsx).
set -euo pipefail
cd "$(dirname "$0")/.."
# with Firefox too (VEVAL_FIREFOX=1): the second engine's tests (test/capture/engines.test.ts) then run
# instead of skipping; they skip with the reason only where it cannot be installed (not root)
VEVAL_FIREFOX=1 bash scripts/setup.sh
# tests and benchmarks are typechecked too (tsx only strips types); a few seconds, once: in npm test
[ "${VEVAL_TEST_TIER:-unit}" = unit ] && node_modules/.bin/tsc -p tsconfig.all.json
# The suite is in tiers (scripts/tiers.mjs): VEVAL_TEST_TIER=unit (npm test, the default),
# precision (npm run test:precision) or e2e (npm run test:e2e). .ci/run runs all three.
tier="${VEVAL_TEST_TIER:-unit}"
mapfile -t all < <(node scripts/tiers.mjs "$tier")
if [ "${#all[@]}" -eq 0 ]; then echo "no test files found for tier $tier" >&2; exit 1; fi
echo "tier $tier: ${#all[@]} test files" >&2
# The longest files start first: on 2 cores a long file that starts last sets the wall time alone
# (longest-first scheduling). Their names, most expensive first; the rest follow in name order.
first=(test/real/corpus.test.ts test/real/corpus-firefox.test.ts test/real/look-corpus.test.ts test/cli/storybook-flow.test.ts
  test/parity/design-threshold.test.ts test/checks/e2e-defects.test.ts test/parity/root-cause-rates.test.ts test/cli/ci-files-jobs.test.ts
  test/cli/install.test.ts test/cli/init-framework.test.ts test/mcp/ test/look/ test/hardening/ test/cli/run.test.ts)
files=()
for f in "${first[@]}"; do for a in "${all[@]}"; do [[ "$a" == "$f"* ]] && files+=("$a"); done; done
for a in "${all[@]}"; do [[ " ${files[*]} " == *" $a "* ]] || files+=("$a"); done
# Every test process works in one scratch temp dir, removed at the end, so caches written there by
# tools (tsx's compile cache, the private fontconfig cache) and anything a killed process left go
# too: a run leaves the temp dir as it found it. KEEP_TMP=1 keeps it (and each test's folders).
scratch="$(mktemp -d "${TMPDIR:-/tmp}/veval-tests-XXXXXX")"
if [ "${KEEP_TMP:-}" = 1 ]; then trap 'echo "KEEP_TMP=1: test temp folders kept in $scratch" >&2' EXIT
else trap 'rm -rf "$scratch"' EXIT; fi
# Three files at a time on 2 cores: the browser tests spend much of their time waiting (settling,
# stability intervals, servers), and at two the cores were idle ~45 % of the run (CPU 11.7 min in
# 10.5 min wall). VEVAL_TEST_CONCURRENCY sets another count.
# node's own default reporter (spec on a terminal, else TAP) plus the slowest files at the end
if [ -t 1 ]; then reporter=spec; else reporter=tap; fi
# each file's CPU (with its browsers and subprocesses) is logged at its exit for the table
# fixtures built once per suite and shared read-only (test/helpers/demo-flow.ts) live in $scratch/shared
mkdir -p "$scratch/shared"
TMPDIR="$scratch" VEVAL_TEST_SHARED="$scratch/shared" VEVAL_TEST_CPU_LOG="$scratch/cpu.log" node --import tsx --import ./scripts/test-cpu.mjs --test --test-concurrency="${VEVAL_TEST_CONCURRENCY:-3}" \
  --test-reporter="$reporter" --test-reporter-destination=stdout \
  --test-reporter=./scripts/test-times.mjs --test-reporter-destination=stderr "$@" "${files[@]}"
