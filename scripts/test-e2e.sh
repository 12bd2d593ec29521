#!/usr/bin/env bash
# The end-to-end tier (scripts/tiers.mjs lists its files): veval installed from its release branch
# with npm, yarn 1 and pnpm into a published app, init and whole runs on published sites, a built
# Storybook's whole flow, the CI files init writes run job by job, the real-page corpus in Firefox.
set -euo pipefail
cd "$(dirname "$0")/.."
# two files at a time: its files are each minutes of installs and browsers (the Firefox corpus,
# registry installs per manager with their own concurrency of 2); at three, a Firefox click in the
# corpus timed out under the load (measured load 15-18)
VEVAL_TEST_CONCURRENCY="${VEVAL_TEST_CONCURRENCY:-2}" VEVAL_TEST_TIER=e2e exec bash scripts/test.sh "$@"
