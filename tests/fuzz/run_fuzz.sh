#!/usr/bin/env bash
# Runs one fuzz target for a while, seeded from the project's examples and,
# when present, the shared corpus (read in place, never copied).  New inputs
# go to WORK_DIR/corpus, crashes to WORK_DIR/artifacts.
#
#   run_fuzz.sh TARGET_BINARY SECONDS WORK_DIR SOURCE_DIR SHARED_DIR
set -euo pipefail

bin=$1 seconds=$2 work=$3 src=$4 shared=$5
name=$(basename "$bin")

seeds=("$src/examples")
[ "$name" = fuzz_draw_job ] && seeds+=("$src/tests/pipeline/draw")
case "$name" in
fuzz_tgsi)
    candidates=(corpus/etnaviv-tgsi-dumps/tgsi corpus/mesa-tgsi) ;;
fuzz_asm)
    candidates=(corpus/piglit corpus/mesa-demos corpus/nv-gpu-program) ;;
fuzz_exec)
    candidates=(corpus/mesa-tgsi corpus/etnaviv-tgsi-dumps/tgsi) ;;
fuzz_draw_job)
    candidates=() ;;
*)
    candidates=(corpus/etnaviv-tgsi-dumps/tgsi corpus/mesa-tgsi corpus/piglit
                corpus/mesa-demos corpus/nv-gpu-program) ;;
esac
for c in "${candidates[@]}"; do
    if [ -d "$shared/$c" ]; then
        seeds+=("$shared/$c")
    fi
done
if [ ${#seeds[@]} -eq 1 ]; then
    echo "run_fuzz: $shared/corpus not found; seeding from examples/ only"
fi

mkdir -p "$work/corpus" "$work/artifacts"

# fuzz_exec takes a program, a NUL byte and a job: each seed program is paired
# with the job of tests/fuzz/exec_jobs/ for its stage (and the examples/ ones
# with every job), the programs of tests/fuzz/exec_seeds/ with their own
# jobs, written to WORK_DIR/seeds, which replaces the plain seeds.
if [ "$name" = fuzz_exec ]; then
    jobs=$src/tests/fuzz/exec_jobs
    rm -rf "$work/seeds"
    mkdir -p "$work/seeds"
    n=0
    pair() { # program job
        { cat "$1"; printf '\0'; cat "$2"; } >"$work/seeds/s$n"
        n=$((n + 1))
    }
    while IFS= read -r -d '' p; do
        case $(grep -m1 -o -E '^(VERT|FRAG|GEOM|TESS_CTRL|TESS_EVAL|COMP)' "$p" || true) in
        FRAG) job=frag ;;
        COMP) job=comp ;;
        GEOM) job=geom ;;
        TESS_CTRL|TESS_EVAL) job=tess ;;
        *) job=vert ;;
        esac
        pair "$p" "$jobs/$job.json"
    done < <(find "${seeds[@]:1}" -name '*.tgsi' -print0 2>/dev/null)
    for p in "$src"/examples/*; do
        [ -f "$p" ] || continue   # examples/c is C, not a program
        for j in "$jobs"/*.json; do
            pair "$p" "$j"
        done
    done
    # program and job pairs: NAME.json is the job of the program NAME.*
    for j in "$src"/tests/fuzz/exec_seeds/*.json; do
        for p in "${j%.json}".*; do
            [ "$p" = "$j" ] || pair "$p" "$j"
        done
    done
    seeds=("$work/seeds")
fi
# The first directory receives new inputs; the seed folders are only read.
exec "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
    "$work/corpus" "${seeds[@]}"
