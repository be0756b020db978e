/* Test helper: writes COUNT pseudo-random bytes (xorshift32 from SEED) to
 * stdout, so binary-garbage inputs are the same on every run and machine.
 *
 *   gen_bytes SEED COUNT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: gen_bytes SEED COUNT\n", stderr);
        return 2;
    }
    uint32_t x = (uint32_t)strtoul(argv[1], NULL, 0);
    if (x == 0)
        x = 0x9e3779b9u;
    unsigned long count = strtoul(argv[2], NULL, 0);
    for (unsigned long i = 0; i < count; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        putchar((int)(x >> 24));
    }
    return ferror(stdout) ? 1 : 0;
}
