/*
 * fuzz_json.c - libFuzzer target for the JSON reader behind `samgen dot
 * --report`: an input parses or fails with one line naming the file.
 */
#include "fuzz_common.h"
#include "core/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sg_json v;
    sg_err e;
    sg_err_clear(&e);
    if (sg_json_parse((const char *)data, size, "fuzz.json", &v, &e) < 0) {
        fuzz_check_err(&e, "fuzz.json");
        if (strncmp(e.msg, "fuzz.json:", 10) != 0)
            abort();
        return 0;
    }
    sg_json_free(&v);
    return 0;
}
