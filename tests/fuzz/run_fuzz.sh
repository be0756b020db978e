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
case "$name" in
fuzz_tgsi)
    candidates=(corpus/etnaviv-tgsi-dumps/tgsi corpus/mesa-tgsi) ;;
fuzz_asm)
    candidates=(corpus/piglit corpus/mesa-demos corpus/nv-gpu-program) ;;
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
# The first directory receives new inputs; the seed folders are only read.
exec "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
    "$work/corpus" "${seeds[@]}"
