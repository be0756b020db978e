#!/usr/bin/env bash
# The README's main job: checks every program in examples/ and prints it as
# canonical TGSI and in Mesa's tgsi_dump style.  Fails if any step fails.
#
#   run-examples.sh NVGP_BINARY
set -uo pipefail

nvgp=${1:-build/nvgp}
cd "$(dirname "$0")/.." || exit 2
if [ ! -x "$nvgp" ]; then
    echo "run-examples: $nvgp not found; build first (make)" >&2
    exit 2
fi

failed=0
step() {
    echo "\$ nvgp $*"
    if ! "$nvgp" "$@"; then
        echo "run-examples: 'nvgp $*' failed" >&2
        failed=$((failed + 1))
    fi
    echo
}

"$nvgp" --version
echo
for f in examples/*; do
    [ -f "$f" ] || continue
    step check "$f"
    step tgsi "$f"
    step tgsi --style=mesa "$f"
done
step check --json examples/*

if [ "$failed" -ne 0 ]; then
    echo "run-examples: $failed step(s) failed" >&2
    exit 1
fi
echo "run-examples: every example checks and prints"
