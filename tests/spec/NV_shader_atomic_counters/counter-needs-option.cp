!!NVcp5.0
GROUP_SIZE 1;
COUNTER c = program.counter[0][1];
END
