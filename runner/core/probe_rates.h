/* The contention probe's rates as data (README "Contention"): what a pass's probe reading is,
 * how far one reading fell below a reference, and the text form journals and `.meta` files hold.
 * Measuring them is cell/probe.h; reading them back (a resumed run, `compare`) needs only this. */
#pragma once

#include <glib.h>

enum { SM_PROBE_INT, SM_PROBE_MUL, SM_PROBE_VEC, SM_PROBE_MEM, SM_PROBE_KINDS };

typedef struct {
  double rate[SM_PROBE_KINDS]; /* iterations per second; 0: not measured */
} SmProbe;

/* The share of speed the most affected kernel lost at `probe` against `reference`, over the
 * kernels both measured (an older journal lacks the memory kernel): 0 for a pass at least as
 * fast, NAN when none was measured on both. */
double sm_probe_contention(const SmProbe *probe, const SmProbe *reference);
/* The same, and which kernel lost it (`kernel`, -1 when none was measured on both). */
double sm_probe_loss(const SmProbe *probe, const SmProbe *reference, int *kernel);

/* "int", "mul", "vec", "mem"; "?" out of range. */
const char *sm_probe_kind_name(int kind);

/* "int,mul,vec,mem" rates (empty when not measured), and back; "int,mul,vec" (an older
 * journal) parses with no memory rate; false on a malformed text. */
char *sm_probe_format(const SmProbe *probe);
gboolean sm_probe_parse(const char *text, SmProbe *probe);
