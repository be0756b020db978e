#!/bin/bash
# usage: run_examples_report.sh RUN_EXAMPLES NVGP EXAMPLES_DIR -- the
# report `make run` prints: one "== NAME: what it is" block per program and
# job in examples/, each program's full TGSI in a file it names, each job's
# result, no empty "{}" records, and a final line saying all went well.
script=$1 nvgp=$2 dir=$3
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
out=$(bash "$script" "$nvgp" 2>&1) || fail "run-examples.sh failed: $out"
for f in "$dir"/*; do
    [ -f "$f" ] || continue   # examples/c is the library example (tests/library)
    name=$(basename "$f")
    grep -q "^== $name: " <<<"$out" || fail "no block for $name"
done
grep -q '^ *{},\{0,1\}$' <<<"$out" && fail "empty invocation records printed"
while read -r file; do
    [ -s "$file" ] || fail "the TGSI file $file named in the report is missing"
done < <(sed -n 's/.*in full in \(.*\)$/\1/p' <<<"$out")
lines=$(wc -l <<<"$out")
# 150 lines for the programs and ordinary jobs, about 5 for each program of
# the draw jobs and 12 more for each of the five draw jobs (their result and
# the picture's name)
[ "$lines" -le 240 ] || fail "the report is $lines lines long"
tail -n 1 <<<"$out" | grep -q '^Every example checks, prints and runs' || fail "no closing line"
[ "$failures" -eq 0 ] || exit 1
echo "run_examples_report: $lines lines, a block per example"
