!!NVcp5.0
GROUP_SIZE 1;
STORAGE s = program.storage[0];
END
