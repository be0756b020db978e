#!/usr/bin/env bash
# Runs every fuzz target of a -DNVGP_FUZZ=ON build for SECONDS each.  The
# growing corpus and any crash inputs stay in fuzz-work/<target>/.
#
#   fuzz.sh FUZZ_BUILD_DIR SECONDS
set -uo pipefail

build=${1:-build-fuzz}
seconds=${2:-600}
cd "$(dirname "$0")/.." || exit 2
shared=$(cd .. && pwd)/shared

targets=()
while IFS= read -r f; do
    targets+=("$f")
done < <(find "$build/tests/fuzz" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x 2>/dev/null | sort)
if [ ${#targets[@]} -eq 0 ]; then
    echo "fuzz: no fuzz targets in $build/tests/fuzz (configure with -DNVGP_FUZZ=ON)" >&2
    exit 2
fi

failed=0
for t in "${targets[@]}"; do
    name=$(basename "$t")
    echo "=== $name for ${seconds}s"
    if ! bash tests/fuzz/run_fuzz.sh "$t" "$seconds" "fuzz-work/$name" "$PWD" "$shared"; then
        echo "fuzz: $name found a problem; inputs in fuzz-work/$name/artifacts/" >&2
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
