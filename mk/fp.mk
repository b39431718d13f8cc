# fp.mk - the software floating-point unit (core/fp.c): vectors for the RTL,
# the long test run and the benchmark.
#
#   make fp-vec-test   build testbenches/fp_vec and check its vectors of
#                      every operation and type, random and directed
#                      corners, against the host's IEEE arithmetic (exp:
#                      against the C model and the host's exp within the
#                      stated bound) (part of make test)
#   make fp-rtl-test   the RTL units rtl/sam_fp_{add,mul,cmp,div,exp}.v against
#                      fp_vec vectors: directed corners, then random ones
#                      with input gaps and output stalls, FP_RTL_N per
#                      operation and type on Icarus (FP_RTL_N_DIV for
#                      div), FP_RTL_N_VL on Verilator
#                      (testbenches/fp_run.sh; part of make test)
#   make fp-rtl-test-full  the same with FP_RTL_N_FULL random vectors on
#                      Icarus and FP_RTL_N_VL_FULL on Verilator (make extended)
#   make fp-prim-test  the value primitives with real numbers (sam_alu,
#                      sam_reduce, sam_spacc, sam_vectorreducer at ValType
#                      1 fp32 and 2 bf16) on random token streams whose
#                      expected outputs testbenches/fp_prim_vec computes
#                      with core/fp.h: FP_PRIM_N cases per primitive and
#                      type, each without and with random input gaps and
#                      output stalls, on Icarus (part of make test)
#   make fp-prim-test-full  the same on Icarus and Verilator (make extended)
#   make fp-test-full  core/fp_test.c without sanitizers and with ten
#                      times the random operands (make extended)
#   make fp-bench      ops/s of sg_fp_f32_add/mul against int32 add/mul
#
# core/fp_test.c runs with `make unit`.  It compares with the host's float
# arithmetic, so it is built without fused multiply-add contraction.

FP_VEC       := $(BUILD)/tb/fp_vec
FP_VEC_N     ?= 20000
FP_HOST_FLAGS := -ffp-contract=off -fno-fast-math
FP_SRCS := core/fp.c core/fp_text.c core/fp_rand.c core/fp_exp.c

FP_PRIM_VEC  := $(BUILD)/tb/fp_prim_vec
FP_PRIM_N    ?= 40
# make test runs the primitives on Icarus; fp-prim-test-full (make
# extended) on Icarus and Verilator.
FP_PRIM_SIMS ?= icarus
FP_PRIM_BENCHES := alu_fp32 alu_bf16 reduce_fp32 reduce_bf16 spacc_fp32 spacc_bf16 \
                   vectorreducer_fp32 vectorreducer_bf16
# make test: Icarus (slow per vector) on every corner and FP_RTL_N random
# vectors, Verilator on FP_RTL_N_VL; make extended: FP_RTL_N_FULL on
# Icarus and FP_RTL_N_VL_FULL on Verilator.
FP_RTL_N     ?= 2000
FP_RTL_N_FULL ?= 20000
FP_RTL_N_VL  ?= 20000
FP_RTL_N_VL_FULL ?= 200000
FP_RTL_N_DIV ?= 500
FP_RTL_N_DIV_FULL ?= 2000

.PHONY: fp-vec-test fp-rtl-test fp-rtl-test-full fp-prim-test fp-prim-test-full fp-test-full fp-bench
TEST_SUITES += fp-vec-test fp-rtl-test fp-prim-test
EXTENDED_SUITES += fp-test-full fp-rtl-test-full fp-prim-test-full
BENCH_TARGETS += fp-bench

$(BUILD)/asan/core/fp_test: private TEST_CFLAGS += $(FP_HOST_FLAGS)
$(BUILD)/asan/core/fp_exp_test: private TEST_CFLAGS += $(FP_HOST_FLAGS)

$(FP_VEC): testbenches/fp_vec.c $(FP_SRCS) core/err.c core/fp.h core/fp_int.h core/test_fp_host.h core/err.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O2 $(FP_HOST_FLAGS) -I. -o $@ testbenches/fp_vec.c $(FP_SRCS) core/err.c -lm

# Every operation on both types: N vectors each, then `fp_vec check`
# recomputes every expected value with the host; a vector with one wrong
# bit must be caught.
fp-vec-test: $(FP_VEC)
	@set -e; d=$(BUILD)/tb/fp_vectors; mkdir -p $$d; \
	for t in fp32 bf16; do for op in add sub mul div max min; do \
	  f=$$d/$${op}_$${t}.txt; \
	  $(FP_VEC) $$op $$t $(FP_VEC_N) 1 > $$f; \
	  test "$$(wc -l < $$f)" -eq $(FP_VEC_N) || { echo "fp_vec $$op $$t: wrong line count"; exit 1; }; \
	  $(FP_VEC) check $$op $$t < $$f; \
	  $(FP_VEC) corners $$op $$t > $$f.corners; \
	  nc=1681; [ $$op = div ] && nc=2747; \
	  test "$$(wc -l < $$f.corners)" -eq $$nc || { echo "fp_vec corners $$op $$t: wrong line count"; exit 1; }; \
	  $(FP_VEC) check $$op $$t < $$f.corners; \
	  awk 'NR == 1 { h = "0123456789abcdef"; n = length($$3); i = index(h, substr($$3, n, 1)) - 1; \
	    i = i % 2 ? i - 1 : i + 1; $$3 = substr($$3, 1, n - 1) substr(h, i + 1, 1) } { print }' $$f > $$f.bad; \
	  if $(FP_VEC) check $$op $$t < $$f.bad 2>/dev/null; then \
	    echo "fp_vec check $$op $$t: a wrong vector passed"; exit 1; fi; \
	done; done; \
	for t in fp32 bf16; do \
	  f=$$d/exp_$${t}.txt; \
	  $(FP_VEC) exp $$t $(FP_VEC_N) 1 > $$f; \
	  test "$$(wc -l < $$f)" -eq $(FP_VEC_N) || { echo "fp_vec exp $$t: wrong line count"; exit 1; }; \
	  $(FP_VEC) check exp $$t < $$f; \
	  $(FP_VEC) corners exp $$t > $$f.corners; \
	  $(FP_VEC) check exp $$t < $$f.corners; \
	  awk 'NR == 1 { h = "0123456789abcdef"; n = length($$2); i = index(h, substr($$2, n, 1)) - 1; \
	    i = i % 2 ? i - 1 : i + 1; $$2 = substr($$2, 1, n - 1) substr(h, i + 1, 1) } { print }' $$f > $$f.bad; \
	  if $(FP_VEC) check exp $$t < $$f.bad 2>/dev/null; then \
	    echo "fp_vec check exp $$t: a wrong vector passed"; exit 1; fi; \
	done; echo "fp-vec-test: passed"

fp-rtl-test: $(FP_VEC)
	@BUILD=$(BUILD) FP_VEC=$(FP_VEC) SEED=$(SEED) DIV_N=$(FP_RTL_N_DIV) sh testbenches/fp_run.sh icarus $(FP_RTL_N)
	@BUILD=$(BUILD) FP_VEC=$(FP_VEC) SEED=$(SEED) sh testbenches/fp_run.sh verilator $(FP_RTL_N_VL)

fp-rtl-test-full: $(FP_VEC)
	@BUILD=$(BUILD) FP_VEC=$(FP_VEC) SEED=$(SEED) DIV_N=$(FP_RTL_N_DIV_FULL) sh testbenches/fp_run.sh icarus $(FP_RTL_N_FULL)
	@BUILD=$(BUILD) FP_VEC=$(FP_VEC) SEED=$(SEED) sh testbenches/fp_run.sh verilator $(FP_RTL_N_VL_FULL)

$(FP_PRIM_VEC): testbenches/fp_prim_vec.c $(FP_SRCS) core/err.c core/fp.h core/fp_int.h core/err.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O2 -I. -o $@ testbenches/fp_prim_vec.c $(FP_SRCS) core/err.c -lm

# Cases in $(BUILD)/tb/fpgen/BENCH (regenerated on every run, SEED selects
# them); a case with one wrong bit in an expected value must fail.
fp-prim-test: $(FP_PRIM_VEC) $(BUILD)/tb/tb_vec
	@set -e; g=$(BUILD)/tb/fpgen; for b in $(FP_PRIM_BENCHES); do \
	  rm -rf $$g/$$b; mkdir -p $$g/$$b; $(FP_PRIM_VEC) $${b%_*} $${b##*_} $(SEED) $(FP_PRIM_N) $$g/$$b; done; \
	fail=0; for sim in $(FP_PRIM_SIMS); do for b in $(FP_PRIM_BENCHES); do \
	  log=$(BUILD)/tb/$$sim-$$b.log; \
	  BUILD=$(BUILD) SEED=$(SEED) TB_VEC=$(RTL_TB_VEC) GEN=$$g ONLY_GEN=1 sh testbenches/run_bench.sh $$sim $$b > $$log 2>&1 || fail=1; \
	  echo "$$sim $$b: $$(grep -c '^PASS' $$log) passed, $$(grep -c '^FAIL' $$log) failed"; \
	  grep -A4 '^FAIL' $$log | head -12; \
	done; done; \
	w=$(BUILD)/tb/fpgen-wrong; rm -rf $$w; mkdir -p $$w/reduce_bf16; \
	awk '/^out_val:/ && !d { for (i = 2; i <= NF; i++) if ($$i ~ /^[0-9]+$$/) { $$i = ($$i % 2) ? $$i - 1 : $$i + 1; d = 1; break } } { print }' \
	  $$g/reduce_bf16/fp_1.txt > $$w/reduce_bf16/fp_1.txt; \
	if BUILD=$(BUILD) TB_VEC=$(RTL_TB_VEC) GEN=$$w ONLY_GEN=1 sh testbenches/run_bench.sh icarus reduce_bf16 > $(BUILD)/tb/fpgen-wrong.log 2>&1; then \
	  echo "fp-prim-test: a case with a wrong expected value passed"; fail=1; fi; \
	exit $$fail

fp-prim-test-full:
	@$(MAKE) --no-print-directory fp-prim-test FP_PRIM_SIMS="icarus verilator"

$(BUILD)/fp/fp_test_full: core/fp_test.c $(FP_SRCS) core/err.c core/fp.h core/fp_int.h core/test_fp_host.h core/err.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O2 -g $(FP_HOST_FLAGS) -DFP_TEST_SCALE=10 -I. -o $@ \
	  core/fp_test.c $(FP_SRCS) core/err.c -lcmocka -lm

fp-test-full: $(BUILD)/fp/fp_test_full
	@$(BUILD)/fp/fp_test_full

$(BUILD)/bench/bench_fp: bench/bench_fp.c $(FP_SRCS) core/err.c core/fp.h core/fp_int.h core/test_fp_host.h core/err.h
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ bench/bench_fp.c $(FP_SRCS) core/err.c -lm

fp-bench: $(BUILD)/bench/bench_fp
	@$(BUILD)/bench/bench_fp
