/* Texel data for textures (nvgp.h "Textures"): register words packed into a
 * format's texels, and mipmap levels made from the level above by a box
 * filter.  Front ends (the job file's "texels" and "mipmaps": "generate")
 * and programs embedding nvgp share these instead of each converting. */
#include "exec/texture.h"

#include "base/bits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The public target numbers are TGSI's: the executor takes them as they are. */
#define SAME_TARGET(n) \
    _Static_assert((int)NVGP_TEXTURE_##n == (int)TGSI_TEXTURE_##n, "target " #n)
SAME_TARGET(BUFFER);
SAME_TARGET(1D);
SAME_TARGET(2D);
SAME_TARGET(3D);
SAME_TARGET(CUBE);
SAME_TARGET(RECT);
SAME_TARGET(SHADOW1D);
SAME_TARGET(SHADOW2D);
SAME_TARGET(SHADOWRECT);
SAME_TARGET(1D_ARRAY);
SAME_TARGET(2D_ARRAY);
SAME_TARGET(SHADOW1D_ARRAY);
SAME_TARGET(SHADOW2D_ARRAY);
SAME_TARGET(SHADOWCUBE);
SAME_TARGET(2D_MSAA);
SAME_TARGET(2D_ARRAY_MSAA);
SAME_TARGET(CUBE_ARRAY);
SAME_TARGET(SHADOWCUBE_ARRAY);

static bool normalized(unsigned fmt)
{
    return fmt == NVGP_TEX_FORMAT_RGBA8 || fmt == NVGP_TEX_FORMAT_DEPTH16 ||
           fmt == NVGP_TEX_FORMAT_DEPTH24;
}

static bool integer_format(unsigned f)
{
    return f == NVGP_TEX_FORMAT_RGBA32UI || f == NVGP_TEX_FORMAT_R32UI ||
           f == NVGP_TEX_FORMAT_RGBA32I || f == NVGP_TEX_FORMAT_R32I;
}

static double unorm_max(unsigned fmt)
{
    return fmt == NVGP_TEX_FORMAT_RGBA8 ? 255.0 : fmt == NVGP_TEX_FORMAT_DEPTH16 ? 65535.0
                                                                              : 16777215.0;
}

unsigned nvgp_tex_format_components(nvgp_tex_format f)
{
    return nvgp_tex_format_size(f) == 16 || f == NVGP_TEX_FORMAT_RGBA8 ? 4 : 1;
}

void nvgp_tex_pack_component(nvgp_tex_format fmt, void *texel_out, unsigned c, uint32_t w)
{
    uint8_t *texel = texel_out;
    if (!texel || (unsigned)fmt >= NVGP_TEX_FORMAT_COUNT || c >= nvgp_tex_format_components(fmt))
        return;
    if (!normalized(fmt)) {
        memcpy(texel + 4 * c, &w, 4);
        return;
    }
    float f = u2f_bits(w);
    double x = f == f ? (f < 0 ? 0.0 : f > 1 ? 1.0 : (double)f) : 0.0;
    uint32_t u = (uint32_t)floor(x * unorm_max(fmt) + 0.5);
    if (fmt == NVGP_TEX_FORMAT_RGBA8)
        texel[c] = (uint8_t)u;
    else if (fmt == NVGP_TEX_FORMAT_DEPTH16)
        memcpy(texel, &(uint16_t){ (uint16_t)u }, 2);
    else
        memcpy(texel, &u, 4);
}

/* The value a float or normalized texel component holds (as the texture
 * converts it when the image is set). */
static float unpack_component(unsigned fmt, const uint8_t *texel, unsigned c)
{
    if (!normalized(fmt)) {
        float f;
        memcpy(&f, texel + 4 * c, 4);
        return f;
    }
    uint32_t u = 0;
    if (fmt == NVGP_TEX_FORMAT_RGBA8)
        u = texel[c];
    else if (fmt == NVGP_TEX_FORMAT_DEPTH16)
        u = (uint32_t)texel[0] | (uint32_t)texel[1] << 8;
    else
        memcpy(&u, texel, 4);
    return (float)((double)(u & 0xffffffu) / unorm_max(fmt));
}

bool nvgp_texture_make_mip_level(const nvgp_texture *t, uint32_t l, const void *above,
                                 void *out_bytes)
{
    if (!t || l == 0 || !nvgp_texture_image_size(t, l) || !above || !out_bytes)
        return false;
    const nvgp_texture_desc *d = nvgp_texture_describe(t);
    unsigned fmt = d->format;
    if (integer_format(fmt))
        return false;
    unsigned tsize = nvgp_tex_format_size(fmt), comps = nvgp_tex_format_components(fmt);
    uint32_t pw = d->width >> (l - 1), ph = d->height >> (l - 1), pd = d->depth >> (l - 1);
    pw = pw ? pw : 1;
    ph = ph ? ph : 1;
    pd = pd ? pd : 1;
    uint32_t w = pw > 1 ? pw / 2 : 1, h = ph > 1 ? ph / 2 : 1, dd = pd > 1 ? pd / 2 : 1;
    const uint8_t *in = above;
    uint8_t *out = out_bytes;
    for (uint32_t layer = 0; layer < d->layers; layer++)
        for (uint32_t z = 0; z < dd; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint8_t *dst = out + ((((size_t)layer * dd + z) * h + y) * w + x) * tsize;
                    for (unsigned c = 0; c < comps; c++) {
                        double sum = 0;
                        unsigned n = 0;
                        for (uint32_t k = 0; k < (pd > 1 ? 2u : 1u); k++)
                            for (uint32_t j = 0; j < (ph > 1 ? 2u : 1u); j++)
                                for (uint32_t i = 0; i < (pw > 1 ? 2u : 1u); i++) {
                                    size_t at = (((size_t)layer * pd + 2 * z + k) * ph +
                                                 2 * y + j) * pw + 2 * x + i;
                                    sum += unpack_component(fmt, in + at * tsize, c);
                                    n++;
                                }
                        nvgp_tex_pack_component((nvgp_tex_format)fmt, dst, c,
                                                f2u_bits((float)(sum / n)));
                    }
                }
    return true;
}

bool nvgp_texture_set_image_mipmapped(nvgp_texture *t, const void *data, size_t bytes,
                                      nvgp_diag *diag)
{
    if (!t || !data || !nvgp_texture_set_image(t, 0, data, bytes, diag))
        return false;
    const void *above = data;
    void *prev = NULL;
    bool ok = true;
    for (uint32_t l = 1; ok && nvgp_texture_image_size(t, l); l++) {
        void *level = malloc(nvgp_texture_image_size(t, l));
        if (!level) {
            if (diag)
                nvgp_diag_error(diag, 0, "texture: out of memory making level %u", l);
            ok = false;
        } else if (!nvgp_texture_make_mip_level(t, l, above, level)) {
            if (diag)
                nvgp_diag_error(diag, 0, "texture: integer formats have no generated mipmaps");
            ok = false;
        } else {
            ok = nvgp_texture_set_image(t, l, level, nvgp_texture_image_size(t, l), diag);
        }
        free(prev);
        prev = level;
        above = level;
    }
    free(prev);
    return ok;
}
