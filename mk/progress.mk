# progress.mk - progress lines and time limits of long runs.
#
#   make progress-cli-test  samgen verify and samgen area: the start line of
#                           each external step and -q, --timeout on a slow
#                           Verilator build, simulation, Yosys and nextpnr
#                           (exit 1, the step named, no process left)
#
# The process helper's unit test (core/proc_test.c) runs with `make unit`.

.PHONY: progress-cli-test
TEST_SUITES += progress-cli-test

progress-cli-test: $(SAMGEN)
	@sh cli/progress_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/progress-cli
