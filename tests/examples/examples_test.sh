#!/bin/bash
# usage: examples_test.sh NVGP EXAMPLES_DIR -- every example program checks,
# prints as TGSI, and its job gives the results worked out by hand below.
nvgp=$1
dir=$2
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

for f in "$dir"/*; do
    [ -f "$f" ] || continue   # examples/c is the library example (tests/library)
    case "$f" in *.json) continue ;; esac
    "$nvgp" check "$f" >/dev/null 2>"$tmp/err" || fail "nvgp check $f: $(cat "$tmp/err")"
    "$nvgp" tgsi "$f" >"$tmp/tgsi" 2>"$tmp/err" || fail "nvgp tgsi $f: $(cat "$tmp/err")"
done

# expect JOB FRAGMENT...: the job's output, blanks removed, contains each fragment.
expect() {
    local job=$1
    shift
    if ! "$nvgp" run "$dir/$job" >"$tmp/out" 2>"$tmp/err"; then
        fail "nvgp run $job: $(cat "$tmp/err")"
        return
    fi
    local flat
    flat=$(tr -d ' \n\t\r' <"$tmp/out")
    for want in "$@"; do
        case "$flat" in
        *"$want"*) ;;
        *) fail "$job: output $flat does not contain $want" ;;
        esac
    done
}

# Identity transform, light (0,0,1): diffuse = max(n.z, 0), colour (1,0.5,0.25,1) times it:
#   n = (0,0,1): 1;  n = (0,0,-1): 0;  n = (0.6,0,0.8): 0.8 (as a float: 0.800000012).
expect arb_vertex_lighting.json \
    '{"result.position":[1,2,3,1],"result.color":[1,0.5,0.25,1]}' \
    '{"result.position":[0,0,0,1],"result.color":[0,0,0,0]}' \
    '"result.color":[0.800000012,0.400000006,0.200000003,0.800000012]'

# VP2.0: x = 0.5 is not LT, so the colour is scaled by c[4] = 2 (w by 1);
# x = -1 branches to c[5].
expect vp2_branch.json \
    '{"o[HPOS]":[1,2,3,1],"o[COL0]":[1,1,1,1]}' \
    '{"o[HPOS]":[4,5,6,1],"o[COL0]":[0,0,1,1]}'

# VP2.0 loop: R1.x counts the iterations, one per unit of v[COL0].x (1, 2, 3);
# R1.yzw keep c[0] = 0.
expect vp2_loop.json '{"o[HPOS]":[1,0,0,0]}' '{"o[HPOS]":[2,0,0,0]}' '{"o[HPOS]":[3,0,0,0]}'

# TGBALLOT: vertices 1, 3, 5 vote true: bits 1, 3, 5 = 42 in every lane.
expect tgballot.json '"result.attrib[0]":[42,0,0,0]'

# NVvp5.0: (bit count, highest set bit, bits reversed, count & 1), red if odd:
#   1 -> (1, 0, 0x80000000, 1);  7 -> (3, 2, 0xe0000000, 1);
#   256 (bit 8) -> (1, 8, bit 23 = 8388608, 1);  -1 -> (32, -1 (no zero bit), -1, 0), green.
expect nvvp5_bits.json \
    '{"result.texcoord[0]":[1,0,-2147483648,1],"result.color":[1,0,0,1]}' \
    '{"result.texcoord[0]":[3,2,-536870912,1],"result.color":[1,0,0,1]}' \
    '{"result.texcoord[0]":[1,8,8388608,1],"result.color":[1,0,0,1]}' \
    '{"result.texcoord[0]":[32,-1,-1,0],"result.color":[0,1,0,1]}'

# 64 threads reverse the words 0..63 through shared memory.
want=$(seq 63 -1 0 | paste -sd, -)
expect compute_shared_reverse.json "\"0\":{\"u32\":[$want]}"

# OUT[0] = x * CONST[0] + y * CONST[1] + z * CONST[2] + w * CONST[3] with
# the diagonal (2, 2, 2, 1): (1,2,3,1) -> (2,4,6,1), (0.5,0,-1,1) -> (1,0,-2,1);
# OUT[1] = IN[1], the same vec4 for both.
expect vertex_transform.json \
    '{"OUT[0]":[2,4,6,1],"OUT[1]":[1,0.5,0.25,1]}' \
    '{"OUT[0]":[1,0,-2,1],"OUT[1]":[1,0.5,0.25,1]}'

# NVcp5.0: thread i doubles texel i of image[0] (1.5, -3, 0.25, 10), stores
# it back and at byte 4i of program.storage[1], and adds it to image[1]:
#   buffer = image[0] = (3, -6, 0.5, 20); image[1] = 0.5 + 3 - 6 + 0.5 + 20 = 18.
# A compute job prints its buffers and images, no invocation records.
expect storage_image.json \
    '{"buffers":{"program.storage[1]":{"f32":[3,-6,0.5,20]}},' \
    '"images":{"image[0]":{"f32":[3,-6,0.5,20]},"image[1]":{"f32":[18]}},"faults":0}'
if "$nvgp" run "$dir/compute_shared_reverse.json" | grep -q '{}'; then
    fail "compute_shared_reverse.json prints empty invocation records"
fi

# Draw jobs of the tessellation and geometry stages (run in $tmp, where
# their PNGs go).  Sprites: the first point (0.12, 0) is red; pixel (143,
# 127) lies 0.008 and 0.028 of the sprite from its centre, so 1 - 2d =
# 0.998 -> 255; the corner keeps the clear colour (0.05, 0.05, 0.1):
# 12.75 -> 13, 25.5 -> 26.  The patch: every covered pixel has blue 0.6
# (153), the centre is covered.
for job in geometry_sprites tess_patch; do
    (cd "$tmp" && "$nvgp" run "$dir/$job.json") >"$tmp/$job.out" 2>"$tmp/err" ||
        fail "nvgp run $job.json: $(cat "$tmp/err")"
    [ -s "$tmp/$job.png" ] || fail "$job.json wrote no $job.png"
done
flat=$(tr -d ' \n' <"$tmp/geometry_sprites.out")
case "$flat" in
*'"x":143,"y":127,"color":[1,0,0,1],"rgba8":[255,0,0,255]'*'"x":2,"y":2,'*'"rgba8":[13,13,26,255]'*) ;;
*) fail "geometry_sprites.json: $flat" ;;
esac
flat=$(tr -d ' \n' <"$tmp/tess_patch.out")
case "$flat" in
*'"x":128,"y":128,'*',153,255]'*'"x":2,"y":2,'*'"rgba8":[13,13,26,255]'*) ;;
*) fail "tess_patch.json: $flat" ;;
esac

[ "$failures" -eq 0 ] || exit 1
echo "examples: every program checks and prints, every job gives the hand-computed results"
