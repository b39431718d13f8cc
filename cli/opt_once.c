/*
 * opt_once.c - options that may not be given twice (see cli.h).
 *
 * A repeated single-valued option would silently let the last one win:
 * `-o a -o b` writes only b, `-t B=x -t B=y` runs on y.  main.c runs this
 * check once over every command's arguments before the command parses
 * them, so the rule holds for every command alike.  The spellings are
 * those the commands accept: `-o V`, `-oV`, `--out V`, `--out=V` (and
 * `--output`), `-t NAME=FILE`, `-tNAME=FILE`, `--tensor NAME=FILE`, and
 * compile's `-f X:ss`, `-fX:ss`, `-f=X:ss`, `--format X:ss`.
 */
#include <string.h>

#include "cli/cli.h"

/* How an option may repeat: never, or once per name (the text of its value
 * before sep). */
typedef struct once_opt {
    const char *shrt;          /* "-o" */
    const char *lng[2];        /* "--out", "--output" */
    char sep;                  /* 0: once; else once per name before sep */
    const char *cmds;          /* commands it applies to, " a b ", NULL: all */
} once_opt;

static const once_opt once_opts[] = {
    {"-o", {"--out", "--output"}, 0, NULL},
    {"-t", {"--tensor", NULL}, '=', " golden gen verify area "},
    {"-f", {"--format", NULL}, ':', " compile "},
};
#define N_ONCE (sizeof once_opts / sizeof once_opts[0])

/* Does argv[*i] spell option o?  Sets *val to its value (attached or the
 * next argument, which is then consumed) and *spell to how it was written. */
static int match(const once_opt *o, int argc, char **argv, int *i,
                 const char **val, char *spell, size_t cap)
{
    const char *a = argv[*i];
    size_t sn = strlen(o->shrt);
    const char *attached = NULL;
    const char *name = NULL;
    if (strncmp(a, o->shrt, sn) == 0) {
        name = o->shrt;
        if (a[sn])
            attached = a + sn + (a[sn] == '=' ? 1 : 0);
    } else {
        for (int k = 0; k < 2 && !name; k++) {
            size_t ln = o->lng[k] ? strlen(o->lng[k]) : 0;
            if (ln && strncmp(a, o->lng[k], ln) == 0 && (a[ln] == '\0' || a[ln] == '=')) {
                name = o->lng[k];
                if (a[ln] == '=')
                    attached = a + ln + 1;
            }
        }
    }
    if (!name)
        return 0;
    if (attached) {
        *val = attached;
    } else {
        if (*i + 1 >= argc)
            return 0;          /* a missing value is the command's to report */
        *val = argv[++*i];
    }
    if (*val[0] == '=')        /* compile's -f =X:ss */
        (*val)++;
    size_t n = strlen(name) < cap - 1 ? strlen(name) : cap - 1;
    memcpy(spell, name, n);
    spell[n] = '\0';
    return 1;
}

static int applies(const once_opt *o, const char *cmd)
{
    if (!o->cmds)
        return 1;
    size_t n = strlen(cmd);
    for (const char *p = strstr(o->cmds, cmd); p; p = strstr(p + 1, cmd))
        if (p[-1] == ' ' && p[n] == ' ')
            return 1;
    return 0;
}

static size_t key_len(const once_opt *o, const char *v)
{
    const char *s = o->sep ? strchr(v, o->sep) : NULL;
    return s ? (size_t)(s - v) : strlen(v);
}

int sg_cli_repeated_opts(const char *cmd, int argc, char **argv)
{
    for (size_t k = 0; k < N_ONCE; k++) {
        const once_opt *o = &once_opts[k];
        if (!applies(o, cmd))
            continue;
        /* Every occurrence against the earlier ones: few arguments. */
        for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
            const char *v;
            char spell[16];
            int at = i;
            if (!match(o, argc, argv, &i, &v, spell, sizeof spell))
                continue;
            for (int j = 1; j < at && strcmp(argv[j], "--") != 0; j++) {
                const char *w;
                char sp2[16];
                if (!match(o, argc, argv, &j, &w, sp2, sizeof sp2))
                    continue;
                if (!o->sep)
                    return sg_cli_usage_error(cmd, "%s given twice ('%s' and '%s'); "
                                              "give it once", spell, w, v);
                size_t kn = key_len(o, v);
                if (key_len(o, w) == kn && strncmp(v, w, kn) == 0)
                    return sg_cli_usage_error(cmd, "%s %.*s given twice ('%s' and '%s'); "
                                              "give it once", spell, (int)kn, v, w, v);
            }
        }
    }
    return 0;
}
