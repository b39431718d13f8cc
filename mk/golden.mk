# golden.mk - the golden model: benchmark.
#
#   make stream-cli-test  samgen stream on well-formed and malformed stream
#                       files (exit codes, messages, no output on error)
#   make numpy-check    golden results with --type fp32 against NumPy
#                       (within 1e-5) and against a sequential float32
#                       reference in the graph's loop order (bit for bit),
#                       on examples/ and, with $SHARED, custard kernels
#                       (golden/numpy_check.py; needs python3 and numpy:
#                       make deps installs python3-numpy; PYTHON picks
#                       the interpreter)
#   make golden-bench   functional tokens/s and cycle-engine cycles/s on
#                       matmul_ikj and mat_sddmm with real matrices, and
#                       the Figure-13 skipping experiment (needs $SHARED)
#   make golden-fp-bench functional tokens/s with fp32 values against int32
#                       on spmv and matmul_ikj (examples/) with generated
#                       matrices, and the ratio (needs no shared data)
#   make golden-icount  the same runs' instruction counts under callgrind
#                       (engine only; stable on a loaded machine; needs
#                       valgrind and $SHARED; slow: a few minutes)
#
# The unit tests (golden/prim_vectors_test.c, golden/golden_kernels_test.c,
# golden/engine_perf_test.c, golden/engine_timed_test.c) run with
# `make unit`.

GOLDEN_BENCH := $(BUILD)/bench/bench_golden
GOLDEN_ICOUNT_RUNS := matmul_ikj:func mat_sddmm:func matmul_ikj:cycle mat_sddmm:cycle

GOLDEN_FP_BENCH := $(BUILD)/bench/bench_golden_fp

.PHONY: golden-bench golden-fp-bench golden-icount stream-cli-test numpy-check
BENCH_TARGETS += golden-bench golden-fp-bench
TEST_SUITES += stream-cli-test numpy-check

# The first of python3 (the PATH's) and Debian's /usr/bin/python3 that has
# numpy: a python3 of a version manager earlier on the PATH may lack it.
PYTHON ?= $(or $(shell for p in python3 /usr/bin/python3; do $$p -c 'import numpy' >/dev/null 2>&1 && { echo $$p; break; }; done),python3)

numpy-check: $(SAMGEN)
	@if ! $(PYTHON) -c 'import numpy' >/dev/null 2>&1; then \
	   echo "numpy-check: '$(PYTHON)' cannot import numpy: install python3 and python3-numpy (make deps), or name an interpreter that has it with PYTHON=..." >&2; \
	   exit 1; fi; \
	 rm -rf $(BUILD)/numpy-check; \
	 $(PYTHON) golden/numpy_check.py $(abspath $(SAMGEN)) $(abspath $(BUILD))/numpy-check "$(SHARED)"

stream-cli-test: $(BUILD)/asan/samgen
	@sh cli/stream_cli_test.sh $(abspath $(BUILD)/asan/samgen) \
	    $(abspath $(BUILD))/stream-cli

$(GOLDEN_BENCH): bench/bench_golden.c $(call LIBS,$(BUILD))
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

golden-bench: $(GOLDEN_BENCH)
	@$(GOLDEN_BENCH) "$(SHARED)"

$(GOLDEN_FP_BENCH): bench/bench_golden_fp.c $(call LIBS,$(BUILD))
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

golden-fp-bench: $(GOLDEN_FP_BENCH)
	@$(GOLDEN_FP_BENCH) examples

golden-icount: $(GOLDEN_BENCH)
	@set -e; for r in $(GOLDEN_ICOUNT_RUNS); do \
	  k=$${r%%:*}; e=$${r##*:}; \
	  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
	    --toggle-collect=sg_engine_$${e}_run $(GOLDEN_BENCH) "$(SHARED)" one $$k bcsstk10 $$e 2>&1 \
	    | grep -E '^(functional|cycle) |Collected'; done
