/*
 * cmd_stream.c - samgen stream: run one golden-model primitive on a
 * vectors-format file and write its output streams.
 *
 *   samgen stream PRIM IN_FILE -o OUT_FILE [--width W | --type T] [--max-tokens N]
 *
 * IN_FILE holds in_* streams, arr_* arrays and param_* scalars (the format
 * of ../shared/docs/sam/vectors); OUT_FILE receives out_* lines (out_arr_*
 * for writers), written whole or not at all.  Primitive names and lines:
 * docs/golden-model.md.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden/golden.h"
#include "core/outfile.h"
#include "cli/cli.h"
#include "core/value.h"

const char sg_cmd_stream_usage[] =
    "usage: samgen stream PRIM IN_FILE -o OUT_FILE [--width W | --type T] [--max-tokens N]\n"
    "\n"
    "Runs one primitive of the golden model on the in_*/arr_*/param_* lines\n"
    "of IN_FILE and writes its out_* lines to OUT_FILE.  The input is checked\n"
    "first (docs/golden-model.md, \"Stream files\").\n"
    "  --width W       value width in bits, 1..64 (default 32)\n"
    "  --type T        value type: int8, int16, int32, int64, fp32, bf16 (default\n"
    "                  int32); a real value is its bits as a signed integer\n"
    "  --max-tokens N  scan_dense writes at most N coordinates (default 16777216)\n"
    "PRIM: scan_compressed scan_dense intersect union repsiggen repeat\n"
    "      arrayvals mul add sub max min reduce spacc vectorreducer\n"
    "      crddrop crdhold write_level write_vals\n";

int sg_cmd_stream(int argc, char **argv)
{
    static const struct option lo[] = {
        {"width", required_argument, NULL, 'w'},
        {"type", required_argument, NULL, 'y'},
        {"max-tokens", required_argument, NULL, 'm'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}
    };
    const char *outp = NULL;
    int width = 32, c, type_vt = 0;
    const char *width_arg = NULL;
    int64_t max_tokens = SG_STREAM_MAX_TOKENS;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
        switch (c) {
        case 'o': outp = optarg; break;
        case 'w': {
            int64_t v;
            if (sg_cli_int("stream", "--width", optarg, 1, 64, &v))
                return SG_EXIT_USAGE;
            width = (int)v;
            width_arg = optarg;
            break;
        }
        case 'y':
            if (sg_cli_type_parse("stream", optarg, &type_vt))
                return SG_EXIT_USAGE;
            break;
        case 'm':
            if (sg_cli_int("stream", "--max-tokens", optarg, 1, INT64_MAX, &max_tokens))
                return SG_EXIT_USAGE;
            break;
        case 'h': return sg_cli_print_usage("stream");
        default:
            return sg_cli_usage_error("stream", "unknown or incomplete option '%s'", argv[optind - 1]);
        }
    }
    if (optind + 2 != argc)
        return sg_cli_usage_error("stream", "expected PRIM and IN_FILE");
    if (type_vt) {
        char wo[64], nb[SG_VT_NAME_MAX];
        snprintf(wo, sizeof wo, "--width %s", width_arg ? width_arg : "");
        if (width_arg && type_vt != width)
            return sg_cli_usage_error("stream", "--type %s conflicts with %s; give one",
                                      sg_vt_name(type_vt, nb), wo);
        width = type_vt;      /* the value type: W, SG_VT_FP32 or SG_VT_BF16 */
    }
    if (!outp)
        return sg_cli_usage_error("stream", "missing -o OUT_FILE");
    sg_outplan plan;
    sg_outplan_init(&plan);
    sg_outplan_input(&plan, argv[optind + 1]);
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
    int rc = SG_EXIT_OK;
    if (sg_stream_file_read(argv[optind + 1], &in, &e) < 0 ||
        sg_golden_stream_run_limit(argv[optind], &in, width, max_tokens, &out, &e) < 0) {
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
    fprintf(of.f, "# samgen stream %s %s\n", argv[optind], argv[optind + 1]);
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
