/*
 * fuzz_token.c - libFuzzer target for the token stream file reader (the
 * vectors format "name: 0 1 S0 D").  Parsed streams are written back and
 * read again: the second read must give the same tokens.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_common.h"
#include "core/token.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    sg_stream_file sf;
    sg_err e;
    sg_err_clear(&e);
    int r = sg_stream_file_readf(f, "fuzz.tok", &sf, &e);
    fclose(f);
    if (r < 0) {
        fuzz_check_err(&e, "fuzz.tok");
        return 0;
    }
    char *out = NULL;
    size_t outn = 0;
    FILE *w = open_memstream(&out, &outn);
    for (size_t i = 0; i < sf.n; i++)
        sg_stream_write_line(w, sf.lines[i].name, sf.lines[i].toks.t,
                             sf.lines[i].toks.n, sf.lines[i].kind);
    fclose(w);
    FILE *g = fmemopen(out, outn, "r");
    sg_stream_file sf2;
    if (g && sg_stream_file_readf(g, "again.tok", &sf2, &e) == 0) {
        /* A bare stream comes back named "stream": compare tokens only. */
        if (sf2.n != sf.n)
            abort();
        for (size_t i = 0; i < sf.n; i++) {
            if (sf2.lines[i].toks.n != sf.lines[i].toks.n)
                abort();
            for (size_t k = 0; k < sf.lines[i].toks.n; k++)
                if (!sg_tok_eq(sf2.lines[i].toks.t[k], sf.lines[i].toks.t[k]))
                    abort();
        }
        sg_stream_file_free(&sf2);
    } else if (sf.n) {
        /* What was read must be readable again once written. */
        fprintf(stderr, "re-read failed: %s\n", e.msg);
        abort();
    }
    if (g)
        fclose(g);
    free(out);
    sg_stream_file_free(&sf);
    return 0;
}
