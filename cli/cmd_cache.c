/*
 * cmd_cache.c - samgen cache: show and clean the Verilator build cache
 * (sim/cache.h).
 *
 *   samgen cache info
 *   samgen cache clean [--all | --older-than DAYS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "sim/cache.h"

const char sg_cmd_cache_usage[] =
    "usage: samgen cache info\n"
    "       samgen cache clean [--all | --older-than DAYS]\n"
    "\n"
    "The Verilator build cache of samgen verify: $SAMGEN_CACHE, else\n"
    "$XDG_CACHE_HOME/samgen, else ~/.cache/samgen.\n"
    "\n"
    "  info    location, number of builds, their total size, the least and\n"
    "          most recently used, and the cap\n"
    "  clean   remove the least recently used builds until the rest fit the\n"
    "          cap (--all: every build; --older-than DAYS: the builds not\n"
    "          used for more than DAYS days)\n";
const char sg_cmd_cache_notes[] =
    "The cap is $SAMGEN_CACHE_MAX MiB (default 512; 0: no cap); samgen verify\n"
    "enforces it after each Verilator build.\n";

static void print_size(unsigned long long b)
{
    printf("%.1f MiB", (double)b / (1024.0 * 1024.0));
}

static void print_time(time_t t)
{
    struct tm tm;
    char buf[64];
    if (gmtime_r(&t, &tm) && strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm))
        printf("%s", buf);
    else
        printf("?");
}

static int cache_info(const char *dir, unsigned long long cap)
{
    sg_cache_entry *ents;
    size_t n;
    sg_cache_list(dir, &ents, &n);
    unsigned long long total = 0;
    for (size_t i = 0; i < n; i++)
        total += ents[i].bytes;
    printf("location: %s\n", dir);
    printf("builds: %zu\n", n);
    printf("size: ");
    print_size(total);
    printf("\n");
    if (n) {
        printf("oldest: %s, last used ", ents[0].name);
        print_time(ents[0].used);
        printf("\nnewest: %s, last used ", ents[n - 1].name);
        print_time(ents[n - 1].used);
        printf("\n");
    }
    printf("cap: ");
    if (cap)
        print_size(cap);
    else
        printf("none");
    printf(" ($SAMGEN_CACHE_MAX)\n");
    free(ents);
    return SG_EXIT_OK;
}

static int cache_clean(const char *dir, unsigned long long cap, int all, long long days)
{
    sg_cache_entry *ents;
    size_t n, removed = 0, failed = 0;
    unsigned long long freed = 0, left = 0;
    if (!all && days < 0) {
        if (cap)
            removed = sg_cache_trim(dir, cap, NULL, &freed);
    } else {
        sg_cache_list(dir, &ents, &n);
        time_t now = time(NULL);
        for (size_t i = 0; i < n; i++) {
            if (!all && (double)(now - ents[i].used) <= (double)days * 86400.0)
                continue;
            if (sg_cache_remove(dir, ents[i].name) == 0) {
                removed++;
                freed += ents[i].bytes;
            } else {
                failed++;
            }
        }
        free(ents);
    }
    sg_cache_list(dir, &ents, &n);
    for (size_t i = 0; i < n; i++)
        left += ents[i].bytes;
    free(ents);
    printf("removed %zu build%s (", removed, removed == 1 ? "" : "s");
    print_size(freed);
    printf("); %zu left (", n);
    print_size(left);
    printf(") in %s\n", dir);
    if (failed) {
        fprintf(stderr, "samgen cache: %zu build%s in %s could not be removed\n", failed,
                failed == 1 ? "" : "s", dir);
        return SG_EXIT_CHECK;
    }
    return SG_EXIT_OK;
}

typedef struct cache_args {
    const char *sub;          /* the subcommand, NULL until given */
    const char *extra;        /* the first argument after it, NULL: none */
    char clean_opt[64];       /* the first of clean's options as spelled,
                                 "": none */
    int all;
    long long days;           /* --older-than, -1: not given */
} cache_args;

/* One option or argument (sg_opt_fn): the subcommand, then clean's
 * options (in any order). */
static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    cache_args *ca = ctx;
    int64_t d;
    switch (id) {
    case SG_OPT_ARG:
        if (ca->sub) {
            if (!ca->extra)
                ca->extra = arg;
            return 0;
        }
        if (strcmp(arg, "info") != 0 && strcmp(arg, "clean") != 0)
            return sg_cli_usage_error("cache", "unknown subcommand '%s' (expected info "
                                      "or clean)", arg);
        ca->sub = arg;
        return 0;
    case SG_OPT_ALL:
        ca->all = 1;
        break;
    case SG_OPT_OLDER_THAN:
        if (sg_cli_int("cache", spelled, arg, 0, 36500, &d))
            return SG_EXIT_USAGE;
        ca->days = (long long)d;
        break;
    default:
        return sg_cli_usage_error("cache", "unknown option '%s'", spelled);
    }
    if (!ca->clean_opt[0])
        snprintf(ca->clean_opt, sizeof ca->clean_opt, "%s", spelled);
    return 0;
}

int sg_cmd_cache(int argc, char **argv)
{
    cache_args ca = {NULL, NULL, "", 0, -1};
    int rc = sg_opt_parse("cache", argc, argv, on_opt, &ca);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    if (!ca.sub)
        return sg_cli_usage_error("cache", "expected 'info' or 'clean'");
    int info = strcmp(ca.sub, "info") == 0, all = ca.all;
    long long days = ca.days;
    /* No second argument; info takes no option. */
    const char *bad = ca.extra ? ca.extra : info && ca.clean_opt[0] ? ca.clean_opt : NULL;
    if (bad)
        return sg_cli_usage_error("cache", "%s: unknown option or missing value '%s'",
                                  ca.sub, bad);
    if (all && days >= 0)
        return sg_cli_usage_error("cache", "--all and --older-than exclude each other");
    sg_err e;
    sg_err_clear(&e);
    unsigned long long cap;
    if (sg_cache_max(&cap, &e) < 0)
        return sg_cli_usage_error("cache", "%s", e.msg);
    char dir[4096];
    sg_cache_dir(dir, sizeof dir);
    return info ? cache_info(dir, cap) : cache_clean(dir, cap, all, days);
}
