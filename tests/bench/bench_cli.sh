#!/usr/bin/env bash
# usage: bench_cli.sh NVGP PROGRAMS_DIR WORK_DIR
set -u
nvgp=$1 dir=$2 work=$3
mkdir -p "$work"
fail=0
check() { # description, command...
    local what=$1; shift
    if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}

NVGP_MESA_ORACLE= "$nvgp" bench --dir "$dir" --scale 0.001 --repeats 1 --threads 2 \
    --json "$work/bench.json" >"$work/table.txt" 2>"$work/stderr.txt"
check "nvgp bench exits 0 on every program" test $? -eq 0
for p in long100 short5 texture branchy integer threadgroup lighting reduce double; do
    check "$p ran" grep -q "{\"name\": \"$p\", .*\"ran\": true" "$work/bench.json"
    check "$p in the table" grep -q "^$p " "$work/table.txt"
done
check "two thread counts per program" test "$(grep -c '"threads": 2, "minvocations_per_s"' "$work/bench.json")" -eq 9
# Mesa's two programs are also drawn whole through the pipeline (1024 x
# 1024 * scale, at least one row), by both engines on 1 and 2 threads
check "whole draws of long100 and short5, 2 engines x 2 thread counts" \
    test "$(grep -o '"width": 1024, "height": 1, "mpixels_per_s"' "$work/bench.json" | wc -l)" -eq 8
check "no whole draws for the others" test "$(grep -c '"draws": \[' "$work/bench.json")" -eq 2
check "draw rows in the table" test "$(grep -c ' draw jit 1t ' "$work/table.txt")" -eq 2

"$nvgp" bench --dir "$dir" nosuchprogram >/dev/null 2>&1
check "an unknown program is a usage error" test $? -eq 2
"$nvgp" bench --repeats 0 >/dev/null 2>&1
check "--repeats 0 is a usage error" test $? -eq 2

# a job whose program does not load: its diagnostics and `nvgp run`'s
# message, prefixed with the command, and exit status 1 (docs/cli.md)
mkdir -p "$work/broken"
printf '{ "program": { "text": "VERT\\nMOV OUT[0], IN[0]\\nEND\\n" } }\n' >"$work/broken/short5.json"
NVGP_MESA_ORACLE= "$nvgp" bench --dir "$work/broken" --repeats 1 short5 >/dev/null 2>"$work/broken.err"
check "a program that does not load fails the bench (1)" test $? -eq 1
check "... with its diagnostics" grep -q '^program:2:1: error: OUT\[0\] is not declared' "$work/broken.err"
check "... and nvgp run's message" \
    grep -qxF "nvgp bench: $work/broken/short5.json: program: the program does not load" "$work/broken.err"

# the reduction sums 0.5 * i for i = 0..255: 0.5 * 255 * 256 / 2 = 16320,
# binary32 0x467f0000, little-endian bytes 0 0 127 70, in words 0 and 1
sed 's/"buffers"/"outputs": [], "buffers"/' "$dir/reduce.json" >"$work/reduce.json"
cp "$dir/reduce.tgsi" "$work/"
"$nvgp" run "$work/reduce.json" >"$work/reduce.out" 2>&1
check "reduce.json sums to 16320" grep -q '"u8": \[0, 0, 127, 70, 0, 0, 127, 70, 0, 0' "$work/reduce.out"
exit $fail
