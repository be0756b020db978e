#!/usr/bin/env bash
# The shared library (and the static one as installed, whose hidden symbols
# are made local) exports exactly the functions the public headers (nvgp.h,
# nvgp_pipeline.h) mark NVGP_API:
# every exported name starts with nvgp_ and is declared in the header, and
# every declared one is exported.  (Linker-made names such as _init, _fini,
# _edata, _end and __bss_start are not ours and are left out.)
# usage: exports.sh LIBNVGP.so|LIBNVGP.a HEADER... (include/nvgp.h include/nvgp_pipeline.h)
set -euo pipefail
lib=$1
shift
case "$lib" in
*.a) list=(nm -g --defined-only "$lib") ;;
*)   list=(nm -D --defined-only "$lib") ;;
esac
exported=$("${list[@]}" | awk 'NF == 3 {print $3}' | sed 's/@.*//' |
           grep -Ev '^(_init|_fini|_edata|_end|__bss_start)$' | sort -u)
declared=$(cat "$@" | grep -oE '^NVGP_API [^;(]*\(' |
           sed -E 's/.*[ *](nvgp_[A-Za-z0-9_]+)\($/\1/' | sort -u)
status=0
bad=$(grep -v '^nvgp_' <<<"$exported" || true)
if [ -n "$bad" ]; then
    echo "exported without the nvgp_ prefix:"; echo "$bad"; status=1
fi
extra=$(comm -23 <(echo "$exported") <(echo "$declared"))
if [ -n "$extra" ]; then
    echo "exported but not declared NVGP_API in the public headers:"; echo "$extra"; status=1
fi
missing=$(comm -13 <(echo "$exported") <(echo "$declared"))
if [ -n "$missing" ]; then
    echo "declared NVGP_API in the public headers but not exported:"; echo "$missing"; status=1
fi
n=$(wc -l <<<"$exported")
[ "$status" -eq 0 ] && echo "ok: $n exported functions, all nvgp_ and all in the public headers"
exit "$status"
