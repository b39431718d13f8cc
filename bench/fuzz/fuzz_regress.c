/*
 * fuzz_regress.c - libFuzzer target for samgen regress's case list: a list
 * parses into named cases or fails with one line naming the file.
 */
#include "fuzz_common.h"
#include "cli/regress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) != size) {   /* the reader refuses NUL bytes before this */
        free(text);
        return 0;
    }
    rg_manifest m;
    memset(&m, 0, sizeof m);
    sg_err e;
    sg_err_clear(&e);
    if (sg_rg_manifest_parse("fuzz.txt", text, &m, &e) < 0) {
        fuzz_check_err(&e, "fuzz.txt");
        if (strncmp(e.msg, "fuzz.txt:", 9) != 0)
            abort();
    } else {
        for (size_t i = 0; i < m.n; i++)
            if (!m.c[i].name[0] || m.c[i].argc < 1 || m.c[i].argv[m.c[i].argc] != NULL)
                abort();
    }
    sg_rg_manifest_free(&m);
    free(text);
    return 0;
}
