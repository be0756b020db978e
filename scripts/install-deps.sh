#!/usr/bin/env bash
# Installs the packages nvgp needs to build and test (Debian 12), but only
# those missing.  As root it uses apt-get; otherwise it says what to install
# and fails, so a build never goes on without its tools.
set -euo pipefail

packages=(build-essential cmake clang pkg-config libcmocka-dev libjson-c-dev
          libclang-rt-14-dev
          # Mesa's software GL (softpipe) and EGL for the mesa_oracle test,
          # as ../shared/tools/mesa-oracle/setup.sh lists them
          libgl1-mesa-dri libglapi-mesa libegl-mesa0 libegl1 libgl1 libgles2
          libglx-mesa0 libegl-dev libgl-dev mesa-common-dev libosmesa6
          libosmesa6-dev
          # for tests only: the trace viewer is checked in a headless
          # browser (tests/trace/viewer_chromium.sh; skipped without it)
          chromium)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg -s "$p" >/dev/null 2>&1; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all build dependencies are present"
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
