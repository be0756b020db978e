!!NVcp5.0
GROUP_SIZE 1;
PARAM len = program.storagelen[1];
END
