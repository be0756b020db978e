#!/usr/bin/env bash
# Whole-draw speed of nvgp's pipeline beside Mesa's software drivers, in
# one run: a 1024x1024 RGBA32F full-screen quad with the mesa-oracle
# harness's short5.fp and long100.fp, drawn by build/bench/draw_bench
# (nvgp, default engine: the JIT, 1 and 2 host threads) and by the harness on softpipe
# (single-threaded) and llvmpipe (LP_NUM_THREADS=1 and 2, a glFlush after
# every draw as in its bench.sh).  Each configuration is measured REPEATS
# times; the table gives the median Mpix/s with the slowest and fastest
# repeat, and nvgp's median over the other's median.
# usage: bench/draw_vs_mesa.sh [BUILD_DIR] [REPEATS] [SIZE]
# (BUILD_DIR defaults to build; SHARED_DIR=../shared by default.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
repeats=${2:-5}
size=${3:-1024}
shared=${SHARED_DIR:-$here/../../shared}
src=$shared/tools/mesa-oracle
if [ ! -f "$src/mesa_oracle.c" ] || [ ! -x "$build/bench/draw_bench" ]; then
    echo "draw_vs_mesa: needs $src/mesa_oracle.c and $build/bench/draw_bench" >&2
    exit 77
fi
harness=$build/bench/mesa-oracle
# the harness's own Makefile flags
"${CC:-cc}" -O2 -g -Wall -Wextra -Wno-unused-parameter -o "$harness" "$src/mesa_oracle.c" -lEGL
local0=0:0.5,0.25,0.125,1
median() { sort -g | awk '{v[NR] = $1} END {m = (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2;
                                           printf "%.3f %.3f %.3f\n", m, v[1], v[NR]}'; }
# draws per Mesa repeat: enough for a second or so
draws() { case "$1-$2" in softpipe-long100) echo 1 ;; softpipe-*) echo 3 ;;
                         *-long100) echo 10 ;; *) echo 50 ;; esac; }
mesa_rates() { # driver threads prog -> REPEATS Mpix/s values
    for _ in $(seq "$repeats"); do
        env GALLIUM_DRIVER="$1" LP_NUM_THREADS="$2" "$harness" --quiet --fp "$src/progs/$3.fp" \
            --local "$local0" --size "${size}x$size" --bench "$(draws "$1" "$3")" |
            sed -n 's/.*(\([0-9.]*\) Mpix\/s).*/\1/p'
    done
}
grep -m1 'model name' /proc/cpuinfo || true
echo "cores: $(nproc); ${size}x$size RGBA32F; $repeats repeats; Mpix/s median (min - max)"
GALLIUM_DRIVER=llvmpipe "$harness" --quiet --info 2>/dev/null | grep -E 'RENDERER|VERSION:' || true
printf '%-8s %-9s %3s  %-26s %s\n' program engine thr "Mpix/s median (min - max)" \
    "nvgp/this (same threads)"
for prog in short5 long100; do
    declare -A nv=()
    out=$("$build/bench/draw_bench" --size "$size" --repeats "$repeats" --threads 1,2 \
          "$src/progs/$prog.fp")
    for t in 1 2; do
        # columns: program threads ms Mpix/s(median) min max
        line=$(echo "$out" | awk -v t="$t" '$2 == t && $1 ~ /\.fp$/')
        nv[$t]=$(echo "$line" | awk '{print $4}')
        printf '%-8s %-9s %3s  %-26s\n' "$prog" nvgp "$t" \
            "$(echo "$line" | awk '{printf "%.2f (%.2f - %.2f)", $4, $5, $6}')"
    done
    for cfg in softpipe:1 llvmpipe:1 llvmpipe:2; do
        d=${cfg%%:*} t=${cfg##*:}
        read -r med lo hi < <(mesa_rates "$d" "$t" "$prog" | median)
        ratio=$(awk -v a="${nv[$t]}" -v b="$med" 'BEGIN {printf "%.3g", a / b}')
        printf '%-8s %-9s %3s  %-26s %s\n' "$prog" "$d" "$t" \
            "$(printf '%.2f (%.2f - %.2f)' "$med" "$lo" "$hi")" "$ratio"
    done
done
