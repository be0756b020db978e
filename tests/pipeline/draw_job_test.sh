#!/bin/bash
# `nvgp run` of draw jobs (docs/job-format.md "Draw jobs"): probed pixels
# and PNG bytes computed by hand, and bad draw input refused with the
# field named.
# usage: draw_job_test.sh NVGP PNG_PROBE JOBS_DIR WORK_DIR
nvgp=$1 probe=$2 jobs=$3 work=$4
. "$(dirname "$0")/draw_job_lib.sh" || exit 1
mkdir -p "$work" && cd "$work" || exit 1

# Fragment colour = colour * local[0] + env[1]: a red quad, local (0.5,1,1,1),
# env (0,0.25,0,0) -> (0.5, 0.25, 0, 1) -> bytes round(127.5) = 128,
# round(63.75) = 64.
cat >red.json <<'JOB'
{"draw": {
  "programs": {
    "vertex": {"text": "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.color, vertex.color;\nEND\n"},
    "fragment": {"text": "!!ARBfp1.0\nMAD result.color, fragment.color, program.local[0], program.env[1];\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "color": [[1,0,0,1],[1,0,0,1],[1,0,0,1],[1,0,0,1]]},
  "framebuffer": {"width": 4, "height": 2},
  "params": {"fragment": {"program.local[0]": [0.5,1,1,1], "program.env[1]": [0,0.25,0,0]}},
  "probes": [[0,0],[3,1]]}}
JOB
jobs_here=$jobs
jobs=$PWD
probe red.json "0 0 128 64 0 255 1" "3 1 128 64 0 255 1"
jobs=$jobs_here

# Viewport (0,0,2,2) of 4x4: only the lower-left 2x2 is drawn.  Colour
# (1,0,0,0.25) blended SRC_ALPHA, ONE_MINUS_SRC_ALPHA over the clear (0,0,1,1):
# r 0.25 -> 64, b 0.75 -> 191.25 -> 191, a 0.25*0.25 + 0.75 = 0.8125 ->
# 207.19 -> 207.  Depth test on: z 0.5 -> window depth 0.5*0.5 + 0.5 = 0.75
# written; elsewhere the cleared 1.
probe blend_viewport.json "0 0 64 0 191 207 0.75" "1 1 64 0 191 207 0.75" \
    "2 2 0 0 255 255 1" "3 0 0 0 255 255 1"
# A clockwise triangle: culled as a back face (FrontFace CCW), drawn when
# front_face is cw (depth test off: the depth stays the cleared 1).
probe cull.json "0 0 0 0 0 0 1"
probe cull_cw.json "0 0 0 255 0 255 1"
# texcoord * local[0] + env[1] over 4x2 = (s, 0.5, 0, 1), s = (x + 0.5) / 4:
# x 3 -> 0.875 -> 223.125 -> 223, x 0 -> 0.125 -> 31.875 -> 32; the PNG
# (row 0 at the top) holds the same bytes.
probe mad_png.json "3 1 223 128 0 255 1" "0 0 32 128 0 255 1"
[ "$("$probe" mad.png 3 0)" = "223 128 0 255" ] || fail "mad.png (3,0): $("$probe" mad.png 3 0)"
[ "$("$probe" mad.png 0 1)" = "32 128 0 255" ] || fail "mad.png (0,1): $("$probe" mad.png 0 1)"

# "textures": the mad.png just written, as texture 0 (its bottom row at t =
# 0, LINEAR), sampled at its texel centres (texcoord = pixel centre / size)
# gives its bytes back.
cat >tex.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "texcoord0": [[0,0],[1,0],[0,1],[1,1]]},
  "framebuffer": {"width": 4, "height": 2},
  "textures": {"0": "mad.png"},
  "probes": [[3,1],[0,0]]}}
JOB
jobs_here=$jobs
jobs=$PWD
probe tex.json "3 1 223 128 0 255 1" "0 0 32 128 0 255 1"
# "track": c[0..3] track the modelview-projection matrix (NV_vertex_program
# TrackMatrixNV, IDENTITY).  projection = diag(0.5, 0.5, 1, 1), modelview
# translates x by 0.5: x' = 0.5 (x + 0.5), y' = 0.5 y, so the quad [-1,1]^2
# covers x' -0.25..0.75, y' -0.5..0.5: on 8x4, window x 3..7 and y 1..3,
# pixel columns 3-6 and rows 1-2 (their centres inside).
cat >track.json <<'JOB'
{"draw": {
  "programs": {"vertex": {"text": "!!VP1.0\nDP4 o[HPOS].x, c[0], v[OPOS];\nDP4 o[HPOS].y, c[1], v[OPOS];\nDP4 o[HPOS].z, c[2], v[OPOS];\nDP4 o[HPOS].w, c[3], v[OPOS];\nMOV o[COL0], v[COL0];\nEND\n"}},
  "primitive": "quads",
  "vertices": {"position": [[-1,-1],[1,-1],[1,1],[-1,1]], "color": [[0,1,0,1],[0,1,0,1],[0,1,0,1],[0,1,0,1]]},
  "framebuffer": {"width": 8, "height": 4},
  "matrices": {"projection": [0.5,0,0,0, 0,0.5,0,0, 0,0,1,0, 0,0,0,1],
               "modelview": [1,0,0,0.5, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
  "track": {"c[0]": ["mvp", "identity"]},
  "probes": [[3,1],[2,1],[6,2],[7,2],[4,0],[4,3]]}}
JOB
probe track.json "3 1 0 255 0 255 1" "2 1 0 0 0 0 1" "6 2 0 255 0 255 1" "7 2 0 0 0 0 1" \
    "4 0 0 0 0 0 1" "4 3 0 0 0 0 1"
# Stencil: cleared to 1; ALWAYS with ref 5 and REPLACE on pass under write
# mask 6 store (5 & 6) | (1 & ~6) = 4 | 1 = 5 where the quad (x <= 0 of a
# 4x2 window: pixel columns 0-1) is drawn; columns 2-3 keep the clear 1.
cat >stencil.json <<'JOB'
{"draw": {
  "programs": {"vertex": {"text": "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.color, vertex.color;\nEND\n"}},
  "primitive": "quads",
  "vertices": {"position": [[-1,-1],[0,-1],[0,1],[-1,1]], "color": [[1,1,0,1],[1,1,0,1],[1,1,0,1],[1,1,0,1]]},
  "framebuffer": {"width": 4, "height": 2, "clear_stencil": 1},
  "state": {"stencil_test": true, "stencil_func": ["always", 5, 255],
            "stencil_op": ["keep", "keep", "replace"], "stencil_write_mask": 6},
  "probes": [[0,0],[1,1],[2,0],[3,1]]}}
JOB
probe stencil.json "0 0 255 255 0 255 1 s5" "1 1 255 255 0 255 1 s5" "2 0 0 0 0 0 1 s1" \
    "3 1 0 0 0 0 1 s1"
# Cleared to 2, EQUAL 2 passes: INCR on pass (write mask 255) stores 3 and
# the colour is written.  EQUAL 1 fails everywhere: KEEP, nothing drawn.
sed 's/"always", 5, 255/"equal", 2, 255/; s/"clear_stencil": 1/"clear_stencil": 2/;
     s/"replace"/"incr"/; s/"stencil_write_mask": 6/"stencil_write_mask": 255/' stencil.json >stencil_eq.json
probe stencil_eq.json "0 0 255 255 0 255 1 s3" "1 1 255 255 0 255 1 s3" "2 0 0 0 0 0 1 s2" \
    "3 1 0 0 0 0 1 s2"
sed 's/"equal", 2, 255/"equal", 1, 255/' stencil_eq.json >stencil_fail.json
probe stencil_fail.json "0 0 0 0 0 0 1 s2" "1 1 0 0 0 0 1 s2" "2 0 0 0 0 0 1 s2" "3 1 0 0 0 0 1 s2"
jobs=$jobs_here

# NV_shader_thread_group: the framebuffer-object quad pattern (spec-decisions
# Pipeline 12): red (id mod 4) / 4 = 0, 0.25, 0.5, 0.75 at (0,0) (1,0) (0,1)
# (1,1) -> 0, 63.75 -> 64, 127.5 -> 128, 191.25 -> 191; QSWZ1 gives every
# fragment of the quad fragment 1's 0.25 (green 64), QSWZ3 fragment 3's 0.75
# (blue 191).
probe quad_ids.json "0 0 0 64 191 255 1" "1 0 64 64 191 255 1" "0 1 128 64 191 255 1" \
    "1 1 191 64 191 255 1" "3 1 191 64 191 255 1"
# NV_parameter_buffer_object(2) parameter buffers per stage
# (parameter_buffers.json; spec-decisions Pipeline 13).  Vertex colour =
# BUFFER4 colors[k] * LDC.F32X4 at byte 16k: left quad (k = 0) (0.5,0,0,1)
# * (1,1,1,1) -> red 127.5 -> 128; right quad (k = 1) (0,0.5,0,1) *
# (2,2,2,1) -> green 255.  Fragment x: blue = BUFFER w[x] of (0, 0.25, 0.5,
# 0.75) -> 0, 63.75 -> 64, 127.5 -> 128, 191.25 -> 191; alpha = LDC.U8 byte
# x + 2 of (10, 20, 255, 51) / 255: x = 0 -> 255, x = 1 -> 51, x = 2, 3 read
# bytes 4 and 5, past the 4 bound: 0; program.buffer[1] is bound for the
# vertex stage only, so the fragment program reads 0 there (adds nothing).
probe parameter_buffers.json "0 0 128 0 0 255 1" "1 0 128 0 64 51 1" "2 0 0 255 128 0 1" \
    "3 0 0 255 191 0 1"
# Nothing bound for the fragment stage: w, the bytes and program.buffer[1]
# all read 0 (blue 0, alpha 0); the vertex stage keeps its buffers.
tr -d '\n' <"$jobs/parameter_buffers.json" |
    sed 's/"fragment": {"program.buffer\[0\]"[^}]*}, *"program.buffer\[3\]": {[^}]*}}/"fragment": {}/' \
    >"$work/pb_unbound.json"
jobs_here=$jobs
jobs=$work
probe pb_unbound.json "0 0 128 0 0 0 1" "1 0 128 0 0 0 1" "2 0 0 255 0 0 1" "3 0 0 255 0 0 1"
jobs=$jobs_here

# The Mandelbrot example's centre, c = (-2.2 + 3 * 128.5/256, -1.5 + 3 *
# 128.5/256) = (-0.694, 0.006), lies in the main cardioid: the point never
# leaves, so LRP gives the inside colour (0.02, 0.02, 0.15): 5.1 -> 5,
# 38.25 -> 38.
jobs_here=$jobs
jobs=$jobs/../../../examples
probe nvfp5_mandelbrot.json "128 128 5 5 38 255 1"
jobs=$jobs_here

# Geometry programs (tests/pipeline/draw/stages_gs_*.json, adjacency_*).
# Point sprites: the point (-0.5, -0.5) becomes the window square x, y in
# [1, 3] (clip -0.75 .. -0.25), texcoord (s, t) = ((x + 0.5 - 1) / 2, ...):
# pixel (1,1) has s = t = 0.25, white * (s, t, s, s) -> 63.75 -> 64; (2,2)
# 0.75 -> 191.25 -> 191.  The point (0.5, 0.5), colour (0, 1, 1, 1), covers
# [5, 7]: (5,5) -> (0, 64, 64, 64).  (3,3), (4,4), (0,7) lie outside both.
probe stages_gs_sprites.json "1 1 64 64 64 64 1" "2 2 191 191 191 191 1" "3 3 0 0 0 0 1" \
    "5 5 0 64 64 64 1" "4 4 0 0 0 0 1" "0 7 0 0 0 0 1"
# EMIT past GS_MAX_OUTPUT_VERTICES 3 is dropped: of the 4-vertex strip over
# the window only the lower-left triangle (window (0,0), (4,0), (0,4)) is
# drawn, red; (2,2) and (3,3) lie beyond it.
probe stages_gs_max_vertices.json "0 0 255 0 0 255 1" "2 0 255 0 0 255 1" "2 2 0 0 0 0 1" \
    "3 3 0 0 0 0 1"
# GS_INVOCATIONS 2: invocation k fills x in [k-1, k] with (k, 1-k, 0, 1).
probe stages_gs_invocations.json "0 0 0 255 0 255 1" "1 3 0 255 0 255 1" "2 0 255 0 0 255 1" \
    "3 3 255 0 0 255 1"
# Streams: the green strip emitted on stream 1 is not rasterised, stream
# 0's red triangle (window (0,0), (2,0), (0,2)) is, though it writes layer
# 3 (one-layer framebuffer: ignored).
probe stages_gs_streams.json "0 0 255 0 0 255 1" "3 3 0 0 0 0 1" "2 2 0 0 0 0 1"
# Colours clamp after the geometry program: (1, 2, 4, 2) from the vertex
# program halved to (0.5, 1, 2, 1), then clamped: 0.5 -> 127.5 -> 128.
probe stages_gs_clamp.json "0 0 128 255 255 255 1" "1 1 128 255 255 255 1"
# NVgp5.0 INVOCATIONS 3, EMITS 0: points at window x = 4 (0.5 i - 0.75 + 1)
# = 1, 3, 5.
probe stages_gs5_invocations.json "0 0 0 0 0 0 1" "1 0 255 255 255 255 1" "2 0 0 0 0 0 1" \
    "3 0 255 255 255 255 1" "5 0 255 255 255 255 1" "7 0 0 0 0 0 1"
# Triangle strip with adjacency, 10 vertices = 3 triangles, by table X.1
# (1-based): first 1 3 5 / adjacent 2 7 4; middle (i = 1, odd) 5 3 7 / 1 6
# 9; last (i = 2, even) 5 7 9 / 3 10 8.  0-based, green counts triangle
# vertices: 0:1 2:2 4:3 6:2 8:1; red counts adjacent ones: 1 for every
# vertex but 4.  Float framebuffer, blending ONE, ONE: "k red green".
counts() {  # JOB "X RED GREEN"...: the float colours of row 0's probes
    local job=$1
    shift
    "$nvgp" run "$job" >out.json 2>err.txt || { fail "$job: $(cat err.txt)"; return; }
    local got want
    got=$(sed -n 's/.*"x": \([0-9]*\), "y": 0, "color": \[\([^,]*\), \([^,]*\),.*/\1 \2 \3/p' out.json)
    want=$(printf '%s\n' "$@")
    [ "$got" = "$want" ] || fail "$job:
$got
want
$want"
}
counts "$jobs/stages_adjacency_strip.json" "0 1 1" "1 1 0" "2 1 2" "3 1 0" "4 0 3" "5 1 0" \
    "6 1 2" "7 1 0" "8 1 1" "9 1 0"
# Quad strips and polygons reach a triangles program as issue 17 says
# (vertex[0] counted in green, vertex[2] in red): the quads 0 1 3 2 and
# 2 3 5 4 as (0,1,3) (2,0,3) (2,3,5) (4,2,5): green 0:1 2:2 4:1, red 3:2
# 5:2; the polygon 0..5 as (1,2,0) (2,3,0) (3,4,0) (4,5,0): green 1..4 once,
# red 0 four times.
counts "$jobs/stages_gs_quad_strip.json" "0 0 1" "1 0 0" "2 0 2" "3 2 0" "4 0 1" "5 2 0"
sed 's/"quad_strip"/"polygon"/' "$jobs/stages_gs_quad_strip.json" >polygon.json
counts polygon.json "0 4 0" "1 0 1" "2 0 1" "3 0 1" "4 0 1" "5 0 0"
# Triangles with adjacency, no geometry program: vertices 0, 2, 4 make the
# lower-left triangle; (3,1) would be drawn if 0, 1, 2 were used.
probe stages_adjacency_no_gs.json "0 2 255 255 255 255 1" "3 1 0 0 0 0 1" "3 3 0 0 0 0 1"
# Triangle strip with adjacency: the program's vertex[1] and vertex[3] are
# the 0-based vertices 1 (red (-1,-1)) and 5 (green (1,-1)), with white
# (1,1): at pixel (3,0), centre (3.5, 0.5) of the window triangle (0,0),
# (4,0), (4,4), the weights are red 0.125, green 0.75, white 0.125:
# (0.25, 0.875, 0.125) -> 64, 223, 32.  (0,3) is outside.
probe stages_adjacency_gs.json "3 0 64 223 32 255 1" "0 3 0 0 0 0 1"
# Viewport index 1 of viewports [[0,0,8,8],[4,4,4,4]]: only the upper-right
# quarter is drawn; index 20 (no such viewport) draws nothing.
probe stages_gs_viewport.json "1 1 0 0 0 0 1" "3 6 0 0 0 0 1" "5 5 255 255 255 255 1" \
    "7 7 255 255 255 255 1"
tr -d '\n' <"$jobs/stages_gs_viewport.json" | sed 's/\[ *1, *0, *0, *0 *\]/[20, 0, 0, 0]/' \
    >"$work/vp20.json"
jobs_here=$jobs
jobs=$work
probe vp20.json "1 1 0 0 0 0 1" "3 6 0 0 0 0 1" "5 5 0 0 0 0 1" "7 7 0 0 0 0 1"
jobs=$jobs_here

# ARB_fragment_layer_viewport: fragment.layer 3 and fragment.viewport 1
# from the geometry program: (3/4, 1/2, 0, 1) -> 191.25 -> 191, 127.5 -> 128.
probe stages_fragment_layer_viewport.json "1 1 0 0 0 0 1" "3 6 0 0 0 0 1" "5 5 191 128 0 255 1" \
    "7 7 191 128 0 255 1"

# Tessellation (stages_tess_*.json).  A quad patch over the 8x8 window,
# colour (u, v) = pixel centre / 8, blended ONE, ONE: every pixel holds its
# own colour exactly once (no gap, no overlap): round((2x + 1) * 255 / 16).
want=() all=""
for y in 0 1 2 3 4 5 6 7; do
    for x in 0 1 2 3 4 5 6 7; do
        want+=("$x $y $(( ((2 * x + 1) * 255 * 2 + 16) / 32 )) $(( ((2 * y + 1) * 255 * 2 + 16) / 32 )) 0 255 1")
        all="$all${all:+,}[$x,$y]"
    done
done
tr -d '\n' <"$jobs/stages_tess_quad.json" | sed "s/\"probes\": \[.*\]/\"probes\": [$all]/" \
    >"$work/tess_all.json"
jobs_here=$jobs
jobs=$work
probe tess_all.json "${want[@]}"
jobs=$jobs_here
# a per-patch attribute from the control to the evaluation program:
# (0.25, 0.5, 0.75, 1) -> 63.75 -> 64, 127.5 -> 128, 191.25 -> 191
probe stages_tess_patch_attrib.json "0 0 64 128 191 255 1" "1 1 64 128 191 255 1"
# outer level 0 from the control program: the patch is discarded
probe stages_tess_discard.json "0 0 0 0 0 0 1" "7 3 0 0 0 0 1" "4 6 0 0 0 0 1"
# isolines of the default levels (4, 3): rows 0, 2, 4, 6 (v = 0 .. 3/4),
# none at v = 1 (row 8)
probe stages_tess_isolines.json "3 0 255 255 255 255 1" "3 1 0 0 0 0 1" "3 2 255 255 255 255 1" \
    "3 4 255 255 255 255 1" "3 6 255 255 255 255 1" "3 7 0 0 0 0 1" "3 8 0 0 0 0 1"
# fractional odd 2.5 in point mode: u = 0, 0.3, 0.7 at x = 20u + 0.5
probe stages_tess_fractional_points.json "0 0 255 255 255 255 1" "6 0 255 255 255 255 1" \
    "7 0 0 0 0 0 1" "13 0 0 0 0 0 1" "14 0 255 255 255 255 1"

# Bad input (refuse, draw_job_lib.sh): exit 1 and the message names the field.
fp='{"fragment": {"text": "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n"}}'
fb='"framebuffer": {"width": 4, "height": 4}'
refuse 'draw.programs: missing' "{$fb, \"vertices\": {\"position\": [[0,0]]}}"
refuse 'draw.programs: names no stage' "{$fb, \"programs\": {}, \"vertices\": {\"position\": [[0,0]]}}"
# Tessellation and geometry stages (spec-decisions.md, "Pipeline stages"):
# the GL errors of ARB_tessellation_shader and NV_geometry_program4, named
# by field.
tep='{"text": "!!NVtep5.0\nTESS_MODE TRIANGLES;\nMOV result.position, vertex.tesscoord;\nEND\n"}'
tcp='{"text": "!!NVtcp5.0\nVERTICES_OUT 3;\nMOV result.patch.tessouter[0], 1;\nEND\n"}'
gp='{"text": "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nMOV result.position, vertex[0].position;\nEMIT;\nEND\n"}'
pts='"vertices": {"position": [[0,0],[0,0],[0,0]]}'
refuse 'draw: programs.tess_control: a tessellation control program needs a tessellation evaluation program' \
    "{$fb, \"programs\": {\"tess_control\": $tcp}, \"primitive\": \"patches\", $pts}"
refuse 'draw: primitive: patches need a tessellation evaluation program' \
    "{$fb, \"programs\": $fp, \"primitive\": \"patches\", $pts}"
refuse 'draw: primitive: with a tessellation evaluation program the primitive must be patches' \
    "{$fb, \"programs\": {\"tess_evaluation\": $tep}, \"primitive\": \"triangles\", $pts}"
refuse 'draw.state.patch_vertices: 33 is out of range (1..32)' \
    "{$fb, \"programs\": {\"tess_evaluation\": $tep}, \"primitive\": \"patches\", $pts, \"state\": {\"patch_vertices\": 33}}"
refuse 'draw.state.patch_vertices: 0 is out of range (1..32)' \
    "{$fb, \"programs\": {\"tess_evaluation\": $tep}, \"primitive\": \"patches\", $pts, \"state\": {\"patch_vertices\": 0}}"
refuse 'draw: primitive: points cannot feed the geometry program, whose input primitive is triangles' \
    "{$fb, \"programs\": {\"geometry\": $gp}, \"primitive\": \"points\", $pts}"
refuse "draw: programs.tess_evaluation: the tessellator's triangles cannot feed the geometry program, whose input primitive is points" \
    "{$fb, \"programs\": {\"tess_evaluation\": $tep, \"geometry\": {\"text\": \"!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nEND\n\"}}, \"primitive\": \"patches\", $pts, \"state\": {\"patch_default_outer_level\": [0, 0, 0, 0]}}"
refuse 'draw.programs.geometry: the program does not load as a geometry program' \
    "{$fb, \"programs\": {\"geometry\": $tep}, $pts}"
refuse 'draw.programs.shading: unknown stage (vertex, tess_control, tess_evaluation, geometry, fragment)' \
    "{$fb, \"programs\": {\"shading\": $tep}, $pts}"
refuse 'draw.viewports: give "viewport" or "viewports", not both' \
    "{$fb, \"programs\": $fp, $pts, \"viewport\": [0,0,4,4], \"viewports\": [[0,0,4,4]]}"
refuse 'draw.viewports: expected a list of 1 to 16' \
    "{$fb, \"programs\": $fp, $pts, \"viewports\": []}"
refuse 'draw.viewports[1][2]: -1 is out of range' \
    "{$fb, \"programs\": $fp, $pts, \"viewports\": [[0,0,4,4],[0,0,-1,4]]}"
refuse 'draw.primitive: expected one of' \
    "{$fb, \"programs\": $fp, $pts, \"primitive\": \"patch\"}"
refuse 'draw.programs.vertex: the program does not load as a vertex program' \
    "{$fb, \"programs\": {\"vertex\": {\"text\": \"!!ARBfp1.0\nEND\n\"}}, \"vertices\": {\"position\": [[0,0]]}}"
refuse 'draw.vertices.color: 1 vertices, but draw.vertices.position has 2' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0],[1,1]], \"color\": [[1]]}}"
refuse 'draw.vertices: missing "position"' "{$fb, \"programs\": $fp, \"vertices\": {\"color\": [[1]]}}"
refuse 'draw.state.depth_tset: unknown state name' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"state\": {\"depth_tset\": true}}"
refuse 'draw.state.depth_func: expected one of never' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"state\": {\"depth_func\": \"lesser\"}}"
refuse 'draw.framebuffer.width: 100000 is out of range (1..16384)' \
    "{\"framebuffer\": {\"width\": 100000, \"height\": 4}, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}}"
refuse 'draw.framebuffer.height: 16384x16384 is more than 67108864 pixels' \
    "{\"framebuffer\": {\"width\": 16384, \"height\": 16384}, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}}"
refuse 'draw.vertices.position[1][1]: a position must be finite, not NaN' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0],[0,\"nan\"]]}}"
refuse 'draw.vertices.position[0][0]: a position must be finite, not an infinity' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[\"-inf\",0]]}}"
refuse 'draw.params.fragment["c[0]"]: c[n] names vertex program parameters only' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"params\": {\"fragment\": {\"c[0]\": [1]}}}"
refuse 'draw.probes[0][0]: 4 is out of range (0..3)' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"probes\": [[4,0]]}"
refuse 'draw.track["c[2]"]: expected c[n], n a multiple of 4' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"track\": {\"c[2]\": \"mvp\"}}"
refuse 'draw.textures["16"]: expected a unit 0..15' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"textures\": {\"16\": \"a.png\"}}"
# keys are shown escaped (\xNN for control bytes and DEL), never raw
refuse 'draw.track["c[\x01]"]: expected c[n], n a multiple of 4' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"track\": {\"c[\\u0001]\": \"mvp\"}}"
refuse 'draw.textures["\x7f"]: expected a unit 0..15' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"textures\": {\"\\u007f\": \"a.png\"}}"
refuse 'draw.params.vertex["x\x01"]: ' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"params\": {\"vertex\": {\"x\\u0001\": [1]}}}"
refuse 'draw.primitive: expected one of triangles' \
    "{$fb, \"programs\": $fp, \"vertices\": {\"position\": [[0,0]]}, \"primitive\": \"hexagons\"}"
# draw.buffers (NV_parameter_buffer_object binding points per stage)
pbvp='{"vertex": {"text": "!!NVvp4.0\nBUFFER b[] = { program.buffer[2] };\nMOV result.position, vertex.position;\nMOV result.color, b[0];\nEND\n"}}'
pbbad() {  # PATTERN BUFFERS-OBJECT-JSON
    refuse "$1" "{$fb, \"programs\": $pbvp, \"vertices\": {\"position\": [[0,0]]}, \"buffers\": $2}"
}
pbbad 'draw.buffers.shading: unknown stage (vertex, tess_control, tess_evaluation, geometry, fragment)' \
    '{"shading": {"program.buffer[2]": {"f32": [1]}}}'
pbbad 'draw.buffers.vertex["program.buffer[1]"]: the vertex program does not read program.buffer[1]' \
    '{"vertex": {"program.buffer[1]": {"f32": [1]}}}'
pbbad 'draw.buffers.fragment["program.buffer[2]"]: no fragment program is given (draw.programs.fragment)' \
    '{"fragment": {"program.buffer[2]": {"f32": [1]}}}'
pbbad 'draw.buffers.vertex["program.storage[2]"]: expected program.buffer[a], a parameter buffer binding point' \
    '{"vertex": {"program.storage[2]": {"f32": [1]}}}'
pbbad 'draw.buffers.vertex["program.buffer[14]"]: binding point 14 is out of range (0..13' \
    '{"vertex": {"program.buffer[14]": {"f32": [1]}}}'
pbbad 'draw.buffers.vertex["program.buffer[2]"].u8[1]: 256 is out of range for u8' \
    '{"vertex": {"program.buffer[2]": {"u8": [1, 256, 0, 0]}}}'
pbbad 'draw.buffers.vertex["program.buffer[2]"]: 3 bytes: a parameter buffer'"'"'s size must be a multiple of 4 bytes' \
    '{"vertex": {"program.buffer[2]": {"u8": [1, 2, 3]}}}'
pbbad 'draw.buffers.vertex["program.buffer[2]"]: 0 bytes: a bound parameter buffer needs a size above 0' \
    '{"vertex": {"program.buffer[2]": {"size": 0}}}'
pbbad 'draw.buffers.vertex: expected an object of "program.buffer[a]": data' '{"vertex": [1]}'

[ "$fails" -eq 0 ] && echo "ok: draw jobs"
exit $((fails != 0))
