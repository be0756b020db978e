#!/bin/bash
# `nvgp run` of draw jobs with the rasterisation and per-fragment fields
# (docs/job-format.md "Draw jobs": framebuffer samples, clip planes,
# separate stencil, point sprites, line stipple, multisample state,
# dual-source blend factors, texture objects of any target): probed pixels
# computed by hand, and bad values refused with the field named.
# usage: raster_job_test.sh NVGP WORK_DIR SEEDS_DIR
nvgp=$1 work=$2 seeds=$3 jobs=   # probe runs the paths as given
. "$(dirname "$0")/draw_job_lib.sh" || exit 1
mkdir -p "$work" && cd "$work" || exit 1

ff_quad='"position": [[-1,-1],[1,-1],[-1,1],[1,1]]'

# 4 samples: a white rectangle from window x 0 to 4.7 (NDC 0.175) on 8x8.
# Column 4 covers the samples at x 4.375, 4.125, 4.625 (not 4.875): the
# resolve is 3/4, 191.25 -> 191; column 3 is white, column 5 black.  The
# result says the samples.
cat >msaa.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nMOV result.color, 1;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[0.175,-1],[-1,1],[0.175,1]]},
  "framebuffer": {"width": 8, "height": 8, "samples": 4},
  "probes": [[3,5],[4,5],[5,5]]}}
JOB
probe msaa.json "3 5 255 255 255 255 1" "4 5 191 191 191 191 1" "5 5 0 0 0 0 1"
grep -q '"samples": 4' out.json || fail "msaa.json: the result does not say the samples"
# multisample off: the centre (4.5) decides, the whole pixel is white
sed 's/"probes"/"state": {"multisample": false}, "probes"/' msaa.json >msaa_off.json
probe msaa_off.json "3 5 255 255 255 255 1" "4 5 255 255 255 255 1" "5 5 0 0 0 0 1"
# sample_mask 0x3 keeps samples 0 and 1: column 3 resolves to 1/2 (127.5
# -> 128), column 4 (samples 0, 2, 3 covered) to 1/4 (63.75 -> 64)
sed 's/"probes"/"state": {"sample_mask": 3}, "probes"/' msaa.json >msaa_mask.json
probe msaa_mask.json "3 5 128 128 128 128 1" "4 5 64 64 64 64 1" "5 5 0 0 0 0 1"
# alpha to coverage: colour (1, 1, 1, 0.5) keeps round(0.5 * 4) = 2 samples
# (0 and 1) of column 3: resolve 0.5 -> 128, alpha 0.25 -> 64; column 4
# has sample 0 of them (1 is outside): 0.25 -> 64, alpha 0.125 -> 32
sed 's/MOV result.color, 1;/MOV result.color, {1, 1, 1, 0.5};/; s/"probes"/"state": {"alpha_to_coverage": true}, "probes"/' \
    msaa.json >msaa_a2c.json
probe msaa_a2c.json "3 5 128 128 128 64 1" "4 5 64 64 64 32 1" "5 5 0 0 0 0 1"

# Client clip plane 0 = (1, 0, 0, 0) in eye space (fixed function): x >= 0
# keeps columns 4-7 of the 8-wide window; plane 1 (0, 1, 0, 0) is given but
# not enabled.
cat >clip.json <<JOB
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nMOV result.color, 1;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {$ff_quad},
  "framebuffer": {"width": 8, "height": 2},
  "state": {"clip_planes": [[1,0,0,0],[0,1,0,0]], "clip_enable": [true, false]},
  "probes": [[3,0],[4,0],[7,1]]}}
JOB
# (the fragment program needs a vertex stage: fixed function)
probe clip.json "3 0 0 0 0 0 1" "4 0 255 255 255 255 1" "7 1 255 255 255 255 1"

# Separate stencil: the quad drawn clockwise is back-facing; the front
# state NEVER would draw nothing, the back state ALWAYS with REPLACE 7
# draws it and stores 7.
cat >stencil_back.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nMOV result.color, 1;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[-1,1],[1,-1],[1,1]]},
  "framebuffer": {"width": 2, "height": 2},
  "state": {"stencil_test": true, "stencil_func_front": ["never", 0, 255],
            "stencil_func_back": ["always", 7, 255], "stencil_op_back": ["keep", "keep", "replace"],
            "stencil_write_mask_front": 0},
  "probes": [[0,0],[1,1]]}}
JOB
probe stencil_back.json "0 0 255 255 255 255 1 s7" "1 1 255 255 255 255 1 s7"
# the same quad counter-clockwise is front-facing: NEVER, nothing drawn
sed 's/\[\[-1,-1\],\[-1,1\],\[1,-1\],\[1,1\]\]/[[-1,-1],[1,-1],[-1,1],[1,1]]/' stencil_back.json >stencil_front.json
probe stencil_front.json "0 0 0 0 0 0 1" "1 1 0 0 0 0 1"

# Point sprite of size 2.5 at window (10.5, 7.2) of 16x16 (NDC 0.3125,
# -0.1), texcoord 0 replaced: pixel (9, 6) has s = 1/2 + (9.5 - 10.5) / 2.5
# = 0.1 -> 25.5 -> 26, t = 1/2 - (6.5 - 7.2) / 2.5 = 0.78 -> 198.9 -> 199
# (upper-left origin); row 8 is outside the square ([5.95, 8.45)).
cat >sprite.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nMOV result.color.w, 1;\nEND\n"}},
  "primitive": "points",
  "vertices": {"position": [[0.3125,-0.1]]},
  "framebuffer": {"width": 16, "height": 16},
  "state": {"point_size": 2.5, "point_sprite": true, "point_coord_replace": [true]},
  "probes": [[9,6],[9,8]]}}
JOB
probe sprite.json "9 6 26 199 0 255 1" "9 8 0 0 0 0 1"
# lower-left origin: t = 0.22 -> 56.1 -> 56
sed 's/"point_sprite": true/"point_sprite": true, "point_sprite_origin": "lower_left"/' sprite.json >sprite_ll.json
probe sprite_ll.json "9 6 26 56 0 255 1" "9 8 0 0 0 0 1"

# Line stipple [factor 2, pattern 0x5]: the line from (0.5, 2.5) to (7.5,
# 2.5) of 8x8 (NDC -0.875 .. 0.875, y -0.375) draws columns 0, 1, 4, 5.
cat >stipple.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nMOV result.color, 1;\nEND\n"}},
  "primitive": "lines",
  "vertices": {"position": [[-0.875,-0.375],[0.875,-0.375]]},
  "framebuffer": {"width": 8, "height": 8},
  "state": {"line_stipple": [2, 5]},
  "probes": [[0,2],[1,2],[2,2],[3,2],[4,2],[5,2],[6,2]]}}
JOB
probe stipple.json "0 2 255 255 255 255 1" "1 2 255 255 255 255 1" "2 2 0 0 0 0 1" \
    "3 2 0 0 0 0 1" "4 2 255 255 255 255 1" "5 2 255 255 255 255 1" "6 2 0 0 0 0 1"

# Dual-source blending: ONE, SRC1_COLOR over the clear (0.5, 0.5, 0.5, 0.5)
# in rgba32f: src (0.25, 0.5, 0, 1) + dst * src1 (0.5, 1, 0, 0.5) =
# (0.5, 1, 0, 1.25); as rgba8 bytes of the stored float (clamped) 128 255 0 255.
cat >dual.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nOPTION ARB_blend_func_extended;\nMOV result.color.primary, {0.25, 0.5, 0, 1};\nMOV result.color.secondary, {0.5, 1, 0, 0.5};\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]]},
  "framebuffer": {"width": 2, "height": 2, "format": "rgba32f", "clear": [0.5, 0.5, 0.5, 0.5]},
  "state": {"blend": true, "blend_func": ["one", "src1_color"]},
  "probes": [[1,1]]}}
JOB
"$nvgp" run dual.json >out.json 2>err.txt || fail "dual.json: $(cat err.txt)"
grep -q '"color": \[0.5, 1, 0, 1.25\]' out.json || fail "dual.json: $(cat out.json)"

# Texture objects of other targets: a 1D texture of 4 texels, NEAREST,
# sampled at s = (x + 0.5) / 4 on a 4x2 window gives texel x; a 3D texture
# of two 1x1 slices at r = 0.75 (texcoord z) gives slice 1.
cat >tex1d.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 1D;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "texcoord0": [[0,0],[1,0],[0,1],[1,1]]},
  "framebuffer": {"width": 4, "height": 2},
  "textures": {"0": {"target": "1D", "width": 4, "texels": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,1,1]]}},
  "probes": [[0,0],[1,1],[2,0],[3,1]]}}
JOB
probe tex1d.json "0 0 255 0 0 255 1" "1 1 0 255 0 255 1" "2 0 0 0 255 255 1" "3 1 255 255 255 255 1"
cat >tex3d.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[2], 3D;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "texcoord0": [[0,0,0.75],[1,0,0.75],[0,1,0.75],[1,1,0.75]]},
  "framebuffer": {"width": 2, "height": 2},
  "textures": {"2": {"target": "3D", "depth": 2, "texels": [[1,0,0,1],[0,0,1,1]]}},
  "probes": [[0,0]]}}
JOB
probe tex3d.json "0 0 0 0 255 255 1"
# CUBE: faces +X -X +Y -Y +Z -Z of one texel each; the direction (0, 0, -1)
# selects -Z, magenta.  RECT: unnormalised coordinates, fragment.position
# (0.5, 0.5) and (1.5, 0.5) read texels 0 and 1.  ARRAY2D (NVfp4.0): layer
# r = 2 of three 1x1 layers, blue.
cat >cube.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[1], CUBE;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "texcoord0": [[0,0,-1],[0,0,-1],[0,0,-1],[0,0,-1]]},
  "framebuffer": {"width": 2, "height": 2},
  "textures": {"1": {"target": "CUBE", "texels": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,1,1],[0,1,1,1],[1,0,1,1]]}},
  "probes": [[0,0]]}}
JOB
probe cube.json "0 0 255 0 255 255 1"
cat >rect.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!ARBfp1.0\nTEX result.color, fragment.position, texture[0], RECT;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]]},
  "framebuffer": {"width": 2, "height": 1},
  "textures": {"0": {"target": "RECT", "width": 2, "texels": [[1,0,0,1],[0,1,0,1]]}},
  "probes": [[0,0],[1,0]]}}
JOB
probe rect.json "0 0 255 0 0 255 1" "1 0 0 255 0 255 1"
cat >array2d.json <<'JOB'
{"draw": {
  "programs": {"fragment": {"text": "!!NVfp4.0\nTEX result.color, fragment.texcoord[0], texture[0], ARRAY2D;\nEND\n"}},
  "primitive": "triangle_strip",
  "vertices": {"position": [[-1,-1],[1,-1],[-1,1],[1,1]], "texcoord0": [[0.5,0.5,2],[0.5,0.5,2],[0.5,0.5,2],[0.5,0.5,2]]},
  "framebuffer": {"width": 2, "height": 2},
  "textures": {"0": {"target": "ARRAY2D", "layers": 3, "texels": [[1,0,0,1],[0,1,0,1],[0,0,1,1]]}},
  "probes": [[1,1]]}}
JOB
probe array2d.json "1 1 0 0 255 255 1"

# The fuzz seeds of these fields (tests/pipeline/draw/raster_*.json) run.
for j in "$seeds"/raster_*.json; do
    "$nvgp" run "$j" >out.json 2>err.txt || fail "$j: $(cat err.txt)"
done
# the state seed's pixel (3, 3): the linear 1D lookup at s = 0.875 of
# texels red, green (REPEAT) is (0.25, 0.75, 0, 1); blended SRC1_ALPHA (0.5),
# ONE_MINUS_SRC1_COLOR (0.5, 0.75, 0) over the clear 128/255:
# 0.125 + 0.50196 * 0.5 = 0.376 -> 96, 0.375 + 0.50196 * 0.75 = 0.7515 ->
# 192, 0; alpha MAX(1, 1); the front stencil REPLACE stores 3.
probe "$seeds/raster_state.json" "0 0 128 128 128 255 1" "3 3 96 192 0 255 1 s3"

# Bad input (refuse, draw_job_lib.sh): exit 1 and the message names the field.
fp='{"fragment": {"text": "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n"}}'
fb='"framebuffer": {"width": 4, "height": 4}'
v='"vertices": {"position": [[0,0]]}'
refuse 'draw.framebuffer.samples: 3 samples: expected 1, 2, 4 or 8' \
    "{\"framebuffer\": {\"width\": 4, \"height\": 4, \"samples\": 3}, \"programs\": $fp, $v}"
refuse 'draw.framebuffer.samples: 16 is out of range (1..8)' \
    "{\"framebuffer\": {\"width\": 4, \"height\": 4, \"samples\": 16}, \"programs\": $fp, $v}"
refuse 'draw.framebuffer.samples: 8192x8192 pixels of 2 samples are more than 67108864 samples' \
    "{\"framebuffer\": {\"width\": 8192, \"height\": 8192, \"samples\": 2}, \"programs\": $fp, $v}"
refuse 'draw.state.blend_func[1]: expected one of zero, one' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"blend_func\": [\"one\", \"src2_color\"]}}"
refuse 'draw.state.clip_enable: expected a list of at most 8 booleans' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"clip_enable\": [true,true,true,true,true,true,true,true,true]}}"
refuse 'draw.state.clip_planes[0]: expected 4 numbers, got 3' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"clip_planes\": [[1,0,0]]}}"
refuse 'draw.state.line_stipple[0]: 0 is out of range (1..256)' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"line_stipple\": [0, 255]}}"
refuse 'draw.state.point_sprite_origin: expected one of upper_left, lower_left' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"point_sprite_origin\": \"left\"}}"
refuse 'draw.state.stencil_op_back[2]: expected one of keep' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"stencil_op_back\": [\"keep\", \"keep\", \"swap\"]}}"
refuse 'draw.state.sample_mask: 4294967296 is out of range' \
    "{$fb, \"programs\": $fp, $v, \"state\": {\"sample_mask\": 4294967296}}"
refuse 'draw.textures["0"].bogus: unknown field' \
    "{$fb, \"programs\": $fp, $v, \"textures\": {\"0\": {\"target\": \"1D\", \"bogus\": 1}}}"
refuse 'draw.textures["0"].target: ' \
    "{$fb, \"programs\": $fp, $v, \"textures\": {\"0\": {\"target\": \"4D\"}}}"

[ "$fails" -eq 0 ] && echo "ok: rasterisation draw jobs"
exit $((fails != 0))
