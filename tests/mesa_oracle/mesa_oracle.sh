#!/usr/bin/env bash
# Builds the Mesa oracle harness from ../shared/tools/mesa-oracle into the
# build folder (its Makefile's flags) and runs the corpus comparison.
# usage: mesa_oracle.sh SHARED_DIR BUILD_DIR COMPARE_TOOL NVGP KNOWN_DIFFERENCES
set -u
shared=$1 build=$2 compare=$3 nvgp=$4 known=$5
src=$shared/tools/mesa-oracle
if [ ! -f "$src/mesa_oracle.c" ] || [ ! -d "$shared/corpus" ]; then
    echo "mesa_oracle: $src/mesa_oracle.c or $shared/corpus is missing: not run"
    exit 77
fi
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || cc=gcc
harness=$build/mesa-oracle
# the flags of the harness's Makefile
if ! "$cc" -O2 -g -Wall -Wextra -Wno-unused-parameter -o "$harness" "$src/mesa_oracle.c" \
        -lEGL 2>"$build/harness-build.log"; then
    echo "mesa_oracle: cannot build the harness (EGL/GL headers or libraries missing:"
    echo "scripts/install-deps.sh installs them); not run"
    sed -n 1,5p "$build/harness-build.log"
    exit 77
fi
# a context must come up on softpipe (Mesa's DRI drivers installed)
if ! GALLIUM_DRIVER=softpipe "$harness" --quiet --fp "$src/progs/show_inputs.fp" --size 2x2 \
        --out - >"$build/harness-probe.txt" 2>&1; then
    echo "mesa_oracle: the harness cannot render on softpipe; not run"
    sed -n 1,5p "$build/harness-probe.txt"
    exit 77
fi
work=$build/work
mkdir -p "$work"
exec "$compare" "$harness" "$nvgp" "$shared/corpus" "$work" "$known"
