/* The bits of a float or double as an integer and back (register words
 * hold floats as their bits), in one place for every module. */
#ifndef NVGP_BASE_BITS_H
#define NVGP_BASE_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t f2u_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float u2f_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t d2u_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static inline double u2d_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}

#endif
