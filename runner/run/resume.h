/* What `run --resume FILE` continues: the rows and journal passes an earlier run of the same
 * settings left, after checking that FILE really is such a run. */
#pragma once

#include "core/row.h"

#include <glib.h>
#include <stdbool.h>

typedef struct {
  GHashTable *done;   /* sm_cell_id_key (SM_AXES_CELL) of every cell with a row in FILE */
  GHashTable *passes; /* the journal: key -> GPtrArray of SmJournalPass* */
  GPtrArray *rows;    /* SmRow*: FILE's rows, for the summary and the table */
  char *started;      /* when the first run started (from FILE.meta), or NULL */
} SmResumeState;

void sm_resume_clear(SmResumeState *state);

/* Reads FILE, FILE.meta and FILE.journal. Refused, each with its own reason: a file that is not
 * one measured run (imported rows, the same cell twice), other settings than `settings` (from
 * FILE.meta, or the seed of its rows when there is no .meta), a journal of other settings. */
bool sm_resume_load(const char *path, const char *settings, guint64 seed, SmResumeState *state,
                    GError **error);
