#!/usr/bin/env bash
# Installs this build into a fresh prefix and builds examples/c against the
# installed library four ways: pkg-config with the shared library,
# pkg-config --static with the static one, and CMake's find_package(nvgp)
# with each (nvgp::nvgp, nvgp::nvgp_static).
# Each program must run and print what the example's comments promise.
# usage: installed.sh BUILD_DIR SOURCE_DIR WORK_DIR CC CFLAGS CMAKE
set -euo pipefail
build=$1 src=$2 work=$3 cc=$4 cflags=$5 cmake=$6
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"

for f in include/nvgp.h; do
    [ -f "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
pc=$(find "$prefix" -name nvgp.pc)
cfg=$(find "$prefix" -name nvgpConfig.cmake)
[ -n "$pc" ] || { echo "nvgp.pc not installed"; exit 1; }
[ -n "$cfg" ] || { echo "nvgpConfig.cmake not installed"; exit 1; }
libdir=$(dirname "$(dirname "$pc")")
ls "$libdir"/libnvgp.a "$libdir"/libnvgp.so >/dev/null

check_output() {   # check_output NAME OUTPUT
    local want
    want=$(cat "$src/examples/c/expected.txt")
    if [ "$2" != "$want" ]; then
        echo "$1: unexpected output:"; echo "$2"; echo "expected:"; echo "$want"
        exit 1
    fi
    echo "ok: $1"
}

export PKG_CONFIG_PATH=$libdir/pkgconfig
# shellcheck disable=SC2046,SC2086
$cc $cflags -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$work/example_shared" \
    "$src/examples/c/main.c" $(pkg-config --cflags --libs nvgp)
check_output "pkg-config, shared" "$(LD_LIBRARY_PATH=$libdir "$work/example_shared")"

# shellcheck disable=SC2046,SC2086
$cc $cflags -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$work/example_static" \
    "$src/examples/c/main.c" $(pkg-config --cflags nvgp) "$libdir/libnvgp.a" \
    $(pkg-config --static --libs-only-l --libs-only-other nvgp | sed 's/-lnvgp//')
check_output "pkg-config --static" "$("$work/example_static")"

CC=$cc "$cmake" -S "$src/examples/c" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
    "-DCMAKE_C_FLAGS=$cflags" > "$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
"$cmake" --build "$work/cmake-build" > "$work/cmake-build.log" 2>&1 ||
    { cat "$work/cmake-build.log"; exit 1; }
check_output "find_package(nvgp)" "$(LD_LIBRARY_PATH=$libdir "$work/cmake-build/nvgp_example")"

CC=$cc "$cmake" -S "$src/examples/c" -B "$work/cmake-static" -DCMAKE_PREFIX_PATH="$prefix" \
    -DNVGP_EXAMPLE_STATIC=ON "-DCMAKE_C_FLAGS=$cflags" > "$work/cmake-static.log" 2>&1 ||
    { cat "$work/cmake-static.log"; exit 1; }
"$cmake" --build "$work/cmake-static" > "$work/cmake-static-build.log" 2>&1 ||
    { cat "$work/cmake-static-build.log"; exit 1; }
check_output "find_package(nvgp), nvgp::nvgp_static" "$("$work/cmake-static/nvgp_example")"

# Every complete program in docs/library.md (a ```c block with a main),
# built against the installed library and run; its output must be the
# ```text block that follows it.
awk -v out="$work/doc" '
    /^```c$/    { n++; inc = 1; file = out n ".c"; printf "" > file; next }
    /^```text$/ && n { txt = 1; file = out n ".txt"; printf "" > file; next }
    /^```$/     { inc = 0; txt = 0; next }
    inc || txt  { print >> file }
' "$src/docs/library.md"
count=0
for c in "$work"/doc*.c; do
    grep -q '^int main' "$c" || continue
    want=${c%.c}.txt
    [ -s "$want" ] || { echo "$(basename "$c"): no text block after the program"; exit 1; }
    # shellcheck disable=SC2046,SC2086
    $cc $cflags -std=c11 -Wall -Wextra -Wpedantic -Werror -o "${c%.c}" "$c" \
        $(pkg-config --cflags --libs nvgp) || { echo "docs example $(basename "$c") does not build"; exit 1; }
    got=$(LD_LIBRARY_PATH=$libdir "${c%.c}") || { echo "docs example $(basename "$c") failed"; exit 1; }
    if [ "$got" != "$(cat "$want")" ]; then
        echo "docs example $(basename "$c"): output"; echo "$got"; echo "expected:"; cat "$want"
        exit 1
    fi
    count=$((count + 1))
done
[ "$count" -ge 4 ] || { echo "expected at least 4 complete examples in docs/library.md, found $count"; exit 1; }
echo "ok: $count docs/library.md examples"
