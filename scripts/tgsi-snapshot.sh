#!/bin/sh
# Writes `nvgp tgsi` of every program under the corpus, tests/ and examples/
# (both output styles, stdout, stderr and exit status) into OUTDIR, one file
# per program and style, so that two snapshots (before and after a change
# meant to keep the translation as it is) compare with `diff -r`.
# usage: scripts/tgsi-snapshot.sh NVGP OUTDIR [DIR...]
set -eu
nvgp=$1; out=$2; shift 2
[ $# -gt 0 ] || set -- "$(dirname "$0")/../../shared/corpus" tests examples
mkdir -p "$out"
find "$@" -type f \( -name '*.vp' -o -name '*.fp' -o -name '*.gp' -o -name '*.cp' \
    -o -name '*.tcp' -o -name '*.tep' -o -name '*.tgsi' -o -name '*.txt' -o -name '*.nvfp' \
    -o -name '*.nvvp' -o -name '*.nvcp' -o -name '*.vpfp' -o -name '*.expect' \) | sort |
while IFS= read -r f; do
    key=$(printf '%s' "$f" | tr '/' '%')
    for style in canonical mesa; do
        rc=0
        "$nvgp" tgsi --style=$style "$f" >"$out/$key.$style" 2>&1 || rc=$?
        echo "rc=$rc" >>"$out/$key.$style"
    done
done
ls "$out" | wc -l
