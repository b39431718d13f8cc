# examples.mk - whole-kernel verification on the project's own examples.
#
#   make examples-verify   samgen verify (RTL against the golden model, every
#                          edge) on each examples/*.gv, with and without
#                          random stalls; needs nothing outside the repo
.PHONY: examples-verify
TEST_SUITES += examples-verify

examples-verify: $(SAMGEN)
	@SAMGEN_CACHE=$${SAMGEN_CACHE:-$(abspath $(BUILD))/vcache} \
	  sh scripts/examples_verify.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/examples-verify
