/*
 * fuzz_tns.c - libFuzzer target for the FROSTT .tns reader (see
 * fuzz_mtx.c for what is checked).
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = fuzz_text(data, size);
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.sum_duplicates = size & 1;
    o.width = (int)(size % 64) + 1;
    sg_coo t;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tns_parse("fuzz.tns", buf, size, &o, &t, &e) == 0) {
        fuzz_check_coo(&t);
        char fmt[2 * SG_MAX_ORDER + 1];
        /* all compressed, modes reversed */
        for (int l = 0; l < t.order; l++) {
            fmt[l] = 's';
            fmt[t.order + l] = (char)('0' + t.order - 1 - l);
        }
        fmt[2 * t.order] = '\0';
        fuzz_build(&t, t.order ? fmt : "none");
        sg_coo_free(&t);
    } else {
        fuzz_check_err(&e, "fuzz.tns");
    }
    free(buf);
    return 0;
}
