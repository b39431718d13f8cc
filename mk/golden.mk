# golden.mk - the golden model: benchmark.
#
#   make golden-bench   functional tokens/s and cycle-engine cycles/s on
#                       matmul_ikj and mat_sddmm with real matrices, and
#                       the Figure-13 skipping experiment (needs $SHARED)
#
# The unit tests (golden/prim_vectors_test.c, golden/golden_kernels_test.c)
# run with `make unit`.

GOLDEN_BENCH := $(BUILD)/bench/bench_golden

.PHONY: golden-bench
BENCH_TARGETS += golden-bench

$(GOLDEN_BENCH): bench/bench_golden.c $(BUILD)/libsamgen.a $(BUILD)/libsamgolden.a
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LINK_LIBS,$(BUILD)) $(LDLIBS)

golden-bench: $(GOLDEN_BENCH)
	@$(GOLDEN_BENCH) "$(SHARED)"
