/*
 * gen_standalone.c - the file list, README, standalone testbench and its
 * memory files that samgen gen writes beside the top (gen_standalone.h).
 *
 * The testbench drives the top as sim/sam_tb.v does for samgen verify:
 * host writes with the engine idle (host_en_i high), a reset cycle, start,
 * clock until done_o, then the output memories read back through the host
 * port (host_len_o words, each on host_rdata_o the cycle after its
 * address).  What verify writes into its host script (input arrays,
 * dense dimensions) and compares afterwards (the golden model's output
 * arrays) goes into memory files instead.
 */
/* realpath is an X/Open function. */
#define _XOPEN_SOURCE 700

#include "cli/gen_standalone.h"
#include "cli/gen_constraints.h"
#include "cli/gen_axi.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/paths.h"

#define SG_TB_SLACK 100000ULL   /* cycles a run may take beyond 10x golden */

/* ---- rtl/ dependencies ------------------------------------------------- */

static int is_ident(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_' || ch == '$';
}

/* A copy of text with comments and string literals blanked. */
static char *strip_code(const char *text)
{
    size_t n = strlen(text);
    char *s = sg_malloc(n + 1);
    memcpy(s, text, n + 1);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '/' && s[i + 1] == '/') {
            while (i < n && s[i] != '\n')
                s[i++] = ' ';
        } else if (s[i] == '/' && s[i + 1] == '*') {
            s[i] = s[i + 1] = ' ';
            for (i += 2; i < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
                if (s[i] != '\n')
                    s[i] = ' ';
            if (i < n)
                s[i] = s[i + 1] = ' ';
            i++;
        } else if (s[i] == '"') {
            s[i++] = ' ';
            while (i < n && s[i] != '"' && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n)
                    s[i++] = ' ';
                s[i++] = ' ';
            }
            if (i < n && s[i] == '"')
                s[i] = ' ';
        }
    }
    return s;
}

/* 1 when word occurs in s as a whole identifier. */
static int has_word(const char *s, const char *word)
{
    size_t wl = strlen(word);
    for (const char *p = strstr(s, word); p; p = strstr(p + 1, word))
        if ((p == s || !is_ident((unsigned char)p[-1])) && !is_ident((unsigned char)p[wl]))
            return 1;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct deps {
    char *name[128];
    char *body[128];     /* stripped text of rtl/<name>.v */
    int state[128];      /* 0 new, 1 visiting, 2 done */
    int n;
    char **out;
    int n_out, cap;
} deps;

static void visit(deps *d, int k)
{
    if (d->state[k])
        return;
    d->state[k] = 1;
    for (int j = 0; j < d->n; j++)
        if (j != k && has_word(d->body[k], d->name[j]))
            visit(d, j);
    d->state[k] = 2;
    if (d->n_out < d->cap)
        d->out[d->n_out++] = sg_strdup(d->name[k]);
}

int sg_standalone_rtl_deps(const char *rtl_dir, const char *text, char **names,
                           int cap)
{
    DIR *dir = opendir(rtl_dir);
    if (!dir)
        return -1;
    deps d;
    memset(&d, 0, sizeof d);
    struct dirent *de;
    while ((de = readdir(dir)) != NULL && d.n < 128) {
        size_t l = strlen(de->d_name);
        if (l > 2 && strcmp(de->d_name + l - 2, ".v") == 0) {
            d.name[d.n] = sg_strdup(de->d_name);
            d.name[d.n][l - 2] = '\0';
            d.n++;
        }
    }
    closedir(dir);
    qsort(d.name, (size_t)d.n, sizeof d.name[0], cmp_str);
    int rc = 0;
    for (int k = 0; k < d.n; k++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s.v", rtl_dir, d.name[k]);
        char *raw = NULL;
        size_t len = 0;
        FILE *f = fopen(path, "r");
        FILE *m = f ? open_memstream(&raw, &len) : NULL;
        if (!f || !m) {
            if (f)
                fclose(f);
            rc = -1;
            break;
        }
        char buf[4096];
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, f)) > 0)
            fwrite(buf, 1, got, m);
        fclose(f);
        fclose(m);
        d.body[k] = strip_code(raw);
        free(raw);
    }
    d.out = names;
    d.cap = cap;
    if (rc == 0) {
        char *top = strip_code(text);
        for (int k = 0; k < d.n; k++)
            if (has_word(top, d.name[k]))
                visit(&d, k);
        free(top);
        rc = d.n_out;
    }
    for (int k = 0; k < d.n; k++) {
        free(d.name[k]);
        free(d.body[k]);
    }
    return rc;
}

/* ---- the design as the testbench sees it -------------------------------- */

int sg_standalone_expected(const gen_ctx *c, const sg_emit_mem *m, const int64_t **w,
                           size_t *n)
{
    const sg_node *nd = &c->g.nodes[m->node];
    for (int o = 0; o < c->gold.n_out; o++) {
        if (strcmp(c->gold.out[o].name, nd->tensor) != 0)
            continue;
        const sg_fibertree *ft = &c->gold.out[o].ft;
        *w = NULL;
        *n = 0;
        if (m->arr == SG_ARR_VALS) {
            *w = ft->vals;
            *n = ft->nvals;
        } else {
            for (int lv = 0; lv < ft->fmt.order; lv++)
                if (ft->fmt.mode[lv] == nd->mode) {
                    *w = m->arr == SG_ARR_SEG ? ft->lvl[lv].seg : ft->lvl[lv].crd;
                    *n = m->arr == SG_ARR_SEG ? ft->lvl[lv].nseg : ft->lvl[lv].ncrd;
                }
        }
        return 1;
    }
    return 0;
}

void sg_standalone_contents(const gen_ctx *c, const sg_emit_mem *m, char *buf, size_t n)
{
    const sg_node *nd = &c->g.nodes[m->node];
    if (m->arr == SG_ARR_VALS)
        snprintf(buf, n, "%s vals", nd->tensor);
    else
        snprintf(buf, n, "%s mode %d %s", nd->tensor, nd->mode, sg_emit_arr_name(m->arr));
}

static uint64_t mask_of(int width)
{
    return width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
}

/* ---- files ------------------------------------------------------------- */

FILE *sg_standalone_open(sg_standalone *s, const char *path, sg_err *e)
{
    sg_grow((void **)&s->f, &s->cap, s->n + 1, sizeof *s->f);
    if (sg_outfile_open(&s->f[s->n], path, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return NULL;
    }
    return s->f[s->n++].f;
}

/* One word per line, in hex, ceil(width/4) digits. */
static int write_hex(sg_standalone *s, const char *path, const int64_t *w, size_t n,
                     int width, sg_err *e)
{
    FILE *f = sg_standalone_open(s, path, e);
    if (!f)
        return -1;
    int digits = (width + 3) / 4;
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%0*llx\n", digits, (unsigned long long)((uint64_t)w[i] & mask_of(width)));
    return 0;
}

void sg_standalone_plan(sg_outplan *p, const char *outdir, const char *module,
                        int with_tb)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/filelist.f", outdir);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    snprintf(path, sizeof path, "%s/README", outdir);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    for (int k = 0; k < SG_CONSTRAINT_N; k++) {
        snprintf(path, sizeof path, "%s/%s%s", outdir, module,
                 sg_constraint_suffix((sg_constraint_kind)k));
        sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    }
    size_t ml = strlen(module);
    int kl = ml > 4 && strcmp(module + ml - 4, "_top") == 0 ? (int)(ml - 4) : (int)ml;
    snprintf(path, sizeof path, "%s/filelist_axi.f", outdir);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    snprintf(path, sizeof path, "%s/%.*s_axi.v", outdir, kl, module);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    if (!with_tb)
        return;
    snprintf(path, sizeof path, "%s/tb_%.*s.v", outdir, kl, module);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    snprintf(path, sizeof path, "%s/tb_%.*s_axi.v", outdir, kl, module);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    snprintf(path, sizeof path, "%s/mem", outdir);
    sg_outplan_output(p, SG_OUT_DIR, "-o", path, NULL);
}

/* DIR/filelist.f, and DIR/filelist_axi.f: the same plus the AXI4-Lite
 * control block and the wrapper <kernel>_axi.v. */
static int write_filelist(sg_standalone *s, const char *dir, const char *rtl,
                          char **mods, int n_mods, const char *module,
                          const char *kernel, int dma, sg_err *e)
{
    char path[4400];
    for (int axi = 0; axi < 2; axi++) {
        snprintf(path, sizeof path, "%s/%s", dir, axi ? "filelist_axi.f" : "filelist.f");
        FILE *f = sg_standalone_open(s, path, e);
        if (!f)
            return -1;
        fprintf(f, "+incdir+%s\n", rtl);
        fprintf(f, "+define+SG_TAP_NOTRACE\n+define+SG_TAP_NOSTALL\n");
        for (int i = 0; i < n_mods; i++)
            fprintf(f, "%s/%s.v\n", rtl, mods[i]);
        fprintf(f, "%s/%s.v\n", dir, module);
        if (axi)
            fprintf(f, "%s/sam_axil_ctrl.v\n%s%s%s%s/%s_axi.v\n", rtl, dma ? rtl : "",
                    dma ? "/sam_axi_dma.v" : "", dma ? "\n" : "", dir, kernel);
    }
    return 0;
}

/* Long because it is the bench's text, one fprintf per line in the
 * order the file reads; split, the Verilog would be harder to follow. */
static void write_tb_text(FILE *f, const gen_ctx *c, const char *kernel,
                          const char *dir, unsigned long long max_cycles)
{
    const sg_emit_design *d = &c->design;
    int ha, hd;
    sg_gen_host_widths(c, &ha, &hd);
    fprintf(f, "// tb_%s.v - self-checking testbench for %s, generated by samgen gen\n",
            kernel, d->module);
    fprintf(f, "// with the tensors bound by -t; do not edit.  Plain Verilog-2005 (and\n");
    fprintf(f, "// $fatal); needs neither samgen nor a C++ harness.  README in this\n");
    fprintf(f, "// directory gives the commands for Icarus and for Verilator --binary.\n");
    fprintf(f, "// It loads the input arrays and dense dimensions from mem/ through the\n");
    fprintf(f, "// host port, starts the run, reads every output array back and compares\n");
    fprintf(f, "// it with the golden model's (mem/expect_m<sel>.hex).  It prints PASS, or\n");
    fprintf(f, "// FAIL with the first difference and ends with $fatal (nonzero exit).\n");
    fprintf(f, "// +max_cycles=N bounds the run (default %llu); the top's watchdog\n", max_cycles);
    fprintf(f, "// (+watchdog=N cycles without a token moving) ends it as a FAIL too, and\n");
    fprintf(f, "// so does a run that ends with error bits set (error_o).\n");
    fprintf(f, "// The memory files are read from `SG_MEMDIR (define it to move them).\n");
    fprintf(f, "`ifndef SG_MEMDIR\n`define SG_MEMDIR \"%s/mem\"\n`endif\n\n", dir);
    fprintf(f, "module tb_%s;\n", kernel);
    fprintf(f, "  localparam integer HA = %d;   // host address bits\n", ha);
    fprintf(f, "  localparam integer HD = %d;   // host data bits\n", hd);
    fprintf(f, "  localparam integer CW = %d;   // CrdWidth: host_len_o bits\n\n", c->crd_width);
    fprintf(f, "  reg           clk_q, rst_nq, start_q, host_en_q, host_we_q;\n");
    fprintf(f, "  reg  [7:0]    host_sel_q;\n  reg  [HA-1:0] host_addr_q;\n");
    fprintf(f, "  reg  [HD-1:0] host_wdata_q;\n  wire [HD-1:0] host_rdata;\n");
    fprintf(f, "  wire [CW-1:0] host_len;\n  wire          done;\n  wire [3:0]    error;\n\n");
    fprintf(f, "  %s dut (\n", d->module);
    fprintf(f, "    .clk_i(clk_q), .rst_ni(rst_nq), .start_i(start_q), .done_o(done),\n");
    fprintf(f, "    .host_en_i(host_en_q), .host_we_i(host_we_q), .host_sel_i(host_sel_q),\n");
    fprintf(f, "    .host_addr_i(host_addr_q), .host_wdata_i(host_wdata_q),\n");
    fprintf(f, "    .host_rdata_o(host_rdata), .host_len_o(host_len), .error_o(error)\n  );\n\n");

    /* arrays */
    fprintf(f, "  // Input arrays (loaded through the host port) and expected outputs.\n");
    if (d->n_dim)
        fprintf(f, "  reg [HD-1:0] dims [0:%zu];   // mem/dims.hex: dense dimensions\n",
                d->n_dim - 1);
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        const int64_t *w;
        size_t n = 0;
        char what[160];
        sg_standalone_contents(c, m, what, sizeof what);
        if (!m->is_output) {
            if (sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) < 0 || n == 0)
                continue;
            fprintf(f, "  reg [%d:0] load_m%d [0:%zu];   // mem/load_m%d.hex: %s\n",
                    m->width - 1, m->sel, n - 1, m->sel, what);
        } else if (sg_standalone_expected(c, m, &w, &n) && n > 0) {
            fprintf(f, "  reg [%d:0] expect_m%d [0:%zu];   // mem/expect_m%d.hex: %s\n",
                    m->width - 1, m->sel, n - 1, m->sel, what);
        }
    }
    fprintf(f, "\n  integer i, len, words;\n  reg [63:0] cyc, max_cycles;\n");
    fprintf(f, "  reg [HD-1:0] word;\n\n");
    fprintf(f, "  task tick;\n    begin\n      #1 clk_q = 1'b1;\n      #1 clk_q = 1'b0;\n    end\n  endtask\n\n");
    fprintf(f, "  // One host write: the word is stored at the rising edge.\n");
    fprintf(f, "  task host_write;\n    input [7:0] sel;\n    input [HA-1:0] addr;\n");
    fprintf(f, "    input [HD-1:0] data;\n    begin\n");
    fprintf(f, "      host_en_q = 1'b1; host_we_q = 1'b1; host_sel_q = sel;\n");
    fprintf(f, "      host_addr_q = addr; host_wdata_q = data;\n      tick;\n");
    fprintf(f, "      host_we_q = 1'b0;\n    end\n  endtask\n\n");

    fprintf(f, "  initial begin\n");
    fprintf(f, "    clk_q = 1'b0; rst_nq = 1'b0; start_q = 1'b0;\n");
    fprintf(f, "    host_en_q = 1'b1; host_we_q = 1'b0; host_sel_q = 8'd0;\n");
    fprintf(f, "    host_addr_q = 0; host_wdata_q = 0; words = 0;\n");
    fprintf(f, "    max_cycles = 64'd%llu;\n", max_cycles);
    fprintf(f, "    if ($value$plusargs(\"max_cycles=%%d\", max_cycles)) begin end\n");
    if (d->n_dim)
        fprintf(f, "    $readmemh({`SG_MEMDIR, \"/dims.hex\"}, dims);\n");
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        const int64_t *w;
        size_t n = 0;
        if (!m->is_output) {
            if (sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) == 0 && n > 0)
                fprintf(f, "    $readmemh({`SG_MEMDIR, \"/load_m%d.hex\"}, load_m%d);\n",
                        m->sel, m->sel);
        } else if (sg_standalone_expected(c, m, &w, &n) && n > 0) {
            fprintf(f, "    $readmemh({`SG_MEMDIR, \"/expect_m%d.hex\"}, expect_m%d);\n",
                    m->sel, m->sel);
        }
    }
    fprintf(f, "    tick;\n\n    // Load: dense dimensions (select 0), then the input memories.\n");
    for (size_t i = 0; i < d->n_dim; i++)
        fprintf(f, "    host_write(8'd0, %d, dims[%zu]);\n", d->dim[i].addr, i);
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        const int64_t *w;
        size_t n = 0;
        if (m->is_output || sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) < 0 || n == 0)
            continue;
        fprintf(f, "    for (i = 0; i < %zu; i = i + 1)\n", n);
        fprintf(f, "      host_write(8'd%d, i, load_m%d[i]);\n", m->sel, m->sel);
    }
    fprintf(f, "\n    // Run: one reset cycle with the engine owning the memories, start,\n");
    fprintf(f, "    // clock until done.\n");
    fprintf(f, "    host_en_q = 1'b0; host_we_q = 1'b0; rst_nq = 1'b0;\n    tick;\n");
    fprintf(f, "    rst_nq = 1'b1; start_q = 1'b1;\n    cyc = 0;\n");
    fprintf(f, "    while (!done && cyc < max_cycles) begin\n      tick;\n      cyc = cyc + 1;\n");
    fprintf(f, "      if (!done && dut.wd_idle_q >= dut.wd_limit) begin\n");
    fprintf(f, "        $display(\"FAIL %s: no token moved for %%0d cycles (cycle %%0d): deadlock\",\n"
               "                 dut.wd_limit, cyc);\n", kernel);
    fprintf(f, "        $fatal(1, \"FAIL %s\");\n      end\n    end\n", kernel);
    fprintf(f, "    start_q = 1'b0;\n");
    fprintf(f, "    if (!done) begin\n");
    fprintf(f, "      $display(\"FAIL %s: done_o not seen after %%0d cycles (+max_cycles)\", cyc);\n",
            kernel);
    fprintf(f, "      $fatal(1, \"FAIL %s\");\n    end\n", kernel);
    fprintf(f, "    if (error != 4'd0) begin   // docs/rtl-interfaces.md, error_o\n");
    fprintf(f, "      $display(\"FAIL %s: error_o = %%0d\", error);\n", kernel);
    fprintf(f, "      $fatal(1, \"FAIL %s\");\n    end\n\n", kernel);
    fprintf(f, "    // Read back and compare every output array the golden model returns.\n");
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        const int64_t *w;
        size_t n = 0;
        if (!m->is_output || !sg_standalone_expected(c, m, &w, &n))
            continue;
        char what[160];
        sg_standalone_contents(c, m, what, sizeof what);
        fprintf(f, "    // memory %d: %s\n", m->sel, what);
        fprintf(f, "    host_en_q = 1'b1; host_sel_q = 8'd%d;\n    #1;\n    len = host_len;\n",
                m->sel);
        fprintf(f, "    if (len != %zu) begin\n", n);
        fprintf(f, "      $display(\"FAIL %s: memory %d (%s): %%0d words, expected %zu\", len);\n",
                kernel, m->sel, what, n);
        fprintf(f, "      $fatal(1, \"FAIL %s\");\n    end\n", kernel);
        if (n == 0)
            continue;
        fprintf(f, "    for (i = 0; i < len; i = i + 1) begin\n");
        fprintf(f, "      host_addr_q = i;\n      tick;\n      word = host_rdata;\n");
        fprintf(f, "      if (word[%d:0] !== expect_m%d[i]) begin\n", m->width - 1, m->sel);
        fprintf(f, "        $display(\"FAIL %s: memory %d (%s) word %%0d: expected %%h, got %%h\",\n"
                   "                 i, expect_m%d[i], word[%d:0]);\n",
                kernel, m->sel, what, m->sel, m->width - 1);
        fprintf(f, "        $fatal(1, \"FAIL %s\");\n      end\n    end\n", kernel);
        fprintf(f, "    words = words + len;\n");
    }
    fprintf(f, "    $display(\"PASS %s: %%0d cycles, %%0d output words as expected\", cyc, words);\n",
            kernel);
    fprintf(f, "    $finish;\n  end\nendmodule\n");
}

/* Long for the same reason: the README in the order it reads. */
static void write_readme_text(FILE *f, const gen_ctx *c, const char *kernel,
                              const char *dir, int with_tb)
{
    const sg_emit_design *d = &c->design;
    int ha, hd;
    sg_gen_host_widths(c, &ha, &hd);
    fprintf(f, "%s - generated by samgen gen from %s; do not edit.\n\n", d->module,
            c->g.path ? c->g.path : "the graph");
    fprintf(f, "FILES\n\n");
    fprintf(f, "  %s.v        the accelerator (Verilog-2005)\n", d->module);
    fprintf(f, "  filelist.f       the rtl/ primitives it needs, dependencies first, then\n"
               "                   the top; absolute paths, usable from any directory\n");
    fprintf(f, "  %s_axi.v  the accelerator behind an AXI4-Lite slave with a fixed\n"
               "                   register map (sam_axil_ctrl, see docs/rtl-interfaces.md)\n"
               "  filelist_axi.f   filelist.f plus sam_axil_ctrl.v and %s_axi.v\n",
            kernel, kernel);
    if (with_tb)
        fprintf(f, "  tb_%s_axi.v  system bench: loads, runs twice without reset and\n"
                   "                   reads back, all through the AXI4-Lite register map\n",
                kernel);
    fprintf(f, "  %s.sdc  clock constraint, clk_i at %g MHz (generic and ASIC flows)\n"
               "  %s.xdc  the same for Xilinx Vivado\n"
               "  %s_ice40.py  the same for nextpnr-ice40 --pre-pack\n",
            d->module, c->go->freq_mhz > 0 ? c->go->freq_mhz : SG_FREQ_DEFAULT, d->module,
            d->module);
    if (with_tb)
        fprintf(f, "  tb_%s.v  self-checking testbench (tensors bound with -t)\n"
                   "  mem/*.hex        its memory files: load_m<sel>.hex input arrays,\n"
                   "                   dims.hex dense dimensions, expect_m<sel>.hex the\n"
                   "                   golden model's output arrays\n",
                kernel);
    fprintf(f, "\nPARAMETERS\n\n");
    fprintf(f, "  CrdWidth = %d   coordinate/reference payload bits (streams carry\n"
               "                  CrdWidth+2 bits); memory addresses and fill counts\n",
            c->crd_width);
    fprintf(f, "  ValWidth = %d   value payload bits (streams carry ValWidth+2 bits)\n",
            c->eo.val_width);
    fprintf(f, "  They are the widths the top was generated with (--width-crd,\n"
               "  --width-val); memory depths and the host port are sized for them, so to\n"
               "  change a width generate the top again rather than overriding it.\n");
    fprintf(f, "\nPORTS\n\n");
    fprintf(f, "  clk_i                 in   clock (everything on its rising edge)\n");
    fprintf(f, "  rst_ni                in   synchronous reset, active low\n");
    fprintf(f, "  start_i               in   a rising edge after loading starts a run\n");
    fprintf(f, "  done_o                out  every level writer has consumed its D\n");
    fprintf(f, "  host_en_i             in   high: the host owns every memory (ignored\n"
               "                             while a run is under way)\n");
    fprintf(f, "  host_we_i             in   high: write host_wdata_i at host_addr_i\n");
    fprintf(f, "  host_sel_i[7:0]       in   0: dense-dimension registers, k >= 1: memory k%s\n",
            d->n_perf ? ",\n                             255: performance counters (read only)" : "");
    fprintf(f, "  host_addr_i[%d:0]     in   word address\n", ha - 1);
    fprintf(f, "  host_wdata_i[%d:0]   in   word to write (low bits: the memory's width)\n",
            hd - 1);
    fprintf(f, "  host_rdata_o[%d:0]   out  the word at host_addr_i, one cycle later\n", hd - 1);
    fprintf(f, "  host_len_o[%d:0]     out  words an output writer stored in memory\n"
               "                             host_sel_i\n", c->crd_width - 1);
    fprintf(f, "  error_o[3:0]          out  sticky error bits until reset or the next\n"
               "                             start: 0 writer overflow,\n"
               "                             1 accumulator coordinate beyond its workspace,\n"
               "                             2 host write beyond a memory, 3 watchdog\n");
    fprintf(f, "\nMEMORIES (host select, instance, contents, word bits, words)\n\n");
    for (size_t i = 0; i < d->n_dim; i++)
        fprintf(f, "  0 address %d   dense dimension of node %d (%s, DOT line %ld)\n",
                d->dim[i].addr, c->g.nodes[d->dim[i].node].id, c->g.nodes[d->dim[i].node].type,
                c->g.nodes[d->dim[i].node].line);
    for (size_t i = 0; i < d->n_mem; i++) {
        char what[160];
        sg_standalone_contents(c, &d->mem[i], what, sizeof what);
        fprintf(f, "  %d  %s  %s (%s)  %d  %ld\n", d->mem[i].sel, d->mem[i].inst, what,
                d->mem[i].is_output ? "output" : "input", d->mem[i].width, d->mem[i].depth);
    }
    fprintf(f, "\nLOADING AND RUNNING\n\n");
    fprintf(f,
            "  1. Hold rst_ni low and host_en_i high.  For every input memory k write\n"
            "     its array (the tensor's level arrays in the format the graph\n"
            "     declares: seg, crd, vals) word by word: host_sel_i = k, host_addr_i =\n"
            "     index, host_wdata_i = word, host_we_i high for one clock edge.  Set\n"
            "     every dense dimension the same way with host_sel_i = 0 and the\n"
            "     register's address.\n"
            "  2. Drop host_en_i and host_we_i, clock one cycle with rst_ni low, then\n"
            "     raise rst_ni and start_i and clock until done_o is high.\n"
            "  3. Raise host_en_i, set host_sel_i = k of an output memory: host_len_o\n"
            "     gives its word count; put each address on host_addr_i and read\n"
            "     host_rdata_o after the next rising edge.\n"
            "  4. To run again without reset: load what changes as in 1 (rst_ni\n"
            "     stays high), drop start_i for a cycle and raise it again; the run\n"
            "     starts from the state a reset leaves.\n");
    sg_axi_write_readme(f, c, kernel);
    fprintf(f, "\nSIMULATION\n\n");
    fprintf(f, "  filelist.f defines SG_TAP_NOTRACE and SG_TAP_NOSTALL: the simulation\n"
               "  taps samgen verify uses on every edge are reduced to wires.  The top's\n"
               "  watchdog (+watchdog=N, default 100000 cycles without a token moving)\n"
               "  stays.  Lint or build the top alone:\n\n");
    fprintf(f, "    verilator --lint-only -Wall -Wno-fatal --top-module %s -f %s/filelist.f\n",
            d->module, dir);
    fprintf(f, "    iverilog -g2005 -o %s.vvp -f %s/filelist.f\n", d->module, dir);
    fprintf(f, "\nTESTBENCH\n\n");
    if (!with_tb) {
        fprintf(f, "  No testbench was written: it needs the tensors.  Generate with them\n"
                   "  bound (samgen gen GRAPH -o DIR -t B=FILE ...) to get tb_%s.v and\n"
                   "  its memory files, which hold the inputs and the golden model's\n"
                   "  expected outputs.\n", kernel);
        return;
    }
    fprintf(f, "  tb_%s.v loads mem/ through the host port, runs, reads every output\n"
               "  array back and compares it with the golden model's.  It prints\n"
               "  \"PASS %s: ...\" and ends with $finish, or prints \"FAIL %s: ...\" with\n"
               "  the first difference (memory, word, expected, got), a wrong word count,\n"
               "  a deadlock (the top's watchdog) or a run longer than +max_cycles=N, and\n"
               "  ends with $fatal (nonzero exit status).  The memory files are read\n"
               "  from %s/mem (compile with -DSG_MEMDIR='\"PATH\"' to move them).\n\n",
            kernel, kernel, kernel, dir);
    fprintf(f, "  Icarus Verilog:\n\n");
    fprintf(f, "    iverilog -g2005 -o tb_%s.vvp -f %s/filelist.f %s/tb_%s.v\n", kernel, dir,
            dir, kernel);
    fprintf(f, "    vvp -n tb_%s.vvp\n\n", kernel);
    fprintf(f, "  Verilator (5.x, --binary):\n\n");
    fprintf(f, "    verilator --binary -Wno-fatal --top-module tb_%s --Mdir obj_%s \\\n"
               "      -f %s/filelist.f %s/tb_%s.v\n", kernel, kernel, dir, dir, kernel);
    fprintf(f, "    obj_%s/Vtb_%s\n", kernel, kernel);
}

int sg_standalone_write(sg_standalone *s, const gen_ctx *c, const char *outdir,
                        sg_err *e)
{
    memset(s, 0, sizeof *s);
    const sg_emit_design *d = &c->design;
    char root[4096], rtl_rel[4200], rtl[PATH_MAX], dir[PATH_MAX];
    if (sg_source_root(root, sizeof root, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    snprintf(rtl_rel, sizeof rtl_rel, "%s/rtl", root);
    if (!realpath(rtl_rel, rtl))
        return sg_errc(e, SG_EXIT_USAGE, rtl_rel, 0, "cannot open: %s", strerror(errno));
    if (!realpath(outdir, dir))
        return sg_errc(e, SG_EXIT_USAGE, outdir, 0, "cannot open: %s", strerror(errno));
    char *mods[128];
    int n_mods = sg_standalone_rtl_deps(rtl, d->text, mods, 128);
    if (n_mods < 0)
        return sg_errc(e, SG_EXIT_USAGE, rtl, 0, "cannot read the primitive library");
    char kernel[96];
    size_t ml = strlen(d->module);
    snprintf(kernel, sizeof kernel, "%.*s",
             ml > 4 && strcmp(d->module + ml - 4, "_top") == 0 ? (int)(ml - 4) : (int)ml,
             d->module);
    int with_tb = c->have_gold && c->go->binds.n > 0;
    int rc = write_filelist(s, dir, rtl, mods, n_mods, d->module, kernel,
                            sg_axi_dma_sel(c) > 0, e);
    for (int i = 0; i < n_mods; i++)
        free(mods[i]);
    char path[PATH_MAX + 200];
    FILE *f;
    if (rc < 0)
        goto fail;
    snprintf(path, sizeof path, "%s/README", dir);
    if (!(f = sg_standalone_open(s, path, e)))
        goto fail;
    write_readme_text(f, c, kernel, dir, with_tb);
    snprintf(path, sizeof path, "%s/%s_axi.v", dir, kernel);
    if (!(f = sg_standalone_open(s, path, e)))
        goto fail;
    sg_axi_write_wrapper(f, c, kernel);
    for (int k = 0; k < SG_CONSTRAINT_N; k++) {
        snprintf(path, sizeof path, "%s/%s%s", dir, d->module,
                 sg_constraint_suffix((sg_constraint_kind)k));
        if (!(f = sg_standalone_open(s, path, e)))
            goto fail;
        sg_constraint_write(f, (sg_constraint_kind)k, d->module,
                            c->go->freq_mhz > 0 ? c->go->freq_mhz : SG_FREQ_DEFAULT);
    }
    if (!with_tb)
        return 0;

    snprintf(path, sizeof path, "%s/mem", dir);
    if (sg_outdir_make(&s->memdir, path, e) < 0)
        goto fail;
    unsigned long long max_cycles = 10ULL * c->gold.cycles + SG_TB_SLACK;
    snprintf(path, sizeof path, "%s/tb_%s.v", dir, kernel);
    if (!(f = sg_standalone_open(s, path, e)))
        goto fail;
    write_tb_text(f, c, kernel, dir, max_cycles);
    snprintf(path, sizeof path, "%s/tb_%s_axi.v", dir, kernel);
    if (!(f = sg_standalone_open(s, path, e)))
        goto fail;
    sg_axi_write_tb(f, c, kernel, dir, max_cycles);
    if (d->n_dim) {
        int64_t *dims = sg_calloc(d->n_dim, sizeof *dims);
        for (size_t i = 0; i < d->n_dim; i++) {
            long dim = sg_binds_node_dim(&c->go->binds, &c->g.nodes[d->dim[i].node]);
            dims[i] = dim < 0 ? c->go->dim : dim;
        }
        int hd, ha;
        sg_gen_host_widths(c, &ha, &hd);
        snprintf(path, sizeof path, "%s/mem/dims.hex", dir);
        rc = write_hex(s, path, dims, d->n_dim, hd, e);
        free(dims);
        if (rc < 0)
            goto fail;
    }
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        const int64_t *w;
        size_t n = 0;
        if (!m->is_output) {
            if (sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) < 0) {
                const sg_node *nd = &c->g.nodes[m->node];
                sg_errc(e, SG_EXIT_USAGE, c->g.path, nd->line,
                        "tensor %s is not bound (-t %s=FILE)", nd->tensor, nd->tensor);
                goto fail;
            }
            if (n == 0)
                continue;
            snprintf(path, sizeof path, "%s/mem/load_m%d.hex", dir, m->sel);
        } else {
            if (!sg_standalone_expected(c, m, &w, &n) || n == 0)
                continue;
            snprintf(path, sizeof path, "%s/mem/expect_m%d.hex", dir, m->sel);
        }
        if (write_hex(s, path, w, n, m->width, e) < 0)
            goto fail;
    }
    return 0;
fail:
    sg_standalone_abort(s);
    return -1;
}

int sg_standalone_commit(sg_standalone *s, sg_err *e)
{
    int rc = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (rc < 0) {
            sg_outfile_abort(&s->f[i]);
            continue;
        }
        if (sg_outfile_commit(&s->f[i], e) < 0) {
            e->code = SG_EXIT_USAGE;
            rc = -1;
        }
    }
    if (rc < 0)
        sg_outdir_undo(&s->memdir);
    else
        sg_outdir_keep(&s->memdir);
    free(s->f);
    memset(s, 0, sizeof *s);
    return rc;
}

void sg_standalone_abort(sg_standalone *s)
{
    for (size_t i = 0; i < s->n; i++)
        sg_outfile_abort(&s->f[i]);
    free(s->f);
    sg_outdir_undo(&s->memdir);
    memset(s, 0, sizeof *s);
}
