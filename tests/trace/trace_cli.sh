#!/usr/bin/env bash
# nvgp run --trace: records of hand-checked programs, results unchanged by
# tracing, step windows, and the exit status of bad options.
set -u
nvgp=$1 dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fails=0 passes=0
check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" == "$3" ]; then passes=$((passes + 1)); else
        fails=$((fails + 1)); printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"; fi
}
field() {  # field NAME: the value of "NAME":"..." or "NAME":N on each line
    sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",]*\\).*/\\1/p"
}

# --- vp2_loop.vp: lanes 0,1,2 count down from 1, 2, 3 --------------------
# Line 7 (ADD R1.x ...) runs once per iteration: all three lanes, then the
# two whose counter was still > 0 after ADDC, then lane 2 alone.
"$nvgp" run --trace=loop.jsonl -o traced.json "$dir/vp2_loop.json" 2>/dev/null
check "traced run" 0 $?
"$nvgp" run -o plain.json "$dir/vp2_loop.json"
cmp -s plain.json traced.json; check "tracing leaves the results alone" 0 $?
check "ADD masks per iteration" "0x00000007 0x00000006 0x00000004" \
    "$(grep '"line":7,' loop.jsonl | grep '"op":"ADD"' | field exec | tr '\n' ' ' | sed 's/ $//')"
check "ADD source text" 'ADD R1.x, R1.x, c[1].x;' \
    "$(grep '"line":7,' loop.jsonl | grep '"op":"ADD"' | head -1 | sed 's/.*"source":"\([^"]*\)".*/\1/')"
check "ADD values, iteration 3: lane 2 counts 3" '"lanes":{"2":[3]}' \
    "$(grep '"line":7,' loop.jsonl | grep '"op":"ADD"' | tail -1 | grep -o '"lanes":{[^}]*}')"
# ADDC (line 6) leaves 0, 1, 2: CC.x is EQ for lane 0, GT for lanes 1, 2
check "ADDC condition code, iteration 1" '"cc":{"reg":"CC0","lanes":{"0":["EQ"],"1":["GT"],"2":["GT"]}}' \
    "$(grep '"line":6,' loop.jsonl | grep '"CC0"' | grep '"reg":"TEMP\[[0-9]*\].x"' | head -1 | grep -o '"cc":.*}}' | sed 's/}$//')"
# after the BRA (line 8) the lanes reach line 9 (MOV o[HPOS]) one by one:
# lane 0 after one iteration, lane 1 after two, lane 2 after three.  The
# translation dispatches line 9 with a CASE of its program-counter loop.
check "lanes reach line 9 one by one" "0x00000001 0x00000002 0x00000004" \
    "$(grep '"line":9,' loop.jsonl | grep '"op":"CASE"' | grep -v '"exec_after":"0x00000000"' | field exec_after | tr '\n' ' ' | sed 's/ $//')"
"$nvgp" run --trace=loop.txt --trace-format=text --lanes 2 "$dir/vp2_loop.json" >/dev/null 2>&1
check "text format names the source line" "1" \
    "$(grep -c '^    | BRA loop (GT.x);$' loop.txt | awk '{print ($1 >= 1)}')"
check "text format: lane 2 only" "0" "$(grep -c ' 0:(' loop.txt)"

# --- tgballot.vp: six lanes vote "vertex id is odd": lanes 1, 3, 5 --------
"$nvgp" run --trace=ballot.jsonl "$dir/tgballot.json" >/dev/null 2>&1
check "ballot value 0b101010" '"0":[42],"1":[42],"2":[42],"3":[42],"4":[42],"5":[42]' \
    "$(grep '"op":"BALLOT"' ballot.jsonl | grep -o '"lanes":{[^}]*}' | sed 's/"lanes":{//; s/}$//')"
check "ballot source line" '7 TGBALLOT.U b.x, odd.x;' \
    "$(grep '"op":"BALLOT"' ballot.jsonl | sed 's/.*"line":\([0-9]*\),"source":"\([^"]*\)".*/\1 \2/')"
check "ballot typed u32" 'u32' "$(grep '"op":"BALLOT"' ballot.jsonl | field type)"

# --- nvvp4_call.vp: SGT.CC0 r.w, r.x, 0 (NV_gpu_program4 flags) ------------
# x = 1, -1, 2, 0: r.w = 1.0 in lanes 0 and 2 (no flag set), 0.0 in lanes 1
# and 3 (ZF); the flags reach CC0's TEMP with the write of component w.
"$nvgp" run --trace=call.jsonl "$dir/nvvp4_call.json" >/dev/null 2>&1
check "CC0 flags of SGT.CC0" '"cc":{"reg":"CC0","lanes":{"0":[""],"1":["ZF"],"2":[""],"3":["ZF"]}}' \
    "$(grep '"line":5,' call.jsonl | grep '"reg":"TEMP\[[0-9]*\].w"' | grep -o '"cc":.*}}' | sed 's/}$//')"

# --- tgsi_double.json: DADD gives the doubles 2.0 (xy) and 4.0 (zw) ---------
"$nvgp" run --trace=double.jsonl "$dir/tgsi_double.json" >/dev/null 2>&1
check "f64 values, one per pair" '{"reg":"TEMP[0]","type":"f64","lanes":{"0":[2,4],"1":[2,4]}}' \
    "$(grep '"op":"DADD"' double.jsonl | sed 's/.*"dst":\[\(.*\)\]}$/\1/')"

# --- two warps: 32 + 8 lanes; each ballot counts its own warp's lanes ------
"$nvgp" run --trace=b2.jsonl --warps 1 "$dir/tgballot_2warps.json" >/dev/null 2>&1
check "--warps 1: only warp 1" "8" "$(grep -c '"warp":1,' b2.jsonl)"
check "--warps 1: nothing of warp 0" "0" "$(grep -c '"warp":0,' b2.jsonl)"
check "warp 1 ballot: lanes 1 3 5 7" '"0":[170],"1":[170],"2":[170],"3":[170],"4":[170],"5":[170],"6":[170],"7":[170]' \
    "$(grep '"op":"BALLOT"' b2.jsonl | grep -o '"lanes":{[^}]*}' | sed 's/"lanes":{//; s/}$//')"
check "warp 1 runs lanes 0-7" '"exec":"0x000000ff"' "$(grep '"op":"BALLOT"' b2.jsonl | grep -o '"exec":"[^"]*"')"
"$nvgp" run --trace=b2.jsonl "$dir/tgballot_2warps.json" >/dev/null 2>&1
check "one host thread: warp 0's 8 steps, then warp 1's" "0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1" \
    "$(field warp < b2.jsonl | tr '\n' ' ' | sed 's/ $//')"
"$nvgp" run --trace=b2.jsonl --warps 0 --lanes 31 "$dir/tgballot_2warps.json" >/dev/null 2>&1
check "warp 0 ballot: every odd lane" '"31":[2863311530]' \
    "$(grep '"op":"BALLOT"' b2.jsonl | grep -o '"lanes":{[^}]*}' | sed 's/"lanes":{//; s/}$//')"
"$nvgp" run --trace=x.jsonl --warps 2 "$dir/tgballot_2warps.json" >/dev/null 2>&1
check "--warps 2 of 2: exit 2" 2 $?

# --- every example and test job: the same results with a trace as without --
for job in "$dir"/../../examples/*.json "$dir"/*.json; do
    "$nvgp" run -o plain.json "$job" 2>/dev/null
    "$nvgp" run --trace=all.jsonl -o traced.json "$job" 2>/dev/null
    cmp -s plain.json traced.json
    check "results unchanged by tracing: $(basename "$job")" 0 $?
done

# --- memory.json: atomics in lane order, then lane 1's store ------------------
# 100 at 0x100; lanes add 1, 2, 3, 4 in lane order: lane 2 finds 100+1+2 = 103.
"$nvgp" run --trace=mem.jsonl --lanes 1-2 "$dir/memory.json" >/dev/null 2>&1
check "atomic: old values in lane order" \
    '"mem":[{"lane":1,"op":"atomic","res":"MEMORY[0]","addr":256,"old":101,"operand":2},{"lane":2,"op":"atomic","res":"MEMORY[0]","addr":256,"old":103,"operand":3}]}' \
    "$(grep '"op":"ATOMUADD"' mem.jsonl | grep -o '"mem":.*')"
check "store: lane 1 writes 7 at 260" '"mem":[{"lane":1,"op":"store","res":"MEMORY[0]","addr":260,"values":["0x00000007"]}]}' \
    "$(grep '"op":"STORE"' mem.jsonl | grep -o '"mem":.*')"

# --- windows: --from / --count select steps ------------------------------
"$nvgp" run --trace=w.jsonl --from 3 --count 2 "$dir/vp2_loop.json" >/dev/null 2>&1
check "--from 3 --count 2" "3 4" "$(field step < w.jsonl | tr '\n' ' ' | sed 's/ $//')"
"$nvgp" run --trace=w.jsonl --warps 0 --lanes 0,2 --count 1 "$dir/vp2_loop.json" >/dev/null 2>&1
check "--lanes 0,2" '"0":[0,0,0,0],"2":[0,0,0,0]' \
    "$(grep -o '"lanes":{[^}]*}' w.jsonl | head -1 | sed 's/"lanes":{//; s/}$//')"

# --- bad options: exit 2 with a message ------------------------------------
bad() {  # bad NAME PATTERN ARGS...
    local name=$1 pat=$2; shift 2
    "$nvgp" run "$@" "$dir/vp2_loop.json" >/dev/null 2>err.txt; local rc=$?
    check "$name: exit 2" 2 $rc
    grep -q -- "$pat" err.txt; check "$name: message" 0 $?
}
bad "lane 32" "out of range (0..31)" --trace=x.jsonl --lanes 32
bad "lane spec" "expected 'all'" --trace=x.jsonl --lanes odd
bad "warp 1 of 1" "warp 1 is out of range" --trace=x.jsonl --warps 1
bad "unwritable file" "cannot write the trace" --trace="$work/no/such/dir/t.jsonl"
bad "format" "expected jsonl or text" --trace=x.jsonl --trace-format=xml
bad "count" "expected a number" --trace=x.jsonl --count many
bad "lanes without --trace" "need --trace" --lanes 0

# --- nvgp debug: scripted sessions against hand-written transcripts ---------
for cmd in "$dir"/debug_*.cmd; do
    name=$(basename "$cmd" .cmd)
    job=$(sed -n 's/^# job: //p' "$cmd")
    "$nvgp" debug "$dir/$job" --commands "$cmd" > "$name.out" 2>&1
    check "$name: exit 0" 0 $?
    diff -u "$dir/$name.expect" "$name.out" > "$name.diff"
    check "$name: transcript" 0 $?
    [ -s "$name.diff" ] && cat "$name.diff"
done
"$nvgp" debug "$dir/nvvp4_call.json" --commands "$work/none.cmd" >/dev/null 2>&1
check "debug: missing command file" 2 $?
echo 'continue' | "$nvgp" debug "$dir/nvvp4_call.json" --bogus >/dev/null 2>&1
check "debug: unknown option" 2 $?

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
