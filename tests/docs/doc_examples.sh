#!/bin/bash
# usage: doc_examples.sh NVGP SOURCE_DIR
#
# Runs every job the documentation shows: each ```json block of README.md
# and docs/*.md that has a "program" (or "draw") field is a job, run from a copy of
# examples/ (the docs say to save jobs there).  It must run (status 0).
# When the next fenced block begins with { "invocations" (or { "framebuffer"
# after a draw job) and has no "...",
# it is the job's output as the docs promise it: the real output must be
# the same, blanks aside.  The minimal job `nvgp help run` shows runs too.
nvgp=$1
src=$2
failures=0
jobs=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src"/examples/* "$tmp"/

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# run_job FILE JOB EXPECTED: EXPECTED may be empty (no output shown).
run_job() {
    local where=$1 job=$2 want=$3
    jobs=$((jobs + 1))
    printf '%s\n' "$job" >"$tmp/doc_job.json"
    # from $tmp: a draw job's PNG is written there
    if ! (cd "$tmp" && "$nvgp" run "$tmp/doc_job.json") >"$tmp/out" 2>"$tmp/err"; then
        fail "$where: the job does not run: $(cat "$tmp/err")"
        return
    fi
    if [ -n "$want" ]; then
        local got flat
        got=$(tr -d ' \n\t\r' <"$tmp/out")
        flat=$(printf '%s' "$want" | tr -d ' \n\t\r')
        [ "$got" = "$flat" ] || fail "$where: prints $got, the docs show $flat"
    fi
}

for md in "$src"/README.md "$src"/docs/*.md; do
    # Split the file into fenced blocks: block N's language and text.
    rm -f "$tmp"/block.*
    awk -v dir="$tmp" '
        /^```/ {
            if (inside) { inside = 0; close(file); next }
            inside = 1; n++; file = sprintf("%s/block.%04d", dir, n)
            lang = substr($0, 4); printf "%s\n", lang > (file ".lang"); close(file ".lang")
            printf "" > file
            next
        }
        inside { print > file }
    ' "$md"
    blocks=("$tmp"/block.[0-9][0-9][0-9][0-9])
    [ -e "${blocks[0]}" ] || continue
    for ((i = 0; i < ${#blocks[@]}; i++)); do
        b=${blocks[$i]}
        [ "$(cat "$b.lang")" = json ] || continue
        grep -q '"program"\|"draw"' "$b" || continue
        want=
        next=${blocks[$((i + 1))]:-}
        if [ -n "$next" ] && head -c 20 "$next" | tr -d ' \n' | grep -q '^{"invocations"\|^{"framebuffer"' &&
           ! grep -q '\.\.\.' "$next"; then
            want=$(cat "$next")
        fi
        run_job "${md#$src/}: block $((i + 1))" "$(cat "$b")" "$want"
    done
done

# `nvgp help run` shows a minimal job and what it prints.
"$nvgp" help run >"$tmp/help"
job=$(sed -n '/^  { "program"/,/^$/p' "$tmp/help" | sed '/^$/d')
want=$(sed -n '/^prints$/,/^$/p' "$tmp/help" | sed '1d;/^$/d')
[ -n "$job" ] || fail "nvgp help run shows no job"
[ -n "$want" ] || fail "nvgp help run shows no output"
run_job "nvgp help run" "$job" "$want"

[ "$failures" -eq 0 ] || exit 1
echo "doc_examples: all $jobs jobs shown in the docs run as shown"
