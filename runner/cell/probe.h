/* The contention probe: four short kernels timed around a pass's samples, each sensitive to a
 * different resource that another tenant of the same physical core can take (README
 * "Contention"). Their rates against the run's usual ones say how much of the core the pass
 * had: scalar integer code (rotates, adds, xors: scalar hashes), 64-bit multiplies (bignum and
 * Poly1305 arithmetic), vector integer code (SIMD ciphers) and the L1/L2 caches (what bignum and
 * X25519 code lose most when a neighbour's working set evicts their lines). */
#pragma once

#include "core/probe_rates.h"

#include <glib.h>

/* Times `rounds` rounds of the kernels (each round one 60 us run of each, in turn), raising
 * each rate of `probe` to the fastest run. A pass takes two rounds before its samples and two
 * after: an interrupt or a neighbour's burst hits one run or one side, not every reading of a
 * kernel, while a neighbour that lasts through the pass slows them all. */
void sm_probe_measure(SmProbe *probe, unsigned rounds);

/* Every reading of a run, and the reference a pass is judged against: per kernel, the 90th
 * percentile of the readings so far (a quiet core's rate: the fastest reading alone sits a
 * percent or two above the usual one, the AVX2 kernel's most). */
typedef struct {
  GArray *readings;  /* SmProbe */
  SmProbe reference; /* as of `counted` readings */
  guint counted;
} SmProbeHistory;

void sm_probe_history_init(SmProbeHistory *history);
void sm_probe_history_clear(SmProbeHistory *history);
/* Adds a reading (one without rates is ignored). */
void sm_probe_history_add(SmProbeHistory *history, const SmProbe *probe);
/* The reference over the readings so far (recomputed once they grew by 1/64); all rates 0
 * before the first reading. */
const SmProbe *sm_probe_history_reference(SmProbeHistory *history);
