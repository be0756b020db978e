!!NVcp5.0
GROUP_SIZE 1;
CBUFFER cb[] = { program.buffer[2..1] };
END
