/*
 * tb_vec.c - converts a multi-stream token file (the vectors format, "name:
 * tok tok ...") into the hex files the per-primitive testbenches read.
 *
 * usage: tb_vec FILE OUTDIR NAME=PORT ...
 *
 * For every NAME=PORT pair the line NAME of FILE is written to
 * OUTDIR/PORT.hex: one 64-bit hex word per line, the first holding the
 * number of tokens, then each token as {tag[63:62], payload[61:0]} with the
 * tag numbers of core/token.h (arrays and params: plain numbers, tag 0).
 * Idle cycles ('_') are dropped: the benches make their own timing.
 * A NAME absent from FILE gives a file whose count is all ones, which the
 * benches read as "not checked".  Exit 0 on success, 3 when the file has an
 * out_error line (the reference raises: nothing to check), 2 on bad input
 * with one "FILE:LINE: message" line (e.g. a non-integral value).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/token.h"

static int write_hex(const char *dir, const char *port,
                     const sg_stream_line *l)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/%s.hex", dir, port);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write\n", tmp);
        return -1;
    }
    if (!l) {
        fprintf(f, "ffffffffffffffff\n");
    } else {
        size_t n = 0;
        for (size_t i = 0; i < l->toks.n; i++)
            n += l->toks.t[i].kind != SG_TK_GAP;
        fprintf(f, "%016llx\n", (unsigned long long)n);
        for (size_t i = 0; i < l->toks.n; i++) {
            sg_tok t = l->toks.t[i];
            if (t.kind == SG_TK_GAP)
                continue;
            unsigned long long w = ((unsigned long long)(t.kind & 3) << 62) |
                ((unsigned long long)t.v & 0x3fffffffffffffffULL);
            fprintf(f, "%016llx\n", w);
        }
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "%s: write failed\n", path);
        remove(tmp);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tb_vec FILE OUTDIR NAME=PORT ...\n");
        return 2;
    }
    sg_err e;
    sg_err_clear(&e);
    sg_stream_file sf;
    memset(&sf, 0, sizeof sf);
    if (sg_stream_file_read(argv[1], &sf, &e) != 0) {
        fprintf(stderr, "%s\n", e.msg);
        return 2;
    }
    int rc = 0;
    if (sg_stream_file_get(&sf, "out_error")) {
        rc = 3;
        goto done;
    }
    for (int i = 3; i < argc; i++) {
        char name[256];
        const char *eq = strchr(argv[i], '=');
        if (!eq || (size_t)(eq - argv[i]) >= sizeof name) {
            fprintf(stderr, "tb_vec: bad mapping '%s' (want NAME=PORT)\n", argv[i]);
            rc = 2;
            goto done;
        }
        memcpy(name, argv[i], (size_t)(eq - argv[i]));
        name[eq - argv[i]] = 0;
        const sg_stream_line *l = sg_stream_file_get(&sf, name);
        if (write_hex(argv[2], eq + 1, l) != 0) {
            rc = 2;
            goto done;
        }
    }
done:
    sg_stream_file_free(&sf);
    return rc;
}
