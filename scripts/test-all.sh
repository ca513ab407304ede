#!/usr/bin/env bash
# The whole test suite: unit and integration tests on the embedded database (PGlite, in-process
# pub/sub), the integration tests (*.int.test.ts) again on PostgreSQL + Redis (the production path;
# unit tests touch neither, so they run once), then the production build and the browser tests in
# Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
# Each phase's header says when it starts and how busy the machine is, so a slow run shows where its time went.
phase() { echo "== $1 == (at ${SECONDS} s; load $(cut -d' ' -f1-3 /proc/loadavg))"; }

phase "unit and integration tests on PGlite"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/embedded.json"

phase "integration tests on PostgreSQL + Redis"
# The filter keeps the server's files whose path holds it: the integration tests. Their workers spend much
# of their time waiting on PostgreSQL and Redis, so four share the two cores (a quarter less time than two).
npx vitest run --project server .int.test.ts --maxWorkers=4 --reporter=default --reporter=json --outputFile.json="$reports/postgres.json"

phase "production build"
# Types are checked by `npm run typecheck`, which CI runs before this script.
npm run build -- --no-typecheck

phase "load, short form"
# bench/load.ts with 20 professionals recording for 10 s against a server process: no error, every chunk
# transcribed, lag p99 under 5 s (the full ramp is `node --import tsx bench/load.ts`), against the build.
BENCH_STEPS=20 BENCH_STEP_SECONDS=10 BENCH_CHECK=1 BENCH_SERVER_MAIN=apps/server/dist/main.js node --import tsx bench/load.ts

phase "browser tests"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npm run test:e2e

phase "done"
node scripts/summarize-tests.mjs "$reports"/*.json
