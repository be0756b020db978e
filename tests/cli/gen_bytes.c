/* Test helper: writes COUNT pseudo-random bytes (xorshift32 from SEED) to
 * stdout, so binary-garbage inputs are the same on every run and machine.
 * With ALPHABET, each byte is instead one character of it (text soup that
 * gets further into a parser than raw bytes do).
 *
 *   gen_bytes SEED COUNT [ALPHABET] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fputs("usage: gen_bytes SEED COUNT [ALPHABET]\n", stderr);
        return 2;
    }
    uint32_t x = (uint32_t)strtoul(argv[1], NULL, 0);
    if (x == 0)
        x = 0x9e3779b9u;
    unsigned long count = strtoul(argv[2], NULL, 0);
    const char *alphabet = argc == 4 ? argv[3] : NULL;
    size_t alphabet_len = alphabet ? strlen(alphabet) : 0;
    if (alphabet && alphabet_len == 0)
        return 2;
    /* Small seeds give small first values (a run of NUL bytes); skip them. */
    for (int i = 0; i < 16; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    for (unsigned long i = 0; i < count; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        if (alphabet)
            putchar(alphabet[x % alphabet_len]);
        else
            putchar((int)(x >> 24));
    }
    return ferror(stdout) ? 1 : 0;
}
