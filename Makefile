# samgen - SAM graphs to Verilog, checked against a C golden model.
#
#   make            build build/samgen (release) and the libraries
#   make deps       install missing Debian packages (root or sudo)
#   make demo       the main job on the built-in example (calls deps)
#   make test       unit tests under ASan/UBSan, then every other suite (calls deps)
#   make bench      benchmarks (bench/)
#
# Fragments (mk/*.mk) add suites to TEST_SUITES, EXTENDED_SUITES
# and BENCH_TARGETS; this file only knows how to build C.

CC       ?= gcc
BUILD    := build
CSTD     := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
GV_CFLAGS := $(shell pkg-config --cflags libcgraph 2>/dev/null)
GV_LIBS   := $(shell pkg-config --libs libcgraph 2>/dev/null || echo -lcgraph -lcdt)
REL_CFLAGS  := $(CSTD) -O2 -g $(GV_CFLAGS) $(EXTRA_CFLAGS)
TEST_CFLAGS := $(CSTD) -O1 -g -fno-omit-frame-pointer \
               -fsanitize=address,undefined -fno-sanitize-recover=undefined $(GV_CFLAGS)
LDLIBS   := $(GV_LIBS) -lm

# Layers, lowest first; each folder is one static library and may include
# only from the layers below it (scripts/layers.sh checks this):
#   core  <-  graph  <-  front, golden, gen, sim, fpga  <-  cli
LAYERS     := core graph front golden gen sim fpga cli
# Link order: users before what they use.
LINK_ORDER := cli front golden gen sim fpga graph core
CFLAGS_I   := -I.
REL_CFLAGS  += $(CFLAGS_I)
TEST_CFLAGS += $(CFLAGS_I)

layer_src   = $(sort $(filter-out cli/main.c %_test.c,$(wildcard $(1)/*.c)))
LIB_SRC    := $(foreach l,$(LAYERS),$(call layer_src,$(l)))
TEST_SRC   := $(sort $(foreach l,$(LAYERS),$(wildcard $(l)/*_test.c)))
HDRS       := $(foreach l,$(LAYERS),$(wildcard $(l)/*.h) $(wildcard $(l)/*.def))
TEST_BINS  := $(TEST_SRC:%.c=$(BUILD)/asan/%)

# $(call LIBS,DIR[,LAYERS]): the static libraries, in link order.
LIBS = $(foreach l,$(if $(2),$(2),$(LINK_ORDER)),$(1)/libsg$(l).a)
LINK_LIBS = $(call LIBS,$(1),$(2))

SAMGEN := $(BUILD)/samgen
export SAMGEN_ROOT := $(CURDIR)
SHARED ?= $(abspath $(CURDIR)/../shared)
export SHARED
# Verilator's makefile compiles through $(OBJCACHE): with ccache (make deps
# installs it) its runtime and the benches' shared parts compile once per
# machine instead of once per build.  samgen verify does the same itself.
# (Looked up again by each make, as the first one may run before make deps.)
ifeq ($(strip $(OBJCACHE)),)
OBJCACHE := $(shell command -v ccache >/dev/null 2>&1 && echo ccache)
endif
export OBJCACHE

TEST_SUITES :=
EXTENDED_SUITES :=
BENCH_TARGETS :=

.PHONY: all deps demo test unit bench extended ci-extended clean layers
all: $(SAMGEN) $(call LIBS,$(BUILD))

$(BUILD)/rel/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -c $< -o $@

$(BUILD)/asan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -c $< -o $@

# One library per layer, release and ASan builds.
define layer_lib
$(BUILD)/libsg$(1).a: $$(patsubst %.c,$(BUILD)/rel/%.o,$$(call layer_src,$(1)))
	@rm -f $$@; ar rcs $$@ $$^
$(BUILD)/asan/libsg$(1).a: $$(patsubst %.c,$(BUILD)/asan/%.o,$$(call layer_src,$(1)))
	@rm -f $$@; ar rcs $$@ $$^
endef
$(foreach l,$(LAYERS),$(eval $(call layer_lib,$(l))))

$(SAMGEN): $(BUILD)/rel/cli/main.o $(call LIBS,$(BUILD))
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

# ASan build of the binary, used by the CLI tests.
$(BUILD)/asan/samgen: $(BUILD)/asan/cli/main.o $(call LIBS,$(BUILD)/asan)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)/asan) $(LDLIBS)

$(BUILD)/asan/%_test: %_test.c $(call LIBS,$(BUILD)/asan)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)/asan) -lcmocka $(LDLIBS)

# The include graph follows the layers (part of make test).
layers:
	@sh scripts/layers.sh

deps:
	@DEPS_LOG=$(BUILD)/deps.log sh scripts/deps.sh

# Unit tests: every *_test.c beside the code it tests, under ASan/UBSan.
unit: $(TEST_BINS) $(BUILD)/asan/samgen $(SAMGEN)
	@set -e; fail=0; for t in $(TEST_BINS); do \
	  echo "== $$t"; ASAN_OPTIONS=detect_leaks=1 $$t || fail=1; done; \
	  if [ $$fail -ne 0 ]; then echo "unit tests FAILED"; exit 1; fi; \
	  echo "unit tests passed ($(words $(TEST_BINS)) binaries)"

include $(sort $(wildcard mk/*.mk))

# make test: layers and unit, then the suites in two lanes side by side
# (scripts/test_lanes.sh): the RTL primitive suites, which share the
# generated bench cases and the fuzz build, in one; every other suite in
# the other.  TEST_LANES=1 runs them all in one lane, in order.
TEST_LANE_RTL := rtl-lint rtl-synth rtl-tb rtl-mutation rtl-ws-cycles fp-vec-test fp-rtl-test fp-prim-test \
                 axil-test dma-test skip-test-icarus skip-test-verilator formal-quick area-test \
                 einsum-fuzz-smoke graph-fuzz-smoke
TEST_LANES ?= 2
test: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(BUILD) && : > $(BUILD)/test-times.txt
	@for s in layers unit; do t0=$$(date +%s); \
	  $(MAKE) --no-print-directory $$s || { echo "make test: $$s failed"; exit 1; }; \
	  echo "make test: $$s took $$(( $$(date +%s) - t0 )) s" | tee -a $(BUILD)/test-times.txt; done
	@if [ "$(TEST_LANES)" = 1 ]; then \
	  sh scripts/test_lanes.sh "$(MAKE)" $(BUILD) "$(TEST_SUITES)"; \
	else \
	  sh scripts/test_lanes.sh "$(MAKE)" $(BUILD) "$(filter $(TEST_LANE_RTL),$(TEST_SUITES))" \
	    "$(filter-out $(TEST_LANE_RTL),$(TEST_SUITES))"; \
	fi
	@echo "make test: all suites passed (times per suite in $(BUILD)/test-times.txt)"

extended:
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(EXTENDED_SUITES)

# What CI runs after `make test` when ../shared is present: the checks over
# the shared graphs, a short fuzz run of every reader, a few cases through a
# one-node Slurm cluster, the tiled kernels on one matrix, and the
# regression's real-matrix cases
# (REGRESS_REAL_KERNELS on REGRESS_REAL; last line "N passed, N failed").
# make test's regress-quick covers the synthetic kinds; `make extended`
# runs every kernel on every kind (CI_REGRESS_KINDS="r30" adds one here).
CI_REGRESS_KINDS ?=
ci-extended:
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory graph-shared fuzz-smoke slurm-test regress-tiled-smoke FUZZ_SMOKE_TIME=10
	@$(MAKE) --no-print-directory regress REGRESS_KINDS="$(CI_REGRESS_KINDS)"

bench: all $(BENCH_TARGETS)

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

clean:
	rm -rf $(BUILD)
