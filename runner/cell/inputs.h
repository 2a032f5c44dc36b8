/* Benchmark inputs for one algorithm: key, IV, AAD, key pairs and data, drawn from a generator
 * seeded with (run seed, algorithm name) so that every engine, level and operation of an
 * algorithm sees the same bytes, run after run. RSA and DSA use the fixed keys in keys.c, the
 * ML-KEM sets the key pair of their ACVP keyGen vector (ek, dk and d || z). */
#pragma once

#include "core/catalog.h"
#include "kat/kat.h"

#define SM_SIGN_MESSAGE_LEN 32u   /* bytes signed and verified by signature cells */
#define SM_KEM_RANDOMNESS_LEN 32u /* FIPS 203 m: the bytes encaps is given (engine.h) */

/* What encaps is given: m where it takes it (ML-KEM), else nothing (the hybrid: the library
 * draws its randomness). */
static inline size_t sm_kem_randomness_len(const SmAlgInfo *alg)
{
  return alg->encaps_m ? SM_KEM_RANDOMNESS_LEN : 0;
}

#include <glib.h>
#include <stdbool.h>

typedef struct {
  GPtrArray *owned; /* GByteArray*: storage behind every SmBytes below */
  SmParams params;  /* op is set by the caller */
  GByteArray *data; /* max_len bytes of message / plaintext */
} SmInputs;

void sm_inputs_free(SmInputs *inputs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmInputs, sm_inputs_free)

SmInputs *sm_inputs_new(const SmAlgInfo *alg, guint64 seed, size_t max_len);

/* Inputs from a known-answer vector (hex fields decoded); NULL if a field is not valid hex. */
SmInputs *sm_inputs_from_vector(const SmKatVector *vector);

/* Decodes hex into storage owned by `inputs` and returns a view of it. */
SmBytes sm_inputs_hex(SmInputs *inputs, const char *hex, bool *ok);
