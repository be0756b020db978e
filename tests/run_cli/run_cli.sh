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
    [ -z "$pattern" ] || grep -q -- "$pattern" "$tmp/err" || fail "nvgp run $*: stderr does not mention '$pattern': $(cat "$tmp/err")"
}

# A bad field is invalid input (1) and the message names the field.
expect_status 1 'invocations' "$dir/bad_field.json"
# Unreadable files are I/O errors (2): the job itself, or its program.
expect_status 2 'no-such-job.json' "$dir/no-such-job.json"
expect_status 2 'no-such-program.tgsi' "$dir/missing_program.json"

# expect_output JOB WANT: the job's whole output, blanks removed, is WANT.
expect_output() {
    local job=$1 want=$2
    if "$nvgp" run "$dir/$job" >"$tmp/out" 2>"$tmp/err"; then
        local flat
        flat=$(tr -d ' \n\t\r' <"$tmp/out")
        [ "$flat" = "$want" ] || fail "$job: output $flat, expected $want"
    else
        fail "$job: exit $?: $(cat "$tmp/err")"
    fi
}

# OUT[0] = IN[0] * CONST[0] + CONST[1], by hand:
#   invocation 0: (1*2 + 0.25, 2*3 + 1, 3*4 - 2, 4*5 + 10)   = (2.25, 7, 10, 30)
#   invocation 1: (0.5*2 + 0.25, -1*3 + 1, 2*4 - 2, 0*5 + 10) = (1.25, -2, 6, 10)
# (TGSI names are whole registers: nothing of the scalar bindings below.)
expect_output mad.json \
    '{"invocations":[{"OUT[0]":[2.25,7,10,30]},{"OUT[0]":[1.25,-2,6,10]}],"faults":0}'

# Interpolation modes on GEOM inputs and outputs (as Mesa's graw geometry
# tests write them) are warnings of the checker, not errors: the job runs.
# OUT[0] = IN[1][0] = (5, 6, 7, 8), OUT[1] = IN[0][1] = (0.5, 0.25, 0, 1),
# one vertex emitted.
expect_output gs_interpolation.json \
    '{"invocations":[{"OUT[0]":[5,6,7,8],"OUT[1]":[0.5,0.25,0,1]}],'\
'"emitted":[[{"stream":0,"primitive":0,"OUT[0]":[5,6,7,8],"OUT[1]":[0.5,0.25,0,1]}]],"faults":0}'

# Scalar bindings of NV programs print as [value, 0, 0, 0]; without
# "outputs" every name of a written register appears, in register order.
# ARBvp1.0 + NV_vertex_program2: clip[0] = x + 10, clip[1] = y * -3:
#   (1, 2):     11, -6
#   (-4, 0.5):  6, -1.5
expect_output nv_clip_arb.json \
    '{"invocations":[{"result.position":[1,2,3,1],"result.clip[0]":[11,0,0,0],"result.clip[1]":[-6,0,0,0]},'\
'{"result.position":[-4,0.5,0,1],"result.clip[0]":[6,0,0,0],"result.clip[1]":[-1.5,0,0,0]}],"faults":0}'
# VP2.0 o[CLP0..3] = v[OPOS] (1, 2, 3, 4) x, y, z, w; o[CLP4] = 1 + 0.5;
# o[CLP5] = 2 * -2 (CLIPDIST[0] xyzw then CLIPDIST[1] xy).
expect_output nv_clip_vp2.json \
    '{"invocations":[{"o[HPOS]":[1,2,3,4],"o[CLP0]":[1,0,0,0],"o[CLP1]":[2,0,0,0],"o[CLP2]":[3,0,0,0],'\
'"o[CLP3]":[4,0,0,0],"o[CLP4]":[1.5,0,0,0],"o[CLP5]":[-4,0,0,0]}],"faults":0}'
# The same outputs named in "outputs", in its order; 1.5 = 0x3fc00000.
expect_output nv_clip_vp2_outputs.json \
    '{"invocations":[{"o[CLP5]":[-4,0,0,0],"o[CLP2]":[3,0,0,0],'\
'"o[CLP4]":["0x3fc00000","0x00000000","0x00000000","0x00000000"],"o[HPOS]":[1,2,3,4]}],"faults":0}'
# NVtep5.0 tessellation levels: each binding sets only its component from
# the value's x (tessouter[0] = 2 for both, tessouter[2] = 5 / 7,
# tessinner[0] = 3; tessouter[1] never given reads 0):
#   texcoord[0] = (outer[0], outer[1], outer[2], inner[0]) = (2, 0, 5, 3) / (2, 0, 7, 3)
#   texcoord[1] = outer[2] + inner[0] = 8 / 10
expect_output nv_tess_levels.json \
    '{"invocations":[{"result.position":[0.5,0.25,0.25,0],"result.texcoord[0]":[2,0,5,3],"result.texcoord[1]":[8,8,8,8]},'\
'{"result.position":[0,0,1,0],"result.texcoord[0]":[2,0,7,3],"result.texcoord[1]":[10,10,10,10]}],"faults":0}'

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
# NVgp4.0: each emitted vertex prints result.clip[2] as a scalar: vertex 0
# gets vertex[1].clip[1] = 5, vertex 1 vertex[2].clip[1] + 1 = 7 (also the
# invocation's final value).
expect_output nv_gp_clip.json \
    '{"invocations":[{"result.position":[1,2,3,4],"result.clip[2]":[7,0,0,0]}],"emitted":[['\
'{"stream":0,"primitive":0,"result.position":[1,2,3,4],"result.clip[2]":[5,0,0,0]},'\
'{"stream":0,"primitive":0,"result.position":[1,2,3,4],"result.clip[2]":[7,0,0,0]}]],"faults":0}'

# NV_gpu_program5's PRIMITIVE_IN PATCHES: each patch of four vertices runs
# the geometry program once, which emits its vertex[2].position.
expect_output nv_gs_patches.json \
    '{"invocations":[{"result.position":[1,2,3,4]},{"result.position":[5,6,7,8]}],"emitted":[['\
'{"stream":0,"primitive":0,"result.position":[1,2,3,4]}],[{"stream":0,"primitive":0,"result.position":[5,6,7,8]}]],"faults":0}'

# A LONG vertex attribute given as four 64-bit values (the named register
# holds x, y; the next one z, w): (1.5, 2.25, -3, 1 + 2^-52) + (2.25, 1.5,
# 1 + 2^-52, -3) = (3.75, 3.75, -2 + 2^-52, ...) as floats -2; UP64 of .wz
# gives w's words (1, 0x3ff00000) then z's (0, 0xc0080000).  The second
# invocation's words are doubles 1, 2, then 0 and the denormal 2^-1074.
expect_output nv_long_attrib.json \
    '{"invocations":[{"result.texcoord[0]":[3.75,3.75,-2,-2],'\
'"result.texcoord[2]":["0x00000001","0x3ff00000","0x00000000","0xc0080000"]},'\
'{"result.texcoord[0]":[3,3,0,0],"result.texcoord[2]":["0x00000001","0x00000000","0x00000000","0x00000000"]}],"faults":0}'

# The program is checked as `nvgp check` checks it, before anything runs: a
# TGSI program whose text reads but that declares shared memory outside a
# compute program is refused with exit 1 and the checker's own diagnostic.
"$nvgp" check "$dir/check_rejected.tgsi" 2>"$tmp/check_err" >/dev/null
[ $? -eq 1 ] || fail "nvgp check check_rejected.tgsi: expected exit 1"
expect_status 1 'shared memory exists only in COMP programs' "$dir/check_rejected.json"
grep -qxFf "$tmp/check_err" "$tmp/err" &&
    [ "$(grep -cxFf "$tmp/check_err" "$tmp/err")" -eq "$(wc -l <"$tmp/check_err")" ] ||
    fail "nvgp run check_rejected.json: diagnostic differs from nvgp check's: $(cat "$tmp/err")"

# `-` is standard input: the job read from a pipe runs as from its file
# (its program path then starts at the current folder).
if (cd "$dir" && "$nvgp" run - <mad.json >"$tmp/out" 2>"$tmp/err"); then
    flat=$(tr -d ' \n\t\r' <"$tmp/out")
    [ "$flat" = '{"invocations":[{"OUT[0]":[2.25,7,10,30]},{"OUT[0]":[1.25,-2,6,10]}],"faults":0}' ] ||
        fail "nvgp run - <mad.json: output $flat"
else
    fail "nvgp run - <mad.json: exit $?: $(cat "$tmp/err")"
fi
expect_status 1 '<stdin>' - <"$dir/bad_field.json"
# a job on standard input names its program file from the current folder
if (cd "$dir" && "$nvgp" run - <nv_clip_arb.json >"$tmp/out" 2>"$tmp/err"); then
    grep -q '"result.clip\[1\]"' "$tmp/out" || fail "nvgp run - <nv_clip_arb.json: $(cat "$tmp/out")"
else
    fail "nvgp run - <nv_clip_arb.json (from its folder): $(cat "$tmp/err")"
fi

# -o FILE, -oFILE, --output FILE and --output=FILE write the same results.
for form in "-o $tmp/o1.json" "-o$tmp/o2.json" "--output $tmp/o3.json" "--output=$tmp/o4.json"; do
    # shellcheck disable=SC2086
    "$nvgp" run $form "$dir/mad.json" >"$tmp/out" 2>"$tmp/err" || fail "nvgp run $form: $(cat "$tmp/err")"
done
for k in 2 3 4; do
    cmp -s "$tmp/o1.json" "$tmp/o$k.json" || fail "nvgp run: output forms differ (o1 vs o$k)"
done
grep -q '"faults"' "$tmp/o1.json" || fail "nvgp run -o: no results written"

# A folder where a file belongs says so: as the job (2), as the job's
# program (2), as the output (2).
expect_status 2 'is a directory' "$dir"
mkdir -p "$tmp/folder.tgsi"
printf '{ "program": "folder.tgsi" }' >"$tmp/folder_job.json"
expect_status 2 'is a directory' "$tmp/folder_job.json"
expect_status 2 'is a directory' -o "$tmp" "$dir/mad.json"

# expect_job STATUS STDERR-PATTERN JSON: runs the job JSON (written to a
# file beside a small vertex program and a compute program).
cat >"$tmp/vert.tgsi" <<'T'
VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL CONST[0]
MAD OUT[0], IN[0], CONST[0], IN[0]
END
T
cat >"$tmp/comp.tgsi" <<'T'
COMP
DCL BUFFER[0]
DCL IMAGE[0], 2D, PIPE_FORMAT_R32_UINT, WR
END
T
expect_job() {
    local want=$1 pattern=$2
    printf '%s\n' "$3" >"$tmp/job.json"
    expect_status "$want" "$pattern" "$tmp/job.json"
}
# A TGSI job names only what its program declares, as an NV job names only
# what the program binds: OUT[1], CONST[1], IN[1] and SV[0] are undeclared.
expect_job 1 'outputs\["OUT\[1\]"\]: the program has no such output' \
    '{"program": "vert.tgsi", "outputs": {"OUT[0]": "f32", "OUT[1]": "f32"}}'
expect_job 1 'params\["CONST\[1\]"\]: the program has no such parameter' \
    '{"program": "vert.tgsi", "params": {"CONST[1]": [1, 2, 3, 4]}}'
expect_job 1 'params\["CONST\[1\]\[0\]"\]: the program has no such parameter' \
    '{"program": "vert.tgsi", "params": {"CONST[1][0]": [1, 2, 3, 4]}}'
expect_job 1 'inputs\["IN\[1\]"\]: the program has no such input' \
    '{"program": "vert.tgsi", "inputs": {"IN[1]": [1, 2, 3, 4]}}'
expect_job 1 'inputs\["SV\[0\]"\]: the program has no such input' \
    '{"program": "vert.tgsi", "inputs": {"SV[0]": [1, 2, 3, 4]}}'
expect_job 1 'buffers\["BUFFER\[1\]"\]: the program has no such buffer' \
    '{"program": "comp.tgsi", "buffers": {"BUFFER[1]": {"u32": [1]}}}'
# what it declares binds: CONST[0] is CONST[0][0]
expect_job 0 '' \
    '{"program": "vert.tgsi", "params": {"CONST[0][0]": [1, 2, 3, 4]}, "outputs": ["OUT[0]"]}'
# "0" and "BUFFER[0]" are one binding point; so are "0" and "IMAGE[0]"
expect_job 1 'buffers\["BUFFER\[0\]"\]: BUFFER\[0\] is given twice' \
    '{"program": "comp.tgsi", "buffers": {"0": {"u32": [1]}, "BUFFER[0]": {"u32": [2]}}}'
expect_job 1 'images\["0"\]: IMAGE\[0\] is given twice' \
    '{"program": "comp.tgsi", "images": {"IMAGE[0]": {"format": "R32_UINT", "size": [1]}, '\
'"0": {"format": "R32_UINT", "size": [1]}}}'
# a grid whose product wraps 64 bits runs nothing today: refused
expect_job 1 'compute.grid: more than 16777216 threads' \
    '{"program": "comp.tgsi", "compute": {"grid": [16777216, 16777216, 65536]}}'
# the same output listed twice would print its key twice
expect_job 1 'outputs\[1\]: "OUT\[0\]" is listed twice' \
    '{"program": "vert.tgsi", "outputs": ["OUT[0]", "OUT[0]"]}'

# Keys are shown escaped as diagnostics show bytes (\xNN for control bytes
# and DEL, \" and \\ for quotes and backslashes), never raw: a job's key
# "IN[<U+0001><U+007F>"]" in each field's messages.  (A raw 0xff is invalid
# UTF-8, which the JSON reader refuses before any key is looked at.)
expect_key_escaped() {
    expect_job 1 "$1" "$2"
    if LC_ALL=C grep -q $'[\x01\x7f]' "$tmp/err"; then
        fail "raw control byte in: $(od -c "$tmp/err" | head -3)"
    fi
}
expect_key_escaped 'inputs\["IN\[\\x01\\x7f\\"\]"\]: ' \
    '{"program": "vert.tgsi", "inputs": {"IN[\u0001\u007f\"]": [1, 2, 3, 4]}}'
expect_key_escaped 'params\["CONST\[\\x01\]"\]: ' \
    '{"program": "vert.tgsi", "params": {"CONST[\u0001]": [1, 2, 3, 4]}}'
expect_key_escaped 'outputs\["OUT\[\\x01\]"\]: the program has no such output' \
    '{"program": "vert.tgsi", "outputs": ["OUT[\u0001]"]}'
expect_key_escaped 'buffers\["B\\x7f"\]: ' \
    '{"program": "comp.tgsi", "buffers": {"B\u007f": {"u32": [1]}}}'
expect_key_escaped 'images\["I\\x01"\]: ' \
    '{"program": "comp.tgsi", "images": {"I\u0001": {"format": "R32_UINT", "size": [1]}}}'
# json-c would cut a key short at a NUL ("IN[0]\u0000x" read as "IN[0]")
expect_key_escaped 'inputs\["IN\[0\]\\x00\\x01"\]: a key holds a NUL' \
    '{"program": "vert.tgsi", "inputs": {"IN[0]\u0000\u0001": [1, 2, 3, 4]}}'

# One register given twice in a field under two names (aliases) is refused,
# naming both keys: the later value would silently win.
cat >"$tmp/frag.tgsi" <<'T'
FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
MOV OUT[0], IN[0]
END
T
expect_job 1 'inputs\["IN\[00\]"\]: IN\[0\] is given twice: also by inputs\["IN\[0\]"\]' \
    '{"program": "vert.tgsi", "inputs": {"IN[0]": [1, 2, 3, 4], "IN[00]": [5, 6, 7, 8]}}'
expect_job 1 'params\["CONST\[0\]\[0\]"\]: CONST\[0\]\[0\] is given twice: also by params\["CONST\[0\]"\]' \
    '{"program": "vert.tgsi", "params": {"CONST[0]": [1, 2, 3, 4], "CONST[0][0]": [5, 6, 7, 8]}}'
expect_job 1 'outputs\["OUT\[00\]"\]: OUT\[0\] is given twice: also by outputs\["OUT\[0\]"\]' \
    '{"program": "vert.tgsi", "outputs": ["OUT[0]", "OUT[00]"]}'
expect_job 1 'framebuffer\["OUT\[00\]"\]: OUT\[0\] is given twice: also by framebuffer\["OUT\[0\]"\]' \
    '{"program": "frag.tgsi", "framebuffer": {"OUT[0]": [1, 2, 3, 4], "OUT[00]": [5, 6, 7, 8]}}'
# an NV name and the register it binds: vertex.position is IN[0],
# program.env[0] is CONST[0], result.position is OUT[0]
cp "$dir/nv_clip_arb.vp" "$dir/nv_long_attrib.vp" "$tmp/"
expect_job 1 'inputs\["IN\[0\]"\]: IN\[0\] is given twice: also by inputs\["vertex.position"\]' \
    '{"program": "nv_clip_arb.vp", "inputs": {"vertex.position": [1, 2, 3, 4], "IN[0]": [1, 2, 3, 4]}}'
expect_job 1 'params\["CONST\[0\]"\]: CONST\[0\]\[0\] is given twice: also by params\["program.env\[0\]"\]' \
    '{"program": "nv_clip_arb.vp", "params": {"program.env[0]": [1, 2, 3, 4], "CONST[0]": [1, 2, 3, 4]}}'
expect_job 1 'outputs\["OUT\[0\]"\]: OUT\[0\] is given twice: also by outputs\["result.position"\]' \
    '{"program": "nv_clip_arb.vp", "outputs": ["result.position", "OUT[0]"]}'
# a list of parameters fills the registers after the named one
cat >"$tmp/vert2.tgsi" <<'T'
VERT
DCL OUT[0], POSITION
DCL CONST[0..1]
ADD OUT[0], CONST[0], CONST[1]
END
T
expect_job 1 'params\["CONST\[1\]"\]: CONST\[0\]\[1\] is given twice: also by params\["CONST\[0\]"\]' \
    '{"program": "vert2.tgsi", "params": {"CONST[0]": [[1, 2, 3, 4], [5, 6, 7, 8]], "CONST[1]": [0, 0, 0, 0]}}'
# a LONG attribute's four 64-bit values fill the register after it too:
# vertex.attrib[1] is IN[0] and IN[1]
expect_job 1 'inputs\["IN\[1\]"\]: IN\[1\] is given twice: also by inputs\["vertex.attrib\[1\]"\]' \
    '{"program": "nv_long_attrib.vp", "inputs": {"vertex.attrib[1]": {"f64": [1, 2, 3, 4]}, "IN[1]": [0, 0, 0, 0]}}'
# two components of one register are two outputs; a whole register and one
# of its components are read, not set: both may be listed
expect_job 0 '' \
    '{"program": "nv_clip_arb.vp", "outputs": ["result.clip[0]", "result.clip[1]", "OUT[1]"]}'
expect_job 0 '' \
    '{"program": "nv_clip_arb.vp", "inputs": {"vertex.position": [1, 2, 3, 4]}, "params": {"program.env[0]": [1, 2, 3, 4]}}'

[ "$failures" -eq 0 ] || exit 1
echo "run_cli: all checks passed"
