/* summary: the grid model (best level per engine, the fastest from ratio_to_best where rows have
 * it, ties from the ranges), the text against golden files for a five-engine and a
 * fourteen-engine run, colour only when asked for (never under NO_COLOR or into a pipe), every
 * line within 100 columns, and the algorithms no engine has in one sentence instead of rows of
 * dashes. SM_UPDATE_GOLDEN=1 rewrites the golden files.
 *
 * data/fourteen-engines-run.csv is a real run with every engine of this build (on the
 * development VM, 2 vCPUs): `speedmatrix run --algorithms aes-128-gcm,sha256,hmac-sha256,
 * rsa2048,ed25519 --sizes 64,8192 --time 0.02`; five-engines-run.csv predates the ratio
 * columns (the ops_per_sec fallback); debian12-pq-run.csv is every engine on Debian 12 (OpenSSL
 * 3.0, libgcrypt 1.10, Botan 2: no ML-KEM, ML-DSA or SLH-DSA anywhere): `speedmatrix run
 * --algorithms ed25519,x25519,ml-kem-512,ml-kem-768,x25519-ml-kem-768,ml-dsa-44,ml-dsa-65,
 * slh-dsa-sha2-128f --sizes 32 --time 0.02`. */
#include "io/results.h"
#include "io/summary.h"
#include "testlib.h"

#include <glib/gstdio.h>
#include <string.h>

static char *data_path(const char *name)
{
  return g_build_filename(g_getenv("SM_TESTS_DIR"), "data", name, NULL);
}

static SmResultSet *read_fixture(const char *name)
{
  g_autofree char *path = data_path(name);
  g_autoptr(GError) error = NULL;
  SmResultSet *set = sm_results_read(path, &error);
  g_assert_no_error(error);
  return set;
}

static GPtrArray *rows_of(const SmResultSet *set)
{
  GPtrArray *rows = g_ptr_array_new();
  for (guint i = 0; i < set->results->len; i++)
    g_ptr_array_add(rows, ((SmResultRow *)set->results->pdata[i])->row);
  return rows;
}

static char *render_kind(const char *fixture, guint width, bool color, int kind)
{
  g_autoptr(SmResultSet) set = read_fixture(fixture);
  g_autoptr(GPtrArray) rows = rows_of(set);
  SmSummaryOptions options = {.kind = kind};
  g_autoptr(SmSummary) summary = sm_summary_build(rows, &options);
  GString *text = g_string_new(NULL);
  sm_summary_render_text(summary, text, width, color);
  return g_string_free(text, FALSE);
}

static char *render(const char *fixture, guint width, bool color)
{
  return render_kind(fixture, width, color, -1);
}

static const char *const fixtures[][2] = {
    {"five-engines-run.csv", "summary-five-engines.txt"},
    {"fourteen-engines-run.csv", "summary-fourteen-engines.txt"},
    {"debian12-pq-run.csv", "summary-debian12-pq.txt"},
};

/* The algorithms of `fixture` whose every row (acceleration on, one worker) is unsupported. */
static GPtrArray *unsupported_everywhere(const char *fixture)
{
  g_autoptr(SmResultSet) set = read_fixture(fixture);
  g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((SmResultRow *)set->results->pdata[i])->row;
    if (row->accel != SM_ACCEL_ON || row->parallel != 1)
      continue;
    bool somewhere = row->status != SM_STATUS_UNSUPPORTED ||
                     GPOINTER_TO_INT(g_hash_table_lookup(seen, row->algorithm));
    g_hash_table_insert(seen, g_strdup(row->algorithm), GINT_TO_POINTER(somewhere));
  }
  GPtrArray *nowhere = g_ptr_array_new_with_free_func(g_free);
  GHashTableIter iter;
  gpointer name, somewhere;
  g_hash_table_iter_init(&iter, seen);
  while (g_hash_table_iter_next(&iter, &name, &somewhere))
    if (!GPOINTER_TO_INT(somewhere))
      g_ptr_array_add(nowhere, g_strdup(name));
  return nowhere;
}

/* An algorithm no engine has is named once in the closing sentence, with the engines' own
 * reasons (not the planner's "does not offer"), and has no row; the others keep theirs. */
static void test_unsupported_folded(void)
{
  g_autofree char *text = render("debian12-pq-run.csv", 100, false);
  g_autoptr(GPtrArray) nowhere = unsupported_everywhere("debian12-pq-run.csv");
  g_assert_cmpuint(nowhere->len, ==, 6);
  const char *wrapped = strstr(text, "\nNot measured, as no engine here has them: ");
  g_assert_nonnull(wrapped);
  g_autofree char *sentence = g_strdelimit(g_strdup(wrapped + 1), "\n", ' ');
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (guint i = 0; i < nowhere->len; i++) {
    const char *name = nowhere->pdata[i];
    g_autofree char *listed = g_strdup_printf(" %s,", name);
    g_autofree char *last = g_strdup_printf(" %s.", name);
    g_assert_true(strstr(sentence, listed) != NULL || strstr(sentence, last) != NULL);
    g_autofree char *row = g_strdup_printf("%s ", name); /* a row's label, not a wrapped name */
    for (char **line = lines; *line != NULL; line++)
      g_assert_false(g_str_has_prefix(*line, row));
  }
  g_assert_nonnull(strstr(text, "\ned25519 "));
  g_assert_nonnull(strstr(text, "\nx25519 "));
  g_assert_nonnull(strstr(sentence, "OpenSSL 3.0.19 has no ML-KEM (3.5 or later)"));
  g_assert_null(strstr(text, "does not offer"));
  g_assert_null(strstr(text, "kem, encaps"));
  /* Only such algorithms (--kind kem): the sentence alone, no grid and no legend. */
  g_autofree char *kem = render_kind("debian12-pq-run.csv", 100, false, SM_KIND_KEM);
  g_assert_true(g_str_has_prefix(kem, "Not measured, as no engine here has them: ml-kem-512, "));
  g_assert_null(strstr(kem, "fastest"));
}

static void test_golden(gconstpointer data)
{
  const char *const *fixture = data;
  g_autofree char *text = render(fixture[0], 100, false);
  check_golden(fixture[1], text);
  g_assert_null(strchr(text, '\033'));
}

/* Every line within 100 columns: one grid per kind for five engines (full names), and short
 * names in split blocks for fourteen. */
static void test_fits_100(gconstpointer data)
{
  const char *const *fixture = data;
  g_autofree char *text = render(fixture[0], 100, false);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    g_assert_cmpint(g_utf8_strlen(*line, -1), <=, 100);
  if (strstr(fixture[0], "five") != NULL) {
    /* Five engines: full names, one block per kind. */
    g_assert_nonnull(strstr(text, "openssl"));
    g_assert_null(strstr(text, "engines: osl=openssl"));
    g_assert_nonnull(strstr(text, "\naead, 8192 B "));
    g_assert_null(strstr(strstr(text, "\naead, 8192 B ") + 1, "\naead, 8192 B "));
  } else {
    g_assert_nonnull(strstr(text, "engines: osl=openssl, gcr=gcrypt"));
  }
}

/* Colour codes, when wanted, wrap the cells and change nothing else. */
static void test_color_is_only_codes(void)
{
  g_autofree char *plain = render("fourteen-engines-run.csv", 100, false);
  g_autofree char *colored = render("fourteen-engines-run.csv", 100, true);
  g_assert_nonnull(strstr(colored, "\033[1;32m1.00*\033[0m"));
  g_assert_nonnull(strstr(colored, "\033[2m- \033[0m"));
  GString *stripped = g_string_new(NULL);
  for (const char *c = colored; *c != '\0'; c++) {
    if (*c == '\033') {
      c = strchr(c, 'm');
      continue;
    }
    g_string_append_c(stripped, *c);
  }
  g_assert_cmpstr(stripped->str, ==, plain);
  g_string_free(stripped, TRUE);
}

static Outcome summary_of(const char *fixture, const char *color, const char *no_color)
{
  g_autofree char *path = data_path(fixture);
  const char *args[] = {"summary", path, color, NULL};
  g_autofree char *old = g_strdup(g_getenv("NO_COLOR"));
  if (no_color != NULL)
    g_setenv("NO_COLOR", no_color, TRUE);
  else
    g_unsetenv("NO_COLOR");
  Outcome o = run_speedmatrix(NULL, args);
  if (old != NULL)
    g_setenv("NO_COLOR", old, TRUE);
  else
    g_unsetenv("NO_COLOR");
  return o;
}

/* Into a pipe (not a terminal), NO_COLOR or not, the text is plain and the library's at 100
 * columns (the golden one); with
 * --color always it is coloured even under NO_COLOR (a flag overrides the variable). */
static void test_binary_color_choice(void)
{
  g_autofree char *golden = render("five-engines-run.csv", 100, false);
  const char *no_colors[] = {NULL, "1"};
  for (size_t i = 0; i < G_N_ELEMENTS(no_colors); i++) {
    Outcome o = summary_of("five-engines-run.csv", NULL, no_colors[i]);
    g_assert_cmpint(o.status, ==, 0);
    g_assert_cmpstr(o.out, ==, golden);
    outcome_clear(&o);
    o = summary_of("five-engines-run.csv", "--color=never", no_colors[i]);
    g_assert_cmpstr(o.out, ==, golden);
    outcome_clear(&o);
    o = summary_of("five-engines-run.csv", "--color=always", no_colors[i]);
    g_assert_cmpint(o.status, ==, 0);
    g_assert_nonnull(strstr(o.out, "\033[1;32m"));
    outcome_clear(&o);
  }
}

static void test_bad_flags(void)
{
  g_autofree char *path = data_path("five-engines-run.csv");
  const char *cases[][4] = {
      {"--at", "100", "--at: \"100\" is not a block size in ", "(valid: 16, 1024, 8192)"},
      {"--kind", "hash", "--kind: unknown kind \"hash\"",
       "(valid: cipher, aead, digest, mac, signature, kex, kem)"},
      {"--color", "blue", "--color: unknown \"blue\"", "(valid: auto, always, never)"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    const char *args[] = {"summary", path, cases[i][0], cases[i][1], NULL};
    Outcome o = run_speedmatrix(NULL, args);
    g_assert_cmpint(o.status, ==, 2);
    g_assert_nonnull(strstr(o.err, cases[i][2]));
    g_assert_nonnull(strstr(o.err, cases[i][3]));
    g_assert_cmpstr(o.out, ==, "");
    outcome_clear(&o);
  }
}

/* run prints the grids at its end; --tables adds the openssl-speed style tables after them;
 * --no-table prints neither. */
static void test_run_prints_grids(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-summary-XXXXXX", NULL);
  g_assert_nonnull(dir);
  g_autofree char *matrix = data_path("tiny.ini");
  const char *flags[] = {NULL, "--tables", "--no-table"};
  for (size_t i = 0; i < G_N_ELEMENTS(flags); i++) {
    g_autofree char *name = g_strdup_printf("run%zu.csv", i);
    g_autofree char *csv = g_build_filename(dir, name, NULL);
    const char *args[] = {"run",    "--matrix", matrix,   "--engines", "openssl", "--algorithms",
                          "sha256", "--sizes",  "8192",   "--time",    "0.02",    "--quiet",
                          "-o",     csv,        flags[i], NULL};
    Outcome o = run_speedmatrix(NULL, args);
    g_test_message("run %s: %s", flags[i] ? flags[i] : "", o.err);
    g_assert_cmpint(o.status, ==, 0);
    const char *grid = strstr(o.out, "\ndigest, 8192 B ");
    const char *table = strstr(o.out, "api evp (figures in 1000s of bytes per second");
    if (i == 2) {
      g_assert_cmpstr(o.out, ==, "");
    } else {
      g_assert_nonnull(grid);
      g_assert_nonnull(strstr(grid, "\nsha256 "));
      g_assert_true(i == 1 ? table != NULL && table > grid : table == NULL);
    }
    outcome_clear(&o);
  }
  /* What the runs left (CSV, metadata, journal), then the directory. */
  g_autoptr(GDir) files = g_dir_open(dir, 0, NULL);
  for (const char *f = files ? g_dir_read_name(files) : NULL; f; f = g_dir_read_name(files)) {
    g_autofree char *path = g_build_filename(dir, f, NULL);
    g_unlink(path);
  }
  g_rmdir(dir);
}

/* ---- the model, on rows made here ---- */

static SmRow *ok_row(const char *engine, SmApi api, double ops, double best, double low,
                     double high)
{
  SmRow *row = sm_row_new(engine, "1", "sha256", SM_KIND_DIGEST, "h", "cpu", 1);
  row->operation = SM_OP_HASH;
  row->api = api;
  row->block_size = 8192;
  row->ops_per_sec = ops;
  row->bytes_per_sec = ops * 8192;
  row->status = SM_STATUS_OK;
  row->parallel = 1;
  row->ratio_to_best = (SmEstimate){best, low, high};
  row->ops_low = ops * 0.99;
  row->ops_high = ops * 1.01;
  return row;
}

static const SmSummaryCell *cell_of(const SmSummary *summary, const char *engine)
{
  const SmSummaryGrid *grid = summary->grids->pdata[0];
  const SmSummaryLine *line = grid->lines->pdata[0];
  for (guint c = 0; c < summary->columns->len; c++)
    if (strcmp(summary->columns->pdata[c], engine) == 0)
      return &line->cells[c];
  g_assert_not_reached();
}

/* The fastest comes from ratio_to_best, not from the headline ops/s; each engine shows its
 * better level; an engine whose best pass reaches the fastest's worst ties with it. */
static void test_model_ratio_to_best(void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  g_ptr_array_add(rows, ok_row("openssl", SM_API_EVP, 1000, 0.90, 0.85, 0.95));
  g_ptr_array_add(rows, ok_row("openssl", SM_API_LOW, 990, 1.00, 0.96, 1.00));
  g_ptr_array_add(rows, ok_row("gcrypt", SM_API_EVP, 1100, 0.97, 0.93, 0.97));
  g_ptr_array_add(rows, ok_row("nettle", SM_API_EVP, 500, 0.50, 0.48, 0.52));
  SmRow *glib = sm_row_new("glib", "1", "sha256", SM_KIND_DIGEST, "h", "cpu", 1);
  glib->operation = SM_OP_HASH;
  glib->block_size = 8192;
  glib->parallel = 1;
  glib->status = SM_STATUS_UNSUPPORTED;
  g_ptr_array_add(rows, glib);
  SmSummaryOptions options = {.kind = -1};
  g_autoptr(SmSummary) summary = sm_summary_build(rows, &options);
  g_assert_cmpuint(summary->size, ==, 8192);
  g_assert_cmpuint(summary->grids->len, ==, 1);
  const SmSummaryLine *line = ((SmSummaryGrid *)summary->grids->pdata[0])->lines->pdata[0];
  g_assert_true(line->by_passes);
  g_assert_true(line->fastest == rows->pdata[1]);
  g_assert_cmpfloat_with_epsilon(line->figure, 990 * 8192 / 1e6, 1e-9);
  const SmSummaryCell *openssl = cell_of(summary, "openssl");
  g_assert_true(openssl->fastest && openssl->tie && openssl->row->api == SM_API_LOW);
  const SmSummaryCell *gcrypt = cell_of(summary, "gcrypt");
  g_assert_true(!gcrypt->fastest && gcrypt->tie);
  g_assert_cmpfloat_with_epsilon(gcrypt->ratio, 0.97, 1e-9);
  const SmSummaryCell *nettle = cell_of(summary, "nettle");
  g_assert_false(nettle->tie);
  g_assert_cmpfloat_with_epsilon(nettle->ratio, 0.5, 1e-9);
  g_assert_null(cell_of(summary, "glib")->row);

  /* Without ratio_to_best (older files), ops/s decides, and the intervals the ties. */
  for (guint i = 0; i < 4; i++)
    ((SmRow *)rows->pdata[i])->ratio_to_best = (SmEstimate){0};
  g_autoptr(SmSummary) older = sm_summary_build(rows, &options);
  line = ((SmSummaryGrid *)older->grids->pdata[0])->lines->pdata[0];
  g_assert_false(line->by_passes);
  g_assert_true(cell_of(older, "gcrypt")->fastest);
  g_assert_false(cell_of(older, "gcrypt")->tie);
  g_assert_cmpfloat_with_epsilon(cell_of(older, "openssl")->ratio, 1000.0 / 1100, 1e-9);
}

/* On a terminal (script(1) gives the summary one), colour by default, and none when TERM is
 * dumb: such a terminal would show the codes as text. */
static void test_dumb_terminal_plain(void)
{
  g_autofree char *script = g_find_program_in_path("script");
  if (script == NULL) {
    g_test_skip("no script(1) to give the summary a terminal");
    return;
  }
  g_autofree char *path = data_path("five-engines-run.csv");
  const char *terms[] = {"xterm", "dumb"};
  for (size_t i = 0; i < G_N_ELEMENTS(terms); i++) {
    g_autofree char *command = g_strdup_printf("env TERM=%s NO_COLOR= %s summary %s", terms[i],
                                               g_getenv("SPEEDMATRIX"), path);
    const char *argv[] = {script, "-qec", command, "/dev/null", NULL};
    g_autofree char *out = NULL;
    int status = 0;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_assert_nonnull(strstr(out, "chacha20-poly1305"));
    if (i == 0)
      g_assert_nonnull(strstr(out, "\033["));
    else
      g_assert_null(strstr(out, "\033["));
  }
}

/* --profile: after the grids, each shown cell's instructions per operation, the profile's
 * explanation and its top functions by own instructions (golden); a cell the profile could not
 * run says why; a file that is not a profile is one line, exit 2. */
static void test_profile(void)
{
  g_autofree char *dir = data_path("");
  const char *args[] = {"summary",   "five-engines-run.csv",     "--color", "never",
                        "--profile", "five-engines.profile.csv", NULL};
  Outcome o = run_speedmatrix(dir, args);
  g_assert_cmpstr(o.err, ==, "");
  g_assert_cmpint(o.status, ==, 0);
  check_golden("summary-five-engines-profile.txt", o.out);
  g_autofree char *plain = render("five-engines-run.csv", 100, false);
  g_assert_true(g_str_has_prefix(o.out, plain)); /* the grids unchanged, the profile after */
  g_assert_nonnull(strstr(o.out, "ed25519    gcrypt evp  2412311.0  93% in "
                                 "_gcry_mpi_ec_mul_point (libgcrypt.so.20)"));
  /* Ordered by own share: the arithmetic, not the entry point with 99.8% of it. */
  const char *gcrypt = strstr(o.out, "gcrypt evp");
  g_assert_nonnull(gcrypt);
  g_assert_true(strstr(gcrypt, "_gcry_mpih_mul_karatsuba_case") <
                strstr(gcrypt, "_gcry_mpi_ec_mul_point (libgcrypt.so.20): 2.0% own"));
  outcome_clear(&o);

  /* At 16 B the shown cell's other level too: evp's lookup beside low's compression. */
  const char *small[] = {
      "summary",   "five-engines-run.csv",     "--color", "never", "--at", "16", "--kind", "digest",
      "--profile", "five-engines.profile.csv", NULL};
  o = run_speedmatrix(dir, small);
  g_assert_cmpint(o.status, ==, 0);
  const char *evp = strstr(o.out, "  sha256     openssl evp    2104.0  52% in EVP_MD_fetch");
  const char *low = strstr(o.out, "\n             openssl low     874.0  67% in "
                                  "sha256_block_data_order_avx2");
  g_assert_true(evp != NULL && low != NULL && evp < low);
  outcome_clear(&o);

  const char *wrong[] = {"summary", "five-engines-run.csv", "--profile", "five-engines-run.csv",
                         NULL};
  o = run_speedmatrix(dir, wrong);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpstr(o.out, ==, "");
  g_assert_true(g_str_has_prefix(o.err, "speedmatrix: five-engines-run.csv:"));
  g_assert_cmpint(strchr(o.err, '\n') - o.err, ==, (long)strlen(o.err) - 1);
  outcome_clear(&o);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(fixtures); i++) {
    g_autofree char *golden = g_strdup_printf("/summary/golden/%s", fixtures[i][1]);
    g_autofree char *fits = g_strdup_printf("/summary/fits-100/%s", fixtures[i][0]);
    g_test_add_data_func(golden, fixtures[i], test_golden);
    g_test_add_data_func(fits, fixtures[i], test_fits_100);
  }
  g_test_add_func("/summary/unsupported-folded", test_unsupported_folded);
  g_test_add_func("/summary/profile", test_profile);
  g_test_add_func("/summary/color-is-only-codes", test_color_is_only_codes);
  g_test_add_func("/summary/binary-color-choice", test_binary_color_choice);
  g_test_add_func("/summary/dumb-terminal-plain", test_dumb_terminal_plain);
  g_test_add_func("/summary/bad-flags", test_bad_flags);
  g_test_add_func("/summary/run-prints-grids", test_run_prints_grids);
  g_test_add_func("/summary/model/ratio-to-best", test_model_ratio_to_best);
  return g_test_run();
}
