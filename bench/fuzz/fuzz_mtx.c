/*
 * fuzz_mtx.c - libFuzzer target for the Matrix Market reader.
 *
 * Any input must either parse into a consistent tensor (coordinates in
 * range, sorted, no duplicates) or fail with a one-line "FILE:LINE: msg";
 * never crash, leak or trip a sanitizer.  A parsed matrix also goes through
 * the fibertree builder.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = fuzz_text(data, size);
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.sum_duplicates = size & 1;      /* exercise both duplicate policies */
    sg_coo t;
    sg_err e;
    sg_err_clear(&e);
    if (sg_mtx_parse("fuzz.mtx", buf, size, &o, &t, &e) == 0) {
        fuzz_check_coo(&t);
        fuzz_build(&t, "ss01");
        fuzz_build(&t, "ds10");
        sg_coo_free(&t);
    } else {
        fuzz_check_err(&e, "fuzz.mtx");
    }
    free(buf);
    return 0;
}
