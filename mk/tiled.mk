# tiled.mk - tiled kernels (compile -s split) on real matrices, through
# compile, golden and verify (sim/regress_tiled.sh).
#
#   make regress-tiled        SpMV, SpMSpM (ijk and ikj) and SDDMM with split
#                             indices on REGRESS_TILED_MATS at every tile size
#                             of REGRESS_TILED_T: the tiled golden result
#                             equals the untiled one, verify passes
#                             (-> $(BUILD)/regress/tiled/tiled.md)
#   make regress-tiled-smoke  the same on west0067 at T = 16 (CI)
#   make bench-tiled          tiled against untiled SpMV, SpMSpM and SDDMM in
#                             the golden model: DRAM bytes, cycles with and
#                             without skipping, tiles eliminated
#                             (bench/bench_tiled -> $(BUILD)/bench-tiled)
.PHONY: regress-tiled regress-tiled-smoke bench-tiled
EXTENDED_SUITES += regress-tiled
BENCH_TARGETS += bench-tiled

REGRESS_TILED_MATS ?= bcsstk01 bcsstk02 bcsstk05 bcsstm02 west0067 494_bus Erdos971 \
  Trefethen_20 arc130 bp_1200 cage5 can_24 curtis54 karate jagmesh7
REGRESS_TILED_T ?= 16 64

regress-tiled: $(SAMGEN)
	@if [ ! -d "$(SHARED)/data/mtx" ]; then echo "regress-tiled: $(SHARED)/data/mtx not found: skipped"; exit 0; fi; \
	 sh sim/regress_tiled.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/regress/tiled \
	   "$(REGRESS_TILED_MATS)" "$(REGRESS_TILED_T)" $(REGRESS_JOBS)

regress-tiled-smoke: $(SAMGEN)
	@if [ ! -d "$(SHARED)/data/mtx" ]; then echo "regress-tiled-smoke: $(SHARED)/data/mtx not found: skipped"; exit 0; fi; \
	 sh sim/regress_tiled.sh $(abspath $(SAMGEN)) $(abspath $(BUILD))/regress/tiled-smoke \
	   west0067 16 $(REGRESS_JOBS)

bench-tiled: $(SAMGEN)
	@SHARED=$(SHARED) sh bench/bench_tiled $(abspath $(SAMGEN)) $(BUILD)/bench-tiled
