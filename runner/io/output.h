/* Creating an output file: never over an earlier file unless asked, never through a symlink, a
 * FIFO or a directory, and never over one of the command's own inputs. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/* Opens `path` for writing, created here. Without `replace` an existing path of any type is
 * refused ("cannot create: File exists", with `replace_flag` named as the way to replace it when
 * not NULL); with it an existing regular file is removed first, anything else is refused. A path
 * that is one of `inputs` (NULL-terminated, may be NULL) is always refused. */
FILE *sm_output_create(const char *path, bool replace, const char *replace_flag,
                       const char *const *inputs, GError **error);
