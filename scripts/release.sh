#!/usr/bin/env bash
# Makes the `release` branch: the package exactly as `npm pack` makes it (dist/ built, schemas,
# docs), with no scripts and no devDependencies. Installing veval from that branch then runs no
# build under any manager: pnpm 10+ refuses a git dependency's build script unless the user
# allow-lists it (per major, and pnpm 12 only per commit), and yarn 1 installs a git dependency's
# devDependencies to build it. One commit per release on top of the previous one, naming the commit
# it was built from; the working tree, the index and HEAD are not touched.
# Usage: npm run release [-- --git-dir DIR]   (DIR: put the branch in another repository; tests use a bare clone)
set -euo pipefail
cd "$(dirname "$0")/.."
branch=release
gitdir=$(git rev-parse --absolute-git-dir)
if [ "${1:-}" = "--git-dir" ]; then gitdir=$(cd "$2" && pwd); fi
from=$(git rev-parse --short=12 HEAD)
git diff --quiet HEAD -- src package.json schema docs README.md || from="$from plus uncommitted changes"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a fresh clone has no dependencies: the build (tsc) needs them, so install them first
if [ ! -x node_modules/.bin/tsc ]; then
  echo "release: the dependencies are not installed (a fresh clone?); installing them: npm ci"
  if ! npm ci --no-audit --no-fund --loglevel=error; then
    echo "release: npm ci failed (above); run \`npm run setup\` and then \`npm run release\` again" >&2; exit 1
  fi
fi
# npm pack runs prepare (builds dist/ when stale) and keeps only package.json's "files"; its own
# output is kept and shown when it fails (a build error must not end the release silently)
if ! npm pack --pack-destination "$tmp" >"$tmp/pack.log" 2>&1; then
  echo "release: npm pack failed (it builds dist/ first); its output:" >&2
  cat "$tmp/pack.log" >&2
  echo "release: fix the above (\`npm run setup\` installs and builds), then run \`npm run release\` again" >&2
  exit 1
fi
tar -xzf "$tmp"/*.tgz -C "$tmp"
version=$(node -e '
  const fs = require("fs"), f = process.argv[1], p = JSON.parse(fs.readFileSync(f, "utf8"));
  delete p.scripts; delete p.devDependencies;
  fs.writeFileSync(f, JSON.stringify(p, null, 2) + "\n");
  process.stdout.write(p.version);' "$tmp/package/package.json")
export GIT_DIR="$gitdir" GIT_INDEX_FILE="$tmp/index" GIT_WORK_TREE="$tmp/package"
export GIT_AUTHOR_NAME="${GIT_AUTHOR_NAME:-$(git config user.name || echo veval release)}"
export GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL:-$(git config user.email || echo release@veval.invalid)}"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
git add -A -f .
tree=$(git write-tree)
parent=$(git rev-parse -q --verify "refs/heads/$branch" || true)
if [ -n "$parent" ] && [ "$(git rev-parse "$parent^{tree}")" = "$tree" ]; then
  echo "release: branch $branch already holds this build (${parent:0:12})"; exit 0
fi
commit=$(git commit-tree "$tree" ${parent:+-p "$parent"} -m "veval-cli $version, built from $from")
git update-ref "refs/heads/$branch" "$commit"
echo "release: branch $branch at ${commit:0:12} (veval-cli $version, built from $from)"
