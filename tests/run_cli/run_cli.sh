#!/bin/bash
# usage: run_cli.sh NVGP DIR -- runs `nvgp run` on the jobs in DIR.
nvgp=$1
dir=$2
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_status STATUS STDERR-PATTERN ARGS...
expect_status() {
    local want=$1 pattern=$2
    shift 2
    "$nvgp" run "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    [ "$got" -eq "$want" ] || fail "nvgp run $*: exit $got, expected $want ($(cat "$tmp/err"))"
    grep -q -- "$pattern" "$tmp/err" || fail "nvgp run $*: stderr does not mention '$pattern': $(cat "$tmp/err")"
}

# A bad field is invalid input (1) and the message names the field.
expect_status 1 'invocations' "$dir/bad_field.json"
# Unreadable files are I/O errors (2): the job itself, or its program.
expect_status 2 'no-such-job.json' "$dir/no-such-job.json"
expect_status 2 'no-such-program.tgsi' "$dir/missing_program.json"

# OUT[0] = IN[0] * CONST[0] + CONST[1], by hand:
#   invocation 0: (1*2 + 0.25, 2*3 + 1, 3*4 - 2, 4*5 + 10)   = (2.25, 7, 10, 30)
#   invocation 1: (0.5*2 + 0.25, -1*3 + 1, 2*4 - 2, 0*5 + 10) = (1.25, -2, 6, 10)
if "$nvgp" run "$dir/mad.json" >"$tmp/out" 2>"$tmp/err"; then
    flat=$(tr -d ' \n\t\r' <"$tmp/out")
    want='"invocations":[{"OUT[0]":[2.25,7,10,30]},{"OUT[0]":[1.25,-2,6,10]}]'
    case "$flat" in
    *"$want"*) ;;
    *) fail "mad.json: output $flat does not contain $want" ;;
    esac
else
    fail "mad.json: exit $?: $(cat "$tmp/err")"
fi

# An NV_compute_program5 program with a storage buffer and two images bound
# by their NV names (program.storage[1], image[0], image[1]): invocation i
# doubles texel i of image[0] (1.5, -3, 0.25, 10), stores it back and at
# byte 4i of the buffer, and adds it to image[1] with ATOMIM.ADD.F32:
#   buffer = image[0] = (3, -6, 0.5, 20); image[1] = 0.5 + 3 - 6 + 0.5 + 20 = 18
if "$nvgp" run "$dir/nv_storage_image.json" >"$tmp/out" 2>"$tmp/err"; then
    flat=$(tr -d ' \n\t\r' <"$tmp/out")
    for want in '"program.storage[1]":{"f32":[3,-6,0.5,20]}' \
                '"image[0]":{"f32":[3,-6,0.5,20]}' '"image[1]":{"f32":[18]}' '"faults":0'; do
        case "$flat" in
        *"$want"*) ;;
        *) fail "nv_storage_image.json: output $flat does not contain $want" ;;
        esac
    done
else
    fail "nv_storage_image.json: exit $?: $(cat "$tmp/err")"
fi
# A name the program does not bind is invalid input (1), named in the message.
expect_status 1 'program.storage\[5\]' "$dir/nv_unknown_buffer.json"

[ "$failures" -eq 0 ] || exit 1
echo "run_cli: all checks passed"
