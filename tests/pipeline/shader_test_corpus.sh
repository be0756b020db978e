#!/bin/bash
# Runs every piglit shader_runner file of the corpus through `nvgp shader-test`
# and requires at least MIN of them to PASS (docs/pipeline.md lists the
# files that do not, and why).  Exit 77 (not run) without the corpus.
nvgp=$1 dir=$2 min=$3
[ -d "$dir" ] || { echo "no corpus at $dir"; exit 77; }
mapfile -t files < <(find "$dir" -name '*.shader_test' | sort)
[ ${#files[@]} -gt 0 ] || { echo "no shader_test files in $dir"; exit 77; }
out=$("$nvgp" shader-test "${files[@]}")
status=$?
echo "$out" | grep -v '^PASS '
pass=$(echo "$out" | grep -c '^PASS ')
echo "passed $pass of ${#files[@]} (at least $min required)"
[ "$status" -le 1 ] || { echo "nvgp shader-test exited $status"; exit 1; }
[ "$pass" -ge "$min" ]
