#!/usr/bin/env bash
# CPU time, not wall time, of the executor and of Mesa on one benchmark
# program: on the shared development machine (other builds holding the
# cores) wall-clock rates swing by 2x between runs, while the CPU time a
# run takes moves by a few per cent.  docs/performance.md explains its use.
#
#   bench-cpu.sh BUILD_DIR PROGRAM [HARNESS]
#
# Prints, in milliseconds of CPU (all threads together):
#   nvgp_1t  one `nvgp bench` run of PROGRAM on 1 host thread
#   nvgp_2t  the same on 2 host threads (equal to nvgp_1t when the second
#            thread costs nothing: then an idle 2-core machine runs it in
#            about half the wall time)
#   llvmpipe_1t, softpipe  one 1024x1024 draw of PROGRAM.fp through the
#            mesa-oracle harness (HARNESS, default BUILD_DIR/mesa-oracle;
#            ARB fragment programs only), LP_NUM_THREADS=1
# and the ratios nvgp / Mesa in invocations per CPU second.  Each figure is
# the difference of two commands (3 and 23 runs; 8 and 40 draws) so that
# loading, binding and the harness's set-up cancel.  Needs `perf stat`.
set -uo pipefail

build=${1:?usage: bench-cpu.sh BUILD_DIR PROGRAM [HARNESS]}
prog=${2:?usage: bench-cpu.sh BUILD_DIR PROGRAM [HARNESS]}
harness=${3:-$build/mesa-oracle}
cd "$(dirname "$0")/.." || exit 2

# task-clock in ms of a command
cpu_ms() {
    perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'
}

# nvgp bench runs each of its two configurations (1 thread, --threads N)
# once untimed and `repeats` times: 20 more repeats are 40 more runs
nvgp_per_run() {
    local a b
    a=$(cpu_ms "$build/nvgp" bench --repeats 3 --threads "$1" "$prog") || return 1
    b=$(cpu_ms "$build/nvgp" bench --repeats 23 --threads "$1" "$prog") || return 1
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", (b - a) / 40 }'
}

mesa_per_draw() {
    local a b
    a=$(cpu_ms env GALLIUM_DRIVER="$1" LP_NUM_THREADS=1 "$harness" --quiet --fp "$fp" \
        --local 0:0.5,0.25,0.125,1 --size 1024x1024 --bench "$2") || return 1
    b=$(cpu_ms env GALLIUM_DRIVER="$1" LP_NUM_THREADS=1 "$harness" --quiet --fp "$fp" \
        --local 0:0.5,0.25,0.125,1 --size 1024x1024 --bench "$3") || return 1
    awk -v a="$a" -v b="$b" -v n="$(($3 - $2))" 'BEGIN { printf "%.3f", (b - a) / n }'
}

c1=$(nvgp_per_run 1) || exit 1
both=$(nvgp_per_run 2) || exit 1
# the --threads 2 command ran one 1-thread and one 2-thread configuration
c2=$(awk -v m="$both" -v c="$c1" 'BEGIN { printf "%.3f", 2 * m - c }')
echo "$prog nvgp_1t $c1 ms"
echo "$prog nvgp_2t $c2 ms"
fp=$PWD/bench/programs/$prog.fp
if [ -x "$harness" ] && [ -f "$fp" ]; then
    # both draw 1024 x 1024 fragments, nvgp bench's default count for the
    # ARB programs (1,048,576 invocations)
    lp=$(mesa_per_draw llvmpipe 8 40) && sp=$(mesa_per_draw softpipe 1 3) || exit 1
    echo "$prog llvmpipe_1t $lp ms"
    echo "$prog softpipe $sp ms"
    awk -v c="$c1" -v lp="$lp" -v sp="$sp" -v p="$prog" \
        'BEGIN { printf "%s ratios (CPU): %.3fx llvmpipe 1t, %.2fx softpipe\n", p, lp / c, sp / c }'
fi
