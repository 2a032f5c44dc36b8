/* What the two readers (openssl speed output, posted tables) do alike with the rows they make:
 * one figure per cell, details joined, notes freed. Internal to import/. */
#pragma once

#include "core/row.h"

/* A row's figure: one measurement, so every statistic is that figure. */
void sm_import_set_figure(SmRow *row, double ops_per_sec);
/* "a" + "b" -> "a; b" (an empty `more` adds nothing); takes `detail`. */
char *sm_import_append_detail(char *detail, const char *more);
/* Frees an SmImportNote (a GPtrArray free function). */
void sm_import_note_free(gpointer data);
/* Adds a note at `line` to `notes` (SmImportNote*), accounting for `figures` printed figures. */
G_GNUC_PRINTF(4, 5)
void sm_import_note(GPtrArray *notes, guint line, guint figures, const char *format, ...);
/* Sets *error (and *error_line to `line`) unless an earlier problem is set: the first problem is
 * the one to fix. */
G_GNUC_PRINTF(4, 5)
void sm_import_fail(char **error, guint *error_line, guint line, const char *format, ...);
