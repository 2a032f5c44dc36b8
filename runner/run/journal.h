/* The journal beside a run's CSV (RESULT.csv.journal): one line per measured pass, written and
 * flushed the moment the pass ends, so that no interruption (SIGINT, SIGTERM, SIGKILL, a full
 * disk) loses more than the pass in progress. `--resume` reads it back and measures only the
 * passes it lacks. Its first line carries the run's settings; a journal of other settings is
 * refused.
 *
 *   speedmatrix-journal <TAB> 1 <TAB> settings
 *   tag <TAB> engine algorithm operation api size accel parallel <TAB> pass cpu <TAB> result...
 *
 * where tag is "pass", "pass-per-message", "pass-threads-N" or "pass-per-message-threads-N"
 * (the cell's context and threads) and result... is the worker's own answer line
 * (isolate/wire.h). */
#pragma once

#include "cell/execute.h"
#include "plan/plan.h"

#include <glib.h>
#include <stdbool.h>

typedef struct SmJournal SmJournal;

/* Creates `path` (an existing file is refused), or with `append` reopens an existing journal
 * whose settings are `settings` (anything else is refused with the reason). */
SmJournal *sm_journal_open(const char *path, const char *settings, bool append, GError **error);
bool sm_journal_add(SmJournal *journal, const SmCell *cell, unsigned pass, int cpu,
                    const SmCellResult *result, GError **error);
void sm_journal_close(SmJournal *journal);

/* One pass read back. */
typedef struct {
  unsigned pass;
  int cpu;
  SmCellResult result;
} SmJournalPass;

void sm_journal_pass_free(SmJournalPass *pass);

/* Every pass of `path` by cell (sm_cell_id_key over SM_AXES_CELL -> GPtrArray of
 * SmJournalPass*). A missing file is an empty journal; a journal of other settings, or a line
 * that is not a pass (but for a last line cut short, dropped) is an error naming the line. */
GHashTable *sm_journal_read(const char *path, const char *settings, GError **error);
