#!/usr/bin/env bash
# The README's `make run`: shows every program in examples/ as a short
# titled block (what it is, whether it checks, where its full TGSI text
# is) and runs every job there (its description and its result).  Fails if
# any step fails.
#
#   run-examples.sh NVGP_BINARY
#   run-examples.sh --build BUILD_DIR [JOBS]   build first (Release), quietly:
#                                              the build log is shown only
#                                              when the build fails
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
if [ "${1:-}" = --build ]; then
    build=${2:-build}
    jobs=${3:-2}
    mkdir -p "$build"
    log=$build/make-run-build.log
    printf 'Building nvgp (Release, %s) ... ' "$build"
    if { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release &&
         cmake --build "$build" -j"$jobs" --target nvgp_cli; } >"$log" 2>&1; then
        echo "done"
    else
        echo "failed; the build log ($log):"
        cat "$log"
        exit 1
    fi
    nvgp=$build/nvgp
else
    nvgp=${1:-build/nvgp}
    build=$(dirname "$nvgp")
fi
if [ ! -x "$nvgp" ]; then
    echo "run-examples: $nvgp not found; build first (make)" >&2
    exit 2
fi
out=$build/examples
mkdir -p "$out"

failed=0
note_failure() {
    echo "   FAILED: $*"
    failed=$((failed + 1))
}

# What a program is, from its first line.
describe() {
    local head
    head=$(head -n 1 "$1" | tr -d '\r')
    case "$head" in
    '!!ARBvp'*|'!!VP'*|'!!VSP'*|'!!NVvp'*) echo "${head#!!} vertex program" ;;
    '!!ARBfp'*|'!!FP'*|'!!NVfp'*) echo "${head#!!} fragment program" ;;
    '!!NVgp'*) echo "${head#!!} geometry program" ;;
    '!!NVtcp'*) echo "${head#!!} tessellation control program" ;;
    '!!NVtep'*) echo "${head#!!} tessellation evaluation program" ;;
    '!!NVcp'*) echo "${head#!!} compute program" ;;
    VERT*) echo "TGSI vertex program" ;;
    FRAG*) echo "TGSI fragment program" ;;
    GEOM*) echo "TGSI geometry program" ;;
    TESS_CTRL*) echo "TGSI tessellation control program" ;;
    TESS_EVAL*) echo "TGSI tessellation evaluation program" ;;
    COMP*) echo "TGSI compute program" ;;
    *) echo "program" ;;
    esac
}

echo "$("$nvgp" --version): the programs and jobs in examples/"
for f in examples/*; do
    [ -f "$f" ] || continue
    case "$f" in *.json) continue ;; esac
    name=$(basename "$f")
    echo
    echo "== $name: $(describe "$f")"
    if "$nvgp" check "$f" 2>"$out/$name.err"; then
        echo "   check: valid"
    else
        note_failure "nvgp check $f"
        sed 's/^/   /' "$out/$name.err"
        continue
    fi
    tgsi=$out/${name%.*}.tgsi.txt
    if "$nvgp" tgsi "$f" >"$tgsi" 2>"$out/$name.err"; then
        insns=$(grep -c -E '^ *[0-9]+: ' "$tgsi")
        what="TGSI"
        [ "$(head -c 2 "$f")" = '!!' ] && what="TGSI translation"
        echo "   $what: $insns instructions, in full in $tgsi"
    else
        note_failure "nvgp tgsi $f"
        sed 's/^/   /' "$out/$name.err"
    fi
done
nvgp_abs=$(cd "$(dirname "$nvgp")" && pwd)/$(basename "$nvgp")
root=$PWD
for j in examples/*.json; do
    name=$(basename "$j")
    comment=$(sed -n 's/^ *"comment": *"\(.*\)", *$/\1/p' "$j" | head -n 1)
    echo
    # a draw job (docs/job-format.md "Draw jobs") runs in $out, where its
    # PNG is written; an ordinary job names one program
    if grep -q '^ *"draw":' "$j"; then
        echo "== $name: a draw job through the pipeline"
    else
        echo "== $name: a job for $(sed -n 's/^ *"program": *"\(.*\)", *$/\1/p' "$j" | head -n 1)"
    fi
    [ -n "$comment" ] && echo "   $comment" | fold -s -w 76 | sed '2,$s/^/   /'
    echo "   \$ nvgp run $j"
    if (cd "$out" && "$nvgp_abs" run "$root/$j") >"$out/$name.out" 2>"$out/$name.err"; then
        sed 's/^/   /' "$out/$name.out"
        png=$(sed -n 's/.*"png": "\([^"]*\)".*/\1/p' "$out/$name.out" | head -n 1)
        [ -n "$png" ] && echo "   picture: $out/$png"
    else
        note_failure "nvgp run $j"
        sed 's/^/   /' "$out/$name.err"
    fi
done

echo
if [ "$failed" -ne 0 ]; then
    echo "run-examples: $failed step(s) failed" >&2
    exit 1
fi
echo "Every example checks, prints and runs (the draw jobs' pictures: $out/*.png).  The job format: docs/job-format.md."
