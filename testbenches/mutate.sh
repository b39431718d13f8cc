#!/bin/sh
# mutate.sh - proves that the benches can fail: each line below copies one
# module, changes one piece of logic, and runs the module's bench (Icarus)
# on the mutant, which must FAIL.  Exit 1 when a mutant survives or a
# mutation no longer applies to the source.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
TB_VEC=${TB_VEC:-$BUILD/tb/tb_vec}
export TB_VEC
work=$BUILD/tb/mutants
mkdir -p "$work"
fail=0; n=0
# module|bench|from|to   (from/to are literal text)
while IFS='|' read -r mod bench from to; do
  case "$mod" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  dir=$work/m$n; mkdir -p "$dir"
  FROM="$from" TO="$to" awk 'BEGIN { f = ENVIRON["FROM"]; t = ENVIRON["TO"] }
    { i = index($0, f); if (i > 0 && !done) { $0 = substr($0, 1, i - 1) t substr($0, i + length(f)); done = 1 } print }' \
    "rtl/$mod.v" > "$dir/$mod.v"
  if cmp -s "rtl/$mod.v" "$dir/$mod.v"; then
    echo "MUTANT $n $mod: mutation does not apply ('$from')"; fail=1; continue
  fi
  if GEN=$BUILD/tb/gen RTL_OVERRIDE=$dir/$mod.v BUILD=$dir sh testbenches/run_bench.sh icarus "$bench" > "$dir/run.log" 2>&1; then
    echo "MUTANT $n $mod: SURVIVED ('$from' -> '$to'); bench $bench cannot see it"; fail=1
  else
    echo "mutant $n $mod killed by bench $bench ('$from' -> '$to'): $(grep -m1 MISMATCH "$dir/run.log" || grep -m1 FAIL "$dir/run.log")"
  fi
done <<'LIST'
sam_scan_compressed|scan_compressed|if (pos_q == last_q) bst_d = BClose;|if (pos_q + One == last_q) bst_d = BClose;
sam_scan_singleton|scan_singleton|(state_q == StRun && seen_q && last_rd_data_i)|(state_q == StRun && seen_q && !last_rd_data_i)
sam_scan_nonunique|scan_nonunique|(crd_rd_data_i != prev_q)|(crd_rd_data_i == prev_q)
sam_scan_dense|scan_dense|if (c_q + One == dim_i) state_d = StClose;|if (c_q == dim_i) state_d = StClose;
sam_scan_range|scan_range|if (c_q + One == hi_q) state_d = StClose;|if (c_q == hi_q) state_d = StClose;
sam_scan_range|scan_range|wire [CrdWidth-1:0] base = r_q << sh;|wire [CrdWidth-1:0] base = r_q;
sam_locate_hashed|locate_hashed|  localparam [CrdWidth-1:0] Empty = {CrdWidth{1'b1}};|  localparam [CrdWidth-1:0] Empty = {CrdWidth{1'b0}};
sam_locate_hashed|locate_hashed|              start(base_val, crd_val, home, sh);|              in_crd_ready_o = 1'b1;
sam_scan_offset|scan_offset|emit_crd = {`SG_TK_DATA, (p_q & row_mask) + off_rd_data_i};|emit_crd = {`SG_TK_DATA, p_q + off_rd_data_i};
sam_mul_dim|scan_dense|p3 = a_i[Width-1:3*Q] * dim_i[W3-1:0];|p3 = {W3{1'b0}};
sam_workspace|spacc_order2|byp_q <= ent_rd_i && p2_q && (ent_addr == a2_q);|byp_q <= 1'b0;
sam_workspace|spacc|fw2_q <= p_q && (addr_i == pa_q);|fw2_q <= 1'b0;
sam_fifo|fifo|d0_q <= v1_q ? d1_q : in_data_i;|d0_q <= in_data_i;
sam_repeat|repeat|emit_tok = {`SG_TK_STOP, head_val + One};|emit_tok = {`SG_TK_STOP, head_val};
sam_locate|locate|                                                          : {`SG_TK_DATA, bd_q + crd_val};|                                                          : {`SG_TK_DATA, bd_q};
sam_locate|locate|            base_take = stop_outer;|            base_take = 1'b0;
sam_mul_dim|locate|  wire [W1-1:0]    p1 = a_i[2*Q-1:Q] * dim_i[W1-1:0];|  wire [W1-1:0]    p1 = {W1{1'b0}};
sam_join2|union|e_crd = in_crd1_data_i; e_r0 = TokN;|e_crd = in_crd1_data_i;
sam_reduce|reduce|pend_d = (pay != Zero);|pend_d = 1'b0;
sam_write_compressed|write_compressed|if (has_q) seg_n_q <= seg_n_q + One;|seg_n_q <= seg_n_q + One;
sam_crddrop|crddrop|emit_o = seen_q;|emit_o = 1'b1;
sam_crdvals|crddrop_vals|wire emit = fire && !((Drop != 0) && zero);|wire emit = fire;
sam_crdvals|crddrop_vals|(in_val_data_i[ValWidth-1:0] == {ValWidth{1'b0}});|(in_val_data_i[15:0] == 16'd0);
sam_crdvals|crdhold_vals|assign in_outer_ready_o = in_val_valid_i && free;|assign in_outer_ready_o = free;
sam_arrayvals|arrayvals|(tag_q == `SG_TK_EMPTY) ? {`SG_TK_DATA, {ValWidth{1'b0}}} :|(tag_q == `SG_TK_EMPTY) ? {`SG_TK_EMPTY, {ValWidth{1'b0}}} :
sam_scan_compressed|scan_compressed|wire                hit = hit_v && (head_val == hit_nxt);|wire                hit = hit_v && (head_val == hit_nxt - One);
sam_scan_compressed|scan_compressed|if (cmd_tag == `SG_TK_STOP && !cmd_b[0]) begin|if (cmd_tag == `SG_TK_STOP) begin
sam_spacc|spacc|        if (!row_more) state_d = StStop;|        state_d = StStop;
sam_vectorreducer|vectorreducer|        t_c = {`SG_TK_STOP, lvl_m1};|        t_c = {`SG_TK_STOP, lvl_q};
sam_join|intersect3|.in_ref1_data_i(j12_r1_d)|.in_ref1_data_i(j12_r0_d)
sam_workspace|vectorreducer|  wire p_below = cw_v && pw_lt;|  wire p_below = 1'b0;
sam_workspace|vectorreducer|        fww_q <= p2_q && (addr_i == a2_q);|        fww_q <= 1'b0;
sam_write_vals_pos|write_vals_pos|      eqs_q <= inc ? (next_p1 == size_q) : (next_q == size_q);|      eqs_q <= (next_q == size_q);
sam_write_vals_pos|write_vals_pos|    val_wr_data_o = (hit_q && vt == `SG_TK_DATA)|    val_wr_data_o = (vt == `SG_TK_DATA)
sam_write_dense_pos|write_dense_pos|          in_pos_ready_o = (Root == 0);|          in_pos_ready_o = 1'b0;
sam_write_dense_pos|write_dense_pos|        base_q <= base_q + dim_i;|        base_q <= base_q + dim_i + One;
sam_ws_sorted|spacc_sorted|(key_i < k_q);|(key_i > k_q);
sam_ws_sorted|spacc_sorted|      wire shift = ins && lo_lt;|      wire shift = 1'b0;
sam_ws_sorted|vectorreducer_sorted|  wire [VW-1:0] held = g_or[LG].g_n[0].t;|  wire [VW-1:0] held = {VW{1'b0}};
sam_ws_sorted|vectorreducer_sorted|  assign ovf_o = acc_i && !pop_i && !hit && full;|  assign ovf_o = 1'b0;
sam_ws_sorted|spacc_sorted|  wire full = cv[C-1];|  wire full = 1'b0;
sam_ws_sorted|vectorreducer_sorted|          v_q <= up_v;|          v_q <= 1'b0;
sam_spacc|spacc_sorted|      assign row_more = ws_nv;|      assign row_more = 1'b0;
sam_spacc|spacc_order2_sorted|      assign row_more = ws_nv && (ws_nkey[KW-1:CrdWidth] == ws_key[KW-1:CrdWidth]);|      assign row_more = ws_nv;
sam_spacc|spacc_order2_sorted|      assign in_key = {op, ip};|      assign in_key = {ip, op};
sam_vectorreducer|vectorreducer_sorted|        t_c = {`SG_TK_STOP, lvl_m1};|        t_c = {`SG_TK_STOP, lvl_q};
sam_vectorreducer|vectorreducer_sorted|        end else if (!cw_v) begin|        end else if (1'b0) begin
sam_scan_bitvector|scan_bitvector|if (left_q == One) state_d = StClose;|if (left_q == Zero) state_d = StClose;
sam_scan_bitvector|scan_bitvector|load_ref = {`SG_TK_DATA, pzero_q ? Zero : pos_rd_data_i};|load_ref = {`SG_TK_DATA, pos_rd_data_i};
sam_join_bv|intersect_bv|if (bv_d[i][b] && below[b]) pc[i] = pc[i] + One;|if (bv_d[i][b]) pc[i] = pc[i] + One;
sam_join_bv|union_bv|comb = IsUnion != 0 ? BvZero : ~BvZero;|comb = IsUnion != 0 ? BvOne : ~BvZero;
sam_join_bv|convert_bv|        widx_d = widx_q + One;|        widx_d = widx_q;
LIST
[ $fail -eq 0 ] && echo "mutation: all $n mutants killed"
exit $fail
