/* One engine operation run outside any timing: set up, call, tear down. Used by verify and to
 * prepare inputs (ciphertexts to decrypt, signatures to verify). */
#pragma once

#include "engine.h"

#include <glib.h>
#include <stdbool.h>

typedef struct {
  SmResult result; /* of setup, or of the op when setup succeeded */
  bool setup_failed;
  bool overflow; /* the op wrote past the length it reported (the guard bytes changed) */
  char message[256];
} SmCallStatus;

/* Runs `op` of `impl` over each of `count` inputs in turn on one state (so streaming ciphers
 * continue), appending every output to `out`. `aux` is the verify signature (may be NULL). */
/* The one way the runner calls an engine's setup: hands the row's own data over with params. */
SmResult sm_impl_setup(const SmImpl *impl, SmParams *params, void **state, char *msg,
                       size_t msg_len);

SmCallStatus sm_call(const SmImpl *impl, const SmParams *params, SmOp op, const SmBytes *inputs,
                     unsigned count, const SmBytes *aux, GByteArray *out);

/* The largest output one operation may write for an input of `in_len` bytes. */
size_t sm_output_capacity(size_t in_len);
