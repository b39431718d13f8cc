/*
 * cmd_stream.c - samgen stream: run one golden-model primitive on a
 * vectors-format file and write its output streams.
 *
 *   samgen stream PRIM IN_FILE -o OUT_FILE [--width-val W | --type T] [--max-tokens N]
 *
 * IN_FILE holds in_* streams, arr_* arrays and param_* scalars (the format
 * of ../shared/docs/sam/vectors); OUT_FILE receives out_* lines (out_arr_*
 * for writers), written whole or not at all.  Primitive names and lines:
 * docs/golden-model.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden/golden.h"
#include "core/outfile.h"
#include "cli/cli.h"
#include "cli/opt.h"
#include "core/value.h"

const char sg_cmd_stream_usage[] =
    "usage: samgen stream PRIM IN_FILE -o OUT_FILE [--width-val W | --type T] [--max-tokens N]\n"
    "\n"
    "Runs one primitive of the golden model on the in_*/arr_*/param_* lines\n"
    "of IN_FILE and writes its out_* lines to OUT_FILE.  The input is checked\n"
    "first (docs/golden-model.md, \"Stream files\").\n";
const char sg_cmd_stream_notes[] =
    "PRIM: scan_compressed scan_dense scan_nonunique scan_singleton\n"
    "      scan_range scan_offset intersect union repsiggen repeat locate\n"
    "      locate_hashed arrayvals mul add sub\n"
    "      max min reduce spacc vectorreducer crddrop crdhold write_level\n"
    "      write_vals\n";

typedef struct stream_args {
    const char *outp, *pos[2];
    int npos, width, type_vt;
    int64_t max_tokens;
    char width_opt[64];       /* "--width W" as given, "" when not */
} stream_args;

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    stream_args *sa = ctx;
    int64_t v;
    switch (id) {
    case SG_OPT_ARG:
        if (sa->npos < 2)
            sa->pos[sa->npos] = arg;
        sa->npos++;
        return 0;
    case SG_OPT_OUT: sa->outp = arg; return 0;
    case SG_OPT_WIDTH_VAL:
        if (sg_cli_int("stream", spelled, arg, 1, 64, &v))
            return SG_EXIT_USAGE;
        sa->width = (int)v;
        snprintf(sa->width_opt, sizeof sa->width_opt, "%s %s", spelled, arg);
        return 0;
    case SG_OPT_TYPE:
        if (sg_cli_type_parse("stream", arg, &sa->type_vt))
            return SG_EXIT_USAGE;
        return 0;
    case SG_OPT_MAX_TOKENS:
        if (sg_cli_int("stream", spelled, arg, 1, INT64_MAX, &sa->max_tokens))
            return SG_EXIT_USAGE;
        return 0;
    default:
        return sg_cli_usage_error("stream", "unknown option '%s'", spelled);
    }
}

int sg_cmd_stream(int argc, char **argv)
{
    stream_args sa = {NULL, {NULL, NULL}, 0, 32, 0, SG_STREAM_MAX_TOKENS, ""};
    int rc = sg_opt_parse("stream", argc, argv, on_opt, &sa);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    const char *outp = sa.outp;
    int width = sa.width, type_vt = sa.type_vt;
    int64_t max_tokens = sa.max_tokens;
    if (sa.npos != 2)
        return sg_cli_usage_error("stream", "expected PRIM and IN_FILE");
    if (type_vt) {
        char nb[SG_VT_NAME_MAX];
        if (sa.width_opt[0] && type_vt != width)
            return sg_cli_usage_error("stream", "--type %s conflicts with %s; give one",
                                      sg_vt_name(type_vt, nb), sa.width_opt);
        width = type_vt;      /* the value type: W, SG_VT_FP32 or SG_VT_BF16 */
    }
    if (!outp)
        return sg_cli_usage_error("stream", "missing -o OUT_FILE");
    sg_outplan plan;
    sg_outplan_init(&plan);
    sg_outplan_input(&plan, sa.pos[1]);
    sg_outplan_output(&plan, SG_OUT_FILE, "-o", outp, NULL);
    int prc = sg_cli_check_outputs("stream", &plan);
    sg_outplan_free(&plan);
    if (prc >= 0)
        return prc;
    sg_stream_file in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    sg_err e;
    sg_err_clear(&e);
    rc = SG_EXIT_OK;
    if (sg_stream_file_read(sa.pos[1], &in, &e) < 0 ||
        sg_golden_stream_run_limit(sa.pos[0], &in, width, max_tokens, &out, &e) < 0) {
        if (!e.code)
            e.code = SG_EXIT_USAGE;
        rc = sg_cli_report(&e);
        goto done;
    }
    sg_outfile of;
    if (sg_outfile_open(&of, outp, &e) < 0) {
        rc = sg_cli_report(&e);
        goto done;
    }
    fprintf(of.f, "# samgen stream %s %s\n", sa.pos[0], sa.pos[1]);
    for (size_t i = 0; i < out.n; i++)
        sg_stream_write_line(of.f, out.lines[i].name, out.lines[i].toks.t,
                             out.lines[i].toks.n, out.lines[i].kind);
    if (sg_outfile_commit(&of, &e) < 0)
        rc = sg_cli_report(&e);
done:
    sg_stream_file_free(&in);
    sg_stream_file_free(&out);
    return rc;
}
