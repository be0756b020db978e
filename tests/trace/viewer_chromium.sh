#!/usr/bin/env bash
# nvgp trace: the viewer page in a real headless browser (Debian's
# chromium).  The page counts what it shows into #summary's data-*
# attributes and any script error into #errors; the counts for
# frag_quads.json are worked out by hand below.  Without chromium the test
# is not run (exit 77, SKIP).
set -u
nvgp=$1 dir=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "SKIP: chromium is not installed (scripts/install-deps.sh installs it)"
    exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fails=0 passes=0
check() {
    if [ "$2" == "$3" ]; then passes=$((passes + 1)); else
        fails=$((fails + 1)); printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"; fi
}
dom() {  # dom PAGE: the page's DOM after its script ran
    rm -rf "$work/profile"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run \
        --user-data-dir="$work/profile" --dump-dom "file://$1" 2>/dev/null
}
attr() {  # attr NAME < DOM: data-NAME of #summary
    grep -o '<div id="summary"[^>]*>' | sed -n "s/.*data-$1=\"\\([^\"]*\\)\".*/\\1/p"
}

"$nvgp" trace "$dir/frag_quads.json" -o quads.html
check "nvgp trace exit" 0 $?
grep -q -i -E '(src|href)="(https?:)?//' quads.html
check "no external assets" 1 $?
dom "$work/quads.html" > quads.dom
check "script ran to its end" 1 "$(attr ok < quads.dom)"
check "no script errors" '<div id="errors"></div>' "$(grep -o '<div id="errors"[^>]*>[^<]*</div>' quads.dom)"
# SLT, IF, MOV, ELSE, MOV, ENDIF, END: 7 steps.  IF splits 0xff into the
# even lanes 0x55 (a divergence); ELSE swaps to 0xaa; ENDIF restores 0xff
# (a re-convergence).  Active cells: 8+8+4+4+4+4+8 = 40; the helper lane 3
# (odd: the ELSE side) is active in SLT, IF, its MOV, ENDIF, END = 5.
check "steps" 7 "$(attr steps < quads.dom)"
check "divergences" 1 "$(attr divergences < quads.dom)"
check "re-convergences" 1 "$(attr reconvergences < quads.dom)"
check "active cells" 40 "$(attr active-cells < quads.dom)"
check "helper cells" 5 "$(attr helper-cells < quads.dom)"
check "lanes" 8 "$(attr lanes < quads.dom)"
check "helper lanes" 1 "$(attr helpers < quads.dom)"
check "quads" 2 "$(attr quads < quads.dom)"

# the NV loop: three lanes leave the loop after 1, 2, 3 iterations; the
# lanes that stay are split off twice (lane 0, then lane 1)
"$nvgp" trace "$dir/vp2_loop.json" -o loop.html
dom "$work/loop.html" > loop.dom
check "loop: no script errors" '<div id="errors"></div>' "$(grep -o '<div id="errors"[^>]*>[^<]*</div>' loop.dom)"
check "loop: divergences" 2 "$(attr divergences < loop.dom)"
check "loop: lanes" 3 "$(attr lanes < loop.dom)"
check "loop: source lines" 1 "$(grep -c '<div id="L8" class="hit"><span class="n">8</span>BRA loop (GT.x);</div>' loop.dom)"

"$nvgp" trace "$dir/vp2_loop.json" >/dev/null 2>&1
check "no -o: exit 2" 2 $?
"$nvgp" trace "$dir/vp2_loop.json" -o x.html --warps 3 >/dev/null 2>&1
check "warp out of range: exit 2" 2 $?

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
