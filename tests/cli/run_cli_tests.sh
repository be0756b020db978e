#!/usr/bin/env bash
# Command-line tests of nvgp: exit statuses, the diagnostic format, --json,
# nvgp tgsi, and malformed input that must be rejected (status exactly 1 with
# a diagnostic), never crash.  Expected positions are computed by hand from
# the inputs written below.
#
#   run_cli_tests.sh GROUP NVGP JSON_GET GEN_BYTES SOURCE_DIR WORK_DIR
# GROUP: help exit_codes diagnostics json tgsi malformed
set -u

group=$1 nvgp=$2 json_get=$3 gen_bytes=$4 src=$5 work=$6
examples=("$src"/examples/*.tgsi)

# Under ASan/UBSan a sanitizer report would otherwise exit with status 1,
# the same as "invalid program"; give it a status no test expects.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=99"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=98:print_stacktrace=1"

rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

failures=0
checks=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# run ARGS...: runs nvgp with stdin closed, output in out.txt / err.txt,
# status in $status.  A crash or a sanitizer report is always a failure.
run() {
    checks=$((checks + 1))
    "$nvgp" "$@" >out.txt 2>err.txt </dev/null
    status=$?
    if [ "$status" -ge 128 ]; then
        fail "nvgp $* crashed (status $status)"
        sed 's/^/    /' err.txt | head -20
    fi
    if grep -q -e 'Sanitizer' -e 'runtime error:' err.txt; then
        fail "nvgp $*: sanitizer report"
        sed 's/^/    /' err.txt | head -40
    fi
}

expect_status() {
    local want=$1 what=$2
    if [ "$status" -ne "$want" ]; then
        fail "$what: status $status, expected $want"
        sed 's/^/    stderr: /' err.txt | head -10
    fi
}

expect_grep() {   # FILE REGEX WHAT
    if ! grep -q -E -e "$2" "$1"; then
        fail "$3: $1 does not match /$2/"
        sed 's/^/    /' "$1" | head -10
    fi
}

expect_eq() {     # GOT WANT WHAT
    if [ "$1" != "$2" ]; then
        fail "$3: got '$1', expected '$2'"
    fi
}

jget() {          # PATH: value from out.txt
    "$json_get" "$1" <out.txt
}

# A program that is valid by tgsi.rst: every register used is declared, the
# operand counts match the opcode table.
cat >valid.tgsi <<'T'
VERT
DCL IN[0]
DCL OUT[0], POSITION
MOV OUT[0], IN[0]
END
T

# Line 4 starts with four blanks, then the unknown opcode BOGUS:
# offsets: "VERT\n" 0-4, "DCL IN[0]\n" 5-14, "DCL OUT[0], POSITION\n" 15-35,
# so line 4 starts at 36 and BOGUS at 36 + 4 = 40, line 4, column 5.
cat >bad_opcode.tgsi <<'T'
VERT
DCL IN[0]
DCL OUT[0], POSITION
    BOGUS OUT[0], IN[0]
END
T

group_help() {
    run --version
    expect_status 0 "--version"
    expect_grep out.txt '^nvgp [0-9]+\.[0-9]+\.[0-9]+$' "--version"

    run help
    expect_status 0 "help"
    for c in check tgsi run; do
        expect_grep out.txt "nvgp $c" "help lists $c"
    done

    for c in check tgsi run; do
        run help "$c"
        expect_status 0 "help $c"
        expect_grep out.txt "^usage: nvgp $c" "help $c"
        cp out.txt help1.txt
        run "$c" --help
        expect_status 0 "$c --help"
        cmp -s out.txt help1.txt || fail "$c --help differs from help $c"
    done

    run help bogus
    expect_status 2 "help bogus"
    expect_grep err.txt "unknown command 'bogus'" "help bogus"
    # Output that cannot be written is an I/O error (2), said on stderr,
    # for the help texts and the version too.
    if [ -w /dev/full ]; then
        for args in "--version" "help" "help run" "tgsi --help"; do
            checks=$((checks + 1))
            # shellcheck disable=SC2086
            "$nvgp" $args >/dev/full 2>err.txt </dev/null
            st=$?
            [ "$st" -eq 2 ] || fail "nvgp $args >/dev/full: status $st, expected 2"
            grep -q "error writing standard output" err.txt ||
                fail "nvgp $args >/dev/full: no message on stderr"
        done
    fi
}

group_exit_codes() {
    # --target: a program loads only for the target its header opens, as
    # glProgramStringARB loads it (piglit's ARBvp1.0 folder has a
    # !!ARBfp1.0 file that must fail there).
    printf '!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n' >arbfp.fp
    run check --target=fragment arbfp.fp
    expect_status 0 "check --target=fragment of an ARBfp1.0 program"
    run check --target=vertex arbfp.fp
    expect_status 1 "check --target=vertex of an ARBfp1.0 program"
    expect_grep err.txt "^arbfp.fp:1:1: error: '!!ARBfp1.0' opens a fragment program, not a vertex program" \
        "check --target=vertex diagnostic"
    run check --json --target=vertex arbfp.fp
    expect_eq "$(jget 0/error_position)" 0 "check --json --target=vertex error_position"
    run check --target=any arbfp.fp
    expect_status 0 "check --target=any"
    run check --target=vertex valid.tgsi
    expect_status 0 "check --target=vertex of VERT text"
    run check valid.tgsi --target=geometry
    expect_status 1 "check --target=geometry of VERT text"
    expect_grep err.txt "'VERT' opens a vertex program, not a geometry program" "TGSI target diagnostic"
    run check --target=bogus valid.tgsi
    expect_status 2 "check --target=bogus"
    expect_grep err.txt "unknown target 'bogus'" "check --target=bogus"
    run tgsi --target=vertex valid.tgsi
    expect_status 0 "tgsi --target=vertex of VERT text"
    run tgsi --target=tess-eval arbfp.fp
    expect_status 1 "tgsi --target=tess-eval of an ARBfp1.0 program"
    expect_grep err.txt "not a tessellation evaluation program" "tgsi --target diagnostic"
    run tgsi --target=nope valid.tgsi
    expect_status 2 "tgsi --target=nope"

    run check "${examples[@]}"
    expect_status 0 "check of every example"
    [ -s err.txt ] && fail "check of valid examples printed on stderr: $(head -3 err.txt)"

    run check valid.tgsi
    expect_status 0 "check valid.tgsi"

    run check bad_opcode.tgsi
    expect_status 1 "check bad_opcode.tgsi"

    run check valid.tgsi bad_opcode.tgsi
    expect_status 1 "check valid + invalid"

    run check
    expect_status 2 "check without files"
    expect_grep err.txt 'usage: nvgp check' "check without files"

    run check --bogus valid.tgsi
    expect_status 2 "check --bogus"
    expect_grep err.txt "unknown option '--bogus'" "check --bogus"

    run check does-not-exist.tgsi
    expect_status 2 "check of a missing file"
    expect_grep err.txt '^nvgp: does-not-exist.tgsi: No such file or directory' "missing file"

    # An I/O error outranks an invalid program.
    run check bad_opcode.tgsi does-not-exist.tgsi
    expect_status 2 "invalid + missing"

    mkdir -p adir
    run check adir
    expect_status 2 "check of a directory"
    expect_grep err.txt '^nvgp: adir: is a directory' "check of a directory says so"
    run tgsi adir
    expect_status 2 "tgsi of a directory"
    expect_grep err.txt '^nvgp: adir: is a directory' "tgsi of a directory says so"
    run tgsi -o adir valid.tgsi
    expect_status 2 "tgsi -o a directory"
    expect_grep err.txt '^nvgp: adir: is a directory' "tgsi -o a directory says so"

    run bogus-command
    expect_status 2 "unknown command"
    expect_grep err.txt "unknown command 'bogus-command'" "unknown command"

    run
    expect_status 2 "no command"

    # Standard input as `-`.
    checks=$((checks + 1))
    "$nvgp" check - <valid.tgsi >out.txt 2>err.txt
    status=$?
    expect_status 0 "check - < valid.tgsi"
    "$nvgp" check - <bad_opcode.tgsi >out.txt 2>err.txt
    status=$?
    expect_status 1 "check - < bad_opcode.tgsi"
    expect_grep err.txt '^<stdin>:4:5: error: ' "stdin diagnostic names <stdin>"
}

group_diagnostics() {
    run check bad_opcode.tgsi
    expect_status 1 "bad_opcode"
    # file:line:col: error: message, then the source line, then a caret
    # under column 5 (the 4-blank indent of the print plus 4 blanks).
    expect_grep err.txt '^bad_opcode.tgsi:4:5: error: .+' "diagnostic position"
    local line caret
    line=$(grep -A2 -m1 '^bad_opcode.tgsi:4:5: error: ' err.txt | sed -n 2p)
    caret=$(grep -A2 -m1 '^bad_opcode.tgsi:4:5: error: ' err.txt | sed -n 3p)
    expect_eq "$line" "        BOGUS OUT[0], IN[0]" "source line under the diagnostic"
    expect_eq "$caret" "        ^" "caret under column 5"
    [ -s out.txt ] && fail "check printed on stdout without --json"

    # CR LF line ends count as one line end each.
    printf 'VERT\r\nDCL IN[0]\r\nDCL OUT[0], POSITION\r\n  BOGUS OUT[0], IN[0]\r\nEND\r\n' >crlf.tgsi
    run check crlf.tgsi
    expect_status 1 "crlf"
    expect_grep err.txt '^crlf.tgsi:4:3: error: ' "position with CR LF line ends"
}

group_json() {
    run check --json bad_opcode.tgsi
    expect_status 1 "--json invalid"
    [ -s err.txt ] && fail "--json printed on stderr: $(head -3 err.txt)"
    expect_eq "$(jget '#')" 1 "one JSON line per file"
    expect_eq "$(jget 0/file)" bad_opcode.tgsi "json file"
    expect_eq "$(jget 0/valid)" false "json valid"
    expect_eq "$(jget 0/error_position)" 40 "json error_position (hand-computed offset)"
    expect_eq "$(jget 0/errors/0/offset)" 40 "json errors[0].offset"
    expect_eq "$(jget 0/errors/0/line)" 4 "json errors[0].line"
    expect_eq "$(jget 0/errors/0/column)" 5 "json errors[0].column"
    local msg
    msg=$(jget 0/errors/0/message)
    [ -n "$msg" ] || fail "json errors[0].message is empty"

    run check --json valid.tgsi
    expect_status 0 "--json valid"
    expect_eq "$(jget 0/valid)" true "json valid program"
    expect_eq "$(jget 0/error_position)" -1 "json error_position of a valid program"
    expect_eq "$(jget 0/errors/#)" 0 "json errors of a valid program"

    # Options may follow the files; one line per file, in order.
    run check valid.tgsi bad_opcode.tgsi --json
    expect_status 1 "--json two files"
    expect_eq "$(jget '#')" 2 "two JSON lines"
    expect_eq "$(jget 0/file)" valid.tgsi "first file first"
    expect_eq "$(jget 1/error_position)" 40 "second file's error_position"

    # An IF never closed: wherever the error is placed (at the IF, or at the
    # text's length when found only at the end), it lies within the text.
    printf 'FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nIF IN[0].xxxx\n  MOV OUT[0], IN[0]\n' >open_if.tgsi
    run check --json open_if.tgsi
    expect_status 1 "--json unclosed IF"
    local pos size
    pos=$(jget 0/error_position)
    size=$(wc -c <open_if.tgsi)
    if ! [ "$pos" -ge 0 ] 2>/dev/null || [ "$pos" -gt "$size" ]; then
        fail "unclosed IF: error_position $pos outside 0..$size"
    fi

    # Messages quoting binary input still make valid JSON.
    { printf 'VERT\n'; "$gen_bytes" 7 300; } >binary.tgsi
    run check --json binary.tgsi
    expect_status 1 "--json binary"
    expect_eq "$(jget 0/valid)" false "json of binary input parses"
}

group_tgsi() {
    local ex
    for ex in "${examples[@]}"; do
        local base
        base=$(basename "$ex")
        run tgsi "$ex"
        expect_status 0 "tgsi $base"
        # The first line is the processor, as the example's first line says.
        expect_eq "$(head -1 out.txt)" "$(head -1 "$ex")" "tgsi $base: processor line"
        cp out.txt "canon-$base"

        # Canonical text reads back to itself.
        checks=$((checks + 1))
        "$nvgp" tgsi - <"canon-$base" >out.txt 2>err.txt
        status=$?
        expect_status 0 "tgsi of canonical $base"
        cmp -s out.txt "canon-$base" || fail "canonical $base does not read back to itself"

        run tgsi -o "out-$base" "$ex"
        expect_status 0 "tgsi -o $base"
        cmp -s "out-$base" "canon-$base" || fail "tgsi -o $base differs from stdout"
        [ -s out.txt ] && fail "tgsi -o also printed on stdout"

        run tgsi --style=mesa "$ex"
        expect_status 0 "tgsi --style=mesa $base"
        expect_eq "$(head -1 out.txt)" "$(head -1 "$ex")" "mesa style $base: processor line"

        run tgsi --style=canonical "$ex"
        expect_status 0 "tgsi --style=canonical $base"
        cmp -s out.txt "canon-$base" || fail "--style=canonical differs from the default"
    done

    # Interpolation modes on non-fragment declarations (Mesa's graw
    # geometry tests and vega's shaders write them; Mesa's parser accepts
    # them): check warns and says valid, tgsi prints the program.
    printf 'VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0], PERSPECTIVE\nMOV OUT[0], IN[0]\nMOV OUT[1], IN[0]\nEND\n' >interp_vert.tgsi
    run check interp_vert.tgsi
    expect_status 0 "check of a VERT output with an interpolation mode"
    expect_grep err.txt '^interp_vert.tgsi:4:1: warning: interpolation modes apply only to FRAG inputs' \
        "check warns of the interpolation mode"
    run check --json interp_vert.tgsi
    expect_eq "$(jget 0/valid)" true "check --json of interp_vert.tgsi"
    run tgsi interp_vert.tgsi
    expect_status 0 "tgsi of a VERT output with an interpolation mode"
    expect_grep out.txt 'DCL OUT\[1\], GENERIC\[0\]' "tgsi prints the declaration"

    run tgsi --style=bogus valid.tgsi
    expect_status 2 "--style=bogus"
    expect_grep err.txt "unknown style 'bogus'" "--style=bogus"
    run tgsi
    expect_status 2 "tgsi without file"
    run tgsi valid.tgsi valid.tgsi
    expect_status 2 "tgsi with two files"
    run tgsi -o
    expect_status 2 "tgsi -o without name"
    run tgsi -o no-such-dir/x.tgsi valid.tgsi
    expect_status 2 "tgsi -o into a missing folder"

    rm -f never.tgsi
    run tgsi -o never.tgsi bad_opcode.tgsi
    expect_status 1 "tgsi of an invalid program"
    expect_grep err.txt '^bad_opcode.tgsi:4:5: error: ' "tgsi diagnostic"
    [ -e never.tgsi ] && fail "tgsi -o wrote a file for an invalid program"
}

# must_reject NAME: nvgp check and nvgp tgsi both give status exactly 1 and a
# file:line:col: error: diagnostic; --json says invalid with a position
# inside the file.
must_reject() {
    local f=$1
    run check "$f"
    expect_status 1 "check $f"
    expect_grep err.txt "^$f:[0-9]+:[0-9]+: error: " "check $f diagnostic"
    run tgsi "$f"
    expect_status 1 "tgsi $f"
    expect_grep err.txt 'error:' "tgsi $f diagnostic"
    run check --json "$f"
    expect_status 1 "check --json $f"
    local valid pos size
    valid=$(jget 0/valid)
    pos=$(jget 0/error_position)
    size=$(wc -c <"$f")
    expect_eq "$valid" false "json $f"
    if ! [ "$pos" -ge 0 ] 2>/dev/null || [ "$pos" -gt "$size" ]; then
        fail "$f: error_position '$pos' outside 0..$size"
    fi
}

group_malformed() {
    local head='VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL TEMP[0..1]\n'

    printf "${head}MOV OUT[0], IN[" >truncated_operand.tgsi
    printf "${head}MOV OUT[0]" >truncated_instruction.tgsi
    printf 'VERT\nDCL IN[' >truncated_declaration.tgsi
    printf 'VERT\nIMM[0] FLT32 { 1.0, 2.0' >truncated_immediate.tgsi
    printf 'VER' >truncated_header.tgsi
    printf "${head}FOO TEMP[0], IN[0]\nEND\n" >unknown_opcode.tgsi
    printf "${head}MOV TEMP[0], BOGUS[0]\nEND\n" >bad_file.tgsi
    printf "${head}MOV TEMP[0], TEMP[0].xyqw\nEND\n" >bad_swizzle.tgsi
    printf 'VERT\nDCL NOPE[0]\nEND\n' >bad_decl_file.tgsi
    printf "${head}MOV OUT[0], IN[7]\nEND\n" >undeclared_input.tgsi
    printf "${head}MOV TEMP[99999999999999999999], IN[0]\nEND\n" >huge_index.tgsi
    printf "${head}MOV TEMP[-1], IN[0]\nEND\n" >negative_index.tgsi
    printf "${head}MOV TEMP[2], IN[0]\nEND\n" >temp_out_of_range.tgsi
    printf "${head}ADD TEMP[0], IN[0]\nEND\n" >too_few_operands.tgsi
    printf "${head}MOV TEMP[0], IN[0], IN[0]\nEND\n" >too_many_operands.tgsi
    printf "${head}IF TEMP[0].xxxx\nMOV OUT[0], IN[0]\nEND\n" >unclosed_if.tgsi
    printf "${head}ENDIF\nEND\n" >stray_endif.tgsi
    printf "${head}BGNLOOP\nIF TEMP[0].xxxx\nENDLOOP\nENDIF\nEND\n" >crossed_blocks.tgsi
    printf "${head}ELSE\nEND\n" >stray_else.tgsi
    printf "${head}ENDLOOP\nEND\n" >stray_endloop.tgsi
    printf 'BOGUS\nMOV TEMP[0], TEMP[0]\nEND\n' >bad_processor.tgsi
    : >empty.tgsi
    printf '\n\n   \n' >blank.tgsi
    printf 'VERT\nDCL IN[0]\0\nMOV OUT[0], IN[0]\nEND\n' >nul_in_line.tgsi
    head -c 4096 /dev/zero >all_nul.tgsi
    printf 'VE\0RT\nEND\n' >nul_in_header.tgsi
    # One line of 2 MiB: an opcode-like word, and an instruction whose
    # swizzle runs on and on.
    { printf 'VERT\n'; head -c 2097152 /dev/zero | tr '\0' 'A'; } >long_word.tgsi
    { printf "${head}MOV TEMP[0], IN[0]."; head -c 2097152 /dev/zero | tr '\0' 'x'; printf '\nEND\n'; } >long_swizzle.tgsi
    { printf "${head}"; head -c 2097152 /dev/zero | tr '\0' '['; } >long_brackets.tgsi
    # Binary garbage, the same bytes on every run.
    "$gen_bytes" 1 65536 >garbage1.tgsi
    "$gen_bytes" 2 1000 >garbage2.tgsi
    { printf 'FRAG\n'; "$gen_bytes" 3 4096; } >garbage_after_header.tgsi
    { printf "${head}MOV TEMP[0], "; "$gen_bytes" 4 512; } >garbage_operand.tgsi
    { printf '!!'; "$gen_bytes" 5 2048; } >garbage_nv.tgsi
    # Text soup of TGSI's own characters, after a valid start, so the reader
    # gets past the header and into declarations and operands.
    local soup='ABCDEILMNOPRSTUVX[]0123456789.,:-{} xyzw_'
    { printf "${head}"; "$gen_bytes" 0x2545f491 4096 "$soup
"; } >soup1.tgsi
    { printf "${head}DCL "; "$gen_bytes" 0x9e3779b9 300 "$soup"; } >soup2.tgsi
    { printf "${head}MOV TEMP[0], "; "$gen_bytes" 0x85ebca6b 300 "$soup"; } >soup3.tgsi
    { printf 'FRAG\nIMM[0] FLT32 { '; "$gen_bytes" 0xc2b2ae35 200 '0123456789.e-+, '; } >soup4.tgsi

    local f
    for f in truncated_operand truncated_instruction truncated_declaration \
             truncated_immediate truncated_header unknown_opcode bad_file \
             bad_swizzle bad_decl_file undeclared_input huge_index \
             negative_index temp_out_of_range too_few_operands \
             too_many_operands unclosed_if stray_endif \
             crossed_blocks stray_else stray_endloop bad_processor empty blank \
             nul_in_line all_nul nul_in_header long_word long_swizzle \
             long_brackets garbage1 garbage2 garbage_after_header \
             garbage_operand garbage_nv soup1 soup2 soup3 soup4; do
        must_reject "$f.tgsi"
    done
}

# Hostile and huge input: each command stops at the documented limits
# (docs/limits.md, docs/job-format.md "Limits") with a clear error instead of
# reading, printing or allocating without end.
group_hostile() {
    # Files: 8 MiB for a program, 16 MiB for a job; an endless stream
    # stops at the cap (status 2, as for an unreadable file).
    local c
    for c in check tgsi; do
        checks=$((checks + 1))
        timeout 20 "$nvgp" $c /dev/zero >out.txt 2>err.txt </dev/null
        status=$?
        expect_status 2 "$c /dev/zero"
        expect_grep err.txt 'larger than 8 MiB, the limit for a program' "$c /dev/zero"
    done
    checks=$((checks + 1))
    timeout 20 "$nvgp" run /dev/zero >out.txt 2>err.txt </dev/null
    status=$?
    expect_status 2 "run /dev/zero"
    expect_grep err.txt 'larger than 16 MiB, the limit for a job file' "run /dev/zero"
    printf '{"program": "/dev/zero"}\n' >zero_program.json
    checks=$((checks + 1))
    timeout 20 "$nvgp" run zero_program.json >out.txt 2>err.txt </dev/null
    status=$?
    expect_status 2 "run of a job whose program is /dev/zero"
    expect_grep err.txt '/dev/zero: larger than 8 MiB, the limit for a program' \
        "run of a job whose program is /dev/zero"
    # at the limit: read (and refused as a program, status 1); one past: 2
    head -c 8388608 /dev/zero | tr '\0' ' ' >at_limit.tgsi
    run check at_limit.tgsi
    expect_status 1 "check of a 8 MiB file"
    printf ' ' >>at_limit.tgsi
    run check at_limit.tgsi
    expect_status 2 "check of a 8 MiB + 1 file"
    rm -f at_limit.tgsi

    # 2^24 invocations of an endless loop: the first warp past the budget
    # ends the run at once (each warp running to its own budget would take
    # hours); 20 s is a generous bound for one warp's 10,000,000.
    printf 'VERT\nDCL OUT[0], GENERIC[0]\nBGNLOOP\nNOP\nENDLOOP\nEND\n' >loop.tgsi
    printf '{"program": "loop.tgsi", "invocations": 16777216}\n' >loop.json
    checks=$((checks + 1))
    timeout 20 "$nvgp" run loop.json >out.txt 2>err.txt </dev/null
    status=$?
    expect_status 1 "run of 2^24 endless invocations"
    expect_grep err.txt 'budget of 10000000 exhausted .*threads 0\.\.31' \
        "run of 2^24 endless invocations"

    # A job file at the 16 MiB limit is read (and refused as JSON: only
    # blanks), one byte past it is refused unread.
    head -c 16777216 /dev/zero | tr '\0' ' ' >at_limit.json
    run run at_limit.json
    expect_status 1 "run of a 16 MiB job file"
    expect_grep err.txt 'invalid JSON' "run of a 16 MiB job file"
    printf ' ' >>at_limit.json
    run run at_limit.json
    expect_status 2 "run of a 16 MiB + 1 job file"
    expect_grep err.txt 'larger than 16 MiB, the limit for a job file' "run of a 16 MiB + 1 job file"
    rm -f at_limit.json

    # MAX_PROGRAM_INSTRUCTIONS_ARB (65536): at it the program loads; past it
    # the error is at the program's length (line 65541 of 65540 lines: the
    # text ends in a newline), and parsing stops there rather than reading on
    # (the 900,000 instructions after it cost nothing).
    {
        printf '!!NVvp4.0\nTEMP R0;\nMOV.F R0, 0;\n'
        yes 'ADD.F R0, R0, R0;' | head -n 65534
        printf 'MOV.F result.position, R0;\nEND\n'
    } >insns_at.vp
    run check insns_at.vp
    expect_status 0 "check of 65536 instructions"
    {
        printf '!!NVvp4.0\nTEMP R0;\nMOV.F R0, 0;\n'
        yes 'ADD.F R0, R0, R0;' | head -n 65535
        printf 'MOV.F result.position, R0;\nEND\n'
    } >insns_past.vp
    run check insns_past.vp
    expect_status 1 "check of 65537 instructions"
    expect_grep err.txt '^insns_past.vp:65541:1: error: more than 65536 instructions exceed MAX_PROGRAM_INSTRUCTIONS_ARB \(65536\)' \
        "check of 65537 instructions"
    # TGSI registers: index 65535 is the last (the executor's register
    # files hold 65536), 65536 is refused when read.
    printf 'VERT\nDCL TEMP[0..65535]\nDCL OUT[0], POSITION\nMOV OUT[0], TEMP[65535]\nEND\n' >regs_at.tgsi
    printf '{"program": "regs_at.tgsi"}\n' >regs_at.json
    run check regs_at.tgsi
    expect_status 0 "check of TEMP[65535]"
    run run regs_at.json
    expect_status 0 "run of TEMP[65535]"
    printf 'VERT\nDCL TEMP[0..65536]\nDCL OUT[0], POSITION\nMOV OUT[0], TEMP[0]\nEND\n' >regs_past.tgsi
    run check regs_past.tgsi
    expect_status 1 "check of TEMP[65536]"
    expect_grep err.txt '^regs_past.tgsi:2:13: error: register index 65536 out of range \(at most 65535\)' \
        "check of TEMP[65536]"

    # Constant buffers: CONST[63][..] is the last one check accepts and run
    # runs; CONST[64][..] check refuses (run refused it, check did not).
    printf 'VERT\nDCL CONST[63][0]\nDCL OUT[0], POSITION\nMOV OUT[0], CONST[63][0]\nEND\n' >cbuf_at.tgsi
    printf '{"program": "cbuf_at.tgsi", "params": {"CONST[63][0]": [1, 2, 3, 4]}}\n' >cbuf_at.json
    run check cbuf_at.tgsi
    expect_status 0 "check of CONST[63][0]"
    run run cbuf_at.json
    expect_status 0 "run of CONST[63][0]"
    expect_eq "$(tr -d ' \n' <out.txt)" '{"invocations":[{"OUT[0]":[1,2,3,4]}],"faults":0}' \
        "run of CONST[63][0]"
    printf 'VERT\nDCL CONST[64][0]\nDCL OUT[0], POSITION\nMOV OUT[0], CONST[64][0]\nEND\n' >cbuf_past.tgsi
    run check cbuf_past.tgsi
    expect_status 1 "check of CONST[64][0]"
    expect_grep err.txt '^cbuf_past.tgsi:2:1: error: constant buffer index 64 above 63' \
        "check of CONST[64][0]"

    # Nesting: what check accepts, run runs.  TGSI: 256 blocks (docs/limits.md)
    # pass both, 257 fail check at the 257th IF (line 3 + 257).
    local n
    for n in 256 257; do
        {
            printf 'VERT\nDCL TEMP[0]\nDCL OUT[0], POSITION\n'
            for ((i = 0; i < n; i++)); do printf 'IF TEMP[0].xxxx\n'; done
            printf 'ADD TEMP[0], TEMP[0], TEMP[0]\n'
            for ((i = 0; i < n; i++)); do printf 'ENDIF\n'; done
            printf 'MOV OUT[0], TEMP[0]\nEND\n'
        } >nest$n.tgsi
        printf '{"program": "nest%s.tgsi"}\n' $n >nest$n.json
    done
    run check nest256.tgsi
    expect_status 0 "check of 256 nested IFs"
    run run nest256.json
    expect_status 0 "run of 256 nested IFs"
    run check nest257.tgsi
    expect_status 1 "check of 257 nested IFs"
    expect_grep err.txt '^nest257.tgsi:260:1: error: blocks nested deeper than 256' \
        "check of 257 nested IFs"
    # NVfp4.0 at its own limits, MAX_PROGRAM_LOOP_DEPTH_NV 64 REP blocks
    # with MAX_PROGRAM_IF_DEPTH_NV 64 IF blocks inside (the translation
    # nests a UIF in each REP's loop): check passes and run runs it.  Each
    # REP runs once and every IF is taken (CC.y was set from 1, NE), so the
    # ADD runs once: R0 = (1 + 1, 1, 1, 1).
    {
        printf '!!NVfp4.0\nTEMP R0;\nMOV.F R0, 1;\nMOV.F.CC R0.y, 1;\n'
        for ((i = 0; i < 64; i++)); do printf 'REP.S 1;\n'; done
        for ((i = 0; i < 64; i++)); do printf 'IF NE.y;\n'; done
        printf 'ADD.F R0.x, R0, R0;\n'
        for ((i = 0; i < 64; i++)); do printf 'ENDIF;\n'; done
        for ((i = 0; i < 64; i++)); do printf 'ENDREP;\n'; done
        printf 'MOV.F result.color, R0;\nEND\n'
    } >nest_nv.fp
    printf '{"program": "nest_nv.fp", "outputs": ["result.color"]}\n' >nest_nv.json
    run check nest_nv.fp
    expect_status 0 "check of NVfp4.0 at its nesting limits"
    run run nest_nv.json
    expect_status 0 "run of NVfp4.0 at its nesting limits"
    expect_eq "$(tr -d ' \n' <out.txt)" \
        '{"invocations":[{"result.color":[2,1,1,1]}],"killed":[false],"faults":0}' \
        "NVfp4.0 at its nesting limits"

    # Bytes that are not characters are shown escaped, in messages and in
    # the source line, and --json stays valid UTF-8: a NUL no longer cuts
    # the message, 0xFF is not written raw.  The bad byte is line 2,
    # column 24 (after "MOV.F result.position, ").
    printf '!!NVvp4.0\nMOV.F result.position, \0vertex.position;\nEND\n' >nul.vp
    printf '!!NVvp4.0\nMOV.F result.position, \377vertex.position;\nEND\n' >ff.vp
    local b
    for b in nul:00 ff:ff; do
        local f=${b%%:*}.vp x=${b#*:}
        run check "$f"
        expect_status 1 "check $f"
        expect_grep err.txt "^$f:2:24: error: invalid character '\\\\x$x'\$" "check $f message"
        expect_grep err.txt "^    MOV\\.F result\\.position, \\\\x${x}vertex\\.position;\$" \
            "check $f source line"
        expect_grep err.txt '^                           \^$' "check $f caret"
        LC_ALL=C grep -q -P '[\x00\x80-\xff]' err.txt && fail "check $f: raw bytes on stderr"
        run check --json "$f"
        expect_status 1 "check --json $f"
        expect_eq "$(jget 0/errors/0/message)" "invalid character '\\x$x'" "check --json $f"
        iconv -f UTF-8 -t UTF-8 out.txt >/dev/null 2>&1 || fail "check --json $f: not UTF-8"
    done
    # Numbers past 64 bits are quoted as written, not as the value they
    # were clamped to.
    printf '!!ARBvp1.0\nPARAM p = program.env[99999999999999999999];\nMOV result.position, p;\nEND\n' >huge_env.vp
    run check huge_env.vp
    expect_status 1 "check huge_env.vp"
    expect_grep err.txt 'index 99999999999999999999 out of range' "huge index quoted as written"
    # The translation's "# LINE:" comments: one per source line, in source
    # order, even where the translation repeats a line's instructions or
    # emits set-up code for a later line first (VP2.0 branches): the
    # example's statements are lines 3-10, 12 and 13.
    run tgsi "$src/examples/vp2_branch.vp"
    expect_status 0 "tgsi of vp2_branch.vp"
    expect_eq "$(sed -n 's/^# \([0-9]*\): .*/\1/p' out.txt | tr '\n' ' ')" \
        "3 4 5 6 7 8 9 10 12 13 " "vp2_branch.vp: # LINE comments"
    expect_grep out.txt '^# 8: BRA skip \(LT\.x\);$' "vp2_branch.vp: the comment quotes the line"
    printf '!!NVfp4.0\nTEMP R0;\nTEX.F R0, fragment.texcoord[0], texture[99999999999999999999], 2D;\nMOV.F result.color, R0;\nEND\n' >huge_unit.fp
    run check huge_unit.fp
    expect_status 1 "check huge_unit.fp"
    expect_grep err.txt 'texture image unit 99999999999999999999 out of range' \
        "huge texture unit quoted as written"
}

# Peak memory of the stress inputs stays within docs/limits.md's bounds
# ("Memory"), under ulimit -v.  Sanitizer builds reserve terabytes of
# address space at start and cannot run under a limit: skipped there.
group_memory() {
    if ! (ulimit -v 500000 && "$nvgp" --version) >/dev/null 2>&1; then
        echo "cli memory: nvgp cannot start under ulimit -v (a sanitizer build): skipped"
        return
    fi
    # A build with the JIT maps LLVM's shared library at start and compiles
    # with it: docs/limits.md adds 250 MB of address space to each bound.
    local llvm=0
    if ldd "$nvgp" 2>/dev/null | grep -q 'libLLVM'; then
        llvm=250000
    fi
    # limited KB WHAT ARGS...: runs nvgp under ulimit -v KB (plus LLVM's)
    limited() {
        local kb=$(($1 + llvm)) what=$2
        shift 2
        checks=$((checks + 1))
        (ulimit -v "$kb" && exec "$nvgp" "$@") >out.txt 2>err.txt </dev/null
        status=$?
        if [ "$status" -ge 128 ]; then
            fail "$what crashed under ulimit -v $kb (status $status)"
        fi
        if grep -q 'out of memory' err.txt; then
            fail "$what: out of memory under ulimit -v $kb (the documented bound)"
        fi
    }
    # An NV program at the 8 MiB cap of nothing but ';': the worst case of
    # the token list (about 48 bytes a byte): within 500 MB.
    { printf '!!NVvp4.0\n'; head -c 8388000 /dev/zero | tr '\0' ';'; } >semis.vp
    limited 500000 "check of 8 MiB of ';'" check semis.vp
    expect_status 1 "check of 8 MiB of ';'"
    # 8 MiB of instructions: parsing stops after 65,536 of them.
    { printf '!!NVvp4.0\nTEMP R0;\n'; yes 'ADD.F R0, R0, R0;' | head -c 8388000; } >adds.vp
    limited 500000 "check of 8 MiB of instructions" check adds.vp
    expect_grep err.txt 'more than 65536 instructions' "check of 8 MiB of instructions"
    # 64 constant buffers of 65,536 registers, one invocation: 2 GiB before.
    {
        printf 'VERT\nDCL OUT[0], GENERIC[0]\n'
        for ((b = 0; b < 64; b++)); do printf 'DCL CONST[%d][0..65535]\n' $b; done
        printf 'ADD OUT[0], CONST[63][65535], CONST[0][0]\nEND\n'
    } >consts.tgsi
    printf '{"program": "consts.tgsi", "params": {"CONST[63][65535]": [1, 2, 3, 4], "CONST[0][0]": [10, 20, 30, 40]}}\n' >consts.json
    limited 200000 "run of 64 constant buffers" run consts.json
    expect_status 0 "run of 64 constant buffers"
    expect_eq "$(tr -d ' \n' <out.txt)" '{"invocations":[{"OUT[0]":[11,22,33,44]}],"faults":0}' \
        "run of 64 constant buffers"
    # 2^24 invocations of an endless loop: the budget error, within 1 GB.
    printf 'VERT\nDCL OUT[0], GENERIC[0]\nBGNLOOP\nNOP\nENDLOOP\nEND\n' >loop.tgsi
    printf '{"program": "loop.tgsi", "invocations": 16777216}\n' >loop.json
    limited 1000000 "run of 2^24 endless invocations" run loop.json
    expect_status 1 "run of 2^24 endless invocations"
    expect_grep err.txt 'budget' "run of 2^24 endless invocations"
    # Results are written as they are made: 2^22 invocations (128 MB of
    # text) run within 300 MB (the text and the records of every invocation
    # were built first, and needed more than 600 MB).
    printf 'VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nMOV OUT[0], IN[0]\nEND\n' >mov.tgsi
    printf '{"program": "mov.tgsi", "invocations": 4194304, "inputs": {"IN[0]": [1, 2, 3, 4]}}\n' >many.json
    limited 300000 "run of 2^22 invocations" run many.json
    expect_status 0 "run of 2^22 invocations"
    expect_eq "$(grep -c '"OUT\[0\]": \[1, 2, 3, 4\]' out.txt)" 4194304 "run of 2^22 invocations: every record"
    expect_eq "$(tail -n 1 out.txt)" '  "faults": 0 }' "run of 2^22 invocations: the end"
    rm -f out.txt
    # Endless streams stop at the caps, within 100 MB.
    limited 100000 "run of /dev/zero" run /dev/zero
    expect_status 2 "run of /dev/zero under ulimit"
    # Out of memory is said as such, never "invalid JSON ... success", and
    # never a crash: a job of 8M numbers under 300 MB.
    { printf '{"program": "loop.tgsi", "buffers": {"0": {"u8": ['; yes '0,' | head -n 4000000 | tr -d '\n'; printf '0]}}}\n'; } >numbers.json
    checks=$((checks + 1))
    (ulimit -v 300000 && exec "$nvgp" run numbers.json) >out.txt 2>err.txt </dev/null
    status=$?
    expect_status 1 "a job too large for 300 MB"
    expect_grep err.txt 'out of memory' "a job too large for 300 MB"
    grep -q 'invalid JSON' err.txt && fail "out of memory reported as invalid JSON"
    rm -f semis.vp adds.vp numbers.json
}

case "$group" in
help|exit_codes|diagnostics|json|tgsi|malformed|hostile|memory) "group_$group" ;;
*) echo "unknown group '$group'"; exit 2 ;;
esac

if [ "$failures" -ne 0 ]; then
    echo "cli $group: $failures failure(s) in $checks runs"
    exit 1
fi
echo "cli $group: all $checks runs passed"
