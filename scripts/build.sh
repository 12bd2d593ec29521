#!/usr/bin/env bash
# tsc, plus the non-TypeScript files the code reads at run time (the judge prompt templates, the HTML report template, style and script).
# --if-stale: only when a source file is newer than the last build (npm's `prepare`, setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=dist/.build-stamp
if [ "${1:-}" = "--if-stale" ] && [ -f "$stamp" ] && [ -z "$(find src package.json tsconfig.json -newer "$stamp" -print -quit)" ]; then exit 0; fi
rm -rf dist
npx tsc -p .
mkdir -p dist/judge dist/spec/generated
cp src/judge/*.hbs dist/judge/
mkdir -p dist/report/html
cp src/report/html/* dist/report/html/
cp src/spec/generated/validators.js dist/spec/generated/
mkdir -p dist/core/generated
cp src/core/generated/artifact-validators.js dist/core/generated/
touch dist/.build-stamp
