// sam_locate_hashed - locator into a hashed level (locate format=hashed):
// for each coordinate c of the iterated operand, the bucket of the located
// tensor's fiber b that holds c, or N when the fiber lacks it (b being that
// tensor's reference at the parent level, one per coordinate fiber).
//
// The level stores each fiber in W buckets (dim_i = W, a power of two):
// bucket (b << s) | k, s = log2(W), holds a coordinate or all ones (empty),
// in the crd memory (synchronous read: data the cycle after the request).
// c's home bucket is the top s bits of c * 32'h9E3779B1 (modulo 2^32,
// core/tensor.h sg_lvl_hash); a lookup reads from there on, one bucket a
// cycle, until it finds c (the bucket is the result), an empty bucket or
// W buckets (N).  Base handling, stops and D as sam_locate: a fiber's
// first token takes its base; N as base or as coordinate gives N; a stop
// Sk with k >= 1 also takes the base stream's S(k-1); D pairs with D.
//
// Timing: a lookup of P probes takes P cycles: the coordinate is taken
// with its first bucket read, and the result is decided (and loaded into
// the output register) in the cycle the last read returns, which may also
// take the next coordinate and start its lookup; any other token waits
// for the next cycle.  So lookups that hit their home bucket go at one a
// cycle (golden/prim_locate.c counts the same cycles).
`include "sam_token.vh"

module sam_locate_hashed #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output wire                in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  input  wire                in_crd_valid_i,
  output reg                 in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o,
  output reg                 crd_rd_en_o,
  output reg  [CrdWidth-1:0] crd_rd_addr_o,
  input  wire [CrdWidth-1:0] crd_rd_data_i
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Empty = {CrdWidth{1'b1}};

  // s = log2(W) and the bucket mask
  reg [CrdWidth-1:0] sh;
  integer k;
  always @(*) begin
    sh = Zero;
    for (k = 0; k < CrdWidth; k = k + 1)
      if (((dim_i - One) >> k) != Zero) sh = k[CrdWidth-1:0] + One;
  end
  wire [CrdWidth-1:0] mask = ~({CrdWidth{1'b1}} << sh);

  // the base stream's head, from a two-entry buffer (registered ready)
  reg                 base_take;
  wire                base_valid;
  wire [CrdWidth+1:0] base_head;
  sam_fifo #(.Width(CrdWidth + 2), .Depth(2)) u_base (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_ref_valid_i), .in_ready_o(in_ref_ready_o), .in_data_i(in_ref_data_i),
    .out_valid_o(base_valid), .out_ready_i(base_take), .out_data_o(base_head));
  wire [1:0]          base_tag = base_head[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] base_val = base_head[CrdWidth-1:0];
  wire base_is_ref = (base_tag == `SG_TK_DATA) || (base_tag == `SG_TK_EMPTY);

  wire [1:0]          crd_tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] crd_val = in_crd_data_i[CrdWidth-1:0];
  wire stop_outer = (crd_tag == `SG_TK_STOP) && (crd_val != Zero);

  // the home bucket of the head coordinate (its low 32 bits hashed; the
  // bits above log2(W) <= CrdWidth are 0)
  reg [31:0] c32;
  reg [CrdWidth-1:0] home;
  integer q, q2;
  always @(*) begin
    c32 = 32'd0;
    for (q = 0; q < CrdWidth && q < 32; q = q + 1) c32[q] = crd_val[q];
  end
  wire [31:0] prod = c32 * 32'h9E3779B1;
  wire [31:0] home32 = (sh == Zero) ? 32'd0 : prod >> (6'd32 - sh[5:0]);
  always @(*) begin
    home = Zero;
    for (q2 = 0; q2 < CrdWidth && q2 < 32; q2 = q2 + 1) home[q2] = home32[q2];
  end

  // ---- control
  reg                have_q, have_d;   // the current fiber's base is taken
  reg                none_q, none_d;   // ... and it is N
  reg [CrdWidth-1:0] b_q, b_d;         // ... its reference
  reg                prb_q, prb_d;     // a lookup is under way
  reg [CrdWidth-1:0] c_q, c_d;         // its coordinate
  reg [CrdWidth-1:0] slot_q, slot_d;   // the bucket read last (within the fiber)
  reg [CrdWidth-1:0] n_q, n_d;         // buckets read before it
  reg                out_v_q;
  reg [CrdWidth+1:0] out_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_tok;
  reg                busy;             // the cycle is taken by the lookup
  wire emit_rdy = !out_v_q || out_ref_ready_i;

  // start a lookup of coordinate c (home bucket h) under base reference
  // bb (everything it reads is an argument: simulators take a process's
  // sensitivity from its body, not from the tasks it calls)
  task automatic start(input [CrdWidth-1:0] bb, input [CrdWidth-1:0] c,
                       input [CrdWidth-1:0] h, input [CrdWidth-1:0] s);
    begin
      in_crd_ready_o = 1'b1;
      crd_rd_en_o = 1'b1;
      crd_rd_addr_o = (bb << s) | h;
      prb_d = 1'b1;
      c_d = c;
      slot_d = h;
      n_d = Zero;
    end
  endtask

  always @(*) begin
    have_d = have_q;
    none_d = none_q;
    b_d = b_q;
    prb_d = prb_q;
    c_d = c_q;
    slot_d = slot_q;
    n_d = n_q;
    base_take = 1'b0;
    in_crd_ready_o = 1'b0;
    crd_rd_en_o = 1'b0;
    crd_rd_addr_o = (b_q << sh) | ((slot_q + One) & mask);
    emit = 1'b0;
    emit_tok = in_crd_data_i;
    busy = 1'b0;
    if (prb_q) begin
      busy = 1'b1;
      if (crd_rd_data_i == c_q || crd_rd_data_i == Empty || n_q + One == dim_i) begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_tok = (crd_rd_data_i == c_q) ? {`SG_TK_DATA, (b_q << sh) | slot_q}
                                            : {`SG_TK_EMPTY, Zero};
          prb_d = 1'b0;
        end
      end else begin
        crd_rd_en_o = 1'b1;
        slot_d = (slot_q + One) & mask;
        n_d = n_q + One;
      end
    end
    // the head: in the cycle a lookup ends only the next lookup's start
    if (in_crd_valid_i && (!busy || (emit && crd_tag == `SG_TK_DATA))) begin
      case (crd_tag)
        `SG_TK_DATA, `SG_TK_EMPTY: begin
          if (have_q) begin
            if (!none_q && crd_tag == `SG_TK_DATA) begin
              if (!busy || emit) start(b_q, crd_val, home, sh);
            end else if (!busy && emit_rdy) begin
              in_crd_ready_o = 1'b1;
              emit = 1'b1;
              emit_tok = {`SG_TK_EMPTY, Zero};
            end
          end else if (base_valid) begin
            if (base_tag == `SG_TK_DATA && crd_tag == `SG_TK_DATA) begin
              base_take = 1'b1;
              have_d = 1'b1;
              none_d = 1'b0;
              b_d = base_val;
              start(base_val, crd_val, home, sh);
            end else if (!busy && emit_rdy) begin
              base_take = 1'b1;
              have_d = 1'b1;
              none_d = base_tag != `SG_TK_DATA;
              b_d = base_val;
              in_crd_ready_o = 1'b1;
              emit = 1'b1;
              emit_tok = {`SG_TK_EMPTY, Zero};
            end
          end
        end
        `SG_TK_STOP: begin
          if (busy || !emit_rdy) begin
            // wait
          end else if (!have_q) begin
            if (base_valid) begin
              base_take = 1'b1;
              if (!base_is_ref || !stop_outer) begin
                in_crd_ready_o = 1'b1;
                emit = 1'b1;
              end else begin
                have_d = 1'b1;
                none_d = 1'b0;
              end
            end
          end else if (!stop_outer || base_valid) begin
            base_take = stop_outer;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
        default: begin
          if (!busy && emit_rdy && base_valid) begin
            base_take = 1'b1;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      have_q <= 1'b0;
      none_q <= 1'b0;
      b_q <= Zero;
      prb_q <= 1'b0;
      c_q <= Zero;
      slot_q <= Zero;
      n_q <= Zero;
      out_v_q <= 1'b0;
      out_q <= {`SG_TK_DATA, Zero};
    end else begin
      have_q <= have_d;
      none_q <= none_d;
      b_q <= b_d;
      prb_q <= prb_d;
      c_q <= c_d;
      slot_q <= slot_d;
      n_q <= n_d;
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
