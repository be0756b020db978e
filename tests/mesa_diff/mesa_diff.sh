#!/usr/bin/env bash
# Builds mesa_batch.c (Mesa's side of the differential test) into the build
# folder with the system compiler and runs mesa_diff.
# usage: mesa_diff.sh SHARED_DIR BUILD_DIR MESA_DIFF SEED COUNT [DRIVER]
# DRIVER: softpipe (default) or llvmpipe.  Exit 77 when ../shared or Mesa's
# EGL libraries are missing.
set -u
shared=$1 build=$2 diff=$3 seed=$4 count=$5 driver=${6:-softpipe}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$shared/tools/mesa-oracle" ]; then
    echo "mesa_diff: $shared/tools/mesa-oracle is missing: not run"
    exit 77
fi
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || cc=gcc
batch=$build/mesa_batch
if ! "$cc" -O2 -std=c11 -Wall -Wextra -I"$here" -o "$batch" "$here/mesa_batch.c" \
        "$here/gen_arb.c" -lEGL -lm 2>"$build/mesa_batch-build.log"; then
    echo "mesa_diff: cannot build mesa_batch (EGL/GL headers or libraries missing:"
    echo "scripts/install-deps.sh installs them); not run"
    sed -n 1,5p "$build/mesa_batch-build.log"
    exit 77
fi
work=$build/work-$driver
mkdir -p "$work"
printf '!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n' >"$work/probe.fp"
echo "- $work/probe.fp $work/probe.out" >"$work/probe.txt"
if ! GALLIUM_DRIVER=$driver "$batch" 2 2 "$work/probe.txt" >"$work/probe.log" 2>&1 ||
        [ ! -f "$work/probe.out" ]; then
    echo "mesa_diff: Mesa cannot render on $driver; not run"
    sed -n 1,5p "$work/probe.log"
    exit 77
fi
GALLIUM_DRIVER=$driver exec "$diff" "$batch" "$work" "$seed" "$count" "$here/known_differences.txt"
