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

GOLDEN_SRC := $(sort $(filter-out %_test.c,$(wildcard golden/*.c)))
GEN_SRC    := $(sort $(filter-out gen/main.c %_test.c,$(wildcard gen/*.c sim/*.c)))
TEST_SRC   := $(sort $(wildcard golden/*_test.c gen/*_test.c sim/*_test.c))
HDRS       := $(wildcard golden/*.h gen/*.h sim/*.h)

REL_GOLDEN_OBJ := $(GOLDEN_SRC:%.c=$(BUILD)/rel/%.o)
REL_GEN_OBJ    := $(GEN_SRC:%.c=$(BUILD)/rel/%.o)
T_GOLDEN_OBJ   := $(GOLDEN_SRC:%.c=$(BUILD)/asan/%.o)
T_GEN_OBJ      := $(GEN_SRC:%.c=$(BUILD)/asan/%.o)
TEST_BINS      := $(TEST_SRC:%.c=$(BUILD)/asan/%)

SAMGEN := $(BUILD)/samgen
export SAMGEN_ROOT := $(CURDIR)
SHARED ?= $(abspath $(CURDIR)/../shared)
export SHARED

TEST_SUITES :=
EXTENDED_SUITES :=
BENCH_TARGETS :=

.PHONY: all deps demo test unit bench extended ci-extended clean
all: $(SAMGEN) $(BUILD)/libsamgolden.a $(BUILD)/libsamgen.a

$(BUILD)/rel/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -c $< -o $@

$(BUILD)/asan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -c $< -o $@

# The golden model (tensors, tokens, primitives, engines) and the rest
# (graph reader, generator, simulation harness) as two static libraries.
$(BUILD)/libsamgolden.a: $(REL_GOLDEN_OBJ)
	@rm -f $@; ar rcs $@ $^
$(BUILD)/libsamgen.a: $(REL_GEN_OBJ)
	@rm -f $@; ar rcs $@ $^
$(BUILD)/asan/libsamgolden.a: $(T_GOLDEN_OBJ)
	@rm -f $@; ar rcs $@ $^
$(BUILD)/asan/libsamgen.a: $(T_GEN_OBJ)
	@rm -f $@; ar rcs $@ $^

LINK_LIBS = -Wl,--start-group $(1)/libsamgen.a $(1)/libsamgolden.a -Wl,--end-group

$(SAMGEN): $(BUILD)/rel/gen/main.o $(BUILD)/libsamgen.a $(BUILD)/libsamgolden.a
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LINK_LIBS,$(BUILD)) $(LDLIBS)

# ASan build of the binary, used by the CLI tests.
$(BUILD)/asan/samgen: $(BUILD)/asan/gen/main.o $(BUILD)/asan/libsamgen.a $(BUILD)/asan/libsamgolden.a
	$(CC) $(TEST_CFLAGS) -o $@ $< $(call LINK_LIBS,$(BUILD)/asan) $(LDLIBS)

$(BUILD)/asan/%_test: %_test.c $(BUILD)/asan/libsamgen.a $(BUILD)/asan/libsamgolden.a
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(call LINK_LIBS,$(BUILD)/asan) -lcmocka $(LDLIBS)

deps:
	@sh scripts/deps.sh

# Unit tests: every *_test.c beside the code it tests, under ASan/UBSan.
unit: $(TEST_BINS) $(BUILD)/asan/samgen $(SAMGEN)
	@set -e; fail=0; for t in $(TEST_BINS); do \
	  echo "== $$t"; ASAN_OPTIONS=detect_leaks=1 $$t || fail=1; done; \
	  if [ $$fail -ne 0 ]; then echo "unit tests FAILED"; exit 1; fi; \
	  echo "unit tests passed ($(words $(TEST_BINS)) binaries)"

include $(sort $(wildcard mk/*.mk))

test: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory unit $(TEST_SUITES)
	@echo "make test: all suites passed"

extended:
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(EXTENDED_SUITES)

# What CI runs after `make test` when ../shared is present: the checks over
# the shared graphs, a short fuzz run of every reader, and the regression over
# every runnable custard kernel on four synthetic inputs and the real
# matrices (last line "N passed, N failed").  `make extended` runs it all.
CI_REGRESS_KINDS ?= empty single hyper r30
ci-extended:
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory graph-shared fuzz-smoke
	@$(MAKE) --no-print-directory regress REGRESS_KINDS="$(CI_REGRESS_KINDS)"

bench: all $(BENCH_TARGETS)

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

clean:
	rm -rf $(BUILD)
