# graph.mk - the SAM graph reader: CLI tests, fuzzing, benchmark.
#
#   make graph-cli-test   samgen check / samgen dot on shipped and broken
#                         graphs: exit codes, FILE:LINE messages, outputs
#   make graph-fuzz-smoke the libFuzzer target for a short run (test suite)
#   make graph-fuzz       the same for GRAPH_FUZZ_SECONDS (default 300)
#   make graph-shared     samgen check over $SHARED/graphs: every custard
#                         graph passes, every onyx/opal graph reads
#   make graph-bench      read+check all shared graphs; time per pass
#   make graph-bench-long one 2 MB and one 8 MB DOT line (short attributes,
#                         a quoted string, a comment): the time ratio must
#                         stay linear (about 4; fails above 8)
#
# The unit tests (front/graph_test.c, front/graph_write_test.c) run with
# `make unit`.

# The DOT reader: graph_read.c with its scanner (dot_scan.c) and edges (dot_edges.c).
GRAPH_SRC := $(call layer_src,core) $(call layer_src,graph) front/graph_read.c \
             front/dot_scan.c front/dot_edges.c
GRAPH_FUZZ := $(BUILD)/fuzz/fuzz_graph
GRAPH_FUZZ_SECONDS ?= 300
GRAPH_BENCH := $(BUILD)/bench/bench_graph
GRAPH_BENCH_LONG := $(BUILD)/bench/bench_dot_long
FUZZ_CC ?= clang

.PHONY: graph-cli-test graph-fuzz graph-fuzz-smoke graph-shared graph-bench graph-bench-long
TEST_SUITES += graph-cli-test graph-fuzz-smoke
EXTENDED_SUITES += graph-shared graph-fuzz
BENCH_TARGETS += graph-bench graph-bench-long

graph-cli-test: $(SAMGEN)
	@sh cli/graph_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/graph-cli

graph-shared: $(SAMGEN)
	@sh cli/graph_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/graph-cli shared

$(GRAPH_FUZZ): bench/fuzz/fuzz_graph.c $(GRAPH_SRC) $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 $(GV_CFLAGS) $(CFLAGS_I) \
	  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	  -o $@ bench/fuzz/fuzz_graph.c $(GRAPH_SRC) $(GV_LIBS)

# The corpus starts from the shipped seed (and the shared graphs when
# present) and grows under $(BUILD)/fuzz; crashes land there too.
graph-fuzz-smoke graph-fuzz: $(GRAPH_FUZZ)
	@mkdir -p $(BUILD)/fuzz/graph_corpus
	@cp bench/fuzz/corpus/fuzz_graph/*.gv $(BUILD)/fuzz/graph_corpus/
	@if [ -d "$(SHARED)/graphs" ]; then for f in $(SHARED)/graphs/*/*.gv; do \
	  cp "$$f" $(BUILD)/fuzz/graph_corpus/shared_$$(basename $$(dirname $$f))_$$(basename $$f); done; fi
	@cd $(BUILD)/fuzz && if ASAN_OPTIONS=detect_leaks=1 ./fuzz_graph -max_len=8192 $(FUZZ_MEM) \
	  $(if $(filter graph-fuzz,$@),-max_total_time=$(GRAPH_FUZZ_SECONDS),-max_total_time=20 -seed=$(FUZZ_SMOKE_SEED)) \
	  -print_final_stats=1 graph_corpus >graph_fuzz.log 2>&1; then \
	  grep -E 'Done|number_of_executed_units' graph_fuzz.log; echo "graph fuzz: clean"; \
	else sh $(CURDIR)/bench/fuzz/report.sh graph_fuzz.log "cd $(BUILD)/fuzz && ./fuzz_graph"; \
	  echo "graph fuzz: FAILED (log and crash-* in $(BUILD)/fuzz)"; exit 1; fi

$(GRAPH_BENCH): bench/bench_graph.c $(call LIBS,$(BUILD))
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

graph-bench: $(GRAPH_BENCH)
	@if [ -d "$(SHARED)/graphs" ]; then $(GRAPH_BENCH) $(SHARED)/graphs 20; \
	else echo "graph-bench: $(SHARED)/graphs not found, skipped"; fi

$(GRAPH_BENCH_LONG): bench/bench_dot_long.c $(call LIBS,$(BUILD))
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

graph-bench-long: $(GRAPH_BENCH_LONG)
	@$(GRAPH_BENCH_LONG) 8
