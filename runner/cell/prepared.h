/* The inside of a prepared cell, shared by the files of cell/ that sample it (execute.c on one
 * thread, threads.c on several). */
#pragma once

#include "cell/execute.h"
#include "cell/inputs.h"

/* The timed operation of a setup or per-message cell: a new context with its key made ready,
 * for a per-message cell the operation on it (`op` not NULL), then the context torn down. */
typedef struct {
  const SmImpl *impl;
  SmParams params;
  SmOpFn op;
  char message[256];
} SmSetupCycle;

/* An ok row's detail where its work is not the one the others measure (NULL: none). */
char *sm_prepared_ok_note(const SmPrepared *p);

/* One call of a cycle: an SmOpFn over an SmSetupCycle. */
SmResult sm_setup_cycle(void *cycle, SmIo *io);

/* Whether a context's output `out` is the verified one (`reference`, made by a context used
 * alone): the same bytes, or for a signature that draws a nonce one that verifies, or for work
 * the library draws at random (kem m, RSA keys) the same length. */
bool sm_prepared_output_agrees(const SmPrepared *p, const uint8_t *out, size_t out_len);

struct SmPrepared {
  const SmCell *cell;
  SmOp slot; /* the engine operation the cell's context performs (for setup: what it is for) */
  SmInputs *inputs;
  GByteArray *input;
  GByteArray *aux;
  const SmImpl *impl;
  void *state;
  uint8_t *output;
  SmIo io;
  SmTimedOp op;
  SmSetupCycle *cycle;   /* setup and per-message cells only */
  SmParams params;       /* what the cell's context was set up from */
  GByteArray *reference; /* setup cells: the output of the first context, for the last one */
  bool drew_m;           /* kem: the engine takes no m; its library drew it (not deterministic) */
  GByteArray *peer_pub;  /* per-message derive: the peer's public key, made once, untimed */
  bool peer_computed;    /* per-message derive without it: each set-up computes the peer's key */
};
