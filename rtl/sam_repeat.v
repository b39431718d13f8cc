// sam_repeat - repeat a reference stream under a repeat-signal stream.
//
// For the current reference x (data or N) every R emits x; S closes the
// repetition with the peek-ahead rule (next reference Sk is consumed and
// S(k+1) emitted, otherwise S0); a reference followed directly by S is not
// emitted at all.  A reference stop that is not consumed by a close pairs
// with one S and is emitted incremented; D pairs with D.
// Timing: one output token per repsig token; a reference with zero
// repetitions costs one extra cycle.  in_*_ready_o depend on out_ref_ready_i.
`include "sam_token.vh"

module sam_repeat #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  input  wire                in_repsig_valid_i,
  output reg                 in_repsig_ready_o,
  input  wire [1:0]          in_repsig_data_i,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o
);
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg                have_q, have_d;
  reg [CrdWidth+1:0] x_q, x_d;
  reg                out_v_q;
  reg [CrdWidth+1:0] out_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_tok;
  wire emit_rdy = !out_v_q || out_ref_ready_i;

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire head_is_ref = (head_tag == `SG_TK_DATA) || (head_tag == `SG_TK_EMPTY);
  wire [1:0] sig = in_repsig_data_i;

  always @(*) begin
    have_d = have_q;
    x_d = x_q;
    in_ref_ready_o = 1'b0;
    in_repsig_ready_o = 1'b0;
    emit = 1'b0;
    emit_tok = {`SG_TK_DONE, Zero};
    if (in_repsig_valid_i) begin
      if (have_q) begin
        if (sig == `SG_TK_DATA) begin
          if (emit_rdy) begin
            emit = 1'b1;
            emit_tok = x_q;
            in_repsig_ready_o = 1'b1;
          end
        end else if (sig == `SG_TK_STOP) begin
          if (in_ref_valid_i && emit_rdy) begin
            emit = 1'b1;
            in_repsig_ready_o = 1'b1;
            have_d = 1'b0;
            if (head_tag == `SG_TK_STOP) begin
              in_ref_ready_o = 1'b1;
              emit_tok = {`SG_TK_STOP, head_val + One};
            end else begin
              emit_tok = {`SG_TK_STOP, Zero};
            end
          end
        end else if (emit_rdy) begin  // D while a reference is open
          emit = 1'b1;
          in_repsig_ready_o = 1'b1;
          have_d = 1'b0;
        end
      end else if (in_ref_valid_i) begin
        if (head_is_ref) begin
          if (sig == `SG_TK_DATA) begin
            if (emit_rdy) begin
              emit = 1'b1;
              emit_tok = in_ref_data_i;
              in_repsig_ready_o = 1'b1;
              in_ref_ready_o = 1'b1;
              have_d = 1'b1;
              x_d = in_ref_data_i;
            end
          end else if (sig == `SG_TK_STOP) begin
            // zero repetitions: take x now, peek at the next reference later
            in_ref_ready_o = 1'b1;
            have_d = 1'b1;
            x_d = in_ref_data_i;
          end else if (emit_rdy) begin
            emit = 1'b1;
            in_repsig_ready_o = 1'b1;
          end
        end else if (emit_rdy) begin
          emit = 1'b1;
          in_repsig_ready_o = 1'b1;
          in_ref_ready_o = 1'b1;
          emit_tok = (head_tag == `SG_TK_STOP) ? {`SG_TK_STOP, head_val + One}
                                               : {`SG_TK_DONE, Zero};
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      have_q <= 1'b0;
      x_q <= {`SG_TK_DATA, Zero};
      out_v_q <= 1'b0;
      out_q <= {`SG_TK_DATA, Zero};
    end else begin
      have_q <= have_d;
      x_q <= x_d;
      if (emit) begin
        out_v_q <= 1'b1;
        out_q <= emit_tok;
      end else if (out_ref_ready_i) begin
        out_v_q <= 1'b0;
      end
    end
  end

  assign out_ref_valid_o = out_v_q;
  assign out_ref_data_o  = out_q;
endmodule
