/* User clip planes under a vertex program (ARB_vertex_program 2.11 and
 * 2.14.4.5.1): a position-invariant program's vertices are clipped by the
 * enabled client clip planes as fixed function clips them, against the
 * eye-space position MV * v; programs that are not position-invariant see
 * the planes as disabled, and clip by the distances they write
 * (result.clip[n], o[CLPn]) instead. */
#include "pipeline/pipe_internal.h"

#include <string.h>

void pipe_clip_invariant_distances(const nvgp_pipe_state *s, const pipe_program *vp,
                                   const nvgp_pipe_vertices *v, pipe_vertex *out)
{
    /* a CLIPDIST register the program writes keeps its distances */
    bool written[2] = {false, false};
    for (uint32_t n = 0; n < vp->num_outputs; n++) {
        const pipe_io *io = &vp->outputs[n];
        if (io->semantic == TGSI_SEMANTIC_CLIPDIST && io->semantic_index < 2 &&
            pipe_machine_written(vp->machine, io->index))
            written[io->semantic_index] = true;
    }
    for (uint32_t i = 0; i < v->count; i++) {
        const float *pos = v->attrib[NVGP_PIPE_ATTR_POSITION]
                               ? v->attrib[NVGP_PIPE_ATTR_POSITION] + 4 * (size_t)i
                               : s->current[NVGP_PIPE_ATTR_POSITION];
        float eye[4];
        pipe_mat_vec(eye, s->modelview, pos);
        for (int c = 0; c < NVGP_PIPE_CLIP_PLANES; c++) {
            if (written[c / 4])
                continue;
            const float *pl = s->clip_plane[c];
            out[i].v[VARY_CLIPDIST0 + c / 4][c % 4] =
                pl[0] * eye[0] + pl[1] * eye[1] + pl[2] * eye[2] + pl[3] * eye[3];
        }
    }
}
