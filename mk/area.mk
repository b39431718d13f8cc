# area.mk - area and clock estimates with Yosys and nextpnr (samgen area).
#
#   make area-test      primitives on every target kind, growth with T, widths
#                       and depths, block RAM inference, Yosys problems fail,
#                       usage errors, a few custard kernels (needs $SHARED)
#   make area-kernels   every custard kernel the generator accepts (extended)
#   make area-kernels-table
#                       the kernel table of docs/area.md (iCE40, --max-nnz 256;
#                       needs $SHARED; reports are kept and reused: delete
#                       $(BUILD)/area/kernels-table to rerun)
#   make area-bench     the figures of docs/area.md: primitive table, sweeps,
#                       kernel table and the PNG charts under docs/img/
#   make area-fp        the table of the floating-point units in docs/area.md
#                       (fpga/fp_units.sh; every target, nextpnr on each unit)
#
# Work directories live under $(BUILD)/area; reports are JSON there.

AREA_WORK := $(BUILD)/area

.PHONY: area-test area-kernels area-kernels-table area-bench
TEST_SUITES += area-test
EXTENDED_SUITES += area-kernels
BENCH_TARGETS += area-bench

area-test: $(SAMGEN)
	@sh fpga/area_test.sh $(abspath $(SAMGEN)) $(abspath $(AREA_WORK))/test quick

area-kernels: $(SAMGEN)
	@sh fpga/area_test.sh $(abspath $(SAMGEN)) $(abspath $(AREA_WORK))/kernels kernels

area-kernels-table: $(SAMGEN)
	@sh fpga/area_kernels_table.sh $(abspath $(SAMGEN)) $(abspath $(AREA_WORK))/kernels-table

area-bench: $(SAMGEN)
	@sh fpga/area_bench.sh $(abspath $(SAMGEN)) $(abspath $(AREA_WORK))/bench docs/img

# The table of the real-number units in docs/area.md ("Floating-point
# units"): each sam_fp_* unit alone at fp32 and bf16, generic, iCE40 HX8K
# with nextpnr, UP5K for the multipliers, Xilinx.  Slow (nextpnr on every
# unit): part of make bench, not of make test.
.PHONY: area-fp
BENCH_TARGETS += area-fp

area-fp: $(SAMGEN)
	@sh fpga/fp_units.sh $(abspath $(SAMGEN)) $(abspath $(AREA_WORK))/fp
