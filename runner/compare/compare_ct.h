/* compare over ct files (`speedmatrix ct`'s CSV): each cell's verdict in every file against the
 * first, so that a nightly job hears when a library update makes a cell leak. */
#pragma once

#include "io/ct_csv.h"

#include <stdbool.h>

/* A cell as one line for people: "openssl aes-128-gcm encrypt evp 1024 B accel off x2". */
char *sm_compare_cell_name(const SmRow *row);

/* Whether the file at `path` is a ct file (its header has ct_verdict): compare then compares
 * verdicts instead of figures. False for anything else, unreadable files included. */
bool sm_compare_is_ct_file(const char *path);

/* The verdict changes of `count` ct files against the first, as text. `became_leaky` is set when
 * a cell is secret-dependent in a later file and was not in the first (clean or not checked);
 * `lost_check` when a cell checked in the first is not checked in a later one. */
char *sm_compare_ct_render(GPtrArray *sets, bool *became_leaky, bool *lost_check);

/* compare's ct mode: reads `paths`, prints the changes; exit 1 when a cell became
 * secret-dependent or is no longer checked, 2 on bad input, a later file that lacks cells of
 * the first included unless `allow_missing`. */
int sm_compare_ct_main(char **paths, int count, bool allow_missing);
