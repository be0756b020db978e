/* Bindings of the NV_gpu_program4/5 program types (lower_gp_bind.c): the
 * registers, semantics, interpolation and properties each binding and
 * declaration becomes, run on the executor by the names the program wrote.
 * Expected values follow the specs' binding tables (NV_gpu_program4 2.X.2,
 * NV_vertex_program4, NV_fragment_program4, NV_geometry_program4,
 * NV_tessellation_program5, NV_compute_program5) and hand computation. */
#include "lower_test_util.h"

#include "tgsi/tgsi_ir.h"

/* The declaration of register index of file, or NULL. */
static const tgsi_declaration *decl_of(const lt *x, tgsi_file file, int32_t index)
{
    for (uint32_t i = 0; i < x->tgsi->num_declarations; i++) {
        const tgsi_declaration *d = &x->tgsi->declarations[i];
        if (d->file == file && index >= d->first && index <= d->last)
            return d;
    }
    return NULL;
}

/* The declaration behind a map slot of the given kind and name. */
static const tgsi_declaration *decl_named(const lt *x, nvgp_lower_slot_kind kind, const char *name)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, kind, name);
    if (!s)
        fprintf(stderr, "no slot named %s\n", name);
    assert_non_null(s);
    const tgsi_declaration *d = decl_of(x, (tgsi_file)s->file, s->index);
    assert_non_null(d);
    return d;
}

static void expect_semantic(const lt *x, nvgp_lower_slot_kind kind, const char *name, tgsi_file file,
                            tgsi_semantic sem, uint32_t index)
{
    const tgsi_declaration *d = decl_named(x, kind, name);
    if (d->file != file || !d->has_semantic || d->semantic_name != sem || d->semantic_index != index)
        fprintf(stderr, "%s: file %u semantic %u[%u]\n", name, d->file, d->semantic_name, d->semantic_index);
    assert_int_equal(d->file, file);
    assert_true(d->has_semantic);
    assert_int_equal(d->semantic_name, sem);
    assert_int_equal(d->semantic_index, index);
}

static bool has_property(const lt *x, tgsi_property name, uint32_t value)
{
    for (uint32_t i = 0; i < x->tgsi->num_properties; i++) {
        const tgsi_property_decl *p = &x->tgsi->properties[i];
        if (p->name == name && p->num_data >= 1 && p->data[0] == value)
            return true;
    }
    return false;
}

/* A system value named by the program, for every thread. */
static void set_sv(lt *x, const char *name, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    const tgsi_declaration *decl = decl_named(x, NVGP_LOWER_INPUT, name);
    assert_int_equal(decl->file, TGSI_FILE_SYSTEM_VALUE);
    uint32_t v[4] = {a, b, c, d};
    assert_int_equal(nvgp_exec_set_system_value(x->m, NVGP_EXEC_ALL, (tgsi_semantic)decl->semantic_name,
                                                decl->semantic_index, v),
                     NVGP_EXEC_OK);
}

/* NV_vertex_program4: generic attributes typed by INT/UINT modifiers keep
 * their bits; vertex.position aliases attribute 0 (Table X.2); vertex.id
 * and vertex.instance are the vertex's and instance's numbers. */
static void test_vertex_inputs(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\n"
            "INT ATTRIB ia = vertex.attrib[3];\n"
            "UINT ATTRIB ua = vertex.attrib[4];\n"
            "TEMP t;\n"
            "ADD.S t, ia, {1, 2, 3, 4};\n"
            "MOV.S result.attrib[0], t;\n"
            "ADD.U result.attrib[1], ua, vertex.id.x;\n"
            "MOV.U result.attrib[2].x, vertex.instance;\n"
            "MOV result.position, vertex.position;\n"
            "END\n",
            2);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.position", TGSI_FILE_INPUT, TGSI_SEMANTIC_GENERIC, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.attrib[3]", TGSI_FILE_INPUT, TGSI_SEMANTIC_GENERIC, 3);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.id", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_VERTEXID, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.instance", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_INSTANCEID, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.attrib[1]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_GENERIC, 1);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.position", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_POSITION, 0);
    lt_in_u(&x, "vertex.attrib[3]", (uint32_t)-5, 0x7fffffff, 0, 10);
    lt_in_u(&x, "vertex.attrib[4]", 0xffffffff, 1, 2, 3);
    lt_in(&x, "vertex.position", 1.0f, 2.0f, 3.0f, 1.0f);
    set_sv(&x, "vertex.instance", 7, 0, 0, 0);
    lt_run(&x);
    /* -5+1, 0x7fffffff+2 wraps, 0+3, 10+4 */
    lt_expect_u(&x, "result.attrib[0]", 0xf, (uint32_t)-4, 0x80000001u, 3, 14);
    /* vertex.id is the invocation's number (0 and 1) */
    lt_expect_u_at(&x, "result.attrib[1]", 0, 0xf, 0xffffffff, 1, 2, 3);
    lt_expect_u_at(&x, "result.attrib[1]", 1, 0xf, 0, 2, 3, 4);
    lt_expect_u(&x, "result.attrib[2]", 1, 7, 0, 0, 0);
    lt_expect(&x, "result.position", 0xf, 1.0f, 2.0f, 3.0f, 1.0f);
    lt_free(&x);
}

/* NV_fragment_program4 2.X.3.2: FLAT, NOPERSPECTIVE, CENTROID and SAMPLE
 * attributes; integer attributes are not interpolated; colors are
 * COLOR-interpolated; texture coordinates are TEXCOORD[n], generic
 * interpolants GENERIC[n]. */
static void test_fragment_interpolation(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVfp5.0\nOPTION ARB_draw_buffers;\n"
             "FLAT ATTRIB f = fragment.attrib[1];\n"
             "NOPERSPECTIVE ATTRIB np = fragment.attrib[2];\n"
             "CENTROID ATTRIB ce = fragment.texcoord[3];\n"
             "SAMPLE ATTRIB sa = fragment.attrib[4];\n"
             "FLAT INT ATTRIB ia = fragment.attrib[5];\n"
             "NOPERSPECTIVE CENTROID ATTRIB nc = fragment.attrib[6];\n"
             "TEMP t;\n"
             "ADD t, f, np;\nADD t, t, ce;\nADD t, t, sa;\nADD t, t, fragment.color;\nADD t, t, nc;\n"
             "ADD t, t, fragment.position;\n"
             "MOV.S result.color[1], ia;\n"
             "MOV result.color, t;\n"
             "END\n");
    struct {
        const char *name;
        uint8_t sem;
        uint32_t index;
        uint8_t interp, loc;
    } want[] = {
        {"fragment.attrib[1]", TGSI_SEMANTIC_GENERIC, 1, TGSI_INTERPOLATE_CONSTANT, TGSI_INTERPOLATE_LOC_CENTER},
        {"fragment.attrib[2]", TGSI_SEMANTIC_GENERIC, 2, TGSI_INTERPOLATE_LINEAR, TGSI_INTERPOLATE_LOC_CENTER},
        {"fragment.texcoord[3]", TGSI_SEMANTIC_TEXCOORD, 3, TGSI_INTERPOLATE_PERSPECTIVE,
         TGSI_INTERPOLATE_LOC_CENTROID},
        {"fragment.attrib[4]", TGSI_SEMANTIC_GENERIC, 4, TGSI_INTERPOLATE_PERSPECTIVE, TGSI_INTERPOLATE_LOC_SAMPLE},
        {"fragment.attrib[5]", TGSI_SEMANTIC_GENERIC, 5, TGSI_INTERPOLATE_CONSTANT, TGSI_INTERPOLATE_LOC_CENTER},
        {"fragment.attrib[6]", TGSI_SEMANTIC_GENERIC, 6, TGSI_INTERPOLATE_LINEAR, TGSI_INTERPOLATE_LOC_CENTROID},
        {"fragment.color", TGSI_SEMANTIC_COLOR, 0, TGSI_INTERPOLATE_COLOR, TGSI_INTERPOLATE_LOC_CENTER},
        {"fragment.position", TGSI_SEMANTIC_POSITION, 0, TGSI_INTERPOLATE_LINEAR, TGSI_INTERPOLATE_LOC_CENTER},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const tgsi_declaration *d = decl_named(&x, NVGP_LOWER_INPUT, want[i].name);
        assert_int_equal(d->file, TGSI_FILE_INPUT);
        assert_int_equal(d->semantic_name, want[i].sem);
        assert_int_equal(d->semantic_index, want[i].index);
        assert_true(d->has_interpolate);
        if (d->interpolate != want[i].interp || d->interpolate_location != want[i].loc)
            fprintf(stderr, "%s: interpolate %u location %u\n", want[i].name, d->interpolate,
                    d->interpolate_location);
        assert_int_equal(d->interpolate, want[i].interp);
        assert_int_equal(d->interpolate_location, want[i].loc);
    }
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.color", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_COLOR, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.color[1]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_COLOR, 1);
    lt_free(&x);
}

/* Fragment system values and results: facing (+1/-1 as a float, constant
 * over the primitive), sample id and mask, primitive id; depth in z. */
static void test_fragment_system_values(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nOPTION ARB_draw_buffers;\n"
            "MOV result.color.x, fragment.facing;\n"
            "MOV.U result.color[1].x, fragment.sampleid.x;\n"
            "MOV.U result.color[1].y, fragment.samplemask.x;\n"
            "MOV.U result.color[1].z, primitive.id.x;\n"
            "MOV result.depth.z, fragment.position.y;\n"
            "MOV.U result.samplemask.x, 5;\n"
            "END\n",
            1);
    expect_semantic(&x, NVGP_LOWER_INPUT, "fragment.facing", TGSI_FILE_INPUT, TGSI_SEMANTIC_FACE, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "fragment.sampleid", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_SAMPLEID, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "fragment.samplemask", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_SAMPLEMASK,
                    0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "primitive.id", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_PRIMID, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.depth", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_POSITION, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.samplemask", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_SAMPLEMASK, 0);
    assert_int_equal(decl_named(&x, NVGP_LOWER_INPUT, "fragment.facing")->interpolate, TGSI_INTERPOLATE_CONSTANT);
    lt_in(&x, "fragment.facing", -1.0f, 0.0f, 0.0f, 0.0f);
    lt_in(&x, "fragment.position", 0.5f, 7.5f, 0.25f, 1.0f);
    set_sv(&x, "fragment.sampleid", 3, 0, 0, 0);
    set_sv(&x, "fragment.samplemask", 0x9, 0, 0, 0);
    set_sv(&x, "primitive.id", 11, 0, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.color", 1, -1.0f, 0, 0, 0);
    lt_expect_u(&x, "result.color[1]", 7, 3, 0x9, 11, 0);
    lt_expect(&x, "result.depth", 4, 0, 0, 7.5f, 0);
    lt_expect_u(&x, "result.samplemask", 1, 5, 0, 0, 0);
    lt_free(&x);
}

/* ARB_blend_func_extended in NV_fragment_program5: result.color[0].primary
 * is the first blend source, .secondary the second (COLOR[1]). */
static void test_dual_source_results(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\n"
            "MOV result.color[0].primary, {1, 2, 3, 4};\n"
            "MOV result.color[0].secondary, {5, 6, 7, 8};\n"
            "END\n",
            1);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.color[0].primary", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_COLOR, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.color[0].secondary", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_COLOR, 1);
    lt_run(&x);
    lt_expect(&x, "result.color[0].primary", 0xf, 1, 2, 3, 4);
    lt_expect(&x, "result.color[0].secondary", 0xf, 5, 6, 7, 8);
    lt_free(&x);
}

/* Arrays of attributes and results, read and written with an integer
 * index (NV_gpu_program4 2.X.4.2: "a[i.x + 1]"). */
static void test_relative_arrays(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\n"
            "ATTRIB in[] = { vertex.attrib[4..7] };\n"
            "OUTPUT out[] = { result.attrib[0..3] };\n"
            "INT TEMP i;\n"
            "MOV.S i, {2, 0, 1, 3};\n"
            "MOV out[i.x], in[i.y + 1];\n"
            "MOV out[i.z + 2], in[i.w];\n"
            "MOV out[0], in[0];\n"
            "END\n",
            1);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.attrib[6]", TGSI_FILE_INPUT, TGSI_SEMANTIC_GENERIC, 6);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.attrib[3]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_GENERIC, 3);
    lt_in(&x, "vertex.attrib[4]", 40, 41, 42, 43);
    lt_in(&x, "vertex.attrib[5]", 50, 51, 52, 53);
    lt_in(&x, "vertex.attrib[6]", 60, 61, 62, 63);
    lt_in(&x, "vertex.attrib[7]", 70, 71, 72, 73);
    lt_run(&x);
    lt_expect(&x, "result.attrib[0]", 0xf, 40, 41, 42, 43);
    lt_expect(&x, "result.attrib[2]", 0xf, 50, 51, 52, 53); /* out[2] = in[0 + 1] */
    lt_expect(&x, "result.attrib[3]", 0xf, 70, 71, 72, 73); /* out[1 + 2] = in[3] */
    lt_free(&x);
}

/* program.env, program.local and state bindings are CONST registers named
 * as written; a parameter array is read with an integer index. */
static void test_parameters(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\n"
            "PARAM arr[] = { program.local[0..2] };\n"
            "INT TEMP i;\n"
            "TEMP t;\n"
            "MOV.S i, 2;\n"
            "ADD t, program.env[3], arr[i.x];\n"
            "ADD result.position, t, state.material.diffuse;\n"
            "END\n",
            1);
    assert_non_null(nvgp_lower_map_find(x.map, NVGP_LOWER_CONSTANT, "program.local[2]"));
    lt_param(&x, "program.env[3]", 1, 2, 3, 4);
    lt_param(&x, "program.local[0]", 100, 100, 100, 100);
    lt_param(&x, "program.local[1]", 200, 200, 200, 200);
    lt_param(&x, "program.local[2]", 10, 20, 30, 40);
    lt_param(&x, "state.material.diffuse", 0.5f, 0.25f, 0.125f, 0);
    lt_run(&x);
    lt_expect(&x, "result.position", 0xf, 11.5f, 22.25f, 33.125f, 44);
    lt_free(&x);
}

/* NV_gpu_program4 2.X.3.3: constants in declarations are interpreted by
 * the variable's data type: floats without a modifier ("2" is 2.0), signed
 * or unsigned integers for INT/UINT variables, lone or in arrays. */
static void test_typed_param_literals(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\n"
            "PARAM f = {2, 3, 4, 5};\n"
            "PARAM fa[2] = { {1, 2, 3, 4}, program.env[0] };\n"
            "INT PARAM i = {-2, 3, 4, 5};\n"
            "UINT PARAM ua[2] = { program.env[1], {7, 8, 9, 4000000000} };\n"
            "TEMP t;\nINT TEMP s;\nUINT TEMP u;\n"
            "MUL t, f, fa[1];\n"
            "ADD result.position, t, fa[0];\n"
            "ADD.S s, i, 1;\n"
            "MOV.S result.attrib[0], s;\n"
            "MOV.U u, ua[1];\n"
            "MOV.U result.attrib[1], u;\n"
            "END\n",
            1);
    lt_param(&x, "program.env[0]", 0.5f, 0.5f, 0.5f, 0.5f);
    lt_run(&x);
    /* (2, 3, 4, 5) * 0.5 + (1, 2, 3, 4) */
    lt_expect(&x, "result.position", 0xf, 2.0f, 3.5f, 5.0f, 6.5f);
    lt_expect_u(&x, "result.attrib[0]", 0xf, (uint32_t)-1, 4, 5, 6);
    lt_expect_u(&x, "result.attrib[1]", 0xf, 7, 8, 9, 4000000000u);
    lt_free(&x);
}

/* Geometry programs (NV_geometry_program4): PRIMITIVE_IN/OUT and
 * VERTICES_OUT become properties; vertex[m].* is IN[m][i]; a variable bound
 * to "vertex.position" is indexed by the vertex; the map names each vertex's
 * element "vertex[m].position".  result.layer and result.viewport are the
 * LAYER and VIEWPORT_INDEX outputs. */
static void test_geometry(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVgp4.0\n"
             "PRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 2;\n"
             "ATTRIB pos = vertex.position;\n"
             "MOV result.position, pos[2];\n"
             "MOV result.attrib[0], vertex[1].attrib[0];\n"
             "MOV.S result.layer.x, primitive.id;\n"
             "MOV.S result.viewport.x, 1;\n"
             "EMIT;\n"
             "MOV result.position, pos[0];\n"
             "EMIT;\n"
             "END\n");
    assert_true(has_property(&x, TGSI_PROPERTY_GS_INPUT_PRIM, 4));  /* PIPE_PRIM_TRIANGLES */
    assert_true(has_property(&x, TGSI_PROPERTY_GS_OUTPUT_PRIM, 0)); /* PIPE_PRIM_POINTS */
    assert_true(has_property(&x, TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, 2));
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex[2].position", TGSI_FILE_INPUT, TGSI_SEMANTIC_POSITION, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex[1].attrib[0]", TGSI_FILE_INPUT, TGSI_SEMANTIC_GENERIC, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.layer", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_LAYER, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.viewport", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_VIEWPORT_INDEX, 0);
    /* the input array is unsized (DCL IN[][i]) and each vertex is named */
    const nvgp_lower_slot *s0 = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[0].position");
    const nvgp_lower_slot *s2 = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[2].position");
    assert_non_null(s0);
    assert_non_null(s2);
    assert_int_equal(s0->vertex, 0);
    assert_int_equal(s2->vertex, 2);
    assert_int_equal(s0->index, s2->index);
    assert_null(nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[3].position"));
    assert_true(decl_named(&x, NVGP_LOWER_INPUT, "vertex[0].position")->dimension_unsized);

    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    for (uint32_t v = 0; v < 3; v++) {
        uint32_t p[4] = {lt_bits((float)v), lt_bits(10.0f + (float)v), 0, lt_bits(1.0f)};
        uint32_t a[4] = {v, v * 2, v * 3, v * 4};
        assert_int_equal(nvgp_exec_set_input(x.m, 0, v, (uint32_t)s0->index, p), NVGP_EXEC_OK);
        const nvgp_lower_slot *sa = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[1].attrib[0]");
        assert_int_equal(nvgp_exec_set_input(x.m, 0, v, (uint32_t)sa->index, a), NVGP_EXEC_OK);
    }
    const tgsi_declaration *pid = decl_named(&x, NVGP_LOWER_INPUT, "primitive.id");
    assert_int_equal(pid->semantic_name, TGSI_SEMANTIC_PRIMID);
    uint32_t nine[4] = {9, 0, 0, 0};
    assert_int_equal(nvgp_exec_set_system_value(x.m, NVGP_EXEC_ALL, TGSI_SEMANTIC_PRIMID, 0, nine), NVGP_EXEC_OK);
    lt_run(&x);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 0), 2);
    uint32_t nout = nvgp_exec_num_outputs(x.m);
    uint32_t *o = calloc(nout * 4, sizeof *o);
    assert_non_null(o);
    uint32_t prim;
    int32_t opos = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.position")->index;
    int32_t oattr = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.attrib[0]")->index;
    int32_t olayer = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.layer")->index;
    int32_t ovp = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.viewport")->index;
    nvgp_exec_get_emitted(x.m, 0, 0, 0, o, &prim);
    assert_int_equal(o[4 * opos + 0], lt_bits(2.0f));
    assert_int_equal(o[4 * opos + 1], lt_bits(12.0f));
    assert_int_equal(o[4 * oattr + 0], 1);
    assert_int_equal(o[4 * oattr + 3], 4);
    assert_int_equal(o[4 * olayer], 9);
    assert_int_equal(o[4 * ovp], 1);
    nvgp_exec_get_emitted(x.m, 0, 0, 1, o, &prim);
    assert_int_equal(o[4 * opos + 0], lt_bits(0.0f));
    assert_int_equal(o[4 * opos + 1], lt_bits(10.0f));
    free(o);
    lt_free(&x);
}

/* A per-vertex variable indexed by an integer: the vertex is the relative
 * dimension, IN[ADDR + n][i]. */
static void test_geometry_relative_vertex(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVgp4.0\n"
             "PRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
             "ATTRIB p = vertex.position;\nINT TEMP i;\n"
             "MOV.S i.x, 1;\n"
             "ADD result.position, p[i.x + 1], p[i.x];\n"
             "EMIT;\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    for (uint32_t v = 0; v < 3; v++) {
        char name[32];
        snprintf(name, sizeof name, "vertex[%u].position", v);
        const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, name);
        assert_non_null(s);
        float f = v == 0 ? 1.0f : v == 1 ? 10.0f : 100.0f;
        uint32_t w[4] = {lt_bits(f), lt_bits(2 * f), lt_bits(3 * f), lt_bits(4 * f)};
        assert_int_equal(nvgp_exec_set_input(x.m, 0, (uint32_t)s->vertex, (uint32_t)s->index, w), NVGP_EXEC_OK);
    }
    lt_run(&x);
    uint32_t *o = calloc(nvgp_exec_num_outputs(x.m) * 4, sizeof *o);
    assert_non_null(o);
    uint32_t prim;
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 0), 1);
    nvgp_exec_get_emitted(x.m, 0, 0, 0, o, &prim);
    int32_t opos = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.position")->index;
    /* vertex 2 + vertex 1 */
    assert_int_equal(o[4 * opos + 0], lt_bits(110.0f));
    assert_int_equal(o[4 * opos + 3], lt_bits(440.0f));
    free(o);
    lt_free(&x);
}

/* NV_gpu_program5 geometry programs: INVOCATIONS, primitive.invocation. */
static void test_geometry_invocations(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVgp5.0\n"
             "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nINVOCATIONS 4;\n"
             "MOV.S result.attrib[0].x, primitive.invocation;\n"
             "MOV result.position, vertex[0].position;\n"
             "EMIT;\n"
             "END\n");
    assert_true(has_property(&x, TGSI_PROPERTY_GS_INVOCATIONS, 4));
    assert_true(has_property(&x, TGSI_PROPERTY_GS_INPUT_PRIM, 0));
    expect_semantic(&x, NVGP_LOWER_INPUT, "primitive.invocation", TGSI_FILE_SYSTEM_VALUE,
                    TGSI_SEMANTIC_INVOCATIONID, 0);
    lt_free(&x);
}

/* NV_tessellation_program5 evaluation programs: TESS_MODE/SPACING/
 * VERTEX_ORDER/POINT_MODE properties; vertex.tesscoord; a tessellation
 * level is one component of TESSOUTER/TESSINNER ("primitive.tessouter[2]"
 * is its z); per-vertex inputs of the patch are IN[m][i]; patch attributes
 * are PATCH[n]. */
static void test_tess_eval(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtep5.0\n"
             "TESS_MODE QUADS;\nTESS_SPACING FRACTIONAL_ODD;\nTESS_VERTEX_ORDER CW;\nTESS_POINT_MODE;\n"
             "TEMP t;\n"
             "MUL t, vertex.tesscoord, vertex[1].position;\n"
             "ADD t.x, t, primitive.tessouter[2];\n"
             "ADD t.y, t, primitive.tessinner[1];\n"
             "ADD t.z, t, primitive.patch.attrib[3];\n"
             "MOV result.position, t;\n"
             "END\n");
    assert_true(has_property(&x, TGSI_PROPERTY_TES_PRIM_MODE, 7)); /* PIPE_PRIM_QUADS */
    assert_true(has_property(&x, TGSI_PROPERTY_TES_SPACING, 0));   /* PIPE_TESS_SPACING_FRACTIONAL_ODD */
    assert_true(has_property(&x, TGSI_PROPERTY_TES_VERTEX_ORDER_CW, 1));
    assert_true(has_property(&x, TGSI_PROPERTY_TES_POINT_MODE, 1));
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex.tesscoord", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_TESSCOORD, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "primitive.tessouter[2]", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_TESSOUTER,
                    0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "primitive.patch.attrib[3]", TGSI_FILE_INPUT, TGSI_SEMANTIC_PATCH, 3);
    /* the levels' slots name their components; whole-register bindings -1 */
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "primitive.tessouter[2]")->component, 2);
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "primitive.tessinner[1]")->component, 1);
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.tesscoord")->component, -1);
    const nvgp_lower_slot *pv = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[1].position");
    assert_non_null(pv);
    assert_int_equal(pv->vertex, 1);
    const nvgp_lower_slot *pa = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "primitive.patch.attrib[3]");

    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 4), NVGP_EXEC_OK);
    set_sv(&x, "vertex.tesscoord", lt_bits(0.5f), lt_bits(0.25f), 0, 0);
    set_sv(&x, "primitive.tessouter[2]", lt_bits(1.0f), lt_bits(2.0f), lt_bits(3.0f), lt_bits(4.0f));
    set_sv(&x, "primitive.tessinner[1]", lt_bits(5.0f), lt_bits(6.0f), 0, 0);
    uint32_t p[4] = {lt_bits(8.0f), lt_bits(16.0f), lt_bits(1.0f), lt_bits(1.0f)};
    assert_int_equal(nvgp_exec_set_input(x.m, 0, 1, (uint32_t)pv->index, p), NVGP_EXEC_OK);
    uint32_t a[4] = {lt_bits(100.0f), lt_bits(200.0f), lt_bits(300.0f), lt_bits(400.0f)};
    assert_int_equal(nvgp_exec_set_input(x.m, 0, 0, (uint32_t)pa->index, a), NVGP_EXEC_OK);
    lt_run(&x);
    /* x: 0.5*8 + tessouter z (3); y: 0.25*16 + tessinner y (6); z: 0*1 +
     * patch attribute z (300) */
    lt_expect(&x, "result.position", 0x7, 7.0f, 10.0f, 300.0f, 0);
    lt_free(&x);
}

/* Tessellation control programs: VERTICES_OUT is the output patch size;
 * result.patch.tessouter[k] / tessinner[k] land in component k of the
 * TESSOUTER / TESSINNER outputs; result.patch.attrib[n] is PATCH[n]. */
static void test_tess_control(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtcp5.0\n"
             "VERTICES_OUT 3;\n"
             "MOV result.patch.tessouter[0], 2.0;\n"
             "MOV result.patch.tessouter[3], 5.0;\n"
             "MOV result.patch.tessinner[1], primitive.out.tessouter[3];\n"
             "MOV result.patch.attrib[2], {1, 2, 3, 4};\n"
             "END\n");
    assert_true(has_property(&x, TGSI_PROPERTY_TCS_VERTICES_OUT, 3));
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.patch.tessouter[3]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_TESSOUTER,
                    0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.patch.tessinner[1]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_TESSINNER,
                    0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.patch.attrib[2]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_PATCH, 2);
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect(&x, "result.patch.tessouter[0]", 0x9, 2.0f, 0, 0, 5.0f);
    lt_expect(&x, "result.patch.tessinner[1]", 0x2, 0, 5.0f, 0, 0);
    lt_expect(&x, "result.patch.attrib[2]", 0xf, 1, 2, 3, 4);
    lt_free(&x);
}

/* NV_compute_program5: GROUP_SIZE gives the fixed block size; localid,
 * groupid, groupcount and groupsize are system values; globalid is
 * groupid * groupsize + localid and localindex the linear index in the
 * group, computed before the first instruction. */
static void test_compute(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVcp5.0\n"
             "GROUP_SIZE 4 2;\n"
             "UINT TEMP t;\n"
             "ADD.U t, invocation.localid, invocation.groupid;\n"
             "ADD.U t, t, invocation.globalid;\n"
             "ADD.U t, t, invocation.localindex;\n"
             "ADD.U t, t, invocation.groupcount;\n"
             "ADD.U t, t, invocation.groupsize;\n"
             "END\n");
    assert_true(has_property(&x, TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH, 4));
    assert_true(has_property(&x, TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT, 2));
    assert_true(has_property(&x, TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH, 1));
    expect_semantic(&x, NVGP_LOWER_INPUT, "invocation.localid", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_THREAD_ID, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "invocation.groupid", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_BLOCK_ID, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "invocation.groupcount", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_GRID_SIZE,
                    0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "invocation.groupsize", TGSI_FILE_SYSTEM_VALUE, TGSI_SEMANTIC_BLOCK_SIZE,
                    0);
    lt_free(&x);
}

/* Tessellation levels written in a subroutine still reach TESSOUTER and
 * TESSINNER, also when the main program ends with RET: they are copied
 * where the main program ends, before END and the subroutines. */
static void test_tess_levels_in_subroutine(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtcp5.0\n"
             "VERTICES_OUT 1;\n"
             "main:\nCAL levels;\nRET;\n"
             "levels:\nMOV result.patch.tessouter[1], 3.0;\nMOV result.patch.tessinner[0], 7.0;\nRET;\n"
             "END\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 1), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect(&x, "result.patch.tessouter[1]", 0x2, 0, 3.0f, 0, 0);
    lt_expect(&x, "result.patch.tessinner[0]", 0x1, 7.0f, 0, 0, 0);
    lt_free(&x);
}

/* Tessellation control programs (NV_tessellation_program5): each
 * invocation writes the attributes of its own output patch vertex
 * (OUT[invocation][i]), reads any vertex of the input patch (vertex[m].*)
 * and of the output patch (vertex.out[m].*). */
static void test_tess_control_vertices(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtcp5.0\n"
             "VERTICES_OUT 3;\n"
             "TEMP t;\n"
             "I2F t.x, primitive.invocation;\n"
             "ADD result.position, vertex[1].position, t.x;\n"
             "MOV result.attrib[0], vertex.out[0].position;\n"
             "END\n");
    const tgsi_declaration *d = decl_named(&x, NVGP_LOWER_OUTPUT, "result.position");
    assert_true(d->dimension_unsized);
    assert_int_equal(d->semantic_name, TGSI_SEMANTIC_POSITION);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[1].position");
    assert_non_null(in);
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    uint32_t p[4] = {lt_bits(10.0f), lt_bits(20.0f), lt_bits(30.0f), lt_bits(40.0f)};
    assert_int_equal(nvgp_exec_set_input(x.m, 0, 1, (uint32_t)in->index, p), NVGP_EXEC_OK);
    lt_run(&x);
    /* thread k is output vertex k: vertex[1].position + k */
    for (uint32_t k = 0; k < 3; k++) {
        float out[4];
        lt_out(&x, "result.position", k, out);
        assert_true(out[0] == 10.0f + (float)k && out[3] == 40.0f + (float)k);
    }
    /* vertex.out[0].position as invocation 0 wrote it (the invocations
     * of a patch run together; this one reads after its own write) */
    float a0[4];
    lt_out(&x, "result.attrib[0]", 0, a0);
    assert_true(a0[0] == 10.0f && a0[1] == 20.0f);
    lt_free(&x);
}

/* Variables bound to "vertex.out.position" and "vertex.in.position" (no
 * vertex number; NV_tessellation_program5 2.X.3.2: "identifies a specific
 * attribute for each of the vertices of the output patch") are indexed by
 * the vertex: outpos[2] is what invocation 2 wrote (10 + 2, 20 + 2 from
 * vertex[1].position + 2), inpos[1] is vertex[1].position. */
static void test_tess_control_vertex_arrays(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtcp5.0\n"
             "VERTICES_OUT 3;\n"
             "ATTRIB outpos = vertex.out.position;\n"
             "ATTRIB inpos = vertex.in.position;\n"
             "TEMP t;\n"
             "I2F t.x, primitive.invocation;\n"
             "ADD result.position, vertex[1].position, t.x;\n"
             "MOV result.attrib[0], outpos[2];\n"
             "MOV result.attrib[1], inpos[1];\n"
             "END\n");
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[1].position");
    assert_non_null(in);
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    uint32_t p[4] = {lt_bits(10.0f), lt_bits(20.0f), lt_bits(30.0f), lt_bits(40.0f)};
    assert_int_equal(nvgp_exec_set_input(x.m, 0, 1, (uint32_t)in->index, p), NVGP_EXEC_OK);
    lt_run(&x);
    for (uint32_t k = 0; k < 3; k++) {
        float a[4];
        lt_out(&x, "result.attrib[0]", k, a);
        assert_true(a[0] == 12.0f && a[1] == 22.0f && a[3] == 42.0f);
        lt_out(&x, "result.attrib[1]", k, a);
        assert_true(a[0] == 10.0f && a[1] == 20.0f && a[3] == 40.0f);
    }
    lt_free(&x);
}

/* Clip distances are TGSI clip distances: result.clip[n] is component
 * n % 4 of the CLIPDIST[n / 4] output, named result.clip[n] in the map
 * with that component.  Writes go through the write mask's x (the binding
 * is scalar), also relative ones through an OUTPUT array: lane 0 has
 * i = 2 (clips[2] = a.z), lane 1 i = 5 (clips[5] = a.z replaces a.y). */
static void test_clip_distances(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nOUTPUT clips[] = { result.clip[0..5] };\nINT TEMP i;\n"
            "FLR.S i.x, a.w;\nMOV result.clip[0], a.x;\nMOV result.clip[5].x, a.y;\nMOV result.clip[2].y, a.w;\n"
            "MOV clips[i.x], a.z;\nMOV result.position, a;\nEND\n",
            2);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.clip[0]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPDIST, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.clip[2]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPDIST, 0);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.clip[5]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPDIST, 1);
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.clip[2]")->component, 2);
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.clip[5]")->component, 1);
    assert_int_equal(nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.position")->component, -1);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[1]");
    assert_non_null(in);
    static const float w[2] = {2, 5};
    for (uint32_t k = 0; k < 2; k++) {
        uint32_t v[4] = {lt_bits(1), lt_bits(-2), lt_bits(3), lt_bits(w[k])};
        assert_int_equal(nvgp_exec_set_input(x.m, k, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    assert_true(lt_out_scalar(&x, "result.clip[0]", 0) == 1);
    assert_true(lt_out_scalar(&x, "result.clip[5]", 0) == -2);
    assert_true(lt_out_scalar(&x, "result.clip[2]", 0) == 3);
    assert_true(lt_out_scalar(&x, "result.clip[0]", 1) == 1);
    assert_true(lt_out_scalar(&x, "result.clip[5]", 1) == 3);
    lt_free(&x);

    /* a geometry program reads vertex[0].clip[6]: component 2 of
     * IN[0][CLIPDIST[1]] in every swizzle slot */
    lt_lower(&x,
             "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
             "MOV result.clip[1], vertex[0].clip[6];\nMOV result.position, vertex[0].position;\nEMIT;\nEND\n");
    const nvgp_lower_slot *ci = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex[0].clip[6]");
    assert_non_null(ci);
    assert_int_equal(ci->component, 2);
    assert_int_equal(ci->vertex, 0);
    expect_semantic(&x, NVGP_LOWER_INPUT, "vertex[0].clip[6]", TGSI_FILE_INPUT, TGSI_SEMANTIC_CLIPDIST, 1);
    expect_semantic(&x, NVGP_LOWER_OUTPUT, "result.clip[1]", TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPDIST, 0);
    lt_free(&x);
}

/* The lowering must refuse src with a first error containing `what`. */
static void expect_refused(const char *src, const char *what)
{
    nvgp_diag *d = nvgp_diag_create("t", src, strlen(src));
    nv_program *p = nvgp_nv_assemble(src, strlen(src), d);
    if (!p)
        nvgp_diag_print(d, stderr);
    assert_non_null(p);
    nvgp_lower_map *map = NULL;
    assert_null(nvgp_lower_to_tgsi(p, &map, d));
    assert_null(map);
    nvgp_diag_entry e;
    assert_true(nvgp_diag_get(d, 0, &e));
    if (!strstr(e.message, what))
        nvgp_diag_print(d, stderr);
    assert_non_null(strstr(e.message, what));
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
}

/* A binding with no TGSI counterpart (NV_shader_thread_group's
 * fragment.smid) fails with a diagnostic naming it, no crash. */
static void test_unsupported_binding(void **state)
{
    (void)state;
    expect_refused("!!NVfp5.0\nOPTION NV_shader_thread_group;\nMOV.U result.color.x, fragment.smid;\nEND\n",
                   "fragment.smid");
}

/* state.thread.warpsize (NV_shader_thread_group 2.X.3.3: "the total number
 * of thread in a warp") is known to the translation: 32 lanes, the x of a
 * literal constant in the map; state.thread.smcount is left to the caller. */
static void test_thread_state_values(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_thread_group;\nINT PARAM ws = state.thread.warpsize;\n"
            "INT PARAM sm = state.thread.smcount;\n"
            "MOV.S result.attrib[0].x, ws.x;\nMOV.S result.attrib[0].y, sm.x;\nEND\n",
            1);
    const nvgp_lower_slot *w = nvgp_lower_map_find(x.map, NVGP_LOWER_CONSTANT, "state.thread.warpsize");
    assert_non_null(w);
    assert_true(w->has_value);
    assert_int_equal(w->value[0], 32);
    const nvgp_lower_slot *sm = nvgp_lower_map_find(x.map, NVGP_LOWER_CONSTANT, "state.thread.smcount");
    assert_non_null(sm);
    assert_false(sm->has_value);
    lt_param_u(&x, "state.thread.smcount", 7, 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "result.attrib[0]", 3, 32, 7, 0, 0);
    lt_free(&x);
}

/* program.storagelen[a] (NV_shader_storage_buffer_object): "If the
 * program is an assembly program ... the x component will hold the integer
 * value zero": a literal in the map, not a value the caller must give. */
static void test_storagelen_is_zero(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\nINT PARAM len = program.storagelen[1];\n"
            "MOV.S result.attrib[0].x, len.x;\nEND\n",
            1);
    const nvgp_lower_slot *l = nvgp_lower_map_find(x.map, NVGP_LOWER_CONSTANT, "program.storagelen[1]");
    assert_non_null(l);
    assert_true(l->has_value);
    assert_int_equal(l->value[0], 0);
    lt_run(&x);
    lt_expect_u(&x, "result.attrib[0]", 1, 0, 0, 0, 0);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertex_inputs),
        cmocka_unit_test(test_fragment_interpolation),
        cmocka_unit_test(test_fragment_system_values),
        cmocka_unit_test(test_dual_source_results),
        cmocka_unit_test(test_relative_arrays),
        cmocka_unit_test(test_parameters),
        cmocka_unit_test(test_typed_param_literals),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_geometry_relative_vertex),
        cmocka_unit_test(test_geometry_invocations),
        cmocka_unit_test(test_tess_eval),
        cmocka_unit_test(test_tess_control),
        cmocka_unit_test(test_tess_control_vertices),
        cmocka_unit_test(test_tess_control_vertex_arrays),
        cmocka_unit_test(test_clip_distances),
        cmocka_unit_test(test_tess_levels_in_subroutine),
        cmocka_unit_test(test_compute),
        cmocka_unit_test(test_unsupported_binding),
        cmocka_unit_test(test_thread_state_values),
        cmocka_unit_test(test_storagelen_is_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
