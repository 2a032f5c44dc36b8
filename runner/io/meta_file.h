/* A run's FILE.meta sidecar as every reader takes it (compare, store ingest, run --resume): read
 * through the bounded reader, never whole whatever its size. */
#pragma once

#include <glib.h>

/* A .meta is a few KB: a larger one is refused at this cap. */
#define SM_META_MAX_BYTES (1024 * 1024)

/* FILE.meta of the result file `csv`: NULL and no error when there is none; NULL with a one-line
 * error when it is larger than SM_META_MAX_BYTES, cannot be read, or is not a key file. */
GKeyFile *sm_meta_file_load(const char *csv, GError **error);
