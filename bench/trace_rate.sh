#!/usr/bin/env bash
# Write rate of a 1,000,000-step trace (docs/trace.md): one warp of 32
# lanes runs a loop of five instructions; nvgp's closing note gives MB/s.
#   bench/trace_rate.sh [NVGP]   (default build/nvgp)
set -euo pipefail
nvgp=${1:-build/nvgp}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/job.json" <<'JOB'
{ "program": { "text": "VERT\nDCL OUT[0], POSITION\nDCL TEMP[0]\nIMM[0] FLT32 {0, 1, 200000, 0}\nMOV TEMP[0], IMM[0].xxxx\nBGNLOOP\nADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\nSGE TEMP[0].y, TEMP[0].xxxx, IMM[0].zzzz\nIF TEMP[0].yyyy\nBRK\nENDIF\nENDLOOP\nMOV OUT[0], TEMP[0]\nEND\n" },
  "invocations": 32, "budget": 100000000 }
JOB
for args in "--trace-format=jsonl" "--trace-format=text" "--lanes 0-3"; do
    # shellcheck disable=SC2086
    "$nvgp" run --trace="$tmp/trace" $args --count 1000000 "$tmp/job.json" -o /dev/null
    rm -f "$tmp/trace"
done
