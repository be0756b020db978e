#!/usr/bin/env bash
# Installs the packages nvgp needs (Debian 12), but only those missing.
#
#   install-deps.sh run    what building and running nvgp needs (make run)
#   install-deps.sh test   that, and what the test suite needs (make test):
#                          clang and its sanitizer runtimes, cmocka, MPFR,
#                          Mesa
#   install-deps.sh bench  what running needs, Mesa's software GL for the
#                          side-by-side figures and gnuplot for their plot
#                          (make bench)
#
# As root it uses apt-get; otherwise it says what to install and fails, so
# a build never goes on without its tools.
set -euo pipefail

what=${1:-test}
# libsleef-dev: the executor's vector transcendental functions
# libpng-dev: PNG output of `nvgp render` (optional for the build)
# llvm-15-dev: the JIT engine (optional: CMake's NVGP_JIT=AUTO builds
# without it when it is absent)
run_packages=(build-essential cmake pkg-config libjson-c-dev libsleef-dev libpng-dev llvm-15-dev)
# Mesa's software GL (softpipe) and EGL for the mesa_oracle test and the
# benchmark, as ../shared/tools/mesa-oracle/setup.sh lists them
mesa_packages=(libgl1-mesa-dri libglapi-mesa libegl-mesa0 libegl1 libgl1 libgles2
               libglx-mesa0 libegl-dev libgl-dev mesa-common-dev libosmesa6
               libosmesa6-dev)
# MPFR: the correctly rounded reference of the precision test; chromium:
# the trace viewer is checked in a headless browser
# (tests/trace/viewer_chromium.sh; not run without it)
test_packages=(clang libclang-rt-14-dev libcmocka-dev libmpfr-dev chromium "${mesa_packages[@]}")
case "$what" in
run) packages=("${run_packages[@]}") ;;
test) packages=("${run_packages[@]}" "${test_packages[@]}") ;;
bench) packages=("${run_packages[@]}" "${mesa_packages[@]}" gnuplot-nox) ;;
*) echo "usage: install-deps.sh run|test|bench" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
    if ! dpkg -s "$p" >/dev/null 2>&1; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: everything '$what' needs is present"
    exit 0
fi

echo "install-deps: missing packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: not running as root; install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"

still=()
for p in "${missing[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || still+=("$p")
done
if [ ${#still[@]} -ne 0 ]; then
    echo "install-deps: could not install: ${still[*]}" >&2
    exit 1
fi
echo "install-deps: installed ${missing[*]}"
