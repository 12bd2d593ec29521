#!/usr/bin/env bash
# The precision tier (scripts/tiers.mjs lists its files): the scored sets — the real-page corpus,
# look over it, structure precision, the design pairs, the root-cause rates, the defect pages, axe's
# rule selection — each failing on any difference from its committed truth.
set -euo pipefail
cd "$(dirname "$0")/.."
VEVAL_TEST_TIER=precision exec bash scripts/test.sh "$@"
