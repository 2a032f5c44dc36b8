/* The contention probe: three short kernels timed right after a pass's samples, each sensitive
 * to a different kind of execution resource that another tenant of the same physical core can
 * take (README "Contention"). Their rates against the fastest the run saw say how much of the
 * core the pass had: scalar integer code (rotates, adds, xors: scalar hashes), 64-bit
 * multiplies (bignum and Poly1305 arithmetic) and vector integer code (SIMD ciphers). */
#pragma once

#include <glib.h>

enum { SM_PROBE_INT, SM_PROBE_MUL, SM_PROBE_VEC, SM_PROBE_KINDS };

typedef struct {
  double rate[SM_PROBE_KINDS]; /* iterations per second; 0: not measured */
} SmProbe;

/* Times `rounds` rounds of the kernels (each round one 60 us run of each, in turn), raising
 * each rate of `probe` to the fastest run. A pass takes two rounds before its samples and two
 * after: an interrupt or a neighbour's burst hits one run or one side, not every reading of a
 * kernel, while a neighbour that lasts through the pass slows them all. */
void sm_probe_measure(SmProbe *probe, unsigned rounds);

/* Raises `best` to every rate of `probe` above it. */
void sm_probe_raise(SmProbe *best, const SmProbe *probe);

/* The share of speed the most affected kernel lost at `probe` against `best`: 0 for a pass
 * that ran as fast as the fastest, NAN when either was not measured. */
double sm_probe_contention(const SmProbe *probe, const SmProbe *best);

/* "int,mul,vec" rates (empty when not measured), and back; false on a malformed text. */
char *sm_probe_format(const SmProbe *probe);
gboolean sm_probe_parse(const char *text, SmProbe *probe);
