# Helpers of the draw-job tests (draw_job_test.sh, raster_job_test.sh),
# sourced after they set nvgp and cd into their work folder.  fail counts
# into fails; probe runs $jobs/JOB, or JOB as given when jobs is empty.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# probe JOB "X Y R G B A DEPTH[ sSTENCIL]"...: each probe's rgba8 bytes, depth
# and, when not 0, its stencil value (" s3")
probe() {
    local job=$1
    shift
    "$nvgp" run "${jobs:+$jobs/}$job" >out.json 2>err.txt
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "$job: exit $rc ($(cat err.txt))"
        return
    fi
    local got
    got=$(sed -n 's/.*"x": \([0-9]*\), "y": \([0-9]*\),.*"rgba8": \[\([^]]*\)\], "depth": \([^,]*\), "stencil": \([0-9]*\)}.*/\1 \2 \3 \4 s\5/p' out.json | sed 's/ s0$//' |
          tr -d ,)
    local want
    want=$(printf '%s\n' "$@")
    [ "$got" = "$want" ] || fail "$job: probes
$got
want
$want"
}

# Bad input: exit 1 and the message names the field.
refuse() {  # PATTERN DRAW-OBJECT-JSON
    printf '{"draw": %s}\n' "$2" >bad.json
    "$nvgp" run bad.json >out.json 2>err.txt
    local rc=$?
    [ "$rc" -eq 1 ] || fail "exit $rc for $2"
    grep -qF -- "$1" err.txt || fail "stderr lacks '$1' for $2: $(cat err.txt)"
}
