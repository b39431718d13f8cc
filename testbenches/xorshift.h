/*
 * xorshift.h - the random step of the testbench case generators (tb_gen.c,
 * skip_gen.c): xorshift64 on a state the caller owns.
 */
#ifndef SG_TB_XORSHIFT_H
#define SG_TB_XORSHIFT_H

#include <stdint.h>

/* Advance *s (nonzero) and return the new state. */
static inline uint64_t sg_xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#endif
