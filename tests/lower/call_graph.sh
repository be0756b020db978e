#!/usr/bin/env bash
# The seams of src/lower/: builds the file-level call graph from the object
# files' symbols (file A calls file B when one of A's undefined symbols is
# defined in B) and checks that the calls run one way:
#   lower_driver*       -> either family, the common layer
#   lower_old_* (NV/ARB family) -> its own files, the common layer
#   lower_gp*   (4.0/5.0 family) -> its own files, the common layer
#   lower_common_*      -> common files only
# and that there is no cycle between files.  Exit 1 with the offending
# edges or cycle.
# usage: call_graph.sh OBJDIR SRCDIR  (the objects of SRCDIR/*.c, as CMake
#        names them in CMakeFiles/nvgp_objects.dir/src/lower; objects of
#        removed sources that an older build left behind are not read)
#        call_graph.sh --self-test CC WORKDIR  (proves that a cycle and an
#        upward call are caught, on objects made for the purpose)
set -euo pipefail
NM=${NM:-nm}

layer() { # file stem -> driver|old|gp|common|?
    case "$1" in
    lower_driver*) echo driver ;;
    lower_old_*) echo old ;;
    lower_gp|lower_gp_*) echo gp ;;
    lower_common_*) echo common ;;
    *) echo '?' ;;
    esac
}

check() {
    local dir=$1 src=${2:-} status=0
    shopt -s nullglob
    local objs=()
    if [ -n "$src" ]; then
        for f in "$src"/*.c; do
            o="$dir/$(basename "$f").o"
            if [ ! -f "$o" ]; then
                echo "no object for $f: $o" >&2
                return 2
            fi
            objs+=("$o")
        done
    else
        objs=("$dir"/*.o)
    fi
    if [ ${#objs[@]} -eq 0 ]; then
        echo "no object files in $dir" >&2
        return 2
    fi
    local syms edges
    syms=$(for o in "${objs[@]}"; do
        stem=$(basename "$o"); stem=${stem%.o}; stem=${stem%.c}
        "$NM" "$o" | awk -v f="$stem" '$1 == "U" {print "U", f, $2}
                                       NF == 3 && $2 ~ /^[TDRBCV]$/ {print "D", f, $3}'
    done)
    edges=$(awk '$1 == "D" {def[$3] = $2} $1 == "U" {n++; uf[n] = $2; us[n] = $3}
                 END {for (i = 1; i <= n; i++) if ((us[i] in def) && def[us[i]] != uf[i])
                          print uf[i], def[us[i]], us[i]}' <<<"$syms" | sort -u)
    # layer rules
    while read -r from to sym; do
        [ -n "$from" ] || continue
        lf=$(layer "$from") lt=$(layer "$to")
        ok=no
        case "$lf:$lt" in
        '?':*|*:'?') ;;
        driver:*) ok=yes ;;
        old:old|old:common|gp:gp|gp:common|common:common) ok=yes ;;
        esac
        if [ "$ok" = no ]; then
            echo "layer violation: $from ($lf) calls $to ($lt): $sym"
            status=1
        fi
    done <<<"$edges"
    for o in "${objs[@]}"; do
        stem=$(basename "$o"); stem=${stem%.o}; stem=${stem%.c}
        if [ "$(layer "$stem")" = '?' ]; then
            echo "file name says no layer: $stem (lower_driver*, lower_old_*, lower_gp_*, lower_common_*)"
            status=1
        fi
    done
    # cycles: depth-first search over the file graph
    local cycle
    cycle=$(awk '{adj[$1] = adj[$1] " " $2; node[$1]; node[$2]}
        function dfs(u,   i, k, v, list) {
            state[u] = 1; stack[++sp] = u
            k = split(adj[u], list, " ")
            for (i = 1; i <= k; i++) {
                v = list[i]
                if (state[v] == 1) {
                    s = v; for (j = sp; j >= 1 && stack[j] != v; j--) s = stack[j] " -> " s
                    print v " -> " s; found = 1; return
                }
                if (!state[v]) { dfs(v); if (found) return }
            }
            state[u] = 2; sp--
        }
        END {for (u in node) if (!state[u] && !found) dfs(u)}' <<<"$(awk '{print $1, $2}' <<<"$edges" | sort -u)")
    if [ -n "$cycle" ]; then
        echo "cycle between files: $cycle"
        status=1
    fi
    if [ $status -eq 0 ]; then
        echo "src/lower call graph: $(wc -l <<<"$edges") cross-file references, $(awk '{print $1, $2}' <<<"$edges" | sort -u | wc -l) file edges, layered and acyclic"
    fi
    return $status
}

if [ "${1:-}" = --self-test ]; then
    cc=$2 work=$3
    rm -rf "$work"; mkdir -p "$work/cycle" "$work/up" "$work/good"
    # a cycle inside one family
    printf 'int lower_old_b(int);\nint lower_old_a(int x) { return x ? lower_old_b(x - 1) : 0; }\n' >"$work/a.c"
    printf 'int lower_old_a(int);\nint lower_old_b(int x) { return lower_old_a(x); }\n' >"$work/b.c"
    "$cc" -c "$work/a.c" -o "$work/cycle/lower_old_a.c.o"
    "$cc" -c "$work/b.c" -o "$work/cycle/lower_old_b.c.o"
    # the common layer calling a family
    printf 'int lower_gp_f(int);\nint lower_common_g(int x) { return lower_gp_f(x); }\n' >"$work/c.c"
    printf 'int lower_gp_f(int x) { return x + 1; }\n' >"$work/d.c"
    "$cc" -c "$work/c.c" -o "$work/up/lower_common_g.c.o"
    "$cc" -c "$work/d.c" -o "$work/up/lower_gp_f.c.o"
    # the right way round passes
    printf 'int lower_common_h(int x) { return x; }\n' >"$work/e.c"
    printf 'int lower_common_h(int);\nint lower_driver_m(int x) { return lower_common_h(x); }\n' >"$work/f.c"
    "$cc" -c "$work/e.c" -o "$work/good/lower_common_h.c.o"
    "$cc" -c "$work/f.c" -o "$work/good/lower_driver_m.c.o"
    fail=0
    if out=$(check "$work/cycle"); then echo "a cycle was not caught"; fail=1
    else grep -q 'cycle between files' <<<"$out" || { echo "cycle: $out"; fail=1; }; fi
    if out=$(check "$work/up"); then echo "a common file calling a family was not caught"; fail=1
    else grep -q 'layer violation: lower_common_g' <<<"$out" || { echo "up: $out"; fail=1; }; fi
    check "$work/good" >/dev/null || { echo "a layered graph was refused"; fail=1; }
    [ $fail -eq 0 ] && echo "self-test passed"
    exit $fail
fi
check "$1" "$2"
