# skip.mk - ExTensor skip intersection: RTL benches and figures.
#
#   make skip-test-icarus     correctness benches under Icarus (every T)
#   make skip-test-verilator  the same cases under Verilator (2 inputs T = 0,
#                             32; 3 inputs T = 1)
#   make skip-bench           the figures of docs/extensor.md (cycles, SpMSpM,
#                             area, fmax) into $(BUILD)/skip/; SKIP_PARTS=
#                             "fig13 spmspm area" (default) selects parts
.PHONY: skip-test-icarus skip-test-verilator skip-bench

SKIP_GEN := $(BUILD)/tb/skip_gen

# skip_gen links the golden library: skip_model.c (the exact cycle model),
# tensor_gen.c (the one pattern generator) and the tensor readers/writers.
$(SKIP_GEN): testbenches/skip_gen.c testbenches/xorshift.h $(call LIBS,$(BUILD),golden graph core) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ testbenches/skip_gen.c $(call LIBS,$(BUILD),golden graph core) -lm

skip-test-icarus: $(SKIP_GEN)
	sh testbenches/skip_run.sh $(BUILD) icarus

skip-test-verilator: $(SKIP_GEN)
	sh testbenches/skip_run.sh $(BUILD) verilator

skip-bench: $(SKIP_GEN) $(SAMGEN)
	sh bench/skip/run.sh $(BUILD) $(SKIP_PARTS)

TEST_SUITES += skip-test-icarus skip-test-verilator
BENCH_TARGETS += skip-bench
