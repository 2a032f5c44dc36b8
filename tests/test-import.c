/* import: openssl speed outputs of several versions (tests/data/import/, written from the formats
 * of apps/speed.c) give the rows in tests/golden/import/; the mail holding two versions gives
 * exactly the printed figures; bad inputs (tests/bad/import/NAME.txt) give the error lines in
 * NAME.expected and the exit status in NAME.status; compare reads an import.
 *
 * The golden files hold the DESIGN.md columns plus accel, parallel and source, found by name in
 * the writer's output, so that columns appended later do not change them. Imported rows have an
 * empty timestamp (openssl speed prints no time of measurement), so the files compare byte for
 * byte. SM_UPDATE_GOLDEN=1 rewrites them (review the diff). */
#include "io/csv.h"
#include "import/import.h"
#include "import/import_names.h"
#include "import/table_cells.h"

#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <locale.h>
#include <string.h>
#include <sys/wait.h>

static const char *const golden_columns[] = {
    "timestamp", "host",   "cpu_model",  "engine",      "engine_version", "algorithm", "kind",
    "operation", "api",    "block_size", "ops_per_sec", "bytes_per_sec",  "samples",   "spread",
    "status",    "detail", "accel",      "parallel",    "source",
};

static char *data_path(const char *dir, const char *name)
{
  return g_build_filename(g_getenv("SM_TESTS_DIR"), dir, name, NULL);
}

/* The fields of one CSV record (RFC 4180, no line end). */
static GPtrArray *split_record(const char *line)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func(g_free);
  GString *field = g_string_new(NULL);
  const char *c = line;
  for (;;) {
    if (*c == '"') {
      for (c++; *c && !(*c == '"' && c[1] != '"'); c++) {
        if (*c == '"')
          c++;
        g_string_append_c(field, *c);
      }
      g_assert_cmpint(*c, ==, '"');
      c++;
    }
    while (*c && *c != ',')
      g_string_append_c(field, *c++);
    g_ptr_array_add(fields, g_string_free(field, FALSE));
    if (*c == '\0')
      break;
    c++;
    field = g_string_new(NULL);
  }
  return fields;
}

static int index_of(GPtrArray *header, const char *name)
{
  for (guint i = 0; i < header->len; i++)
    if (strcmp(header->pdata[i], name) == 0)
      return (int)i;
  return -1;
}

/* The golden columns of a writer line. */
static void append_projected(GString *out, GPtrArray *header, const char *line)
{
  g_autoptr(GPtrArray) fields = split_record(line);
  g_assert_cmpuint(fields->len, ==, header->len);
  for (size_t i = 0; i < G_N_ELEMENTS(golden_columns); i++) {
    int at = index_of(header, golden_columns[i]);
    g_assert_cmpint(at, >=, 0);
    if (i)
      g_string_append_c(out, ',');
    sm_csv_append_field(out, fields->pdata[at]);
  }
  g_string_append(out, "\r\n");
}

static char *render_golden(const SmImport *import)
{
  g_autofree char *header_line = sm_csv_header();
  g_autoptr(GPtrArray) header = split_record(header_line);
  GString *out = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(golden_columns); i++)
    g_string_append_printf(out, "%s%s", i ? "," : "", golden_columns[i]);
  g_string_append(out, "\r\n");
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    for (guint i = 0; i < run->rows->len; i++) {
      g_autofree char *line = sm_csv_format_row(run->rows->pdata[i]);
      append_projected(out, header, line);
    }
  }
  return g_string_free(out, FALSE);
}

static SmImport *import_file(const char *name)
{
  g_autofree char *path = data_path("data/import", name);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_assert_true(g_file_get_contents(path, &text, &length, NULL));
  return sm_import_parse(text, length, name);
}

static void test_golden(gconstpointer data)
{
  const char *name = data;
  g_autoptr(SmImport) import = import_file(name);
  g_assert_cmpuint(import->runs->len, >, 0);
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error != NULL)
      g_test_message("run %u: line %u: %s", run->number, run->error_line, run->error);
    g_assert_null(run->error);
    g_assert_cmpuint(run->rows->len, >, 0);
  }
  g_autofree char *rendered = render_golden(import);
  g_autofree char *base = g_strndup(name, strlen(name) - strlen(".txt"));
  g_autofree char *golden_name = g_strdup_printf("%s.csv", base);
  g_autofree char *golden = data_path("golden/import", golden_name);
  if (g_getenv("SM_UPDATE_GOLDEN") != NULL) {
    g_assert_true(g_file_set_contents(golden, rendered, -1, NULL));
    return;
  }
  g_autofree char *expected = NULL;
  g_assert_true(g_file_get_contents(golden, &expected, NULL, NULL));
  g_assert_cmpstr(rendered, ==, expected);
}

/* ---- the mail: the printed figures come back exactly ---- */

/* "467648.37k" -> 467648370: the printed value in bytes/s, as an exact integer. */
static gint64 printed_bytes(const char *token)
{
  g_autofree char *digits = g_strndup(token, strlen(token) - 1);
  char *point = strchr(digits, '.');
  g_assert_nonnull(point);
  memmove(point, point + 1, strlen(point));
  return g_ascii_strtoll(digits, NULL, 10) * 10;
}

static bool is_k_figure(const char *token)
{
  return g_regex_match_simple("^[0-9]+\\.[0-9]{2}k$", token, 0, 0);
}

static void test_mail_figures(void)
{
  g_autofree char *path = data_path("data/import", "mail-two-versions.txt");
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));

  /* The figures as printed, read here independently: every "NNN.NNk" token in order, and the
   * last two tokens (sign/s, verify/s) of each rsa or ecdsa line. */
  g_autoptr(GArray) bulk = g_array_new(FALSE, FALSE, sizeof(gint64));
  g_autoptr(GPtrArray) rates = g_ptr_array_new_with_free_func(g_free);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++) {
    const char *line = lines[i];
    while (*line == '>' || *line == ' ')
      line++;
    g_auto(GStrv) tokens = g_strsplit_set(line, " ", -1);
    GPtrArray *kept = g_ptr_array_new();
    for (guint t = 0; tokens[t] != NULL; t++)
      if (tokens[t][0] != '\0')
        g_ptr_array_add(kept, tokens[t]);
    for (guint t = 0; t < kept->len; t++)
      if (is_k_figure(kept->pdata[t])) {
        gint64 bytes = printed_bytes(kept->pdata[t]);
        g_array_append_val(bulk, bytes);
      }
    if (kept->len >= 4 && (g_str_has_prefix(line, "rsa ") || strstr(line, " ecdsa (") != NULL)) {
      g_ptr_array_add(rates, g_strdup(kept->pdata[kept->len - 2]));
      g_ptr_array_add(rates, g_strdup(kept->pdata[kept->len - 1]));
    }
    g_ptr_array_unref(kept);
  }
  g_assert_cmpuint(bulk->len, ==, 3 * 5 + 3 * 6);
  g_assert_cmpuint(rates->len, ==, 2 * 3 + 2 * 3);

  g_autoptr(SmImport) import = sm_import_parse(text, strlen(text), "mail-two-versions.txt");
  g_assert_cmpuint(import->runs->len, ==, 2);
  static const char *const versions[] = {"1.0.1e-fips", "1.1.1k"};
  guint next_bulk = 0, next_rate = 0;
  for (guint r = 0; r < 2; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    g_assert_null(run->error);
    g_autofree char *source = g_strdup_printf("mail-two-versions.txt#run %u", r + 1);
    for (guint i = 0; i < run->rows->len; i++) {
      const SmRow *row = run->rows->pdata[i];
      g_assert_cmpstr(row->engine, ==, "openssl");
      g_assert_cmpstr(row->engine_version, ==, versions[r]);
      g_assert_cmpstr(row->source, ==, source);
      g_assert_cmpstr(row->timestamp, ==, "");
      g_assert_cmpint(row->api, ==, SM_API_LOW); /* 1.0.1 and 1.1.1, no -evp */
      if (row->block_size > 0) {
        g_assert_cmpuint(next_bulk, <, bulk->len);
        /* The CSV writes bytes/s as a whole number: exactly the printed figure x 1000. */
        g_autofree char *written = g_strdup_printf("%.0f", row->bytes_per_sec);
        g_autofree char *expected =
            g_strdup_printf("%" G_GINT64_FORMAT, g_array_index(bulk, gint64, next_bulk++));
        g_assert_cmpstr(written, ==, expected);
        g_assert_cmpfloat_with_epsilon(row->ops_per_sec * row->block_size, row->bytes_per_sec,
                                       1e-6 * row->bytes_per_sec);
      } else {
        g_assert_cmpuint(next_rate, <, rates->len);
        g_autofree char *written = g_strdup_printf("%.1f", row->ops_per_sec);
        g_assert_cmpstr(written, ==, rates->pdata[next_rate++]);
      }
    }
  }
  g_assert_cmpuint(next_bulk, ==, bulk->len);
  g_assert_cmpuint(next_rate, ==, rates->len);
}

/* ---- through the binary ---- */

static void test_bad_input(gconstpointer data)
{
  const char *name = data;
  g_autofree char *dir = data_path("bad", "import");
  g_autofree char *base = g_strndup(name, strlen(name) - strlen(".txt"));
  g_autofree char *expected_path = g_strdup_printf("%s/%s.expected", dir, base);
  g_autofree char *status_path = g_strdup_printf("%s/%s.status", dir, base);
  g_autofree char *expected = NULL, *status_text = NULL;
  g_assert_true(g_file_get_contents(expected_path, &expected, NULL, NULL));
  g_assert_true(g_file_get_contents(status_path, &status_text, NULL, NULL));
  int status = atoi(status_text);

  const char *args[] = {"import", name, NULL};
  Outcome outcome = run_speedmatrix(dir, args);
  g_assert_cmpstr(outcome.err, ==, expected);
  g_assert_cmpint(outcome.status, ==, status);
  if (status == 2) {
    g_assert_cmpstr(outcome.out, ==, "");
  } else if (g_str_has_prefix(name, "table-")) {
    /* The tables that could be read are written, nothing of the refused one. */
    g_assert_true(g_str_has_prefix(outcome.out, "timestamp,"));
    g_assert_nonnull(strstr(outcome.out, "#table 1 row"));
    g_assert_null(strstr(outcome.out, "#table 2 row"));
  } else {
    /* The runs that parsed are written, nothing of the failed one. */
    g_assert_true(g_str_has_prefix(outcome.out, "timestamp,"));
    g_assert_nonnull(strstr(outcome.out, "#run 1"));
    g_assert_null(strstr(outcome.out, "#run 2"));
  }
  outcome_clear(&outcome);

  /* -o FILE: no file at all when nothing could be imported. */
  g_autofree char *tmp = g_dir_make_tmp("sm-import-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(tmp, "out.csv", NULL);
  const char *to_file[] = {"import", name, "-o", csv, NULL};
  outcome = run_speedmatrix(dir, to_file);
  g_assert_cmpint(outcome.status, ==, status);
  g_assert_cmpstr(outcome.out, ==, "");
  g_assert_true(g_file_test(csv, G_FILE_TEST_EXISTS) == (status != 2));
  outcome_clear(&outcome);
  g_unlink(csv);
  g_rmdir(tmp);
}

static void test_usage_errors(void)
{
  const char *none[] = {"import", NULL};
  Outcome outcome = run_speedmatrix(NULL, none);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_cmpstr(outcome.err, ==,
                  "speedmatrix: import: expected one input: a FILE, or - for standard input (see "
                  "speedmatrix import --help)\n");
  outcome_clear(&outcome);

  const char *flag[] = {"import", "--bogus", "x.txt", NULL};
  outcome = run_speedmatrix(NULL, flag);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_true(g_str_has_prefix(outcome.err, "speedmatrix: Unknown option --bogus"));
  outcome_clear(&outcome);

  const char *missing[] = {"import", "/nonexistent/speed.txt", NULL};
  outcome = run_speedmatrix(NULL, missing);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_true(
      g_str_has_prefix(outcome.err, "speedmatrix: /nonexistent/speed.txt: cannot read: "));
  g_assert_cmpstr(outcome.out, ==, "");
  outcome_clear(&outcome);

  const char *help[] = {"import", "--help", NULL};
  outcome = run_speedmatrix(NULL, help);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_nonnull(strstr(outcome.out, "--output"));
  outcome_clear(&outcome);
}

/* Pastes between openssl runs (/proc/cpuinfo, lscpu, free, ifconfig) are not tables: the runs
 * import with exit 0 and no message, --explain lists each paste as skipped and why, and a paste
 * naming one CPU model lends it to the run it describes (two models: none). */
static void test_skipped_pastes(void)
{
  g_autofree char *dir = data_path("data", "import");
  const char *plain[] = {"import", "mail-cpuinfo.txt", NULL};
  Outcome outcome = run_speedmatrix(dir, plain);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_cmpstr(outcome.err, ==, "");
  g_assert_nonnull(strstr(outcome.out, ",VIA Nehemiah,openssl,0.9.8e,aes-128-cbc,"));
  g_assert_nonnull(strstr(outcome.out, ",Intel(R) Pentium(R) M processor 1.73GHz,openssl,"));
  outcome_clear(&outcome);
  const char *explain[] = {"import", "--explain", "mail-cpuinfo.txt", NULL};
  outcome = run_speedmatrix(dir, explain);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_cmpstr(outcome.err, ==, "");
  g_assert_nonnull(strstr(outcome.out, "lines 8-11: skipped, a key-value paste (/proc/cpuinfo"));
  outcome_clear(&outcome);
  const char *others[] = {"import", "--explain", "mail-lscpu.txt", NULL};
  outcome = run_speedmatrix(dir, others);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_cmpstr(outcome.err, ==, "");
  g_assert_nonnull(strstr(outcome.out, "lines 35-41: skipped, no algorithm, key size, block size "
                                       "or operation named: another program's table\n"));
  outcome_clear(&outcome);
  g_autoptr(SmImport) import = import_file("mail-lscpu.txt");
  g_assert_cmpuint(import->runs->len, ==, 2);
  const SmRow *first = ((SmImportRun *)import->runs->pdata[0])->rows->pdata[0];
  const SmRow *second = ((SmImportRun *)import->runs->pdata[1])->rows->pdata[0];
  g_assert_cmpstr(first->cpu_model, ==, "Intel(R) Xeon(R) E-2176G CPU @ 3.70GHz");
  g_assert_cmpstr(second->cpu_model, ==, ""); /* lscpu named Cortex-A53 and Cortex-A72 */
}

static SmImport *import_table_file(const char *name);

/* The row of a table import for `host` (or, when host is "", `cpu_model`), algorithm,
 * operation, api and block size; fails the test when there is not exactly one. */
static const SmRow *issue_row(const SmImport *import, const char *machine, const char *algorithm,
                              SmOp op, SmApi api, guint block_size)
{
  const SmRow *found = NULL;
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    for (guint i = 0; i < run->rows->len; i++) {
      const SmRow *row = run->rows->pdata[i];
      if ((strcmp(row->host, machine) == 0 || strcmp(row->cpu_model, machine) == 0) &&
          strcmp(row->algorithm, algorithm) == 0 && row->operation == op && row->api == api &&
          row->block_size == block_size) {
        g_assert_null(found);
        found = row;
      }
    }
  }
  g_assert_nonnull(found);
  return found;
}

/* A wiki's pivoted table whose spans are trailing empty cells: figures read off the table by
 * eye, exactly, and the bonnie++ table after it skipped without an error. */
static void test_wiki_spans(void)
{
  g_autoptr(SmImport) import = import_table_file("wiki-pivot-spans.txt");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_null(((SmImportRun *)import->runs->pdata[0])->error);
  g_assert_cmpuint(import->skipped->len, ==, 1);
  const SmRow *row = issue_row(import, "Orion", "rsa2048", SM_OP_SIGN, SM_API_LOW, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 22.8);
  row = issue_row(import, "Vesta", "dsa1024", SM_OP_VERIFY, SM_API_LOW, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 27.4);
  row = issue_row(import, "Vesta", "rsa4096", SM_OP_SIGN, SM_API_LOW, 0);
  g_assert_cmpint(row->status, ==, SM_STATUS_UNSUPPORTED);
  g_autoptr(SmImport) german = import_table_file("wiki-pivot-spans-de.txt");
  row = issue_row(german, "Jupiter", "dsa2048", SM_OP_VERIFY, SM_API_LOW, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 1523.6);
  row = issue_row(german, "Cortex-A53", "rsa3072", SM_OP_VERIFY, SM_API_LOW, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 2345.6);
}

/* A blog's table typed with single spaces (labels with spaces read from the right, units glued
 * to sizes, a yes/no EVP column in Polish, a figure that lost its k), twice in one post; and the
 * same in Czech with other sizes and algorithms. */
static void test_blog_single_spaced(void)
{
  g_autoptr(SmImport) import = import_table_file("blog-single-spaced.txt");
  g_assert_cmpuint(import->runs->len, ==, 2);
  const SmRow *row =
      issue_row(import, "ARM Cortex-A7", "aes-256-cbc", SM_OP_ENCRYPT, SM_API_LOW, 8192);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 11455600);
  row = issue_row(import, "Intel Xeon E3-1230 v2", "aes-128-cbc", SM_OP_ENCRYPT, SM_API_EVP, 16);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 201234560);
  g_assert_cmpstr(row->cpu_model, ==, "Intel Xeon E3-1230 v2");
  row = issue_row(import, "Intel Xeon E3-1230 v2", "bf-cbc", SM_OP_ENCRYPT, SM_API_LOW, 64);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 86543210);
  row = issue_row(import, "AMD Ryzen 5 3600", "aes-128-cbc", SM_OP_ENCRYPT, SM_API_EVP, 8192);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 1523456780);
  const SmImportRun *first = import->runs->pdata[0];
  bool said = false;
  for (guint i = 0; i < first->explain->len; i++)
    said |= strstr(first->explain->pdata[i], "\"11455.6\" read as 11455.6k") != NULL;
  g_assert_true(said);
  g_autoptr(SmImport) czech = import_table_file("blog-single-spaced-cs.txt");
  row = issue_row(czech, "Dell OptiPlex 7040 i5-6500", "des-ede3-cbc", SM_OP_ENCRYPT, SM_API_LOW,
                  16384);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 29901200);
  row = issue_row(czech, "Raspberry Pi 4 Model B", "chacha20-poly1305", SM_OP_ENCRYPT, SM_API_EVP,
                  1024);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 201234560);
}

/* Names are folded the ASCII way whatever the locale: under a Turkish locale "I" would become a
 * dotless "ı" and CAMELLIA, SIGN/S and VERIFY/S no names. Asserted on the folding function, and
 * on a whole table when this machine has tr_TR.UTF-8. */
static void test_turkish_locale(void)
{
  g_autofree char *saved = g_strdup(setlocale(LC_ALL, NULL));
  bool turkish = setlocale(LC_ALL, "tr_TR.UTF-8") != NULL;
  if (!turkish)
    g_test_message("tr_TR.UTF-8 is not available: the folding function alone is checked");
  g_autofree char *camellia = sm_import_fold("CAMELLIA-128-CBC");
  g_autofree char *verify = sm_import_fold("VERIFY/S");
  g_autofree char *german = sm_import_fold("PR\u00dcFEN/S");
  g_assert_cmpstr(camellia, ==, "camellia-128-cbc");
  g_assert_cmpstr(verify, ==, "verify/s");
  g_assert_cmpstr(german, ==, "pr\u00fcfen/s");
  static const char table[] = "| ALGORITHM | 16 BYTES | 64 BYTES |\n"
                              "|---|---|---|\n"
                              "| CAMELLIA-128-CBC | 123456.78k | 134567.89k |\n"
                              "| SHA1 | 98765.43k | 234567.89k |\n"
                              "\n"
                              "| KEY | SIGN/S | VERIFY/S |\n"
                              "|---|---|---|\n"
                              "| RSA 2048 | 1508.2 | 51238.9 |\n"
                              "| RSA 4096 | 230.5 | 14000.1 |\n";
  g_autoptr(SmImport) import = sm_import_parse(table, sizeof table - 1, "tr.md");
  setlocale(LC_ALL, saved);
  guint rows = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    g_assert_null(run->error);
    rows += run->rows->len;
  }
  g_assert_cmpuint(rows, ==, 8);
}

/* "-" reads standard input and names it "stdin". */
static void test_stdin(void)
{
  g_autofree char *path = data_path("data/import", "openssl30-mr.txt");
  g_autofree char *quoted_bin = g_shell_quote(g_getenv("SPEEDMATRIX"));
  g_autofree char *quoted_path = g_shell_quote(path);
  g_autofree char *command = g_strdup_printf("%s import - < %s", quoted_bin, quoted_path);
  const char *argv[] = {"/bin/sh", "-c", command, NULL};
  Outcome outcome = {0};
  int wait_status = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &outcome.out,
                             &outcome.err, &wait_status, &error));
  g_assert_no_error(error);
  g_assert_true(WIFEXITED(wait_status));
  g_assert_cmpint(WEXITSTATUS(wait_status), ==, 0);
  g_assert_cmpstr(outcome.err, ==, "");
  g_assert_nonnull(strstr(outcome.out, ",stdin#run 1,"));
  outcome_clear(&outcome);
}

/* What an imported mail is for: compare prints the ratios between its machines. */
static void test_compare_reads_import(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-import-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(tmp, "mail.csv", NULL);
  g_autofree char *mail = data_path("data/import", "mail-two-versions.txt");
  const char *import_args[] = {"import", mail, "-o", csv, NULL};
  Outcome outcome = run_speedmatrix(NULL, import_args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);

  const char *compare_args[] = {"compare", "--format", "csv", csv, NULL};
  outcome = run_speedmatrix(NULL, compare_args);
  g_test_message("compare stderr: %s", outcome.err);
  g_assert_cmpint(outcome.status, ==, 0); /* the new machine is faster: nothing regressed */
  g_auto(GStrv) lines = g_strsplit(outcome.out, "\n", -1);
  g_autoptr(GPtrArray) header = split_record(g_strchomp(lines[0]));
  int algorithm = index_of(header, "algorithm"), operation = index_of(header, "operation");
  int size = index_of(header, "block_size"), ratio = index_of(header, "ratio");
  g_assert_cmpint(algorithm, >=, 0);
  g_assert_cmpint(ratio, >=, 0);
  /* aes-128-cbc at 16 bytes: 467648.37k / 100000.00k; rsa2048 sign: 1802.3 / 226.7. */
  bool seen_aes = false, seen_rsa = false;
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++) {
    g_autoptr(GPtrArray) fields = split_record(g_strchomp(lines[i]));
    const char *alg = fields->pdata[algorithm], *op = fields->pdata[operation];
    double printed = g_ascii_strtod(fields->pdata[ratio], NULL);
    if (strcmp(alg, "aes-128-cbc") == 0 && strcmp(fields->pdata[size], "16") == 0) {
      g_assert_cmpfloat_with_epsilon(printed, 467648.37 / 100000.00, 1e-4);
      seen_aes = true;
    }
    if (strcmp(alg, "rsa2048") == 0 && strcmp(op, "sign") == 0) {
      g_assert_cmpfloat_with_epsilon(printed, 1802.3 / 226.7, 1e-4);
      seen_rsa = true;
    }
  }
  g_assert_true(seen_aes);
  g_assert_true(seen_rsa);
  outcome_clear(&outcome);
  g_unlink(csv);
  g_rmdir(tmp);
}

/* ---- smaller texts ---- */

static SmImport *parse(const char *text) { return sm_import_parse(text, strlen(text), "t.txt"); }

static const SmRow *row_at(const SmImport *import, guint run, guint index)
{
  g_assert_cmpuint(run, <, import->runs->len);
  const SmImportRun *r = import->runs->pdata[run];
  g_assert_null(r->error);
  g_assert_cmpuint(index, <, r->rows->len);
  return r->rows->pdata[index];
}

static guint rows_of(const SmImport *import, guint run)
{
  return ((const SmImportRun *)import->runs->pdata[run])->rows->len;
}

/* Figures up to 10000 bytes/s are printed without the k: they are bytes/s. */
static void test_figures_without_k(void)
{
  g_autoptr(SmImport) import = parse("OpenSSL 1.0.2u  20 Dec 2019\n"
                                     "The 'numbers' are in 1000s of bytes per second processed.\n"
                                     "type             16 bytes     64 bytes\n"
                                     "mdc2             9876.54     12345.67k\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpfloat(row_at(import, 0, 0)->bytes_per_sec, ==, 9876.54);
  g_assert_cmpfloat(row_at(import, 0, 1)->bytes_per_sec, ==, 12345670.0);
  g_assert_cmpfloat_with_epsilon(row_at(import, 0, 0)->ops_per_sec, 9876.54 / 16, 1e-9);
}

/* A summary cut short (an excerpt ends inside the table) keeps the figures it has; the progress
 * lines give the rest, and the run stands. Without progress lines for them, it is still refused. */
static void test_cut_summary(void)
{
  g_autoptr(SmImport) import = import_file("cut-summary.txt");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpuint(rows_of(import, 0), ==, 12);
  const SmRow *table = row_at(import, 0, 6); /* aes-128 cbc, 64 bytes: the table's 53333.33k */
  g_assert_cmpuint(table->block_size, ==, 64);
  g_assert_cmpfloat(table->bytes_per_sec, ==, 53333330.0);
  g_assert_null(strstr(table->detail ? table->detail : "", "progress"));
  const SmRow *progress = row_at(import, 0, 7); /* 600000 x 256 bytes in 2.00s */
  g_assert_cmpuint(progress->block_size, ==, 256);
  g_assert_cmpfloat(progress->bytes_per_sec, ==, 76800000.0);
  g_assert_nonnull(strstr(progress->detail, "from progress lines"));
  const SmRow *sign = row_at(import, 0, 10); /* no rsa table at all: 5000 in 10.00s */
  g_assert_cmpstr(sign->algorithm, ==, "rsa2048");
  g_assert_cmpfloat(sign->ops_per_sec, ==, 500.0);
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_cmpuint(run->notes->len, ==, 2);
  g_assert_nonnull(strstr(((SmImportNote *)run->notes->pdata[0])->message, "cut short after 2"));
  g_assert_nonnull(
      strstr(((SmImportNote *)run->notes->pdata[1])->message, "2 figures the summary"));

  g_autoptr(SmImport) bare = parse("OpenSSL 1.1.0l  10 Sep 2019\n"
                                   "type             16 bytes     64 bytes    256 bytes\n"
                                   "md5              16000.00k    42666.67k\n");
  g_assert_cmpuint(bare->runs->len, ==, 1);
  g_assert_nonnull(((SmImportRun *)bare->runs->pdata[0])->error);
}

/* Markdown bold in progress lines is read through; "in 0.00s" is an error row, not a failed run;
 * a header cut after a size's number keeps the sizes before it. */
static void test_cut_header_bold(void)
{
  g_autoptr(SmImport) import = import_file("cut-header-bold.txt");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpuint(rows_of(import, 0), ==, 6);
  const SmRow *first = row_at(import, 0, 0); /* 600000 x 16 bytes in 0.50s */
  g_assert_cmpuint(first->block_size, ==, 16);
  g_assert_cmpfloat(first->bytes_per_sec, ==, 19200000.0);
  const SmRow *zero = row_at(import, 0, 5);
  g_assert_cmpuint(zero->block_size, ==, 16384);
  g_assert_cmpint(zero->status, ==, SM_STATUS_ERROR);
  g_assert_nonnull(strstr(zero->detail, "0.00s"));
}

/* openssl prints a figure above 10000 bytes/s with a "k": a bare one lost it in a copy and is
 * named in a note, not read as bytes/s; a bare one below stays bytes/s. */
static void test_lost_k(void)
{
  g_autoptr(SmImport) import = import_file("lost-k.txt");
  g_assert_cmpuint(import->runs->len, ==, 1);
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_null(run->error);
  g_assert_cmpuint(rows_of(import, 0), ==, 5);
  const SmRow *bare = row_at(import, 0, 3);
  g_assert_cmpstr(bare->algorithm, ==, "sha512");
  g_assert_cmpuint(bare->block_size, ==, 16);
  g_assert_cmpfloat(bare->bytes_per_sec, ==, 9000.0);
  const SmRow *last = row_at(import, 0, 4);
  g_assert_cmpuint(last->block_size, ==, 64);
  g_assert_cmpfloat(last->bytes_per_sec, ==, 25000000.0);
  g_assert_cmpuint(run->notes->len, ==, 1);
  const SmImportNote *note = run->notes->pdata[0];
  g_assert_cmpuint(note->line, ==, 8);
  g_assert_nonnull(strstr(note->message, "sha512, 256 bytes: '48000.50' has no 'k'"));
}

/* A text that ends inside the unit of a 'type' header ("256 by") has the sizes before it; with
 * no rows under it the run is still refused, as a header without rows, not a missing header.
 * Anywhere else the line is no header. */
static void test_header_cut_in_unit(void)
{
  g_autoptr(SmImport) import = parse("OpenSSL 1.0.2o  27 Mar 2018\n"
                                     "The 'numbers' are in 1000s of bytes per second processed.\n"
                                     "type 16 bytes 64 bytes 256 by\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_nonnull(run->error);
  g_assert_nonnull(strstr(run->error, "header without rows"));
  g_assert_cmpuint(run->notes->len, ==, 1);
  g_assert_nonnull(strstr(((SmImportNote *)run->notes->pdata[0])->message,
                          "cut short after 2 block sizes"));

  g_autoptr(SmImport) inside = parse("OpenSSL 1.0.2o  27 Mar 2018\n"
                                     "type 16 bytes 64 bytes 256 by\n"
                                     "md5 12000.00k 30000.00k\n");
  g_assert_cmpuint(inside->runs->len, ==, 0); /* not at the text's end: no header at all */
}

/* Nested quoting, a header wrapped after a pair, a row name alone on its line. */
static void test_wrapping(void)
{
  g_autoptr(SmImport) import =
      parse("> > OpenSSL 1.1.1w  11 Sep 2023\n"
            "> > type             16 bytes     64 bytes    256 bytes   1024 bytes\n"
            "> > 8192 bytes  16384 bytes\n"
            "> > camellia-128-cbc\n"
            "> >    101824.90k   154049.41k   177583.62k   187362.15k   186370.77k   186802.30k\n"
            "> > sha512           23792.90k    92688.54k   194920.06k   322252.80k\n"
            "> >   394231.81k   402366.46k\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpuint(rows_of(import, 0), ==, 12);
  const SmRow *camellia = row_at(import, 0, 5);
  g_assert_cmpstr(camellia->algorithm, ==, "camellia-128-cbc");
  g_assert_cmpuint(camellia->block_size, ==, 16384);
  g_assert_cmpfloat(camellia->bytes_per_sec, ==, 186802300.0);
  const SmRow *sha512 = row_at(import, 0, 11);
  g_assert_cmpstr(sha512->algorithm, ==, "sha512");
  g_assert_cmpfloat(sha512->bytes_per_sec, ==, 402366460.0);
  g_assert_cmpint(sha512->api, ==, SM_API_LOW);
}

/* Several runs back to back; a version block alone (`openssl version -a`) is no run. */
static void test_run_boundaries(void)
{
  g_autoptr(SmImport) none = parse("OpenSSL 1.1.1f  31 Mar 2020\n"
                                   "built on: Wed Nov 24 13:20:48 2021 UTC\n"
                                   "platform: debian-amd64\n"
                                   "OPENSSLDIR: \"/usr/lib/ssl\"\n");
  g_assert_cmpuint(none->runs->len, ==, 0);

  g_autoptr(SmImport) two = parse("OpenSSL 1.1.1f  31 Mar 2020\n"
                                  "                  sign    verify    sign/s verify/s\n"
                                  "rsa 2048 bits 0.000663s 0.000020s   1508.2  51238.9\n"
                                  "OpenSSL 1.0.2g  1 Mar 2016\n"
                                  "                  sign    verify    sign/s verify/s\n"
                                  "rsa 2048 bits 0.000921s 0.000027s   1085.8  37037.0\n"
                                  "+H:16\n+F:22:aes-128-gcm:1234.56\n");
  g_assert_cmpuint(two->runs->len, ==, 3);
  g_assert_cmpstr(row_at(two, 0, 0)->engine_version, ==, "1.1.1f");
  g_assert_cmpstr(row_at(two, 1, 0)->engine_version, ==, "1.0.2g");
  g_assert_cmpfloat(row_at(two, 1, 0)->ops_per_sec, ==, 1085.8);
  g_assert_cmpstr(row_at(two, 2, 0)->source, ==, "t.txt#run 3");
  g_assert_cmpstr(row_at(two, 2, 0)->engine_version, ==, "");

  /* The same table pasted twice with no version line between: two runs. */
  g_autoptr(SmImport) again = parse("                  sign    verify    sign/s verify/s\n"
                                    "rsa 2048 bits 0.000663s 0.000020s   1508.2  51238.9\n"
                                    "                  sign    verify    sign/s verify/s\n"
                                    "rsa 2048 bits 0.000921s 0.000027s   1085.8  37037.0\n");
  g_assert_cmpuint(again->runs->len, ==, 2);
  g_assert_null(((const SmImportRun *)again->runs->pdata[0])->error);
  g_assert_cmpuint(((const SmImportRun *)again->runs->pdata[1])->first_line, ==, 3);
  g_autoptr(SmImport) curves = parse("+F4:3:256:46210.5:15987.2\n+F4:16:256:2147.5:2055.7\n"
                                     "+F4:3:256:46210.5:15987.2\n");
  g_assert_cmpuint(curves->runs->len, ==, 2);
  g_assert_cmpuint(rows_of(curves, 0), ==, 4); /* nistp256 and brainpoolP256r1: one run */
  g_assert_cmpstr(row_at(curves, 0, 2)->algorithm, ==, "ecdsa-brainpoolp256r1");
}

/* A progress line whose end a mail client moved to the next line. */
static void test_wrapped_progress(void)
{
  g_autoptr(SmImport) import =
      parse("> Doing aes-128-cbc for 3s on 16 size blocks: 62794563 aes-128-cbc's in\n"
            "> 2.99s\n"
            "> Doing 2048 bits private rsa's for 10s: 37842 2048 bits private RSA's in 9.99s\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpuint(rows_of(import, 0), ==, 2);
  const SmRow *aes = row_at(import, 0, 0);
  g_assert_cmpfloat_with_epsilon(aes->bytes_per_sec, 62794563.0 * 16 / 2.99, 1e-3);
  /* "aes-128-cbc" is the EVP name (3.0, or 1.1.1 -evp); 1.1.1's own row says "aes-128 cbc". */
  g_assert_cmpint(aes->api, ==, SM_API_EVP);
  g_assert_true(g_str_has_prefix(aes->detail, "from progress lines; no version line: "));
  const SmRow *rsa = row_at(import, 0, 1);
  g_assert_cmpstr(rsa->algorithm, ==, "rsa2048");
  g_assert_cmpfloat_with_epsilon(rsa->ops_per_sec, 37842 / 9.99, 1e-9);
}

/* -multi N: the figures are the sum over N processes; -decrypt with -evp measures decryption. */
static void test_command_flags(void)
{
  g_autoptr(SmImport) import =
      parse("$ openssl speed -multi 4 -decrypt -evp aes-128-cbc\n"
            "Forked child 0\nForked child 1\nForked child 2\nForked child 3\n"
            "Got: +H:16:64 from 0\n"
            "OpenSSL 1.1.1f  31 Mar 2020\n"
            "The 'numbers' are in 1000s of bytes per second processed.\n"
            "type             16 bytes     64 bytes\n"
            "aes-128-cbc    1714285.68k  3310344.80k\n");
  const SmRow *row = row_at(import, 0, 0);
  g_assert_cmpuint(row->parallel, ==, 4);
  g_assert_cmpint(row->operation, ==, SM_OP_DECRYPT);
  g_assert_cmpint(row->api, ==, SM_API_EVP);

  /* A "Got: +H:" record cut short names no sizes; the table after it is read as usual. */
  g_autoptr(SmImport) cut = parse("Got: +H:\n"
                                  "OpenSSL 1.1.1f  31 Mar 2020\n"
                                  "The 'numbers' are in 1000s of bytes per second processed.\n"
                                  "type             16 bytes     64 bytes\n"
                                  "aes-128-cbc    1714285.68k  3310344.80k\n");
  g_assert_cmpstr(row_at(cut, 0, 0)->algorithm, ==, "aes-128-cbc");
  g_assert_cmpfloat_with_epsilon(row_at(cut, 0, 0)->bytes_per_sec, 1714285.68e3, 1e-3);

  g_autoptr(SmImport) forked = parse("Forked child 0\nForked child 1\n"
                                     "+H:16\n+F:5:sha1:1234.56\n");
  g_assert_cmpuint(row_at(forked, 0, 0)->parallel, ==, 2);
  /* Nothing tells 1.1.1 from 3.x here: taken as 3.x (evp), and the row says so. */
  g_assert_cmpint(row_at(forked, 0, 0)->api, ==, SM_API_EVP);
  g_assert_true(
      g_str_has_prefix(row_at(forked, 0, 0)->detail, "no version line: taken as OpenSSL 3.x"));
}

/* Real -multi 2 output of 3.0 is golden (openssl3019-multi2.txt): the children's +DT/+R lines
 * cross, and the summary is a row without its 'type' header after "Got: +H" records. Without
 * that row the crossed progress lines give no figure (each child's, not the sum). */
static void test_multi_progress(void)
{
  g_autoptr(SmImport) import = parse("Forked child 0\n+DT:sha256:1:16\n+DT:sha256:1:16\n"
                                     "+R:100:sha256:1.0\n+R:100:sha256:1.0\nForked child 1\n");
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_cmpstr(run->error, ==,
                  "the -multi children's progress lines interleave (each child's figure, not the "
                  "sum) and the summary is missing");
}

/* 3.4's four-column rsa table; 3.5's KEM table (noted, not imported) and signature table (its
 * keygen noted; its rsa2048 repeats the rsa table's cell: the first is kept). */
static void test_newer_tables(void)
{
  g_autoptr(SmImport) import = parse(
      "version: 3.5.0\n"
      "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  decr./s\n"
      "rsa  2048 bits 0.001523s 0.000043s 0.000045s 0.001618s    656.7  23043.5  22322.5    618.0\n"
      "                       op     op/s\n"
      "2048 bits ffdh   0.0005s   1942.5\n"
      "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
      "                   mlkem768 0.000075s 0.000084s 0.000102s   13355.1   11852.0    9770.9\n"
      "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
      "                    rsa2048 0.092727s 0.001026s 0.000031s      10.8     975.0   32402.0\n"
      "                    mldsa44 0.000096s 0.000177s 0.000082s   10448.0    5646.0   12261.0\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_null(run->error);
  g_assert_cmpuint(run->rows->len, ==, 7);
  static const SmOp ops[] = {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_ENCRYPT, SM_OP_DECRYPT};
  static const double figures[] = {656.7, 23043.5, 22322.5, 618.0};
  for (guint i = 0; i < 4; i++) {
    const SmRow *row = run->rows->pdata[i];
    g_assert_cmpstr(row->algorithm, ==, "rsa2048");
    g_assert_cmpint(row->operation, ==, ops[i]);
    g_assert_cmpfloat(row->ops_per_sec, ==, figures[i]);
    g_assert_cmpint(row->api, ==, SM_API_EVP);
  }
  const SmRow *ffdh = run->rows->pdata[4];
  g_assert_cmpstr(ffdh->algorithm, ==, "ffdh2048");
  g_assert_cmpint(ffdh->kind, ==, SM_KIND_KEX);
  g_assert_cmpfloat(ffdh->ops_per_sec, ==, 1942.5);
  g_assert_cmpstr(((const SmRow *)run->rows->pdata[5])->algorithm, ==, "mldsa44");
  g_assert_cmpfloat(((const SmRow *)run->rows->pdata[6])->ops_per_sec, ==, 12261.0);
  g_assert_cmpuint(run->notes->len, ==, 5); /* KEM row, 2 keygens, rsa2048 again */
  const SmImportNote *kem = run->notes->pdata[0];
  g_assert_cmpuint(kem->line, ==, 7);
  g_assert_true(g_str_has_prefix(kem->message, "mlkem768: KEM"));
  const SmImportNote *keygen = run->notes->pdata[1];
  g_assert_cmpuint(keygen->line, ==, 9);
  g_assert_cmpstr(keygen->message, ==,
                  "rsa2048: keygen not imported (speedmatrix has no such "
                  "operation)");
}

/* -mr public-key figures are seconds per operation up to 1.1.0 and ops/s from 1.1.1 on. */
static void test_mr_seconds_or_rates(void)
{
  g_autoptr(SmImport) old = parse("+F2:2:2048:0.004411:0.000131\n"
                                  "+F5:3:256:0.000099:10101.010101\n");
  g_assert_cmpfloat_with_epsilon(row_at(old, 0, 0)->ops_per_sec, 1 / 0.004411, 1e-9);
  g_assert_cmpstr(row_at(old, 0, 2)->algorithm, ==, "ecdh-p256");
  g_assert_cmpfloat(row_at(old, 0, 2)->ops_per_sec, ==, 10101.010101);
  g_assert_cmpint(row_at(old, 0, 2)->api, ==, SM_API_LOW);

  g_autoptr(SmImport) rates = parse("+F2:2:2048:1508.216433:51233.667335\n");
  g_assert_cmpfloat(row_at(rates, 0, 0)->ops_per_sec, ==, 1508.216433);

  g_autoptr(SmImport) unknown = parse("+F3:1:1024:0.5:2.0\n");
  const SmImportRun *run = unknown->runs->pdata[0];
  g_assert_nonnull(run->error);
  g_assert_cmpuint(run->error_line, ==, 1);
}

/* ---- hand-made tables (tests/data/import-tables/, made from tests/data/import-tables/raw/ and
 * the mail's figures) ---- */

static char *read_data(const char *dir, const char *name, gsize *length)
{
  g_autofree char *path = data_path(dir, name);
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, length, NULL));
  return text;
}

static SmImport *import_table_file(const char *name)
{
  gsize length = 0;
  g_autofree char *text = read_data("data/import-tables", name, &length);
  return sm_import_parse(text, length, name);
}

static void compare_golden(const char *name, const char *suffix, const char *rendered)
{
  g_autofree char *base = g_strndup(name, strlen(name) - strlen(".txt"));
  g_autofree char *golden_name = g_strconcat(base, suffix, NULL);
  g_autofree char *golden = data_path("golden/import-tables", golden_name);
  if (g_getenv("SM_UPDATE_GOLDEN") != NULL) {
    g_assert_true(g_file_set_contents(golden, rendered, -1, NULL));
    return;
  }
  g_autofree char *expected = NULL;
  g_assert_true(g_file_get_contents(golden, &expected, NULL, NULL));
  g_assert_cmpstr(rendered, ==, expected);
}

/* Every table of the layout reads whole; its rows are the golden CSV. */
static void test_table_golden(gconstpointer data)
{
  const char *name = data;
  g_autoptr(SmImport) import = import_table_file(name);
  guint tables = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error != NULL)
      g_test_message("table %u: line %u: %s", run->table, run->error_line, run->error);
    g_assert_null(run->error);
    tables += run->table != 0;
  }
  g_assert_cmpuint(tables, >, 0);
  g_autofree char *rendered = render_golden(import);
  compare_golden(name, ".csv", rendered);
}

/* import --explain prints what each table was read as: golden per layout. */
static void test_table_explain(gconstpointer data)
{
  const char *name = data;
  g_autofree char *dir = data_path("data", "import-tables");
  const char *args[] = {"import", "--explain", name, NULL};
  Outcome outcome = run_speedmatrix(dir, args);
  g_assert_cmpint(outcome.status, ==, 0);
  g_autofree char *both = g_strconcat(outcome.err, outcome.out, NULL);
  compare_golden(name, ".explain", both);
  outcome_clear(&outcome);
}

/* The figures a layout printed, read here independently of the importer: every cell or word
 * with decimals ("4026.0", "1052795.98k", "0.000248s") and every n/a. */
static GPtrArray *printed_figures(const char *text)
{
  GPtrArray *figures = g_ptr_array_new_with_free_func(g_free);
  g_auto(GStrv) words = g_regex_split_simple("[\\s|,>\"]+", text, 0, 0);
  for (guint i = 0; words[i] != NULL; i++)
    if (g_regex_match_simple("^(\\d+\\.\\d+[ks]?|n/a)$", words[i], 0, 0))
      g_ptr_array_add(figures, g_strdup(words[i]));
  return figures;
}

/* The lines of the tables read (skipped blocks, a disk benchmark's or a cpuinfo paste's, are
 * not benchmark tables), without what machine descriptions say in parentheses ("FreeBSD 5.4"). */
static char *table_text(const char *text, const SmImport *import)
{
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  GString *kept = g_string_new(NULL);
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    for (guint l = run->first_line; run->table != 0 && l <= run->last_line; l++)
      g_string_append_printf(kept, "%s\n", lines[l - 1]);
  }
  g_autofree char *all = g_string_free(kept, FALSE);
  g_autoptr(GRegex) parentheses = g_regex_new("\\([^)]*\\)", 0, 0, NULL);
  return g_regex_replace_literal(parentheses, all, -1, 0, "", 0, NULL);
}

static bool take_figure(GPtrArray *figures, const char *printed)
{
  for (guint i = 0; i < figures->len; i++)
    if (strcmp(figures->pdata[i], printed) == 0) {
      g_ptr_array_remove_index(figures, i);
      return true;
    }
  return false;
}

/* Each row's figure is one the table printed, exactly: bytes/s = the k figure x 1000 (as a
 * whole number, as the CSV writes it), ops/s as printed, n/a as unsupported; the figures left
 * over are those the notes account for. Nothing is dropped silently. */
static void test_table_figures(gconstpointer data)
{
  const char *name = data;
  gsize length = 0;
  g_autofree char *text = read_data("data/import-tables", name, &length);
  g_autoptr(SmImport) import = sm_import_parse(text, length, name);
  g_autofree char *tables = table_text(text, import);
  g_autoptr(GPtrArray) figures = printed_figures(tables);
  guint printed = figures->len;
  guint rows = 0, noted = 0, counted = 0;
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    counted += run->figures;
    for (guint n = 0; n < run->notes->len; n++)
      noted += ((const SmImportNote *)run->notes->pdata[n])->figures;
    for (guint i = 0; i < run->rows->len; i++, rows++) {
      const SmRow *row = run->rows->pdata[i];
      g_autofree char *shown = NULL;
      if (row->status == SM_STATUS_UNSUPPORTED) {
        shown = g_strdup("n/a");
      } else if (row->block_size > 0) {
        g_autofree char *bytes = g_strdup_printf("%.0f", row->bytes_per_sec);
        shown = g_strdup_printf("%.2fk", row->bytes_per_sec / 1000.0);
        g_assert_cmpint(printed_bytes(shown), ==, g_ascii_strtoll(bytes, NULL, 10));
        g_assert_cmpfloat_with_epsilon(row->ops_per_sec * row->block_size, row->bytes_per_sec,
                                       1e-9 * row->bytes_per_sec);
      } else {
        shown = g_strdup_printf("%.1f", row->ops_per_sec);
      }
      bool found = take_figure(figures, shown);
      if (!found && row->block_size > 0) {
        /* A figure that lost its k ("11455.6" among "11444.55k"), read in k: printed bare. */
        g_autofree char *bare = g_strndup(shown, strlen(shown) - 1);
        while (g_str_has_suffix(bare, "0"))
          bare[strlen(bare) - 1] = '\0';
        found = take_figure(figures, bare);
      }
      if (!found)
        g_test_message("%s: row %u (%s): %s was not printed", name, rows, row->source, shown);
      g_assert_true(found);
    }
  }
  g_test_message("%s: %u figures printed, %u rows, %u noted", name, printed, rows, noted);
  g_assert_cmpuint(counted, ==, printed);
  g_assert_cmpuint(rows + noted, ==, printed);
  g_assert_cmpuint(figures->len, ==, noted);
}

/* Tables typed in whole numbers (tests/data/import-whole/): no decimals, no k, thousands
 * separated by commas, spaces, dots (German) or apostrophes (Swiss). Every figure of the
 * hand-written list (.figures) is a row, exactly and in order, and no other; the rows are golden.
 */
static void test_table_whole_numbers(void)
{
  gsize length = 0;
  g_autofree char *text = read_data("data/import-whole", "whole-numbers.txt", &length);
  g_autofree char *listed = read_data("data/import-whole", "whole-numbers.figures", NULL);
  g_autoptr(GArray) expected = g_array_new(FALSE, FALSE, sizeof(double));
  g_auto(GStrv) lines = g_strsplit(listed, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0' && lines[i][0] != '#') {
      double value = g_ascii_strtod(lines[i], NULL);
      g_array_append_val(expected, value);
    }
  g_autoptr(SmImport) import = sm_import_parse(text, length, "whole-numbers.txt");
  guint tables = 0, figures = 0, rows = 0;
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    if (run->error != NULL)
      g_test_message("table %u: line %u: %s", run->table, run->error_line, run->error);
    g_assert_null(run->error);
    g_assert_cmpuint(run->notes->len, ==, 0);
    tables += run->table != 0;
    figures += run->figures;
    for (guint i = 0; i < run->rows->len; i++, rows++) {
      const SmRow *row = run->rows->pdata[i];
      g_assert_cmpint(row->status, ==, SM_STATUS_OK);
      g_assert_cmpuint(rows, <, expected->len);
      double figure = row->block_size > 0 ? row->bytes_per_sec : row->ops_per_sec;
      g_assert_cmpfloat(figure, ==, g_array_index(expected, double, rows));
    }
  }
  g_assert_cmpuint(tables, ==, 6);
  g_assert_cmpuint(figures, ==, expected->len);
  g_assert_cmpuint(rows, ==, expected->len);

  g_autofree char *rendered = render_golden(import);
  g_autofree char *golden = data_path("golden/import-whole", "whole-numbers.csv");
  if (g_getenv("SM_UPDATE_GOLDEN") != NULL)
    g_assert_true(g_file_set_contents(golden, rendered, -1, NULL));
  g_autofree char *want = NULL;
  g_assert_true(g_file_get_contents(golden, &want, NULL, NULL));
  g_assert_cmpstr(rendered, ==, want);
}

/* The figure reader alone: what is a figure, what a header's size, and the value of each. */
static void test_figure_forms(void)
{
  static const struct {
    const char *text;
    bool figure, strong;
    double value;
  } cases[] = {
      {"1052795.98k", true, true, 1052795.98},
      {"3784.0", true, true, 3784.0},
      {"0.000248s", true, true, 0.000248},
      {".5k", true, true, 0.5},
      {"1,234.5", true, true, 1234.5},
      {"1,234,567", true, true, 1234567},
      {"1 234 567", true, true, 1234567},
      {"1.234.567", true, true, 1234567},
      {"1.234.567,89", true, true, 1234567.89},
      {"1'234'567", true, true, 1234567},
      {"1\u00a0234", true, true, 1234},
      {"123456", true, true, 123456},
      {"1802", true, true, 1802},
      {"1.234", true, true, 1.234},
      {"16", true, false, 16},
      {"2048", true, false, 2048},
      {"16384", true, false, 16384},
      {"15360", true, false, 15360},
      {"1,23", false, false, 0},
      {"1234,567", false, false, 0},
      {"1.234.5", false, false, 0},
      {"1 234 56", false, false, 0},
      {"1,234.567.890", false, false, 0},
      {"abc", false, false, 0},
      {"", false, false, 0},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    SmTableFigure figure;
    g_test_message("\"%s\"", cases[i].text);
    g_assert_cmpint(sm_table_figure_read(cases[i].text, &figure), ==, cases[i].figure);
    g_assert_cmpint(sm_table_is_strong_figure(cases[i].text), ==, cases[i].strong);
    if (cases[i].figure)
      g_assert_cmpfloat_with_epsilon(figure.value, cases[i].value, 1e-9 * cases[i].value);
  }
}

/* compare and report across the machines of an imported table: one run per machine, the
 * baseline chosen by its machine, every other machine a ratio to it. */
static void test_table_compare(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-import-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(tmp, "wiki.csv", NULL);
  g_autofree char *wiki = data_path("data/import-tables", "html-pivot.txt");
  const char *import_args[] = {"import", wiki, "-o", csv, NULL};
  Outcome outcome = run_speedmatrix(NULL, import_args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);

  const char *compare_args[] = {"compare", "--baseline-host", "rocky 8", "--format", "csv", csv,
                                NULL};
  outcome = run_speedmatrix(NULL, compare_args);
  g_test_message("compare stderr: %s", outcome.err);
  g_assert_cmpint(outcome.status, ==, 1); /* the old box is slower than the baseline */
  g_auto(GStrv) lines = g_strsplit(outcome.out, "\n", -1);
  g_autoptr(GPtrArray) header = split_record(g_strchomp(lines[0]));
  int algorithm = index_of(header, "algorithm"), operation = index_of(header, "operation");
  int ratio = index_of(header, "ratio"), run = index_of(header, "run");
  int run_api = index_of(header, "run_api");
  g_assert_cmpint(run_api, >=, 0);
  g_assert_cmpint(ratio, >=, 0);
  g_assert_cmpint(run, >=, 0);
  guint seen = 0;
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++) {
    g_autoptr(GPtrArray) fields = split_record(g_strchomp(lines[i]));
    if (strcmp(fields->pdata[algorithm], "rsa2048") != 0 ||
        strcmp(fields->pdata[operation], "sign") != 0)
      continue;
    double printed = g_ascii_strtod(fields->pdata[ratio], NULL);
    const char *label = fields->pdata[run];
    /* The old box's 1.0.1e table is `low`, like the baseline's; the 3.x machine measured `evp`
     * only, and its figure stands in, named by run_api. */
    const char *level = fields->pdata[run_api];
    if (strstr(label, "CentOS 6") != NULL) {
      g_assert_cmpstr(level, ==, "low");
      g_assert_cmpfloat_with_epsilon(printed, 226.7 / 1802.3, 1e-4);
    } else {
      g_assert_cmpstr(level, ==, "evp");
      g_assert_cmpfloat_with_epsilon(printed, 4026.0 / 1802.3, 1e-4);
    }
    seen++;
  }
  g_assert_cmpuint(seen, ==, 2);
  outcome_clear(&outcome);

  const char *unknown[] = {"compare", "--baseline-host", "vax", csv, NULL};
  outcome = run_speedmatrix(NULL, unknown);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_true(g_str_has_prefix(outcome.err, "speedmatrix: --baseline-host: no run's machine is "
                                              "\"vax\" (the runs: \"CentOS 6, Intel Xeon"));
  outcome_clear(&outcome);

  const char *report_args[] = {"report", "--format", "markdown", "-o", "-", csv, NULL};
  outcome = run_speedmatrix(NULL, report_args);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_nonnull(strstr(outcome.out, "## By machine"));
  /* rsa2048 sign on the three machines, each a ratio to the first (the old box). */
  /* The 1.x machines measured rsa with direct calls (low), the 3.x one through EVP: each
   * machine's only level stands for it, and each figure names its level. */
  g_assert_nonnull(strstr(outcome.out, "| rsa2048 | sign |  | each machine's own | 226.7 ops/s "
                                       "(low) | 1802.3 ops/s x7.95 (low) | 4026.0 ops/s x17.76 "
                                       "(evp) |"));
  g_assert_nonnull(strstr(outcome.out, "openssl@CentOS 6, Intel Xeon E5-2620 @ 2.00GHz, "
                                       "1.0.1e-fips"));
  outcome_clear(&outcome);
  g_unlink(csv);
  g_rmdir(tmp);
}

/* The figure of `machine` for a cell at `api` among an import's rows (0: none). */
static double imported_figure(const SmImport *import, const char *machine, const char *algorithm,
                              const char *operation, guint size, const char *api)
{
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    for (guint i = 0; i < run->rows->len; i++) {
      const SmRow *row = run->rows->pdata[i];
      g_autofree char *at = sm_row_machine(row);
      if (strcmp(at, machine) == 0 && strcmp(row->algorithm, algorithm) == 0 &&
          strcmp(sm_op_name(row->operation), operation) == 0 && row->block_size == size &&
          strcmp(sm_api_name(row->api), api) == 0 && row->status == SM_STATUS_OK)
        return row->block_size ? row->bytes_per_sec : row->ops_per_sec;
    }
  }
  return 0;
}

static char *attribute(const char *tag, const char *name)
{
  g_autofree char *pattern = g_strdup_printf(" %s=\"([^\"]*)\"", name);
  g_autoptr(GRegex) regex = g_regex_new(pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(regex, tag, 0, &match))
    return NULL;
  return g_match_info_fetch(match, 1); /* the names here hold nothing HTML escapes */
}

/* The report's heatmap across machines, cell by cell: each cell's number is the machine's figure
 * over the baseline machine's (chosen with --baseline-host), at the levels the cells name,
 * worked out here from the imported rows; every line has a cell per machine. */
static void test_machines_heatmap(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-import-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(tmp, "wiki.csv", NULL);
  g_autofree char *html = g_build_filename(tmp, "wiki.html", NULL);
  g_autofree char *wiki = data_path("data/import-tables", "html-pivot.txt");
  const char *import_args[] = {"import", wiki, "-o", csv, NULL};
  Outcome outcome = run_speedmatrix(NULL, import_args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);
  const char *report_args[] = {"report", "--baseline-host", "rocky", "-o", html, csv, NULL};
  outcome = run_speedmatrix(NULL, report_args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);
  g_autoptr(SmImport) import = import_table_file("html-pivot.txt");
  g_autofree char *page = NULL;
  g_assert_true(g_file_get_contents(html, &page, NULL, NULL));
  const char *table = strstr(page, "id=\"machines-heatmap\"");
  g_assert_nonnull(table);
  g_autofree char *heatmap = g_strndup(table, (gsize)(strstr(table, "</table>") - table));
  g_auto(GStrv) lines = g_strsplit(heatmap, "<tr>", -1);
  g_autoptr(GRegex) cell = g_regex_new("<td class=\"heat[^>]*>[^<]*", 0, 0, NULL);
  guint checked = 0, rows = 0;
  for (guint l = 2; lines[l] != NULL; l++, rows++) {
    g_autoptr(GMatchInfo) match = NULL;
    g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func(g_free);
    for (g_regex_match(cell, lines[l], 0, &match); g_match_info_matches(match);
         g_match_info_next(match, NULL))
      g_ptr_array_add(cells, g_match_info_fetch(match, 0));
    g_assert_cmpuint(cells->len, ==, 3);
    g_autofree char *base_machine = attribute(cells->pdata[0], "data-machine");
    g_assert_true(g_str_has_prefix(base_machine, "Rocky 8"));
    g_autofree char *base_api = attribute(cells->pdata[0], "data-api");
    for (guint c = 0; c < cells->len; c++) {
      const char *td = cells->pdata[c];
      g_autofree char *machine = attribute(td, "data-machine");
      g_autofree char *algorithm = attribute(td, "data-algorithm");
      g_autofree char *operation = attribute(td, "data-operation");
      g_autofree char *size = attribute(td, "data-size");
      g_autofree char *api = attribute(td, "data-api");
      const char *text = strchr(td, '>') + 1;
      if (api == NULL || base_api == NULL) {
        g_assert_true(text[0] == '-' || text[0] == '?');
        continue;
      }
      guint block = (guint)atoi(size);
      double figure = imported_figure(import, machine, algorithm, operation, block, api);
      double base = imported_figure(import, base_machine, algorithm, operation, block, base_api);
      g_assert_cmpfloat(base, >, 0);
      g_autofree char *expected = g_strdup_printf("%.2f", figure / base);
      g_test_message("%s %s %s %s: %s, expected %s", machine, algorithm, operation, api, text,
                     expected);
      g_assert_true(g_str_has_prefix(text, expected));
      checked++;
    }
  }
  g_assert_cmpuint(rows, >, 0);
  g_assert_cmpuint(checked, >=, 12);
  /* A chart per algorithm across machines, after the report's own charts. */
  g_assert_nonnull(strstr(page, "id=\"machines-charts\""));
  g_assert_nonnull(strstr(page, "Rocky 8, AMD EPYC 7313P, 1.1.1k (baseline)"));

  const char *unknown[] = {"report", "--baseline-host", "vax", "-o", "-", csv, NULL};
  outcome = run_speedmatrix(NULL, unknown);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_true(g_str_has_prefix(outcome.err, "speedmatrix: --baseline-host: no machine is "
                                              "\"vax\" (the machines: \"CentOS 6"));
  outcome_clear(&outcome);
  g_unlink(html);
  g_unlink(csv);
  g_rmdir(tmp);
}

/* A machine that measured a cell at both api levels gives the cell a line per level; the other
 * machine's only level stands in each, and says so. */
static void test_machines_levels(void)
{
  static const char table[] =
      "| Machine | EVP | Algorithm | 16 bytes | 1024 bytes |\n"
      "|---|---|---|---:|---:|\n"
      "| Xeon E5-2620, CentOS 7, OpenSSL 1.1.1k | yes | aes-128-cbc | 200000.00k | 400000.00k |\n"
      "| | no | aes-128-cbc | 100000.00k | 300000.00k |\n"
      "| AMD EPYC, Debian GNU/Linux 12, OpenSSL 3.0.19 | yes | aes-128-cbc | 800000.00k | "
      "1200000.00k |\n";
  g_autofree char *tmp = g_dir_make_tmp("sm-import-XXXXXX", NULL);
  g_autofree char *text = g_build_filename(tmp, "levels.txt", NULL);
  g_autofree char *csv = g_build_filename(tmp, "levels.csv", NULL);
  g_assert_true(g_file_set_contents(text, table, -1, NULL));
  const char *import_args[] = {"import", text, "-o", csv, NULL};
  Outcome outcome = run_speedmatrix(NULL, import_args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);
  const char *report_args[] = {"report", "--format", "markdown", "-o", "-", csv, NULL};
  outcome = run_speedmatrix(NULL, report_args);
  g_assert_cmpint(outcome.status, ==, 0);
  g_test_message("%s", outcome.out);
  g_assert_nonnull(strstr(outcome.out, "| aes-128-cbc | encrypt | 16 | evp | 200.00 MB/s | "
                                       "800.00 MB/s x4.00 |"));
  g_assert_nonnull(strstr(outcome.out, "| aes-128-cbc | encrypt | 16 | low | 100.00 MB/s | "
                                       "800.00 MB/s x8.00 (evp) |"));
  g_assert_nonnull(strstr(outcome.out, "| aes-128-cbc | encrypt | 1024 | low | 300.00 MB/s | "
                                       "1200.00 MB/s x4.00 (evp) |"));
  outcome_clear(&outcome);
  g_unlink(csv);
  g_unlink(text);
  g_rmdir(tmp);
}

/* A key size read as figures (a wrong guess: the table is refused) is fixed by --map. */
static void test_table_map(void)
{
  g_autofree char *dir = data_path("data", "import-map");
  const char *guessed[] = {"import", "key-bits.txt", NULL};
  Outcome outcome = run_speedmatrix(dir, guessed);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_cmpstr(outcome.err, ==,
                  "speedmatrix: key-bits.txt:5: table 1 not imported: row 2, column 2: no "
                  "algorithm for \"2048\" (neither its row's labels nor the header "
                  "\"Schl\u00fcssell\u00e4nge\" name one; say it with --map)\n");
  outcome_clear(&outcome);

  const char *mapped[] = {"import", "--map", "key-bits.map", "key-bits.txt", NULL};
  outcome = run_speedmatrix(dir, mapped);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_cmpstr(outcome.err, ==, "");
  static const char *const expected[] = {
      ",rsa2048,signature,sign,evp,,4026.0", ",rsa2048,signature,verify,evp,,54931.6",
      ",dsa1024,signature,sign,evp,,11286.8", ",dsa2048,signature,verify,evp,,4566.7"};
  for (size_t i = 0; i < G_N_ELEMENTS(expected); i++)
    g_assert_nonnull(strstr(outcome.out, expected[i]));
  outcome_clear(&outcome);

  const char *explained[] = {"import", "--map", "key-bits.map", "--explain", "key-bits.txt", NULL};
  outcome = run_speedmatrix(dir, explained);
  g_assert_nonnull(
      strstr(outcome.out, "  column 2 \"Schl\u00fcssell\u00e4nge\": label (from the map)\n"));
  outcome_clear(&outcome);

  const char *bad_map[] = {"import", "--map", "key-bits.txt", "key-bits.txt", NULL};
  outcome = run_speedmatrix(dir, bad_map);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_true(g_str_has_prefix(outcome.err, "speedmatrix: key-bits.txt: "));
  outcome_clear(&outcome);
}

/* The map's own checks: sections, keys and values it cannot use are refused by name. */
static void test_map_errors(void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
      {"[tabel 1]\ncolumn 2 = label\n",
       "m.ini: unknown section [tabel 1] (valid: [table N], [all], [labels])"},
      {"[table 1]\ncolum 2 = label\n",
       "m.ini: [table 1]: unknown key \"colum 2\" (valid: column N, unit)"},
      {"[all]\nunit = kB\n", "m.ini: [all] unit = \"kB\": not understood (valid: k, bytes, MB)"},
      {"[table 1]\ncolumn 02 = label\n",
       "m.ini: [table 1]: unknown key \"column 02\" (valid: column N, unit)"},
      {"[table 02]\ncolumn 2 = label\n",
       "m.ini: unknown section [table 02] (valid: [table N], [all], [labels])"},
      {"[table 1]\ncolumn 2 = label\ncolumn 2 = machine\n",
       "m.ini:3: [table 1] column 2 again (first on line 2): give it once"},
      {"[table 1]\ncolumn 2 = label\n\n[table 1]\ncolumn 3 = machine\n",
       "m.ini:4: [table 1] again (first on line 1): give it once"},
      {"[labels]\nPi 3 = computer\n", "m.ini: [labels] Pi 3 = \"computer\": not understood (valid: "
                                      "machine, evp, low, ignore, or an "
                                      "algorithm such as aes-128-cbc or rsa 2048)"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autoptr(GError) error = NULL;
    g_autoptr(SmImportMap) map =
        sm_import_map_parse(cases[i].text, strlen(cases[i].text), "m.ini", &error);
    g_assert_null(map);
    g_assert_cmpstr(error->message, ==, cases[i].message);
  }
  const char *good = "[table 2]\ncolumn 3 = rsa2048 sign/s\nunit = k\n[labels]\nPi 3 = machine\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmImportMap) map = sm_import_map_parse(good, strlen(good), "m.ini", &error);
  g_assert_no_error(error);
  g_autofree char *column = sm_import_map_column(map, 2, 3);
  g_assert_cmpstr(column, ==, "rsa2048 sign/s");
  g_autofree char *label = sm_import_map_label(map, "pi 3");
  g_assert_cmpstr(label, ==, "machine");
  g_assert_null(sm_import_map_column(map, 1, 3));
}

/* A map that says what the text does not have stops the import: exit 2, one line naming the
 * map, the line and the valid choices (a table that exists, a column it has, a cell's text). */
static void test_map_against_text(void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
      {"# tables\n[table 9]\ncolumn 2 = label\n",
       "speedmatrix: m.ini:2: [table 9]: no such table (valid: [table 1], [all])\n"},
      {"[table 1]\ncolumn 2 = label\ncolumn 99 = label\n",
       "speedmatrix: m.ini:3: [table 1] column 99: no such column (valid: column 1 to column 4)\n"},
      {"[all]\ncolumn 0 = label\n",
       "speedmatrix: m.ini:2: [all] column 0: no such column (valid: column 1 to column 4)\n"},
      {"[table 1]\ncolumn 2 = label\n[labels]\nNo Such Box = machine\n",
       "speedmatrix: m.ini:4: [labels] No Such Box: no table has a cell that says so (valid: a "
       "cell's whole text: "},
  };
  g_autofree char *dir = data_path("data", "import-map");
  g_autofree char *tmp = g_dir_make_tmp("sm-map-XXXXXX", NULL);
  g_autofree char *map = g_build_filename(tmp, "m.ini", NULL);
  g_autofree char *text = g_build_filename(dir, "key-bits.txt", NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_assert_true(g_file_set_contents(map, cases[i].text, -1, NULL));
    const char *args[] = {"import", "--map", "m.ini", text, NULL};
    Outcome outcome = run_speedmatrix(tmp, args);
    g_assert_cmpint(outcome.status, ==, 2);
    g_assert_cmpstr(outcome.out, ==, "");
    g_assert_true(g_str_has_prefix(outcome.err, cases[i].message));
    g_assert_cmpuint(strlen(strchr(outcome.err, '\n')), ==, 1); /* one line */
    outcome_clear(&outcome);
  }
  g_remove(map);
  g_rmdir(tmp);
}

/* openssl's spellings of one algorithm, as tables write them. */
static void test_table_names(void)
{
  static const char *const cases[][2] = {
      {"aes-128", "aes-128-cbc"},     {"aes-128 cbc", "aes-128-cbc"},
      {"AES-128-CBC", "aes-128-cbc"}, {"blowfish", "bf-cbc"},
      {"bf-cbc", "bf-cbc"},           {"des ede3", "des-ede3-cbc"},
      {"rsa 2048", "rsa2048"},        {"RSA-2048 bits", "rsa2048"},
      {"dsa1024", "dsa1024"},         {"ecdsa (nistp256)", "ecdsa-p256"},
      {"ecdh p-384", "ecdh-p384"},    {"hmac(md5)", "hmac-md5"},
      {"sha256", "sha256"},           {"Ed25519", "ed25519"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *name = sm_ossl_table_name(cases[i][0]);
    g_assert_cmpstr(name, ==, cases[i][1]);
  }
  static const char *const none[] = {"Xeon E5-2620", "build VM", "2048", "sign/s", "rsa", ""};
  for (size_t i = 0; i < G_N_ELEMENTS(none); i++) {
    g_autofree char *name = sm_ossl_table_name(none[i]);
    g_assert_null(name);
  }
}

/* g_ptr_array_sort passes pointers to the elements. */
static int compare_names(gconstpointer a, gconstpointer b)
{
  return g_strcmp0(*(const char *const *)a, *(const char *const *)b);
}

/* One test per NAME.txt of a directory; `names` keeps the names alive while the tests run. */
/* The name table: printed names unique, canonical kinds those of the catalogue. */
static void test_name_table(void)
{
  for (size_t i = 0; i < sm_ossl_classic_count; i++) {
    const SmOsslClassicName *name = &sm_ossl_classic_names[i];
    g_assert_true(sm_ossl_classic_name(name->printed) == name);
    const SmAlgInfo *info = sm_catalog_find(name->canonical);
    if (info != NULL)
      g_assert_cmpint(info->kind, ==, name->kind);
    g_autofree char *canonical = sm_ossl_bulk_name(name->printed);
    g_assert_cmpstr(canonical, ==, name->canonical);
  }
  g_autofree char *hmac = sm_ossl_bulk_name("hmac(sha256)");
  g_assert_cmpstr(hmac, ==, "hmac-sha256");
  g_autofree char *cmac = sm_ossl_bulk_name("cmac(aes-128-cbc)");
  g_assert_cmpstr(cmac, ==, "cmac-aes128");
  g_autofree char *evp = sm_ossl_bulk_name("id-aes256-gcm");
  g_assert_cmpstr(evp, ==, "aes-256-gcm");
  g_assert_cmpint(sm_ossl_guess_kind("aria-128-ctr"), ==, SM_KIND_CIPHER);
  g_assert_cmpint(sm_ossl_guess_kind("aes-128-ocb"), ==, SM_KIND_AEAD);
  g_assert_cmpint(sm_ossl_guess_kind("kmac128"), ==, SM_KIND_MAC);
  g_assert_cmpint(sm_ossl_guess_kind("whirlpool"), ==, SM_KIND_DIGEST);
  g_assert_cmpstr(sm_ossl_curve_by_bits(256, 1), ==, "brainpoolP256r1");
  g_assert_cmpstr(sm_ossl_unique_curve(253), ==, "X25519");
  g_assert_null(sm_ossl_unique_curve(256));
  g_assert_cmpstr(sm_ossl_curve_by_index(6, 256), ==, "brainpoolP256r1"); /* 3.x, no K/B curves */
  g_assert_cmpstr(sm_ossl_curve_by_index(6, 163), ==, "nistk163");
}

/* "inf" where openssl's clock saw no time (1.1.0's X25519 row): error rows, the table goes on
 * past the "..." a post elides with. */
static void test_inf_rates(void)
{
  g_autoptr(SmImport) import =
      parse("OpenSSL 1.1.0f  25 May 2017\n"
            "                              sign    verify    sign/s verify/s\n"
            " 160 bit ecdsa (secp160r1)   0.0008s   0.0020s   1111.1    555.5\n"
            "...\n"
            " 253 bit ecdsa (X25519)   0.0000s   0.0000s      inf      inf\n");
  g_assert_cmpuint(import->runs->len, ==, 1);
  g_assert_cmpuint(rows_of(import, 0), ==, 4);
  g_assert_cmpfloat(row_at(import, 0, 0)->ops_per_sec, ==, 1111.1);
  const SmRow *inf = row_at(import, 0, 2);
  g_assert_cmpint(inf->status, ==, SM_STATUS_ERROR);
  g_assert_nonnull(strstr(inf->detail, "inf (nothing measured)"));
  g_assert_cmpint(row_at(import, 0, 3)->status, ==, SM_STATUS_ERROR);
}

/* openssl's "type ... bytes" header over rows with a run's name before the algorithm: a table a
 * person made, read with the name as the machine; LibreSSL's "aes-256 gcm" row cut short. */
static void test_labelled_rows(void)
{
  gsize length = 0;
  g_autofree char *text = read_data("data/import-tables", "labelled-type-rows.txt", &length);
  g_autoptr(SmImport) import = sm_import_parse(text, length, "t.txt");
  g_assert_cmpuint(import->runs->len, ==, 1);
  const SmImportRun *table = import->runs->pdata[0];
  g_assert_null(table->error);
  g_assert_cmpuint(table->table, ==, 1);
  g_assert_cmpuint(table->rows->len, ==, 24);
  const SmRow *kernel = table->rows->pdata[6];
  g_assert_cmpstr(kernel->host, ==, "kernel");
  g_assert_cmpstr(kernel->algorithm, ==, "aes-128-ctr");
  g_assert_cmpuint(kernel->block_size, ==, 16);
  g_assert_cmpfloat(kernel->bytes_per_sec, ==, 4321090.0);

  g_autoptr(SmImport) libre = import_file("libressl-cut.txt");
  g_assert_cmpuint(libre->runs->len, ==, 1);
  const SmRow *printed = row_at(libre, 0, 1); /* the table's 85333.33k, not the progress lines' */
  g_assert_cmpstr(printed->algorithm, ==, "aes-256-gcm");
  g_assert_cmpfloat(printed->bytes_per_sec, ==, 85333330.0);
  g_assert_nonnull(strstr(row_at(libre, 0, 2)->detail, "from progress lines"));
}

/* A signature-table row the text ends inside (an excerpt) is named in a note, not dropped. */
static void test_cut_signature_row(void)
{
  g_autoptr(SmImport) import = parse(
      "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
      "                     rsa512 0.002000s 0.000040s 0.000003s     500.0   25000.0  333333.3\n"
      "                    rsa1024 0.008000s\n");
  g_assert_cmpuint(rows_of(import, 0), ==, 2);
  const SmImportRun *run = import->runs->pdata[0];
  g_assert_cmpuint(run->notes->len, ==, 2);
  g_assert_cmpstr(((const SmImportNote *)run->notes->pdata[1])->message, ==,
                  "rsa1024: the row is cut short after 1 of 6 figures: not imported");
}

/* A development build prints a placeholder for its date: still the version line. */
static void test_dev_version(void)
{
  g_autoptr(SmImport) import = parse("OpenSSL 1.1.1d-dev  xx XXX xxxx\n"
                                     "The 'numbers' are in 1000s of bytes per second processed.\n"
                                     "type             16 bytes     64 bytes\n"
                                     "aes-128-ctr      12345.67k    23456.78k\n");
  g_assert_cmpuint(rows_of(import, 0), ==, 2);
  g_assert_cmpstr(row_at(import, 0, 0)->engine_version, ==, "1.1.1d-dev");
  g_assert_null(row_at(import, 0, 0)->detail); /* no "no version line" guess */
}

static void add_directory_tests(GPtrArray *names, const char *dir, const char *prefix,
                                GTestDataFunc func)
{
  g_autofree char *path = data_path(dir, "");
  g_autoptr(GDir) handle = g_dir_open(path, 0, NULL);
  g_assert_nonnull(handle);
  guint first = names->len;
  const char *name;
  while ((name = g_dir_read_name(handle)) != NULL)
    if (g_str_has_suffix(name, ".txt"))
      g_ptr_array_add(names, g_strdup(name));
  g_ptr_array_sort(names, compare_names);
  for (guint i = first; i < names->len; i++) {
    g_autofree char *test = g_strdup_printf("%s/%s", prefix, (char *)names->pdata[i]);
    g_test_add_data_func(test, names->pdata[i], func);
  }
}

/* UTF-16 input (a PowerShell redirect: little-endian with its mark, CRLF; or big-endian with
 * none) imports as the same text in UTF-8 does: the same rows, exit 0. */
static void test_utf16_input(void)
{
  g_autofree char *fixture = data_path("data", "import/openssl30-plain.txt");
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(fixture, &text, NULL, NULL));
  g_autofree char *tmp = g_dir_make_tmp("sm-utf16-XXXXXX", NULL);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_autofree char *crlf = g_strjoinv("\r\n", lines);
  gsize le_length = 0, be_length = 0;
  g_autofree char *le = g_convert(crlf, -1, "UTF-16LE", "UTF-8", NULL, &le_length, NULL);
  g_autofree char *be = g_convert(text, -1, "UTF-16BE", "UTF-8", NULL, &be_length, NULL);
  g_autofree char *le_marked = g_malloc(le_length + 2);
  memcpy(le_marked, "\xff\xfe", 2);
  memcpy(le_marked + 2, le, le_length);
  const struct {
    const char *name, *bytes;
    gsize length;
  } files[] = {{"utf8.txt", text, strlen(text)},
               {"le.txt", le_marked, le_length + 2},
               {"be.txt", be, be_length}};
  g_autofree char *expected = NULL;
  for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
    g_autofree char *path = g_build_filename(tmp, files[i].name, NULL);
    g_assert_true(g_file_set_contents(path, files[i].bytes, (gssize)files[i].length, NULL));
    const char *args[] = {"import", files[i].name, NULL};
    Outcome o = run_speedmatrix(tmp, args);
    g_assert_cmpint(o.status, ==, 0);
    g_autofree char *source = g_strdup_printf("%s#", files[i].name);
    g_auto(GStrv) parts = g_strsplit(o.out, source, -1);
    g_autofree char *rows = g_strjoinv("FILE#", parts); /* the source column names the file */
    if (expected == NULL)
      expected = g_strdup(rows);
    g_assert_cmpstr(rows, ==, expected);
    g_assert_cmpuint(strlen(rows), >, 1000);
    outcome_clear(&o);
    g_unlink(path);
  }
  g_rmdir(tmp);
}

/* Tables typed inside prose (tests/data/import-prose/): a mail with a single-spaced table under
 * its paragraph (a two-line header whose upper line spans groups, a rule, a caption over a row of
 * ratios), a pipe table under a sentence that names openssl speed, and openssl speed's own
 * output after both. No map, exit 0, every figure exact, the ratios said to be skipped. */
static void test_prose_tables(void)
{
  g_autofree char *dir = data_path("data", "import-prose");
  const char *args[] = {"import", "--explain", "mail-both-layouts.txt", NULL};
  Outcome outcome = run_speedmatrix(dir, args);
  g_assert_cmpint(outcome.status, ==, 0);
  g_assert_nonnull(strstr(outcome.out, "line 16: row 6 skipped: figures computed from the rows "
                                       "above, not measured\n"));
  g_assert_nonnull(strstr(outcome.out, "line 15: \"Orion X faster than Vesta\": the caption"));
  g_assert_nonnull(strstr(outcome.err, "row 6: 6 figures under no machine or algorithm"));
  outcome_clear(&outcome);
  gsize length = 0;
  g_autofree char *text = read_data("data/import-prose", "mail-both-layouts.txt", &length);
  g_autoptr(SmImport) import = sm_import_parse(text, length, "mail-both-layouts.txt");
  guint runs = 0, tables = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    g_assert_null(run->error);
    runs += run->table == 0;
    tables += run->table != 0;
  }
  g_assert_cmpuint(runs, ==, 1);
  g_assert_cmpuint(tables, ==, 2);
  const SmRow *row = issue_row(import, "orion", "ecdsa-p384", SM_OP_VERIFY, SM_API_EVP, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 2301.7);
  row = issue_row(import, "vesta", "ed448", SM_OP_VERIFY, SM_API_EVP, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 1700.1);
  row = issue_row(import, "vesta", "aes-128-gcm", SM_OP_ENCRYPT, SM_API_EVP, 1024);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 480020);
  row = issue_row(import, "Orion", "aes-128-gcm", SM_OP_ENCRYPT, SM_API_EVP, 8192);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 3901234560);
  row = issue_row(import, "", "rsa2048", SM_OP_VERIFY, SM_API_EVP, 0);
  g_assert_cmpfloat(row->ops_per_sec, ==, 54931.6);
  /* A machine's line ending in ":" under the header is no paragraph above the table. */
  static const char machine_colon[] = "algorithm 16 bytes 64 bytes\n"
                                      "Orion (Celeron, FreeBSD 5.4):\n"
                                      "aes-128-cbc 123456.78k 234567.89k\n"
                                      "sha256 23456.78k 34567.89k\n";
  g_autoptr(SmImport) colon = sm_import_parse(machine_colon, strlen(machine_colon), "colon");
  g_assert_cmpuint(colon->runs->len, ==, 1);
  g_assert_cmpuint(((SmImportRun *)colon->runs->pdata[0])->rows->len, ==, 4);
  /* "aes" over "ctr-1KB" names no key size: those columns are a note, never a guess. */
  g_autoptr(SmImport) keyless = import_table_file("mail-prose-aes-no-key.txt");
  const SmImportRun *table = keyless->runs->pdata[0];
  g_assert_null(table->error);
  g_assert_cmpuint(table->rows->len, ==, 8);
  bool noted = false;
  for (guint i = 0; i < table->notes->len; i++) {
    const SmImportNote *note = table->notes->pdata[i];
    noted |= strstr(note->message, "column 6 \"aes ctr-1KB\": aes without a key size") != NULL &&
             note->figures == 2;
  }
  g_assert_true(noted);
  g_autofree char *rendered = render_golden(import);
  g_autofree char *golden = data_path("golden/import-prose", "mail-both-layouts.csv");
  if (g_getenv("SM_UPDATE_GOLDEN") != NULL) {
    g_assert_true(g_file_set_contents(golden, rendered, -1, NULL));
    return;
  }
  g_autofree char *expected = NULL;
  g_assert_true(g_file_get_contents(golden, &expected, NULL, NULL));
  g_assert_cmpstr(rendered, ==, expected);
}

/* Every hand-made layout reads the same with a sentence typed directly above each of its tables
 * (no blank line), whether the sentence names openssl speed, has commas or wraps. */
static void test_sentence_above(gconstpointer data)
{
  const char *name = data;
  static const char *const sentences[] = {
      "Here are the figures from openssl speed on my boxes:",
      "Results below, as measured yesterday.",
      "The openssl speed -evp numbers,\nin 1000s of bytes per second:",
  };
  gsize length = 0;
  g_autofree char *text = read_data("data/import-tables", name, &length);
  g_autoptr(SmImport) plain = sm_import_parse(text, length, name);
  g_autofree char *expected = render_golden(plain);
  for (size_t s = 0; s < G_N_ELEMENTS(sentences); s++) {
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) split = g_strsplit(text, "\n", -1);
    for (guint i = 0; split[i] != NULL; i++)
      g_ptr_array_add(lines, g_strdup(split[i]));
    for (guint r = plain->runs->len; r-- > 0;) {
      const SmImportRun *run = plain->runs->pdata[r];
      if (run->table == 0)
        continue;
      guint above = run->first_line - 1; /* 0-based index of the table's first line */
      const char *previous = above > 0 ? lines->pdata[above - 1] : "x";
      if (previous[strspn(previous, " \t")] == '\0') {
        g_free(lines->pdata[above - 1]);
        lines->pdata[above - 1] = g_strdup(sentences[s]);
      } else {
        g_ptr_array_insert(lines, (gint)above, g_strdup(sentences[s]));
      }
    }
    g_ptr_array_add(lines, NULL);
    g_autofree char *changed = g_strjoinv("\n", (char **)lines->pdata);
    g_autoptr(SmImport) import = sm_import_parse(changed, strlen(changed), name);
    g_autofree char *rendered = render_golden(import);
    g_assert_cmpstr(rendered, ==, expected);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) bad_inputs = g_ptr_array_new_with_free_func(g_free);
  add_directory_tests(inputs, "data/import", "/import/golden", test_golden);
  add_directory_tests(bad_inputs, "bad/import", "/import/bad", test_bad_input);
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func(g_free);
  add_directory_tests(tables, "data/import-tables", "/import/tables/golden", test_table_golden);
  for (guint i = 0; i < tables->len; i++) {
    g_autofree char *explain =
        g_strdup_printf("/import/tables/explain/%s", (char *)tables->pdata[i]);
    g_autofree char *figures =
        g_strdup_printf("/import/tables/figures/%s", (char *)tables->pdata[i]);
    g_test_add_data_func(explain, tables->pdata[i], test_table_explain);
    g_autofree char *sentence =
        g_strdup_printf("/import/tables/sentence-above/%s", (char *)tables->pdata[i]);
    g_test_add_data_func(sentence, tables->pdata[i], test_sentence_above);
    g_test_add_data_func(figures, tables->pdata[i], test_table_figures);
  }
  g_test_add_func("/import/tables/map", test_table_map);
  g_test_add_func("/import/tables/whole-numbers", test_table_whole_numbers);
  g_test_add_func("/import/tables/figure-forms", test_figure_forms);
  g_test_add_func("/import/tables/compare-report", test_table_compare);
  g_test_add_func("/import/tables/machines-heatmap", test_machines_heatmap);
  g_test_add_func("/import/tables/machines-levels", test_machines_levels);
  g_test_add_func("/import/tables/map-errors", test_map_errors);
  g_test_add_func("/import/tables/map-against-text", test_map_against_text);
  g_test_add_func("/import/tables/names", test_table_names);
  g_test_add_func("/import/name-table", test_name_table);
  g_test_add_func("/import/mail/printed-figures", test_mail_figures);
  g_test_add_func("/import/mail/compare", test_compare_reads_import);
  g_test_add_func("/import/usage", test_usage_errors);
  g_test_add_func("/import/stdin", test_stdin);
  g_test_add_func("/import/skipped-pastes", test_skipped_pastes);
  g_test_add_func("/import/turkish-locale", test_turkish_locale);
  g_test_add_func("/import/tables/wiki-spans", test_wiki_spans);
  g_test_add_func("/import/tables/blog-single-spaced", test_blog_single_spaced);
  g_test_add_func("/import/figures-without-k", test_figures_without_k);
  g_test_add_func("/import/wrapping", test_wrapping);
  g_test_add_func("/import/cut-summary", test_cut_summary);
  g_test_add_func("/import/cut-header-bold", test_cut_header_bold);
  g_test_add_func("/import/lost-k", test_lost_k);
  g_test_add_func("/import/header-cut-in-unit", test_header_cut_in_unit);
  g_test_add_func("/import/inf-rates", test_inf_rates);
  g_test_add_func("/import/labelled-rows", test_labelled_rows);
  g_test_add_func("/import/cut-signature-row", test_cut_signature_row);
  g_test_add_func("/import/dev-version", test_dev_version);
  g_test_add_func("/import/run-boundaries", test_run_boundaries);
  g_test_add_func("/import/wrapped-progress", test_wrapped_progress);
  g_test_add_func("/import/command-flags", test_command_flags);
  g_test_add_func("/import/newer-tables", test_newer_tables);
  g_test_add_func("/import/multi-progress", test_multi_progress);
  g_test_add_func("/import/mr-seconds-or-rates", test_mr_seconds_or_rates);
  g_test_add_func("/import/utf16-input", test_utf16_input);
  g_test_add_func("/import/prose-tables", test_prose_tables);
  return g_test_run();
}
