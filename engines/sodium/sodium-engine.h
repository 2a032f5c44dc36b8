/* The libsodium engine's internal header: what its family files share. Not installed.
 *
 * Every (algorithm, level) is a row of const data that reaches its family's one setup as
 * params->impl_data (ABI 1.1): a descriptor naming libsodium's calls for the algorithm (as
 * Nettle's struct nettle_aead does), each call at its own signature or behind a wrapper with
 * the descriptor's exact one. Setups are SM_DEFINE_SETUP over a fill. */
#ifndef SPEEDMATRIX_SODIUM_ENGINE_H
#define SPEEDMATRIX_SODIUM_ENGINE_H

#include "engine-util.h"

#include <sodium.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* SM_DEFINE_SETUP allocates with calloc: a state may be no more aligned than max_align_t
 * (libsodium's AES-GCM and Poly1305 states ask for 16; BLAKE2b's 64 lives on the stack). */
#define STATE_FITS_CALLOC(State)                                                                   \
  _Static_assert(alignof(State) <= alignof(max_align_t), #State " is too aligned for calloc")

#endif /* SPEEDMATRIX_SODIUM_ENGINE_H */
