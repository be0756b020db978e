#!/usr/bin/env bash
# nvgp run of NV/ARB programs: jobs name inputs, parameters and outputs as
# the program spells its bindings (through the translation's binding map),
# literal parameters hold their values, and results printed without an
# "outputs" list carry the program's names.  Expected values by hand.
# usage: cli_run_nv.sh NVGP JSON_GET WORKDIR
set -u
nvgp=$1
json_get=$2
work=$3
mkdir -p "$work" && cd "$work" || exit 2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$nvgp" run "$1" >raw.txt 2>err.txt; status=$?; tr -d '\n' <raw.txt >out.txt; }
jget() { "$json_get" "$1" <out.txt; }
expect() { local got; got=$(jget "$1"); [ "$got" = "$2" ] || fail "$3: $1 is '$got', want '$2'"; }

# NVvp4.0: an integer attribute plus vertex.id (0, 1 for the invocations),
# a literal in a parameter array times program.env[0]
cat >v.vp <<'P'
!!NVvp4.0
INT ATTRIB a = vertex.attrib[1];
PARAM k[2] = { {2, 3, 4, 5}, program.env[0] };
ADD.S result.attrib[0], a, vertex.id.x;
MUL result.position, k[0], k[1];
END
P
cat >v.json <<'J'
{ "program": "v.vp", "invocations": 2,
  "inputs": { "vertex.attrib[1]": {"s32": [1, -2, 3, 4]} },
  "params": { "program.env[0]": [0.5, 1, 1.5, 2] },
  "outputs": { "result.attrib[0]": "s32", "result.position": "f32" } }
J
run v.json
[ "$status" = 0 ] || fail "v.json: status $status: $(cat err.txt)"
expect '0/invocations/0/result.attrib[0]' '[1,-2,3,4]' "vertex.id 0"
expect '0/invocations/1/result.attrib[0]' '[2,-1,4,5]' "vertex.id 1"
expect '0/invocations/0/result.position' '[1,3,6,10]' "literal times env"

# without "outputs": every written output, by its binding name
cat >w.json <<'J'
{ "program": "v.vp", "invocations": 1,
  "inputs": { "vertex.attrib[1]": {"s32": [0, 0, 0, 0]} },
  "params": { "program.env[0]": [1, 1, 1, 1] } }
J
run w.json
[ "$status" = 0 ] || fail "w.json: status $status: $(cat err.txt)"
expect '0/invocations/0/result.position' '[2,3,4,5]' "result named without an outputs list"

# NVgp4.0: per-vertex inputs named vertex[m].position
cat >g.gp <<'P'
!!NVgp4.0
PRIMITIVE_IN LINES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB p = vertex.position;
ADD result.position, p[0], p[1];
EMIT;
END
P
cat >g.json <<'J'
{ "program": "g.gp", "invocations": 1,
  "inputs": { "vertex[0].position": [1, 2, 3, 4], "vertex[1].position": [10, 20, 30, 40] },
  "outputs": { "result.position": "f32" } }
J
run g.json
[ "$status" = 0 ] || fail "g.json: status $status: $(cat err.txt)"
grep -q '11, 22, 33, 44' raw.txt || fail "geometry: vertex[0] + vertex[1] not emitted: $(cat raw.txt)"

# VSP1.0: "vertex state programs update parameters in place" (NV_vertex_program
# 2.14.4): a job sets c[0] and c[2], which the program also writes; the results
# are the parameters after it, (0.5 * c[1] + c[0]) and c[0] + that
cat >s.vsp <<'P'
!!VSP1.0
MOV R0, c[0];
MAD c[2], c[1], v[0].x, R0;
ADD c[0], R0, c[2];
END
P
cat >s.json <<'J'
{ "program": "s.vsp",
  "inputs": { "v[0]": [0.5, 0, 0, 0] },
  "params": { "c[0]": [1, 2, 3, 4], "c[1]": [10, 20, 30, 40], "c[2]": [5, 5, 5, 5] },
  "outputs": { "c[0]": "f32", "c[2]": "f32" } }
J
run s.json
[ "$status" = 0 ] || fail "s.json: status $status: $(cat err.txt)"
expect '0/invocations/0/c[2]' '[6,12,18,24]' "VSP c[2] written"
expect '0/invocations/0/c[0]' '[7,14,21,28]' "VSP c[0] set by the job and updated"

# a name the program does not have is an error
cat >bad.json <<'J'
{ "program": "v.vp", "invocations": 1, "inputs": { "vertex.attrib[9]": [0, 0, 0, 0] } }
J
run bad.json
[ "$status" = 1 ] || fail "unknown binding: status $status"
grep -q 'vertex.attrib\[9\]' err.txt || fail "unknown binding: message $(cat err.txt)"

[ "$fails" -eq 0 ] && echo "cli_run_nv: all passed"
[ "$fails" -eq 0 ]
