/* Float ALU opcodes of tgsi.rst, one instruction per case; expected values
 * are worked out by hand from the formulas (and IEEE rules for the special
 * values the text implies: 1/0 = inf, 0 * inf = NaN unless LEGACY_MATH_RULES). */
#include "exec_cases.h"

static const xcase core[] = {
    { "MOV OUT[0], IN[0].wzyx", { F4(1, 2, 3, 4) }, F4(4, 3, 2, 1), 0 },
    { "MOV OUT[0], -|IN[0]|", { F4(1, -2, 0, -0.0f) }, F4(-1, -2, -0.0f, -0.0f), 0 },
    { "MOV OUT[0].xz, IN[0]", { F4(1, 2, 3, 4) }, F4(1, 0, 3, 0), 0x5 },
    { "ADD OUT[0], IN[0], IN[1]", { F4(1, INFINITY, -0.0f, 0), F4(2, -INFINITY, -0.0f, -0.0f) },
      F4(3, NAN, -0.0f, 0), 0 },
    { "ADD OUT[0], IN[0], -IN[1].yxwz", { F4(1, 2, 3, 4), F4(10, 20, 30, 40) },
      F4(-19, -8, -37, -26), 0 },
    { "MUL OUT[0], IN[0], IN[1]", { F4(2, 0, -0.0f, 3), F4(3, INFINITY, 5, -2) },
      F4(6, NAN, -0.0f, -6), 0 },
    { "MAD OUT[0], IN[0], IN[1], IN[2]", { F4(2, -1, 0.5f, 0), F4(3, 4, 4, 1), F4(1, 4, -2, -0.0f) },
      F4(7, 0, 0, 0), 0 },
    { "FMA OUT[0], IN[0], IN[1], IN[2]", { F4(2, -1, 0.5f, 0), F4(3, 4, 4, 1), F4(1, 4, -2, 7) },
      F4(7, 0, 0, 7), 0 },
    { "DP2 OUT[0], IN[0], IN[1]", { F4(1, 2, 3, 4), F4(5, 6, 7, 8) }, FS(17), 0 },
    { "DP3 OUT[0], IN[0], IN[1]", { F4(1, 2, 3, 4), F4(5, 6, 7, 8) }, FS(38), 0 },
    { "DP4 OUT[0], IN[0], IN[1]", { F4(1, 2, 3, 4), F4(5, 6, 7, 8) }, FS(70), 0 },
    { "DST OUT[0], IN[0], IN[1]", { F4(9, 2, 3, 9), F4(9, 4, 9, 5) }, F4(1, 8, 3, 5), 0 },
    { "MIN OUT[0], IN[0], IN[1]", { F4(1, -1, 5, -3), F4(2, -2, 5, 3) }, F4(1, -2, 5, -3), 0 },
    { "MAX OUT[0], IN[0], IN[1]", { F4(1, -1, 5, -3), F4(2, -2, 5, 3) }, F4(2, -1, 5, 3), 0 },
    { "SLT OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, 1, 0) }, F4(1, 0, 0, 0), 0 },
    { "SGE OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, 1, 0) }, F4(0, 1, 0, 1), 0 },
    { "SEQ OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, NAN, 0) }, F4(0, 1, 0, 1), 0 },
    { "SNE OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, NAN, 0) }, F4(1, 0, 1, 0), 0 },
    { "SGT OUT[0], IN[0], IN[1]", { F4(1, 2, 3, NAN), F4(2, 2, 1, 0) }, F4(0, 0, 1, 0), 0 },
    { "SLE OUT[0], IN[0], IN[1]", { F4(1, 2, 3, NAN), F4(2, 2, 1, 0) }, F4(1, 1, 0, 0), 0 },
    { "LRP OUT[0], IN[0], IN[1], IN[2]", { F4(0.25f, 1, 0, 0.5f), F4(4, 3, 3, 2), F4(8, 5, 5, 4) },
      F4(7, 3, 5, 3), 0 },
    { "FRC OUT[0], IN[0]", { F4(1.75f, -1.25f, 3, -0.0f) }, F4(0.75f, 0.75f, 0, 0), 0 },
    { "FLR OUT[0], IN[0]", { F4(1.5f, -1.5f, -0.0f, 2) }, F4(1, -2, -0.0f, 2), 0 },
    { "CEIL OUT[0], IN[0]", { F4(1.5f, -1.5f, -0.25f, 2) }, F4(2, -1, -0.0f, 2), 0 },
    { "TRUNC OUT[0], IN[0]", { F4(1.5f, -1.5f, -0.25f, 2) }, F4(1, -1, -0.0f, 2), 0 },
    { "ROUND OUT[0], IN[0]", { F4(2.5f, 3.5f, -0.5f, -1.75f) }, F4(2, 4, -0.0f, -2), 0 },
    { "SSG OUT[0], IN[0]", { F4(-3, 0, 5, -0.0f) }, F4(-1, 0, 1, 0), 0 },
    { "CMP OUT[0], IN[0], IN[1], IN[2]", { F4(-1, 0, -0.0f, NAN), F4(2, 2, 2, 2), F4(3, 3, 3, 3) },
      F4(2, 3, 3, 3), 0 },
    { "DIV OUT[0], IN[0], IN[1]", { F4(1, 1, -1, 0), F4(4, 0, 0, 0) },
      F4(0.25f, INFINITY, -INFINITY, NAN), 0 },
    { "LDEXP OUT[0], IN[0], IN[1]", { F4(3, 3, -1, 1), U4(2, -2, 10, 0) },
      F4(12, 0.75f, -1024, 1), 0 },
    /* a destination that is also a source, swizzled across components:
     * every source component is read before any is written */
    { "MOV TEMP[0], IN[0]\n  1: ADD TEMP[0], TEMP[0].yxwz, TEMP[0]\n  2: MOV OUT[0], TEMP[0]",
      { F4(1, 2, 3, 4) }, F4(3, 3, 7, 7), 0 },
    { "MOV TEMP[0], IN[0]\n  1: MAD TEMP[0], TEMP[0].wzyx, TEMP[0], TEMP[0].xxxx\n"
      "  2: MOV OUT[0], TEMP[0]", { F4(1, 2, 3, 4) }, F4(5, 7, 7, 5), 0 },
    /* scalar opcodes replicate their result */
    { "RCP OUT[0], IN[0].x", { F4(2, 9, 9, 9) }, FS(0.5f), 0 },
    { "RCP OUT[0], IN[0].y", { F4(2, 0, 9, 9) }, FS(INFINITY), 0 },
    { "RCP OUT[0], IN[0].z", { F4(2, 0, -0.0f, 9) }, FS(-INFINITY), 0 },
    { "RCP OUT[0], IN[0].w", { F4(2, 0, 0, INFINITY) }, FS(0), 0 },
    { "RSQ OUT[0], IN[0].x", { F4(4, 0, 0, 0) }, FS(0.5f), 0 },
    { "RSQ OUT[0], IN[0].y", { F4(4, 0, 0, 0) }, FS(INFINITY), 0 },
    { "SQRT OUT[0], IN[0].x", { F4(9, -1, 0, 0) }, FS(3), 0 },
    { "SQRT OUT[0], IN[0].y", { F4(9, -1, 0, 0) }, FS(NAN), 0 },
    { "EX2 OUT[0], IN[0].x", { F4(3, -INFINITY, -1, 0) }, FS(8), 0 },
    { "EX2 OUT[0], IN[0].y", { F4(3, -INFINITY, -1, 0) }, FS(0), 0 },
    { "EX2 OUT[0], IN[0].z", { F4(3, -INFINITY, -1, 0) }, FS(0.5f), 0 },
    { "LG2 OUT[0], IN[0].x", { F4(8, 0, -1, 0.25f) }, FS(3), 0 },
    { "LG2 OUT[0], IN[0].y", { F4(8, 0, -1, 0.25f) }, FS(-INFINITY), 0 },
    { "LG2 OUT[0], IN[0].z", { F4(8, 0, -1, 0.25f) }, FS(NAN), 0 },
    { "LG2 OUT[0], IN[0].w", { F4(8, 0, -1, 0.25f) }, FS(-2), 0 },
    { "POW OUT[0], IN[0].x, IN[1].x", { F4(2, 0, 0, 0), F4(10, 0, 0, 0) }, FS(1024), 0 },
    { "POW OUT[0], IN[0].x, IN[1].x", { F4(4, 0, 0, 0), F4(0.5f, 0, 0, 0) }, FS(2), 0 },
    { "COS OUT[0], IN[0].x", { F4(0, 0, 0, 0) }, FS(1), 0 },
    { "SIN OUT[0], IN[0].x", { F4(0, 0, 0, 0) }, FS(0), 0 },
    { "SIN OUT[0], -IN[0].x", { F4(0, 0, 0, 0) }, FS(-0.0f), 0 },
    /* LIT: (1, max(x,0), x > 0 ? max(y,0)^clamp(w,-128,128) : 0, 1) */
    { "LIT OUT[0], IN[0]", { F4(2, 3, 0, 2) }, F4(1, 2, 9, 1), 0 },
    { "LIT OUT[0], IN[0]", { F4(-1, 3, 0, 2) }, F4(1, 0, 0, 1), 0 },
    { "LIT OUT[0], IN[0]", { F4(1, 0.5f, 0, 130) }, F4(1, 1, 0x1p-128f, 1), 0 },
    { "LIT OUT[0], IN[0]", { F4(1, -2, 0, 0) }, F4(1, 1, 1, 1), 0 },
    /* EXP: (2^floor(x), x - floor(x), 2^x, 1) */
    { "EXP OUT[0], IN[0].x", { F4(3, 0, 0, 0) }, F4(8, 0, 8, 1), 0 },
    { "EXP OUT[0], IN[0].x", { F4(-1.5f, 0, 0, 0) }, F4(0.25f, 0.5f, 0, 0), 0x3 },
    /* LOG: (floor(log2|x|), |x| / 2^floor(log2|x|), log2|x|, 1) */
    { "LOG OUT[0], IN[0].x", { F4(-8, 0, 0, 0) }, F4(3, 1, 3, 1), 0 },
    { "LOG OUT[0], IN[0].x", { F4(10, 0, 0, 0) }, F4(3, 1.25f, 0, 1), 0xb },
    { "LOG OUT[0], IN[0].x", { F4(0.75f, 0, 0, 0) }, F4(-1, 1.5f, 0, 1), 0xb },
    /* integer <-> float */
    { "I2F OUT[0], IN[0]", { U4(-3, 0, 0x7fffffff, 0x80000000) },
      F4(-3, 0, 2147483648.0f, -2147483648.0f), 0 },
    { "U2F OUT[0], IN[0]", { U4(3, 0, 0xffffffff, 0x80000000) },
      F4(3, 0, 4294967296.0f, 2147483648.0f), 0 },
    { "F2I OUT[0], IN[0]", { F4(-1.9f, 1.9f, 3e9f, -3e9f) },
      U4(-1, 1, 0x7fffffff, 0x80000000), 0 },
    { "F2I OUT[0], IN[0]", { F4(NAN, -0.0f, 0.5f, -2147483648.0f) }, U4(0, 0, 0, 0x80000000), 0 },
    { "F2U OUT[0], IN[0]", { F4(3.9f, -1, 5e9f, NAN) }, U4(3, 0, 0xffffffff, 0), 0 },
    { "F2U OUT[0], IN[0]", { F4(-0.5f, 4294967040.0f, 0, 1) }, U4(0, 0xffffff00u, 0, 1), 0 },
    { "FSLT OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, 1, 0) }, U4(~0u, 0, 0, 0), 0 },
    { "FSGE OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, 1, 0) }, U4(0, ~0u, 0, ~0u), 0 },
    { "FSEQ OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, NAN, 0) }, U4(0, ~0u, 0, ~0u), 0 },
    { "FSNE OUT[0], IN[0], IN[1]", { F4(1, 2, NAN, -0.0f), F4(2, 2, NAN, 0) }, U4(~0u, 0, ~0u, 0), 0 },
    /* ARL floors, ARR rounds (to even), results are integers */
    { "ARL TEMP[0], IN[0]\n  1: MOV OUT[0], TEMP[0]", { F4(-1.5f, 1.5f, 2.99f, -0.0f) },
      U4(-2, 1, 2, 0), 0 },
    { "ARR TEMP[0], IN[0]\n  1: MOV OUT[0], TEMP[0]", { F4(2.5f, 1.5f, -2.5f, -0.75f) },
      U4(2, 2, -2, -1), 0 },
};

static void test_core(void **state)
{
    (void)state;
    RUN_CASES(core);
}

/* Saturate clamps to [0, 1]; NaN becomes 0. */
static const xcase sat[] = {
    { "ADD_SAT OUT[0], IN[0], IN[1]", { F4(0.5f, 2, -3, NAN), F4(0.25f, 0, 0, 0) },
      F4(0.75f, 1, 0, 0), 0 },
    { "MOV_SAT OUT[0], IN[0]", { F4(-0.0f, 1, 0.5f, INFINITY) }, F4(0, 1, 0.5f, 1), 0 },
};

static void test_saturate(void **state)
{
    (void)state;
    RUN_CASES(sat);
}

/* Pack/unpack: f32_to_f16 etc. as tgsi.rst writes them. */
static const xcase packs[] = {
    /* 1.0 = 0x3c00, -2.0 = 0xc000 */
    { "PK2H OUT[0], IN[0]", { F4(1, -2, 0, 0) }, US(0xc0003c00u), 0 },
    /* 65504 = 0x7bff, 1e6 overflows to inf 0x7c00 */
    { "PK2H OUT[0], IN[0]", { F4(65504, 1e6f, 0, 0) }, US(0x7c007bffu), 0 },
    /* 2^-24 is the smallest half denormal 0x0001; 0.5 = 0x3800 */
    { "PK2H OUT[0], IN[0]", { F4(0x1p-24f, 0.5f, 0, 0) }, US(0x38000001u), 0 },
    { "UP2H OUT[0], IN[0].x", { U4(0xc0003c00u, 0, 0, 0) }, F4(1, -2, 1, -2), 0 },
    { "UP2H OUT[0], IN[0].x", { U4(0x7c000001u, 0, 0, 0) }, F4(0x1p-24f, INFINITY, 0x1p-24f, INFINITY), 0 },
    /* unorm16: 1.0 -> 65535, 0.5 -> round(32767.5) = 32768 */
    { "PK2US OUT[0], IN[0]", { F4(1, 0.5f, 0, 0) }, US(0x8000ffffu), 0 },
    { "PK2US OUT[0], IN[0]", { F4(-1, 2, 0, 0) }, US(0xffff0000u), 0 },
    { "UP2US OUT[0], IN[0].x", { U4(0xffff0000u, 0, 0, 0) }, F4(0, 1, 0, 1), 0 },
    /* snorm8: 1 -> 127, -1 -> -127 (0x81), 0.5 -> round(63.5) = 64 */
    { "PK4B OUT[0], IN[0]", { F4(1, -1, 0, 0.5f) }, US(0x4000817fu), 0 },
    { "UP4B OUT[0], IN[0].x", { U4(0x8000817fu, 0, 0, 0) }, F4(1, -1, 0, -1), 0 },
    /* unorm8: 1 -> 255, 0.5 -> round(127.5) = 128, 2 clamps */
    { "PK4UB OUT[0], IN[0]", { F4(1, 0, 0.5f, 2) }, US(0xff8000ffu), 0 },
    { "UP4UB OUT[0], IN[0].x", { U4(0xff0000ffu, 0, 0, 0) }, F4(1, 0, 0, 1), 0 },
};

static void test_pack(void **state)
{
    (void)state;
    RUN_CASES(packs);
}

/* Legacy opcodes removed from Mesa, with their old definitions. */
static const xcase legacy[] = {
    { "SUB OUT[0], IN[0], IN[1]", { F4(5, 1, 0, -0.0f), F4(3, 2, 0, 0) }, F4(2, -1, 0, -0.0f), 0 },
    { "ABS OUT[0], IN[0]", { F4(-5, 1, -0.0f, -INFINITY) }, F4(5, 1, 0, INFINITY), 0 },
    /* (1,2,3) x (4,5,6) = (2*6-3*5, 3*4-1*6, 1*5-2*4) = (-3, 6, -3), w = 1 */
    { "XPD OUT[0], IN[0], IN[1]", { F4(1, 2, 3, 9), F4(4, 5, 6, 9) }, F4(-3, 6, -3, 1), 0 },
    { "CLAMP OUT[0], IN[0], IN[1], IN[2]", { F4(-1, 0.5f, 9, 2), FS(0), FS(1) }, F4(0, 0.5f, 1, 1), 0 },
    { "DPH OUT[0], IN[0], IN[1]", { F4(1, 2, 3, 100), F4(5, 6, 7, 8) }, FS(46), 0 },
    { "DP2A OUT[0], IN[0], IN[1], IN[2]", { F4(1, 2, 0, 0), F4(5, 6, 0, 0), F4(3, 0, 0, 0) }, FS(20), 0 },
    { "CND OUT[0], IN[0], IN[1], IN[2]", { FS(1), FS(2), F4(0.75f, 0.5f, 0, 1) }, F4(1, 2, 2, 1), 0 },
    /* RCC: 1/x clamped to [2^-64, 2^64] in magnitude */
    { "RCC OUT[0], IN[0].x", { F4(0, 0, 0, 0) }, FS(0x1p64f), 0 },
    { "RCC OUT[0], IN[0].x", { F4(-INFINITY, 0, 0, 0) }, FS(-0x1p-64f), 0 },
    { "RCC OUT[0], IN[0].x", { F4(4, 0, 0, 0) }, FS(0.25f), 0 },
    { "SCS OUT[0], IN[0].x", { F4(0, 0, 0, 0) }, F4(1, 0, 0, 1), 0 },
    { "NRM OUT[0], IN[0]", { F4(3, 0, 4, 7) }, F4(0.6f, 0, 0.8f, 1), 0 },
    { "NRM4 OUT[0], IN[0]", { F4(2, 2, 2, 2) }, FS(0.5f), 0 },
    /* X2D: (a.x + b.x*c.x + b.y*c.y, a.y + b.x*c.z + b.y*c.w, same, same) */
    { "X2D OUT[0], IN[0], IN[1], IN[2]", { F4(1, 2, 0, 0), F4(3, 4, 0, 0), F4(1, 2, 3, 4) },
      F4(12, 27, 12, 27), 0 },
    /* RFL of (1,1,0) about the axis (0,1,0): 2*(a.b)/(a.a)*a - b = (-1, 1, 0) */
    { "RFL OUT[0], IN[0], IN[1]", { F4(0, 1, 0, 0), F4(1, 1, 0, 0) }, F4(-1, 1, 0, 1), 0 },
    { "SFL OUT[0], IN[0], IN[1]", { FS(5), FS(6) }, FS(0), 0 },
    { "STR OUT[0], IN[0], IN[1]", { FS(5), FS(6) }, FS(1), 0 },
    { "ARA TEMP[0], IN[0]\n  1: MOV OUT[0], TEMP[0]", { F4(3, -2, 0, 1) }, U4(3, -2, 0, 1), 0 },
};

static void test_legacy(void **state)
{
    (void)state;
    RUN_CASES(legacy);
}

/* LEGACY_MATH_RULES: every float multiply by 0 gives 0, 0 * inf and 0 * NaN
 * included. */
static void test_legacy_math_rules(void **state)
{
    (void)state;
    static const xcase lm[] = {
        { "MUL OUT[0], IN[0], IN[1]", { F4(0, INFINITY, -0.0f, 2), F4(INFINITY, 0, NAN, 3) },
          F4(0, 0, 0, 6), 0 },
        { "MAD OUT[0], IN[0], IN[1], IN[2]", { F4(0, 1, 2, 0), F4(INFINITY, 1, 3, NAN), FS(1) },
          F4(1, 2, 7, 1), 0 },
        { "DP3 OUT[0], IN[0], IN[1]", { F4(0, 0, 1, 0), F4(INFINITY, NAN, 2, 0) }, FS(2), 0 },
        { "LRP OUT[0], IN[0], IN[1], IN[2]", { F4(1, 0, 0, 0), F4(5, INFINITY, 0, 0),
          F4(INFINITY, 3, 0, 0) }, F4(5, 3, 0, 0), 0x3 },
    };
    for (size_t i = 0; i < sizeof lm / sizeof lm[0]; i++)
        run_case(&lm[i], "VERT\nPROPERTY LEGACY_MATH_RULES 1");
    /* and without the property, IEEE rules */
    static const xcase ieee = { "MUL OUT[0], IN[0], IN[1]", { F4(0, INFINITY, 0, 2),
                                F4(INFINITY, 0, NAN, 3) }, F4(NAN, NAN, NAN, 6), 0 };
    run_case(&ieee, NULL);
}

/* Denormals are kept, not flushed. */
static void test_denormals(void **state)
{
    (void)state;
    static const xcase d[] = {
        { "ADD OUT[0], IN[0], IN[1]", { F4(0x1p-149f, 0x1p-130f, 0, 0), F4(0x1p-149f, 0, 0, 0) },
          F4(0x1p-148f, 0x1p-130f, 0, 0), 0 },
        { "MUL OUT[0], IN[0], IN[1]", { F4(0x1p-126f, 0, 0, 0), F4(0.5f, 0, 0, 0) },
          F4(0x1p-127f, 0, 0, 0), 0x1 },
    };
    RUN_CASES(d);
}

/* FLR, CEIL, TRUNC, ROUND (nearest even) and FRC are floor, ceil, trunc,
 * round-half-even and x - floor(x) (tgsi.rst), for every float: hand-worked
 * edge cases first (signed zeros, halves, the last fractional floats below
 * 2^23, infinities), then 8192 bit patterns spread over all 2^32 checked
 * against C's floorf/ceilf/truncf/nearbyintf, the functions tgsi.rst names. */
static void test_rounding_all_floats(void **state)
{
    (void)state;
    enum { N = 8192 + 16 };
    static const float edge[16] = { -0.0f, 0.0f, -0.5f, 0.5f, 1.5f, 2.5f, -2.5f, -1.0f,
                                    8388607.5f, -8388607.5f, 8388608.0f, -0.25f, 0.75f,
                                    INFINITY, -INFINITY, 1e30f };
    static const float want[16][4] = { /* floor, ceil, trunc, round */
        { -0.0f, -0.0f, -0.0f, -0.0f }, { 0, 0, 0, 0 }, { -1, -0.0f, -0.0f, -0.0f },
        { 0, 1, 0, 0 }, { 1, 2, 1, 2 }, { 2, 3, 2, 2 }, { -3, -2, -2, -2 }, { -1, -1, -1, -1 },
        { 8388607, 8388608, 8388607, 8388608 }, { -8388608, -8388607, -8388607, -8388608 },
        { 8388608, 8388608, 8388608, 8388608 }, { -1, -0.0f, -0.0f, -0.0f }, { 0, 1, 0, 1 },
        { INFINITY, INFINITY, INFINITY, INFINITY }, { -INFINITY, -INFINITY, -INFINITY, -INFINITY },
        { 1e30f, 1e30f, 1e30f, 1e30f } };
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "  0: FLR OUT[0].x, IN[0].xxxx\n"
            "  1: CEIL OUT[0].y, IN[0].xxxx\n"
            "  2: TRUNC OUT[0].z, IN[0].xxxx\n"
            "  3: ROUND OUT[0].w, IN[0].xxxx\n"
            "  4: FRC OUT[1].x, IN[0].xxxx\n"
            "  5: END\n",
            N, 1);
    for (uint32_t i = 0; i < N; i++) {
        uint32_t b = i < 16 ? fbits(edge[i]) : (i - 16) * 524287u + 0x9e3779b9u;
        xt_in_u(&x, i, 0, b, 0, 0, 0);
    }
    xt_run(&x);
    for (uint32_t i = 0; i < N; i++) {
        float v = bitsf(i < 16 ? fbits(edge[i]) : (i - 16) * 524287u + 0x9e3779b9u);
        if (i < 16)
            xt_expect4f(&x, i, 0, want[i][0], want[i][1], want[i][2], want[i][3]);
        xt_expect4f(&x, i, 0, floorf(v), ceilf(v), truncf(v), nearbyintf(v));
        assert_float_bits(xt_out_f(&x, i, 1, 0), v - floorf(v));
    }
    xt_free(&x);
}

/* FMA rounds once: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 exactly, and adding
 * -(1 + 2^-11) leaves 2^-24 (MUL then ADD would round the product to
 * 1 + 2^-11, a tie to even, and give 0).  Then 4096 operand triples against
 * C's fmaf. */
static void test_fma_fused(void **state)
{
    (void)state;
    enum { N = 4096 };
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "  0: FMA OUT[0], IN[0].xxxx, IN[0].yyyy, IN[0].zzzz\n"
            "  1: END\n",
            N, 1);
    static uint32_t ops[N][3];
    float a = 1.0f + 0x1p-12f;
    ops[0][0] = ops[0][1] = fbits(a);
    ops[0][2] = fbits(-(1.0f + 0x1p-11f));
    uint32_t seed = 12345;
    for (uint32_t i = 1; i < N; i++)
        for (int k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            /* moderate exponents, so products neither overflow nor vanish */
            ops[i][k] = (seed & 0x807fffffu) | ((0x70u + (seed >> 27)) << 23);
        }
    for (uint32_t i = 0; i < N; i++)
        xt_in_u(&x, i, 0, ops[i][0], ops[i][1], ops[i][2], 0);
    xt_run(&x);
    assert_float_bits(xt_out_f(&x, 0, 0, 0), 0x1p-24f);
    for (uint32_t i = 0; i < N; i++)
        assert_float_bits(xt_out_f(&x, i, 0, 0),
                          fmaf(bitsf(ops[i][0]), bitsf(ops[i][1]), bitsf(ops[i][2])));
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounding_all_floats),
        cmocka_unit_test(test_fma_fused),
        cmocka_unit_test(test_core),
        cmocka_unit_test(test_saturate),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_legacy),
        cmocka_unit_test(test_legacy_math_rules),
        cmocka_unit_test(test_denormals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
