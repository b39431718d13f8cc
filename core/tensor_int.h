/*
 * tensor_int.h - what the files of core/ that build and store fibertrees
 * share (fibertree.c, level_ext.c, samdir.c, samdir_write.c): the entry
 * ranges a level hands down to the level below, the builders of the levels
 * beyond dense and compressed, and SAM directory file names.
 */
#ifndef SG_TENSOR_INT_H
#define SG_TENSOR_INT_H

#include "core/tensor.h"

/* The entries (of the sorted coordinate list) below one position. */
typedef struct sg_range {
    size_t lo, hi;
} sg_range;

/* Each builder takes the ranges of the level above (par, npar) and gives
 * one range per position of level lv (*kid, *nkid, malloc'd).  lv->fmt,
 * mode and dim are set; the builder fills its arrays. */

/* A singleton under a dense level (ELL): one coordinate per position; a
 * position with no entry stores coordinate 0 (its value is 0), one with
 * two is an error. */
int sg_ft_split_single(const sg_coo *t, sg_level *lv, const sg_range *par,
                       size_t npar, sg_range **kid, size_t *nkid, sg_err *e);
/* A range level with the offset level over mode jmode (size M) under it:
 * every parent's entries lie on one diagonal j - i = off[p] (an empty
 * parent gets off 0); positions p * S + i (S: sg_lvl_range_stride). */
int sg_ft_split_range(const sg_coo *t, sg_level *lv, int jmode, int64_t M,
                      const sg_range *par, size_t npar, sg_range **kid,
                      size_t *nkid, sg_err *e);
/* The offset level under range level r: the same positions (copies r's
 * offsets and stride). */
void sg_ft_split_offset(const sg_level *r, sg_level *lv, const sg_range *par,
                        size_t npar, sg_range **kid, size_t *nkid);
/* A hashed level: W buckets per parent position (the least power of two
 * at least twice the longest fiber), linear probing from sg_lvl_hash. */
int sg_ft_split_hashed(const sg_coo *t, sg_level *lv, const sg_range *par,
                       size_t npar, sg_range **kid, size_t *nkid, sg_err *e);

/* A bitvector level of W-bit words (core/level_bv.c): words in crd,
 * prefix popcounts in seg, w = W. */
int sg_ft_split_bitvector(const sg_coo *t, sg_level *lv, int64_t w,
                          const sg_range *par, size_t npar, sg_range **kid,
                          size_t *nkid, sg_err *e);
/* Check a bitvector level's words against npar positions above and derive
 * its prefix counts; *npar becomes its number of set bits. */
int sg_level_bv_check(sg_level *lv, uint64_t *npar, const char *dir,
                      const char *name, sg_err *e);

/* Check the arrays of a level of those formats against npar positions
 * above (sg_fibertree_check's part for them); *npar becomes this level's
 * position count.  Messages name the array file of dir/name. */
int sg_level_ext_check(const sg_fibertree *ft, int l, uint64_t *npar,
                       const char *dir, const char *name, sg_err *e);

/* "DIR/tensor_NAME_mode_SUFFIX" and "DIR/tensor_NAME_mode_M_WHAT",
 * malloc'd (core/samdir.c). */
char *sg_sam_file(const char *dir, const char *name, const char *suffix);
char *sg_sam_level_file(const char *dir, const char *name, int m, const char *what);

/* An error in array file `what` of mode m of tensor name in dir, at line
 * idx + 1 (core/level_ext.c). */
int sg_lvl_file_err(sg_err *e, const char *dir, const char *name, int m,
                    const char *what, size_t idx, const char *msg);

#endif
