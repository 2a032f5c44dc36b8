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
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#endif /* SPEEDMATRIX_SODIUM_ENGINE_H */
