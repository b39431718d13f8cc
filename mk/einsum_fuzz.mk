# einsum_fuzz.mk - fuzzing the einsum front end (expression, -f, -s).
#
#   make einsum-fuzz-smoke   bench/fuzz/fuzz_einsum for EINSUM_FUZZ_SMOKE_TIME
#                            seconds (10; in the test suite)
#   make einsum-fuzz         the same for EINSUM_FUZZ_TIME seconds (300)
#
# The target is built by the fuzz rules of mk/tensor.mk ($(FUZZ_DIR)/fuzz_%,
# clang with libFuzzer, ASan and UBSan); `make fuzz` runs it with the
# others.  Seeds: bench/fuzz/corpus/fuzz_einsum/ (never written); new inputs
# go to $(FUZZ_DIR)/work/fuzz_einsum/, crashes to
# $(FUZZ_DIR)/crash-fuzz_einsum-*.  Without libFuzzer the rules say SKIP.

EINSUM_FUZZ_SMOKE_TIME ?= 10
EINSUM_FUZZ_TIME ?= 300

.PHONY: einsum-fuzz einsum-fuzz-smoke
TEST_SUITES += einsum-fuzz-smoke
EXTENDED_SUITES += einsum-fuzz

define einsum_fuzz_run
	@if [ "$(FUZZ_OK)" != yes ]; then \
	  echo "SKIP: $(FUZZ_CC) with -fsanitize=fuzzer not available"; exit 0; fi; \
	$(MAKE) --no-print-directory $(FUZZ_DIR)/fuzz_einsum && \
	mkdir -p $(FUZZ_DIR)/work/fuzz_einsum && \
	if $(FUZZ_DIR)/fuzz_einsum -max_total_time=$(1) $(2) -timeout=10 $(FUZZ_MEM) \
	    -max_len=1024 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crash-fuzz_einsum- \
	    $(FUZZ_DIR)/work/fuzz_einsum bench/fuzz/corpus/fuzz_einsum \
	    >$(FUZZ_DIR)/fuzz_einsum.log 2>&1; then \
	  grep -E 'stat::number_of_executed_units' $(FUZZ_DIR)/fuzz_einsum.log; \
	  echo "einsum fuzz: clean"; \
	else sh bench/fuzz/report.sh $(FUZZ_DIR)/fuzz_einsum.log $(FUZZ_DIR)/fuzz_einsum; \
	  echo "einsum fuzz: FAILED (log and crash-fuzz_einsum-* in $(FUZZ_DIR))"; exit 1; fi
endef

einsum-fuzz-smoke:
	$(call einsum_fuzz_run,$(EINSUM_FUZZ_SMOKE_TIME),-seed=$(FUZZ_SMOKE_SEED))

einsum-fuzz:
	$(call einsum_fuzz_run,$(EINSUM_FUZZ_TIME))
