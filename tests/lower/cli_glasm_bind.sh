#!/usr/bin/env bash
# Bindings that real NV_gpu_program5 programs use, in programs written the
# way an emulator's GLASM back end writes them (one header, OPTION lines,
# "TEMP R0,R1,RC;", "ATTRIB in_attr0[]={vertex.attrib[0..0]};", ...): each
# case loads (nvgp check), translates (nvgp tgsi) and runs (nvgp run) with
# values computed by hand.
# usage: cli_glasm_bind.sh NVGP JSON_GET WORKDIR CASE
set -u
nvgp=$1
json_get=$2
work=$3/$4
what=$4
mkdir -p "$work" && cd "$work" || exit 2
fails=0
fail() { echo "FAIL ($what): $*"; fails=$((fails + 1)); }
# load PROGRAM: check and tgsi both succeed
load() {
    "$nvgp" check "$1" 2>err.txt || fail "check $1: $(cat err.txt)"
    "$nvgp" tgsi "$1" >/dev/null 2>err.txt || fail "tgsi $1: $(cat err.txt)"
}
run() {
    "$nvgp" run "$1" >raw.txt 2>err.txt || fail "run $1: $(cat err.txt)"
    tr -d '\n' <raw.txt >out.txt
}
expect() {
    local got
    got=$("$json_get" "$1" <out.txt)
    [ "$got" = "$2" ] || fail "$3: $1 is '$got', want '$2'"
}

case $what in
threadgroup)
    # NV_shader_thread_group, its NV_compute_program5 section: lane i of a
    # 4-thread group has threadid i, eqmask 1<<i, ltmask (1<<i)-1, lemask
    # (2<<i)-1, gtmask ~0<<(i+1), gemask ~0<<i; each lane stores
    # (id, eq, lt, le) at byte 32i and (gt, ge, id, 0) at 32i+16.
    cat >tg.cp <<'P'
!!NVcp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_shader_thread_group;
GROUP_SIZE 4 1 1;
TEMP R0,R1,R2,RC;
STORAGE ssbo0[]={program.storage[0]};
MOV.S R0.x,invocation.threadid;
MOV.U R0.y,invocation.threadeqmask.x;
MOV.U R0.z,invocation.threadltmask.x;
MOV.U R0.w,invocation.threadlemask.x;
MOV.U R1.x,invocation.threadgtmask.x;
MOV.U R1.y,invocation.threadgemask.x;
MOV.U R1.z,invocation.threadid.x;
MOV.U R1.w,0;
SHL.U R2.x,R0.x,5;
STB.U32X4 R0,ssbo0[R2.x];
ADD.U R2.x,R2.x,16;
STB.U32X4 R1,ssbo0[R2.x];
END
P
    cat >tg.json <<'J'
{ "program": "tg.cp", "compute": { "block": [4, 1, 1] },
  "buffers": { "program.storage[0]": { "u32": [], "size": 128 } }, "outputs": [] }
J
    load tg.cp
    run tg.json
    expect '0/buffers/program.storage[0]/u32' \
'[0,1,0,1,4294967294,4294967295,0,0,1,2,1,3,4294967292,4294967294,1,0,2,4,3,7,4294967288,4294967292,2,0,3,8,7,15,4294967280,4294967288,3,0]' \
        "thread ids and masks"
    ;;
scalar)
    # Scalar bindings, "(id,-,-,-)": every component reads the value
    # (docs/spec-decisions.md).  Fragment lanes 0..3: threadid.z = i,
    # threadeqmask.w = 1<<i, primitive.id.y as the job gives it (5).
    cat >s.fp <<'P'
!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_thread_group;
TEMP R0,RC;
OUTPUT frag_color0=result.color;
MOV.U R0.x,fragment.threadid.z;
MOV.U R0.y,fragment.threadeqmask.w;
MOV.S R0.z,primitive.id.y;
MOV.S R0.w,primitive.id;
MOV.U frag_color0,R0;
END
P
    cat >s.json <<'J'
{ "program": "s.fp", "invocations": 4,
  "inputs": { "primitive.id": { "s32": [5, 0, 0, 0] } },
  "outputs": { "result.color": "u32" } }
J
    load s.fp
    run s.json
    expect '0/invocations/0/result.color' '[0,1,5,5]' "lane 0"
    expect '0/invocations/3/result.color' '[3,8,5,5]' "lane 3"
    # but a vertex program's vertex.fogcoord is "(f,0,0,1)" (NV_vertex_program4),
    # an attribute supplied whole: its y, z, w stay what the job gives
    cat >f.vp <<'P'
!!NVvp5.0
OPTION NV_internal;
TEMP R0,RC;
MOV.F R0,vertex.fogcoord.yzwx;
MOV.F result.texcoord[0],R0;
MOV.F result.position,{0,0,0,1};
END
P
    cat >f.json <<'J'
{ "program": "f.vp", "inputs": { "vertex.fogcoord": [2, 0, 0, 1] },
  "outputs": { "result.texcoord[0]": "f32" } }
J
    load f.vp
    run f.json
    expect '0/invocations/0/result.texcoord[0]' '[0,0,1,2]' "vertex.fogcoord"
    ;;
drawparams)
    # vertex.baseVertex, vertex.baseInstance, vertex.draw.id as real vertex
    # programs spell them (ARB_shader_draw_parameters' values), set from the
    # job like other system values.
    cat >d.vp <<'P'
!!NVvp5.0
OPTION NV_internal;
TEMP R0,RC;
OUTPUT out_attr0[]={result.attrib[0..0]};
MOV.S R0.x,vertex.baseVertex;
MOV.S R0.y,vertex.baseInstance;
MOV.S R0.z,vertex.draw.id;
MOV.S R0.w,vertex.draw.id.y;
MOV.S out_attr0[0],R0;
MOV.F result.position,{0,0,0,1};
END
P
    cat >d.json <<'J'
{ "program": "d.vp", "invocations": 2,
  "inputs": { "vertex.baseVertex": { "s32": [7, 0, 0, 0] },
              "vertex.baseInstance": { "s32": [-2, 0, 0, 0] },
              "vertex.draw.id": [ { "s32": [3, 0, 0, 0] }, { "s32": [4, 0, 0, 0] } ] },
  "outputs": { "result.attrib[0]": "s32" } }
J
    load d.vp
    run d.json
    expect '0/invocations/0/result.attrib[0]' '[7,-2,3,3]' "draw 3"
    expect '0/invocations/1/result.attrib[0]' '[7,-2,4,4]' "draw 4"
    ;;
levels)
    # OUTPUT arrays of tessellation levels, indexed by constants and
    # relatively: outer = (1.5, 2, 3, 4), inner = (5, 6).
    cat >l.tcp <<'P'
!!NVtcp5.0
OPTION NV_internal;
VERTICES_OUT 1;
TEMP R0,RC;
OUTPUT result_patch_tessouter[]={result.patch.tessouter[0..3]};
OUTPUT result_patch_tessinner[]={result.patch.tessinner[0..1]};
MOV.F result_patch_tessouter[0].x,1.5;
MOV.S R0.x,2;
MOV.S R0.y,0;
MOV.F result_patch_tessouter[R0.x].x,3;
MOV.F result_patch_tessouter[R0.x+1].x,4;
MOV.F result.patch.tessouter[1].x,2;
MOV.F result_patch_tessinner[1].x,6;
MOV.F result_patch_tessinner[R0.y].x,5;
END
P
    cat >l.json <<'J'
{ "program": "l.tcp", "invocations": 1, "vertices": 1 }
J
    load l.tcp
    run l.json
    expect '0/invocations/0/result.patch.tessouter[0]' '[1.5,0,0,0]' "outer 0"
    expect '0/invocations/0/result.patch.tessouter[1]' '[2,0,0,0]' "outer 1"
    expect '0/invocations/0/result.patch.tessouter[2]' '[3,0,0,0]' "outer 2"
    expect '0/invocations/0/result.patch.tessouter[3]' '[4,0,0,0]' "outer 3"
    expect '0/invocations/0/result.patch.tessinner[0]' '[5,0,0,0]' "inner 0"
    expect '0/invocations/0/result.patch.tessinner[1]' '[6,0,0,0]' "inner 1"
    ;;
attrib2)
    # Two-level attribute arrays (NV_geometry_program4 <attribUseV> ::=
    # <attribVarName> <arrayMem> <arrayMem>, NV_tessellation_program5 the
    # same): the first index is the vertex, the second the element, each a
    # constant or relative.  Each input's x is a distinct power of two, so
    # the sum names what was read: in_attr0[0][0] (1) + in_attr0[2][0] (2)
    # + in_attr1[1][2] (4, vertex 1's attrib[3]) + in_attr1[1][R0.x=2] (4)
    # + in_attr1[2][R0.y+1=2] (8) = 19; the position is vertex 1's.
    cat >a.gp <<'P'
!!NVgp5.0
OPTION NV_internal;
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
TEMP R0,R1,RC;
ATTRIB in_attr0[]={vertex.attrib[0..0]};
ATTRIB in_attr1[]={vertex.attrib[1..3]};
ATTRIB vertex_position=vertex.position;
OUTPUT out_attr0[]={result.attrib[0..0]};
MOV.S R0.x,2;
MOV.S R0.y,1;
MOV.F R1,in_attr0[0][0];
ADD.F R1,R1,in_attr0[R0.x][0];
ADD.F R1,R1,in_attr1[R0.y][2];
ADD.F R1,R1,in_attr1[1][R0.x];
ADD.F R1,R1,in_attr1[R0.x][R0.y+1];
MOV.F out_attr0[0],R1;
MOV.F result.position,vertex_position[R0.y];
EMIT;
END
P
    cat >a.json <<'J'
{ "program": "a.gp", "invocations": 1, "vertices": 3,
  "inputs": { "vertex[0].attrib[0]": [1, 0, 0, 0], "vertex[2].attrib[0]": [2, 0, 0, 0],
              "vertex[1].attrib[3]": [4, 0, 0, 0], "vertex[2].attrib[3]": [8, 0, 0, 0],
              "vertex[1].attrib[1]": [16, 0, 0, 0], "vertex[1].attrib[2]": [32, 0, 0, 0],
              "vertex[2].attrib[1]": [64, 0, 0, 0], "vertex[2].attrib[2]": [128, 0, 0, 0],
              "vertex[0].attrib[3]": [256, 0, 0, 0], "vertex[1].attrib[0]": [512, 0, 0, 0],
              "vertex[1].position": [1, 2, 3, 4] },
  "outputs": { "result.attrib[0]": "f32", "result.position": "f32" } }
J
    load a.gp
    run a.json
    expect '0/invocations/0/result.attrib[0]' '[19,0,0,0]' "geometry elements"
    expect '0/invocations/0/result.position' '[1,2,3,4]' "geometry position"
    # tessellation evaluation: in_attr0[0][1].y = 2, in_attr0[2][0].x = 5,
    # in_attr0[2][R0.y+1].z = 11
    cat >a.tep <<'P'
!!NVtep5.0
OPTION NV_internal;
TESS_MODE TRIANGLES;
TESS_SPACING EQUAL;
TESS_VERTEX_ORDER CCW;
TEMP R0,R1,RC;
ATTRIB in_attr0[]={vertex.attrib[0..1]};
OUTPUT out_attr0[]={result.attrib[0..0]};
MOV.S R0.x,2;
MOV.S R0.y,0;
MOV.F R1.x,in_attr0[0][1].y;
MOV.F R1.y,in_attr0[R0.x][0].x;
MOV.F R1.z,in_attr0[R0.x][R0.y+1].z;
MOV.F R1.w,vertex.tesscoord.x;
MOV.F out_attr0[0],R1;
MOV.F result.position,{0,0,0,1};
END
P
    cat >t.json <<'J'
{ "program": "a.tep", "invocations": 1, "vertices": 3,
  "inputs": { "vertex[0].attrib[1]": [1, 2, 3, 4], "vertex[2].attrib[0]": [5, 6, 7, 8],
              "vertex[2].attrib[1]": [9, 10, 11, 12], "vertex.tesscoord": [0.25, 0.5, 0.25, 0] },
  "outputs": { "result.attrib[0]": "f32" } }
J
    load a.tep
    run t.json
    expect '0/invocations/0/result.attrib[0]' '[2,5,11,0.25]' "tessellation elements"
    # "If such a variable is declared an array, it must have a second array
    # index": one index fails to load
    sed 's/in_attr0\[0\]\[1\]\.y/in_attr0[0].y/' a.tep >b.tep
    "$nvgp" check b.tep 2>err.txt && fail "one index on a two-level array loads"
    grep -q 'second index' err.txt || fail "one index: message $(cat err.txt)"
    ;;
buffers)
    # program.buffer[a..b] (NV_gpu_program5 Table X.12.1) and the element
    # forms of program.storage (NV_shader_storage_buffer_object Table X.2):
    # over several binding points the first index picks the point, the
    # second the element (bytes for CBUFFER and STORAGE, 16 bytes for
    # BUFFER4).  By hand:
    #   c0[8] = 7; cb[1][4] = word 1 of buffer 2 = 201; cb[0][1+3] = 101;
    #   b4[1][1] = element 2 of buffer 4 = (44, 45, 46, 47), .y = 45
    #   -> storage 0 = (7, 201, 101, 45)
    #   ssbo_pts[1][4] = word 1 of storage 2 = 51; ssbo_el[4] = byte 12 of
    #   storage 3 = 63; ssbo_one = byte 4 of storage 3 = 61; 51 + 63 = 114
    #   -> storage 1 = (51, 63, 61, 114); ssbo_el[1+3] (byte 12) = 114
    cat >m.cp <<'P'
!!NVcp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1 1 1;
TEMP R0,R1,R2,R3,R4,RC;
CBUFFER c0[]={program.buffer[0]};
CBUFFER cb[]={program.buffer[1..2]};
BUFFER4 b4[2]={program.buffer[3..4][1..2]};
STORAGE ssbo0[]={program.storage[0]};
STORAGE ssbo_pts[]={program.storage[1..2]};
STORAGE ssbo_el[]={program.storage[3][8..15]};
STORAGE ssbo_one=program.storage[3][4];
MOV.S R4.x,1;
LDC.U32 R0.x,c0[8];
LDC.U32 R1.x,cb[1][4];
LDC.U32 R2.x,cb[0][R4.x+3];
MOV.U R0.y,R1.x;
MOV.U R0.z,R2.x;
MOV.U R0.w,b4[1][1].y;
STB.U32X4 R0,ssbo0[0];
LDB.U32 R1.x,ssbo_pts[1][4];
LDB.U32 R2.x,ssbo_el[4];
LDB.U32 R3.x,ssbo_one;
MOV.U R1.y,R2.x;
MOV.U R1.z,R3.x;
ADD.U R1.w,R1.x,R1.y;
STB.U32X4 R1,ssbo_pts[0][0];
STB.U32 R1.w,ssbo_el[R4.x+3];
END
P
    cat >m.json <<'J'
{ "program": "m.cp", "compute": { "block": [1, 1, 1] },
  "buffers": { "program.buffer[0]": { "u32": [0, 0, 7] },
               "program.buffer[1]": { "u32": [100, 101] },
               "program.buffer[2]": { "u32": [200, 201] },
               "program.buffer[4]": { "u32": [0,0,0,0, 40,41,42,43, 44,45,46,47] },
               "program.storage[0]": { "u32": [0, 0, 0, 0] },
               "program.storage[1]": { "u32": [0, 0, 0, 0] },
               "program.storage[2]": { "u32": [50, 51] },
               "program.storage[3]": { "u32": [60, 61, 62, 63] } },
  "outputs": [] }
J
    load m.cp
    run m.json
    expect '0/buffers/program.storage[0]/u32' '[7,201,101,45]' "parameter buffer ranges"
    expect '0/buffers/program.storage[1]/u32' '[51,63,61,114]' "storage element forms"
    expect '0/buffers/program.storage[3]/u32' '[60,61,62,114]' "store through an element form"
    ;;
*)
    fail "unknown case"
    ;;
esac
[ "$fails" -eq 0 ] && echo "cli_glasm_bind $what: all passed"
[ "$fails" -eq 0 ]
