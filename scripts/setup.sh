#!/usr/bin/env bash
# Makes a fresh clone ready: npm dependencies, a browser (Debian's Chromium via apt when root and
# missing), and the build. Idempotent and quiet when there is nothing to do.
set -euo pipefail
cd "$(dirname "$0")/.."

# package.json's engines.node (some dependencies need 20.19: cac, css-what)
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "veval needs Node.js 20.19 or newer (found $(node --version))" >&2; exit 3
fi

# 1. npm dependencies (again when package-lock.json changed since the last install)
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# 2. a browser: Playwright cannot download one here; Debian's Chromium works.
have_browser() {
  [ -n "${VEVAL_BROWSER:-}" ] && [ -x "${VEVAL_BROWSER}" ] && return 0
  [ -x /usr/lib/chromium/chromium-headless-shell ] || [ -x /usr/lib/chromium/chromium ]
}
if ! have_browser; then
  pkgs="chromium chromium-headless-shell fonts-dejavu-core fontconfig"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Chromium from Debian (apt-get install $pkgs)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
  else
    echo "veval needs Chromium. Install it with:  sudo apt-get install -y --no-install-recommends $pkgs" >&2
    echo "(or point VEVAL_BROWSER at a Chromium/Chrome binary)" >&2
    exit 3
  fi
fi
# Firefox (the second engine) only when the project's config or a spec asks for it
# (`browser: { engines: [chromium, firefox] }`, a `firefox:` section) or VEVAL_FIREFOX=1: the default
# setup stays as fast as before. Debian's firefox-esr speaks WebDriver BiDi (docs/engines.md).
wants_firefox() {
  [ "${VEVAL_FIREFOX:-}" = 1 ] && return 0
  grep -sqE '(engines:.*[^a-z]firefox|^[[:space:]]+firefox:)' visual-eval.config.yaml 2>/dev/null && return 0
  [ -d specs ] && grep -rsqE 'engines:.*[^a-z]firefox' specs
}
if wants_firefox && [ ! -x /usr/bin/firefox-esr ] && [ ! -x /usr/bin/firefox ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Firefox ESR from Debian (apt-get install firefox-esr): the config asks for the firefox engine"
    export DEBIAN_FRONTEND=noninteractive
    # not fatal: without it a Firefox run stops with exit 3 naming the install, and its tests skip saying why
    apt-get install -y -qq --no-install-recommends firefox-esr >/dev/null 2>&1 \
      || { apt-get update -qq && apt-get install -y -qq --no-install-recommends firefox-esr >/dev/null; } \
      || echo "setup: could not install firefox-esr (apt failed); the firefox engine is unavailable" >&2
  else
    echo "the config asks for Firefox: install it with  sudo apt-get install -y firefox-esr" >&2
  fi
fi
if ! command -v fc-list >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get install -y -qq --no-install-recommends fontconfig fonts-dejavu-core >/dev/null
fi
# a colour emoji font, so that `font-family: emoji` (and emoji in text) render as on a desktop;
# without it (not root) emoji resolves to DejaVu Sans — src/capture/fonts.ts, and the font list in
# the environment fingerprint tells the two machines apart
if [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing a colour emoji font (apt-get install fonts-noto-color-emoji)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends fonts-noto-color-emoji >/dev/null 2>&1 \
    || { apt-get update -qq && apt-get install -y -qq --no-install-recommends fonts-noto-color-emoji >/dev/null; } \
    || echo "setup: could not install fonts-noto-color-emoji; emoji will render in DejaVu Sans" >&2
fi

# 3. build (again when any source file is newer than the last build)
if ! bash scripts/build.sh --if-stale; then exit 1; fi
