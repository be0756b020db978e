!!NVfp5.0
OPTION NV_shader_thread_group;
# How the pipeline groups fragments into warps of 32 threads and quads of 4.
#  red:   one level per warp: the TGBALLOT of a pseudo-random bit of each
#         fragment's position, read as a fraction (the same in all 32 lanes)
#  green: the thread id of fragment 0 of this quad (QSWZ0 adds it to 0 in
#         all four fragments), so each quad is a 2x2 block of one shade
#  blue:  the share of the warp's threads inside a circle (TGBALLOT, BTC):
#         full inside, none outside, part way where a warp straddles the edge
UINT TEMP id, ballot, n;
TEMP c, q, d;
MOV.U id.x, fragment.threadid.x;
I2F.U c.x, id.x;
MUL c.x, c.x, 0.03125;
QSWZ0 q.x, c.x, 0;
DP2 c.w, fragment.position, {12.9898, 78.233};
SIN c.w, c.w;
MUL c.w, c.w, 43758.5453;
FRC c.w, c.w;
SGT c.w, c.w, 0.5;
TRUNC.U n.x, c.w;
TGBALLOT.U ballot.x, n.x;
I2F.U c.y, ballot.x;
MUL c.y, c.y, 0.00000000023283064365386963;
SUB d.xy, fragment.texcoord[0], 0.5;
DP2 d.x, d, d;
SLT c.w, d.x, 0.1;
TRUNC.U n.x, c.w;
TGBALLOT.U ballot.x, n.x;
BTC.U n.y, ballot.x;
I2F.U c.z, n.y;
MUL c.z, c.z, 0.03125;
MOV result.color, {0, 0, 0, 1};
MOV result.color.x, c.y;
MOV result.color.y, q.x;
MOV result.color.z, c.z;
END
