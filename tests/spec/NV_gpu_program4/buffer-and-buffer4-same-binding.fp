!!NVfp4.0
BUFFER a[] = { program.buffer[1] };
BUFFER4 b[] = { program.buffer[1] };
END
