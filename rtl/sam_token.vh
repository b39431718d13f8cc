// sam_token.vh - the SAM token encoding, shared by every rtl/ module.
//
// A token on a stream of payload width W is {tag[1:0], payload[W-1:0]}.
// The tag numbers are the ones of golden/token.h (SG_TK_*); the C unit test
// token_test.c reads this file and checks that they agree.
//
//   tag    meaning                      payload
//   DATA   coordinate/reference/value   the number (values: W-bit two's complement)
//   STOP   stop token S<k>              k
//   DONE   done D                       0
//   EMPTY  empty N                      0
//
// Repeat-signal streams: R = DATA, S = STOP (level 0), D = DONE.
`ifndef SAM_TOKEN_VH
`define SAM_TOKEN_VH
`define SG_TAG_BITS 2
`define SG_TK_DATA  2'd0
`define SG_TK_STOP  2'd1
`define SG_TK_DONE  2'd2
`define SG_TK_EMPTY 2'd3
`endif
