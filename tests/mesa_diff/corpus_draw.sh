#!/usr/bin/env bash
# Builds mesa_scene.c (Mesa's side of the corpus whole-draw test) into the
# build folder with the system compiler and runs corpus_draw.
# usage: corpus_draw.sh SHARED_DIR BUILD_DIR CORPUS_DRAW [DRIVER]
# DRIVER: softpipe (default) or llvmpipe.  Exit 77 when ../shared or Mesa's
# EGL libraries are missing.
set -u
shared=$1 build=$2 tool=$3 driver=${4:-softpipe}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$shared/corpus" ]; then
    echo "corpus_draw: $shared/corpus is missing: not run"
    exit 77
fi
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || cc=gcc
scene=$build/mesa_scene-$driver   # one a driver: the two tests may build at once
if ! "$cc" -O2 -std=c11 -Wall -Wextra -I"$here" -o "$scene" "$here/mesa_scene.c" \
        "$here/scene.c" -lEGL -lm 2>"$build/mesa_scene-$driver-build.log"; then
    echo "corpus_draw: cannot build mesa_scene (EGL/GL headers or libraries missing:"
    echo "scripts/install-deps.sh installs them); not run"
    sed -n 1,5p "$build/mesa_scene-$driver-build.log"
    exit 77
fi
work=$build/corpus-$driver
mkdir -p "$work"
printf '!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n' >"$work/probe.fp"
echo "- $work/probe.fp $work/probe.out" >"$work/probe.txt"
if ! GALLIUM_DRIVER=$driver "$scene" "$work/probe.txt" >"$work/probe.log" 2>&1 ||
        [ ! -f "$work/probe.out" ]; then
    echo "corpus_draw: Mesa cannot render on $driver; not run"
    sed -n 1,5p "$work/probe.log"
    exit 77
fi
GALLIUM_DRIVER=$driver exec "$tool" "$scene" "$work" "$shared/corpus" \
    "$here/corpus_known_differences.txt"
