#!/usr/bin/env bash
# The end-to-end tests: each installs veval from its release branch with npm, yarn 1 and pnpm 10/12
# (installed from the registry into a temp folder) into a published app, or runs init and a whole
# run on a published framework site, or scores the real-page corpus in Firefox. Minutes each, so
# apart from `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
E2E=(test/cli/install.test.ts test/cli/init-framework.test.ts test/real/corpus-firefox.test.ts)
if [ "${1:-}" = --list ]; then printf '%s\n' "${E2E[@]}"; exit 0; fi
VEVAL_TEST_ONLY=e2e exec bash scripts/test.sh "$@"
