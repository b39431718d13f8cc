# outputs.mk - the output-file rules of every command (README.md, "Output files").
#
#   make output-cli-test  outputs that name an input, unwritable locations,
#                         a failed golden run's directories, dot -o X.gv
#                         read back (ASan build; verify with Icarus when
#                         it is installed)

.PHONY: output-cli-test
TEST_SUITES += output-cli-test

output-cli-test: $(BUILD)/asan/samgen
	@sh cli/output_cli_test.sh $(abspath $(BUILD)/asan/samgen) \
	    $(abspath $(BUILD))/output-cli
