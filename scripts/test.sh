#!/usr/bin/env bash
# The README's test command (make test; .ci/run): four builds, three with
# the whole CTest suite, so warnings, both compilers and the sanitizers are
# all covered:
#   gcc    -DNVGP_WERROR=ON -O2                     (build-ci-gcc)
#   clang  -DNVGP_WERROR=ON                         (build-ci-clang)
#   clang  -DNVGP_SANITIZE=ON -DNVGP_FUZZ=ON        (build-ci-asan: ASan+UBSan,
#          and a short run of every fuzz target)
#   clang  -fsanitize=thread                        (build-ci-tsan: the executor,
#          job and example tests only)
# Every step runs even when an earlier one fails; the summary says which
# failed and the exit status is 1 if any did.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
jobs=${JOBS:-2}
export CTEST_OUTPUT_ON_FAILURE=1

names=()
results=()

# step NAME BUILD_DIR CC CMAKE_ARGS...
step() {
    local name=$1 dir=$2 cc=$3
    shift 3
    local result=ok
    echo "=== $name: configure ($cc $*)"
    if ! CC=$cc cmake -S . -B "$dir" "$@"; then
        result="configure failed"
    else
        echo "=== $name: build"
        if ! cmake --build "$dir" -j"$jobs"; then
            result="build failed"
        else
            echo "=== $name: ctest"
            if ! ctest --test-dir "$dir" -j"$jobs" --output-on-failure ${CTEST_FILTER:+-R "$CTEST_FILTER"}; then
                result="tests failed"
            fi
        fi
    fi
    names+=("$name")
    results+=("$result")
}

# gcc builds optimised (-O2 enables the warnings that need data-flow
# analysis, such as possible snprintf truncation); clang builds for
# debugging (asserts on); the sanitizer build uses -O1 to stay quick.
gcc_type=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g")
step gcc   build-ci-gcc   gcc   -DNVGP_WERROR=ON "${gcc_type[@]}"
step clang build-ci-clang clang -DNVGP_WERROR=ON -DCMAKE_BUILD_TYPE=Debug
step asan  build-ci-asan  clang -DNVGP_WERROR=ON -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_C_FLAGS_DEBUG=-g -O1" -DNVGP_SANITIZE=ON -DNVGP_FUZZ=ON
# ThreadSanitizer over the tests that run the executor on several host
# threads (atomics, shared memory, per-thread state) and its callers.
CTEST_FILTER='exec|job|run_cli|examples' \
step tsan  build-ci-tsan  clang -DNVGP_WERROR=ON -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_C_FLAGS_DEBUG=-g -O1 -fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread

echo
echo "=== summary"
status=0
for i in "${!names[@]}"; do
    printf '  %-6s %s\n' "${names[$i]}" "${results[$i]}"
    [ "${results[$i]}" = ok ] || status=1
done
if [ "$status" -eq 0 ]; then
    echo "make test: all four builds pass"
else
    echo "make test: FAILED"
fi
exit "$status"
