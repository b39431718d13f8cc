# rtl.mk - the RTL primitive library's suites (rtl/, testbenches/).
#
#   make rtl-lint       verilator --lint-only -Wall on every module configuration
#   make rtl-synth      Yosys synth + check -assert + no latches, every configuration
#   make rtl-tb         every per-primitive bench on Icarus and Verilator,
#                       without and with random stalls (SEED=n, default 1)
#   make rtl-mutation   mutants of several modules must fail their benches
#   make rtl-ws-cycles  the sorted-workspace accumulators (sam_spacc_sorted,
#                       sam_vectorreducer_sorted) take the dense ones' cycles on
#                       every case, without and with stalls, integer on Icarus
#                       and Verilator, fp32/bf16 on Icarus (testbenches/ws_cycles.sh)
#   make rtl-figures    cycles/token and Yosys cells/FFs -> $(BUILD)/rtl/figures.txt
#   make axil-test      the AXI4-Lite control block (rtl/sam_axil_ctrl.v) against its
#                       directed bench on Icarus and Verilator, and its mutants
#   make dma-test       the descriptor DMA (rtl/sam_axi_dma.v) with the control block
#                       against an AXI4 memory model on Icarus and Verilator, and
#                       its mutants
#
# Benches read ../shared vectors when present (skipped with a message
# otherwise) plus testbenches/cases/ and generated cases in $(BUILD)/tb/gen/.

RTL_BENCHES := scan_compressed scan_dense scan_nonunique scan_singleton scan_range scan_offset repsiggen repeat locate locate_hashed arrayvals \
               intersect union intersect3 union3 alu reduce reduce_skip crddrop crdhold crddrop_vals crdhold_vals \
               write_compressed write_vals write_vals_pos write_dense_pos spacc spacc_order2 vectorreducer vectorreducer_wide fifo \
               scan_bitvector scan_bitvector8 intersect_bv union_bv union3_bv convert_bv
# The sorted-workspace benches (spacc_sorted, spacc_order2_sorted,
# vectorreducer_sorted) run in rtl-ws-cycles, beside their dense
# counterparts, on both simulators with and without stalls.
RTL_TB_VEC  := $(BUILD)/tb/tb_vec
RTL_TB_GEN  := $(BUILD)/tb/tb_gen
SEED ?= 1

.PHONY: rtl-lint rtl-synth rtl-tb rtl-tb-icarus rtl-tb-verilator rtl-mutation rtl-figures \
        rtl-gen-cases

$(RTL_TB_VEC): testbenches/tb_vec.c core/token.c core/err.c core/token.h core/err.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O1 -o $@ -I. testbenches/tb_vec.c core/token.c core/err.c

$(RTL_TB_GEN): testbenches/tb_gen.c testbenches/xorshift.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O1 -o $@ -I. testbenches/tb_gen.c

# Random cases whose expected streams come from the golden model
# (samgen stream); regenerated on every run (SEED selects them).
rtl-gen-cases: $(RTL_TB_GEN) $(SAMGEN)
	@BUILD=$(BUILD) SAMGEN=$(SAMGEN) TB_GEN=$(RTL_TB_GEN) SEED=$(SEED) sh testbenches/gen_cases.sh

rtl-lint:
	@sh testbenches/lint.sh

rtl-synth:
	@BUILD=$(BUILD) sh testbenches/synth.sh

# rtl_tb_loop SIM BENCHES: each bench on SIM, its log in $(BUILD)/tb/SIM-BENCH.log
define rtl_tb_loop
	@fail=0; for b in $(2); do \
	  BUILD=$(BUILD) SEED=$(SEED) TB_VEC=$(RTL_TB_VEC) sh testbenches/run_bench.sh $(1) $$b \
	    > $(BUILD)/tb/$(1)-$$b.log 2>&1 || fail=1; \
	  echo "$(1) $$b: $$(grep -c '^PASS' $(BUILD)/tb/$(1)-$$b.log) passed, $$(grep -c '^SKIP' $(BUILD)/tb/$(1)-$$b.log) skipped, $$(grep -c '^FAIL' $(BUILD)/tb/$(1)-$$b.log) failed"; \
	  grep -A4 '^FAIL' $(BUILD)/tb/$(1)-$$b.log | head -12; \
	done; exit $$fail
endef

rtl-tb-icarus: $(RTL_TB_VEC) rtl-gen-cases
	$(call rtl_tb_loop,icarus,$(RTL_BENCHES))

rtl-tb-verilator: $(RTL_TB_VEC) rtl-gen-cases
	$(call rtl_tb_loop,verilator,$(RTL_BENCHES))

# Verilator's half of rtl-tb in two parts (its builds take most of the
# time): the first 13 benches, then the rest
RTL_BENCHES_VL1 := $(wordlist 1,13,$(RTL_BENCHES))
RTL_BENCHES_VL2 := $(filter-out $(RTL_BENCHES_VL1),$(RTL_BENCHES))
.PHONY: rtl-tb-vl-1 rtl-tb-vl-2
rtl-tb-vl-1: $(RTL_TB_VEC) rtl-gen-cases
	$(call rtl_tb_loop,verilator,$(RTL_BENCHES_VL1))
rtl-tb-vl-2: $(RTL_TB_VEC) rtl-gen-cases
	$(call rtl_tb_loop,verilator,$(RTL_BENCHES_VL2))

# Icarus and the two Verilator parts side by side (each bench's log and
# build directory are its own); each part's report comes out whole.
rtl-tb:
	@$(MAKE) --no-print-directory -j2 -Otarget rtl-tb-icarus rtl-tb-vl-1 rtl-tb-vl-2

rtl-mutation: $(RTL_TB_VEC) rtl-gen-cases
	@BUILD=$(BUILD) TB_VEC=$(RTL_TB_VEC) sh testbenches/mutate.sh

# The sorted workspaces keep the dense ones' cycles: each pair of benches on
# the same cases (the generated ones, and WS_FP_N fp_prim_vec cases per
# real-number pair), PASS lines compared case by case.
WS_CYCLES_SIMS ?= icarus verilator
WS_FP_N ?= 10
.PHONY: rtl-ws-cycles
rtl-ws-cycles: $(RTL_TB_VEC) rtl-gen-cases $(FP_PRIM_VEC)
	@set -e; g=$(BUILD)/tb/fpgen-ws; for b in spacc_fp32 spacc_bf16 vectorreducer_fp32 vectorreducer_bf16; do \
	  rm -rf $$g/$$b; mkdir -p $$g/$$b; $(FP_PRIM_VEC) $${b%_*} $${b##*_} $(SEED) $(WS_FP_N) $$g/$$b; done; \
	BUILD=$(BUILD) SEED=$(SEED) TB_VEC=$(RTL_TB_VEC) FPGEN=$$g sh testbenches/ws_cycles.sh $(WS_CYCLES_SIMS)

rtl-figures: $(RTL_TB_VEC) $(RTL_TB_GEN) $(SAMGEN)
	@BUILD=$(BUILD) SAMGEN=$(SAMGEN) TB_GEN=$(RTL_TB_GEN) TB_VEC=$(RTL_TB_VEC) sh testbenches/figures.sh

TEST_SUITES += rtl-lint rtl-synth rtl-tb rtl-mutation rtl-ws-cycles axil-test dma-test

.PHONY: axil-test
axil-test:
	@BUILD=$(BUILD) sh testbenches/axil_run.sh icarus verilator

.PHONY: dma-test
dma-test:
	@BUILD=$(BUILD) SEED=$(SEED) sh testbenches/dma_run.sh icarus verilator
BENCH_TARGETS += rtl-figures
