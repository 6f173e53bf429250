#!/usr/bin/env bash
# The one test command (README): installs what the tests need, then runs ESLint, type checks, unit and
# integration tests (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set) and end-to-end tests in chromium.
# Every stage prints its time; the end lists the slowest vitest files and tests of the run (tests/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage prints its own duration when the next one starts, and at the end (also when a stage fails).
stage_name=""
stage_start=$SECONDS
stage() {
  if [ -n "$stage_name" ]; then echo "   (${stage_name}: $((SECONDS - stage_start)) s)"; fi
  stage_name="$1"
  stage_start=$SECONDS
  echo "== $1"
}
# Each vitest run writes how long each file and test took (scripts/vitest-timings.ts) to a file here, named after
# the run; the end of the script prints the slowest of them all.
TIMINGS_DIR="${TEST_TIMINGS_DIR:-tmp/test-timings}"
rm -rf "$TIMINGS_DIR"
mkdir -p "$TIMINGS_DIR"
vitest_timed() {
  local run="$1"
  shift
  VITEST_TIMINGS_FILE="$TIMINGS_DIR/$run.json" "$@" --reporter=default --reporter=./scripts/vitest-timings.ts
}
stage_end() {
  if [ -n "$stage_name" ]; then echo "   (${stage_name}: $((SECONDS - stage_start)) s; total ${SECONDS} s)"; fi
  if compgen -G "$TIMINGS_DIR/*.json" >/dev/null; then
    echo "== slowest tests"
    node scripts/slowest-tests.mjs "$TIMINGS_DIR"/*.json || true
  fi
}
trap 'stage_end' EXIT

stage "install (dependencies, chromium, poppler, nginx)"
if [ ! -d node_modules ]; then
  npm ci
fi

# The end-to-end tests drive Debian's chromium-headless-shell (scripts/chromium.ts: the same engine for less processor
# time); screenshots and the Lighthouse benchmark use the full chromium. CHROMIUM_PATH names another browser.
if [ -z "${CHROMIUM_PATH:-}" ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; }; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium and chromium-headless-shell for the end-to-end tests..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  else
    echo "The end-to-end tests need Chromium. Install the Debian packages 'chromium' and 'chromium-headless-shell' (sudo apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH." >&2
    exit 1
  fi
elif [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi

# The data room's viewer renders PDF pages with Debian's poppler-utils (pdfinfo, pdftoppm, pdftotext).
if ! command -v pdftoppm >/dev/null || ! command -v pdfinfo >/dev/null || ! command -v pdftotext >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's poppler-utils for the document viewer..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  else
    echo "The document viewer's tests need poppler-utils. Install the Debian package 'poppler-utils' (sudo apt-get install poppler-utils)." >&2
    exit 1
  fi
fi

# The scale-out test runs two app instances behind Debian's nginx, which it starts itself on loopback ports
# with its own configuration (the system's nginx service is never started or used).
if [ -n "${TEST_DATABASE_URL:-}" ] && { [ ! -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || ! command -v openssl >/dev/null; }; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's nginx and openssl for the scale-out test..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # Only the package: its service must not start (it would take port 80 with the system configuration).
    # A policy-rc.d that refuses every start is put in place for the install when there is none.
    own_policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && own_policy=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
    if [ -n "$own_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
  else
    echo "The scale-out test needs nginx and openssl. Install the Debian packages 'nginx' and 'openssl' (sudo apt-get install nginx openssl) or set NGINX_PATH." >&2
    exit 1
  fi
fi

stage "lint and format"
npx eslint .
npx prettier --check . --log-level warn

stage "every test file is picked up by a runner"
node scripts/check-test-files.mjs

stage "type check"
npx react-router typegen
npx tsc

# Built before the tests: the fault tests start their servers from the build (tests/helpers/fault-server.ts), as the
# scale-out and end-to-end tests do, instead of compiling the server with tsx for each process.
stage "build"
npm run build >/dev/null
export FAULT_SERVER_BUILD=build

stage "bundle check"
node scripts/check-bundle.mjs

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The files that open a database run on PostgreSQL, the production engine (next stage); beside it, PGlite runs the
  # files that open none and the database files whose code or assertions differ by engine (decision 087; the
  # end-to-end stage runs every page on PGlite). Without PostgreSQL, every file runs on PGlite.
  stage "unit, fault and engine-specific integration tests (PGlite)"
  mapfile -t pglite_files < <(node scripts/database-test-files.mjs --pglite-beside-postgres)
  vitest_timed pglite env -u TEST_DATABASE_URL npx vitest run "${pglite_files[@]}"
else
  stage "unit and integration tests (PGlite)"
  vitest_timed pglite npx vitest run
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The production target is Node 24 LTS: the PostgreSQL run uses it (from the node@24 npm package). It runs the
  # test files that open a database (scripts/database-test-files.mjs); the others run the same code on any engine.
  stage "integration tests (PostgreSQL at ${TEST_DATABASE_URL}, Node 24)"
  mapfile -t database_files < <(node scripts/database-test-files.mjs)
  vitest_timed postgres npx -y node@24 node_modules/vitest/vitest.mjs run "${database_files[@]}"
fi

stage "scale-out (two instances behind nginx)"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  vitest_timed scale npx vitest run --config vitest.scale.config.ts
else
  echo "skipped: TEST_DATABASE_URL is not set (the instances share one PostgreSQL database)"
fi

stage "end-to-end tests (chromium)"
# One run: each Playwright worker starts its own server and database (tests/e2e/fixtures.ts), and the tests that
# change site-wide content put it back. A test that fails is run once more in a new worker; failing twice fails the
# script (set -e), passing the second time is listed as flaky.
npx playwright test
