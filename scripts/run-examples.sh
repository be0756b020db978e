#!/usr/bin/env bash
# The README's main job: checks every program in examples/, prints it as
# canonical TGSI (NV/ARB programs: their translation, with source-line
# comments) and TGSI programs also in Mesa's tgsi_dump style, then runs
# every job in examples/ on the executor.  Fails if any step fails.
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
    case "$f" in *.json) continue ;; esac
    echo "\$ nvgp check $f"
    if "$nvgp" check "$f"; then
        echo "valid"
    else
        echo "run-examples: 'nvgp check $f' failed" >&2
        failed=$((failed + 1))
    fi
    echo
    step tgsi "$f"
    [ "$(head -c 2 "$f")" = '!!' ] || step tgsi --style=mesa "$f"
done
programs=()
for f in examples/*; do
    [ -f "$f" ] || continue
    case "$f" in *.json) ;; *) programs+=("$f") ;; esac
done
step check --json "${programs[@]}"
for j in examples/*.json; do
    step run "$j"
done

if [ "$failed" -ne 0 ]; then
    echo "run-examples: $failed step(s) failed" >&2
    exit 1
fi
echo "run-examples: every example checks, prints and runs"
