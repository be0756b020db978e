#!/usr/bin/env bash
# The library alone configures without json-c and cmocka: with the tool and
# tests off and pkg-config (the way json-c is found) made unfindable, CMake
# still configures; and no library source includes either package.
# usage: library_only.sh SOURCE_DIR WORK_DIR CC CMAKE
set -euo pipefail
src=$1 work=$2 cc=$3 cmake=$4
rm -rf "$work"
mkdir -p "$work"
if grep -rlE '#include *<(json-c/|cmocka)' "$src/src" "$src/include"; then
    echo "library sources include json-c or cmocka (above)"
    exit 1
fi
CC=$cc "$cmake" -S "$src" -B "$work/build" -DNVGP_BUILD_CLI=OFF -DNVGP_BUILD_TESTS=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON > "$work/configure.log" 2>&1 || {
    cat "$work/configure.log"; echo "library-only configure failed"; exit 1; }
if grep -qE '^(CMOCKA|JSONC|PKG_CONFIG)' "$work/build/CMakeCache.txt"; then
    echo "the library-only configuration looked for cmocka or json-c"
    exit 1
fi
echo "ok: the library configures without json-c and cmocka"
