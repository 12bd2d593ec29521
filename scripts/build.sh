#!/usr/bin/env bash
# tsc, plus the non-TypeScript files the code reads at run time (the judge prompt templates, the HTML report template, style and script).
set -euo pipefail
cd "$(dirname "$0")/.."
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
