# einsum.mk - the einsum front end (samgen compile): examples, tests, bench.
#
#   make examples           rewrite examples/*.gv (samgen compile) and their
#                           seeded tensors examples/*_<T>.tns (samgen tensor gen)
#   make einsum-cli-test    argument forms, bad input (exit 2, column, no
#                           output), examples equal a fresh regeneration and
#                           pass samgen check / samgen golden
#   make einsum-bench       compile time per expression (target < 10 ms)
#
# The unit tests (front/einsum_test.c: parse errors, structure, DOT round
# trip; front/einsum_golden_test.c: golden model against a dense evaluation
# and against Custard's graphs with $SHARED) run with `make unit`.

.PHONY: examples einsum-cli-test einsum-bench
TEST_SUITES += einsum-cli-test
BENCH_TARGETS += einsum-bench

examples: $(SAMGEN)
	@sh examples/regen.sh $(abspath $(SAMGEN)) examples
	@echo "examples/ regenerated"

einsum-cli-test: $(SAMGEN)
	@sh cli/einsum_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/einsum-cli

$(BUILD)/bench/bench_compile: bench/bench_compile.c $(call LIBS,$(BUILD))
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< $(call LIBS,$(BUILD)) $(LDLIBS)

einsum-bench: $(BUILD)/bench/bench_compile
	@$(BUILD)/bench/bench_compile
