!!NVfp5.0
OPTION NV_shader_thread_group;
# red: this fragment's thread id mod 4, / 4; green: fragment 1's (QSWZ1);
# blue: fragment 3's (QSWZ3)
UINT TEMP id;
TEMP c;
MOV.U id.x, fragment.threadid.x;
AND.U id.x, id.x, 3;
I2F.U c.x, id.x;
MUL c.x, c.x, 0.25;
QSWZ1 c.y, c.x, 0;
QSWZ3 c.z, c.x, 0;
MOV c.w, 1;
MOV result.color, c;
END
