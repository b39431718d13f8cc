# cli.mk - the command line as a whole.
#
#   make options-cli-test   docs/cli.md equals `samgen help --markdown`; every
#                           command takes every option of its table
#                           (cli/options.def); refused options, missing
#                           values, --opt=value, aliases, --scale, "--"

.PHONY: options-cli-test
TEST_SUITES += options-cli-test

options-cli-test: $(SAMGEN)
	@sh cli/options_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/options-cli
