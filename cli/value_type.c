/*
 * value_type.c - the --type option of the commands that compute or build
 * (golden, gen, verify, area, stream): docs/values.md, "Value types".
 * (sg_cli_type_parse, which prints its usage error, is in main.c.)
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "core/value.h"

int sg_cli_value_type(const char *cmd, int type_vt, int width, const char *width_opt,
                      double scale, sg_vt_file *f, int n, int quiet, int *vt,
                      sg_err *e)
{
    sg_err ce;
    sg_err_clear(&ce);
    if (sg_vt_choose(type_vt, width, width_opt, scale, f, n, vt, &ce) < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen %s: %s", cmd, ce.msg);
    int rounded = 0;
    for (int i = 0; i < n; i++) {
        char msg[4400];
        if (sg_vt_round_warning(&f[i], msg, sizeof msg)) {
            fprintf(stderr, "samgen %s: warning: %s\n", cmd, msg);
            rounded = 1;
        }
    }
    char nb[SG_VT_NAME_MAX];
    if (!quiet && (type_vt || sg_vt_is_fp(*vt) || rounded))
        fprintf(stderr, "samgen %s: value type %s%s\n", cmd, sg_vt_name(*vt, nb),
                type_vt ? "" : sg_vt_is_fp(*vt) ? " (an input holds non-integer values)"
                                                 : "");
    return 0;
}
