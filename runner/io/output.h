/* The one rule for every file a verb writes (run, report, import, store trend): never over an
 * earlier file unless asked, never through a symlink, a FIFO or a directory, never over one of the
 * command's own inputs or a run's `.meta` and `.journal` sidecars (with --force or not), and,
 * for a file written at once, through a temporary file renamed into place, so that a full disk
 * leaves no truncated file behind. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/* The checks alone. Refused, whatever `replace` says: a path that is one of `inputs`
 * (NULL-terminated, may be NULL; compared by device and inode, through symlinks) or one of their
 * sidecars, and a run's sidecar (FILE.meta or FILE.journal beside an existing FILE). Anything
 * but a regular file is refused ("not a regular file"); without `replace` an existing regular
 * file is refused too ("cannot create: File exists", with `replace_flag` named as the way to
 * replace it when not NULL). */
bool sm_output_check(const char *path, bool replace, const char *replace_flag,
                     const char *const *inputs, GError **error);

/* Opens `path` for writing, created here in place after sm_output_check (a run's CSV, which grows
 * as cells finish); with `replace` an existing regular file is removed first. */
FILE *sm_output_create(const char *path, bool replace, const char *replace_flag,
                       const char *const *inputs, GError **error);

/* Writes `text` (`length` bytes, -1: up to its NUL) to `path` after sm_output_check: into a new
 * temporary file in the same directory, then renamed to `path` once all of it is on disk. On any
 * failure nothing is left at `path` that was not there before. */
bool sm_output_write(const char *path, const char *text, gssize length, bool replace,
                     const char *replace_flag, const char *const *inputs, GError **error);

/* `text` appended to `file` and flushed. A regular file keeps whole lines only: a write cut by a
 * full disk is cut off again, so a later line is never glued to a cut one and a reader sees only
 * whole rows. false with errno when the write failed. */
bool sm_output_append_line(FILE *file, const char *text);

/* An exclusive lock on `path` held until the descriptor returned is closed; -1 with a message
 * when another run holds it (run and ct, each on the CSV it writes). */
int sm_lock_file(const char *path, GError **error);

/* results/<UTC time>-<host>-<pid><extension> (".csv", ".ct.csv") for a run or ct starting now on
 * `host` (only [A-Za-z0-9._-] of it), not yet there nor its .meta (a -N suffix steps over them). */
char *sm_output_default_name(const char *host, const char *extension);
