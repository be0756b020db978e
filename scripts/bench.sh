#!/usr/bin/env bash
# Runs every benchmark program the build made from bench/ (each executable
# target there), then `nvgp bench` on bench/programs with Mesa's softpipe and
# llvmpipe measured in the same run (the mesa-oracle harness from
# ../shared/tools/mesa-oracle, built into the build folder), and plots the
# ratios with gnuplot when it is installed.  From the repository root so the
# programs find examples/ and the shared corpus at ../shared.
#
#   bench.sh BUILD_DIR          (BENCH_ARGS: extra `nvgp bench` options)
set -uo pipefail

build=${1:-build}
cd "$(dirname "$0")/.." || exit 2

benches=()
if [ -d "$build/bench" ]; then
    while IFS= read -r f; do
        benches+=("$f")
    done < <(find "$build/bench" -maxdepth 1 -type f -perm -u+x | sort)
fi

failed=0
for b in "${benches[@]}"; do
    echo "=== $(basename "$b")"
    if ! "$b"; then
        echo "bench: $(basename "$b") failed" >&2
        failed=$((failed + 1))
    fi
done

# the harness, with the flags of its Makefile (as tests/mesa_oracle does)
harness=
src=../shared/tools/mesa-oracle/mesa_oracle.c
if [ -f "$src" ]; then
    if "${CC:-cc}" -O2 -g -Wall -Wextra -Wno-unused-parameter -o "$build/mesa-oracle" "$src" \
            -lEGL 2>"$build/harness-build.log"; then
        harness=$build/mesa-oracle
    else
        echo "bench: cannot build the mesa-oracle harness; Mesa not measured" >&2
    fi
else
    echo "bench: $src is missing; Mesa not measured" >&2
fi

echo "=== nvgp bench"
# shellcheck disable=SC2086
if ! "$build/nvgp" bench ${harness:+--mesa-oracle "$harness"} --json "$build/bench.json" \
        --ratios "$build/bench-ratios.tsv" ${BENCH_ARGS:-}; then
    echo "bench: nvgp bench failed" >&2
    failed=$((failed + 1))
fi
if [ -n "$harness" ] && command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "data='$build/bench-ratios.tsv'; out='$build/bench-ratios.png'" scripts/bench-plot.gp &&
        echo "bench: results in $build/bench.json, plot in $build/bench-ratios.png"
fi
[ "$failed" -eq 0 ]
