/*
 * area_wrap.c - the out-of-context wrapper for iCE40 place and route.
 *
 * A primitive or a kernel top has far more ports than an iCE40 package has
 * pins, and its ports are not registered.  Instead of a pin constraint file,
 * the design is placed inside sg_ooc_wrap: every input except the clock comes
 * from a flip-flop of a shift register fed by one pin, and every output is
 * captured by a flip-flop of a loadable shift register read at one pin.  All
 * paths into and out of the design then start and end at flip-flops, as they
 * do when the design sits between registered neighbours, and nextpnr's fmax
 * covers them.  The wrapper costs one logic cell per I/O bit; the area
 * figures come from the unwrapped synthesis, only place and route sees it.
 */
#include "fpga/area.h"

#include <string.h>

int sg_area_wrap_write(FILE *f, const char *dut, const area_port *ports,
                    size_t n_ports, sg_err *e)
{
    long nin = 0, nout = 0;
    int has_clk = 0;
    for (size_t i = 0; i < n_ports; i++) {
        if (ports[i].width < 1)
            return sg_errf(e, NULL, 0, "port '%s' of %s has no bits",
                           ports[i].name, dut);
        if (strcmp(ports[i].name, "clk_i") == 0) {
            if (ports[i].is_output || ports[i].width != 1)
                return sg_errf(e, NULL, 0, "clk_i of %s is not a 1-bit input",
                               dut);
            has_clk = 1;
        } else if (ports[i].is_output) {
            nout += ports[i].width;
        } else {
            nin += ports[i].width;
        }
    }
    if (!has_clk)
        return sg_errf(e, NULL, 0, "%s has no clk_i input", dut);

    fprintf(f,
            "// sg_ooc_wrap - out-of-context wrapper for place and route of %s.\n"
            "// Inputs come from a shift register (si_i), outputs are captured\n"
            "// by a loadable shift register (ld_i, so_o): every path in and\n"
            "// out of %s starts and ends at a flip-flop.\n"
            "module sg_ooc_wrap (\n"
            "  input  wire clk_i,\n"
            "  input  wire si_i,\n"
            "  input  wire ld_i,\n"
            "  output wire so_o\n"
            ");\n", dut, dut);
    long ni = nin > 0 ? nin : 1, no = nout > 0 ? nout : 1;
    fprintf(f, "  reg  [%ld:0] in_q;\n", ni - 1);
    fprintf(f, "  wire [%ld:0] out_w;\n", no - 1);
    fprintf(f, "  reg  [%ld:0] out_q;\n", no - 1);
    if (ni > 1)
        fprintf(f, "  always @(posedge clk_i) in_q <= {in_q[%ld:0], si_i};\n",
                ni - 2);
    else
        fprintf(f, "  always @(posedge clk_i) in_q <= si_i;\n");
    if (no > 1)
        fprintf(f, "  always @(posedge clk_i)\n"
                   "    out_q <= ld_i ? out_w : {out_q[%ld:0], in_q[%ld]};\n",
                no - 2, ni - 1);
    else
        fprintf(f, "  always @(posedge clk_i) out_q <= ld_i ? out_w : in_q[%ld];\n",
                ni - 1);
    fprintf(f, "  assign so_o = out_q[%ld];\n", no - 1);
    if (nout == 0)
        fprintf(f, "  assign out_w = 1'b0;\n");
    fprintf(f, "  %s u_dut (\n", dut);
    long ii = 0, oi = 0;
    size_t left = n_ports;
    for (size_t i = 0; i < n_ports; i++) {
        const area_port *p = &ports[i];
        const char *sep = --left ? "," : "";
        if (strcmp(p->name, "clk_i") == 0) {
            fprintf(f, "    .clk_i(clk_i)%s\n", sep);
        } else if (p->is_output) {
            fprintf(f, "    .%s(out_w[%ld:%ld])%s\n", p->name,
                    oi + p->width - 1, oi, sep);
            oi += p->width;
        } else {
            fprintf(f, "    .%s(in_q[%ld:%ld])%s\n", p->name,
                    ii + p->width - 1, ii, sep);
            ii += p->width;
        }
    }
    fprintf(f, "  );\nendmodule\n");
    return 0;
}
