#!/usr/bin/env bash
# tsc, plus the non-TypeScript files the code reads at run time (the judge's prompt templates).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
npx tsc -p .
mkdir -p dist/judge dist/spec/generated
cp src/judge/*.hbs dist/judge/
cp src/spec/generated/validators.js dist/spec/generated/
touch dist/.build-stamp
