/*
 * tile_test.c - tile occupancy: counts per tile against a brute-force
 * count over every tile, edge tiles, empty tensors, refusals.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tile.h"

/* The 7 x 10 matrix both tests use, values v0, v0 + 1, ...: in tiles of
 * 3 x 4 (a 3 x 3 grid whose last row and column are partial), tile (0,0)
 * holds 3 entries, (0,2) 1 (column 9, the partial column), (2,1) 2 (row 6,
 * the partial row). */
static void small_matrix(sg_coo *t, int64_t v0)
{
    int64_t shape[2] = {7, 10};
    sg_coo_init(t, 2, shape);
    int64_t e[][2] = {{0, 0}, {1, 3}, {2, 2}, {0, 9}, {6, 4}, {6, 7}};
    for (int i = 0; i < 6; i++)
        sg_coo_push(t, e[i], v0 + i);
}

static void test_matrix(void **state)
{
    (void)state;
    sg_coo t;
    small_matrix(&t, 1);
    int64_t tile[2] = {3, 4};
    sg_tile_stats st;
    sg_err err;
    assert_int_equal(sg_tile_stats_of(&t, tile, &st, &err), 0);
    assert_int_equal(st.grid[0], 3);
    assert_int_equal(st.grid[1], 3);
    assert_int_equal(st.tiles, 9);
    assert_int_equal(st.occupied, 3);
    assert_int_equal(st.nnz_min, 1);
    assert_int_equal(st.nnz_max, 3);
    assert_int_equal(st.max_at[0], 0);
    assert_int_equal(st.max_at[1], 0);
    assert_true(fabs(st.nnz_mean - 2.0) < 1e-12);
    assert_true(fabs(st.nnz_stddev - sqrt(2.0 / 3.0)) < 1e-12);
    sg_coo_free(&t);
}

/* Random 3-tensors: the occupied count and the extremes equal a count
 * over a dense grid of counters. */
static void test_random_against_dense(void **state)
{
    (void)state;
    uint64_t s = 12345;
    for (int round = 0; round < 20; round++) {
        int64_t shape[3], tile[3];
        for (int k = 0; k < 3; k++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            shape[k] = 1 + (int64_t)((s >> 33) % 20);
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            tile[k] = 1 + (int64_t)((s >> 33) % 6);
        }
        sg_coo t;
        sg_coo_init(&t, 3, shape);
        int64_t g[3];
        size_t ncell = 1;
        for (int k = 0; k < 3; k++) {
            g[k] = (shape[k] + tile[k] - 1) / tile[k];
            ncell *= (size_t)g[k];
        }
        size_t *cnt = calloc(ncell, sizeof *cnt);
        char *seen = calloc((size_t)(shape[0] * shape[1] * shape[2]), 1);
        for (int i = 0; i < 60; i++) {
            int64_t c[3];
            for (int k = 0; k < 3; k++) {
                s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                c[k] = (int64_t)((s >> 33) % (uint64_t)shape[k]);
            }
            size_t lin = (size_t)((c[0] * shape[1] + c[1]) * shape[2] + c[2]);
            if (seen[lin])
                continue;
            seen[lin] = 1;
            sg_coo_push(&t, c, 1);
            cnt[(size_t)((c[0] / tile[0] * g[1] + c[1] / tile[1]) * g[2] + c[2] / tile[2])]++;
        }
        size_t occ = 0, mn = (size_t)-1, mx = 0;
        for (size_t i = 0; i < ncell; i++)
            if (cnt[i]) {
                occ++;
                mn = cnt[i] < mn ? cnt[i] : mn;
                mx = cnt[i] > mx ? cnt[i] : mx;
            }
        sg_tile_stats st;
        sg_err err;
        assert_int_equal(sg_tile_stats_of(&t, tile, &st, &err), 0);
        assert_int_equal(st.tiles, ncell);
        assert_int_equal(st.occupied, occ);
        assert_int_equal(st.nnz_min, mn);
        assert_int_equal(st.nnz_max, mx);
        size_t at = (size_t)((st.max_at[0] * g[1] + st.max_at[1]) * g[2] + st.max_at[2]);
        assert_int_equal(cnt[at], mx);
        free(cnt);
        free(seen);
        sg_coo_free(&t);
    }
}

static void test_empty_and_refusals(void **state)
{
    (void)state;
    int64_t shape[2] = {5, 5}, tile[2] = {2, 2};
    sg_coo t;
    sg_coo_init(&t, 2, shape);
    sg_tile_stats st;
    sg_err err;
    assert_int_equal(sg_tile_stats_of(&t, tile, &st, &err), 0);
    assert_int_equal(st.tiles, 9);
    assert_int_equal(st.occupied, 0);
    int64_t zero[2] = {2, 0};
    assert_int_equal(sg_tile_stats_of(&t, zero, &st, &err), -1);
    assert_int_equal(err.code, SG_EXIT_USAGE);
    assert_non_null(strstr(err.msg, "tile size 0 along mode 1"));
    sg_coo_free(&t);
    /* a grid beyond 2^62 tiles is refused, not overflowed */
    int64_t big[3] = {INT64_C(1) << 31, INT64_C(1) << 31, INT64_C(1) << 31};
    int64_t one[3] = {1, 1, 1};
    sg_coo_init(&t, 3, big);
    assert_int_equal(sg_tile_stats_of(&t, one, &st, &err), -1);
    assert_non_null(strstr(err.msg, "more than 2^62 tiles"));
    sg_coo_free(&t);
}

/* Tiling a tensor and untiling it again gives it back, entry for entry;
 * the tiled coordinates are (c / T, c % T). */
static void test_tile_roundtrip(void **state)
{
    (void)state;
    int64_t shape[2] = {7, 10};
    sg_coo t;
    small_matrix(&t, 10);
    int64_t tile[2] = {3, 4};
    sg_coo tt, back;
    sg_err err;
    assert_int_equal(sg_tile_coo(&t, tile, &tt, &err), 0);
    assert_int_equal(tt.order, 4);
    int64_t want_shape[4] = {3, 3, 3, 4};
    for (int k = 0; k < 4; k++)
        assert_int_equal(tt.shape[k], want_shape[k]);
    /* (6,7) -> tile (2,1), within (0,3) */
    assert_int_equal(tt.crd[5 * 4 + 0], 2);
    assert_int_equal(tt.crd[5 * 4 + 1], 1);
    assert_int_equal(tt.crd[5 * 4 + 2], 0);
    assert_int_equal(tt.crd[5 * 4 + 3], 3);
    assert_int_equal(sg_untile_coo(&tt, shape, &back, &err), 0);
    assert_int_equal(back.order, 2);
    assert_int_equal(back.nnz, t.nnz);
    for (size_t i = 0; i < t.nnz; i++) {
        assert_int_equal(back.crd[2 * i], t.crd[2 * i]);
        assert_int_equal(back.crd[2 * i + 1], t.crd[2 * i + 1]);
        assert_int_equal(back.val[i], t.val[i]);
    }
    assert_int_equal(back.shape[0], 7);
    assert_int_equal(back.shape[1], 10);
    sg_coo_free(&back);
    sg_coo_free(&tt);
    /* order 5 would tile into order 10 */
    int64_t s5[5] = {2, 2, 2, 2, 2}, t5[5] = {1, 1, 1, 1, 1};
    sg_coo t5c;
    sg_coo_init(&t5c, 5, s5);
    assert_int_equal(sg_tile_coo(&t5c, t5, &tt, &err), -1);
    assert_non_null(strstr(err.msg, "tiles into order 10, more than 8"));
    assert_int_equal(sg_untile_coo(&t5c, NULL, &back, &err), -1);   /* order 5: odd */
    assert_non_null(strstr(err.msg, "even order"));
    sg_coo_free(&t5c);
    sg_coo_free(&t);
}

/* A split of some modes only (tile 0: whole): the split ones become
 * tile coordinates in place, their coordinates within the tile follow
 * the others; unsplitting with the logical shape gives the tensor back. */
static void test_split_partial(void **state)
{
    (void)state;
    sg_coo t, sp, back;
    sg_err err;
    int64_t shape[3] = {7, 5, 10};
    sg_coo_init(&t, 3, shape);
    int64_t a[3] = {6, 4, 9}, b[3] = {0, 2, 3};
    sg_coo_push(&t, a, 11);
    sg_coo_push(&t, b, 12);
    int64_t tile[3] = {4, 0, 3};
    assert_int_equal(sg_split_coo(&t, tile, &sp, &err), 0);
    assert_int_equal(sp.order, 5);
    int64_t want_shape[5] = {2, 5, 4, 4, 3};
    for (int k = 0; k < 5; k++)
        assert_int_equal(sp.shape[k], want_shape[k]);
    int64_t want0[5] = {1, 4, 3, 2, 0};   /* (6,4,9): 6 = 1*4+2, 9 = 3*3+0 */
    for (int k = 0; k < 5; k++)
        assert_int_equal(sp.crd[k], want0[k]);
    assert_int_equal(sp.val[1], 12);
    assert_int_equal(sg_unsplit_coo(&sp, 3, tile, shape, &back, &err), 0);
    assert_int_equal(back.order, 3);
    for (int k = 0; k < 3; k++)
        assert_int_equal(back.shape[k], shape[k]);
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(back.crd[i], t.crd[i]);
    sg_coo_free(&back);
    /* without a logical shape: the full grid (8 and 12) */
    assert_int_equal(sg_unsplit_coo(&sp, 3, tile, NULL, &back, &err), 0);
    assert_int_equal(back.shape[0], 8);
    assert_int_equal(back.shape[2], 12);
    sg_coo_free(&back);
    /* the wrong logical order, a negative size */
    int64_t tile4[4] = {4, 0, 3, 0};
    assert_int_equal(sg_unsplit_coo(&sp, 4, tile4, NULL, &back, &err), -1);
    assert_non_null(strstr(err.msg, "order 5 is not a split of one of order 4"));
    int64_t bad[3] = {2, -1, 0};
    assert_int_equal(sg_split_coo(&t, bad, &back, &err), -1);
    assert_non_null(strstr(err.msg, "tile size -1 along mode 1"));
    sg_coo_free(&sp);
    sg_coo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix),
        cmocka_unit_test(test_random_against_dense),
        cmocka_unit_test(test_empty_and_refusals),
        cmocka_unit_test(test_tile_roundtrip),
        cmocka_unit_test(test_split_partial),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
