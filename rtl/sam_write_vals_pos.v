// sam_write_vals_pos - positional values writer (fiberwrite mode=vals below
// dense output levels): value k is stored at the address carried by the
// k-th token of in_addr (the innermost dense level's positions, from
// sam_write_dense_pos), and every address no value reaches is written with
// 0, so the array ends up as the dense value array of size_i words
// whatever the memory held before.
//
// Addresses must arrive strictly increasing (output streams are in
// coordinate order, so positions are).  Per cycle one word is written at
// the next unwritten address: a 0 while it is not the head address, else
// the value (N stores 0), consuming the value and the address.  Stops on
// in_val are dropped.  When both heads are D, the rest of the array up to
// size_i is zero-filled, then both D are consumed and done_o rises;
// val_len_o counts the words written (size_i at the end).
// Timing: one word per cycle.  The head address goes through a register
// (in_addr_ready_o does not depend on in_addr), which also
// holds whether it equals the counter, compared while it is loaded (or
// while the counter steps); the write address is the counter itself.
// size_i is registered (it must be stable from two cycles before the tail
// on); the tail stops when the counter equals it (a registered compare,
// made one step ahead) or at once when the counter had already passed it
// (the counter moves by at most one per cycle).  No carry chain lies
// between the inputs and the write, the handshake or the counter's enable.
`include "sam_token.vh"

module sam_write_vals_pos #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] size_i,
  input  wire                in_val_valid_i,
  output reg                 in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  input  wire                in_addr_valid_i,
  output wire                in_addr_ready_o,
  input  wire [CrdWidth+1:0] in_addr_data_i,
  output reg                 val_wr_en_o,
  output wire [CrdWidth-1:0] val_wr_addr_o,
  output reg  [ValWidth-1:0] val_wr_data_o,
  output wire [CrdWidth-1:0] val_len_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};

  reg                done_q, done_d;
  reg [CrdWidth-1:0] next_q;        // next unwritten address
  reg                inc;           // a word is written at next_q
  reg                a_take;        // the address register's token is used
  reg                av_q;          // address register: holds a token
  reg [CrdWidth-1:0] a_q;           // (no reset: av_q guards it)
  reg                a_pt_q, a_d_q; // it is data / D
  reg                hit_q;         // its address equals next_q
  reg [CrdWidth-1:0] size_q;        // size_i, registered
  reg                eqs_q;         // next_q == size_q
  reg                over_q;        // next_q >= size_q in the last cycle

  wire [1:0]          vt = in_val_data_i[ValWidth+1:ValWidth];
  wire                v_pt = in_val_valid_i && (vt == `SG_TK_DATA || vt == `SG_TK_EMPTY);
  wire                a_pt = av_q && a_pt_q;
  wire                v_d = in_val_valid_i && vt == `SG_TK_DONE;
  wire                a_d = av_q && a_d_q;
  wire [1:0]          at_in = in_addr_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] addr_in = in_addr_data_i[CrdWidth-1:0];
  // next_q < size_q: it was below in the last cycle and is not equal now
  wire                lt = !over_q && !eqs_q;
  wire [CrdWidth-1:0] next_p1 = next_q + One;
  assign in_addr_ready_o = !av_q || a_take;
  wire                a_load = in_addr_valid_i && in_addr_ready_o;

  always @(*) begin
    in_val_ready_o = 1'b0;
    a_take = 1'b0;
    val_wr_en_o = 1'b0;
    val_wr_data_o = (hit_q && vt == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : VZero;
    inc = 1'b0;
    done_d = done_q;
    if (!done_q) begin
      if (in_val_valid_i && vt == `SG_TK_STOP) begin
        in_val_ready_o = 1'b1;
      end else if (v_pt && a_pt) begin
        val_wr_en_o = 1'b1;                // a gap word (0) or the value
        inc = 1'b1;
        if (hit_q) begin
          in_val_ready_o = 1'b1;
          a_take = 1'b1;
        end
      end else if (v_d && a_d) begin
        if (lt) begin
          val_wr_en_o = 1'b1;              // tail: zero-fill
          inc = 1'b1;
        end else begin
          in_val_ready_o = 1'b1;
          a_take = 1'b1;
          done_d = 1'b1;
        end
      end
    end
  end

  // the address register's data loads without a reset term in its enable
  always @(posedge clk_i) begin
    if (a_load) begin
      a_q <= addr_in;
      a_pt_q <= at_in == `SG_TK_DATA;
      a_d_q <= at_in == `SG_TK_DONE;
    end
  end

  always @(posedge clk_i) begin
    size_q <= size_i;
    if (!rst_ni) begin
      done_q <= 1'b0;
      next_q <= {CrdWidth{1'b0}};
      av_q <= 1'b0;
      hit_q <= 1'b0;
      eqs_q <= 1'b0;
      over_q <= 1'b0;
    end else begin
      done_q <= done_d;
      if (inc) next_q <= next_p1;
      // the equality flags follow next_q one step ahead
      eqs_q <= inc ? (next_p1 == size_q) : (next_q == size_q);
      over_q <= next_q >= size_q;
      if (a_load) begin
        av_q <= 1'b1;
        hit_q <= inc ? (addr_in == next_p1) : (addr_in == next_q);
      end else begin
        if (a_take) av_q <= 1'b0;
        if (inc) hit_q <= a_q == next_p1;
      end
    end
  end

  assign val_wr_addr_o = next_q;
  assign val_len_o = next_q;
  assign done_o = done_q;
endmodule
