# standalone.mk - the generated RTL used without samgen.
#
#   make standalone-test   every examples/*.gv: gen -t writes filelist.f,
#                          README, tb_<kernel>.v and mem/; the bench runs
#                          under plain iverilog/vvp for every kernel and under
#                          verilator --binary for spmv, and must PASS; with a
#                          corrupted expected-output file it must FAIL
#   make standalone-full   the same with every kernel under Verilator too
.PHONY: standalone-test standalone-full
TEST_SUITES += standalone-test
EXTENDED_SUITES += standalone-full

STANDALONE_VERILATOR ?= spmv

standalone-test: $(SAMGEN)
	@sh scripts/standalone_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/standalone \
	  "$(STANDALONE_VERILATOR)"

standalone-full: $(SAMGEN)
	@sh scripts/standalone_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/standalone-full all
