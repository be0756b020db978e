/* NV_gpu_program4/5 (and FP1.0 where it shares an instruction) results
 * that follow the specifications' sentences, each value computed by hand
 * from the quoted text. */
#include "lower_test_util.h"

/* PK4B/UP4B (NV_gpu_program4 2.X.8.Z): "all '0' bits corresponds to
 * -128/127 and all '1' bits corresponds to +127/127";
 * ub = round(127 tmp + 128).  (1, -1, 0, -2): 255, 1, 128 and -2 clamped to
 * -128/127 -> 0: 0x008001ff.  UP4B of 0x00ff8001: (1 - 128)/127 = -1,
 * (128 - 128)/127 = 0, (255 - 128)/127 = 1, (0 - 128)/127 = -128/127. */
static void test_pk4b_up4b_excess128(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nUINT ATTRIB u = vertex.attrib[2];\nTEMP t;\n"
            "PK4B.U result.texcoord[0], {1, -1, 0, -2};\n"
            "UP4B.U result.texcoord[1], u.x;\n"
            "PK4B.U t.x, {0.5, -0.5, 1.00787401574, -1.00787401574};\nUP4B result.texcoord[2], t.x;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0x00ff8001u, 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x008001ffu, 0x008001ffu, 0x008001ffu, 0x008001ffu);
    lt_expect(&x, "result.texcoord[1]", 0xf, -1.0f, 0.0f, 1.0f, -128.0f / 127.0f);
    /* 63.5 + 128 = 191.5 and -63.5 + 128 = 64.5 round to even: 192, 64;
     * 128/127 clamps to 127/127 -> 255; -128/127 -> 0 */
    lt_expect(&x, "result.texcoord[2]", 0xf, 64.0f / 127.0f, -64.0f / 127.0f, 1.0f, -128.0f / 127.0f);
    lt_free(&x);

    /* NV_fragment_program 3.11.5.27/3.11.5.40: the same encoding. */
    lt_load(&x,
            "!!FP1.0\nPK4B R0, p[0];\nMOVR o[COLR], R0;\nUP4B R1, p[1].x;\nMOVR o[DEPR].z, R1.w;\n"
            "UP4B o[COLR].yzw, p[1].x;\nEND\n",
            4);
    lt_param(&x, "p[0]", 1, -1, 0, -2);
    lt_param(&x, "p[1]", lt_float(0x00ff8001u), 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "o[COLR]", 1, 0x008001ffu, 0, 0, 0);
    lt_expect(&x, "o[COLR]", 0xe, 0, 0.0f, 1.0f, -128.0f / 127.0f);
    lt_expect(&x, "o[DEPR]", 4, 0, 0, -128.0f / 127.0f, 0);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pk4b_up4b_excess128),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
