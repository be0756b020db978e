#!/usr/bin/env bash
# Programs written the way real software writes NV_gpu_program5 (the
# "GLASM" style of an emulator's back end: "!!NVfp5.0", many OPTION lines,
# "TEMP R0,R1;", ATTRIB/OUTPUT names, .F/.S/.U suffixes, no spaces after
# commas), one per option or form of docs/spec-decisions.md "Options of real
# programs (GLASM style)".
#
#  ok/NAME.*   must load (nvgp check) and translate (nvgp tgsi); with
#              ok/NAME.json (a job) it must run, and each line "PATH VALUE"
#              of ok/NAME.expect must hold for the result (PATH as
#              json_get takes it, VALUE as it prints; values by hand).
#              Each line of ok/NAME.tgsi, if there is one, must be a line of
#              the translation (nvgp tgsi).
#  bad/NAME.*  must fail to load; its line "# error: TEXT" gives a piece of
#              the expected message.
#
# usage: run_glasm.sh NVGP JSON_GET SRCDIR WORKDIR
set -u
nvgp=$1
json_get=$2
src=$3
work=$4
mkdir -p "$work" || exit 2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
n=0
for p in "$src"/ok/*; do
    case "$p" in *.json|*.expect|*.tgsi) continue ;; esac
    n=$((n + 1))
    name=$(basename "$p")
    stem=${name%.*}
    "$nvgp" check "$p" >"$work/check.txt" 2>&1 || { fail "$name: check: $(cat "$work/check.txt")"; continue; }
    "$nvgp" tgsi "$p" >"$work/$stem.tgsi" 2>"$work/tgsi.txt" || { fail "$name: tgsi: $(cat "$work/tgsi.txt")"; continue; }
    if [ -f "$src/ok/$stem.tgsi" ]; then
        while IFS= read -r line; do
            grep -qxF -- "$line" "$work/$stem.tgsi" || fail "$name: the translation has no line '$line'"
        done <"$src/ok/$stem.tgsi"
    fi
    job="$src/ok/$stem.json"
    [ -f "$job" ] || { fail "$name: no job $stem.json"; continue; }
    cp "$p" "$job" "$work/"
    "$nvgp" run "$work/$stem.json" >"$work/raw.txt" 2>"$work/err.txt" || { fail "$name: run: $(cat "$work/err.txt")"; continue; }
    tr -d '\n' <"$work/raw.txt" >"$work/out.txt"
    while read -r path want; do
        [ -z "$path" ] && continue
        case "$path" in \#*) continue ;; esac
        got=$("$json_get" "$path" <"$work/out.txt")
        [ "$got" = "$want" ] || fail "$name: $path is '$got', want '$want'"
    done <"$src/ok/$stem.expect"
done
for p in "$src"/bad/*; do
    n=$((n + 1))
    name=$(basename "$p")
    want=$(sed -n 's/^# error: //p' "$p" | head -1)
    [ -n "$want" ] || { fail "$name: no '# error:' line"; continue; }
    "$nvgp" check "$p" >"$work/check.txt" 2>&1
    status=$?
    [ "$status" = 1 ] || { fail "$name: check status $status, want 1"; continue; }
    grep -qF -- "$want" "$work/check.txt" || fail "$name: message '$(head -1 "$work/check.txt")' lacks '$want'"
done
[ "$fails" -eq 0 ] && echo "glasm: all $n programs passed"
[ "$fails" -eq 0 ]
