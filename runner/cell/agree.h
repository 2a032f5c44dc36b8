/* Cross-engine agreement: for every algorithm and operation that two or more (engine, level)
 * pairs of the plan offer, the same inputs must give the same outputs (ciphertexts and tags,
 * digests, MACs, deterministic signatures, shared secrets), randomised signatures must verify
 * across engines, and decryption of the agreed ciphertext must give the plaintext. Cells of a
 * pair that disagrees become kat-failed before anything is timed. */
#pragma once

#include "cell/call.h"
#include "cell/inputs.h"
#include "plan/plan.h"

/* Runs `op` of one (engine, algorithm, level) over `calls` with the parameters of `inputs`,
 * appending the outputs to `out`: in this process (sm_agree_call_local), or in a worker. */
typedef SmCallStatus (*SmAgreeCallFn)(void *data, SmLoadedEngine *engine, const SmAlgorithm *alg,
                                      SmApi api, SmOp op, const SmInputs *inputs,
                                      const SmBytes *calls, unsigned count, const SmBytes *aux,
                                      GByteArray *out);

SmCallStatus sm_agree_call_local(void *data, SmLoadedEngine *engine, const SmAlgorithm *alg,
                                 SmApi api, SmOp op, const SmInputs *inputs, const SmBytes *calls,
                                 unsigned count, const SmBytes *aux, GByteArray *out);

/* The inputs every agreement check of an algorithm uses. */
SmInputs *sm_agree_inputs(const SmAlgInfo *alg, guint64 seed);

/* Marks disagreeing cells; returns how many pairs were found to disagree. */
guint sm_agree_cells(GPtrArray *cells, guint64 seed, SmAgreeCallFn call, void *data);
