/* The tessellation primitive generator against hand computation from
 * ARB_tessellation_shader section 2.X.2: segment positions per spacing,
 * vertex and triangle counts per mode and level, inner-ring corners, the
 * vertex order, point mode, discarded patches, and that the triangles
 * cover the domain once (their (u, v) areas add up to the domain's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pipeline/pipe_tess.h"

#include <math.h>

static pipe_tess_result gen(pipe_tess_mode mode, pipe_tess_spacing sp, bool cw, bool points,
                            float o0, float o1, float o2, float o3, float i0, float i1)
{
    pipe_tess_params p = {mode, sp, cw, points};
    float outer[4] = {o0, o1, o2, o3}, inner[2] = {i0, i1};
    pipe_tess_result r;
    assert_true(pipe_tess_generate(&p, outer, inner, &r));
    return r;
}

static double area(const pipe_tess_result *r, uint32_t t)
{
    const float *a = r->coord[r->index[3 * t]], *b = r->coord[r->index[3 * t + 1]],
                *c = r->coord[r->index[3 * t + 2]];
    return 0.5 * ((double)(b[0] - a[0]) * (c[1] - a[1]) - (double)(c[0] - a[0]) * (b[1] - a[1]));
}

/* Every triangle has the given orientation (or is degenerate) and they add
 * up to the domain's area. */
static void check_cover(const pipe_tess_result *r, bool cw, double domain)
{
    double sum = 0;
    for (uint32_t t = 0; t < r->num_prims; t++) {
        double a = area(r, t);
        if (cw)
            assert_true(a <= 1e-7);
        else
            assert_true(a >= -1e-7);
        sum += fabs(a);
    }
    assert_true(fabs(sum - domain) < 1e-5);
}

static bool has_coord(const pipe_tess_result *r, double u, double v, double w)
{
    for (uint32_t k = 0; k < r->num_coords; k++)
        if (fabs(r->coord[k][0] - u) < 1e-6 && fabs(r->coord[k][1] - v) < 1e-6 &&
            fabs(r->coord[k][2] - w) < 1e-6)
            return true;
    return false;
}

static void test_segments(void **state)
{
    (void)state;
    float pos[PIPE_TESS_MAX_LEVEL + 1];
    /* equal: 2.5 clamps to 2.5, rounds up to 3 equal segments */
    assert_int_equal(pipe_tess_segments(2.5f, PIPE_TESS_EQUAL, pos), 3);
    assert_float_equal(pos[1], 1.0 / 3, 1e-6);
    assert_float_equal(pos[2], 2.0 / 3, 1e-6);
    /* fractional odd 2.5: n = 3, one segment of 1/f = 0.4 and two of
     * (f - n + 2) / (2f) = 0.3 */
    assert_int_equal(pipe_tess_segments(2.5f, PIPE_TESS_FRACTIONAL_ODD, pos), 3);
    assert_float_equal(pos[1], 0.3, 1e-6);
    assert_float_equal(pos[2], 0.7, 1e-6);
    assert_float_equal(pos[3], 1.0, 0);
    /* fractional even 3: n = 4, two of 1/3 and two of 1/6 */
    assert_int_equal(pipe_tess_segments(3.0f, PIPE_TESS_FRACTIONAL_EVEN, pos), 4);
    assert_float_equal(pos[1], 1.0 / 6, 1e-6);
    assert_float_equal(pos[2], 0.5, 1e-6);
    assert_float_equal(pos[3], 5.0 / 6, 1e-6);
    /* at f = n all segments are equal */
    assert_int_equal(pipe_tess_segments(5.0f, PIPE_TESS_FRACTIONAL_ODD, pos), 5);
    assert_float_equal(pos[1], 0.2, 1e-6);
    /* clamping: fractional even 0.5 -> 2; odd 1 -> 1 (no subdivision);
     * equal 100 -> 64; odd 100 -> 63; NaN -> the low end */
    assert_int_equal(pipe_tess_segments(0.5f, PIPE_TESS_FRACTIONAL_EVEN, pos), 2);
    assert_int_equal(pipe_tess_segments(1.0f, PIPE_TESS_FRACTIONAL_ODD, pos), 1);
    assert_int_equal(pipe_tess_segments(100.0f, PIPE_TESS_EQUAL, pos), 64);
    assert_int_equal(pipe_tess_segments(100.0f, PIPE_TESS_FRACTIONAL_ODD, pos), 63);
    assert_int_equal(pipe_tess_segments(NAN, PIPE_TESS_EQUAL, pos), 1);
}

static void test_triangles(void **state)
{
    (void)state;
    /* all levels 1: the one triangle (0,0,1), (1,0,0), (0,1,0) */
    pipe_tess_result r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 1, 1, 1, 1, 1, 1);
    assert_int_equal(r.num_prims, 1);
    assert_int_equal(r.num_coords, 3);
    assert_float_equal(r.coord[r.index[0]][2], 1, 0);
    assert_float_equal(r.coord[r.index[1]][0], 1, 0);
    assert_float_equal(r.coord[r.index[2]][1], 1, 0);
    pipe_tess_free(&r);
    /* inner 3, outer 2,2,2: the outer ring has 6 vertices, the inner
     * triangle 3 (not subdivided): 6 + 3 strip triangles and the inner one;
     * the inner corner near (0,0,1) lies on its bisector where the
     * perpendiculars through the vertices at 1/3 meet: (2/9, 2/9, 5/9) */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 2, 2, 2, 0, 3, 0);
    assert_int_equal(r.num_coords, 9);
    assert_int_equal(r.num_prims, 10);
    assert_true(has_coord(&r, 2.0 / 9, 2.0 / 9, 5.0 / 9));
    assert_true(has_coord(&r, 5.0 / 9, 2.0 / 9, 2.0 / 9));
    assert_true(has_coord(&r, 0.5, 0, 0.5));
    check_cover(&r, false, 0.5);
    pipe_tess_free(&r);
    /* inner 4, outer 1: rings of 3 (outer), 6 and the centre; 3 + 6 strip
     * triangles to the first ring, 6 around the centre */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 1, 1, 1, 0, 4, 0);
    assert_int_equal(r.num_coords, 10);
    assert_int_equal(r.num_prims, 15);
    assert_true(has_coord(&r, 1.0 / 3, 1.0 / 3, 1.0 / 3));
    check_cover(&r, false, 0.5);
    pipe_tess_free(&r);
    /* inner 1 with an outer level of 2 counts as 1 + epsilon: equal
     * spacing makes 2 segments, the centre; triangles fan from it to the
     * 4 outer vertices: 4 triangles */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 2, 1, 1, 0, 1, 0);
    assert_int_equal(r.num_prims, 4);
    assert_int_equal(r.num_coords, 5);
    check_cover(&r, false, 0.5);
    pipe_tess_free(&r);
    /* ... and fractional odd makes 3 segments whose short ones are empty:
     * the inner triangle's corners lie on the outer corners */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_FRACTIONAL_ODD, false, false, 3, 1, 1, 0, 1, 0);
    assert_int_equal(r.num_coords, 5 + 3);
    assert_int_equal(r.num_prims, 5 + 3 + 1);
    check_cover(&r, false, 0.5);
    pipe_tess_free(&r);
    /* clockwise: every triangle turns the other way */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_FRACTIONAL_EVEN, true, false, 3, 5, 2.5f, 0, 6.5f, 0);
    check_cover(&r, true, 0.5);
    pipe_tess_free(&r);
}

static void test_quads(void **state)
{
    (void)state;
    /* all 1: one triangle pair over the four corners */
    pipe_tess_result r = gen(PIPE_TESS_QUADS, PIPE_TESS_EQUAL, false, false, 1, 1, 1, 1, 1, 1);
    assert_int_equal(r.num_prims, 2);
    assert_int_equal(r.num_coords, 4);
    check_cover(&r, false, 1.0);
    pipe_tess_free(&r);
    /* inner (2, 3), outer 1: IL0 = 2 rows along v, IL1 = 3 columns along
     * u; the inner rectangle is the degenerate segment (1/3,1/2)-(2/3,1/2)
     * (no inner rectangles); the border: 4 outer + 2 inner segments = 6 */
    r = gen(PIPE_TESS_QUADS, PIPE_TESS_EQUAL, false, false, 1, 1, 1, 1, 2, 3);
    assert_int_equal(r.num_coords, 6);
    assert_int_equal(r.num_prims, 6);
    assert_true(has_coord(&r, 1.0 / 3, 0.5, 0));
    assert_true(has_coord(&r, 2.0 / 3, 0.5, 0));
    check_cover(&r, false, 1.0);
    pipe_tess_free(&r);
    /* inner (3, 4), outer (2, 3, 4, 5): a 4x3 grid whose inner 2x1
     * rectangles make 4 triangles; border 14 outer + 2*2 + 2*1 inner
     * segments = 20; vertices 14 outer + 3*2 grid */
    r = gen(PIPE_TESS_QUADS, PIPE_TESS_EQUAL, false, false, 2, 3, 4, 5, 3, 4);
    assert_int_equal(r.num_coords, 20);
    assert_int_equal(r.num_prims, 24);
    /* OL0 = 2 cuts u == 0 at v = 1/2; OL3 = 5 cuts v == 1 at u = 1/5 */
    assert_true(has_coord(&r, 0, 0.5, 0));
    assert_true(has_coord(&r, 0.2, 1, 0));
    check_cover(&r, false, 1.0);
    pipe_tess_free(&r);
    /* fractional odd inner 2.5: grid lines at 0.3 and 0.7 */
    r = gen(PIPE_TESS_QUADS, PIPE_TESS_FRACTIONAL_ODD, true, false, 1, 1, 1, 1, 2.5f, 2.5f);
    assert_int_equal(r.num_coords, 4 + 4);
    assert_true(has_coord(&r, 0.3, 0.3, 0));
    assert_true(has_coord(&r, 0.7, 0.3, 0));
    assert_true(has_coord(&r, 0.7, 0.7, 0));
    /* 2 inner triangles, border 4 + 4 */
    assert_int_equal(r.num_prims, 2 + 8);
    check_cover(&r, true, 1.0);
    pipe_tess_free(&r);
}

static void test_isolines_points_discard(void **state)
{
    (void)state;
    /* OL0 = 3 lines at v = 0, 1/3, 2/3; OL1 = 2.5 fractional odd: 3
     * segments with vertices at u = 0, 0.3, 0.7, 1 */
    pipe_tess_result r =
        gen(PIPE_TESS_ISOLINES, PIPE_TESS_FRACTIONAL_ODD, false, false, 3, 2.5f, 0, 0, 0, 0);
    assert_int_equal(r.prim_vertices, 2);
    assert_int_equal(r.num_prims, 9);
    assert_int_equal(r.num_coords, 12);
    assert_true(has_coord(&r, 0.3, 2.0 / 3, 0));
    assert_false(has_coord(&r, 0, 1, 0));   /* no line at v = 1 */
    pipe_tess_free(&r);
    /* point mode: one point per distinct vertex (the inner-3 triangle: 9) */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, true, 2, 2, 2, 0, 3, 0);
    assert_int_equal(r.prim_vertices, 1);
    assert_int_equal(r.num_prims, 9);
    pipe_tess_free(&r);
    /* a relevant outer level <= 0 or NaN discards the patch; an irrelevant
     * one (OL3 of triangles, OL2 of isolines) does not */
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 1, 1, 0, 1, 1, 1);
    assert_int_equal(r.num_prims, 0);
    pipe_tess_free(&r);
    r = gen(PIPE_TESS_QUADS, PIPE_TESS_EQUAL, false, false, 1, 1, 1, NAN, 1, 1);
    assert_int_equal(r.num_prims, 0);
    pipe_tess_free(&r);
    r = gen(PIPE_TESS_TRIANGLES, PIPE_TESS_EQUAL, false, false, 1, 1, 1, -1, -5, 0);
    assert_int_equal(r.num_prims, 1);   /* negative inner levels clamp */
    pipe_tess_free(&r);
    r = gen(PIPE_TESS_ISOLINES, PIPE_TESS_EQUAL, false, false, 1, 1, 0, 0, 0, 0);
    assert_int_equal(r.num_prims, 1);
    pipe_tess_free(&r);
    /* the largest levels stay within bounds */
    r = gen(PIPE_TESS_QUADS, PIPE_TESS_FRACTIONAL_EVEN, false, false, 1e9f, 1e9f, 1e9f, 1e9f,
            1e9f, 1e9f);
    assert_int_equal(r.num_prims, 2 * 62 * 62 + 4 * 64 + 4 * 62);
    check_cover(&r, false, 1.0);
    pipe_tess_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segments),
        cmocka_unit_test(test_triangles),
        cmocka_unit_test(test_quads),
        cmocka_unit_test(test_isolines_points_discard),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
