# deps.mk - the dependency installer.
#
#   make deps-test   scripts/deps.sh against a stand-in apt-get: one line
#                    per step and the result, apt-get's output in the log
#                    only, the log's last lines when a step fails

.PHONY: deps-test
TEST_SUITES += deps-test

deps-test:
	@sh scripts/deps_test.sh $(abspath $(BUILD))/deps-test
