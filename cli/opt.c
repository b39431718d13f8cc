/*
 * opt.c - the option parser and help writer of every command (opt.h),
 * driven by cli/options.def.
 */
#include "cli/opt.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct opt_spell {
    const char *lng, *alias;
    char shrt;
    int takes_value;
    int once;                 /* 0, 1, or the name separator */
} opt_spell;

static const opt_spell spell[SG_OPT__COUNT] = {
#define SG_OPTION(id, lng, alias, shrt, val, once) [SG_OPT_##id] = {lng, alias, shrt, val, once},
#include "cli/options.def"
#undef SG_OPTION
};

typedef struct opt_use {
    const char *cmd;
    sg_opt_id id;
    const char *value, *help;
} opt_use;

static const opt_use uses[] = {
#define SG_OPT_FOR(c, id, value, help) {#c, SG_OPT_##id, value, help},
#include "cli/options.def"
#undef SG_OPT_FOR
};
#define N_USES (sizeof uses / sizeof uses[0])

int sg_opt_takes(const char *cmd, sg_opt_id id)
{
    for (size_t i = 0; i < N_USES; i++)
        if (uses[i].id == id && strcmp(uses[i].cmd, cmd) == 0)
            return 1;
    return 0;
}

/* The row of cmd's option spelled a (without "=VALUE": n characters of
 * the name after the dashes), or NULL. */
static const opt_use *find_long(const char *cmd, const char *a, size_t n)
{
    for (size_t i = 0; i < N_USES; i++) {
        if (strcmp(uses[i].cmd, cmd) != 0)
            continue;
        const opt_spell *s = &spell[uses[i].id];
        if ((strlen(s->lng) == n && strncmp(s->lng, a, n) == 0) ||
            (s->alias && strlen(s->alias) == n && strncmp(s->alias, a, n) == 0))
            return &uses[i];
    }
    return NULL;
}

static const opt_use *find_short(const char *cmd, char c)
{
    for (size_t i = 0; i < N_USES; i++)
        if (strcmp(uses[i].cmd, cmd) == 0 && spell[uses[i].id].shrt == c)
            return &uses[i];
    return NULL;
}

static int unknown(const char *cmd, const char *a)
{
    return sg_cli_usage_error(cmd, "unknown option '%s'", a);
}

static int parse(const char *cmd, int argc, char **argv, sg_opt_fn fn, void *ctx,
                 const opt_use **seen_u, const char **seen_v);

/* The name part of a value of an option given once per name. */
static size_t key_len(int sep, const char *v)
{
    const char *s = strchr(v, sep);
    return s ? (size_t)(s - v) : strlen(v);
}

/* Was option u with value v given before (seen[0..n-1])?  Prints the
 * message and returns SG_EXIT_USAGE, else 0. */
static int repeated(const char *cmd, const opt_use *u, const char *name,
                    const char *v, const opt_use **seen_u,
                    const char **seen_v, int n)
{
    int sep = spell[u->id].once;
    if (!sep)
        return 0;
    if (v[0] == '=')           /* compile's -f =X:ss */
        v++;
    for (int k = 0; k < n; k++) {
        if (seen_u[k]->id != u->id)
            continue;
        const char *w = seen_v[k];
        if (sep == 1)
            return sg_cli_usage_error(cmd, "%s given twice ('%s' and '%s'); "
                                      "give it once", name, w, v);
        size_t kn = key_len(sep, v);
        if (key_len(sep, w) == kn && strncmp(v, w, kn) == 0)
            return sg_cli_usage_error(cmd, "%s %.*s given twice ('%s' and '%s'); "
                                      "give it once", name, (int)kn, v, w, v);
    }
    return 0;
}

int sg_opt_parse(const char *cmd, int argc, char **argv, sg_opt_fn fn, void *ctx)
{
    /* Every option first: a repeat is refused before any is used. */
    const opt_use **seen_u = sg_calloc((size_t)argc + 1, sizeof *seen_u);
    const char **seen_v = sg_calloc((size_t)argc + 1, sizeof *seen_v);
    int rc = parse(cmd, argc, argv, NULL, NULL, seen_u, seen_v);
    if (rc < 0)
        sg_cli_print_usage(cmd);
    else if (rc == 0)
        rc = parse(cmd, argc, argv, fn, ctx, NULL, NULL);
    free(seen_u);
    free(seen_v);
    return rc;
}

/* One pass over the arguments: with fn, hand each to fn; without, only
 * check the spellings and repeats (seen_u/seen_v: room for argc). */
static int parse(const char *cmd, int argc, char **argv, sg_opt_fn fn, void *ctx,
                 const opt_use **seen_u, const char **seen_v)
{
    int rest = 0, nseen = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc;
        if (rest || a[0] != '-' || a[1] == '\0') {
            if (fn && (rc = fn(ctx, SG_OPT_ARG, rest ? "--" : NULL, a)) != 0)
                return rc;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            rest = 1;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            if (fn)
                sg_cli_print_usage(cmd);
            return -1;
        }
        const opt_use *u;
        const char *val = NULL;
        char name[64];
        if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
            u = find_long(cmd, a + 2, n);
            if (!u || n + 3 > sizeof name)
                return unknown(cmd, a);
            snprintf(name, sizeof name, "--%.*s", (int)n, a + 2);
            if (eq)
                val = eq + 1;
        } else {
            u = find_short(cmd, a[1]);
            if (!u)
                return unknown(cmd, a);
            snprintf(name, sizeof name, "-%c", a[1]);
            if (a[2])
                val = a + 2 + (a[2] == '=');
        }
        if (!spell[u->id].takes_value) {
            if (val)
                return sg_cli_usage_error(cmd, "option '%s' takes no value", name);
        } else if (!val) {
            if (i + 1 >= argc)
                return sg_cli_usage_error(cmd, "option '%s' needs a value (%s)", name,
                                          u->value ? u->value : "VALUE");
            val = argv[++i];
        }
        if (!fn) {
            if (!val)
                continue;
            if ((rc = repeated(cmd, u, name, val, seen_u, seen_v, nseen)) != 0)
                return rc;
            seen_u[nseen] = u;
            seen_v[nseen++] = val[0] == '=' ? val + 1 : val;
        } else if ((rc = fn(ctx, u->id, name, val)) != 0) {
            return rc;
        }
    }
    return 0;
}

int sg_cli_scale(const char *cmd, const char *opt, const char *s, double *out)
{
    if (sg_cli_scale_parse(s, out) < 0)
        return sg_cli_usage_error(cmd, "%s: expected a non-zero number, got '%s'",
                                  opt, s);
    return 0;
}

/* ---- help ----------------------------------------------------------------- */

/* "-o, --out DIR" */
static void spelling(const opt_use *u, char *buf, size_t cap)
{
    const opt_spell *s = &spell[u->id];
    char sh[8] = "";
    if (s->shrt)
        snprintf(sh, sizeof sh, "-%c, ", s->shrt);
    snprintf(buf, cap, "%s--%s%s%s", sh, s->lng, u->value ? " " : "",
             u->value ? u->value : "");
}

#define HELP_COL 24

static void write_text(FILE *f, const opt_use *u)
{
    char sp[128];
    spelling(u, sp, sizeof sp);
    const char *h = u->help;
    if (strlen(sp) + 2 > HELP_COL - 1)
        fprintf(f, "  %s\n%*s", sp, HELP_COL, "");
    else
        fprintf(f, "  %-*s", HELP_COL - 2, sp);
    for (;;) {
        const char *nl = strchr(h, '\n');
        if (!nl) {
            fprintf(f, "%s\n", h);
            break;
        }
        fprintf(f, "%.*s\n%*s", (int)(nl - h), h, HELP_COL, "");
        h = nl + 1;
    }
    if (spell[u->id].alias)
        fprintf(f, "%*s(also --%s)\n", HELP_COL, "", spell[u->id].alias);
}

static void write_md(FILE *f, const opt_use *u)
{
    char sp[128];
    spelling(u, sp, sizeof sp);
    fprintf(f, "| `%s` | ", sp);
    for (const char *h = u->help; *h; h++) {
        if (*h == '\n')
            fputc(' ', f);
        else if (*h == '|')
            fputs("\\|", f);
        else
            fputc(*h, f);
    }
    if (spell[u->id].alias)
        fprintf(f, " (also `--%s`)", spell[u->id].alias);
    fprintf(f, " |\n");
}

void sg_opt_write_help(FILE *f, const char *cmd, const char *usage,
                       const char *notes, int markdown)
{
    if (markdown)
        fprintf(f, "## samgen %s\n\n```text\n", cmd);
    fputs(usage, f);
    if (markdown)
        fprintf(f, "```\n\n| option | meaning |\n|---|---|\n");
    else
        fprintf(f, "\noptions:\n");
    for (size_t i = 0; i < N_USES; i++)
        if (strcmp(uses[i].cmd, cmd) == 0)
            (markdown ? write_md : write_text)(f, &uses[i]);
    if (markdown)
        fprintf(f, "| `-h, --help` | print this help |\n");
    else
        fprintf(f, "  %-*s%s\n", HELP_COL - 2, "-h, --help", "print this help");
    if (notes && notes[0]) {
        if (markdown)
            fprintf(f, "\n```text\n%s```\n", notes);
        else
            fprintf(f, "\n%s", notes);
    }
    if (markdown)
        fprintf(f, "\n");
}
