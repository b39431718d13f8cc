# tensor.mk - tensor formats: CLI tests, fuzzing and the load benchmark.
#
#   make tensor-cli-test  samgen tensor convert/gen/info end to end (ASan build)
#   make fuzz             build the libFuzzer targets and run each for
#                         FUZZ_TIME seconds (default 300)
#   make fuzz-smoke       the same for FUZZ_SMOKE_TIME seconds each (20),
#                         then fuzz-vlimit
#   make fuzz-vlimit      the readers' targets (mtx, tns, samdir, graph)
#                         built without ASan and run FUZZ_VLIMIT_TIME
#                         seconds each (10) under `ulimit -v` of
#                         FUZZ_MEM_MB (2048): an input that makes a reader
#                         allocate past the limit aborts and is a finding
#   make bench-load       load a generated 1M-nonzero .mtx and build its
#                         fibertree; prints MB/s of input text
#
# Every fuzz run is memory-bounded: libFuzzer's -rss_limit_mb and
# -malloc_limit_mb (one allocation) are FUZZ_MEM_MB; a reader must refuse
# what would need more, never allocate it.
#
# Fuzz targets are bench/fuzz/fuzz_*.c (see bench/fuzz/README.md): each is
# linked with the whole golden and generator libraries built by clang with
# -fsanitize=fuzzer-no-link,address,undefined; seeds come from
# bench/fuzz/corpus/<target>/, new inputs go to $(BUILD)/fuzz/work/<target>/
# and crashes to $(BUILD)/fuzz/crash-<target>-*.

.PHONY: tensor-cli-test fuzz fuzz-build fuzz-smoke fuzz-vlimit bench-load
TEST_SUITES += tensor-cli-test
EXTENDED_SUITES += fuzz-smoke
BENCH_TARGETS += bench-load

tensor-cli-test: $(BUILD)/asan/samgen
	@sh cli/tensor_cli_test.sh $(abspath $(BUILD)/asan/samgen) \
	    $(abspath $(BUILD))/tensor-cli

# ---- fuzzing ----------------------------------------------------------------
FUZZ_CC      ?= clang
FUZZ_TIME    ?= 300
FUZZ_SMOKE_TIME ?= 20
# The smoke runs in the test suites start from a fixed seed so that a test
# run is reproducible; the long runs (make fuzz, graph-fuzz, einsum-fuzz)
# draw a new seed each time to explore further.
FUZZ_SMOKE_SEED ?= 1
FUZZ_MEM_MB  ?= 2048
FUZZ_MEM     := -rss_limit_mb=$(FUZZ_MEM_MB) -malloc_limit_mb=$(FUZZ_MEM_MB)
FUZZ_VLIMIT_TIME ?= 10
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := $(CSTD) -Wno-error -g -O1 -fno-omit-frame-pointer $(GV_CFLAGS) \
                -fsanitize=fuzzer-no-link $(FUZZ_SAN)
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_TARGETS := $(patsubst bench/fuzz/%.c,%,$(wildcard bench/fuzz/fuzz_*.c))
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o)

$(FUZZ_DIR)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -I. -c $< -o $@
$(FUZZ_DIR)/libsamgen.a: $(FUZZ_LIB_OBJ)
	@rm -f $@; ar rcs $@ $^
$(FUZZ_DIR)/fuzz_%: bench/fuzz/fuzz_%.c bench/fuzz/fuzz_common.h \
		$(FUZZ_DIR)/libsamgen.a
	$(FUZZ_CC) $(CSTD) -Wno-error -g -O1 $(GV_CFLAGS) -I. \
	    -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< \
	    $(FUZZ_DIR)/libsamgen.a $(LDLIBS)

# Skip (with a message) where clang has no libFuzzer, e.g. a gcc-only CI box.
FUZZ_OK = $(shell printf 'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){(void)d;(void)n;return 0;}' \
    | $(FUZZ_CC) -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1 && echo yes)

fuzz-build:
	@if [ "$(FUZZ_OK)" = yes ]; then $(MAKE) --no-print-directory $(FUZZ_BINS); \
	else echo "SKIP: $(FUZZ_CC) with -fsanitize=fuzzer not available"; fi

define fuzz_run
	@if [ "$(FUZZ_OK)" != yes ]; then \
	  echo "SKIP: $(FUZZ_CC) with -fsanitize=fuzzer not available"; exit 0; fi; \
	set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/work/$$t bench/fuzz/corpus/$$t; \
	  echo "== fuzz $$t for $(1) s"; \
	  $(FUZZ_DIR)/$$t -max_total_time=$(1) $(2) -timeout=10 $(FUZZ_MEM) \
	    -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crash-$$t- \
	    $(FUZZ_DIR)/work/$$t bench/fuzz/corpus/$$t 2>$(FUZZ_DIR)/$$t.log \
	    || { sh bench/fuzz/report.sh $(FUZZ_DIR)/$$t.log $(FUZZ_DIR)/$$t; \
	         echo "fuzz $$t FAILED"; exit 1; }; \
	  grep -E 'stat::number_of_executed_runs|cov:' $(FUZZ_DIR)/$$t.log | tail -2; \
	done
endef

fuzz: fuzz-build
	$(call fuzz_run,$(FUZZ_TIME))

fuzz-smoke: fuzz-build
	$(call fuzz_run,$(FUZZ_SMOKE_TIME),-seed=$(FUZZ_SMOKE_SEED))
	@$(MAKE) --no-print-directory fuzz-vlimit

# ---- fuzzing under an address-space limit (no ASan, whose shadow memory
# needs terabytes of address space) ---------------------------------------------
FUZZ_NS_DIR   := $(BUILD)/fuzz-nosan
FUZZ_NS_CFLAGS := $(CSTD) -Wno-error -g -O1 $(GV_CFLAGS) -fsanitize=fuzzer-no-link
FUZZ_NS_TARGETS := fuzz_mtx fuzz_tns fuzz_samdir fuzz_graph
FUZZ_NS_OBJ   := $(LIB_SRC:%.c=$(FUZZ_NS_DIR)/obj/%.o)

$(FUZZ_NS_DIR)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_NS_CFLAGS) -I. -c $< -o $@
$(FUZZ_NS_DIR)/libsamgen.a: $(FUZZ_NS_OBJ)
	@rm -f $@; ar rcs $@ $^
$(FUZZ_NS_DIR)/fuzz_%: bench/fuzz/fuzz_%.c bench/fuzz/fuzz_common.h \
		$(FUZZ_NS_DIR)/libsamgen.a
	$(FUZZ_CC) $(CSTD) -Wno-error -g -O1 $(GV_CFLAGS) -I. -fsanitize=fuzzer \
	    -o $@ $< $(FUZZ_NS_DIR)/libsamgen.a $(LDLIBS)

fuzz-vlimit:
	@if [ "$(FUZZ_OK)" != yes ]; then \
	  echo "SKIP: $(FUZZ_CC) with -fsanitize=fuzzer not available"; exit 0; fi; \
	$(MAKE) --no-print-directory $(FUZZ_NS_TARGETS:%=$(FUZZ_NS_DIR)/%) && \
	set -e; for t in $(FUZZ_NS_TARGETS); do \
	  mkdir -p $(FUZZ_NS_DIR)/work/$$t; \
	  echo "== fuzz $$t for $(FUZZ_VLIMIT_TIME) s under ulimit -v $(FUZZ_MEM_MB) MB"; \
	  ( ulimit -v $$(($(FUZZ_MEM_MB) * 1024)) && \
	    $(FUZZ_NS_DIR)/$$t -max_total_time=$(FUZZ_VLIMIT_TIME) -seed=$(FUZZ_SMOKE_SEED) \
	      -timeout=10 -rss_limit_mb=$(FUZZ_MEM_MB) -max_len=65536 -print_final_stats=1 \
	      -artifact_prefix=$(FUZZ_NS_DIR)/crash-$$t- \
	      $(FUZZ_NS_DIR)/work/$$t bench/fuzz/corpus/$$t ) 2>$(FUZZ_NS_DIR)/$$t.log \
	    || { sh bench/fuzz/report.sh $(FUZZ_NS_DIR)/$$t.log $(FUZZ_NS_DIR)/$$t; \
	         echo "fuzz $$t under ulimit -v FAILED"; exit 1; }; \
	  grep -E 'stat::number_of_executed_runs|peak_rss' $(FUZZ_NS_DIR)/$$t.log | tail -2; \
	done

# ---- benchmark ----------------------------------------------------------------
$(BUILD)/bench/bench_load: bench/bench_load.c $(call LIBS,$(BUILD),core)
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD),core) $(LDLIBS)

bench-load: $(BUILD)/bench/bench_load
	@$(BUILD)/bench/bench_load $(BUILD)/bench
