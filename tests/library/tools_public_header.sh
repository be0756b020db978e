#!/usr/bin/env bash
# The tool is a user of the library like any other: tools/*.c include the
# public headers nvgp.h and nvgp_pipeline.h and the tool's own headers, never one of the
# library's inside (src/: base/ exec/ lower/ nv/ tgsi/ api/).  The tool's
# headers may include only base/arena.h and base/strbuf.h, which the JSON
# code (job.c, job_result.c) still allocates and writes with; nothing else
# under src/.
# usage: tools_public_header.sh SOURCE_DIR
set -uo pipefail
src=$1
status=0
hits=$(grep -nE '#include *"(base|exec|lower|nv|tgsi|api|pipeline|trace)/' "$src"/tools/*.c)
if [ -n "$hits" ]; then
    echo "tools/*.c include library-internal headers:"
    echo "$hits"
    status=1
fi
hits=$(grep -nE '#include *"(base|exec|lower|nv|tgsi|api|pipeline|trace)/' "$src"/tools/*.h |
       grep -vE '"base/(arena|strbuf)\.h"')
if [ -n "$hits" ]; then
    echo "tools/*.h include library-internal headers:"
    echo "$hits"
    status=1
fi
[ "$status" -eq 0 ] && echo "ok: tools/*.c include only nvgp.h of the library"
exit "$status"
