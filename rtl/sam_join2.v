// sam_join2 - two-input joiner core: intersect (IsUnion = 0) or union
// (IsUnion = 1) of two (crd, ref) operand pairs, with the reference's rules
// (Intersect2 / Union2), except that union consumes an N head facing a stop
// without emitting it (the golden model's deliberate difference 1).  Operand k's crd and ref are consumed together.
// A decision needs both heads; one decision per cycle, so one output token
// per cycle (union) or one consumed input token per cycle (intersect).
// Outputs are registered, each with its own valid; in_*_ready_o depend on
// the output readies combinationally.
`include "sam_token.vh"

module sam_join2 #(
  parameter integer CrdWidth = 16,
  parameter integer IsUnion  = 0
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd0_valid_i,
  output wire                in_crd0_ready_o,
  input  wire [CrdWidth+1:0] in_crd0_data_i,
  input  wire                in_ref0_valid_i,
  output wire                in_ref0_ready_o,
  input  wire [CrdWidth+1:0] in_ref0_data_i,
  input  wire                in_crd1_valid_i,
  output wire                in_crd1_ready_o,
  input  wire [CrdWidth+1:0] in_crd1_data_i,
  input  wire                in_ref1_valid_i,
  output wire                in_ref1_ready_o,
  input  wire [CrdWidth+1:0] in_ref1_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref0_valid_o,
  input  wire                out_ref0_ready_i,
  output wire [CrdWidth+1:0] out_ref0_data_o,
  output wire                out_ref1_valid_o,
  input  wire                out_ref1_ready_i,
  output wire [CrdWidth+1:0] out_ref1_data_o
);
  localparam [CrdWidth+1:0] TokN = {`SG_TK_EMPTY, {CrdWidth{1'b0}}};

  reg [2:0]          v_q;      // crd, ref0, ref1 output valids
  reg [CrdWidth+1:0] crd_q, r0_q, r1_q;
  wire emit_rdy = (!v_q[0] || out_crd_ready_i) && (!v_q[1] || out_ref0_ready_i) &&
                  (!v_q[2] || out_ref1_ready_i);

  wire a_v = in_crd0_valid_i && in_ref0_valid_i;
  wire b_v = in_crd1_valid_i && in_ref1_valid_i;
  wire [1:0] at = in_crd0_data_i[CrdWidth+1:CrdWidth];
  wire [1:0] bt = in_crd1_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] ap = in_crd0_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] bp = in_crd1_data_i[CrdWidth-1:0];
  wire a_n = (at == `SG_TK_EMPTY), b_n = (bt == `SG_TK_EMPTY);
  wire a_d = (at == `SG_TK_DONE),  b_d = (bt == `SG_TK_DONE);
  wire a_s = (at == `SG_TK_STOP),  b_s = (bt == `SG_TK_STOP);
  wire a_c = (at == `SG_TK_DATA);
  // same coordinate or same stop (N and D compare by tag only)
  wire same = (at == bt) && ((a_c || a_s) ? (ap == bp) : 1'b1);

  reg take_a, take_b, emit;
  reg [CrdWidth+1:0] e_crd, e_r0, e_r1;

  always @(*) begin
    take_a = 1'b0;
    take_b = 1'b0;
    emit = 1'b0;
    e_crd = in_crd0_data_i;
    e_r0 = in_ref0_data_i;
    e_r1 = in_ref1_data_i;
    if (a_v && b_v) begin
      if (IsUnion == 0) begin
        if (a_n && b_s) begin
          // an N fiber against an empty fiber: the N passes, the stop
          // stays to close it
          emit = 1'b1; take_a = 1'b1;
          e_crd = TokN; e_r0 = TokN; e_r1 = TokN;
        end else if (b_n && a_s) begin
          emit = 1'b1; take_b = 1'b1;
          e_crd = TokN; e_r0 = TokN; e_r1 = TokN;
        end else if (a_n || b_n) begin
          emit = 1'b1; take_a = 1'b1; take_b = 1'b1;
          e_crd = TokN; e_r0 = TokN; e_r1 = TokN;
        end else if (same) begin
          emit = 1'b1; take_a = 1'b1; take_b = 1'b1;
        end else if (a_s || a_d) begin
          take_b = 1'b1;
        end else if (b_s || b_d) begin
          take_a = 1'b1;
        end else if (ap < bp) begin
          take_a = 1'b1;
        end else begin
          take_b = 1'b1;
        end
      end else begin
        emit = 1'b1;
        if (same) begin
          take_a = 1'b1; take_b = 1'b1;
        end else if (a_s && b_n) begin
          // an N head facing a stop is consumed without output (samgen
          // follows the SAM paper here, docs/differences.md item 1)
          emit = 1'b0;
          take_b = 1'b1;
        end else if (b_s && a_n) begin
          emit = 1'b0;
          take_a = 1'b1;
        end else if (a_s || a_d || (!(b_s || b_d || b_n) && (a_n || !(ap < bp)))) begin
          // rule order: a stop -> b; b stop -> a; b N -> a; a N -> b;
          // a < b -> a; else b
          take_b = 1'b1;
          e_crd = in_crd1_data_i; e_r0 = TokN;
        end else begin
          take_a = 1'b1;
          e_r1 = TokN;
        end
      end
    end
  end

  wire fire = emit ? emit_rdy : (take_a || take_b);
  assign in_crd0_ready_o = fire && take_a;
  assign in_ref0_ready_o = fire && take_a;
  assign in_crd1_ready_o = fire && take_b;
  assign in_ref1_ready_o = fire && take_b;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      v_q <= 3'b000;
      crd_q <= TokN;
      r0_q <= TokN;
      r1_q <= TokN;
    end else if (emit && fire) begin
      v_q <= 3'b111;
      crd_q <= e_crd;
      r0_q <= e_r0;
      r1_q <= e_r1;
    end else begin
      v_q <= v_q & ~{out_ref1_ready_i, out_ref0_ready_i, out_crd_ready_i};
    end
  end

  assign out_crd_valid_o  = v_q[0];
  assign out_crd_data_o   = crd_q;
  assign out_ref0_valid_o = v_q[1];
  assign out_ref0_data_o  = r0_q;
  assign out_ref1_valid_o = v_q[2];
  assign out_ref1_data_o  = r1_q;
endmodule
