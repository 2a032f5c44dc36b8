#include "run/journal.h"

#include "core/cell_id.h"
#include "core/util.h"
#include "io/results.h"
#include "isolate/wire.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAGIC "speedmatrix-journal"
#define VERSION "1"
/* A journal line holds a pass's samples: bounded, since each pass takes at most 10000. */
#define MAX_LINE (4u << 20)

struct SmJournal {
  FILE *file;
  char *path;
};

static char *header(const char *settings)
{
  g_autofree char *escaped = g_strescape(settings, NULL);
  return g_strdup_printf(MAGIC "\t" VERSION "\t%s", escaped);
}

static bool check_header(const char *path, const char *line, const char *settings, GError **error)
{
  g_autofree char *expected = header(settings);
  if (g_str_has_prefix(line, MAGIC "\t") && strcmp(line, expected) == 0)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
              g_str_has_prefix(line, MAGIC "\t")
                  ? "%s:1: the journal was written with other settings (seed, time, samples, "
                    "passes, ...); resume with the flags of the first run"
                  : "%s:1: not a speedmatrix journal",
              path);
  return false;
}

static bool write_header(FILE *file, const char *settings)
{
  g_autofree char *line = header(settings);
  return fprintf(file, "%s\n", line) > 0 && fflush(file) == 0;
}

/* An existing journal: its settings must be ours; new passes go after its last line. */
static bool adopt(FILE *file, const char *path, const char *settings, GError **error)
{
  g_autofree char *first = NULL;
  size_t cap = 0;
  ssize_t len = getline(&first, &cap, file);
  if (len <= 0) /* created, then killed before its header reached the disk */
    return write_header(file, settings);
  first[strcspn(first, "\r\n")] = '\0';
  if (!check_header(path, first, settings, error))
    return false;
  return fseek(file, 0, SEEK_END) == 0;
}

SmJournal *sm_journal_open(const char *path, const char *settings, bool append, GError **error)
{
  FILE *file = append ? fopen(path, "r+") : NULL;
  if (file != NULL && !adopt(file, path, settings, error)) {
    fclose(file);
    return NULL;
  }
  if (file == NULL) {
    file = fopen(path, "wx"); /* never overwrite an earlier run's journal */
    if (file == NULL || !write_header(file, settings)) {
      g_set_error(error, SM_ERROR, SM_ERROR_IO,
                  errno == EEXIST ? "%s: an earlier run's journal is there: remove it, or "
                                    "continue that run with --resume (%s)"
                                  : "%s: cannot create the journal: %s",
                  path, g_strerror(errno));
      if (file != NULL) {
        fclose(file);
        unlink(path); /* created here, header unwritten: a retry must not find it */
      }
      return NULL;
    }
  }
  SmJournal *journal = g_new0(SmJournal, 1);
  journal->file = file;
  journal->path = g_strdup(path);
  return journal;
}

#define PASS "pass"
#define PER_MESSAGE "-per-message"
#define THREADS "-threads-"

/* A pass's tag: "pass", then "-per-message" for a per-message cell and "-threads-N" for a cell of
 * N > 1 threads, so that a journal of before keeps its form and a threaded pass never reads back
 * as its one-thread reference's. */
static char *pass_tag(const SmCell *cell)
{
  g_autofree char *threads =
      cell->threads > 1 ? g_strdup_printf(THREADS "%u", cell->threads) : g_strdup("");
  return g_strconcat(PASS, cell->per_message ? PER_MESSAGE : "", threads, NULL);
}

static bool parse_tag(const char *tag, SmCellId *id)
{
  if (!g_str_has_prefix(tag, PASS))
    return false;
  tag += strlen(PASS);
  id->per_message = g_str_has_prefix(tag, PER_MESSAGE);
  if (id->per_message)
    tag += strlen(PER_MESSAGE);
  id->threads = 1;
  if (*tag == '\0')
    return true;
  guint64 threads = 0;
  if (!g_str_has_prefix(tag, THREADS) ||
      !g_ascii_string_to_unsigned(tag + strlen(THREADS), 10, 2, G_MAXUINT, &threads, NULL))
    return false;
  id->threads = (unsigned)threads;
  return true;
}

bool sm_journal_add(SmJournal *j, const SmCell *cell, unsigned pass, int cpu,
                    const SmCellResult *result, GError **error)
{
  g_autofree char *wire = sm_wire_format_result(result);
  g_autofree char *tag = pass_tag(cell);
  int n = fprintf(j->file, "%s\t%s\t%s\t%s\t%s\t%u\t%s\t%u\t%u\t%d\t%s\n", tag, cell->engine_name,
                  cell->alg->name, sm_op_name(cell->op), sm_api_name(cell->api), cell->block_size,
                  cell->accel == SM_ACCEL_OFF ? "off" : "on", cell->parallel, pass, cpu, wire);
  if (n < 0 || fflush(j->file) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write the journal: %s", j->path,
                g_strerror(errno));
    return false;
  }
  return true;
}

void sm_journal_close(SmJournal *j)
{
  if (j == NULL)
    return;
  fclose(j->file);
  g_free(j->path);
  g_free(j);
}

void sm_journal_pass_free(SmJournalPass *pass)
{
  sm_cell_result_clear(&pass->result);
  g_free(pass);
}

/* "pass" and the nine fields before the worker's answer. */
#define PREFIX_FIELDS 10

static bool parse_pass(char *line, char **key, SmJournalPass **out)
{
  g_auto(GStrv) f = g_strsplit(line, "\t", PREFIX_FIELDS + 1);
  SmCellId id = {0};
  if (g_strv_length(f) != PREFIX_FIELDS + 1 || !parse_tag(f[0], &id))
    return false;
  id.engine = f[1];
  id.algorithm = f[2];
  guint64 size = 0, parallel = 0, pass = 0;
  gint64 cpu = 0;
  if (!sm_op_parse(f[3], &id.op) || !sm_api_parse(f[4], &id.api) ||
      !g_ascii_string_to_unsigned(f[5], 10, 0, G_MAXUINT, &size, NULL) ||
      (strcmp(f[6], "on") != 0 && strcmp(f[6], "off") != 0) ||
      !g_ascii_string_to_unsigned(f[7], 10, 1, G_MAXUINT, &parallel, NULL) ||
      !g_ascii_string_to_unsigned(f[8], 10, 0, G_MAXUINT, &pass, NULL) ||
      !g_ascii_string_to_signed(f[9], 10, -1, G_MAXINT, &cpu, NULL))
    return false;
  id.block_size = (guint)size;
  id.accel = strcmp(f[6], "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON;
  id.parallel = (unsigned)parallel;
  SmJournalPass *p = g_new0(SmJournalPass, 1);
  if (!sm_wire_parse_result(f[PREFIX_FIELDS], &p->result)) {
    g_free(p);
    return false;
  }
  p->pass = (unsigned)pass;
  p->cpu = (int)cpu;
  *key = sm_cell_id_key(&id, SM_AXES_CELL);
  *out = p;
  return true;
}

static bool read_text(const char *path, char **text, gsize *len, GError **error)
{
  g_autoptr(GError) local = NULL;
  if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
    *text = g_strdup("");
    *len = 0;
    return true;
  }
  if ((*text = sm_read_bounded(path, SM_RESULTS_MAX_BYTES, len, &local)) != NULL)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot read the journal: %s", path,
              local->message);
  return false;
}

GHashTable *sm_journal_read(const char *path, const char *settings, GError **error)
{
  g_autoptr(GHashTable) passes =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!read_text(path, &text, &len, error))
    return NULL;
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  guint count = g_strv_length(lines);
  for (guint i = 0; i < count; i++) {
    bool last = i + 1 == count; /* after the last newline: empty, or a line cut short */
    if (lines[i][0] == '\0' || (last && len > 0 && text[len - 1] != '\n'))
      continue;
    if (i == 0) {
      if (!check_header(path, lines[0], settings, error))
        return NULL;
      continue;
    }
    char *key = NULL;
    SmJournalPass *pass = NULL;
    if (strlen(lines[i]) > MAX_LINE || !parse_pass(lines[i], &key, &pass)) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: not a journal line", path, i + 1);
      return NULL;
    }
    GPtrArray *list = g_hash_table_lookup(passes, key);
    if (list == NULL) {
      list = g_ptr_array_new_with_free_func((GDestroyNotify)sm_journal_pass_free);
      g_hash_table_insert(passes, key, list);
    } else {
      g_free(key);
    }
    g_ptr_array_add(list, pass);
  }
  return g_steal_pointer(&passes);
}
