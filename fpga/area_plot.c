/*
 * area_plot.c - PNG charts of area results with gnuplot.
 *
 * Each chart is three files in the plot directory: the data (.dat), the
 * gnuplot script (.gp, runnable by hand with `gnuplot NAME.gp` in that
 * directory) and the PNG.  samgen has gnuplot write the PNG to a temporary
 * name (the variable outfile) and renames it, so a failed run leaves no
 * partial picture.
 *
 * Sections: helpers; family breakdown; sweep.
 */
#include "fpga/area.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* ---- helpers ----------------------------------------------------------------- */

static long fam_metric(const area_result *r, const area_counts *c)
{
    if (r->target != AREA_GENERIC)
        return c->luts;
    return c->transistors >= 0 ? c->transistors : c->cells;
}

static const char *fam_metric_name(const area_result *r)
{
    if (r->target == AREA_ICE40)
        return "iCE40 LUT4s";
    if (r->target == AREA_XILINX)
        return "Xilinx LUTs";
    return r->total.transistors >= 0 ? "transistors (CMOS estimate)" : "cells";
}

/* Close f, run gnuplot on base.gp in dir, rename the PNG into place. */
static int finish(FILE *gp, const char *dir, const char *base, char *path,
                  size_t np, sg_err *e)
{
    char p[1400], tmp[1400];
    snprintf(p, sizeof p, "%s/%s.gp", dir, base);
    if (fclose(gp) != 0)
        return sg_errf(e, p, 0, "write error");
    char setout[1400];
    snprintf(setout, sizeof setout, "outfile='%s.png.tmp'", base);
    snprintf(p, sizeof p, "%s.gp", base);
    char *argv[] = {"gnuplot", "-e", setout, p, NULL};
    int st = sg_area_exec(dir, argv, NULL, NULL, NULL, NULL, NULL, 0, e);
    if (st < 0)
        return -1;
    snprintf(tmp, sizeof tmp, "%s/%s.png.tmp", dir, base);
    if (st != 0) {
        remove(tmp);
        return sg_errf(e, NULL, 0, "gnuplot failed on %s/%s.gp", dir, base);
    }
    snprintf(path, np, "%s/%s.png", dir, base);
    if (rename(tmp, path) != 0)
        return sg_errf(e, path, 0, "cannot rename: %s", strerror(errno));
    return 0;
}

static FILE *open_in(const char *dir, const char *base, const char *ext,
                     sg_err *e)
{
    char p[1400];
    mkdir(dir, 0777);
    snprintf(p, sizeof p, "%s/%s.%s", dir, base, ext);
    FILE *f = fopen(p, "w");
    if (!f)
        sg_errf(e, p, 0, "cannot write: %s", strerror(errno));
    return f;
}

static void preamble(FILE *gp, const char *base, const char *title)
{
    fprintf(gp, "# %s.gp - written by samgen area; run with: gnuplot %s.gp\n"
                "set terminal png size 900,520\n"
                "if (!exists('outfile')) outfile = '%s.png'\n"
                "set output outfile\n"
                "set title \"%s\" noenhanced\n"
                "set grid ytics\n", base, base, base, title);
}

/* ---- family breakdown ------------------------------------------------------------ */

int sg_area_plot_families(const char *dir, const char *name,
                       const area_result *r, char *path, size_t np, sg_err *e)
{
    char base[300], title[400];
    snprintf(base, sizeof base, "area-%s-families", name);
    const char *fam[32];
    area_counts fc[32];
    size_t nf = sg_area_families(r, fam, fc, 32);
    if (nf == 0)
        return sg_errf(e, NULL, 0, "%s has no primitive instances to plot", name);
    FILE *dat = open_in(dir, base, "dat", e);
    if (!dat)
        return -1;
    long tot = fam_metric(r, &r->total);
    fprintf(dat, "# family %s percent\n", fam_metric_name(r));
    for (size_t i = 0; i < nf; i++) {
        long m = fam_metric(r, &fc[i]);
        fprintf(dat, "%s %ld %.2f\n", fam[i], m,
                tot > 0 ? 100.0 * (double)m / (double)tot : 0.0);
    }
    if (fclose(dat) != 0)
        return sg_errf(e, base, 0, "write error");
    FILE *gp = open_in(dir, base, "gp", e);
    if (!gp)
        return -1;
    snprintf(title, sizeof title, "%s: area by primitive family (%s, total %ld)",
             name, fam_metric_name(r), tot);
    preamble(gp, base, title);
    fprintf(gp, "set style data histograms\n"
                "set style fill solid 0.7 border -1\n"
                "set boxwidth 0.7\n"
                "set ylabel \"%s\"\n"
                "set yrange [0:*]\n"
                "set xtics rotate by -30 noenhanced\n"
                "plot '%s.dat' using 2:xtic(1) notitle lc rgb '#3070b0', \\\n"
                "     '' using 0:2:(sprintf('%%.1f%%%%', $3)) with labels offset 0,0.8 notitle\n",
            fam_metric_name(r), base);
    return finish(gp, dir, base, path, np, e);
}

/* ---- sweep ------------------------------------------------------------------------ */

int sg_area_plot_sweep(const char *dir, const char *name, const char *param,
                    const char *const *vals, const area_result *r, size_t n,
                    char *path, size_t np, sg_err *e)
{
    char base[300], title[400];
    snprintf(base, sizeof base, "area-%s-sweep-%s", name, param);
    if (n == 0)
        return sg_errf(e, NULL, 0, "empty sweep");
    int fpga = r[0].target != AREA_GENERIC;
    int has_fmax = 0;
    FILE *dat = open_in(dir, base, "dat", e);
    if (!dat)
        return -1;
    fprintf(dat, "# %s %s FFs cells fmax_MHz\n", param, fpga ? "LUTs" : "transistors");
    for (size_t i = 0; i < n; i++) {
        double fm = r[i].pnr.fits == 1 ? r[i].pnr.fmax_mhz : -1;
        if (fm > 0)
            has_fmax = 1;
        fprintf(dat, "%s %ld %ld %ld ", vals[i],
                fpga ? r[i].total.luts : r[i].total.transistors,
                r[i].total.ffs, r[i].total.cells);
        if (fm > 0)
            fprintf(dat, "%.2f\n", fm);
        else
            fprintf(dat, "NaN\n");
    }
    if (fclose(dat) != 0)
        return sg_errf(e, base, 0, "write error");
    FILE *gp = open_in(dir, base, "gp", e);
    if (!gp)
        return -1;
    snprintf(title, sizeof title, "%s: area against %s (%s)", name, param,
             sg_area_target_name(r[0].target));
    preamble(gp, base, title);
    fprintf(gp, "set xlabel \"%s\" noenhanced\n"
                "set ylabel \"%s\"\n"
                "set yrange [0:*]\n"
                "set key below\n", param, fpga ? "LUTs, FFs" : "transistors, FFs");
    if (has_fmax)
        fprintf(gp, "set y2label \"fmax (MHz)\"\nset y2range [0:*]\nset y2tics\n");
    fprintf(gp, "plot '%s.dat' using 0:2:xtic(1) with linespoints lw 2 title '%s', \\\n"
                "     '' using 0:3 with linespoints lw 2 title 'FFs'",
            base, fpga ? "LUTs" : "transistors");
    if (has_fmax)
        fprintf(gp, ", \\\n     '' using 0:5 axes x1y2 with linespoints dt 2 lw 2 title 'fmax (MHz)'");
    fprintf(gp, "\n");
    return finish(gp, dir, base, path, np, e);
}
