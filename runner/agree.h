/* Cross-engine agreement: for every algorithm and operation that two or more (engine, level)
 * pairs of the plan offer, the same inputs must give the same outputs (ciphertexts and tags,
 * digests, MACs, deterministic signatures, shared secrets), randomised signatures must verify
 * across engines, and decryption of the agreed ciphertext must give the plaintext. Cells of a
 * pair that disagrees become kat-failed before anything is timed. */
#pragma once

#include "plan.h"

/* Marks disagreeing cells; returns how many pairs were found to disagree. */
guint sm_agree_cells(GPtrArray *cells, guint64 seed);
