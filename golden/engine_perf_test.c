/*
 * engine_perf_test.c - the engines' observable behaviour is pinned: cycle
 * counts, token counts, a hash of every edge's whole token stream, the
 * summed peak FIFO occupancy and a hash of the output tensor, on fixed
 * seeded inputs, for the functional engine and the cycle engine (unbounded
 * FIFOs, depth-2 FIFOs, skipping with CAM size 4).
 *
 * The expected figures were recorded from the straightforward engines
 * (one firing per node per cycle, every node stepped every cycle) before
 * the engines were optimised, so any change of semantics in an
 * optimisation (event-driven scheduling, batching, queue layout) shows up
 * here as a changed cycle count, token count or stream hash.  The skipping
 * rows (cfg 3) were re-recorded when the skipping scanner became the RTL's
 * register model stepped with its intersect (golden/skip_core.c): the
 * streams into a skipping intersect lose other coordinates, and those
 * edges hold nothing (the pair has no buffer between them); and again
 * when the scanner's CAM lookup was split over two cycles (the jump lands
 * one coordinate later).  All rows were re-recorded when a scanner's next
 * fiber began to open in the cycle of the current fiber's closing stop
 * (golden/prim_scan.h), and when an order-1 spacc began to emit a row
 * before taking the next one (golden/prim_spacc.c), and when the ALUs took
 * the RTL's pipeline latency (golden/prim_alu.c), with the timed and the
 * stepped engines compared against each other (engine_timed_test).
 *
 * The shipped example graphs (examples/) run always; a few custard graphs run
 * when $SHARED/graphs is present (skipped with a message otherwise).
 * ENGINE_PERF_RECORD=1 prints the table rows instead of checking them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "golden/test_inputs.h"
#include "golden/test_graph.h"

typedef struct pin {
    const char *graph;      /* examples/NAME.gv or custard:NAME */
    int cfg;                /* 0 func, 1 cycle d0, 2 cycle d2, 3 cycle skip 4 */
    int seed;
    uint64_t cycles, tokens, hash, peak, out_hash;
    int deadlock;
} pin;

/* Recorded before the engines were optimised; cfg 3 re-recorded with the
 * RTL's skip timing (see the file comment). */
static const pin pins[] = {
    {"examples/mat_elemadd", 0, 1, 0ULL, 2677ULL, 0xb59d77de026334ceULL, 0ULL, 0xd786fddbf5655602ULL, 0},
    {"examples/mat_elemadd", 1, 1, 303ULL, 2677ULL, 0xb59d77de026334ceULL, 340ULL, 0xd786fddbf5655602ULL, 0},
    {"examples/mat_elemadd", 2, 1, 303ULL, 2677ULL, 0xb59d77de026334ceULL, 27ULL, 0xd786fddbf5655602ULL, 0},
    {"examples/mat_elemadd", 3, 1, 303ULL, 2677ULL, 0xb59d77de026334ceULL, 340ULL, 0xd786fddbf5655602ULL, 0},
    {"examples/mat_elemadd", 0, 2, 0ULL, 1057ULL, 0x3d06742c4e80c157ULL, 0ULL, 0x3521f66d9f0c7f31ULL, 0},
    {"examples/mat_elemadd", 1, 2, 115ULL, 1057ULL, 0x3d06742c4e80c157ULL, 148ULL, 0x3521f66d9f0c7f31ULL, 0},
    {"examples/mat_elemadd", 2, 2, 115ULL, 1057ULL, 0x3d06742c4e80c157ULL, 27ULL, 0x3521f66d9f0c7f31ULL, 0},
    {"examples/mat_elemadd", 3, 2, 115ULL, 1057ULL, 0x3d06742c4e80c157ULL, 148ULL, 0x3521f66d9f0c7f31ULL, 0},
    {"examples/mat_elemmul", 0, 1, 0ULL, 1427ULL, 0x53d5ec64b5da5250ULL, 0ULL, 0x780e767333051287ULL, 0},
    {"examples/mat_elemmul", 1, 1, 305ULL, 1427ULL, 0x53d5ec64b5da5250ULL, 364ULL, 0x780e767333051287ULL, 0},
    {"examples/mat_elemmul", 2, 1, 305ULL, 1427ULL, 0x53d5ec64b5da5250ULL, 30ULL, 0x780e767333051287ULL, 0},
    {"examples/mat_elemmul", 3, 1, 297ULL, 1403ULL, 0x82b5c23d92c6557aULL, 70ULL, 0x780e767333051287ULL, 0},
    {"examples/mat_elemmul", 0, 2, 0ULL, 565ULL, 0x14648f3495c0c9f6ULL, 0ULL, 0x8cb182e3c0c28cd6ULL, 0},
    {"examples/mat_elemmul", 1, 2, 99ULL, 565ULL, 0x14648f3495c0c9f6ULL, 143ULL, 0x8cb182e3c0c28cd6ULL, 0},
    {"examples/mat_elemmul", 2, 2, 99ULL, 565ULL, 0x14648f3495c0c9f6ULL, 30ULL, 0x8cb182e3c0c28cd6ULL, 0},
    {"examples/mat_elemmul", 3, 2, 103ULL, 565ULL, 0x14648f3495c0c9f6ULL, 52ULL, 0x8cb182e3c0c28cd6ULL, 0},
    {"examples/matmul_ijk", 0, 1, 0ULL, 28714ULL, 0x88993d59826d2969ULL, 0ULL, 0x9b700459fbdb23bcULL, 0},
    {"examples/matmul_ijk", 1, 1, 6804ULL, 28714ULL, 0x88993d59826d2969ULL, 7505ULL, 0x9b700459fbdb23bcULL, 0},
    {"examples/matmul_ijk", 2, 1, 6804ULL, 28714ULL, 0x88993d59826d2969ULL, 32ULL, 0x9b700459fbdb23bcULL, 0},
    {"examples/matmul_ijk", 3, 1, 6594ULL, 28290ULL, 0x59f800cdbb829e40ULL, 1045ULL, 0x9b700459fbdb23bcULL, 0},
    {"examples/matmul_ijk", 0, 2, 0ULL, 9949ULL, 0x5fed983da2d03e6eULL, 0ULL, 0x3315763a9a9f0bbaULL, 0},
    {"examples/matmul_ijk", 1, 2, 1977ULL, 9949ULL, 0x5fed983da2d03e6eULL, 2446ULL, 0x3315763a9a9f0bbaULL, 0},
    {"examples/matmul_ijk", 2, 2, 1984ULL, 9949ULL, 0x5fed983da2d03e6eULL, 31ULL, 0x3315763a9a9f0bbaULL, 0},
    {"examples/matmul_ijk", 3, 2, 1927ULL, 9845ULL, 0x2e9fd6195e282396ULL, 686ULL, 0x3315763a9a9f0bbaULL, 0},
    {"examples/matmul_ikj", 0, 1, 0ULL, 16904ULL, 0xabe1699d5a2afebcULL, 0ULL, 0xc3a219cc40da1825ULL, 0},
    {"examples/matmul_ikj", 1, 1, 1699ULL, 16904ULL, 0xabe1699d5a2afebcULL, 1659ULL, 0xc3a219cc40da1825ULL, 0},
    {"examples/matmul_ikj", 2, 1, 3123ULL, 16904ULL, 0xabe1699d5a2afebcULL, 48ULL, 0xc3a219cc40da1825ULL, 0},
    {"examples/matmul_ikj", 3, 1, 1700ULL, 16798ULL, 0x9f10d48392efb3b4ULL, 1412ULL, 0xc3a219cc40da1825ULL, 0},
    {"examples/matmul_ikj", 0, 2, 0ULL, 2751ULL, 0xc76815557a75b3a2ULL, 0ULL, 0xd23440e0602d4afaULL, 0},
    {"examples/matmul_ikj", 1, 2, 486ULL, 2751ULL, 0xc76815557a75b3a2ULL, 217ULL, 0xd23440e0602d4afaULL, 0},
    {"examples/matmul_ikj", 2, 2, 495ULL, 2751ULL, 0xc76815557a75b3a2ULL, 47ULL, 0xd23440e0602d4afaULL, 0},
    {"examples/matmul_ikj", 3, 2, 293ULL, 2361ULL, 0x204f51c732ce5e36ULL, 103ULL, 0xd23440e0602d4afaULL, 0},
    {"examples/residual", 0, 1, 0ULL, 1394ULL, 0x07c8c467c04da086ULL, 0ULL, 0xc838dd55326c94d7ULL, 0},
    {"examples/residual", 1, 1, 316ULL, 1394ULL, 0x07c8c467c04da086ULL, 395ULL, 0xc838dd55326c94d7ULL, 0},
    {"examples/residual", 2, 1, 316ULL, 1394ULL, 0x07c8c467c04da086ULL, 35ULL, 0xc838dd55326c94d7ULL, 0},
    {"examples/residual", 3, 1, 307ULL, 1372ULL, 0xea14ad193bca1328ULL, 97ULL, 0xc838dd55326c94d7ULL, 0},
    {"examples/residual", 0, 2, 0ULL, 675ULL, 0x907255d44e03e9dcULL, 0ULL, 0xeba9fa027abd12c1ULL, 0},
    {"examples/residual", 1, 2, 125ULL, 675ULL, 0x907255d44e03e9dcULL, 184ULL, 0xeba9fa027abd12c1ULL, 0},
    {"examples/residual", 2, 2, 128ULL, 675ULL, 0x907255d44e03e9dcULL, 35ULL, 0xeba9fa027abd12c1ULL, 0},
    {"examples/residual", 3, 2, 126ULL, 673ULL, 0x070274eece104a26ULL, 79ULL, 0xeba9fa027abd12c1ULL, 0},
    {"examples/sddmm", 0, 1, 0ULL, 55285ULL, 0x3fccfb463aaeb9dcULL, 0ULL, 0xfb7058ade14e1cabULL, 0},
    {"examples/sddmm", 1, 1, 3860ULL, 55285ULL, 0x3fccfb463aaeb9dcULL, 638ULL, 0xfb7058ade14e1cabULL, 0},
    {"examples/sddmm", 2, 1, 8607ULL, 55285ULL, 0x3fccfb463aaeb9dcULL, 45ULL, 0xfb7058ade14e1cabULL, 0},
    {"examples/sddmm", 3, 1, 3860ULL, 55285ULL, 0x3fccfb463aaeb9dcULL, 638ULL, 0xfb7058ade14e1cabULL, 0},
    {"examples/sddmm", 0, 2, 0ULL, 14869ULL, 0x05e7162917245304ULL, 0ULL, 0x234ac90495e0f320ULL, 0},
    {"examples/sddmm", 1, 2, 1049ULL, 14869ULL, 0x05e7162917245304ULL, 273ULL, 0x234ac90495e0f320ULL, 0},
    {"examples/sddmm", 2, 2, 2289ULL, 14869ULL, 0x05e7162917245304ULL, 45ULL, 0x234ac90495e0f320ULL, 0},
    {"examples/sddmm", 3, 2, 1049ULL, 14869ULL, 0x05e7162917245304ULL, 273ULL, 0x234ac90495e0f320ULL, 0},
    {"examples/spmv", 0, 1, 0ULL, 1256ULL, 0xcef7b231414ffc70ULL, 0ULL, 0x3a591f65e37cb6fbULL, 0},
    {"examples/spmv", 1, 1, 313ULL, 1256ULL, 0xcef7b231414ffc70ULL, 349ULL, 0x3a591f65e37cb6fbULL, 0},
    {"examples/spmv", 2, 1, 313ULL, 1256ULL, 0xcef7b231414ffc70ULL, 22ULL, 0x3a591f65e37cb6fbULL, 0},
    {"examples/spmv", 3, 1, 308ULL, 1242ULL, 0xd3bbcc6232e27842ULL, 50ULL, 0x3a591f65e37cb6fbULL, 0},
    {"examples/spmv", 0, 2, 0ULL, 527ULL, 0x03866a21418e8329ULL, 0ULL, 0x997041083dec53caULL, 0},
    {"examples/spmv", 1, 2, 113ULL, 527ULL, 0x03866a21418e8329ULL, 141ULL, 0x997041083dec53caULL, 0},
    {"examples/spmv", 2, 2, 113ULL, 527ULL, 0x03866a21418e8329ULL, 22ULL, 0x997041083dec53caULL, 0},
    {"examples/spmv", 3, 2, 115ULL, 527ULL, 0x03866a21418e8329ULL, 43ULL, 0x997041083dec53caULL, 0},
    {"examples/vec_elemmul", 0, 1, 0ULL, 60ULL, 0x3b700a807f496b1fULL, 0ULL, 0x965fee937ebfe60eULL, 0},
    {"examples/vec_elemmul", 1, 1, 21ULL, 60ULL, 0x3b700a807f496b1fULL, 24ULL, 0x965fee937ebfe60eULL, 0},
    {"examples/vec_elemmul", 2, 1, 21ULL, 60ULL, 0x3b700a807f496b1fULL, 14ULL, 0x965fee937ebfe60eULL, 0},
    {"examples/vec_elemmul", 3, 1, 22ULL, 58ULL, 0x707f638f1c81b25fULL, 6ULL, 0x965fee937ebfe60eULL, 0},
    {"examples/vec_elemmul", 0, 2, 0ULL, 28ULL, 0x071c8719ece79360ULL, 0ULL, 0xcbf29ce484222325ULL, 0},
    {"examples/vec_elemmul", 1, 2, 13ULL, 28ULL, 0x071c8719ece79360ULL, 16ULL, 0xcbf29ce484222325ULL, 0},
    {"examples/vec_elemmul", 2, 2, 13ULL, 28ULL, 0x071c8719ece79360ULL, 14ULL, 0xcbf29ce484222325ULL, 0},
    {"examples/vec_elemmul", 3, 2, 15ULL, 28ULL, 0x071c8719ece79360ULL, 6ULL, 0xcbf29ce484222325ULL, 0},
    {"custard:matmul_ikj", 0, 1, 0ULL, 16904ULL, 0x78c610f481d6e25eULL, 0ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_ikj", 1, 1, 1699ULL, 16904ULL, 0x78c610f481d6e25eULL, 1659ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_ikj", 2, 1, 3123ULL, 16904ULL, 0x78c610f481d6e25eULL, 48ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_ikj", 3, 1, 1700ULL, 16798ULL, 0x3bd7c25156f5dc66ULL, 1412ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_ikj", 0, 2, 0ULL, 2751ULL, 0xe87ce8c211a47848ULL, 0ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_ikj", 1, 2, 486ULL, 2751ULL, 0xe87ce8c211a47848ULL, 217ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_ikj", 2, 2, 495ULL, 2751ULL, 0xe87ce8c211a47848ULL, 47ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_ikj", 3, 2, 293ULL, 2361ULL, 0x311d5aac897350bcULL, 103ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_kij", 0, 1, 0ULL, 15640ULL, 0x7f894f2a92ab843cULL, 0ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_kij", 1, 1, 1733ULL, 15640ULL, 0x7f894f2a92ab843cULL, 592ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_kij", 2, 1, 3191ULL, 15640ULL, 0x7f894f2a92ab843cULL, 43ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_kij", 3, 1, 1735ULL, 15640ULL, 0x7f894f2a92ab843cULL, 588ULL, 0xc3a219cc40da1825ULL, 0},
    {"custard:matmul_kij", 0, 2, 0ULL, 1769ULL, 0x7b802f75da6f8fe9ULL, 0ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_kij", 1, 2, 211ULL, 1769ULL, 0x7b802f75da6f8fe9ULL, 174ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_kij", 2, 2, 368ULL, 1769ULL, 0x7b802f75da6f8fe9ULL, 43ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:matmul_kij", 3, 2, 213ULL, 1769ULL, 0x7b802f75da6f8fe9ULL, 162ULL, 0xd23440e0602d4afaULL, 0},
    {"custard:mat_sddmm", 0, 1, 0ULL, 56857ULL, 0x96915a25e52f416bULL, 0ULL, 0xfb7058ade14e1cabULL, 0},
    {"custard:mat_sddmm", 1, 1, 3870ULL, 56857ULL, 0x96915a25e52f416bULL, 897ULL, 0xfb7058ade14e1cabULL, 0},
    {"custard:mat_sddmm", 2, 1, 8617ULL, 56857ULL, 0x96915a25e52f416bULL, 62ULL, 0xfb7058ade14e1cabULL, 0},
    {"custard:mat_sddmm", 3, 1, 3872ULL, 56857ULL, 0x96915a25e52f416bULL, 631ULL, 0xfb7058ade14e1cabULL, 0},
    {"custard:mat_sddmm", 0, 2, 0ULL, 16051ULL, 0x1e4a71c9d78b8501ULL, 0ULL, 0x234ac90495e0f320ULL, 0},
    {"custard:mat_sddmm", 1, 2, 1060ULL, 16051ULL, 0x1e4a71c9d78b8501ULL, 352ULL, 0x234ac90495e0f320ULL, 0},
    {"custard:mat_sddmm", 2, 2, 2300ULL, 16051ULL, 0x1e4a71c9d78b8501ULL, 62ULL, 0x234ac90495e0f320ULL, 0},
    {"custard:mat_sddmm", 3, 2, 1062ULL, 16051ULL, 0x1e4a71c9d78b8501ULL, 248ULL, 0x234ac90495e0f320ULL, 0},
    {"custard:mat_elemadd3", 0, 1, 0ULL, 4660ULL, 0x3436a3c2c5c97727ULL, 0ULL, 0x1f0b9a9c1fe3401eULL, 0},
    {"custard:mat_elemadd3", 1, 1, 379ULL, 4660ULL, 0x3436a3c2c5c97727ULL, 369ULL, 0x1f0b9a9c1fe3401eULL, 0},
    {"custard:mat_elemadd3", 2, 1, 470ULL, 4660ULL, 0x3436a3c2c5c97727ULL, 36ULL, 0x1f0b9a9c1fe3401eULL, 0},
    {"custard:mat_elemadd3", 3, 1, 379ULL, 4660ULL, 0x3436a3c2c5c97727ULL, 369ULL, 0x1f0b9a9c1fe3401eULL, 0},
    {"custard:mat_elemadd3", 0, 2, 0ULL, 1924ULL, 0xa21c4162d881195bULL, 0ULL, 0xf56ccb16deef28f9ULL, 0},
    {"custard:mat_elemadd3", 1, 2, 157ULL, 1924ULL, 0xa21c4162d881195bULL, 172ULL, 0xf56ccb16deef28f9ULL, 0},
    {"custard:mat_elemadd3", 2, 2, 189ULL, 1924ULL, 0xa21c4162d881195bULL, 40ULL, 0xf56ccb16deef28f9ULL, 0},
    {"custard:mat_elemadd3", 3, 2, 157ULL, 1924ULL, 0xa21c4162d881195bULL, 172ULL, 0xf56ccb16deef28f9ULL, 0},
    {"custard:tensor3_ttm", 0, 1, 0ULL, 71578ULL, 0x446dd7d72b64249eULL, 0ULL, 0xf0666433ebf1ff92ULL, 0},
    {"custard:tensor3_ttm", 1, 1, 17887ULL, 71578ULL, 0x446dd7d72b64249eULL, 17773ULL, 0xf0666433ebf1ff92ULL, 0},
    {"custard:tensor3_ttm", 2, 1, 17923ULL, 71578ULL, 0x446dd7d72b64249eULL, 39ULL, 0xf0666433ebf1ff92ULL, 0},
    {"custard:tensor3_ttm", 3, 1, 11959ULL, 59718ULL, 0x5b18ba7e3f774020ULL, 3364ULL, 0xf0666433ebf1ff92ULL, 0},
    {"custard:tensor3_ttm", 0, 2, 0ULL, 21748ULL, 0x6841acea5b436cb0ULL, 0ULL, 0x30ac887f45fa7f95ULL, 0},
    {"custard:tensor3_ttm", 1, 2, 3793ULL, 21748ULL, 0x6841acea5b436cb0ULL, 4706ULL, 0x30ac887f45fa7f95ULL, 0},
    {"custard:tensor3_ttm", 2, 2, 3866ULL, 21748ULL, 0x6841acea5b436cb0ULL, 38ULL, 0x30ac887f45fa7f95ULL, 0},
    {"custard:tensor3_ttm", 3, 2, 3643ULL, 21444ULL, 0xb5cedba7797b8326ULL, 1504ULL, 0x30ac887f45fa7f95ULL, 0},
    {"custard:mat_vecmul_ji", 0, 1, 0ULL, 613ULL, 0xcee34063939c95ccULL, 0ULL, 0x13efe59593a35d1aULL, 0},
    {"custard:mat_vecmul_ji", 1, 1, 88ULL, 613ULL, 0xcee34063939c95ccULL, 47ULL, 0x13efe59593a35d1aULL, 0},
    {"custard:mat_vecmul_ji", 2, 1, 226ULL, 613ULL, 0xcee34063939c95ccULL, 28ULL, 0x13efe59593a35d1aULL, 0},
    {"custard:mat_vecmul_ji", 3, 1, 90ULL, 609ULL, 0x92062f0e95c0f34cULL, 32ULL, 0x13efe59593a35d1aULL, 0},
    {"custard:mat_vecmul_ji", 0, 2, 0ULL, 136ULL, 0x5f7836aef9efd9e2ULL, 0ULL, 0xfb012dc53a3c40bdULL, 0},
    {"custard:mat_vecmul_ji", 1, 2, 39ULL, 136ULL, 0x5f7836aef9efd9e2ULL, 30ULL, 0xfb012dc53a3c40bdULL, 0},
    {"custard:mat_vecmul_ji", 2, 2, 44ULL, 136ULL, 0x5f7836aef9efd9e2ULL, 25ULL, 0xfb012dc53a3c40bdULL, 0},
    {"custard:mat_vecmul_ji", 3, 2, 37ULL, 128ULL, 0xe916364f2befd754ULL, 22ULL, 0xfb012dc53a3c40bdULL, 0},
    {"custard:tensor3_mttkrp", 0, 1, 0ULL, 34030ULL, 0xa528ce108c9d1691ULL, 0ULL, 0x42a1ffe0579612ccULL, 0},
    {"custard:tensor3_mttkrp", 1, 1, 4792ULL, 34030ULL, 0xa528ce108c9d1691ULL, 6702ULL, 0x42a1ffe0579612ccULL, 0},
    {"custard:tensor3_mttkrp", 2, 1, 5299ULL, 34030ULL, 0xa528ce108c9d1691ULL, 70ULL, 0x42a1ffe0579612ccULL, 0},
    {"custard:tensor3_mttkrp", 3, 1, 3324ULL, 29470ULL, 0x07b3e9323f570a9bULL, 1381ULL, 0x42a1ffe0579612ccULL, 0},
    {"custard:tensor3_mttkrp", 0, 2, 0ULL, 10274ULL, 0x11d1d4d19b4465f9ULL, 0ULL, 0x31c7ec0abbd3a476ULL, 0},
    {"custard:tensor3_mttkrp", 1, 2, 1223ULL, 10274ULL, 0x11d1d4d19b4465f9ULL, 1503ULL, 0x31c7ec0abbd3a476ULL, 0},
    {"custard:tensor3_mttkrp", 2, 2, 1309ULL, 10274ULL, 0x11d1d4d19b4465f9ULL, 69ULL, 0x31c7ec0abbd3a476ULL, 0},
    {"custard:tensor3_mttkrp", 3, 2, 1086ULL, 9960ULL, 0x29eefab2488b0c79ULL, 505ULL, 0x31c7ec0abbd3a476ULL, 0},
};

static const char *const example_graphs[] = {
    "mat_elemadd", "mat_elemmul", "matmul_ijk", "matmul_ikj", "residual",
    "sddmm", "spmv", "vec_elemmul",
};
static const char *const custard_graphs[] = {
    "matmul_ikj", "matmul_kij", "mat_sddmm", "mat_elemadd3", "tensor3_ttm",
    "mat_vecmul_ji", "tensor3_mttkrp",
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The inputs every run of this test uses (its pinned figures depend on them). */
static const sg_test_inputs inputs = {23, 9, 0.3, 0.08, 100, 3};

static void run_one(const sg_graph *g, const char *label, int cfg, int seed,
                    int record)
{
    sg_coo coo[16];
    golden_binding b[16];
    memset(coo, 0, sizeof coo);
    int nb = sg_test_bind_or_fail(g, seed, &inputs, coo, b);
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = cfg == 0 ? GOLDEN_FUNC : GOLDEN_CYCLE;
    o.fifo_depth = cfg == 2 ? 2 : 0;
    o.skip = cfg == 3 ? 4 : 0;
    o.keep_streams = 1;
    o.max_cycles = 10000000;
    golden_result r;
    sg_err e;
    sg_err_clear(&e);
    int rc = sg_golden_run(g, b, nb, &o, &r, &e);
    if (rc < 0)
        fail_msg("%s cfg %d seed %d: %s", label, cfg, seed, e.msg);
    pin got;
    memset(&got, 0, sizeof got);
    got.cycles = r.cycles;
    got.tokens = r.tokens_total;
    got.deadlock = r.deadlock;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < r.n_edges; i++) {
        got.peak += cfg ? r.edge[i].peak : 0;
        for (size_t k = 0; k < r.edge[i].toks.n; k++) {
            int64_t v = r.edge[i].toks.t[k].v;
            int32_t kd = r.edge[i].toks.t[k].kind;
            h = fnv(h, &v, sizeof v);
            h = fnv(h, &kd, sizeof kd);
        }
        h = fnv(h, "|", 1);
    }
    got.hash = h;
    uint64_t oh = 0xcbf29ce484222325ULL;
    for (int k = 0; k < r.n_out; k++) {
        const sg_coo *c = &r.out[k].coo;
        oh = fnv(oh, c->crd, c->nnz * (size_t)c->order * sizeof *c->crd);
        oh = fnv(oh, c->val, c->nnz * sizeof *c->val);
    }
    got.out_hash = oh;
    sg_golden_result_free(&r);
    for (int k = 0; k < nb; k++)
        if (b[k].coo)
            sg_coo_free(&coo[k]);
    if (record) {
        printf("    {\"%s\", %d, %d, %lluULL, %lluULL, 0x%016llxULL, %lluULL, "
               "0x%016llxULL, %d},\n", label, cfg, seed,
               (unsigned long long)got.cycles, (unsigned long long)got.tokens,
               (unsigned long long)got.hash, (unsigned long long)got.peak,
               (unsigned long long)got.out_hash, got.deadlock);
        return;
    }
    const pin *p = NULL;
    for (size_t k = 0; k < sizeof pins / sizeof pins[0]; k++)
        if (!strcmp(pins[k].graph, label) && pins[k].cfg == cfg && pins[k].seed == seed)
            p = &pins[k];
    if (!p)
        fail_msg("%s cfg %d seed %d: no recorded figures", label, cfg, seed);
    if (p->cycles != got.cycles || p->tokens != got.tokens || p->hash != got.hash ||
        p->peak != got.peak || p->out_hash != got.out_hash || p->deadlock != got.deadlock)
        fail_msg("%s cfg %d seed %d: cycles %llu (pinned %llu), tokens %llu (%llu), "
                 "stream hash %016llx (%016llx), peak sum %llu (%llu), out hash "
                 "%016llx (%016llx), deadlock %d (%d)", label, cfg, seed,
                 (unsigned long long)got.cycles, (unsigned long long)p->cycles,
                 (unsigned long long)got.tokens, (unsigned long long)p->tokens,
                 (unsigned long long)got.hash, (unsigned long long)p->hash,
                 (unsigned long long)got.peak, (unsigned long long)p->peak,
                 (unsigned long long)got.out_hash, (unsigned long long)p->out_hash,
                 got.deadlock, p->deadlock);
}

static void run_graph(const char *path, const char *label, int record)
{
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    for (int seed = 1; seed <= 2; seed++)
        for (int cfg = 0; cfg < 4; cfg++)
            run_one(&g, label, cfg, seed, record);
    sg_graph_free(&g);
}

static void test_examples(void **state)
{
    (void)state;
    int record = getenv("ENGINE_PERF_RECORD") != NULL;
    for (size_t k = 0; k < sizeof example_graphs / sizeof example_graphs[0]; k++) {
        char path[256], label[128];
        snprintf(path, sizeof path, "examples/%s.gv", example_graphs[k]);
        snprintf(label, sizeof label, "examples/%s", example_graphs[k]);
        run_graph(path, label, record);
    }
}

static void test_custard(void **state)
{
    (void)state;
    char probe[4096];
    if (!sg_test_shared_path("graphs/custard", "custard engine pins", probe, sizeof probe))
        skip();
    int record = getenv("ENGINE_PERF_RECORD") != NULL;
    for (size_t k = 0; k < sizeof custard_graphs / sizeof custard_graphs[0]; k++) {
        char path[4300], label[128];
        snprintf(path, sizeof path, "%s/%s.gv", probe, custard_graphs[k]);
        snprintf(label, sizeof label, "custard:%s", custard_graphs[k]);
        run_graph(path, label, record);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_custard),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
