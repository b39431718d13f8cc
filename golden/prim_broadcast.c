/*
 * prim_broadcast.c - fan-out (broadcast, SAM-SEMANTICS 2.7): every output
 * edge gets an exact copy of the input stream.  The node's single output
 * port holds all its edges.  Cycle rule: one token per cycle, sent only when
 * every output has room.  The firing rules are golden/prim_map.h (a copy).
 */
#include "golden/prim_map.h"

MAP_DEFINE(broadcast, MAP_COPY)

void sg_prim_broadcast_init(sg_pnode *n)
{
    broadcast_setup(n, NULL);
}
