/*
 * prim_repsiggen.c - repeat signal generator (repsiggen, SAM-SEMANTICS 2.6).
 *
 * Token by token: a coordinate or N gives R, any stop gives S, D gives D.
 * Cycle rule: one token per cycle.  The firing rules are golden/prim_map.h.
 */
#include "golden/prim_map.h"

MAP_DEFINE(repsiggen, MAP_REPSIG)

void sg_prim_repsiggen_init(sg_pnode *n)
{
    repsiggen_setup(n, NULL);
}
