/* NV_gpu_program5 memory instructions through the lowering (lower_gp_mem.c)
 * on the executor: global LOAD/STORE/ATOM with every storage size, LDC and
 * parameter buffer operands, storage buffers, shared memory, atomic
 * counters.  Expected values come from the pseudocode of NV_gpu_program5
 * 2.X.4.5 (BufferMemoryLoad/Store) and 2.X.8.Z ATOM, worked by hand. */
#include "lower_test_util.h"

#include "tgsi/tgsi_names.h"

enum { BASE = 4096 };

static void add_memory(lt *x, uint64_t address, const void *bytes, size_t n)
{
    assert_int_equal(nvgp_exec_add_memory(x->m, address, bytes, n, NULL), NVGP_EXEC_OK);
}

static const uint8_t *memory_after(lt *x, uint32_t range)
{
    uint64_t address;
    size_t bytes;
    const uint8_t *p = nvgp_exec_memory(x->m, range, &address, &bytes);
    assert_non_null(p);
    return p;
}

/* The BUFFER slot named `name` (program.buffer[a], program.storage[n],
 * program.counter[a]): its TGSI BUFFER index. */
static uint32_t buffer_index(lt *x, const char *name)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_BUFFER, name);
    if (!s)
        fprintf(stderr, "no buffer named %s\n", name);
    assert_non_null(s);
    assert_int_equal(s->file, TGSI_FILE_BUFFER);
    return (uint32_t)s->index;
}

static void bind_buffer(lt *x, const char *name, const void *bytes, size_t n)
{
    assert_int_equal(nvgp_exec_bind_buffer(x->m, buffer_index(x, name), bytes, n), NVGP_EXEC_OK);
}

static const uint8_t *buffer_after(lt *x, const char *name)
{
    size_t bytes;
    const uint8_t *p = nvgp_exec_buffer(x->m, buffer_index(x, name), &bytes);
    assert_non_null(p);
    return p;
}

static uint32_t word_at(const uint8_t *p, size_t off)
{
    return (uint32_t)p[off] | (uint32_t)p[off + 1] << 8 | (uint32_t)p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

/* BufferMemoryLoad: U8/U16 zero-extend, S8/S16 sign-extend, any byte
 * offset for 8-bit fields (the last byte of a range included), fewer than
 * four components leave zeros. */
static void test_load_sizes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP a, u, v, t, z;\nINT TEMP s, k;\nTEMP f;\n"
            "MOV.U a, {4096, 4097, 4098, 4100};\n"
            "LOAD.U8 u.x, a.x;\nLOAD.U8 t.x, a.y;\nMOV.U u.y, t.x;\n"
            "LOAD.U16 t.x, a.z;\nMOV.U u.z, t.x;\nLOAD.U32 t.x, a.w;\nMOV.U u.w, t.x;\n"
            "LOAD.S8 s.x, a.x;\nLOAD.S8 k.x, a.y;\nMOV.S s.y, k.x;\n"
            "LOAD.S16 k.x, a.z;\nMOV.S s.z, k.x;\nLOAD.S16 k.x, a.x;\nMOV.S s.w, k.x;\n"
            "MOV.U v, 7;\nLOAD.U32X2 v, a.w;\nLOAD.F32X4 f, 4112;\nLOAD.U8 t.x, 4127;\nMOV.U v.z, t.x;\n"
            "MOV.U z, 7;\nLOAD.U32 z.yzw, a.w;\n"
            "MOV.U result.texcoord[0], u;\nMOV.S result.texcoord[1], s;\n"
            "MOV.U result.texcoord[2], v;\nMOV result.texcoord[3], f;\nMOV.U result.texcoord[4], z;\nEND\n",
            1);
    uint8_t mem[32] = {0x81, 0x7f, 0xfe, 0xff, 0x34, 0x12, 0x00, 0x80, 0x05, 0, 0, 0};
    float fv[4] = {1.5f, -2.0f, 0.25f, 3.0f};
    memcpy(mem + 16, fv, sizeof fv);
    mem[31] = 0xc3; /* the last byte: 0x40400000 -> 0xc3400000 */
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x81, 0x7f, 0xfffe, 0x80001234u);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0xffffff81u, 0x7f, 0xfffffffeu, 0x7f81);
    /* U32X2 fills x, y; z and w are zero (z then overwritten) */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0x80001234u, 5, 0xc3, 0);
    /* "remaining components are filled with zeroes": a single-component
     * load written to y, z, w writes zeros there */
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 7, 0, 0, 0);
    lt_expect(&x, "result.texcoord[3]", 0xf, 1.5f, -2.0f, 0.25f, -192.0f);
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    lt_free(&x);
}

/* BufferMemoryStore: 8- and 16-bit stores replace only their bytes; X2/X4
 * write consecutive words; the float operand's bits are stored. */
static void test_store_sizes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP u;\nINT TEMP s;\n"
            "MOV.U u, {17, 8755, 1146447479, 9};\nMOV.S s, {-1, -2, 3, 4};\n"
            "STORE.U8 u, 4097;\nSTORE.S16 s.y, 4102;\nSTORE.U32X2 u.zwxy, 4104;\n"
            "STORE.S8 s, 4112;\nSTORE.U16 u.y, 4114;\nSTORE.F32 {2.5, 0, 0, 0}, 4116;\n"
            "STORE.S32X4 s, 4120;\nEND\n",
            1);
    uint8_t mem[40];
    memset(mem, 0xaa, sizeof mem);
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    const uint8_t *p = memory_after(&x, 0);
    assert_int_equal(word_at(p, 0), 0xaaaa11aau);
    assert_int_equal(word_at(p, 4), 0xfffeaaaau);
    assert_int_equal(word_at(p, 8), 0x44556677u);
    assert_int_equal(word_at(p, 12), 9);
    /* byte 16 = 0xff (S8 of -1), bytes 18..19 = 0x2233 little-endian */
    assert_int_equal(p[16], 0xff);
    assert_int_equal(p[17], 0xaa);
    assert_int_equal(p[18], 0x33);
    assert_int_equal(p[19], 0x22);
    float f;
    memcpy(&f, p + 20, 4);
    assert_true(f == 2.5f);
    assert_int_equal(word_at(p, 24), 0xffffffffu);
    assert_int_equal(word_at(p, 28), 0xfffffffeu);
    assert_int_equal(word_at(p, 32), 3);
    assert_int_equal(word_at(p, 36), 4);
    lt_free(&x);
}

/* 32 lanes storing neighbouring bytes of the same words: each keeps the
 * others' bytes (the stores are read-modify-writes of whole words). */
static void test_store_bytes_from_lanes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB i = vertex.attrib[1];\nUINT TEMP a;\n"
            "ADD.U a.x, i.x, 4096;\nADD.U a.y, i.x, 100;\nSTORE.U8 a.y, a.x;\nEND\n",
            32);
    const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[1]");
    assert_non_null(s);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t v[4] = {i, 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)s->index, v), NVGP_EXEC_OK);
    }
    add_memory(&x, BASE, NULL, 32);
    lt_run(&x);
    const uint8_t *p = memory_after(&x, 0);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(p[i], 100 + i);
    lt_free(&x);
}

/* ATOM (NV_gpu_program5 2.X.8.Z): the result is the value read from
 * memory; writeval per the pseudocode. */
static void test_atom_ops(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP r, q, w;\nINT TEMP s;\n"
            "ATOM.ADD.U32 r.x, 5, 4096;\n"      /* 10 -> 15 */
            "ATOM.MIN.S32 s.x, -3, 4100;\n"     /* 2 -> -3 */
            "ATOM.MAX.U32 r.y, 7, 4104;\n"      /* 0xfffffff0 stays */
            "ATOM.IWRAP.U32 r.z, 5, 4108;\n"    /* 5 >= 5 -> 0 */
            "ATOM.IWRAP.U32 r.w, 5, 4112;\n"    /* 3 -> 4 */
            "ATOM.DWRAP.U32 q.x, 5, 4116;\n"    /* 0 -> 5 */
            "ATOM.DWRAP.U32 q.y, 5, 4120;\n"    /* 7 > 5 -> 5 */
            "ATOM.DWRAP.U32 q.z, 5, 4124;\n"    /* 5 -> 4 */
            "ATOM.AND.U32 q.w, 61680, 4128;\n" /* 0xff00 -> 0xf000 */
            "ATOM.OR.S32 s.y, 15, 4132;\n"      /* 0x30 -> 0x3f */
            "ATOM.XOR.U32 w.x, 255, 4136;\n"    /* 0x0f -> 0xf0 */
            "ATOM.EXCH.U32 w.y, 77, 4140;\n"    /* 1 -> 77 */
            "ATOM.CSWAP.U32 w.z, {1, 99, 0, 0}, 4144;\n" /* 1 == 1 -> 99 */
            "ATOM.CSWAP.S32 s.z, {2, 99, 0, 0}, 4148;\n" /* 3 != 2: stays */
            "ATOM.MAX.S32 s.w, 7, 4152;\n"      /* -8 -> 7 */
            "ATOM.ADD.U32 w.w, 1, 4156;\n"      /* 0xffffffff -> 0 (wraps) */
            "MOV.U result.texcoord[0], r;\nMOV.U result.texcoord[1], q;\n"
            "MOV.U result.texcoord[2], w;\nMOV.S result.texcoord[3], s;\nEND\n",
            1);
    uint32_t mem[16] = {10, 2, 0xfffffff0u, 5, 3, 0, 7, 5, 0xff00, 0x30, 0x0f, 1, 1, 3, (uint32_t)-8, 0xffffffffu};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 10, 0xfffffff0u, 5, 3);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0, 7, 5, 0xff00);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0x0f, 1, 1, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 2, 0x30, 3, (uint32_t)-8);
    const uint8_t *p = memory_after(&x, 0);
    uint32_t want[16] = {15, (uint32_t)-3, 0xfffffff0u, 0, 4, 5, 5, 4, 0xf000, 0x3f, 0xf0, 77, 99, 3, 7, 0};
    for (int i = 0; i < 16; i++) {
        if (word_at(p, 4 * (size_t)i) != want[i])
            fprintf(stderr, "word %d: got 0x%x want 0x%x\n", i, word_at(p, 4 * (size_t)i), want[i]);
        assert_int_equal(word_at(p, 4 * (size_t)i), want[i]);
    }
    lt_free(&x);
}

/* 32 lanes add to one word and decrement-wrap another: every lane sees a
 * different old value, and the totals are exact. */
static void test_atom_lanes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP r;\n"
            "ATOM.ADD.U32 r.x, 3, 4096;\nATOM.DWRAP.U32 r.y, 40, 4100;\n"
            "MOV.U result.texcoord[0], r;\nEND\n",
            32);
    uint32_t mem[2] = {0, 10};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    const uint8_t *p = memory_after(&x, 0);
    assert_int_equal(word_at(p, 0), 96);
    /* 10 counts down to 0 in 11 steps (10..0 returned), 0 wraps to 40,
     * and 21 more steps return 40..20, leaving 19 */
    assert_int_equal(word_at(p, 4), 19);
    bool seen_add[32] = {false}, seen_dec[41] = {false};
    for (uint32_t i = 0; i < 32; i++) {
        float out[4];
        lt_out(&x, "result.texcoord[0]", i, out);
        uint32_t a = lt_bits(out[0]), d = lt_bits(out[1]);
        assert_true(a % 3 == 0 && a < 96 && !seen_add[a / 3]);
        seen_add[a / 3] = true;
        assert_true(d <= 40);
        seen_dec[d] = true;
    }
    for (uint32_t v = 0; v <= 10; v++)
        assert_true(seen_dec[v]);
    for (uint32_t v = 20; v <= 40; v++)
        assert_true(seen_dec[v]);
    lt_free(&x);
}

/* Addresses outside every range: loads give 0, stores and atomics are
 * dropped, each access counts a fault.  A LONG address with a non-zero
 * high word addresses nothing either. */
static void test_out_of_range(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP r, t;\n"
            "MOV.U r, 7;\nLOAD.U32 r.x, 8192;\nSTORE.U32 r.y, 4100;\nATOM.ADD.U32 r.z, 1, 8196;\n"
            "LOAD.U32 t.x, 4096;\nMOV.U r.w, t.x;\n"
            "MOV.U result.texcoord[0], r;\nEND\n",
            1);
    uint32_t mem[1] = {42};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0, 7, 0, 42);
    assert_int_equal(nvgp_exec_faults(x.m), 3);
    assert_int_equal(word_at(memory_after(&x, 0), 0), 42);
    lt_free(&x);
}

/* LDC (NV_parameter_buffer_object2): byte offsets into a CBUFFER, every
 * storage size, relative offsets, the operand's swizzle and negation on
 * the fetched vector; BUFFER (one word, broadcast) and BUFFER4 (vec4)
 * operands of ordinary instructions, with relative indices. */
static void test_parameter_buffers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nCBUFFER cb[] = { program.buffer[1] };\n"
            "BUFFER b[] = { program.buffer[2][1..3] };\nBUFFER4 b4[] = { program.buffer[3] };\n"
            "UINT TEMP u, i;\nINT TEMP s;\nTEMP f;\n"
            "MOV.U i, {2, 1, 0, 0};\n"
            "LDC.U8 u.x, cb[1];\nLDC.S8 s.x, cb[1];\nLDC.S16 s.y, cb[2].yxzw;\nLDC.U32 u.y, cb[4].yxzw;\n"
            "LDC.U16 u.z, cb[i.x + 4].xxxx;\nLDC.S32X2 s.zw, -cb[8].zwyx;\n"
            "LDC.F32X4 f, cb[16];\n"
            "MOV.U result.texcoord[0], u;\nMOV.S result.texcoord[1], s;\nMOV result.texcoord[2], f;\n"
            "ADD.U result.texcoord[3], b[i.y], b[0];\nMOV.U result.texcoord[4], b4[i.y + 1];\nEND\n",
            1);
    uint8_t cb[32] = {0x00, 0x80, 0xff, 0xff, 0x78, 0x56, 0x34, 0x12, 5, 0, 0, 0, 0xfd, 0xff, 0xff, 0xff};
    float fv[4] = {1.0f, 2.0f, -3.0f, 0.5f};
    memcpy(cb + 16, fv, sizeof fv);
    bind_buffer(&x, "program.buffer[1]", cb, sizeof cb);
    uint32_t b[4] = {100, 7, 30, 500};
    bind_buffer(&x, "program.buffer[2]", b, sizeof b);
    uint32_t b4[12] = {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
    bind_buffer(&x, "program.buffer[3]", b4, sizeof b4);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0x7, 0x80, 0x12345678u, 0x1234, 0);
    /* cb[8] as S32X2 = (5, -3, 0, 0); .zwyx -> (0, 0, -3, 5); negated, z and w (3, -5) */
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0xffffff80u, 0xffffffffu, 3, (uint32_t)-5);
    lt_expect(&x, "result.texcoord[2]", 0xf, 1.0f, 2.0f, -3.0f, 0.5f);
    /* b[i] is word 1 + i of binding 2: b[1] = 30, b[0] = 7 */
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 37, 37, 37, 37);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 5, 6, 7, 8);
    lt_free(&x);
}

/* NV_shader_storage_buffer_object: LDB/STB/ATOMB at byte offsets of
 * program.storage[n]; a binding too small reads 0 and ignores writes. */
static void test_storage_buffers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\n"
            "STORAGE s[] = { program.storage[2] };\nSTORAGE t[] = { program.storage[0] };\n"
            "UINT TEMP u, i, m;\nINT TEMP k;\n"
            "MOV.U i, {4, 3, 64, 12};\nLDB.U32X2 u.xy, s[i.x];\nLDB.S8 k.x, s[i.y];\nSTB.U16 u.x, s[i.w];\n"
            "ATOMB.ADD.U32 u.z, 10, s[0];\nATOMB.CSWAP.U32 u.w, {0, 5, 0, 0}, t[0];\n"
            "MOV.U m, 9;\nLDB.U32 m.x, t[i.z];\nSTB.U32 u, t[i.z];\n"
            "MOV.U result.texcoord[0], u;\nMOV.S result.texcoord[1], k;\nMOV.U result.texcoord[2], m;\nEND\n",
            1);
    uint32_t s[4] = {0x80000001u, 0x0000abcdu, 0x11111111u, 0x22222222u};
    bind_buffer(&x, "program.storage[2]", s, sizeof s);
    uint32_t t[1] = {0};
    bind_buffer(&x, "program.storage[0]", t, sizeof t);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0xabcd, 0x11111111u, 0x80000001u, 0);
    lt_expect_u(&x, "result.texcoord[1]", 0x1, 0xffffff80u, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 9, 9, 9);
    const uint8_t *p = buffer_after(&x, "program.storage[2]");
    assert_int_equal(word_at(p, 0), 0x8000000bu);
    assert_int_equal(word_at(p, 12), 0x2222abcdu);
    assert_int_equal(word_at(buffer_after(&x, "program.storage[0]"), 0), 5);
    assert_int_equal(nvgp_exec_faults(x.m), 2);
    lt_free(&x);
}

/* NV_compute_program5: ATOMS, BAR, LDS and STS on shared memory of one
 * work group; the sum every invocation added is seen by all after BAR. */
static void test_shared_memory(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 8;\nSHARED_MEMORY 64;\n"
             "SHARED sh[] = { program.sharedmem };\nSTORAGE out[] = { program.storage[0] };\n"
             "UINT TEMP u, a, v;\n"
             "MOV.U a.x, invocation.localid.x;\nMUL.U a.y, a.x, 4;\n"
             "STS.U32 0, sh[0];\nSTS.U8 a.x, sh[a.x + 8];\nBAR;\n"
             "ATOMS.ADD.U32 u.x, a.x, sh[0];\nMEMBAR.CTA;\nBAR;\n"
             "LDS.U32 u, sh[0];\nLDS.U32X2 v, sh[8];\n"
             "MOV.U a.z, 32;\nSTB.U32 u, out[a.y];\nSTB.U32X2 v, out[a.z];\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    uint32_t grid[3] = {1, 1, 1}, block[3] = {8, 1, 1};
    assert_int_equal(nvgp_exec_set_grid(x.m, grid, block), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_shared_size(x.m, 64), NVGP_EXEC_OK);
    bind_buffer(&x, "program.storage[0]", NULL, 40);
    lt_run(&x);
    const uint8_t *p = buffer_after(&x, "program.storage[0]");
    for (int i = 0; i < 8; i++)
        assert_int_equal(word_at(p, 4 * (size_t)i), 28); /* 0 + 1 + ... + 7 */
    assert_int_equal(word_at(p, 32), 0x03020100u);
    assert_int_equal(word_at(p, 36), 0x07060504u);
    lt_free(&x);
}

/* NV_shader_atomic_counters: INCR returns the old value, DECR the new one,
 * GET the value; counters wrap. */
static void test_atomic_counters(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_atomic_counters;\n"
            "COUNTER c[] = { program.counter[1][2..3] };\nUINT TEMP u, i;\n"
            "MOV.U i, 1;\nATOMCTR.INCR.U u.x, c[0];\nATOMCTR.DECR.U u.y, c[i.x];\n"
            "ATOMCTR.GET.U u.z, c[0];\nATOMCTR.DECR.U u.w, c[i.x];\n"
            "MOV.U result.texcoord[0], u;\nEND\n",
            1);
    uint32_t ctr[4] = {0, 0, 0xffffffffu, 1};
    bind_buffer(&x, "program.counter[1]", ctr, sizeof ctr);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0xffffffffu, 0, 0, 0xffffffffu);
    const uint8_t *p = buffer_after(&x, "program.counter[1]");
    assert_int_equal(word_at(p, 8), 0);
    assert_int_equal(word_at(p, 12), 0xffffffffu);
    lt_free(&x);
}

/* The resources each binding point becomes, in the map and the TGSI. */
static void test_map_slots(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\nOPTION NV_shader_atomic_counters;\n"
             "CBUFFER cb[] = { program.buffer[5] };\nSTORAGE s[] = { program.storage[5] };\n"
             "COUNTER c[] = { program.counter[5][0..1] };\nUINT TEMP u;\n"
             "LDC.U32 u.x, cb[0];\nLDB.U32 u.y, s[0];\nATOMCTR.INCR.U u.z, c[1];\n"
             "MOV.U result.texcoord[0], u;\nEND\n");
    assert_int_equal(buffer_index(&x, "program.buffer[5]"), 5);
    assert_int_equal(buffer_index(&x, "program.storage[5]"), 21);
    assert_int_equal(buffer_index(&x, "program.counter[5]"), 37);
    lt_free(&x);
}

static uint16_t format_id(const char *name)
{
    int v = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, name, strlen(name));
    assert_true(v >= 0);
    return (uint16_t)v;
}

/* EXT_shader_image_load_store: LOADIM (single components read (v, 0, 0,
 * 1)), STOREIM, ATOMIM returning the old texel, the coordinates a target
 * does not use cleared (a 1D access ignores y); IMQS. */
static void test_images(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION ARB_shader_texture_image_samples;\n"
            "IMAGE img[] = { image[0..1] };\nINT TEMP c, d, z, n;\nUINT TEMP u, v, q, w;\nTEMP t;\n"
            "MOV.S c, {1, 0, 7, 9};\nMOV.S d, {1, 5, 0, 0};\nMOV.S z, 0;\n"
            "LOADIM.U32 v, d, image[0], 1D;\nMOV.S d, {1, 0, 0, 3};\nLOADIM.U32 w, d, image[0], ARRAY2DMS;\n"
            "LOADIM.F32X4 t, c, img[1], 2D;\nLOADIM.U32 u, c, img[0], 2D;\n"
            "ATOMIM.ADD.U32 q.x, 5, c, image[0], 2D;\nSTOREIM.U32 image[0], 55, z, 2D;\n"
            "ATOMIM.DWRAP.U32 q.y, 3, z, image[0], 2D;\nATOMIM.CSWAP.U32 q.z, {25, 8, 0, 0}, c, image[0], 2D;\n"
            "IMQS n.x, image[1], 2DMS;\nMOV.U q.w, 0;\n"
            "MOV.U result.texcoord[0], u;\nMOV.U result.texcoord[1], v;\nMOV.U result.texcoord[2], q;\n"
            "MOV result.texcoord[3], t;\nMOV.S result.texcoord[4], n;\nMOV.U result.texcoord[5], w;\nEND\n",
            1);
    const nvgp_lower_slot *s0 = nvgp_lower_map_find(x.map, NVGP_LOWER_IMAGE, "image[0]");
    const nvgp_lower_slot *s1 = nvgp_lower_map_find(x.map, NVGP_LOWER_IMAGE, "image[1]");
    assert_non_null(s0);
    assert_non_null(s1);
    uint32_t u[2] = {10, 20};
    nvgp_exec_image d0 = {TGSI_TEXTURE_2D, format_id("R32_UINT"), 2, 1, 1};
    assert_int_equal(nvgp_exec_bind_image(x.m, (uint32_t)s0->index, &d0, u), NVGP_EXEC_OK);
    float f[8] = {0, 0, 0, 0, 1.5f, 2.5f, 3.5f, 4.5f};
    nvgp_exec_image d1 = {TGSI_TEXTURE_2D, format_id("R32G32B32A32_FLOAT"), 2, 1, 1};
    assert_int_equal(nvgp_exec_bind_image(x.m, (uint32_t)s1->index, &d1, f), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 20, 0, 0, 1);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 20, 0, 0, 1);
    /* ADD: 20 -> 25; DWRAP on texel 0 (55 > 3): 55 -> 3; CSWAP 25 == 25 -> 8 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 20, 55, 25, 0);
    /* one sample: a single-sampled image */
    lt_expect_u(&x, "result.texcoord[4]", 0x1, 1, 0, 0, 0);
    /* ARRAY2DMS keeps every coordinate (w is the sample) */
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 20, 0, 0, 1);
    lt_expect(&x, "result.texcoord[3]", 0xf, 1.5f, 2.5f, 3.5f, 4.5f);
    size_t bytes;
    const uint8_t *p = nvgp_exec_image_data(x.m, (uint32_t)s0->index, &bytes);
    assert_non_null(p);
    assert_int_equal(word_at(p, 0), 3);
    assert_int_equal(word_at(p, 4), 8);
    lt_free(&x);
}

/* 64-bit storage modifiers: words low first into the pairs of a LONG
 * variable (UP64 shows them), X4 over both halves, swizzled stores, F64
 * narrowed into a float variable; ATOM.ADD.U64 carries into the high word,
 * EXCH.U64 swaps both words. */
static void test_64bit(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG TEMP l, m, n, e;\nUINT TEMP u, v, w;\nTEMP f;\n"
            "LOAD.U64 l, 4096;\nUP64.U u, l;\nLOAD.U64X4 m, 4096;\nSTORE.U64X4 m.wzyx, 4160;\n"
            "ATOM.ADD.U64 n, l, 4120;\nUP64.U v, n;\nATOM.EXCH.U64 e, l, 4136;\nUP64.U w, e;\n"
            "LOAD.F64 f.x, 4144;\nSTORE.F64 f, 4152;\n"
            "MOV.U result.texcoord[0], u;\nMOV.U result.texcoord[1], v;\nMOV.U result.texcoord[2], w;\n"
            "MOV result.texcoord[3], f;\nEND\n",
            1);
    uint32_t mem[24] = {0x55667788u, 0x11223344u, 1, 2, 3, 4, 0xffffffffu, 7, 0, 0, 0, 0};
    double d = 2.5;
    memcpy(&mem[12], &d, 8);
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x55667788u, 0x11223344u, 0, 0);
    lt_expect_u(&x, "result.texcoord[1]", 0x3, 0xffffffffu, 7, 0, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0x3, 0, 0, 0, 0);
    lt_expect(&x, "result.texcoord[3]", 0x1, 2.5f, 0, 0, 0);
    const uint8_t *p = memory_after(&x, 0);
    /* 0x7_ffffffff + 0x11223344_55667788 = 0x1122334c_55667787 */
    assert_int_equal(word_at(p, 24), 0x55667787u);
    assert_int_equal(word_at(p, 28), 0x1122334cu);
    assert_int_equal(word_at(p, 40), 0x55667788u);
    assert_int_equal(word_at(p, 44), 0x11223344u);
    /* f.x (2.5f) widened back to a double */
    double back;
    memcpy(&back, p + 56, 8);
    assert_true(back == 2.5);
    uint32_t want[8] = {0xffffffffu, 7, 3, 4, 1, 2, 0x55667788u, 0x11223344u};
    for (int i = 0; i < 8; i++)
        assert_int_equal(word_at(p, 64 + 4 * (size_t)i), want[i]);
    lt_free(&x);
}

/* A 64-bit address (LONG operand): its low word addresses memory; a
 * non-zero high word addresses none (fault, 0).  .COH/.VOL become the
 * TGSI memory qualifiers.  ATOM.ADD.F32 and EXCH.F32
 * (NV_shader_atomic_float) add and swap floats. */
static void test_long_address_and_qualifiers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_atomic_float;\nLONG TEMP p;\nUINT TEMP r, t;\nTEMP f, g;\n"
            "PK64.U p, {4100, 0, 4096, 1};\nLOAD.COH.U32 r.x, p.x;\nLOAD.VOL.U32 t.x, p.y;\nMOV.U r.y, t.x;\n"
            "ATOM.ADD.F32 f.x, 0.75, 4104;\nATOM.EXCH.F32 g.x, -2, 4104;\nMOV f.y, g.x;\n"
            "MOV.U result.texcoord[0], r;\nMOV result.texcoord[1], f;\nEND\n",
            1);
    float one = 1.5f;
    uint32_t mem[3] = {5, 6, 0};
    memcpy(&mem[2], &one, 4);
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0x3, 6, 0, 0, 0);
    lt_expect(&x, "result.texcoord[1]", 0x3, 1.5f, 2.25f, 0, 0);
    assert_int_equal(nvgp_exec_faults(x.m), 1);
    float last;
    memcpy(&last, memory_after(&x, 0) + 8, 4);
    assert_true(last == -2.0f);
    unsigned coh = 0, vol = 0;
    for (uint32_t i = 0; i < x.tgsi->num_instructions; i++) {
        const tgsi_instruction *ti = &x.tgsi->instructions[i];
        if (ti->opcode != TGSI_OPCODE_LOAD)
            continue;
        coh += (ti->memory_qualifier & TGSI_MEMORY_COHERENT) != 0;
        vol += (ti->memory_qualifier & TGSI_MEMORY_VOLATILE) != 0;
    }
    assert_int_equal(coh, 1);
    assert_int_equal(vol, 1);
    lt_free(&x);
}

/* A STORAGE array over several binding points (NV_shader_storage_buffer_object:
 * "the first index specifying an offset into the range of buffer object
 * binding points ... a second index must be provided to identify the
 * individual array element"): s[1][4] is byte 4 of binding point 4. */
static void test_storage_binding_range(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE s[] = { program.storage[3..4] };\n"
            "UINT TEMP u, v;\nLDB.U32 u, s[1][4];\nSTB.U32 u, s[0][0];\nLDB.U32 v, s[0][4];\n"
            "MOV.U result.texcoord[0], u;\nMOV.U result.texcoord[1], v;\nEND\n",
            1);
    uint32_t a[2] = {11, 12}, b[2] = {21, 22};
    bind_buffer(&x, "program.storage[3]", a, sizeof a);
    bind_buffer(&x, "program.storage[4]", b, sizeof b);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 22, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 12, 0, 0, 0);
    assert_int_equal(word_at(buffer_after(&x, "program.storage[3]"), 0), 22);
    lt_free(&x);
}

/* NV_gpu_program5_mem_extended: F16 (half floats converted), U8X4 and
 * S16X2 (each component its own field, sign-extended for S), and their
 * stores. */
static void test_mem_extended(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_gpu_program5_mem_extended;\nUINT TEMP u;\nINT TEMP s;\nTEMP f;\n"
            "LOAD.F16X2 f, 4096;\nLOAD.U8X4 u, 4100;\nLOAD.S16X2 s, 4100;\n"
            "STORE.F16X4 {0.5, -1, 2, 0.25}, 4104;\nSTORE.U8X2 {513, 7, 0, 0}, 4113;\nSTORE.S16X2 s.yxzw, 4116;\n"
            "MOV result.texcoord[0], f;\nMOV.U result.texcoord[1], u;\nMOV.S result.texcoord[2], s;\nEND\n",
            1);
    /* 1.5 = 0x3e00, -2.0 = 0xc000; bytes 0x80 0x01 0xfe 0xff */
    uint32_t mem[6] = {0xc0003e00u, 0xfffe0180u, 0, 0, 0xaaaaaaaau, 0};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 1.5f, -2.0f, 0, 0);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0x80, 0x01, 0xfe, 0xff);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0x0180, 0xfffffffeu, 0, 0);
    const uint8_t *p = memory_after(&x, 0);
    /* 0.5 = 0x3800, -1 = 0xbc00, 2 = 0x4000, 0.25 = 0x3400 */
    assert_int_equal(word_at(p, 8), 0xbc003800u);
    assert_int_equal(word_at(p, 12), 0x34004000u);
    /* 513 keeps its low byte (1) */
    assert_int_equal(word_at(p, 16), 0xaa0701aau);
    assert_int_equal(word_at(p, 20), 0x0180fffeu);
    lt_free(&x);
}

/* Many BUFFER4 operands: each read loads its element just before the
 * instruction, into a few temporaries used in turn (the program does not
 * need one temporary per read). */
static void test_many_buffer_reads(void **state)
{
    (void)state;
    char src[2048] = "!!NVvp5.0\nBUFFER4 b4[] = { program.buffer[0] };\nUINT TEMP r;\nMOV.U r, 0;\n";
    for (int i = 0; i < 40; i++)
        strcat(src, i % 2 ? "ADD.U r, r, b4[1];\n" : "ADD.U r, b4[0], r;\n");
    strcat(src, "MOV.U result.texcoord[0], r;\nEND\n");
    lt x;
    lt_load(&x, src, 1);
    uint32_t b4[8] = {1, 2, 3, 4, 100, 200, 300, 400};
    bind_buffer(&x, "program.buffer[0]", b4, sizeof b4);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 2020, 4040, 6060, 8080);
    int32_t temps = 0;
    for (uint32_t i = 0; i < x.tgsi->num_declarations; i++)
        if (x.tgsi->declarations[i].file == TGSI_FILE_TEMPORARY && x.tgsi->declarations[i].last + 1 > temps)
            temps = x.tgsi->declarations[i].last + 1;
    assert_true(temps <= 20);
    lt_free(&x);
}

/* Atomics TGSI has no per-word form for, with lanes taking turns:
 * CSWAP.U64 (equal in both words or not), MIN/MAX.S64 and .U64
 * (NV_shader_atomic_int64), ADD.F64 (NV_shader_atomic_float64), F16X2
 * ADD/MAX and F16X4 EXCH (NV_shader_atomic_fp16_vector); and 32 lanes
 * adding 0.5 as F64 to one value. */
static void test_serial_atomics(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_atomic_int64;\nOPTION NV_shader_atomic_float64;\n"
            "OPTION NV_shader_atomic_fp16_vector;\n"
            "LONG TEMP a, b, k, n;\nUINT TEMP u;\nTEMP h, g;\n"
            "PK64.U k, {5, 1, 9, 0};\n"
            "ATOM.CSWAP.U64 a, k, 4096;\nUP64.U u, a;\nMOV.U result.texcoord[0], u;\n"
            "ATOM.CSWAP.U64 a, k, 4104;\nUP64.U u, a;\nMOV.U result.texcoord[1], u;\n"
            "PK64.U n, {4294967295, 4294967295, 0, 0};\n"
            "ATOM.MIN.S64 b, n, 4112;\nUP64.U u, b;\nMOV.U result.texcoord[2], u;\n"
            "ATOM.MAX.U64 b, n, 4120;\n"
            "ATOM.ADD.F64 h.x, 0.5, 4128;\n"
            "ATOM.ADD.F16X2 g, {0.5, -1, 0, 0}, 4136;\nMOV result.texcoord[3], g;\n"
            "ATOM.MAX.F16X2 g, {0.25, 8, 0, 0}, 4140;\nMOV result.texcoord[4], g;\n"
            "ATOM.EXCH.F16X4 g, {1, 2, 3, 4}, 4144;\nMOV result.texcoord[5], g;\nEND\n",
            32);
    uint32_t mem[14] = {5, 1, 5, 2, 3, 0, 3, 0, 0, 0, 0x3e00u | 0x4000u << 16, 0x3c00u | 0xc000u << 16,
                        0x3800u | 0x3400u << 16, 0xbc00u | 0x4400u << 16};
    double z = 0;
    memcpy(&mem[8], &z, 8);
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    /* lane 0 finds 0x1_00000005 == k.x and stores k.y = 9; later lanes
     * find 9 */
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 0xf, 5, 1, 5, 1);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 0x3, 9, 0, 0, 0);
    /* 0x2_00000005 differs in the high word only: never swapped */
    lt_expect_u_at(&x, "result.texcoord[1]", 31, 0x3, 5, 2, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 0, 0x3, 3, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 1, 0x3, 0xffffffffu, 0xffffffffu, 0, 0);
    /* F16X2 ADD: lane 0 reads (1.5, 2), writes (2, 1); MAX keeps (1, 8) */
    lt_expect(&x, "result.texcoord[3]", 0xf, 1.5f, 2.0f, 0, 0);
    lt_expect(&x, "result.texcoord[4]", 0xf, 1.0f, -2.0f, 0, 0);
    lt_expect(&x, "result.texcoord[5]", 0xf, 0.5f, 0.25f, -1.0f, 4.0f);
    const uint8_t *p = memory_after(&x, 0);
    assert_int_equal(word_at(p, 8), 5);
    assert_int_equal(word_at(p, 12), 2);
    /* S64 min(3, -1) = -1; U64 max(3, 2^64-1) = 2^64-1 */
    assert_int_equal(word_at(p, 16), 0xffffffffu);
    assert_int_equal(word_at(p, 20), 0xffffffffu);
    assert_int_equal(word_at(p, 28), 0xffffffffu);
    double sum;
    memcpy(&sum, p + 32, 8);
    assert_true(sum == 16.0);
    /* 32 lanes of (0.5, -1) added to (1.5, 2): (17.5, -30) = 0x4c60, 0xcf80 */
    assert_int_equal(word_at(p, 40), 0x4c60u | 0xcf80u << 16);
    /* max over (0.25, 8) with (1, -2): (1, 8) = 0x3c00, 0x4800 */
    assert_int_equal(word_at(p, 44), 0x3c00u | 0x4800u << 16);
    assert_int_equal(word_at(p, 48), 0x3c00u | 0x4000u << 16);
    assert_int_equal(word_at(p, 52), 0x4200u | 0x4400u << 16);
    lt_free(&x);
}

/* An IMAGE array indexed by a register: each lane's index picks the unit;
 * an index past the array reaches no image (0, a fault). */
static void test_image_arrays(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nIMAGE img[] = { image[2..3] };\nATTRIB a = vertex.attrib[1];\n"
            "INT TEMP i, c;\nUINT TEMP r;\n"
            "MOV.S i, a;\nMOV.S c, 0;\nLOADIM.U32 r, c, img[i.x], 2D;\nMOV.U result.texcoord[0], r;\nEND\n",
            3);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[1]");
    assert_non_null(in);
    for (uint32_t k = 0; k < 3; k++) {
        uint32_t v[4] = {k == 2 ? 7 : k, 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, k, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    for (int u = 2; u <= 3; u++) {
        char name[16];
        snprintf(name, sizeof name, "image[%d]", u);
        const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_IMAGE, name);
        assert_non_null(s);
        uint32_t texel = 100 + (uint32_t)u;
        nvgp_exec_image d = {TGSI_TEXTURE_2D, format_id("R32_UINT"), 1, 1, 1};
        assert_int_equal(nvgp_exec_bind_image(x.m, (uint32_t)s->index, &d, &texel), NVGP_EXEC_OK);
    }
    lt_run(&x);
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 0x1, 102, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 0x1, 103, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 2, 0x1, 0, 0, 0, 0);
    assert_int_equal(nvgp_exec_faults(x.m), 1);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_sizes),        cmocka_unit_test(test_store_sizes),
        cmocka_unit_test(test_store_bytes_from_lanes), cmocka_unit_test(test_atom_ops),
        cmocka_unit_test(test_atom_lanes),        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_parameter_buffers), cmocka_unit_test(test_storage_buffers),
        cmocka_unit_test(test_shared_memory),     cmocka_unit_test(test_atomic_counters),
        cmocka_unit_test(test_map_slots),         cmocka_unit_test(test_images),
        cmocka_unit_test(test_64bit),             cmocka_unit_test(test_long_address_and_qualifiers),
        cmocka_unit_test(test_storage_binding_range), cmocka_unit_test(test_mem_extended),
        cmocka_unit_test(test_many_buffer_reads), cmocka_unit_test(test_serial_atomics),
        cmocka_unit_test(test_image_arrays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
