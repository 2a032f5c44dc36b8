/* Known answers before timing: every cell is checked against the compiled-in vectors of its
 * algorithm and operation, plus self-consistency (decrypt of encrypt, sign then verify, both
 * sides of a key exchange). A cell that fails is never timed. */
#pragma once

#include "cell/call.h"
#include "cell/inputs.h"
#include "plan/plan.h"

/* SM_STATUS_OK, or KAT_FAILED / ERROR / UNSUPPORTED with a one-line detail. */
SmStatus sm_verify_cell(const SmCell *cell, SmInputs *bench, char **detail);

/* encaps over m (the first sm_kem_randomness_len bytes at `m`) where the engine takes it; where
 * it answers SM_UNSUPPORTED for m, once more with in_len 0: the library draws m, *drew_m says. */
SmCallStatus sm_kem_encaps(const SmImpl *impl, const SmAlgInfo *alg, const SmParams *params,
                           const uint8_t *m, GByteArray *out, bool *drew_m);

#ifdef SM_TEST_HOOKS
/* Test builds only: a test can make a check fail on purpose, and no user of the release build
 * can. A file calling these is compiled twice (runner_hooked in runner/meson.build). */

/* Vectors consulted in addition to the compiled-in ones (NULL-terminated). */
void sm_verify_set_extra_vectors(const SmKatVector *vectors);

/* Makes one engine's outputs for one algorithm wrong (a flipped bit), to prove that the checks
 * catch it. NULL engine clears. */
void sm_verify_set_corruption(const char *engine, const char *algorithm);

/* Whether the corruption names this engine and algorithm. */
bool sm_verify_corruption_applies(const char *engine, const char *algorithm);

/* Flips the first byte of `out` when the corruption names this engine and algorithm; returns
 * whether it did. */
bool sm_verify_corrupt(const char *engine, const char *algorithm, GByteArray *out);
#else
/* The release build corrupts nothing (the calls compile away). */
static inline bool sm_verify_corruption_applies(const char *engine, const char *algorithm)
{
  (void)engine;
  (void)algorithm;
  return false;
}

static inline bool sm_verify_corrupt(const char *engine, const char *algorithm, GByteArray *out)
{
  (void)engine;
  (void)algorithm;
  (void)out;
  return false;
}
#endif
