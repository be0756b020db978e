#!/usr/bin/env bash
# The README's main job: checks every program in examples/ and prints it as
# canonical TGSI and in Mesa's tgsi_dump style (NV/ARB programs: as TGSI
# where their translation exists).  Fails if any step fails.
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
# NV/ARB programs print as TGSI through their translation; until that
# exists for a language, nvgp says so and the example is only checked.
tgsi_step() {
    echo "\$ nvgp tgsi $*"
    local err
    err=$(mktemp)
    if "$nvgp" tgsi "$@" 2>"$err"; then
        cat "$err" >&2
    elif grep -q 'to TGSI is not implemented yet' "$err"; then
        echo "(note: $(grep -m1 -o 'translation of .* not implemented yet' "$err"))"
    else
        cat "$err" >&2
        echo "run-examples: 'nvgp tgsi $*' failed" >&2
        failed=$((failed + 1))
    fi
    rm -f "$err"
    echo
}

for f in examples/*; do
    [ -f "$f" ] || continue
    echo "\$ nvgp check $f"
    if "$nvgp" check "$f"; then
        echo "valid"
    else
        echo "run-examples: 'nvgp check $f' failed" >&2
        failed=$((failed + 1))
    fi
    echo
    if [ "$(head -c 2 "$f")" = '!!' ]; then
        tgsi_step "$f"
    else
        step tgsi "$f"
        step tgsi --style=mesa "$f"
    fi
done
step check --json examples/*

if [ "$failed" -ne 0 ]; then
    echo "run-examples: $failed step(s) failed" >&2
    exit 1
fi
echo "run-examples: every example checks and prints"
