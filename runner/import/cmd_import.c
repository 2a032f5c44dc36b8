/* speedmatrix import FILE|- [-o FILE]: reads openssl speed output and writes its runs as CSV rows;
 * exit 0 every run imported, 1 some run could not be (the others are written), 2 nothing could be
 * imported, the input could not be read or the command line is bad. */
#include "io/csv.h"
#include "io/output.h"
#include "import/import.h"
#include "core/util.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* openssl speed output is a few KB, a mail with several runs a few hundred: a larger input is
 * refused at this cap rather than read until memory runs out. */
#define MAX_INPUT_BYTES (64 * 1024 * 1024)
/* A mapping file is a few lines. */
#define MAX_MAP_BYTES (1024 * 1024)

static void report_run(const char *name, const SmImportRun *run)
{
  const char *what = run->table ? "table" : "run";
  guint number = run->table ? run->table : run->number;
  for (guint i = 0; i < run->notes->len; i++) {
    const SmImportNote *note = run->notes->pdata[i];
    fprintf(stderr, "speedmatrix: %s:%u: %s %u: %s\n", name, note->line, what, number,
            note->message);
  }
  if (run->error != NULL)
    fprintf(stderr, "speedmatrix: %s:%u: %s %u not imported: %s\n", name, run->error_line, what,
            number, run->error);
}

/* import --explain: what each table was read as, and a line per run of openssl speed output. */
static void print_explain(const SmImport *import)
{
  for (guint i = 0; i < import->skipped->len; i++)
    printf("%s\n", (const char *)import->skipped->pdata[i]);
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->table == 0) {
      printf("run %u: lines %u-%u, openssl speed output, %u rows%s\n", run->number, run->first_line,
             run->last_line, run->rows->len, run->error ? " (not imported)" : "");
      continue;
    }
    for (guint l = 0; l < run->explain->len; l++)
      printf("%s\n", (const char *)run->explain->pdata[l]);
  }
}

/* "UTF-16LE" or "UTF-16BE" when the text is UTF-16 (a PowerShell redirect): by its byte-order
 * mark, else by its zero bytes (ASCII text in UTF-16 has one in every pair, always on one side);
 * NULL for anything else. `*skip` is the mark's length. */
static const char *utf16_encoding(const char *text, gsize length, gsize *skip)
{
  *skip = 0;
  if (length >= 2 && (guchar)text[0] == 0xff && (guchar)text[1] == 0xfe) {
    *skip = 2;
    return "UTF-16LE";
  }
  if (length >= 2 && (guchar)text[0] == 0xfe && (guchar)text[1] == 0xff) {
    *skip = 2;
    return "UTF-16BE";
  }
  gsize pairs = MIN(length, 512) / 2, zero_even = 0, zero_odd = 0;
  for (gsize i = 0; i < pairs; i++) {
    zero_even += text[2 * i] == '\0';
    zero_odd += text[2 * i + 1] == '\0';
  }
  if (pairs < 4 || length % 2 != 0)
    return NULL;
  if (zero_odd * 10 >= pairs * 9 && zero_even * 10 < pairs)
    return "UTF-16LE";
  if (zero_even * 10 >= pairs * 9 && zero_odd * 10 < pairs)
    return "UTF-16BE";
  return NULL;
}

static char *read_input(const char *path, const char *name, gsize *length, GError **error)
{
  char *text = strcmp(path, "-") == 0
                   ? sm_read_fd_bounded(STDIN_FILENO, name, MAX_INPUT_BYTES, length, error)
                   : sm_read_bounded(path, MAX_INPUT_BYTES, length, error);
  gsize skip = 0;
  const char *encoding = text != NULL ? utf16_encoding(text, *length, &skip) : NULL;
  if (encoding == NULL)
    return text;
  g_autofree char *utf16 = text;
  g_autoptr(GError) local = NULL;
  gsize written = 0;
  char *utf8 =
      g_convert(utf16 + skip, (gssize)(*length - skip), "UTF-8", encoding, NULL, &written, &local);
  if (utf8 == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: %s text that does not convert to UTF-8: %s",
                name, encoding, local->message);
    return NULL;
  }
  *length = written;
  return utf8;
}

static SmImportMap *load_map(const char *path, GError **error)
{
  gsize length = 0;
  g_autoptr(GError) local = NULL;
  g_autofree char *contents = sm_read_bounded(path, MAX_MAP_BYTES, &length, &local);
  if (contents == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "--map: %s", local->message);
    return NULL;
  }
  return sm_import_map_parse(contents, length, path, error);
}

/* The CSV text at once: to standard output, or to FILE by the rules of every -o (io/output.h). */
static int write_rows(const SmImport *import, const char *output, bool force,
                      const char *const *inputs)
{
  g_autofree char *header = sm_csv_header();
  g_autoptr(GString) text = g_string_new(header);
  g_string_append(text, "\r\n");
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    for (guint r = 0; r < run->rows->len; r++) {
      g_autofree char *line = sm_csv_format_row(run->rows->pdata[r]);
      g_string_append_printf(text, "%s\r\n", line);
    }
  }
  g_autoptr(GError) error = NULL;
  if (output == NULL || strcmp(output, "-") == 0)
    fputs(text->str, stdout); /* a failed write is caught at exit (main.c) */
  else if (!sm_output_write(output, text->str, (gssize)text->len, force, "--force", inputs, &error))
    return sm_fail(error->message);
  return SM_EXIT_OK;
}

int sm_cmd_import(int argc, char **argv)
{
  g_autofree char *output = NULL, *map_path = NULL;
  gboolean explain = FALSE, force = FALSE;
  GOptionEntry entries[] = {
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
       "CSV file to create, or - for standard output (the default)", "FILE"},
      {"force", 0, 0, G_OPTION_ARG_NONE, &force,
       "Replace FILE if it exists (a regular file that is not the input)", NULL},
      {"map", 'm', 0, G_OPTION_ARG_FILENAME, &map_path,
       "INI file saying what a table's columns and labels mean where the guess is wrong", "FILE"},
      {"explain", 'e', 0, G_OPTION_ARG_NONE, &explain,
       "Print what each table was read as (columns, labels, units), and each block skipped as no "
       "benchmark table, instead of the CSV",
       NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(
          &argc, &argv, "FILE|- - import openssl speed output",
          "Reads the output of `openssl speed` (OpenSSL 0.9.x to 3.x, plain or -mr, progress "
          "lines; "
          "several runs in one text, quoted or wrapped by a mail client) and tables people made of "
          "it (pipe, CSV/TSV, aligned or single spaces), and writes one CSV row per figure, with a "
          "source column naming the input and the run or table. Blocks that are not benchmark "
          "tables "
          "(a /proc/cpuinfo or lscpu paste, another program's table) are skipped. Exit status: 0 "
          "every run and table "
          "imported, 1 some could not be (the others are written), 2 nothing could be imported or "
          "bad input.",
          entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  if (argc != 2)
    return sm_fail("import: expected one input: a FILE, or - for standard input (see speedmatrix "
                   "import --help)");
  g_autoptr(SmImportMap) map = NULL;
  if (map_path != NULL && (map = load_map(map_path, &error)) == NULL)
    return sm_fail(error->message);

  const char *path = argv[1];
  const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
  gsize length = 0;
  g_autofree char *text = read_input(path, name, &length, &error);
  if (text == NULL)
    return sm_fail(error->message);

  g_autoptr(SmImport) import = sm_import_parse_with(text, length, name, map);
  if (!sm_import_map_check(map, import, &error))
    return sm_fail(error->message);
  if (import->runs->len == 0) {
    if (explain)
      print_explain(import);
    g_autofree char *message = g_strdup_printf(
        "%s: no openssl speed output found (looked for the 'type ... bytes' table, sign/verify "
        "tables, -mr records, 'Doing ...' lines and tables of figures)",
        name);
    return sm_fail(message);
  }
  guint parsed = sm_import_parsed_runs(import);
  for (guint i = 0; i < import->runs->len; i++)
    report_run(name, import->runs->pdata[i]);
  if (explain)
    print_explain(import);
  if (parsed == 0)
    return SM_EXIT_BAD_INPUT; /* nothing written, no file created */
  if (!explain) {
    const char *inputs[] = {path, map_path, NULL}; /* the map too: never written over */
    int status = write_rows(import, output, force, inputs);
    if (status != SM_EXIT_OK)
      return status;
  }
  return parsed == import->runs->len ? SM_EXIT_OK : SM_EXIT_FOUND;
}
