!!NVfp4.0
BUFFER a[] = { program.buffer[1] };
BUFFER4 b[] = { program.buffer[2] };
MOV result.color, b[3];
END
