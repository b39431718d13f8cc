// sam_write_vals_pos - positional values writer (fiberwrite mode=vals below
// dense output levels): value k is stored at the address carried by the
// k-th token of in_addr (the innermost dense level's positions, from
// sam_write_dense_pos), and every address no value reaches is written with
// 0, so the array ends up as the dense value array of size_i words
// whatever the memory held before.
//
// Addresses must arrive in increasing order (output streams are in
// coordinate order).  Per cycle one word is written: while the next
// unwritten address is below the head address, a 0 there; at the head
// address, the value (N stores 0), consuming the value and the address.
// Stops on in_val are dropped.  When both heads are D, the rest of the
// array up to size_i is zero-filled, then both D are consumed and done_o
// rises; val_len_o counts the words written (size_i at the end).
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
  output reg                 in_addr_ready_o,
  input  wire [CrdWidth+1:0] in_addr_data_i,
  output reg                 val_wr_en_o,
  output reg  [CrdWidth-1:0] val_wr_addr_o,
  output reg  [ValWidth-1:0] val_wr_data_o,
  output wire [CrdWidth-1:0] val_len_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};

  reg                done_q, done_d;
  reg [CrdWidth-1:0] next_q, next_d;

  wire [1:0]          vt = in_val_data_i[ValWidth+1:ValWidth];
  wire [1:0]          at = in_addr_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] addr = in_addr_data_i[CrdWidth-1:0];
  wire                v_pt = in_val_valid_i && (vt == `SG_TK_DATA || vt == `SG_TK_EMPTY);
  wire                a_pt = in_addr_valid_i && at == `SG_TK_DATA;
  wire                v_d = in_val_valid_i && vt == `SG_TK_DONE;
  wire                a_d = in_addr_valid_i && at == `SG_TK_DONE;

  always @(*) begin
    in_val_ready_o = 1'b0;
    in_addr_ready_o = 1'b0;
    val_wr_en_o = 1'b0;
    val_wr_addr_o = next_q;
    val_wr_data_o = VZero;
    next_d = next_q;
    done_d = done_q;
    if (!done_q) begin
      if (in_val_valid_i && vt == `SG_TK_STOP) begin
        in_val_ready_o = 1'b1;
      end else if (v_pt && a_pt) begin
        val_wr_en_o = 1'b1;
        if (next_q < addr) begin
          next_d = next_q + One;           // gap: zero-fill
        end else begin
          val_wr_addr_o = addr;
          val_wr_data_o = (vt == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : VZero;
          next_d = addr + One;
          in_val_ready_o = 1'b1;
          in_addr_ready_o = 1'b1;
        end
      end else if (v_d && a_d) begin
        if (next_q < size_i) begin
          val_wr_en_o = 1'b1;              // tail: zero-fill
          next_d = next_q + One;
        end else begin
          in_val_ready_o = 1'b1;
          in_addr_ready_o = 1'b1;
          done_d = 1'b1;
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      done_q <= 1'b0;
      next_q <= {CrdWidth{1'b0}};
    end else begin
      done_q <= done_d;
      next_q <= next_d;
    end
  end

  assign val_len_o = next_q;
  assign done_o = done_q;
endmodule
