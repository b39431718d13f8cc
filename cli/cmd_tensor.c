/*
 * cmd_tensor.c - samgen tensor: convert, generate and describe tensors.
 *
 *   samgen tensor convert IN OUT [options]
 *   samgen tensor gen --shape 200x300[x50] --density D --pattern P
 *                     --seed N [--run-length L] [--phase 0|1] -o OUT
 *   samgen tensor info FILE
 *
 * IN and OUT are .mtx, .tns or a SAM-formatted directory (anything that is
 * not *.mtx or *.tns is taken as a directory).  The work is done by the
 * golden/ tensor library; this file only parses options and prints.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "core/intparse.h"
#include "core/tensor.h"
#include "core/tile.h"
#include "core/value.h"

const char sg_cmd_tensor_usage[] =
    "usage: samgen tensor convert IN OUT [options]\n"
    "       samgen tensor gen --shape DxD[xD..] --density F --pattern P\n"
    "                         [--seed N] [--run-length L] [--phase 0|1] -o OUT\n"
    "       samgen tensor info FILE [options]\n"
    "       samgen tensor formats   (the level formats and what each can do)\n"
    "\n"
    "Files: .mtx (Matrix Market), .tns (FROSTT, 1-based), or a SAM-formatted\n"
    "directory (tensor_<T>_mode_{<k>_seg,<k>_crd,vals,shape}); any OUT not\n"
    "ending in .mtx or .tns is written as a directory.\n";
const char sg_cmd_tensor_notes[] =
    "Values are W-bit two's complement integers; see docs/values.md.\n"
    "Exit codes: 0 success, 2 bad usage or bad input.\n";

typedef struct topts {
    const char *pos[2];
    int npos;
    const char *format, *name, *in_name, *in_format, *out;
    sg_read_opts ro;
    sg_gen_opts go;
    int have_shape;
    const char *max_value_arg;   /* --max-value as given */
    const char *tile;            /* --tile as given */
    const char *cast;            /* --cast as given */
    const char *cast_fmt;        /* the format the cast is stored in by default */
    int type_vt;                 /* --type, 0: not given */
    char width_opt[48];          /* "--width W" when given */
    char given[SG_OPT__COUNT][32];   /* each option as spelled, when given */
} topts;

/* What each subcommand takes (the options table lists them all under
 * tensor); anything else is refused rather than silently ignored. */
static const sg_opt_id convert_takes[] = {
    SG_OPT_FORMAT, SG_OPT_NAME, SG_OPT_IN_NAME, SG_OPT_IN_FORMAT, SG_OPT_WIDTH_VAL,
    SG_OPT_TYPE, SG_OPT_SCALE, SG_OPT_SUM_DUPLICATES, SG_OPT_TILE, SG_OPT_CAST, SG_OPT__COUNT};
static const sg_opt_id gen_takes[] = {
    SG_OPT_OUT, SG_OPT_FORMAT, SG_OPT_NAME, SG_OPT_WIDTH_VAL, SG_OPT_SHAPE,
    SG_OPT_DENSITY, SG_OPT_PATTERN, SG_OPT_SEED, SG_OPT_RUN_LENGTH, SG_OPT_PHASE,
    SG_OPT_MAX_VALUE, SG_OPT__COUNT};
static const sg_opt_id info_takes[] = {
    SG_OPT_IN_NAME, SG_OPT_IN_FORMAT, SG_OPT_WIDTH_VAL, SG_OPT_TYPE, SG_OPT_SCALE,
    SG_OPT_SUM_DUPLICATES, SG_OPT_TILE, SG_OPT_CAST, SG_OPT__COUNT};

static int do_convert(const char *cmd, topts *o);
static int parse_tile(const char *cmd, const char *s, int order, int64_t *tile,
                      char names[][8]);
static int do_gen(const char *cmd, topts *o);
static int do_info(const char *cmd, topts *o);
static const sg_opt_id formats_takes[] = {SG_OPT__COUNT};
static int do_formats(const char *cmd, topts *o)
{
    if (o->npos)
        return sg_cli_usage_error(cmd, "formats takes no argument");
    return sg_lvl_write_markdown(stdout) < 0 ? SG_EXIT_USAGE : SG_EXIT_OK;
}

/* The subcommands: the options each takes and what runs it once they are
 * read. */
typedef struct {
    const char *name;
    const sg_opt_id *takes;
    int (*run)(const char *cmd, topts *o);
} tensor_sub;

static const tensor_sub subs[] = {
    {"convert", convert_takes, do_convert},
    {"gen", gen_takes, do_gen},
    {"info", info_takes, do_info},
    {"formats", formats_takes, do_formats},
};

static int takes(const sg_opt_id *set, int id)
{
    for (; *set != SG_OPT__COUNT; set++)
        if ((int)*set == id)
            return 1;
    return 0;
}

/* 0, or the usage error for the first option given that sub does not
 * take, naming the subcommands that do. */
static int check_takes(const char *cmd, const char *sub, const sg_opt_id *set,
                       const topts *o)
{
    for (int id = 0; id < SG_OPT__COUNT; id++) {
        if (!o->given[id][0] || takes(set, id))
            continue;
        char who[32] = "";
        for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++)
            if (takes(subs[k].takes, id))
                snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s",
                         who[0] ? ", " : "", subs[k].name);
        return sg_cli_usage_error(cmd, "%s does not apply to 'tensor %s' (only to %s)",
                                  o->given[id], sub, who);
    }
    return 0;
}

static int parse_i64(const char *cmd, const char *opt, const char *s,
                     int64_t lo, int64_t hi, int64_t *out)
{
    return sg_cli_int(cmd, opt, s, lo, hi, out);
}

/* --shape DxD..: each dimension a positive integer (sg_int_parse). */
static int parse_shape(const char *cmd, const char *s, sg_gen_opts *g)
{
    int n = 0;
    const char *p = s;
    while (*p) {
        if (n == SG_MAX_ORDER)
            return sg_cli_usage_error(cmd, "--shape: at most %d dimensions",
                                   SG_MAX_ORDER);
        size_t len = strcspn(p, "xX");
        char dim[64];
        snprintf(dim, sizeof dim, "%.*s", (int)(len < 63 ? len : 63), p);
        int64_t v = 0;
        if (len == 0 || len >= sizeof dim || !sg_int_syntax_ok(dim) ||
            dim[0] == '-' || dim[0] == '+' || strspn(dim, "0") == len)
            return sg_cli_usage_error(cmd, "--shape: expected DxD.. with "
                                   "positive integers, got '%s'", s);
        if (parse_i64(cmd, "--shape", dim, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        g->shape[n++] = v;
        p += len;
        if (*p && !*++p)
            return sg_cli_usage_error(cmd, "--shape: trailing 'x' in '%s'", s);
    }
    if (n == 0)
        return sg_cli_usage_error(cmd, "--shape: empty");
    g->order = n;
    return 0;
}

typedef struct tensor_args {
    const char *cmd;
    topts *o;
} tensor_args;

/* One option or argument (sg_opt_fn): a flat list, one branch per option. */
static int on_opt(void *ctx, sg_opt_id id, const char *key, const char *val)
{
    tensor_args *ta = ctx;
    const char *cmd = ta->cmd;
    topts *o = ta->o;
    int64_t v;
    if (id >= 0 && id < SG_OPT__COUNT)
        snprintf(o->given[id], sizeof o->given[id], "%s", key);
    switch (id) {
    case SG_OPT_ARG:
        if (o->npos == 2)
            return sg_cli_usage_error(cmd, "unexpected argument '%s'", val);
        o->pos[o->npos++] = val;
        return 0;
    case SG_OPT_SUM_DUPLICATES: o->ro.sum_duplicates = 1; return 0;
    case SG_OPT_FORMAT: o->format = val; return 0;
    case SG_OPT_NAME: o->name = val; return 0;
    case SG_OPT_IN_NAME: o->in_name = val; return 0;
    case SG_OPT_IN_FORMAT:
        o->in_format = val;
        o->ro.format = val;
        return 0;
    case SG_OPT_OUT: o->out = val; return 0;
    case SG_OPT_TILE: o->tile = val; return 0;
    case SG_OPT_CAST:
        if (strcmp(val, "ell") && strcmp(val, "dia"))
            return sg_cli_usage_error(cmd, "--cast: unknown '%s' (ell or dia)", val);
        o->cast = val;
        return 0;
    case SG_OPT_WIDTH_VAL:
        if (parse_i64(cmd, key, val, 1, 64, &v))
            return SG_EXIT_USAGE;
        o->ro.width = o->go.width = (int)v;
        snprintf(o->width_opt, sizeof o->width_opt, "%s %d", key, (int)v);
        return 0;
    case SG_OPT_TYPE:
        if (sg_cli_type_parse(cmd, val, &o->type_vt))
            return SG_EXIT_USAGE;
        return 0;
    case SG_OPT_SCALE:
        return sg_cli_scale(cmd, key, val, &o->ro.scale);
    case SG_OPT_SHAPE:
        if (parse_shape(cmd, val, &o->go))
            return SG_EXIT_USAGE;
        o->have_shape = 1;
        return 0;
    case SG_OPT_DENSITY: {
        char *end;
        o->go.density = strtod(val, &end);
        if (!*val || *end || !(o->go.density >= 0 && o->go.density <= 1))
            return sg_cli_usage_error(cmd, "--density: expected a number in "
                                   "0..1, got '%s'", val);
        return 0;
    }
    case SG_OPT_PATTERN: {
        int p = sg_pattern_parse(val);
        if (p < 0)
            return sg_cli_usage_error(cmd, "--pattern: unknown '%s' (uniform, "
                                   "runs, blocks, band, diag)", val);
        o->go.pattern = (sg_pattern)p;
        return 0;
    }
    case SG_OPT_SEED:
        if (parse_i64(cmd, key, val, 0, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->go.seed = (uint64_t)v;
        return 0;
    case SG_OPT_RUN_LENGTH:
        if (parse_i64(cmd, key, val, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->go.run_length = v;
        return 0;
    case SG_OPT_PHASE:
        if (parse_i64(cmd, key, val, 0, 1, &v))
            return SG_EXIT_USAGE;
        o->go.phase = (int)v;
        return 0;
    case SG_OPT_MAX_VALUE:
        if (parse_i64(cmd, key, val, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->go.max_value = v;
        o->max_value_arg = val;
        return 0;
    default:
        return sg_cli_usage_error(cmd, "unknown option '%s'", key);
    }
}

/* The value type IN is read with (--type, or fp32 when it holds a
 * non-integer value), into o->ro.  Returns -1 to go on, else the exit
 * code (message printed). */
static int pick_type(const char *cmd, topts *o)
{
    sg_vt_file f;
    memset(&f, 0, sizeof f);
    f.path = o->pos[0];
    f.name = o->in_name;
    int vt;
    sg_err e;
    sg_err_clear(&e);
    if (sg_cli_value_type(cmd, o->type_vt, o->ro.width,
                          o->width_opt[0] ? o->width_opt : NULL, o->ro.scale, &f, 1,
                          0, &vt, &e) < 0)
        return sg_cli_report(&e);
    o->ro.vt = sg_vt_is_fp(vt) ? vt : 0;
    o->ro.width = sg_vt_width(vt);
    return -1;
}

/* The options of subcommand sub, which takes the set takes; unknown ones
 * and ones sub does not take are usage errors.  Returns 0 or the exit code
 * (the message printed; -1 after --help). */
static int parse_opts(const char *cmd, const char *sub, const sg_opt_id *takes, int argc,
                      char **argv, topts *o)
{
    memset(o, 0, sizeof *o);
    sg_read_opts_default(&o->ro);
    sg_gen_opts_default(&o->go);
    tensor_args ta = {cmd, o};
    int rc = sg_opt_parse("tensor", argc, argv, on_opt, &ta);
    return rc ? rc : check_takes(cmd, sub, takes, o);
}

/* Read IN (o->pos[0]) in the value type pick_type chooses into t.
 * Returns -1 to go on, else the exit code (message printed). */
static int read_in(const char *cmd, topts *o, sg_coo *t)
{
    int rc = pick_type(cmd, o);
    if (rc >= 0)
        return rc;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_read(o->pos[0], o->in_name, &o->ro, t, &e) < 0)
        return sg_cli_report(&e);
    if (o->cast) {
        sg_coo c;
        int r = sg_cast_coo(t, o->cast, &c, &o->cast_fmt, &e);
        sg_coo_free(t);
        if (r < 0)
            return sg_cli_usage_error(cmd, "--cast %s: %s: %s", o->cast, o->pos[0], e.msg);
        *t = c;
    }
    return -1;
}

static int ends_with(const char *s, const char *ext)
{
    size_t n = strlen(s), k = strlen(ext);
    return n > k && strcasecmp(s + n - k, ext) == 0;
}

/* Default storage format: every level compressed, modes in order. */
static void default_format(int order, sg_format *f)
{
    memset(f, 0, sizeof *f);
    f->order = order;
    for (int l = 0; l < order; l++) {
        f->level[l] = SG_LVL_COMPRESSED;
        f->mode[l] = l;
    }
}

/* Check out (a file, or a SAM directory of tensor name) against the input
 * in (NULL for none) before anything is read or written.  Returns -1 when
 * it is fine, else the exit code. */
static int check_out(const char *cmd, const char *in, const char *out,
                     const char *name)
{
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, in);
    if (ends_with(out, ".mtx") || ends_with(out, ".tns"))
        sg_outplan_output(&p, SG_OUT_FILE, in ? "OUT" : "-o", out, NULL);
    else
        sg_outplan_output(&p, SG_OUT_SAMDIR, in ? "OUT" : "-o", out, name);
    int rc = sg_cli_check_outputs(cmd, &p);
    sg_outplan_free(&p);
    return rc;
}

/* Write t to out (file or SAM directory) in the requested format. */
static int write_out(const char *cmd, const topts *o, const char *out,
                     sg_coo *t, const char *dflt_name)
{
    sg_err e;
    sg_err_clear(&e);
    sg_format f;
    if (o->format) {
        if (sg_format_parse(o->format, &f, &e) < 0)
            return sg_cli_usage_error(cmd, "--format: %s", e.msg);
        if (f.order != t->order)
            return sg_cli_usage_error(cmd, "--format %s is for order %d but the "
                                   "tensor has order %d", o->format, f.order,
                                   t->order);
    } else if (o->cast_fmt) {
        sg_format_parse(o->cast_fmt, &f, &e);
    } else {
        default_format(t->order, &f);
    }
    if (ends_with(out, ".mtx") || ends_with(out, ".tns")) {
        if (t->order > 0)
            sg_coo_sort(t, f.mode);
        if (sg_tensor_write(out, t, &e) < 0)
            return sg_cli_report(&e);
        return SG_EXIT_OK;
    }
    sg_fibertree ft;
    if (sg_fibertree_build(t, &f, &ft, &e) < 0) {
        char fs[2 * SG_MAX_ORDER + 1];
        sg_format_str(&f, fs);
        return sg_cli_usage_error(cmd, "%s: format %s: %s", o->pos[0] ? o->pos[0] : out,
                                  fs, e.msg);
    }
    sg_outdir od;
    int rc = sg_outdir_make(&od, out, &e);
    if (rc == 0) {
        rc = sg_tensor_write_samdir(out, o->name ? o->name : dflt_name, &ft, &e);
        if (rc < 0)
            sg_outdir_undo(&od);
        sg_outdir_keep(&od);
    }
    sg_fibertree_free(&ft);
    return rc < 0 ? sg_cli_report(&e) : SG_EXIT_OK;
}

static int do_convert(const char *cmd, topts *o)
{
    if (o->npos != 2)
        return sg_cli_usage_error(cmd, "expected IN and OUT");
    int rc = check_out(cmd, o->pos[0], o->pos[1],
                       o->name ? o->name : o->in_name ? o->in_name : "B");
    if (rc >= 0)
        return rc;
    sg_coo t;
    if ((rc = read_in(cmd, o, &t)) >= 0)
        return rc;
    if (o->tile) {
        /* the tiled tensor: order 2n, tile coordinates then coordinates
         * within the tile (core/tile.h) */
        int64_t tile[SG_MAX_ORDER];
        char names[SG_MAX_ORDER][8];
        sg_coo tt;
        sg_err e;
        sg_err_clear(&e);
        if (t.order < 1)
            rc = sg_cli_usage_error(cmd, "--tile: a scalar has no tiles");
        else if ((rc = parse_tile(cmd, o->tile, t.order, tile, names)) == 0 &&
                 sg_tile_coo(&t, tile, &tt, &e) < 0)
            rc = sg_cli_usage_error(cmd, "--tile '%s': %s", o->tile, e.msg);
        sg_coo_free(&t);
        if (rc)
            return rc;
        t = tt;
    }
    const char *dflt = o->in_name ? o->in_name : "B";
    rc = write_out(cmd, o, o->pos[1], &t, dflt);
    sg_coo_free(&t);
    return rc;
}

static int do_gen(const char *cmd, topts *o)
{
    if (o->npos)
        return sg_cli_usage_error(cmd, "unexpected argument '%s'", o->pos[0]);
    if (!o->have_shape)
        return sg_cli_usage_error(cmd, "--shape is required");
    if (!o->out)
        return sg_cli_usage_error(cmd, "-o OUT is required");
    int rc = check_out(cmd, NULL, o->out, o->name ? o->name : "B");
    if (rc >= 0)
        return rc;
    /* values are W-bit two's complement: the largest is 2^(W-1) - 1 */
    int64_t vmax = o->go.width >= 64 ? INT64_MAX :
                   o->go.width > 1 ? ((int64_t)1 << (o->go.width - 1)) - 1 : 1;
    int64_t mv;
    if (o->max_value_arg && parse_i64(cmd, "--max-value", o->max_value_arg, 1, vmax, &mv))
        return SG_EXIT_USAGE;
    sg_coo t;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(&o->go, &t, &e) < 0)
        return sg_cli_usage_error(cmd, "%s", e.msg);
    rc = write_out(cmd, o, o->out, &t, "B");
    sg_coo_free(&t);
    return rc;
}

/* --tile SIZES for a tensor of the given order: "32" (every mode),
 * "32x8" or "i:32,k:8" (one per mode; the names only label the output).
 * Returns 0, or the exit code of the usage error it printed. */
static int parse_tile(const char *cmd, const char *s, int order, int64_t *tile,
                      char names[][8])
{
    int n = 0;
    const char *p = s;
    for (;;) {
        if (n == SG_MAX_ORDER)
            return sg_cli_usage_error(cmd, "--tile '%s': more than %d sizes", s,
                                      SG_MAX_ORDER);
        names[n][0] = '\0';
        const char *colon = strchr(p, ':');
        const char *sep = p + strcspn(p, ",x");
        if (colon && colon < sep) {
            size_t len = (size_t)(colon - p);
            if (len == 0 || len >= sizeof names[n])
                return sg_cli_usage_error(cmd, "--tile '%s': bad index name before ':'", s);
            memcpy(names[n], p, len);
            names[n][len] = '\0';
            p = colon + 1;
            sep = p + strcspn(p, ",x");
        }
        char num[24];
        size_t len = (size_t)(sep - p);
        if (len == 0 || len >= sizeof num)
            return sg_cli_usage_error(cmd, "--tile '%s': expected a tile size at "
                                      "column %d", s, (int)(p - s) + 1);
        memcpy(num, p, len);
        num[len] = '\0';
        int64_t v;
        if (parse_i64(cmd, "--tile", num, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        tile[n++] = v;
        if (!*sep)
            break;
        p = sep + 1;
    }
    if (n == 1) {
        names[0][0] = '\0';        /* one size for every mode: no names */
        for (int k = 1; k < order && k < SG_MAX_ORDER; k++) {
            tile[k] = tile[0];
            names[k][0] = '\0';
        }
    } else if (n != order)
        return sg_cli_usage_error(cmd, "--tile '%s': %d sizes for a tensor of order %d "
                                  "(one per mode, or one for all)", s, n, order);
    return 0;
}

/* The tile figures of tensor info for --tile, computed before anything is
 * printed (a bad --tile prints nothing but its error).  Returns 0, or the
 * exit code of the usage error it printed. */
static int tile_stats(const char *cmd, const topts *o, const sg_coo *t,
                      sg_tile_stats *st, char names[][8])
{
    if (t->order < 1)
        return sg_cli_usage_error(cmd, "--tile: a scalar has no tiles");
    int64_t tile[SG_MAX_ORDER];
    int rc = parse_tile(cmd, o->tile, t->order, tile, names);
    if (rc)
        return rc;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tile_stats_of(t, tile, st, &e) < 0)
        return sg_cli_usage_error(cmd, "--tile '%s': %s", o->tile, e.msg);
    return 0;
}

static void print_tiles(const sg_tile_stats *st, char names[][8])
{
    printf("tiles:   ");
    for (int k = 0; k < st->order; k++)
        printf("%s%s%s%lld", k ? " x " : "", names[k], names[k][0] ? " " : "",
               (long long)st->tile[k]);
    printf(" -> a grid of ");
    for (int k = 0; k < st->order; k++)
        printf("%s%lld", k ? " x " : "", (long long)st->grid[k]);
    printf(" = %llu tiles\n", (unsigned long long)st->tiles);
    double frac = st->tiles ? (double)st->occupied / (double)st->tiles : 0.0;
    printf("occupied tiles: %zu (%.4g%%), empty %.4g%%\n", st->occupied, 100 * frac,
           st->tiles ? 100 * (1 - frac) : 0.0);
    if (st->occupied) {
        printf("nnz per occupied tile: min %zu, max %zu, mean %.2f, stddev %.2f; the "
               "fullest at tile (", st->nnz_min, st->nnz_max, st->nnz_mean,
               st->nnz_stddev);
        for (int k = 0; k < st->order; k++)
            printf("%s%lld", k ? "," : "", (long long)st->max_at[k]);
        printf(")\n");
    }
}

static int do_info(const char *cmd, topts *o)
{
    if (o->npos != 1)
        return sg_cli_usage_error(cmd, "expected one FILE");
    int rc;
    sg_coo t;
    if ((rc = read_in(cmd, o, &t)) >= 0)
        return rc;
    sg_tile_stats st;
    char names[SG_MAX_ORDER][8];
    if (o->tile && (rc = tile_stats(cmd, o, &t, &st, names)) != 0) {
        sg_coo_free(&t);
        return rc;
    }
    printf("file:    %s\n", o->pos[0]);
    printf("order:   %d\n", t.order);
    printf("shape:   ");
    double size = 1;
    for (int k = 0; k < t.order; k++) {
        printf("%s%lld", k ? "x" : "", (long long)t.shape[k]);
        size *= (double)t.shape[k];
    }
    printf("%s\n", t.order ? "" : "(scalar)");
    size_t zeros = 0;
    for (size_t i = 0; i < t.nnz; i++)
        zeros += t.val[i] == 0;
    printf("nnz:     %zu (%zu explicit zeros)\n", t.nnz, zeros);
    printf("density: %.6g\n", size > 0 ? (double)t.nnz / size : 0.0);
    if (t.order >= 2 && t.shape[0] > 0 && t.shape[0] <= (1 << 28)) {
        size_t rows = (size_t)t.shape[0];
        size_t *cnt = calloc(rows, sizeof *cnt);
        if (!cnt) {
            sg_coo_free(&t);
            return sg_cli_usage_error(cmd, "out of memory");
        }
        for (size_t i = 0; i < t.nnz; i++)
            cnt[t.crd[i * (size_t)t.order]]++;
        size_t mn = (size_t)-1, mx = 0, empty = 0;
        double sum = 0, sq = 0;
        for (size_t r = 0; r < rows; r++) {
            if (cnt[r] < mn)
                mn = cnt[r];
            if (cnt[r] > mx)
                mx = cnt[r];
            empty += cnt[r] == 0;
            sum += (double)cnt[r];
            sq += (double)cnt[r] * (double)cnt[r];
        }
        double mean = sum / (double)rows;
        double var = sq / (double)rows - mean * mean;
        printf("nnz per %s: min %zu, max %zu, mean %.2f, stddev %.2f, "
               "empty %zu of %zu\n", "row (mode 0)",
               mn, mx, mean, var > 0 ? sqrt(var) : 0.0, empty, rows);
        free(cnt);
    }
    if (o->tile)
        print_tiles(&st, names);
    sg_coo_free(&t);
    return SG_EXIT_OK;
}

int sg_cmd_tensor(int argc, char **argv)
{
    if (argc < 2)
        return sg_cli_usage_error("tensor", "expected convert, gen, info or formats; see "
                               "'samgen help tensor'");
    const char *sub = argv[1];
    for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++) {
        if (strcmp(sub, subs[k].name) != 0)
            continue;
        topts o;
        int prc = parse_opts("tensor", sub, subs[k].takes, argc - 1, argv + 1, &o);
        if (prc != 0)
            return prc < 0 ? SG_EXIT_OK : prc;
        return subs[k].run("tensor", &o);
    }
    return sg_cli_usage_error("tensor", "unknown subcommand '%s' (convert, gen, "
                           "info, formats)", sub);
}
