/* Random valid !!ARBfp1.0 / !!ARBvp1.0 programs (gen_arb.h says which
 * properties hold).  One row of op_table per instruction drives the
 * operand forms; the grammar rules quoted are ARB_fragment_program 3.11.2
 * and ARB_vertex_program 2.14.2. */
#include "gen_arb.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    uint64_t s;
} rng;

static uint64_t next(rng *r) /* splitmix64 */
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int pick(rng *r, int n) { return (int)(next(r) % (uint64_t)n); }
static bool chance(rng *r, int percent) { return pick(r, 100) < percent; }

void gen_param_value(bool local, int i, float v[4])
{
    /* varied, exactly representable, negative and > 1 too */
    v[0] = 0.5f + 0.25f * (float)i + (local ? 0.125f : 0.0f);
    v[1] = -1.25f + 0.5f * (float)i;
    v[2] = 2.0f - 0.375f * (float)i - (local ? 1.0f : 0.0f);
    v[3] = 0.75f + 0.125f * (float)i * (local ? -1.0f : 1.0f);
}

void gen_texel(int unit, int x, int y, float v[4])
{
    v[0] = 0.125f + 0.25f * (float)x + (float)unit;
    v[1] = -1.0f + 0.5f * (float)y;
    v[2] = 0.0625f * (float)(x + y) - 0.5f * (float)unit;
    v[3] = 1.0f - 0.125f * (float)x * (float)(y + 1);
}

/* Operand shapes (the grammar's instruction classes). */
enum kind { VEC1, SCALAR1, BINSC, BIN, TRI, SWZ, KIL, ARL, SAMPLE };
enum {
    F = 1,       /* in ARBfp1.0 */
    V = 2,       /* in ARBvp1.0 */
    APPROX = 4,  /* approximated: the spec bounds only its precision */
    DISC = 8,    /* result jumps with its first source (compare, floor, kill): an
                    approximated source would turn an ulp into a different value */
    XYZ = 16,    /* w undefined (XPD): write only x, y, z */
    XY = 32,     /* z, w undefined (SCS): write only x, y */
    LOWZ = 64    /* z is a low-precision approximation (EXP, LOG) */
};
typedef struct {
    const char *name;
    enum kind kind;
    int flags;
} op_row;

static const op_row op_table[] = {
    {"ABS", VEC1, F | V},           {"FLR", VEC1, F | V | DISC},
    {"FRC", VEC1, F | V | DISC},    {"LIT", VEC1, F | V | APPROX | DISC},
    {"MOV", VEC1, F | V},           {"COS", SCALAR1, F | APPROX},
    {"SIN", SCALAR1, F | APPROX},   {"SCS", SCALAR1, F | APPROX | XY},
    {"EX2", SCALAR1, F | V | APPROX}, {"LG2", SCALAR1, F | V | APPROX},
    {"RCP", SCALAR1, F | V | APPROX}, {"RSQ", SCALAR1, F | V | APPROX},
    {"EXP", SCALAR1, V | DISC | LOWZ}, {"LOG", SCALAR1, V | DISC | LOWZ},
    {"POW", BINSC, F | V | APPROX}, {"ADD", BIN, F | V},
    {"DP3", BIN, F | V},            {"DP4", BIN, F | V},
    {"DPH", BIN, F | V},            {"DST", BIN, F | V},
    {"MAX", BIN, F | V},            {"MIN", BIN, F | V},
    {"MUL", BIN, F | V},            {"SGE", BIN, F | V | DISC},
    {"SLT", BIN, F | V | DISC},     {"SUB", BIN, F | V},
    {"XPD", BIN, F | V | XYZ},      {"CMP", TRI, F | DISC},
    {"LRP", TRI, F},                {"MAD", TRI, F | V},
    {"SWZ", SWZ, F | V},            {"KIL", KIL, F | DISC},
    {"TEX", SAMPLE, F | DISC},      {"TXP", SAMPLE, F | DISC},
    {"TXB", SAMPLE, F | DISC},
    {"ARL", ARL, V | DISC},
};
enum { NOPS = sizeof op_table / sizeof *op_table };

/* Program parameters bound to GL state that both targets know, at GL's
 * initial values (the draw sets none of them). */
static const char *const state_both[] = {
    "state.material.ambient", "state.material.diffuse", "state.material.specular",
    "state.material.emission", "state.material.shininess", "state.material.back.diffuse",
    "state.light[0].ambient", "state.light[0].diffuse", "state.light[1].specular",
    "state.light[0].position", "state.lightmodel.ambient",
    "state.lightmodel.scenecolor", "state.lightprod[0].ambient", "state.lightprod[0].diffuse",
    "state.matrix.mvp.row[0]", "state.matrix.modelview.row[3]",
    "state.matrix.projection.inverse.row[1]", "state.matrix.texture[0].row[2]",
};
static const char *const state_fp[] = {"state.fog.color", "state.fog.params",
                                       "state.depth.range", "state.texenv[0].color"};
static const char *const state_vp[] = {"state.point.attenuation", "state.clip[0].plane",
                                       "state.texgen[0].eye.s", "state.texgen[0].object.t"};

enum { MAXTEMP = 6, MAXNAMES = 8 };

typedef struct {
    rng r;
    bool vp;
    char *buf;
    size_t cap, len;
    int ntemp;
    int ready;             /* temporaries 0 .. ready-1 hold values */
    bool interpolated;     /* fragment inputs come from a generated vertex
                              program: treat them as approximated (the two
                              rasterisers may round them differently) and
                              of unknown range */
    bool tainted[MAXTEMP]; /* holds an approximated value */
    char temp_name[MAXTEMP][16];
    /* declared names usable as sources */
    char attrib[MAXNAMES][16];
    int nattrib;
    char param[MAXNAMES][16];
    bool param_short[MAXNAMES]; /* a scalar or {x} constant (see SWZ) */
    int nparam;
    char array[16];      /* a parameter array, or "" */
    int array_size;
    bool has_address;    /* A0 declared and loaded */
    int addr_lo, addr_hi; /* range of A0.x over the draw */
    char output[32];     /* name result.color is written through */
    gen_info *info;
} gen;

static void emit(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = g->len < g->cap ? vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap) : 0;
    va_end(ap);
    if (n > 0)
        g->len += (size_t)n;
    if (g->len >= g->cap)
        g->len = g->cap - 1;
}

static char comp(gen *g, int c)
{
    /* ARBfp also spells components r, g, b, a (not mixed with x y z w) */
    (void)g;
    return "xyzw"[c];
}

static const char *swizzle(gen *g, char *s, bool scalar)
{
    bool rgba = !g->vp && chance(&g->r, 20);
    const char *set = rgba ? "rgba" : "xyzw";
    if (scalar) {
        s[0] = '.', s[1] = set[pick(&g->r, 4)], s[2] = 0;
        return s;
    }
    switch (pick(&g->r, 4)) {
    case 0: s[0] = 0; break;
    case 1: s[0] = '.', s[1] = set[pick(&g->r, 4)], s[2] = 0; break;
    default:
        s[0] = '.';
        for (int i = 0; i < 4; i++)
            s[1 + i] = set[pick(&g->r, 4)];
        s[5] = 0;
    }
    return s;
}

static const char *mask(gen *g, char *s, int flags)
{
    int allowed = flags & XY ? 3 : flags & XYZ ? 7 : 15;
    int m;
    do
        m = chance(&g->r, 40) ? allowed : (pick(&g->r, 15) + 1) & allowed;
    while (!m);
    if (m == 15) {
        s[0] = 0;
        return s;
    }
    bool rgba = !g->vp && chance(&g->r, 20);
    int n = 0;
    s[n++] = '.';
    for (int c = 0; c < 4; c++)
        if (m >> c & 1)
            s[n++] = rgba ? "rgba"[c] : comp(g, c);
    s[n] = 0;
    return s;
}

static void fmt_const(gen *g, char *s, size_t n, bool allow_negative)
{
    static const float pool[] = {0.0f, 0.5f, 1.0f, 2.0f, 0.25f, 3.75f, 10.0f, 0.125f, 1.5f, 7.0f};
    float v = pool[pick(&g->r, sizeof pool / sizeof *pool)];
    if (allow_negative && chance(&g->r, 40))
        v = -v;
    snprintf(s, n, chance(&g->r, 20) ? "%.3e" : "%g", (double)v);
}

/* A source register (no sign, no suffix): tainted set when it reads an
 * approximated value; clean_only keeps to untainted ones. */
static void src_reg(gen *g, char *s, size_t n, bool *tainted, bool clean_only,
                    bool scalar_use, bool *bare)
{
    *tainted = false;
    *bare = false;
    for (int tries = 0; tries < 20; tries++) {
        int k = pick(&g->r, 10);
        if (k < 4) { /* a temporary that has been written */
            if (!g->ready)
                continue;
            int t = pick(&g->r, g->ready);
            if (clean_only && g->tainted[t])
                continue;
            *tainted = g->tainted[t];
            snprintf(s, n, "%s", g->temp_name[t]);
            return;
        }
        if (k == 4) { /* an input, by name or through ATTRIB */
            static const char *const fin[] = {"fragment.texcoord[0]", "fragment.texcoord[1]",
                                              "fragment.color", "fragment.color.primary",
                                              "fragment.position", "fragment.texcoord"};
            static const char *const vin[] = {"vertex.position", "vertex.color",
                                              "vertex.texcoord[0]", "vertex.texcoord[1]",
                                              "vertex.color.primary", "vertex.texcoord"};
            if (clean_only && g->interpolated)
                continue;
            *tainted = g->interpolated;
            if (g->nattrib && chance(&g->r, 40))
                snprintf(s, n, "%s", g->attrib[pick(&g->r, g->nattrib)]);
            else
                snprintf(s, n, "%s", g->vp ? vin[pick(&g->r, 6)] : fin[pick(&g->r, 6)]);
            return;
        }
        if (k == 5) {
            snprintf(s, n, "program.%s[%d]", chance(&g->r, 50) ? "env" : "local",
                     pick(&g->r, GEN_PARAMS));
            return;
        }
        if (k == 6 && g->nparam) {
            snprintf(s, n, "%s", g->param[pick(&g->r, g->nparam)]);
            return;
        }
        if (k == 7 && g->array[0]) {
            if (g->has_address && chance(&g->r, 60)) {
                /* A0.x + off stays in [0, size) over the whole draw */
                int lo = -g->addr_lo, hi = g->array_size - 1 - g->addr_hi;
                if (lo > hi)
                    continue;
                int off = lo + pick(&g->r, hi - lo + 1);
                if (off > 63 || off < -64)
                    continue;
                if (off > 0 || (off == 0 && chance(&g->r, 50)))
                    snprintf(s, n, "%s[A0.x + %d]", g->array, off);
                else if (off < 0)
                    snprintf(s, n, "%s[A0.x - %d]", g->array, -off);
                else
                    snprintf(s, n, "%s[A0.x]", g->array);
                g->info->relative = true;
            } else {
                snprintf(s, n, "%s[%d]", g->array, pick(&g->r, g->array_size));
            }
            return;
        }
        if (k == 8) { /* GL state at its initial value */
            const char *const *extra = g->vp ? state_vp : state_fp;
            int nb = sizeof state_both / sizeof *state_both;
            int i = pick(&g->r, nb + 4);
            snprintf(s, n, "%s", i < nb ? state_both[i] : extra[i - nb]);
            return;
        }
        if (k == 9) { /* an inline constant: scalar (non-negative) or vector */
            char a[24], b[24], c[24], d[24];
            fmt_const(g, a, sizeof a, false);
            switch (pick(&g->r, 3)) {
            case 0:
                /* a scalar constant takes no suffix: "2.x" would read as
                 * the number "2." and a stray "x" */
                snprintf(s, n, scalar_use ? "{%s}" : "%s", a);
                if (!scalar_use)
                    *bare = true;
                break;
            case 1:
                fmt_const(g, b, sizeof b, true);
                snprintf(s, n, "{%s, %s}", a, b);
                break;
            default:
                fmt_const(g, b, sizeof b, true);
                fmt_const(g, c, sizeof c, true);
                fmt_const(g, d, sizeof d, true);
                snprintf(s, n, "{%s, %s, %s, %s}", a, b, c, d);
            }
            return;
        }
    }
    snprintf(s, n, "%s", g->vp ? "vertex.color" : "fragment.color");
}

/* [sign] reg [suffix] */
static void operand(gen *g, char *s, size_t n, bool scalar, bool *tainted, bool clean_only)
{
    char reg[96], sw[8];
    bool t, bare;
    src_reg(g, reg, sizeof reg, &t, clean_only, scalar, &bare);
    const char *sign = chance(&g->r, 25) ? "-" : chance(&g->r, 5) ? "+" : "";
    snprintf(s, n, "%s%s%s", sign, reg, bare ? "" : swizzle(g, sw, scalar));
    *tainted |= t;
}

static void dest(gen *g, char *s, size_t n, int flags, int *temp)
{
    char m[8];
    *temp = -1;
    if (chance(&g->r, 10)) { /* a partial write of result.color; the last
                                instruction writes all of it again */
        snprintf(s, n, "%s%s", g->output, mask(g, m, flags));
        return;
    }
    *temp = pick(&g->r, g->ntemp);
    snprintf(s, n, "%s%s", g->temp_name[*temp], mask(g, m, flags));
}

static void instruction(gen *g, const op_row *op, bool final)
{
    char d[64], a[128], b[128], c[128];
    bool taint = false;
    bool disc = (op->flags & DISC) != 0;
    int temp = -1;
    const char *sat = !g->vp && chance(&g->r, 20) ? "_SAT" : "";
    if (op->flags & APPROX)
        taint = true;
    if (op->flags & APPROX && g->info->precision < GEN_APPROX)
        g->info->precision = GEN_APPROX;
    if (final)
        snprintf(d, sizeof d, "%s", g->output);
    else if (op->kind != KIL && op->kind != ARL)
        dest(g, d, sizeof d, op->flags, &temp);
    if ((op->flags & LOWZ) && (temp < 0 || strchr(d, '.') == NULL || strchr(d, 'z')))
        g->info->precision = GEN_LOW;
    /* ARBvp1.0's LIT: "the approximation may not be any more accurate than
     * the underlying EXP and LOG operations" (ARB_vertex_program 2.14.5.13) */
    if (g->vp && strcmp(op->name, "LIT") == 0)
        g->info->precision = GEN_LOW;
    switch (op->kind) {
    case VEC1:
        operand(g, a, sizeof a, false, &taint, disc);
        emit(g, "%s%s %s, %s;\n", op->name, sat, d, a);
        break;
    case SCALAR1:
        if (op->flags & XY) {
            /* SCS: "The angle ... must be in the range [-PI,PI]"
             * (ARB_fragment_program 3.11.5.23): an input in [0, 1] */
            static const char *const in[] = {"fragment.texcoord[0]", "fragment.color"};
            if (g->interpolated) /* every parameter is in [-1.625, 2.375] */
                snprintf(a, sizeof a, "%sprogram.%s[%d].%c", chance(&g->r, 30) ? "-" : "",
                         chance(&g->r, 50) ? "env" : "local", pick(&g->r, GEN_PARAMS),
                         "xyzw"[pick(&g->r, 4)]);
            else
                snprintf(a, sizeof a, "%s%s.%c", chance(&g->r, 30) ? "-" : "",
                         in[pick(&g->r, 2)], "xyzw"[pick(&g->r, 4)]);
        } else {
            operand(g, a, sizeof a, true, &taint, disc);
        }
        emit(g, "%s%s %s, %s;\n", op->name, sat, d, a);
        break;
    case BINSC:
        operand(g, a, sizeof a, true, &taint, false);
        operand(g, b, sizeof b, true, &taint, false);
        emit(g, "%s%s %s, %s, %s;\n", op->name, sat, d, a, b);
        break;
    case BIN:
        operand(g, a, sizeof a, false, &taint, disc);
        operand(g, b, sizeof b, false, &taint, disc);
        emit(g, "%s%s %s, %s, %s;\n", op->name, sat, d, a, b);
        break;
    case TRI:
        operand(g, a, sizeof a, false, &taint, disc);
        operand(g, b, sizeof b, false, &taint, false);
        operand(g, c, sizeof c, false, &taint, false);
        emit(g, "%s%s %s, %s, %s, %s;\n", op->name, sat, d, a, b, c);
        break;
    case SWZ: {
        bool t, bare;
        src_reg(g, a, sizeof a, &t, false, true, &bare);
        taint |= t;
        int commas = 0;
        for (const char *p = a; *p; p++)
            commas += *p == ',';
        if (a[0] == '{' && commas < 3)
            g->info->swz_short_constant = true;
        /* the same through a PARAM of one constant (PARAM p = 2; or
         * PARAM p = {2};): Mesa reads its merged slot too */
        const char *name = a + (a[0] == '-' || a[0] == '+');
        for (int i = 0; i < g->nparam; i++)
            if (g->param_short[i] && !strcmp(name, g->param[i]))
                g->info->swz_short_constant = true;
        /* <extendedSwizzle>: four of [sign](0 | 1 | component) */
        char sw[64];
        size_t k = 0;
        bool rgba = !g->vp && chance(&g->r, 20);
        for (int i = 0; i < 4; i++) {
            const char *sign = chance(&g->r, 30) ? "-" : "";
            int sel = pick(&g->r, 6);
            char selc = sel == 4 ? '0' : sel == 5 ? '1' : (rgba ? "rgba" : "xyzw")[sel];
            k += (size_t)snprintf(sw + k, sizeof sw - k, "%s%s%c", i ? ", " : "", sign, selc);
        }
        emit(g, "%s%s %s, %s, %s;\n", op->name, sat, d, a, sw);
        break;
    }
    case SAMPLE: {
        /* nearest texels: a coordinate must not come from an approximation
         * (an ulp may cross a texel edge); one target per unit */
        static const char *const target[GEN_TEX_UNITS] = {"2D", "RECT", "1D"};
        int unit = pick(&g->r, GEN_TEX_UNITS);
        operand(g, a, sizeof a, false, &taint, true);
        if (unit == 0 && chance(&g->r, 30))
            emit(g, "%s%s %s, %s, texture, %s;\n", op->name, sat, d, a, target[unit]);
        else
            emit(g, "%s%s %s, %s, texture[%d], %s;\n", op->name, sat, d, a, unit, target[unit]);
        break;
    }
    case KIL:
        operand(g, a, sizeof a, false, &taint, true);
        emit(g, "KIL %s;\n", a);
        g->info->kills = true;
        return;
    case ARL: {
        /* A0.x = floor(s) with s from a known value: an input whose value
         * at each corner is 0 or 1 (texcoord[0].xy, color.xy), 0 or 1 (z, w)
         * or a program parameter; the range bounds the array offsets */
        static const char *const src[] = {"vertex.texcoord[0]", "vertex.color"};
        int c = pick(&g->r, 4);
        bool neg = chance(&g->r, 30);
        double lo, hi;
        if (chance(&g->r, 60)) {
            snprintf(a, sizeof a, "%s%s.%c", neg ? "-" : "", src[pick(&g->r, 2)], "xyzw"[c]);
            lo = c < 2 ? 0 : c == 2 ? 0 : 1;
            hi = c < 2 ? 1 : c == 2 ? 0.25 : 1;
            if (strstr(a, "texcoord") && c == 2)
                hi = 0;
        } else {
            bool local = chance(&g->r, 50);
            int i = pick(&g->r, GEN_PARAMS);
            float v[4];
            gen_param_value(local, i, v);
            snprintf(a, sizeof a, "%sprogram.%s[%d].%c", neg ? "-" : "", local ? "local" : "env",
                     i, "xyzw"[c]);
            lo = hi = v[c];
        }
        if (neg) {
            double t = -hi;
            hi = -lo;
            lo = t;
        }
        g->addr_lo = (int)floor(lo);
        g->addr_hi = (int)floor(hi);
        g->has_address = true;
        emit(g, "ARL A0.x, %s;\n", a);
        return;
    }
    }
    if (temp >= 0) {
        /* a partial write keeps an earlier taint */
        g->tainted[temp] = (strchr(d, '.') ? g->tainted[temp] : false) || taint;
    }
}

static void declarations(gen *g)
{
    g->ntemp = 1 + pick(&g->r, MAXTEMP);
    for (int t = 0; t < g->ntemp; t++)
        snprintf(g->temp_name[t], sizeof g->temp_name[t], "t%d", t);
    if (chance(&g->r, 50)) {
        emit(g, "TEMP");
        for (int t = 0; t < g->ntemp; t++)
            emit(g, "%s %s", t ? "," : "", g->temp_name[t]);
        emit(g, ";\n");
    } else {
        for (int t = 0; t < g->ntemp; t++)
            emit(g, "TEMP %s;\n", g->temp_name[t]);
    }
    if (chance(&g->r, 30)) { /* ALIAS names the same temporary */
        int t = pick(&g->r, g->ntemp);
        emit(g, "ALIAS al = %s;\n", g->temp_name[t]);
        if (chance(&g->r, 50))
            snprintf(g->temp_name[t], sizeof g->temp_name[t], "al");
    }
    g->nattrib = pick(&g->r, 3);
    for (int i = 0; i < g->nattrib; i++) {
        static const char *const fin[] = {"fragment.texcoord[0]", "fragment.texcoord[1]",
                                          "fragment.color", "fragment.position"};
        static const char *const vin[] = {"vertex.position", "vertex.color",
                                          "vertex.texcoord[0]", "vertex.texcoord[1]"};
        snprintf(g->attrib[i], sizeof g->attrib[i], "in%d", i);
        emit(g, "ATTRIB in%d = %s;\n", i, g->vp ? vin[pick(&g->r, 4)] : fin[pick(&g->r, 4)]);
    }
    g->nparam = pick(&g->r, 4);
    for (int i = 0; i < g->nparam; i++) {
        char a[24], b[24], c[24], d[24];
        snprintf(g->param[i], sizeof g->param[i], "p%d", i);
        int kind = pick(&g->r, 4);
        g->param_short[i] = kind == 0 || kind == 2;
        switch (kind) {
        case 0: fmt_const(g, a, sizeof a, true); emit(g, "PARAM p%d = %s;\n", i, a); break;
        case 1:
            fmt_const(g, a, sizeof a, true);
            fmt_const(g, b, sizeof b, true);
            fmt_const(g, c, sizeof c, true);
            fmt_const(g, d, sizeof d, true);
            emit(g, "PARAM p%d = {%s, %s, %s, %s};\n", i, a, b, c, d);
            break;
        case 2:
            fmt_const(g, a, sizeof a, true);
            emit(g, "PARAM p%d = {%s};\n", i, a);
            break;
        default:
            emit(g, "PARAM p%d = program.%s[%d];\n", i, chance(&g->r, 50) ? "env" : "local",
                 pick(&g->r, GEN_PARAMS));
        }
    }
    g->array[0] = 0;
    if (chance(&g->r, g->vp ? 70 : 40)) {
        /* <paramMultipleInit>: ranges, single parameters, constants, a matrix */
        char items[512];
        size_t k = 0;
        /* no parameter twice: "A vertex program will fail to load if any GL
         * state vector is bound multiple times in a single array accessed
         * using relative addressing" (ARB_vertex_program 2.14.3.2); the
         * parameters are taken in increasing order from a cursor */
        int size = 0, parts = 1 + pick(&g->r, 3), next_env = 0, next_local = 0;
        bool mvp = false;
        for (int i = 0; i < parts; i++) {
            bool env = chance(&g->r, 50);
            int *cur = env ? &next_env : &next_local;
            int first = *cur + pick(&g->r, 3);
            int count = first < GEN_PARAMS ? 1 + pick(&g->r, GEN_PARAMS - first) : 0;
            int what = pick(&g->r, 4);
            if ((what < 2 && count == 0) || (what == 3 && mvp))
                what = 2;
            const char *sep = i ? ", " : "";
            switch (what) {
            case 0:
                k += (size_t)snprintf(items + k, sizeof items - k, "%sprogram.%s[%d..%d]", sep,
                                      env ? "env" : "local", first, first + count - 1);
                size += count;
                *cur = first + count;
                break;
            case 1:
                k += (size_t)snprintf(items + k, sizeof items - k, "%sprogram.%s[%d]", sep,
                                      env ? "env" : "local", first);
                size += 1;
                *cur = first + 1;
                break;
            case 2: {
                char a[24], b[24];
                fmt_const(g, a, sizeof a, true);
                fmt_const(g, b, sizeof b, true);
                k += (size_t)snprintf(items + k, sizeof items - k, "%s{%s, %s, 1, %s}", sep, a,
                                      b, a);
                size += 1;
                break;
            }
            default:
                k += (size_t)snprintf(items + k, sizeof items - k, "%sstate.matrix.mvp", sep);
                size += 4;
                mvp = true;
            }
        }
        snprintf(g->array, sizeof g->array, "arr");
        g->array_size = size;
        if (chance(&g->r, 50))
            emit(g, "PARAM arr[%d] = { %s };\n", size, items);
        else
            emit(g, "PARAM arr[] = { %s };\n", items);
    }
    snprintf(g->output, sizeof g->output, "result.color");
    if (chance(&g->r, 30)) {
        emit(g, "OUTPUT oc = result.color;\n");
        snprintf(g->output, sizeof g->output, "oc");
    } else if (g->vp && chance(&g->r, 30)) {
        snprintf(g->output, sizeof g->output, "result.color.primary");
    }
    if (g->vp)
        emit(g, "ADDRESS A0;\n");
}

void gen_program(uint64_t seed, bool vertex, char *buf, size_t cap, gen_info *info)
{
    gen_program_after(seed, vertex, false, buf, cap, info);
}

void gen_program_after(uint64_t seed, bool vertex, bool interpolated, char *buf, size_t cap,
                       gen_info *info)
{
    static gen g;
    memset(&g, 0, sizeof g);
    memset(info, 0, sizeof *info);
    g.interpolated = interpolated && !vertex;
    g.r.s = seed * 0x2545F4914F6CDD1Dull + (vertex ? 1 : 0);
    g.vp = vertex;
    g.buf = buf;
    g.cap = cap;
    g.info = info;
    emit(&g, vertex ? "!!ARBvp1.0\n" : "!!ARBfp1.0\n");
    bool invariant = false;
    if (vertex && chance(&g.r, 20)) {
        emit(&g, "OPTION ARB_position_invariant;\n");
        invariant = true;
    } else if (!vertex && chance(&g.r, 20)) {
        emit(&g, "OPTION %s;\n",
             chance(&g.r, 50) ? "ARB_precision_hint_fastest" : "ARB_precision_hint_nicest");
    }
    declarations(&g);
    /* every temporary written in full before any read */
    for (int t = 0; t < g.ntemp; t++) {
        char a[128];
        bool taint = false;
        operand(&g, a, sizeof a, false, &taint, false);
        emit(&g, "MOV %s, %s;\n", g.temp_name[t], a);
        g.tainted[t] = taint;
        g.ready = t + 1;
    }
    if (vertex && !invariant) {
        if (chance(&g.r, 50)) {
            emit(&g, "MOV result.position, vertex.position;\n");
        } else { /* the identity modelview-projection of the draw */
            for (int r = 0; r < 4; r++)
                emit(&g, "DP4 result.position.%c, state.matrix.mvp.row[%d], vertex.position;\n",
                     "xyzw"[r], r);
        }
    }
    if (vertex && chance(&g.r, 70))
        instruction(&g, &op_table[NOPS - 1], false); /* ARL */
    int n = 2 + pick(&g.r, 14);
    for (int i = 0; i < n; i++) {
        const op_row *op;
        do
            op = &op_table[pick(&g.r, NOPS)];
        while (!(op->flags & (vertex ? V : F)));
        instruction(&g, op, false);
    }
    /* a vertex program also gives a generated fragment program its
     * texture coordinates, all of them (outputs not written are undefined) */
    for (int k = 0; vertex && k < 2; k++)
        emit(&g, "MOV result.texcoord[%d], %s;\n", k, g.temp_name[pick(&g.r, g.ntemp)]);
    /* the last instruction writes all of result.color: any op without
     * undefined components */
    const op_row *op;
    do
        op = &op_table[pick(&g.r, NOPS)];
    while (!(op->flags & (vertex ? V : F)) || op->flags & (XY | XYZ) || op->kind == KIL ||
           op->kind == ARL);
    instruction(&g, op, true);
    emit(&g, "END\n");
}
