#!/bin/bash
# nvgp render: small pictures whose pixels are computed by hand.
nvgp=$1 probe=$2 work=$3
mkdir -p "$work" && cd "$work" || exit 1
fails=0
expect() {  # FILE X Y "R G B A"
    got=$("$probe" "$1" "$2" "$3")
    if [ "$got" != "$4" ]; then
        echo "FAIL: $1 ($2,$3) = '$got', want '$4'"
        fails=$((fails + 1))
    fi
}
# A fragment program alone over 4x2: colour = texcoord * local[0] + env[1]
# = (s, 0.5, 0, 1) with s = (x + 0.5) / 4; bytes round(c * 255)
# (0.875 -> 223.125, 0.125 -> 31.875, 0.5 -> 127.5 -> 128).  PNG row 0 is the
# top (GL row 1).
printf '!!ARBfp1.0\nMAD result.color, fragment.texcoord[0], program.local[0], program.env[1];\nEND\n' > mad.fp
"$nvgp" render --size 4x2 --param 'program.local[0]=1,0,0,0' --param 'program.env[1]=0,0.5,0,1' \
    -o mad.png mad.fp || { echo "render failed"; exit 1; }
expect mad.png 3 0 "223 128 0 255"
expect mad.png 0 1 "32 128 0 255"
# A vertex + fragment pair: the quad halved covers the centre 2x2 of 4x4 in
# red; the rest keeps the clear colour (0,0,0,0).
printf '!!ARBvp1.0\nMUL result.position, vertex.position, {0.5, 0.5, 1, 1};\nMOV result.color, {1, 0, 0, 1};\nEND\n' > half.vp
printf '!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n' > color.fp
"$nvgp" render --size 4x4 -o half.png half.vp color.fp || { echo "render failed"; exit 1; }
expect half.png 1 1 "255 0 0 255"
expect half.png 2 2 "255 0 0 255"
expect half.png 0 0 "0 0 0 0"
expect half.png 3 2 "0 0 0 0"
# --texture: a 4x2 picture of (s, t, 0, 1) as texture 0 (its bottom row at
# t = 0), sampled at its texel centres (texcoord = pixel centre / size),
# gives the same bytes back, rows included
printf '!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n' > st.fp
"$nvgp" render --size 4x2 -o st.png st.fp || { echo "render failed"; exit 1; }
expect st.png 0 0 "32 191 0 255"
expect st.png 0 1 "32 64 0 255"
printf '!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D;\nEND\n' > tex.fp
"$nvgp" render --size 4x2 --texture 0=st.png -o tex.png tex.fp || { echo "render failed"; exit 1; }
for xy in "0 0" "3 0" "1 1" "2 1"; do
    expect tex.png $xy "$("$probe" st.png $xy)"
done
# --bits 16: an RGBA32F framebuffer written as 16-bit samples, round(c * 65535):
# 0.5 -> 32767.5 -> 32768, 0.25 -> 16383.75 -> 16384; 2.0 clamps to 65535
printf '!!ARBfp1.0\nMOV result.color, {0.5, 0.25, 2.0, 1.0};\nEND\n' > const.fp
"$nvgp" render --size 2x2 --bits 16 -o c16.png const.fp || { echo "render failed"; exit 1; }
expect c16.png 1 1 "32768 16384 65535 65535"
# usage errors
"$nvgp" render --size 0x4 mad.fp 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: --size 0x4"; fails=$((fails + 1)); }
"$nvgp" render --param 'nope=1' mad.fp 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: unknown param"; fails=$((fails + 1)); }
"$nvgp" render --texture 0=missing.png tex.fp 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: missing texture"; fails=$((fails + 1)); }
"$nvgp" render --texture 99=mad.png tex.fp 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: bad unit"; fails=$((fails + 1)); }
"$nvgp" render --bits 12 tex.fp 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: --bits 12"; fails=$((fails + 1)); }
[ $fails -eq 0 ]
