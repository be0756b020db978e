/* Decoding a TGSI program once into the executor's form: register files
 * sized from declarations and uses, operands resolved to a location and an
 * offset, source modifiers typed from the opcode table, and every block
 * opener, closer, BRK, CONT and CAL given its jump target. */
#include "exec/exec_decode.h"
#include "tgsi/tgsi_check.h"

#include <stdio.h>
#include <stdlib.h>

static bool is_warp_file(unsigned f)
{
    return f == TGSI_FILE_TEMPORARY || f == TGSI_FILE_OUTPUT || f == TGSI_FILE_INPUT ||
           f == TGSI_FILE_SYSTEM_VALUE || f == TGSI_FILE_ADDRESS;
}

static void bump(uint32_t *v, int64_t n)
{
    if (n > 0 && n <= (1 << 20) && (uint32_t)n > *v)
        *v = (uint32_t)n;
}

static bool decl_err(nvgp_diag *diag, uint32_t off, const char *msg, nvgp_exec *m)
{
    snprintf(m->error, sizeof m->error, "%s", msg);
    if (diag)
        nvgp_diag_error(diag, off, "%s", msg);
    return false;
}

static exec_modkind mod_of(tgsi_type t)
{
    switch (t) {
    case TGSI_TYPE_INT:
    case TGSI_TYPE_UINT:
        return EXEC_MOD_INT;
    case TGSI_TYPE_DOUBLE:
    case TGSI_TYPE_INT64:
    case TGSI_TYPE_UINT64:
        return EXEC_MOD_RAW64;
    default:
        return EXEC_MOD_FLOAT;
    }
}

static void decode_reg(nvgp_exec *m, const tgsi_register *r, exec_operand *o)
{
    o->file = r->file;
    o->index = r->index;
    o->dim = r->dimension ? r->dim_index : 0;
    o->ind = r->indirect;
    o->ind_file = r->ind.file;
    o->ind_swz = r->ind.swizzle & 3;
    o->ind_index = r->ind.index;
    o->dim_ind = r->dim_indirect;
    o->dind_file = r->dim_ind.file;
    o->dind_swz = r->dim_ind.swizzle & 3;
    o->dind_index = r->dim_ind.index;
    o->loc = EXEC_LOC_INDIRECT;
    if (r->indirect || r->dim_indirect)
        return;
    if (is_warp_file(r->file)) {
        if (r->index < 0 || o->dim < 0)
            return;
        uint32_t idx = (uint32_t)r->index, dim = (uint32_t)o->dim;
        if (r->file == TGSI_FILE_INPUT) {
            if (idx >= m->num_inputs || dim >= 4096)
                return;
            if (dim + 1 > m->in_dim_used)
                m->in_dim_used = dim + 1;
            o->offset = dim * m->num_inputs + idx;
        } else if (r->file == TGSI_FILE_OUTPUT) {
            if (idx >= m->num_outputs || dim >= m->out_vertices)
                return;
            o->offset = dim * m->num_outputs + idx;
        } else {
            if (dim != 0 || idx >= m->file_size[r->file])
                return;
            o->offset = idx;
        }
        o->loc = EXEC_LOC_WARP;
    } else if (r->file == TGSI_FILE_IMMEDIATE) {
        if (r->index >= 0 && (uint32_t)r->index < m->num_imms) {
            o->loc = EXEC_LOC_UNIFORM;
            o->offset = (uint32_t)r->index;
        }
    } else if (r->file == TGSI_FILE_CONSTANT) {
        uint32_t b = (uint32_t)o->dim;
        if (o->dim >= 0 && b < m->num_const_buffers && r->index >= 0 &&
            (uint32_t)r->index < m->const_decl_last[b]) {
            o->loc = EXEC_LOC_UNIFORM;
            o->offset = m->const_ureg_base[b] + (uint32_t)r->index;
        }
    } else {
        o->loc = EXEC_LOC_NONE; /* resources, samplers, NULL */
    }
}

/* Sizes of files, system values, constants and properties. */
static bool scan_declarations(nvgp_exec *m, nvgp_diag *diag)
{
    const tgsi_program *p = m->prog;
    uint32_t sizes[TGSI_FILE_COUNT] = {0};
    uint32_t const_last[TGSI_MAX_CONST_BUFFERS] = {0};
    uint32_t nconst = 0, nmem = 0, nsv = 0;
    bool in_2d = false, out_2d = false;

    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file >= TGSI_FILE_COUNT || d->first < 0 || d->last < d->first)
            return decl_err(diag, d->source_offset, "declaration with a bad range", m);
        bump(&sizes[d->file], (int64_t)d->last + 1);
        if (d->file == TGSI_FILE_CONSTANT) {
            uint32_t b = d->has_dimension && d->dimension > 0 ? (uint32_t)d->dimension : 0;
            if (b >= TGSI_MAX_CONST_BUFFERS)
                return decl_err(diag, d->source_offset, "constant buffer index above 63", m);
            bump(&const_last[b], (int64_t)d->last + 1);
            if (b + 1 > nconst)
                nconst = b + 1;
        }
        if (d->file == TGSI_FILE_MEMORY)
            bump(&nmem, (int64_t)d->last + 1);
        if (d->file == TGSI_FILE_SYSTEM_VALUE)
            nsv += (uint32_t)(d->last - d->first + 1);
        if (d->file == TGSI_FILE_INPUT && (d->has_dimension || d->dimension_unsized))
            in_2d = true;
        if (d->file == TGSI_FILE_OUTPUT && (d->has_dimension || d->dimension_unsized))
            out_2d = true;
    }
    /* Registers used without declarations (older programs) still get room. */
    for (uint32_t i = 0; i < p->num_instructions; i++) {
        const tgsi_instruction *in = &p->instructions[i];
        for (unsigned k = 0; k < in->num_dst && k < TGSI_MAX_DST; k++)
            if (in->dst[k].reg.file < TGSI_FILE_COUNT && is_warp_file(in->dst[k].reg.file) &&
                !in->dst[k].reg.indirect)
                bump(&sizes[in->dst[k].reg.file], (int64_t)in->dst[k].reg.index + 1);
        for (unsigned k = 0; k < in->num_src && k < TGSI_MAX_SRC; k++) {
            const tgsi_register *r = &in->src[k].reg;
            if (r->file < TGSI_FILE_COUNT && is_warp_file(r->file) && !r->indirect)
                bump(&sizes[r->file], (int64_t)r->index + 1);
            if (r->indirect && r->ind.file < TGSI_FILE_COUNT && is_warp_file(r->ind.file))
                bump(&sizes[r->ind.file], (int64_t)r->ind.index + 1);
        }
    }
    /* Every warp holds these files: refuse sizes no real program has. */
    static const uint8_t warp_files[] = { TGSI_FILE_TEMPORARY, TGSI_FILE_OUTPUT, TGSI_FILE_INPUT,
                                          TGSI_FILE_SYSTEM_VALUE, TGSI_FILE_ADDRESS };
    for (unsigned i = 0; i < sizeof warp_files; i++)
        if (sizes[warp_files[i]] > 65536)
            return decl_err(diag, 0, "register file larger than 65536 registers", m);
    m->num_temps = sizes[TGSI_FILE_TEMPORARY];
    m->num_outputs = sizes[TGSI_FILE_OUTPUT];
    m->num_inputs = sizes[TGSI_FILE_INPUT];
    m->num_svs = sizes[TGSI_FILE_SYSTEM_VALUE];
    m->num_addrs = sizes[TGSI_FILE_ADDRESS];
    m->num_imms = p->num_immediates;
    m->num_mem = nmem;
    m->out_2d = out_2d && p->processor == TGSI_PROCESSOR_TESS_CTRL;
    (void)in_2d;

    m->num_const_buffers = nconst ? nconst : 1;
    m->const_decl_last = nvgp_arena_alloc(&m->arena, sizeof(uint32_t) * m->num_const_buffers);
    m->const_ureg_base = nvgp_arena_alloc(&m->arena, sizeof(uint32_t) * m->num_const_buffers);
    m->mem_type = nvgp_arena_alloc(&m->arena, nmem + 1);
    m->num_sviews = sizes[TGSI_FILE_SAMPLER_VIEW];
    m->num_samplers = sizes[TGSI_FILE_SAMPLER];
    m->sview_target = nvgp_arena_alloc(&m->arena, m->num_sviews + 1);
    if (!m->sview_target)
        return decl_err(diag, 0, "out of memory", m);
    m->svs = nvgp_arena_alloc(&m->arena, sizeof(exec_sv_decl) * (nsv + 1));
    if (!m->const_decl_last || !m->const_ureg_base || !m->mem_type || !m->svs)
        return decl_err(diag, 0, "out of memory", m);
    /* Directly indexed constants are expanded to uniform registers (512
     * bytes each) while they fit EXEC_MAX_UNIFORM_CONSTS in all; the
     * buffers past that are read lane by lane from the constants as set, so
     * 64 declared buffers of 65,536 registers cost what the job sets, not
     * 2 GiB. */
    uint32_t u = m->num_imms, uniform_consts = 0;
    for (uint32_t b = 0; b < m->num_const_buffers; b++) {
        uint32_t n = const_last[b];
        if (n > EXEC_MAX_UNIFORM_CONSTS - uniform_consts)
            n = 0;
        uniform_consts += n;
        m->const_decl_last[b] = n;
        m->const_ureg_base[b] = u;
        u += n;
    }
    m->num_uregs = u;

    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file == TGSI_FILE_MEMORY)
            for (int32_t k = d->first; k <= d->last; k++)
                m->mem_type[k] = d->memory_type;
        if (d->file == TGSI_FILE_SAMPLER_VIEW)
            for (int32_t k = d->first; k <= d->last; k++)
                m->sview_target[k] = d->sview_target;
        if (d->file == TGSI_FILE_SYSTEM_VALUE)
            for (int32_t k = d->first; k <= d->last; k++) {
                exec_sv_decl *s = &m->svs[m->num_sv_decls++];
                s->index = (uint32_t)k;
                s->semantic = d->has_semantic ? d->semantic_name : TGSI_SEMANTIC_COUNT;
                s->semantic_index = d->semantic_index + (uint32_t)(k - d->first);
            }
    }

    m->gs_invocations = 1;
    m->tcs_vertices_out = 1;
    m->block[0] = m->block[1] = m->block[2] = 1;
    for (uint32_t i = 0; i < p->num_properties; i++) {
        const tgsi_property_decl *pr = &p->properties[i];
        uint32_t v = pr->num_data ? pr->data[0] : 0;
        switch (pr->name) {
        case TGSI_PROPERTY_LEGACY_MATH_RULES:
        case TGSI_PROPERTY_MUL_ZERO_WINS:
            m->legacy_math = v != 0;
            break;
        case TGSI_PROPERTY_GS_INVOCATIONS:
            m->gs_invocations = v ? v : 1;
            break;
        case TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES:
            m->gs_max_vertices = v;
            break;
        case TGSI_PROPERTY_TCS_VERTICES_OUT:
            m->tcs_vertices_out = v ? v : 1;
            break;
        case TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH:
            m->block[0] = v ? v : 1;
            break;
        case TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT:
            m->block[1] = v ? v : 1;
            break;
        case TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH:
            m->block[2] = v ? v : 1;
            break;
        default:
            break;
        }
    }
    m->out_vertices = m->out_2d ? m->tcs_vertices_out : 1;
    m->file_size[TGSI_FILE_TEMPORARY] = m->num_temps;
    m->file_size[TGSI_FILE_OUTPUT] = m->num_outputs * m->out_vertices;
    m->file_size[TGSI_FILE_SYSTEM_VALUE] = m->num_svs;
    m->file_size[TGSI_FILE_ADDRESS] = m->num_addrs;
    /* IN's size depends on the vertices per invocation: set at run time. */
    return true;
}

typedef struct block_ent {
    uint16_t op;
    uint32_t idx;
} block_ent;

static bool prog_err(nvgp_exec *m, nvgp_diag *diag, const tgsi_instruction *ti,
                     const char *msg)
{
    snprintf(m->error, sizeof m->error, "%s (%s)", msg,
             nvgp_tgsi_opcode_info(ti->opcode)->name);
    if (diag)
        nvgp_diag_error(diag, ti->source_offset, "%s", m->error);
    return false;
}

/* Is BRA i's target in the same block part (nvgp_tgsi_block_parts)?  The
 * parts are worked out at the first BRA and kept in *part. */
static bool bra_stays_in_part(const tgsi_program *p, uint32_t **part, uint32_t i, uint32_t target)
{
    if (!*part) {
        *part = malloc(((size_t)p->num_instructions + 1) * sizeof **part);
        if (!*part || !nvgp_tgsi_block_parts(p, *part))
            return false;
    }
    return (*part)[target] != TGSI_PART_BOUNDARY && (*part)[target] == (*part)[i];
}

static bool match_blocks(nvgp_exec *m, nvgp_diag *diag)
{
    const tgsi_program *p = m->prog;
    uint32_t n = m->num_code;
    block_ent *st = malloc(sizeof *st * (n + 1));
    uint32_t *owner = malloc(sizeof *owner * (n + 1));
    if (!st || !owner) {
        free(st);
        free(owner);
        return decl_err(diag, 0, "out of memory", m);
    }
    uint32_t sp = 0, *part = NULL;
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
        exec_insn *c = &m->code[i];
        const tgsi_instruction *ti = &p->instructions[i];
        owner[i] = UINT32_MAX;
        switch (c->op) {
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF:
        case TGSI_OPCODE_BGNLOOP:
        case TGSI_OPCODE_SWITCH:
        case TGSI_OPCODE_BGNSUB:
            if (sp >= EXEC_MAX_STACK) {
                ok = prog_err(m, diag, ti, "blocks nested too deeply");
                break;
            }
            st[sp++] = (block_ent){ c->op, i };
            break;
        case TGSI_OPCODE_ELSE:
            if (!sp || (st[sp - 1].op != TGSI_OPCODE_IF && st[sp - 1].op != TGSI_OPCODE_UIF)) {
                ok = prog_err(m, diag, ti, "ELSE without IF");
                break;
            }
            m->code[st[sp - 1].idx].target = i;
            st[sp - 1] = (block_ent){ c->op, i };
            break;
        case TGSI_OPCODE_ENDIF:
            if (!sp || (st[sp - 1].op != TGSI_OPCODE_IF && st[sp - 1].op != TGSI_OPCODE_UIF &&
                        st[sp - 1].op != TGSI_OPCODE_ELSE)) {
                ok = prog_err(m, diag, ti, "ENDIF without IF");
                break;
            }
            m->code[st[--sp].idx].target = i;
            break;
        case TGSI_OPCODE_ENDLOOP:
            if (!sp || st[sp - 1].op != TGSI_OPCODE_BGNLOOP) {
                ok = prog_err(m, diag, ti, "ENDLOOP without BGNLOOP");
                break;
            }
            m->code[st[sp - 1].idx].target = i;
            c->target = st[--sp].idx;
            break;
        case TGSI_OPCODE_ENDSWITCH:
            if (!sp || st[sp - 1].op != TGSI_OPCODE_SWITCH) {
                ok = prog_err(m, diag, ti, "ENDSWITCH without SWITCH");
                break;
            }
            m->code[st[--sp].idx].target = i;
            break;
        case TGSI_OPCODE_ENDSUB:
            if (!sp || st[sp - 1].op != TGSI_OPCODE_BGNSUB) {
                ok = prog_err(m, diag, ti, "ENDSUB without BGNSUB");
                break;
            }
            sp--;
            break;
        case TGSI_OPCODE_CASE:
        case TGSI_OPCODE_DEFAULT:
            if (!sp || st[sp - 1].op != TGSI_OPCODE_SWITCH) {
                ok = prog_err(m, diag, ti, "CASE or DEFAULT outside SWITCH");
                break;
            }
            owner[i] = st[sp - 1].idx;
            m->code[st[sp - 1].idx].num_cases++;
            break;
        case TGSI_OPCODE_BRK:
        case TGSI_OPCODE_CONT:
        case TGSI_OPCODE_BREAKC: {
            uint32_t k = sp;
            while (k > 0) {
                uint16_t o = st[k - 1].op;
                if (o == TGSI_OPCODE_BGNLOOP ||
                    (o == TGSI_OPCODE_SWITCH && c->op != TGSI_OPCODE_CONT) ||
                    o == TGSI_OPCODE_BGNSUB)
                    break;
                k--;
            }
            if (!k || st[k - 1].op == TGSI_OPCODE_BGNSUB) {
                ok = prog_err(m, diag, ti, "BRK or CONT outside a loop");
                break;
            }
            owner[i] = st[k - 1].idx;
            c->brk_switch = st[k - 1].op == TGSI_OPCODE_SWITCH;
            break;
        }
        default:
            break;
        }
    }
    if (ok && sp)
        ok = prog_err(m, diag, &p->instructions[st[sp - 1].idx], "block is never closed");
    if (ok) {
        /* CASE lists: counts -> offsets -> fill. */
        uint32_t total = 0;
        for (uint32_t i = 0; i < n; i++)
            if (m->code[i].op == TGSI_OPCODE_SWITCH) {
                m->code[i].aux = total;
                total += m->code[i].num_cases;
                m->code[i].num_cases = 0;
            }
        m->case_lists = nvgp_arena_alloc(&m->arena, sizeof(uint32_t) * (total + 1));
        if (!m->case_lists)
            ok = decl_err(diag, 0, "out of memory", m);
        for (uint32_t i = 0; ok && i < n; i++) {
            exec_insn *c = &m->code[i];
            if (owner[i] == UINT32_MAX)
                continue;
            exec_insn *o = &m->code[owner[i]];
            if (c->op == TGSI_OPCODE_CASE || c->op == TGSI_OPCODE_DEFAULT)
                m->case_lists[o->aux + o->num_cases++] = i;
            else
                c->target = o->target; /* ENDLOOP / ENDSWITCH */
        }
        for (uint32_t i = 0; ok && i < n; i++) {
            exec_insn *c = &m->code[i];
            const tgsi_instruction *ti = &p->instructions[i];
            if (c->op == TGSI_OPCODE_CAL || c->op == TGSI_OPCODE_CALLNZ) {
                if (!ti->has_label || ti->label >= n) {
                    ok = prog_err(m, diag, ti, "CAL without a valid label");
                    break;
                }
                c->target = ti->label;
                if (m->code[c->target].op == TGSI_OPCODE_BGNSUB)
                    c->target++;
            }
            if (c->op == TGSI_OPCODE_BRA) {
                /* the checker keeps a BRA within its block part (tgsi_check.h) */
                if (!ti->has_label || ti->label >= n || !bra_stays_in_part(p, &part, i, ti->label)) {
                    ok = prog_err(m, diag, ti, "BRA leaves its block part");
                    break;
                }
                c->target = ti->label;
            }
        }
    }
    free(st);
    free(owner);
    free(part);
    return ok;
}

/* Does an interpolation opcode's source name a CONSTANT (flat)
 * interpolated input?  Such a value is the same everywhere on the
 * primitive, so where it is evaluated does not matter.  (An indirectly
 * indexed input is taken as interpolated.) */
/* An interpolation opcode's input: EXEC_INTERP_FLAT when declared
 * CONSTANT, EXEC_INTERP_CENTROID when taken at the centroid. */
static uint32_t input_is_flat(const tgsi_program *p, const exec_operand *o)
{
    if (o->file != TGSI_FILE_INPUT || o->ind)
        return 0;
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file == TGSI_FILE_INPUT && o->index >= d->first && o->index <= d->last) {
            if (!d->has_interpolate)
                return 0;
            return (d->interpolate == TGSI_INTERPOLATE_CONSTANT ? EXEC_INTERP_FLAT : 0) |
                   (d->interpolate_location == TGSI_INTERPOLATE_LOC_CENTROID
                        ? EXEC_INTERP_CENTROID : 0);
        }
    }
    return 0;
}

bool exec_decode(nvgp_exec *m, nvgp_diag *diag)
{
    const tgsi_program *p = m->prog;
    if (!scan_declarations(m, diag))
        return false;
    m->num_code = p->num_instructions;
    m->code = nvgp_arena_alloc(&m->arena, sizeof(exec_insn) * (m->num_code + 1));
    if (!m->code)
        return decl_err(diag, 0, "out of memory", m);
    for (uint32_t i = 0; i < m->num_code; i++) {
        const tgsi_instruction *ti = &p->instructions[i];
        exec_insn *c = &m->code[i];
        const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(ti->opcode);
        if (!info)
            return prog_err(m, diag, ti, "unknown opcode");
        c->op = ti->opcode;
        c->num_dst = info->num_dst;
        /* The operand-less EMIT/ENDPRIM of older Mesa has no source to
         * decode: num_src 0 means stream 0 (see exec_op_EMIT). */
        c->num_src = (info->flags & TGSI_OPF_NOSRC_OLD) && ti->num_src == 0 ? 0 : info->num_src;
        c->saturate = ti->saturate;
        c->sat_float = ti->saturate && (info->dst_type == TGSI_TYPE_FLOAT ||
                                         info->dst_type == TGSI_TYPE_UNTYPED);
        c->texture = ti->texture;
        c->return_type = ti->return_type;
        c->num_offsets = ti->num_offsets;
        c->source_offset = ti->source_offset;
        /* Block structure and group synchronisation must be followed even
         * by a warp whose mask is empty, or its stacks would not balance. */
        c->always = (info->flags & (TGSI_OPF_OPEN | TGSI_OPF_CLOSE)) != 0 ||
                    c->op == TGSI_OPCODE_SWITCH || c->op == TGSI_OPCODE_CASE ||
                    c->op == TGSI_OPCODE_DEFAULT || c->op == TGSI_OPCODE_ENDSWITCH ||
                    c->op == TGSI_OPCODE_RET || c->op == TGSI_OPCODE_END ||
                    c->op == TGSI_OPCODE_BARRIER;
        for (unsigned k = 0; k < ti->num_offsets && k < 4; k++) {
            const tgsi_tex_offset *to = &ti->offsets[k];
            if (to->file != TGSI_FILE_IMMEDIATE) {
                /* tgsi.rst lets texel offsets be registers (TEMP, CONST,
                 * ...): read per lane when the instruction runs */
                if (!c->offset_ops) {
                    c->offset_ops = nvgp_arena_alloc(&m->arena, sizeof(exec_operand) * 4);
                    if (!c->offset_ops)
                        return decl_err(diag, 0, "out of memory", m);
                    memset(c->offset_ops, 0, sizeof(exec_operand) * 4);
                }
                tgsi_register reg;
                memset(&reg, 0, sizeof reg);
                reg.file = to->file;
                reg.index = to->index;
                exec_operand *o = &c->offset_ops[k];
                decode_reg(m, &reg, o);
                for (unsigned j = 0; j < 3; j++)
                    o->swz[j] = to->swizzle[j] & 3;
                o->swz[3] = 3;
                o->mod = EXEC_MOD_INT;
                c->offset_regs |= (uint8_t)(1u << k);
                continue;
            }
            for (unsigned j = 0; j < 3; j++) {
                int32_t v = 0;
                if (to->index >= 0 && (uint32_t)to->index < p->num_immediates)
                    v = (int32_t)p->immediates[to->index].value[to->swizzle[j] & 3];
                c->offsets[k][j] = v;
            }
        }
        for (unsigned k = 0; k < info->num_dst; k++) {
            decode_reg(m, &ti->dst[k].reg, &c->dst[k]);
            c->dst[k].writemask = ti->dst[k].writemask;
            c->dst[k].mod = mod_of((tgsi_type)info->dst_type);
            for (unsigned j = 0; j < 4; j++)
                c->dst[k].swz[j] = (uint8_t)j;
        }
        for (unsigned k = 0; k < c->num_src; k++) {
            const tgsi_src *s = &ti->src[k];
            decode_reg(m, &s->reg, &c->src[k]);
            for (unsigned j = 0; j < 4; j++)
                c->src[k].swz[j] = s->swizzle[j] & 3;
            c->src[k].neg = s->negate;
            c->src[k].abs = s->absolute;
            c->src[k].mod = mod_of((tgsi_type)info->src_type[k]);
        }
        if (c->op == TGSI_OPCODE_INTERP_CENTROID || c->op == TGSI_OPCODE_INTERP_SAMPLE ||
            c->op == TGSI_OPCODE_INTERP_OFFSET)
            c->aux = input_is_flat(p, &c->src[0]);
        /* In-place computation needs a direct destination that no source
         * reads (directly, or maybe through an indirect index). */
        c->dst_direct = info->num_dst == 1 && c->dst[0].loc == EXEC_LOC_WARP && !c->sat_float;
        /* tess-control outputs are shared by a patch: stores go through
         * exec_store, which copies them to the patch's lanes */
        if (c->dst[0].file == TGSI_FILE_OUTPUT && p->processor == TGSI_PROCESSOR_TESS_CTRL)
            c->dst_direct = 0;
        for (unsigned k = 0; k < c->num_src && c->dst_direct; k++) {
            const exec_operand *o = &c->src[k];
            if (o->file == c->dst[0].file &&
                (o->loc != EXEC_LOC_WARP || o->offset == c->dst[0].offset))
                c->dst_direct = 0;
        }
    }
    m->out_written = calloc(m->num_outputs + 1, sizeof(bool));
    m->out_patch = calloc(m->num_outputs + 1, sizeof(bool));
    if (!m->out_written || !m->out_patch)
        return decl_err(diag, 0, "out of memory", m);
    for (uint32_t i = 0; m->out_2d && i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file == TGSI_FILE_OUTPUT && !d->has_dimension && !d->dimension_unsized)
            for (int32_t k = d->first; k <= d->last && (uint32_t)k < m->num_outputs; k++)
                m->out_patch[k] = true;
    }
    for (uint32_t i = 0; i < m->num_code; i++)
        for (unsigned k = 0; k < m->code[i].num_dst; k++) {
            const exec_operand *o = &m->code[i].dst[k];
            if (o->file != TGSI_FILE_OUTPUT)
                continue;
            for (uint32_t j = 0; j < m->num_outputs; j++)
                if (o->ind || o->index == (int32_t)j)
                    m->out_written[j] = true;
        }
    return match_blocks(m, diag);
}
