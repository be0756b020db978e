/* PK4B/UP4B of the NVIDIA languages (NV_fragment_program, NV_gpu_program4):
 * their signed bytes are excess-128 ("all '0' bits corresponds to -128/127
 * and all '1' bits corresponds to +127/127"), while TGSI's PK4B packs
 * two's-complement snorm8 values (tgsi.rst: f32_to_snorm8) and cannot
 * represent -128/127 at all.  Both languages' lowerings therefore spell the
 * spec's pseudocode out in TGSI integer and float instructions. */
#include "lower/lower_common.h"

static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }

/* The shift of byte c (0, 8, 16, 24) in each component. */
static tgsi_src byte_shifts(lower_ctx *c)
{
    static const uint32_t shifts[4] = {0, 8, 16, 24};
    return nvgp_tgsi_build_imm(c->b, TGSI_IMM_UINT32, shifts, 4);
}

tgsi_dst lower_pk4b_excess128(lower_ctx *c, tgsi_src s)
{
    tgsi_builder *b = c->b;
    tgsi_dst t = nvgp_tgsi_build_temp(b);
    /* ub = round(127 tmp + 128) with tmp clamped to [-128/127, 127/127]:
     * clamping 127 tmp + 128 to [0, 255] is the same clamp, exact at the
     * ends (no rounding of -128/127). */
    nvgp_tgsi_build_MAD(b, t, s, nvgp_tgsi_build_imm1f(b, 127.0f), nvgp_tgsi_build_imm1f(b, 128.0f));
    nvgp_tgsi_build_MAX(b, t, of(t), nvgp_tgsi_build_imm1f(b, 0.0f));
    nvgp_tgsi_build_MIN(b, t, of(t), nvgp_tgsi_build_imm1f(b, 255.0f));
    nvgp_tgsi_build_ROUND(b, t, of(t));
    nvgp_tgsi_build_F2U(b, t, of(t));
    nvgp_tgsi_build_SHL(b, t, of(t), byte_shifts(c));
    nvgp_tgsi_build_OR(b, mask(t, 1), sc(of(t), 0), sc(of(t), 1));
    nvgp_tgsi_build_OR(b, mask(t, 4), sc(of(t), 2), sc(of(t), 3));
    nvgp_tgsi_build_OR(b, mask(t, 1), sc(of(t), 0), sc(of(t), 2));
    return t;
}

tgsi_dst lower_up4b_excess128(lower_ctx *c, tgsi_src s)
{
    tgsi_builder *b = c->b;
    tgsi_dst t = nvgp_tgsi_build_temp(b);
    /* (((bits >> 8c) & 0xFF) - 128) / 127.0: the byte is exact as a float,
     * so only the division rounds, as in the pseudocode. */
    nvgp_tgsi_build_USHR(b, t, s, byte_shifts(c));
    nvgp_tgsi_build_AND(b, t, of(t), nvgp_tgsi_build_imm1u(b, 0xffu));
    nvgp_tgsi_build_U2F(b, t, of(t));
    nvgp_tgsi_build_ADD(b, t, of(t), nvgp_tgsi_build_imm1f(b, -128.0f));
    nvgp_tgsi_build_DIV(b, t, of(t), nvgp_tgsi_build_imm1f(b, 127.0f));
    return t;
}
