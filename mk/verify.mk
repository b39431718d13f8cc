# verify.mk - end-to-end regression: samgen verify over the custard kernels.
#
#   make regress          every runnable kernel x every synthetic input
#                         (and real matrices from $(SHARED)/data that fit),
#                         in parallel (make -jN regress), with a summary in
#                         $(BUILD)/regress/full.{md,json}
#   make regress-quick    a small subset (part of `make test`)
#   make regress-fp       the same kernels in fp32 and bf16 on real-valued
#                         inputs, with and without stalls, and the real
#                         matrices (part of `make extended`); summary in
#                         $(BUILD)/regress/fp.{md,json}
#   make regress-fp-quick six of those cases (part of `make test`)
#   make regress-onyx     every Onyx and opal graph of $(SHARED)/graphs that
#                         passes samgen check, with int32 and fp32 values
#                         (part of `make extended`); summary in
#                         $(BUILD)/regress/onyx.md
#   make mutation-test    verify must catch deliberately broken RTL
#   make lockstep-test    lockstep checking in the Verilator harness
#   make netlist-test     verify --netlist: the synthesized netlist checked
#   make rerun-test       runs without reset: three input sets through one
#                         build in one simulation, reset with host_en_i high
#                         (Verilator and Icarus)
#   make regress-cli-test samgen regress: case lists, --jobs, --slurm
#   make slurm-test       samgen regress --slurm on a one-node local Slurm
#   make verify-cli-test  verify -o DIR: report.json, junit.xml, --trace,
#                         --max-mismatches, dot --report on the reports
#                         (examples, Icarus)
#   make error-cli-test   the generated top's error bits: a run raising each
#                         one, normal runs leaving error_o at 0 (examples,
#                         Icarus and Verilator)
#   make cache-cli-test   samgen cache info/clean, the cache's location and
#                         size cap, build reuse under --max-nnz (a temporary
#                         HOME; Verilator when installed)
#   make gen-lint         every custard graph's top is lint-clean (both
#                         views) and generated deterministically
#   make regress-real     the matrix kernels on every real matrix within a budget
#                         (REGRESS_REAL_BUDGET entries, REGRESS_REAL_TOKENS tokens)
#   make bench-verify     RTL vs golden vs SAM-simulator cycles, sim speed
#   make bench-locate     located vs coiterated SDDMM (the SAM paper's Figure 11
#                         setup) and SpMV with a dense vector, RTL cycles
#   make bench-coo        COO (uq01) against DCSR (ss01) operands: RTL cycles
#                         of SpMV and elementwise add, and the words stored
#   make bench-formats    SpMV over CSR, DCSR, COO, ELL, DIA and a hashed
#                         vector: words stored, golden and RTL cycles
#   make bench-workspaces dense, sorted and hash accumulator workspaces on
#                         SpGEMM (ikj, kij): bits held, RTL cycles, area
#   make bench-split      coordinate splitting (compile -s split) in RTL cycles:
#                         Figure 13's x = b .* c and inner-product SpMSpM
#   make skip-verify      verify --skip T (ExTensor skipping) on the kernels
#                         that intersect compressed levels, a few T each
#   make skip-verify-full every T in {1,2,4,8,32}, with and without stalls
#
# Verilator builds are cached under $(BUILD)/vcache (SAMGEN_CACHE).

REGRESS_DIR   := $(BUILD)/regress
REGRESS_JOBS  ?= 2
REGRESS_GRAPHS = $(SHARED)/graphs/custard
REGRESS_KINDS := empty single dense hyper r10 r30 r60
# Kernels whose every node has an RTL block and a golden implementation.
REGRESS_KERNELS := vec_identity vec_elemmul vec_elemadd vec_scalar_mul \
  mat_identity mat_elemmul mat_elemadd mat_elemadd3 \
  mat_vecmul_ij mat_vecmul_iter mat_vecmul_iter_short mat_sddmm \
  mat_spacc_simple mat_residual_HAND mat_mattransmul_HAND \
  mat_mask_tri mat_mask_tri_fiberwrite mat_identity_dense \
  mat_mask_tri_DA3sum_final \
  matmul_ijk matmul_ikj matmul_jik matmul_jki matmul_kij matmul_kji \
  tensor3_identity tensor3_elemmul tensor3_elemadd \
  tensor3_innerprod tensor3_ttv tensor3_ttm tensor3_mttkrp tensor3_website_expr \
  vec_sub mat_vecmul_ji vec_spacc_simple tensor3_identity_dense \
  matmul_ikj_hand_BLACKBOX matmul_ikj_hand_BLACKBOX_with_crddrop \
  vec_ds_compression vec_ds_compression_HAND vec_sd_compression vec_sd_compression_HAND
# Real matrices small enough for 16-bit addresses on every kernel.
REGRESS_REAL_KERNELS := mat_vecmul_ij mat_elemmul mat_elemadd matmul_ikj
REGRESS_REAL := bcsstk01 bcsstk02
# Quick subset: kernel__input pairs.
REGRESS_QUICK := mat_vecmul_ij__r30 mat_vecmul_ij__dense mat_identity__single \
  mat_elemmul__dense matmul_ikj__r30 tensor3_ttv__hyper \
  vec_sub__hyper mat_vecmul_ji__r30 matmul_ikj_hand_BLACKBOX_with_crddrop__r30

export SAMGEN_CACHE ?= $(abspath $(BUILD))/vcache

REGRESS_FULL_CASES := $(foreach k,$(REGRESS_KERNELS),$(foreach i,$(REGRESS_KINDS),$(k)__$(i)))
REGRESS_REAL_CASES := $(foreach k,$(REGRESS_REAL_KERNELS),$(foreach m,$(REGRESS_REAL),$(k)__real-$(m)))

# One case: $(1) = set (quick/full), $(2) = kernel__input.  The first case
# of a kernel builds its simulator; the others wait for it (no duplicate
# Verilator builds under make -j).
define regress_case
$(REGRESS_DIR)/$(1)/res/$(2).res: $(SAMGEN)
	@k=$$$$(echo $(2) | sed 's/__.*//'); i=$$$$(echo $(2) | sed 's/.*__//'); \
	 real=""; case $$$$i in real-*) real=$(SHARED)/data/mtx/$$$${i#real-}.mtx; i=real;; esac; \
	 REGRESS_TOTAL=$$(REGRESS_TOTAL) sh sim/regress_case.sh $(abspath $(SAMGEN)) \
	   $(REGRESS_GRAPHS)/$$$$k.gv $$$$i 1 $(REGRESS_DIR)/$(1)/work/$(2) $$@ $$$$real
endef
$(foreach c,$(REGRESS_QUICK),$(eval $(call regress_case,quick,$(c))))
$(foreach c,$(REGRESS_FULL_CASES) $(REGRESS_REAL_CASES),$(eval $(call regress_case,full,$(c))))
# Serialize each kernel's later cases after its first one.
$(foreach k,$(REGRESS_KERNELS),$(foreach i,$(wordlist 2,99,$(REGRESS_KINDS)),\
  $(eval $(REGRESS_DIR)/full/res/$(k)__$(i).res: $(REGRESS_DIR)/full/res/$(k)__$(firstword $(REGRESS_KINDS)).res)))

regress-cases-quick: $(REGRESS_QUICK:%=$(REGRESS_DIR)/quick/res/%.res)
regress-cases-full: $(REGRESS_FULL_CASES:%=$(REGRESS_DIR)/full/res/%.res) \
  $(if $(wildcard $(SHARED)/data/mtx),$(REGRESS_REAL_CASES:%=$(REGRESS_DIR)/full/res/%.res))

# ExTensor skipping (sim/skip_verify.sh): kernels that intersect compressed
# levels; "k:r30,wide" adds the long-fiber input to the default r30.
SKIP_QUICK_KERNELS := vec_elemmul mat_elemmul:wide mat_vecmul_ij matmul_ijk:r30,wide \
  tensor3_elemmul tensor3_innerprod tensor3_ttv mat_sddmm
SKIP_WIDE_KERNELS := vec_elemmul mat_elemmul mat_vecmul_ij matmul_ijk tensor3_innerprod
skip_comma := ,
SKIP_FULL_KERNELS := $(foreach k,$(REGRESS_KERNELS),\
  $(if $(filter $(k),$(SKIP_WIDE_KERNELS)),$(k):r30$(skip_comma)wide,$(k)))
.PHONY: skip-verify skip-verify-full
skip-verify: $(SAMGEN)
	@sh sim/skip_verify.sh $(abspath $(SAMGEN)) $(REGRESS_DIR)/skip quick \
	  $(REGRESS_GRAPHS) $(SKIP_QUICK_KERNELS)

skip-verify-full: $(SAMGEN)
	@sh sim/skip_verify.sh $(abspath $(SAMGEN)) $(REGRESS_DIR)/skip-full full \
	  $(REGRESS_GRAPHS) $(SKIP_FULL_KERNELS)

.PHONY: regress regress-quick regress-cases-quick regress-cases-full regress-real mutation-test lockstep-test netlist-test bench-verify bench-locate bench-split bench-coo bench-formats bench-workspaces gen-lint

regress-quick: $(SAMGEN)
	@rm -rf $(REGRESS_DIR)/quick
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "regress-quick: $(REGRESS_GRAPHS) not found: skipped"; echo "0 passed, 0 failed"; exit 0; fi; \
	 $(MAKE) --no-print-directory -j$(REGRESS_JOBS) REGRESS_TOTAL=$(words $(REGRESS_QUICK)) regress-cases-quick && \
	 sh sim/regress_summary.sh $(REGRESS_DIR)/quick/res $(REGRESS_DIR)/quick.md $(REGRESS_DIR)/quick.json

regress: $(SAMGEN)
	@rm -rf $(REGRESS_DIR)/full
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "regress: $(REGRESS_GRAPHS) not found: skipped"; echo "0 passed, 0 failed"; exit 0; fi; \
	 $(MAKE) --no-print-directory -j$(REGRESS_JOBS) \
	   REGRESS_TOTAL=$(words $(REGRESS_FULL_CASES) $(if $(wildcard $(SHARED)/data/mtx),$(REGRESS_REAL_CASES))) \
	   regress-cases-full && \
	 sh sim/regress_summary.sh $(REGRESS_DIR)/full/res $(REGRESS_DIR)/full.md $(REGRESS_DIR)/full.json

mutation-test: $(SAMGEN)
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "mutation-test: $(REGRESS_GRAPHS) not found: skipped"; exit 0; fi; \
	 sh sim/mutation_test.sh $(abspath $(SAMGEN)) $(REGRESS_GRAPHS) $(REGRESS_DIR)/mutation

# Lockstep checking in the Verilator harness against recorded traces, on
# tampered expected streams and on a mutant (sim/lockstep_test.sh).
lockstep-test: $(SAMGEN)
	@sh sim/lockstep_test.sh $(abspath $(SAMGEN)) $(BUILD)/lockstep-test

# verify --netlist on every example: Yosys's generic gate-level netlist
# with and without stalls, and its iCE40 netlist (cell models).
.PHONY: netlist-examples
EXTENDED_SUITES += netlist-examples
netlist-examples: $(SAMGEN)
	@EXAMPLES_VERIFY_ARGS=--netlist sh scripts/examples_verify.sh $(abspath $(SAMGEN)) \
	  $(abspath $(BUILD))/netlist-examples && \
	 EXAMPLES_MODES=plain EXAMPLES_VERIFY_ARGS="--netlist --target ice40" \
	  sh scripts/examples_verify.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/netlist-examples-ice40

# samgen regress --slurm against a real Slurm: a one-node cluster from
# Debian's packages on this machine (scripts/slurm_local.sh; needs root).
.PHONY: slurm-test
EXTENDED_SUITES += slurm-test
slurm-test: $(SAMGEN)
	@sh sim/slurm_test.sh $(abspath $(SAMGEN)) $(BUILD)/slurm-test

# verify --netlist: Yosys's gate-level netlist simulated and checked on
# every edge, and a synthesis-only bug (sim/netlist_test.sh).
netlist-test: $(SAMGEN)
	@sh sim/netlist_test.sh $(abspath $(SAMGEN)) $(BUILD)/netlist-test

gen-lint: $(SAMGEN)
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "gen-lint: $(REGRESS_GRAPHS) not found: skipped"; exit 0; fi; \
	 sh sim/gen_lint.sh $(abspath $(SAMGEN)) $(REGRESS_GRAPHS) $(REGRESS_DIR)/lint

bench-verify: $(SAMGEN)
	@sh bench/bench_verify $(abspath $(SAMGEN)) $(BUILD)/bench-verify

# The matrix kernels on every real matrix of $(SHARED)/data/mtx that fits
# the budget (sim/regress_real.sh): results, skipped cases with the reason,
# JSON and JUnit under $(REGRESS_DIR)/real.
REGRESS_REAL_BUDGET ?= 100000
REGRESS_REAL_TOKENS ?= 20000000
REGRESS_REAL_ALL_KERNELS := mat_elemadd mat_elemmul mat_vecmul_ij mat_vecmul_ji \
  matmul_ijk matmul_ikj matmul_kij mat_sddmm mat_residual_HAND mat_mattransmul_HAND \
  tensor3_elemadd tensor3_elemmul tensor3_innerprod tensor3_ttv tensor3_ttm tensor3_mttkrp
regress-real: $(SAMGEN)
	@SHARED=$(SHARED) TOKEN_BUDGET=$(REGRESS_REAL_TOKENS) sh sim/regress_real.sh \
	  $(abspath $(SAMGEN)) $(REGRESS_DIR)/real $(REGRESS_REAL_BUDGET) $(REGRESS_JOBS) \
	  $(REGRESS_REAL_ALL_KERNELS)

bench-locate: $(SAMGEN)
	@sh bench/bench_locate $(abspath $(SAMGEN)) $(BUILD)/bench-locate

bench-split: $(SAMGEN)
	@SHARED=$(SHARED) sh bench/bench_split $(abspath $(SAMGEN)) $(BUILD)/bench-split

bench-coo: $(SAMGEN)
	@SHARED=$(SHARED) sh bench/bench_coo $(abspath $(SAMGEN)) $(BUILD)/bench-coo

bench-formats: $(SAMGEN)
	@SHARED=$(SHARED) sh bench/bench_formats $(abspath $(SAMGEN)) $(BUILD)/bench-formats

bench-workspaces: $(SAMGEN)
	@SHARED=$(SHARED) sh bench/bench_workspaces $(abspath $(SAMGEN)) $(BUILD)/bench-workspaces

TEST_SUITES += gen-lint regress-quick mutation-test lockstep-test netlist-test skip-verify
EXTENDED_SUITES += regress skip-verify-full
BENCH_TARGETS += bench-verify bench-locate bench-split bench-coo bench-formats bench-workspaces

# samgen verify's reports (-o DIR, --trace, --max-mismatches) on the
# examples with Icarus: needs no shared data.
.PHONY: cache-cli-test
TEST_SUITES += cache-cli-test
cache-cli-test: $(BUILD)/asan/samgen
	@sh cli/cache_cli_test.sh $(abspath $(BUILD)/asan/samgen) $(abspath $(BUILD))/cache-cli

# Runs without reset: three input sets through one build, back to back in
# one simulation, and a reset with the host owning the memories
# (sim/rerun_test.sh; Verilator and Icarus).
.PHONY: rerun-test
TEST_SUITES += rerun-test
rerun-test: $(SAMGEN)
	@sh sim/rerun_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/rerun-test

# The top's error bits (error_o), each raised by a run, and verify's report
# of them; Icarus, and Verilator when installed.
.PHONY: error-cli-test
TEST_SUITES += error-cli-test
error-cli-test: $(BUILD)/asan/samgen
	@sh cli/error_cli_test.sh $(abspath $(BUILD)/asan/samgen) $(abspath $(BUILD))/error-cli

# The top's performance counters (--counters nodes|edges) against the
# traces, their mutants, and the option's errors; Icarus and Verilator.
.PHONY: perf-cli-test
TEST_SUITES += perf-cli-test
perf-cli-test: $(SAMGEN)
	@sh cli/perf_cli_test.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/perf-cli

.PHONY: verify-cli-test regress-cli-test
TEST_SUITES += verify-cli-test regress-cli-test
verify-cli-test: $(BUILD)/asan/samgen
	@sh cli/verify_cli_test.sh $(abspath $(BUILD)/asan/samgen) $(abspath $(BUILD))/verify-cli

# samgen regress: a case list here in parallel and through a stand-in
# sbatch, summaries, bad lists (cli/regress_cli_test.sh).
regress-cli-test: $(BUILD)/asan/samgen
	@sh cli/regress_cli_test.sh $(abspath $(BUILD)/asan/samgen) $(abspath $(BUILD))/regress-cli

# Real numbers: the regression's kernels with --type fp32 and bf16 on
# synthetic inputs whose values are reals (sim/regress_inputs.sh with
# REGRESS_VALUES=real), each with and without stalls, and on the real
# matrices with their own values.  A case is KERNEL__INPUT__VARIANT,
# VARIANT one of $(REGRESS_FP_VARIANTS).
#
#   make regress-fp        every case (make extended); summary in
#                          $(BUILD)/regress/fp.{md,json}
#   make regress-fp-quick  a few cases covering the ALU, reduce, spacc and
#                          vector reducer in both types (make test)
REGRESS_FP_KINDS ?= $(REGRESS_KINDS)
REGRESS_FP_VARIANTS := fp32 bf16 fp32-stall bf16-stall
REGRESS_FP_STALL ?= --stall 20 --seed 3
REGRESS_FP_QUICK := mat_vecmul_ij__r30__fp32 matmul_ikj__r30__bf16-stall \
  mat_sddmm__r30__fp32-stall vec_scalar_mul__r30__bf16 \
  mat_spacc_simple__r60__fp32 matmul_ikj_hand_BLACKBOX__r30__bf16
REGRESS_FP_CASES := $(foreach k,$(REGRESS_KERNELS),$(foreach v,$(REGRESS_FP_VARIANTS),\
  $(foreach i,$(REGRESS_FP_KINDS),$(k)__$(i)__$(v))))
REGRESS_FP_REAL_CASES := $(foreach k,$(REGRESS_REAL_KERNELS),$(foreach v,$(REGRESS_FP_VARIANTS),\
  $(foreach m,$(REGRESS_REAL),$(k)__real-$(m)__$(v))))

# $(1) = set (fp-quick/fp), $(2) = KERNEL__INPUT__VARIANT.
define regress_fp_case
$(REGRESS_DIR)/$(1)/res/$(2).res: $(SAMGEN)
	@k=$(word 1,$(subst __, ,$(2))); i=$(word 2,$(subst __, ,$(2))); \
	 real=""; case $$$$i in real-*) real=$(SHARED)/data/mtx/$$$${i#real-}.mtx; i=real;; esac; \
	 REGRESS_TOTAL=$$(REGRESS_TOTAL) REGRESS_TYPE=$(firstword $(subst -, ,$(word 3,$(subst __, ,$(2))))) \
	 REGRESS_VERIFY_ARGS="$(if $(findstring -stall,$(2)),$(REGRESS_FP_STALL)) $$(REGRESS_VERIFY_ARGS)" \
	 sh sim/regress_case.sh $(abspath $(SAMGEN)) \
	   $(REGRESS_GRAPHS)/$$$$k.gv $$$$i 1 $(REGRESS_DIR)/$(1)/work/$(2) $$@ $$$$real
endef
$(foreach c,$(REGRESS_FP_QUICK),$(eval $(call regress_fp_case,fp-quick,$(c))))
$(foreach c,$(REGRESS_FP_CASES) $(REGRESS_FP_REAL_CASES),$(eval $(call regress_fp_case,fp,$(c))))
# One build per kernel and variant: its later inputs wait for the first.
$(foreach k,$(REGRESS_KERNELS),$(foreach v,$(REGRESS_FP_VARIANTS),\
  $(foreach i,$(wordlist 2,99,$(REGRESS_FP_KINDS)),\
  $(eval $(REGRESS_DIR)/fp/res/$(k)__$(i)__$(v).res: \
    $(REGRESS_DIR)/fp/res/$(k)__$(firstword $(REGRESS_FP_KINDS))__$(v).res))))

.PHONY: regress-fp regress-fp-quick regress-cases-fp-quick regress-cases-fp
regress-cases-fp-quick: $(REGRESS_FP_QUICK:%=$(REGRESS_DIR)/fp-quick/res/%.res)
regress-cases-fp: $(REGRESS_FP_CASES:%=$(REGRESS_DIR)/fp/res/%.res) \
  $(if $(wildcard $(SHARED)/data/mtx),$(REGRESS_FP_REAL_CASES:%=$(REGRESS_DIR)/fp/res/%.res))

regress-fp-quick: $(SAMGEN)
	@rm -rf $(REGRESS_DIR)/fp-quick
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "regress-fp-quick: $(REGRESS_GRAPHS) not found: skipped"; echo "0 passed, 0 failed"; exit 0; fi; \
	 $(MAKE) --no-print-directory -j$(REGRESS_JOBS) REGRESS_TOTAL=$(words $(REGRESS_FP_QUICK)) regress-cases-fp-quick && \
	 sh sim/regress_summary.sh $(REGRESS_DIR)/fp-quick/res $(REGRESS_DIR)/fp-quick.md $(REGRESS_DIR)/fp-quick.json

regress-fp: $(SAMGEN)
	@rm -rf $(REGRESS_DIR)/fp
	@if [ ! -d "$(REGRESS_GRAPHS)" ]; then \
	   echo "regress-fp: $(REGRESS_GRAPHS) not found: skipped"; echo "0 passed, 0 failed"; exit 0; fi; \
	 $(MAKE) --no-print-directory -j$(REGRESS_JOBS) \
	   REGRESS_TOTAL=$(words $(REGRESS_FP_CASES) $(if $(wildcard $(SHARED)/data/mtx),$(REGRESS_FP_REAL_CASES))) \
	   regress-cases-fp && \
	 sh sim/regress_summary.sh $(REGRESS_DIR)/fp/res $(REGRESS_DIR)/fp.md $(REGRESS_DIR)/fp.json

TEST_SUITES += regress-fp-quick
EXTENDED_SUITES += regress-fp

# The Onyx and opal graphs of $(SHARED)/graphs (sim/regress_onyx.sh): each
# that passes samgen check through samgen verify with int32 and with fp32
# values, one run at a time; a table of graph, type, result and RTL cycles
# in $(BUILD)/regress/onyx.md (make extended).  REGRESS_ONYX_SIM=icarus
# simulates with Icarus instead of Verilator.
REGRESS_ONYX_SIM ?= verilator
.PHONY: regress-onyx
EXTENDED_SUITES += regress-onyx
regress-onyx: $(SAMGEN)
	@if [ ! -d "$(SHARED)/graphs/onyx" ]; then \
	   echo "regress-onyx: $(SHARED)/graphs/onyx not found: skipped"; exit 0; fi; \
	 REGRESS_ONYX_SIM=$(REGRESS_ONYX_SIM) sh sim/regress_onyx.sh $(abspath $(SAMGEN)) $(SHARED)/graphs $(REGRESS_DIR)/onyx $(REGRESS_DIR)/onyx.md
