#!/usr/bin/env bash
# Runs every benchmark program the build made from bench/ (each executable
# target there), from the repository root so they find examples/ and the
# shared corpus at ../shared.
#
#   bench.sh BUILD_DIR
set -uo pipefail

build=${1:-build}
cd "$(dirname "$0")/.." || exit 2

benches=()
if [ -d "$build/bench" ]; then
    while IFS= read -r f; do
        benches+=("$f")
    done < <(find "$build/bench" -maxdepth 1 -type f -perm -u+x | sort)
fi
if [ ${#benches[@]} -eq 0 ]; then
    echo "bench: no benchmark programs were built (bench/ defines none yet)"
    exit 0
fi

failed=0
for b in "${benches[@]}"; do
    echo "=== $(basename "$b")"
    if ! "$b"; then
        echo "bench: $(basename "$b") failed" >&2
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
