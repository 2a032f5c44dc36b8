/* speedmatrix import FILE|- [-o FILE]: reads openssl speed output and writes its runs as CSV rows;
 * exit 0 every run imported, 1 some run could not be (the others are written), 2 nothing could be
 * imported, the input could not be read or the command line is bad. */
#include "io/csv.h"
#include "import/import.h"
#include "core/util.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* openssl speed output is a few KB, a mail with several runs a few hundred: a larger input is
 * refused at this cap rather than read until memory runs out. */
#define MAX_INPUT_BYTES (64 * 1024 * 1024)

static void report_run(const char *name, const SmImportRun *run)
{
  for (guint i = 0; i < run->notes->len; i++) {
    const SmImportNote *note = run->notes->pdata[i];
    fprintf(stderr, "speedmatrix: %s:%u: run %u: %s\n", name, note->line, run->number,
            note->message);
  }
  if (run->error != NULL)
    fprintf(stderr, "speedmatrix: %s:%u: run %u not imported: %s\n", name, run->error_line,
            run->number, run->error);
}

int sm_cmd_import(int argc, char **argv)
{
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
       "CSV file to create, or - for standard output (the default)", "FILE"},
      {"force", 0, 0, G_OPTION_ARG_NONE, &force,
       "Replace FILE if it exists (a regular file that is not the input)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) context = g_option_context_new("FILE|- - import openssl speed output");
  g_option_context_set_summary(
      context,
      "Reads the output of `openssl speed` (OpenSSL 0.9.x to 3.x, plain or -mr, progress lines; "
      "several runs in one text, quoted or wrapped by a mail client) and writes one CSV row per "
      "figure, with a source column naming the input and the run. Exit status: 0 every run "
      "imported, 1 some run could not be (the others are written), 2 nothing could be imported "
      "or bad input.");
  g_option_context_add_main_entries(context, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc != 2)
    return sm_fail("import: expected one input: a FILE, or - for standard input (see speedmatrix "
                   "import --help)");

  const char *path = argv[1];
  const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
  gsize length = 0;
  g_autofree char *text =
      strcmp(path, "-") == 0
          ? sm_read_fd_bounded(STDIN_FILENO, name, MAX_INPUT_BYTES, &length, &error)
          : sm_read_bounded(path, MAX_INPUT_BYTES, &length, &error);
  if (text == NULL)
    return sm_fail(error->message);

  g_autoptr(SmImport) import = sm_import_parse(text, length, name);
  if (import->runs->len == 0) {
    g_autofree char *message = g_strdup_printf(
        "%s: no openssl speed output found (looked for the 'type ... bytes' table, sign/verify "
        "tables, -mr records and 'Doing ...' lines)",
        name);
    return sm_fail(message);
  }
  guint parsed = sm_import_parsed_runs(import);
  for (guint i = 0; i < import->runs->len; i++)
    report_run(name, import->runs->pdata[i]);
  if (parsed == 0)
    return SM_EXIT_BAD_INPUT; /* nothing written, no file created */

  const char *inputs[] = {path, NULL};
  SmCsvWriter *writer =
      sm_csv_create(output != NULL ? output : "-", force, "--force", inputs, &error);
  if (writer == NULL)
    return sm_fail(error->message);
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    for (guint r = 0; r < run->rows->len; r++)
      if (!sm_csv_write(writer, run->rows->pdata[r], &error)) {
        sm_csv_close(writer);
        return sm_fail(error->message);
      }
  }
  sm_csv_close(writer);
  return parsed == import->runs->len ? SM_EXIT_OK : SM_EXIT_FOUND;
}
