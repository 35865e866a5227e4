#!/usr/bin/env bash
# Prints the path of a Temporal CLI (which embeds the dev server), building it if needed.
#
# Order: $TEMPORAL_CLI, `temporal` on PATH, .tools/bin/temporal (git-ignored), then a
# build with `go install` into .tools/bin. v1.5.1 is the newest tag whose go.mod has no
# `replace` directive, which `go install pkg@version` refuses.
set -euo pipefail

VERSION="v1.5.1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
local_bin="$root/.tools/bin/temporal"

if [ -n "${TEMPORAL_CLI:-}" ] && [ -x "$TEMPORAL_CLI" ]; then
  echo "$TEMPORAL_CLI"; exit 0
fi
if command -v temporal >/dev/null 2>&1; then
  command -v temporal; exit 0
fi
if [ -x "$local_bin" ]; then
  echo "$local_bin"; exit 0
fi
if command -v go >/dev/null 2>&1; then
  echo "temporal-cli: building the Temporal CLI $VERSION with Go (first time only; takes a few minutes)..." >&2
  mkdir -p "$root/.tools/bin"
  GOBIN="$root/.tools/bin" go install "github.com/temporalio/cli/cmd/temporal@$VERSION" >&2
  echo "$local_bin"; exit 0
fi

cat >&2 <<MSG
temporal-cli: no Temporal CLI found and no Go toolchain to build one.
Options:
  - install the Temporal CLI (https://docs.temporal.io/cli) so that 'temporal' is on PATH;
  - or install Go >= 1.25 and rerun (this script builds temporal $VERSION into .tools/bin);
  - or run a server yourself ('docker compose up -d') and set TEMPORAL_ADDRESS=localhost:7233.
MSG
exit 1
