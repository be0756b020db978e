#!/bin/bash
# nvgp shader-test on small files written here: PASS / FAIL / SKIP lines, the
# first failing probe, exit statuses, and malformed or hostile input that
# must fail cleanly (never crash).
nvgp=$1 work=$2
mkdir -p "$work" && cd "$work" || exit 1
fails=0
check() {  # NAME WANT_STATUS WANT_GREP FILE...
    name=$1 want=$2 pattern=$3
    shift 3
    out=$("$nvgp" shader-test "$@" 2>&1)
    status=$?
    if [ "$status" -ne "$want" ] || ! grep -q -- "$pattern" <<<"$out"; then
        echo "FAIL $name: status $status (want $want), output:"
        echo "$out"
        fails=$((fails + 1))
    fi
}
# fragment colour from a local parameter, probed everywhere
cat > pass.shader_test <<'T'
[require]
GL >= 1.3
ARB_fragment_program
[vertex program]
!!ARBvp1.0
OPTION ARB_position_invariant;
END
[fragment program]
!!ARBfp1.0
MOV result.color, program.local[3];
END
[test]
ortho 0 1 0 1
parameter local_fp 3 (0.25, 0.5, 0.75, 1.0)
draw rect 0 0 1 1
probe all rgba 0.25 0.5 0.75 1.0
probe rgb 10 20 0.25 0.5 0.75
relative probe rgba (1.0, 1.0) (0.25, 0.5, 0.75, 1.0);
T
check pass 0 '^PASS pass.shader_test' pass.shader_test
sed 's/probe all rgba 0.25 0.5 0.75 1.0/probe all rgba 0.25 0.5 0.5 1.0/' pass.shader_test > fail.shader_test
check fail 1 'Expected: 0.25 0.5 0.5 1' fail.shader_test
check fail-observed 1 'Observed: 0.25098 0.501961 0.74902 1' fail.shader_test
printf '[require]\nGLSL >= 1.10\n[test]\n' > glsl.shader_test
check skip-glsl 0 '^SKIP glsl.shader_test' glsl.shader_test
printf '[require]\nGL_ARB_compute_shader\n[test]\n' > ext.shader_test
check skip-ext 0 'needs GL_ARB_compute_shader' ext.shader_test
check mixed 1 'summary: 1 pass, 1 fail, 1 skip' pass.shader_test fail.shader_test glsl.shader_test
# hostile commands: each must fail the file with a message, not crash
for cmd in 'draw rect nan nan 1 1' 'draw rect -1e38 -1e38 1e38 1e38' 'parameter env_vp 300 (1, 2, 3, 4)' \
           'parameter local_fp 1e30 (1, 2, 3, 4)' 'texture rgbw 0 (100000, 5)' 'texture rgbw nan (4, 4)' \
           'probe rgba 1e30 -1e30 0 0 0 0' 'relative probe rgb (-3, 9e9) (0, 0, 0)' 'probe depth 1e20 0 1' \
           'texparameter 2D compare_func greater' 'ortho 0 0 0 0' 'frobnicate 1 2' 'texcoord 99 (1, 2, 3, 4)'; do
    sed "s/^draw rect 0 0 1 1\$/$cmd\ndraw rect 0 0 1 1/" pass.shader_test > hostile.shader_test
    "$nvgp" shader-test hostile.shader_test > out.txt 2>&1
    status=$?
    if [ "$status" -gt 1 ]; then
        echo "FAIL hostile '$cmd': status $status"; cat out.txt; fails=$((fails + 1))
    fi
done
printf '[require]\nSIZE 100000 100000\n[test]\nclear\n' > huge.shader_test
check huge-window 1 'framebuffer size' huge.shader_test
printf '\x00\x01[test]\n\xff\xfe draw rect \x00 1\n[vertex program]\n!!\x80\n[test]\nprobe all rgba\n' > random.shader_test
"$nvgp" shader-test random.shader_test > /dev/null 2>&1
[ $? -le 1 ] || { echo "FAIL binary bytes"; fails=$((fails + 1)); }
check missing-file 2 'missing.shader_test' missing.shader_test
[ $fails -eq 0 ]
