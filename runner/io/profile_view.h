/* A profile (speedmatrix profile's CSV) shown beside a run's figures: where each cell's
 * instructions go, as summary prints it and report tabulates it. */
#pragma once

#include "io/grid.h"
#include "io/profile_csv.h"
#include "io/summary.h"

/* How many functions a cell's profile names where space is short. */
#define SM_PROFILE_SHOWN_FUNCTIONS 3

/* One line on a cell: "2000.0 instructions/op: EXPLANATION", "not profiled: DETAIL", "profile
 * failed: DETAIL"; "no profile of this cell" when `record` is NULL. */
char *sm_profile_where_text(const SmProfileRecord *record);

/* The functions that take most of the operation's own instructions, largest first, at most
 * `count` (a new array of borrowed SmProfileFunction*). */
GPtrArray *sm_profile_top_by_self(const SmProfileRecord *record, guint count);

/* "aesni_gcm_encrypt (libcrypto.so.3): 80.0% own, 80.0% with callees". */
char *sm_profile_function_text(const SmProfileFunction *function);

/* summary --profile: for each grid, each shown cell's where-text and its top functions by own
 * instructions at every API level `profile` has, as aligned text, the intro wrapped at `width`.
 * Returns how many cells had a row in `profile`. */
guint sm_profile_render_summary(const SmSummary *summary, const SmProfileSet *profile, guint width,
                                GString *out);
