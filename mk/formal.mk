# formal.mk - formal proofs of the RTL primitives' stream contract
# (formal/, docs/verification.md "Formal proofs of the stream contract").
#
#   make formal-quick   sam_fifo (Depth 0..4), sam_broadcast and sam_join2
#                       (intersect), then their mutants, which must fail
#                       (part of make test)
#   make formal         every check of formal/run.sh and every mutant of
#                       formal/mutate.sh (make extended)
#
# yosys builds the models, yosys-smtbmc with z3 solves them; logs and
# counterexample traces in $(BUILD)/formal/<check>/.

.PHONY: formal formal-quick

formal-quick:
	@FORMAL_DIR=$(BUILD)/formal sh formal/run.sh --quick
	@FORMAL_DIR=$(BUILD)/formal sh formal/mutate.sh --quick

formal:
	@FORMAL_DIR=$(BUILD)/formal sh formal/run.sh
	@FORMAL_DIR=$(BUILD)/formal sh formal/mutate.sh

TEST_SUITES += formal-quick
EXTENDED_SUITES += formal
