#!/usr/bin/env bash
# nvgp tgsi of an NV/ARB program: "# LINE: TEXT" comments before the TGSI of
# each source line, in order, with the line numbers and text of the source;
# the annotated text reads back to the same program.
# usage: cli_tgsi_source.sh NVGP WORKDIR
set -u
nvgp=$1
work=$2
mkdir -p "$work" && cd "$work" || exit 2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# line 1 header, 2 declaration, 3 blank, 4-5 instructions (one expands to
# several TGSI instructions: XPD), 6 END
printf '!!ARBvp1.0\r\nTEMP t;\r\n\r\n   XPD t, vertex.position, vertex.normal;  \r\nMOV result.position, t;\r\nEND\r\n' >p.vp
"$nvgp" tgsi p.vp >out.txt 2>err.txt || fail "nvgp tgsi p.vp: status $?"
grep -c '^# ' out.txt | grep -qx 3 || fail "expected 3 comment lines, got: $(grep '^# ' out.txt)"
[ "$(grep '^# ' out.txt | sed -n 1p)" = "# 4: XPD t, vertex.position, vertex.normal;" ] || fail "first comment: $(grep '^# ' out.txt | sed -n 1p)"
[ "$(grep '^# ' out.txt | sed -n 2p)" = "# 5: MOV result.position, t;" ] || fail "second comment"
[ "$(grep '^# ' out.txt | sed -n 3p)" = "# 6: END" ] || fail "third comment"
# the comment comes right before the first instruction of its block, and
# the XPD block has more than one instruction before the next comment
first=$(grep -n '^# 4:' out.txt | cut -d: -f1)
sed -n "$((first + 1))p" out.txt | grep -q '^ *0: ' || fail "comment not before instruction 0"
block=$(awk '/^# 4:/{on=1; next} /^# /{on=0} on && /^ *[0-9]+: /{n++} END{print n}' out.txt)
[ "$block" -ge 2 ] || fail "XPD block has $block instructions"
# reads back: the same program, whose own text has no comments
"$nvgp" tgsi - <out.txt >again.txt 2>err.txt || fail "annotated text does not read back: $(cat err.txt)"
grep -v '^# ' out.txt >stripped.txt
cmp -s stripped.txt again.txt || fail "annotated text reads back to another program"
grep -q '^#' again.txt && fail "TGSI input got comments"
# the Mesa style is annotated too
"$nvgp" tgsi --style=mesa p.vp >mesa.txt 2>err.txt || fail "mesa style: status $?"
grep -q '^# 5: MOV result.position, t;$' mesa.txt || fail "mesa style has no comments"
[ "$fails" -eq 0 ] && echo "cli_tgsi_source: all passed"
[ "$fails" -eq 0 ]
