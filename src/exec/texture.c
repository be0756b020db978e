/* Texture objects: creation, formats and their conversion to stored words,
 * sampler state, texel fetch (TXF), size (TXQ) and sample count (TXQS).
 * Filtering lives in texture_sample.c. */
#include "exec/texture_internal.h"

#include "base/bits.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- Formats ---------------------------------------------------------------- */

typedef enum fmt_source {
    SRC_F32, SRC_U32, SRC_S32, SRC_UNORM8, SRC_UNORM16, SRC_UNORM24
} fmt_source;

static const struct fmt_info {
    const char *name;
    uint8_t bytes;       /* one texel in set_image data */
    uint8_t components;  /* stored components */
    uint8_t source;      /* fmt_source of each component */
    uint8_t kind;        /* tex_kind */
} formats[NVGP_TEX_FORMAT_COUNT] = {
    [NVGP_TEX_FORMAT_RGBA32F]  = { "rgba32f", 16, 4, SRC_F32, TEX_KIND_FLOAT },
    [NVGP_TEX_FORMAT_RGBA32UI] = { "rgba32ui", 16, 4, SRC_U32, TEX_KIND_UINT },
    [NVGP_TEX_FORMAT_RGBA32I]  = { "rgba32i", 16, 4, SRC_S32, TEX_KIND_SINT },
    [NVGP_TEX_FORMAT_RGBA8]    = { "rgba8", 4, 4, SRC_UNORM8, TEX_KIND_FLOAT },
    [NVGP_TEX_FORMAT_R32F]     = { "r32f", 4, 1, SRC_F32, TEX_KIND_FLOAT },
    [NVGP_TEX_FORMAT_R32UI]    = { "r32ui", 4, 1, SRC_U32, TEX_KIND_UINT },
    [NVGP_TEX_FORMAT_R32I]     = { "r32i", 4, 1, SRC_S32, TEX_KIND_SINT },
    [NVGP_TEX_FORMAT_DEPTH16]  = { "depth16", 2, 1, SRC_UNORM16, TEX_KIND_DEPTH },
    [NVGP_TEX_FORMAT_DEPTH24]  = { "depth24", 4, 1, SRC_UNORM24, TEX_KIND_DEPTH },
    [NVGP_TEX_FORMAT_DEPTH32F] = { "depth32f", 4, 1, SRC_F32, TEX_KIND_DEPTH },
};

const char *nvgp_tex_format_name(nvgp_tex_format f)
{
    return (unsigned)f < NVGP_TEX_FORMAT_COUNT ? formats[f].name : NULL;
}

int nvgp_tex_format_lookup(const char *name)
{
    for (int i = 0; i < NVGP_TEX_FORMAT_COUNT; i++)
        if (strcmp(formats[i].name, name) == 0)
            return i;
    return -1;
}

unsigned nvgp_tex_format_size(nvgp_tex_format f)
{
    return (unsigned)f < NVGP_TEX_FORMAT_COUNT ? formats[f].bytes : 0;
}

/* ---- Targets ------------------------------------------------------------------ */

/* Indexed by tgsi_texture.  dims, layer, ref, cube, array, shadow, msaa,
 * rect, buffer, size_dims. */
static const nvgp_tex_layout layouts[TGSI_TEXTURE_COUNT] = {
    [TGSI_TEXTURE_BUFFER]           = { 1, -1, -1, false, false, false, false, false, true, 1 },
    [TGSI_TEXTURE_1D]               = { 1, -1, -1, false, false, false, false, false, false, 1 },
    [TGSI_TEXTURE_2D]               = { 2, -1, -1, false, false, false, false, false, false, 2 },
    [TGSI_TEXTURE_3D]               = { 3, -1, -1, false, false, false, false, false, false, 3 },
    [TGSI_TEXTURE_CUBE]             = { 3, -1, -1, true, false, false, false, false, false, 2 },
    [TGSI_TEXTURE_RECT]             = { 2, -1, -1, false, false, false, false, true, false, 2 },
    [TGSI_TEXTURE_SHADOW1D]         = { 1, -1, 2, false, false, true, false, false, false, 1 },
    [TGSI_TEXTURE_SHADOW2D]         = { 2, -1, 2, false, false, true, false, false, false, 2 },
    [TGSI_TEXTURE_SHADOWRECT]       = { 2, -1, 2, false, false, true, false, true, false, 2 },
    [TGSI_TEXTURE_1D_ARRAY]         = { 1, 1, -1, false, true, false, false, false, false, 2 },
    [TGSI_TEXTURE_2D_ARRAY]         = { 2, 2, -1, false, true, false, false, false, false, 3 },
    [TGSI_TEXTURE_SHADOW1D_ARRAY]   = { 1, 1, 2, false, true, true, false, false, false, 2 },
    [TGSI_TEXTURE_SHADOW2D_ARRAY]   = { 2, 2, 3, false, true, true, false, false, false, 3 },
    [TGSI_TEXTURE_SHADOWCUBE]       = { 3, -1, 3, true, false, true, false, false, false, 2 },
    [TGSI_TEXTURE_2D_MSAA]          = { 2, -1, -1, false, false, false, true, false, false, 2 },
    [TGSI_TEXTURE_2D_ARRAY_MSAA]    = { 2, 2, -1, false, true, false, true, false, false, 3 },
    [TGSI_TEXTURE_CUBE_ARRAY]       = { 3, 3, -1, true, true, false, false, false, false, 3 },
    [TGSI_TEXTURE_SHADOWCUBE_ARRAY] = { 3, 3, -1, true, true, true, false, false, false, 3 },
    [TGSI_TEXTURE_UNKNOWN]          = { 2, -1, -1, false, false, false, false, false, false, 2 },
};

const nvgp_tex_layout *nvgp_tex_target_layout(unsigned target)
{
    return &layouts[target < TGSI_TEXTURE_COUNT ? target : TGSI_TEXTURE_UNKNOWN];
}

/* ---- Objects ------------------------------------------------------------------ */

void nvgp_tex_sampler_default(nvgp_tex_sampler *s)
{
    memset(s, 0, sizeof *s);
    s->min_filter = NVGP_TEX_FILTER_NEAREST;
    s->mag_filter = NVGP_TEX_FILTER_NEAREST;
    s->mip_filter = NVGP_TEX_MIP_NONE;
    for (int i = 0; i < 3; i++)
        s->wrap[i] = NVGP_TEX_WRAP_REPEAT;
    s->compare_func = NVGP_TEX_COMPARE_LEQUAL;
    s->depth_mode = NVGP_TEX_DEPTH_LUMINANCE;
    for (int i = 0; i < 4; i++)
        s->swizzle[i] = (uint8_t)i;
    s->min_lod = -1000.0f;
    s->max_lod = 1000.0f;
    s->base_level = 0;
    s->max_level = 1000;
}

static void NVGP_PRINTF(2, 3) error(nvgp_diag *diag, const char *fmt, ...)
{
    if (!diag)
        return;
    va_list ap;
    va_start(ap, fmt);
    nvgp_diag_vreport(diag, NVGP_SEVERITY_ERROR, 0, fmt, ap);
    va_end(ap);
}

static unsigned floor_log2(uint32_t v)
{
    unsigned n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

nvgp_texture *nvgp_texture_create(const nvgp_texture_desc *desc, nvgp_diag *diag)
{
    if (!desc) {
        error(diag, "texture: no description");
        return NULL;
    }
    nvgp_texture_desc d = *desc;
    if (d.target >= TGSI_TEXTURE_UNKNOWN) {
        error(diag, "texture: unknown target %u", d.target);
        return NULL;
    }
    if (d.format >= NVGP_TEX_FORMAT_COUNT) {
        error(diag, "texture: unknown format %u", d.format);
        return NULL;
    }
    const nvgp_tex_layout *lay = &layouts[d.target];
    /* Sizes a target does not have are 1, whatever the caller wrote. */
    uint32_t layers = 1;
    if (lay->dims < 2 || lay->buffer)
        d.height = 1;
    if (d.target != TGSI_TEXTURE_3D)
        d.depth = 1;
    if (lay->cube && !lay->array)
        layers = 6;
    else if (lay->array)
        layers = d.layers;
    d.layers = layers;
    if (!lay->msaa)
        d.samples = 1;
    if (d.width == 0 || d.height == 0 || d.depth == 0 || d.layers == 0 || d.samples == 0) {
        error(diag, "texture: a size is zero (%u samples, %u layers)", d.samples, d.layers);
        return NULL;
    }
    uint32_t limit = lay->buffer ? (1u << 27) : NVGP_TEX_MAX_SIZE;
    if (d.width > limit || d.height > NVGP_TEX_MAX_SIZE || d.depth > 2048 ||
        d.layers > 2048 * 6 || d.samples > 32) {
        error(diag, "texture: size %ux%u is larger than supported", d.width, d.height);
        return NULL;
    }
    if (lay->cube && d.width != d.height) {
        error(diag, "texture: cube map faces must be square (%ux%u)", d.width, d.height);
        return NULL;
    }
    if (lay->cube && lay->array && d.layers % 6 != 0) {
        error(diag, "texture: cube map array layer-faces (%u) not a multiple of 6",
              d.layers);
        return NULL;
    }
    uint32_t maxdim = d.width > d.height ? d.width : d.height;
    if (d.target == TGSI_TEXTURE_3D && d.depth > maxdim)
        maxdim = d.depth;
    unsigned full = floor_log2(maxdim) + 1;
    if (lay->rect || lay->buffer || lay->msaa)
        full = 1;
    if (d.levels == 0)
        d.levels = full;
    if (d.levels > full) {
        error(diag, "texture: %u levels, but the chain has only %u", d.levels, full);
        return NULL;
    }

    /* Storage is 16 bytes a texel; a bound keeps a typo in a job file from
     * asking the host for terabytes. */
    uint64_t texels = (uint64_t)d.width * d.height * d.depth * d.layers * d.samples;
    if (texels > (NVGP_TEX_MAX_BYTES / 16) * 3 / 4) {
        error(diag, "texture: %llu texels need more than %llu MiB", (unsigned long long)texels,
              (unsigned long long)(NVGP_TEX_MAX_BYTES >> 20));
        return NULL;
    }
    nvgp_texture *t = calloc(1, sizeof *t);
    if (!t) {
        error(diag, "texture: out of memory");
        return NULL;
    }
    t->desc = d;
    nvgp_tex_sampler_default(&t->samp);
    t->kind = formats[d.format].kind;
    t->components = formats[d.format].components;
    t->fixed_depth = formats[d.format].source == SRC_UNORM16 ||
                     formats[d.format].source == SRC_UNORM24;
    t->layers = d.layers;
    t->samples = d.samples;
    t->num_levels = d.levels;
    for (uint32_t l = 0; l < d.levels; l++) {
        tex_level *lv = &t->level[l];
        lv->w = d.width >> l ? d.width >> l : 1;
        lv->h = d.height >> l ? d.height >> l : 1;
        lv->d = d.depth >> l ? d.depth >> l : 1;
        size_t n = (size_t)lv->w * lv->h * lv->d * t->layers * t->samples;
        lv->words = calloc(n * 4, sizeof(uint32_t));
        if (!lv->words) {
            nvgp_texture_destroy(t);
            error(diag, "texture: out of memory");
            return NULL;
        }
        /* Zero texels of single-component formats still read (0,0,0,1). */
        if (t->components == 1)
            for (size_t i = 0; i < n; i++)
                lv->words[4 * i + 3] = t->kind == TEX_KIND_FLOAT ? f2u_bits(1.0f) : 1u;
    }
    return t;
}

void nvgp_texture_destroy(nvgp_texture *t)
{
    if (!t)
        return;
    for (unsigned l = 0; l < NVGP_TEX_MAX_LEVELS; l++)
        free(t->level[l].words);
    free(t);
}

size_t nvgp_texture_image_size(const nvgp_texture *t, uint32_t level)
{
    if (!t || level >= t->num_levels)
        return 0;
    const tex_level *lv = &t->level[level];
    return (size_t)lv->w * lv->h * lv->d * t->layers * t->samples *
           formats[t->desc.format].bytes;
}

static uint32_t load_u32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Normalized fixed-point to float, rounded once (double has room for it). */
static float unorm(uint32_t v, uint32_t max)
{
    return (float)((double)v / (double)max);
}

bool nvgp_texture_set_image(nvgp_texture *t, uint32_t level, const void *data, size_t bytes,
                            nvgp_diag *diag)
{
    size_t want = nvgp_texture_image_size(t, level);
    if (!t || (!data && want)) {
        error(diag, "texture: no texture or no data");
        return false;
    }
    if (level >= t->num_levels) {
        error(diag, "texture: level %u does not exist (%u levels)", level, t->num_levels);
        return false;
    }
    if (bytes != want) {
        error(diag, "texture: level %u needs %zu bytes, got %zu", level, want, bytes);
        return false;
    }
    const struct fmt_info *f = &formats[t->desc.format];
    const unsigned char *p = data;
    uint32_t *w = t->level[level].words;
    size_t n = want / f->bytes;
    for (size_t i = 0; i < n; i++, p += f->bytes, w += 4) {
        uint32_t v[4] = { 0, 0, 0, f->kind == TEX_KIND_FLOAT || f->kind == TEX_KIND_DEPTH
                                          ? f2u_bits(1.0f) : 1u };
        for (unsigned c = 0; c < f->components; c++) {
            switch ((fmt_source)f->source) {
            case SRC_F32:
            case SRC_U32:
            case SRC_S32:
                v[c] = load_u32(p + 4 * c);
                break;
            case SRC_UNORM8:
                v[c] = f2u_bits(unorm(p[c], 255));
                break;
            case SRC_UNORM16: {
                uint16_t h;
                memcpy(&h, p, 2);
                v[c] = f2u_bits(unorm(h, 65535));
                break;
            }
            case SRC_UNORM24:
                v[c] = f2u_bits(unorm(load_u32(p) & 0xffffffu, 0xffffffu));
                break;
            }
        }
        memcpy(w, v, sizeof v);
    }
    return true;
}

void nvgp_texture_set_sampler(nvgp_texture *t, const nvgp_tex_sampler *s)
{
    if (t && s)
        t->samp = *s;
}

const nvgp_tex_sampler *nvgp_texture_sampler(const nvgp_texture *t)
{
    return t ? &t->samp : NULL;
}

const nvgp_texture_desc *nvgp_texture_describe(const nvgp_texture *t)
{
    return t ? &t->desc : NULL;
}

uint32_t nvgp_texture_samples(const nvgp_texture *t)
{
    return t->samples;
}

void nvgp_tex_level_range(const nvgp_texture *t, uint32_t *base, uint32_t *q)
{
    uint32_t last = t->num_levels - 1;
    uint32_t b = t->samp.base_level < last ? t->samp.base_level : last;
    uint32_t m = t->samp.max_level < last ? t->samp.max_level : last;
    *base = b;
    *q = m > b ? m : b;
}

/* ---- Source colours ---------------------------------------------------------- */

static void swizzle_words(const nvgp_tex_sampler *s, const uint32_t in[4], uint32_t one,
                          uint32_t out[4])
{
    uint32_t tmp[4];
    for (int c = 0; c < 4; c++) {
        unsigned sw = s->swizzle[c];
        tmp[c] = sw < 4 ? in[sw] : sw == NVGP_TEX_SWIZZLE_ONE ? one : 0;
    }
    memcpy(out, tmp, sizeof tmp);
}

void nvgp_tex_source_color_f(const nvgp_texture *t, const float in[4], float out[4])
{
    float c[4] = { in[0], in[1], in[2], in[3] };
    if (t->kind == TEX_KIND_DEPTH) {
        float d = in[0];
        switch ((nvgp_tex_depth_mode)t->samp.depth_mode) {
        case NVGP_TEX_DEPTH_INTENSITY: c[0] = c[1] = c[2] = c[3] = d; break;
        case NVGP_TEX_DEPTH_ALPHA: c[0] = c[1] = c[2] = 0.0f; c[3] = d; break;
        case NVGP_TEX_DEPTH_RED: c[0] = d; c[1] = c[2] = 0.0f; c[3] = 1.0f; break;
        default: c[0] = c[1] = c[2] = d; c[3] = 1.0f; break;
        }
    } else if (t->components == 1) {
        c[1] = c[2] = 0.0f;
        c[3] = 1.0f;
    }
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = f2u_bits(c[i]);
    swizzle_words(&t->samp, w, f2u_bits(1.0f), w);
    for (int i = 0; i < 4; i++)
        out[i] = u2f_bits(w[i]);
}

void nvgp_tex_source_color(const nvgp_texture *t, const uint32_t in[4], uint32_t out[4])
{
    if (t->kind == TEX_KIND_FLOAT || t->kind == TEX_KIND_DEPTH) {
        float f[4];
        for (int i = 0; i < 4; i++)
            f[i] = u2f_bits(in[i]);
        nvgp_tex_source_color_f(t, f, f);
        for (int i = 0; i < 4; i++)
            out[i] = f2u_bits(f[i]);
        return;
    }
    uint32_t c[4] = { in[0], in[1], in[2], in[3] };
    if (t->components == 1) {
        c[1] = c[2] = 0;
        c[3] = 1;
    }
    swizzle_words(&t->samp, c, 1u, out);
}

/* ---- Texel fetch --------------------------------------------------------------- */

static int32_t lane_offset(const nvgp_tex_request *req, int c, unsigned lane)
{
    return req->lane_offsets ? req->lane_offset[c].i[lane] : req->offset[c];
}

void nvgp_texture_fetch(const nvgp_texture *t, const nvgp_tex_request *req,
                        uint32_t lane_mask, nvgp_tex_lanes out[4])
{
    const nvgp_tex_layout *lay = nvgp_tex_target_layout(req->target);
    uint32_t base, q;
    nvgp_tex_level_range(t, &base, &q);
    for (unsigned lane = 0; lane < NVGP_TEX_LANES; lane++) {
        if (!(lane_mask >> lane & 1))
            continue;
        uint32_t texel[4] = { 0, 0, 0, 0 };
        bool ok = !lay->cube;
        int64_t x = req->coord[0].i[lane], y = 0, z = 0, layer = 0, sample = 0;
        int64_t level = base;
        if (lay->buffer) {
            level = 0;
        } else {
            if (lay->dims >= 2)
                y = req->coord[1].i[lane];
            if (lay->dims >= 3)
                z = req->coord[2].i[lane];
            if (lay->layer >= 0)
                layer = req->coord[lay->layer].i[lane];
            if (lay->msaa)
                sample = req->coord[3].i[lane];
            else
                level = (int64_t)base + req->coord[3].i[lane];
            x += lane_offset(req, 0, lane);
            if (lay->dims >= 2)
                y += lane_offset(req, 1, lane);
            if (lay->dims >= 3)
                z += lane_offset(req, 2, lane);
        }
        if (ok && level >= (int64_t)base && level <= (int64_t)q) {
            const tex_level *lv = &t->level[level];
            if (x >= 0 && x < lv->w && y >= 0 && y < lv->h && z >= 0 && z < lv->d &&
                layer >= 0 && layer < t->layers && sample >= 0 && sample < t->samples) {
                nvgp_tex_source_color(t, nvgp_tex_texel(t, lv, (uint32_t)x, (uint32_t)y,
                                                        (uint32_t)z, (uint32_t)layer,
                                                        (uint32_t)sample),
                                      texel);
            }
        }
        for (int c = 0; c < 4; c++)
            out[c].u[lane] = texel[c];
    }
}

/* ---- Size query ------------------------------------------------------------------ */

void nvgp_texture_size(const nvgp_texture *t, unsigned target, const nvgp_tex_lanes *lod,
                       uint32_t lane_mask, nvgp_tex_lanes out[4])
{
    const nvgp_tex_layout *lay = nvgp_tex_target_layout(target);
    uint32_t base, q;
    nvgp_tex_level_range(t, &base, &q);
    uint32_t levels = q - base + 1;
    for (unsigned lane = 0; lane < NVGP_TEX_LANES; lane++) {
        if (!(lane_mask >> lane & 1))
            continue;
        uint32_t r[4] = { 0, 0, 0, levels };
        /* Buffers and multisample textures have one level and no LOD operand. */
        int64_t level = lay->buffer || lay->msaa ? (int64_t)base
                                                 : (int64_t)base + lod->i[lane];
        if (level >= (int64_t)base && level <= (int64_t)q) {
            const tex_level *lv = &t->level[level];
            uint32_t dims[3] = { lv->w, lv->h, lv->d };
            unsigned n = lay->array ? lay->size_dims - 1 : lay->size_dims;
            for (unsigned c = 0; c < n; c++)
                r[c] = dims[c];
            if (lay->array)
                r[n] = lay->cube ? t->layers / 6 : t->layers;
        }
        for (int c = 0; c < 4; c++)
            out[c].u[lane] = r[c];
    }
}
