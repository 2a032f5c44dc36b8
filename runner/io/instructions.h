/* The default smallest change in a cell's instructions per operation that compare and store
 * check judge: above the largest move between two profiles measured here (0.19%, one NSS cell;
 * 202 of 204 cells the same to the instruction: doc/measuring.md "Instruction counts"), and
 * below the 0.5% code change that wall-clock figures cannot see. */
#pragma once

#include "core/catalog.h"

#include <glib.h>

#define SM_INSTRUCTIONS_THRESHOLD 0.3

/* The least move judged in a public-key cell (signature, key exchange, key encapsulation, key
 * generation): the library draws fresh randomness inside the operation (blinding, nonces, a
 * rejection loop's retries), so two profiles of the same build differ there by up to 1.7%
 * (libgcrypt's ecdsa-p256 verify, Debian 12) where ciphers, AEADs, digests and MACs, fed the
 * same seeded inputs, repeat to 0.19% or better. */
#define SM_INSTRUCTIONS_FLOOR_PUBLIC_KEY 3.0

/* The threshold (percent) a cell of `kind` is judged at: `threshold`, and for a public-key cell
 * at least SM_INSTRUCTIONS_FLOOR_PUBLIC_KEY; 0 (every move) stays 0. */
static inline double sm_instructions_threshold_for(SmKind kind, double threshold)
{
  return threshold > 0 && !sm_kind_is_bulk(kind) ? MAX(threshold, SM_INSTRUCTIONS_FLOOR_PUBLIC_KEY)
                                                 : threshold;
}
