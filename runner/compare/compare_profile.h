/* compare over profile files (`speedmatrix profile`'s CSV): each cell's instructions per
 * operation in every file against the first, with the functions whose own instructions moved,
 * so that a nightly job hears of a 0.5% code change that wall-clock figures cannot see. */
#pragma once

#include "io/profile_csv.h"

#include <stdbool.h>

/* Whether the file at `path` is a profile file (sm_profile_csv_is_header); false for anything
 * else, unreadable files included. */
bool sm_compare_is_profile_file(const char *path);

/* The changes of `sets` (SmProfileSet*) against the first, as text: every cell whose
 * instructions per operation moved by at least `threshold` percent, then every cell not
 * profiled in one file or both (listed, not judged). `rose` is set when a count rose. */
char *sm_compare_profile_render(GPtrArray *sets, double threshold, bool *rose);

/* compare's profile mode: reads `paths`, prints the changes; exit 1 when a cell's instructions
 * per operation rose by at least `threshold` percent, 2 on bad input, a later file that lacks
 * cells of the first included unless `allow_missing`. */
int sm_compare_profile_main(char **paths, int count, bool allow_missing, double threshold);
