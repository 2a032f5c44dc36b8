/* report: the Markdown form against a golden file; the HTML form parsed (balanced elements,
 * tables with the same number of cells in every row, one SVG chart per algorithm, nothing
 * fetched from anywhere, every string escaped); the optional sections; the verb through the
 * binary. SM_UPDATE_GOLDEN=1 rewrites the golden file from the current output. */
#include "report/report.h"

#include "core/util.h"

#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

static char *data_path(const char *name)
{
  return g_build_filename(g_getenv("SM_TESTS_DIR"), "data", name, NULL);
}

/* Reads files named relative to tests/data, as a user would name them. */
static SmReport *report_files(const char *const *names)
{
  g_autofree char *cwd = g_get_current_dir();
  g_autofree char *data = data_path("");
  g_assert_cmpint(g_chdir(data), ==, 0);
  GPtrArray *sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_result_set_free);
  for (const char *const *name = names; *name != NULL; name++) {
    g_autoptr(GError) error = NULL;
    SmResultSet *set = sm_results_read(*name, &error);
    g_assert_no_error(error);
    g_ptr_array_add(sets, set);
  }
  g_assert_cmpint(g_chdir(cwd), ==, 0);
  return sm_report_build(sets);
}

static SmReport *report_text(const char *text)
{
  g_autoptr(GError) error = NULL;
  SmResultSet *set = sm_results_parse("made.csv", text, strlen(text), &error);
  g_assert_no_error(error);
  GPtrArray *sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_result_set_free);
  g_ptr_array_add(sets, set);
  return sm_report_build(sets);
}

static const SmReportSection *find_section(const SmReport *report, const char *id)
{
  for (guint i = 0; i < report->sections->len; i++) {
    const SmReportSection *section = report->sections->pdata[i];
    if (strcmp(section->id, id) == 0)
      return section;
  }
  return NULL;
}

/* The first row of a section's table whose first cells are `prefix`. */
static char **find_row(const SmReportSection *section, const char *const *prefix)
{
  for (guint r = 0; r < section->grid->rows->len; r++) {
    char **row = section->grid->rows->pdata[r];
    bool match = true;
    for (guint c = 0; prefix[c] != NULL && match; c++)
      match = strcmp(row[c], prefix[c]) == 0;
    if (match)
      return row;
  }
  return NULL;
}

static guint count(const char *haystack, const char *needle)
{
  guint n = 0;
  for (const char *at = strstr(haystack, needle); at != NULL; at = strstr(at + 1, needle))
    n++;
  return n;
}

/* A small HTML checker: every element closed in order (void elements and "/>" aside), and
 * every row of a table with as many cells as its first row (a colspan counting its columns). */
static void assert_well_formed(const char *html)
{
  static const char *const void_elements[] = {"meta", "link", "br",   "hr",  "img",   "input",
                                              "col",  "area", "base", "wbr", "source"};
  g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func(g_free);
  int table_columns = -1, row_cells = 0;
  guint tables = 0;
  for (const char *p = strchr(html, '<'); p != NULL; p = strchr(p, '<')) {
    if (g_str_has_prefix(p, "<!--")) {
      p = strstr(p, "-->");
      g_assert_nonnull(p);
      continue;
    }
    if (g_str_has_prefix(p, "<!")) {
      p = strchr(p, '>');
      continue;
    }
    const char *end = strchr(p, '>');
    g_assert_nonnull(end);
    /* A cell spanning columns counts as that many (the heatmap's group rows). */
    g_autofree char *tag = g_strndup(p, (gsize)(end - p));
    const char *span = strstr(tag, " colspan=\"");
    int columns = span ? atoi(span + strlen(" colspan=\"")) : 1;
    bool closing = p[1] == '/';
    const char *name_start = p + (closing ? 2 : 1);
    size_t name_len = strcspn(name_start, " \t\n/>");
    g_autofree char *name = g_ascii_strdown(name_start, (gssize)name_len);
    bool self_closing = end[-1] == '/';
    p = end + 1;
    bool is_void = false;
    for (size_t v = 0; v < G_N_ELEMENTS(void_elements); v++)
      is_void |= strcmp(name, void_elements[v]) == 0;
    if (is_void || self_closing)
      continue;
    if (!closing) {
      if (strcmp(name, "table") == 0) {
        tables++;
        table_columns = -1;
      } else if (strcmp(name, "tr") == 0) {
        row_cells = 0;
      } else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0) {
        row_cells += columns;
      }
      /* Script and style bodies are not markup. */
      if (strcmp(name, "script") == 0 || strcmp(name, "style") == 0) {
        g_autofree char *close = g_strdup_printf("</%s>", name);
        p = strstr(p, close);
        g_assert_nonnull(p);
        p += strlen(close);
        continue;
      }
      g_ptr_array_add(stack, g_steal_pointer(&name));
      continue;
    }
    g_assert_cmpuint(stack->len, >, 0);
    g_assert_cmpstr(stack->pdata[stack->len - 1], ==, name);
    g_ptr_array_remove_index(stack, stack->len - 1);
    if (strcmp(name, "tr") == 0) {
      if (table_columns < 0)
        table_columns = row_cells;
      g_assert_cmpint(row_cells, ==, table_columns);
    }
  }
  g_assert_cmpuint(stack->len, ==, 0);
  g_assert_cmpuint(tables, >, 0);
}

static void assert_self_contained(const char *html)
{
  g_assert_null(strstr(html, "http://"));
  g_assert_null(strstr(html, "https://"));
  g_assert_null(strstr(html, "//cdn"));
  g_assert_null(strstr(html, " src="));
  g_assert_null(strstr(html, "@import"));
  g_assert_null(strstr(html, "url("));
  g_assert_cmpuint(count(html, "<script"), ==, 1);
  g_assert_nonnull(
      strstr(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"));
}

static const char *const five[] = {"five-engines.csv", NULL};

static void test_markdown_golden(void)
{
  g_autoptr(SmReport) report = report_files(five);
  g_autofree char *markdown = sm_report_render_markdown(report);
  check_golden("report-five-engines.md", markdown);
}

static void test_html_structure(void)
{
  g_autoptr(SmReport) report = report_files(five);
  g_autofree char *html = sm_report_render_html(report);
  g_assert_true(g_str_has_prefix(html, "<!DOCTYPE html>\n"));
  assert_well_formed(html);
  assert_self_contained(html);
  /* One chart per algorithm with ok rows: aes-256-gcm, chacha20-poly1305, sha256, hmac-sha256,
   * ed25519, ml-dsa-65, ml-kem-768. */
  g_assert_cmpuint(count(html, "<svg "), ==, 7);
  g_assert_cmpuint(count(html, "</svg>"), ==, 7);
  g_assert_cmpuint(report->charts->len, ==, 7);
  g_assert_cmpuint(count(html, "<polyline "), ==, 14 + 6 + 10 + 10);
  g_assert_nonnull(strstr(html, ">throughput (MB/s)</text>"));
  g_assert_nonnull(strstr(html, ">block size (bytes, log2 scale)</text>"));
  g_assert_nonnull(strstr(html, "<table class=\"sortable\" id=\"winners-table\">"));
  g_assert_nonnull(strstr(html, "<table class=\"sortable\" id=\"gap-table\">"));
  g_assert_nonnull(strstr(html, "<table class=\"sortable\" id=\"runs-table\">"));
  g_assert_nonnull(strstr(html, "<table class=\"sortable\" id=\"sizes-table\">"));
  /* No accel or parallel rows in this run: no such sections. */
  g_assert_null(strstr(html, "id=\"accel\""));
  g_assert_null(strstr(html, "id=\"parallel\""));
}

static void test_winners(void)
{
  g_autoptr(SmReport) report = report_files(five);
  const SmReportSection *winners = find_section(report, "winners");
  g_assert_nonnull(winners);
  /* One row per algorithm, operation and size: 6 + 3 + 3 + 3 bulk, 2 + 2 + 2 public key. */
  g_assert_cmpuint(winners->grid->rows->len, ==, 21);
  const char *sha[] = {"sha256", "hash", "8192", NULL};
  char **row = find_row(winners, sha);
  g_assert_nonnull(row);
  g_assert_cmpstr(row[3], ==, "openssl (low)");
  g_assert_cmpstr(row[4], ==, "1556.77 MB/s");
  g_assert_cmpstr(row[5], ==, "nettle (low)");
  g_assert_cmpstr(row[7], ==, "+2.3%");
  const char *sign[] = {"ed25519", "sign", "", NULL};
  row = find_row(winners, sign);
  g_assert_nonnull(row);
  g_assert_cmpstr(row[3], ==, "sodium (low)");
  g_assert_cmpstr(row[5], ==, "openssl (evp)");
}

/* The public-key rows carry their sizes: a row per operation, the sizes beside the fastest. */
static void test_sizes(void)
{
  g_autoptr(SmReport) report = report_files(five);
  const SmReportSection *sizes = find_section(report, "sizes");
  g_assert_nonnull(sizes);
  g_assert_cmpuint(sizes->grid->rows->len, ==, 6);
  const struct {
    const char *algorithm, *operation, *public_key, *secret_key, *signature, *ciphertext, *fastest;
  } cases[] = {
      {"ed25519", "sign", "32", "32", "64", "", "sodium (low)"},
      {"ed25519", "verify", "32", "32", "64", "", "sodium (low)"},
      {"ml-dsa-65", "sign", "1952", "4032", "3309", "", "openssl (evp)"},
      {"ml-dsa-65", "verify", "1952", "4032", "3309", "", "openssl (evp)"},
      {"ml-kem-768", "encaps", "1184", "2400", "", "1088", "openssl (evp)"},
      {"ml-kem-768", "decaps", "1184", "2400", "", "1088", "openssl (evp)"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    const char *prefix[] = {cases[i].algorithm, cases[i].operation, "", NULL};
    char **row = find_row(sizes, prefix);
    g_assert_nonnull(row);
    g_assert_cmpstr(row[3], ==, cases[i].public_key);
    g_assert_cmpstr(row[4], ==, cases[i].secret_key);
    g_assert_cmpstr(row[5], ==, cases[i].signature);
    g_assert_cmpstr(row[6], ==, cases[i].ciphertext);
    g_assert_cmpstr(row[7], ==, cases[i].fastest);
  }
  const char *sign[] = {"ml-dsa-65", "sign", NULL};
  g_assert_cmpstr(find_row(sizes, sign)[8], ==, "2890.4 ops/s");
  /* Bulk algorithms have no sizes: not in the table. */
  const char *sha[] = {"sha256", NULL};
  g_assert_null(find_row(sizes, sha));
}

/* A file without the size columns (an older speedmatrix): no sizes section, no error. */
static void test_sizes_absent(void)
{
  g_autoptr(SmReport) report = report_files((const char *const[]){"compare-base.csv", NULL});
  g_assert_null(find_section(report, "sizes"));
}

static void test_gap(void)
{
  g_autoptr(SmReport) report = report_files(five);
  const SmReportSection *gap = find_section(report, "gap");
  g_assert_nonnull(gap);
  g_assert_cmpstr(gap->grid->headers[3], ==, "low/evp 16 B");
  /* openssl's rows carry slope and intercept columns: shown as they are. */
  const char *openssl[] = {"openssl", "sha256", "hash", NULL};
  char **row = find_row(gap, openssl);
  g_assert_nonnull(row);
  g_assert_cmpstr(row[6], ==, "210.0");
  g_assert_cmpstr(row[7], ==, "120.0");
  g_assert_cmpstr(row[8], ==, "90.0");
  g_assert_cmpstr(row[9], ==, "0.620");
  /* The others' are fitted over the sizes, and marked. */
  const char *nettle[] = {"nettle", "sha256", "hash", NULL};
  row = find_row(gap, nettle);
  g_assert_nonnull(row);
  g_assert_true(g_str_has_suffix(row[6], "*"));
  /* Engines without both levels are not in the gap table. */
  const char *gcrypt_aead[] = {"gcrypt", "aes-256-gcm", NULL};
  g_assert_null(find_row(gap, gcrypt_aead));
  const SmReportSection *public_key = find_section(report, "gap-public-key");
  g_assert_nonnull(public_key);
  g_assert_cmpuint(public_key->grid->rows->len, ==, 2);
}

#define HEADER                                                                                     \
  "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,block_size,"        \
  "ops_per_sec,bytes_per_sec,samples,spread,status,detail,accel,parallel\n"

static void test_accel_and_parallel(void)
{
  g_autoptr(SmReport) report = report_text(
      HEADER
      "t,h,c,openssl,3,aes-128-ctr,cipher,encrypt,evp,1024,1000000,1024000000,10,0.01,ok,,on,1\n"
      "t,h,c,openssl,3,aes-128-ctr,cipher,encrypt,evp,1024,250000,256000000,10,0.01,ok,,off,1\n"
      "t,h,c,openssl,3,aes-128-ctr,cipher,encrypt,evp,1024,1900000,1945600000,10,0.01,ok,,on,2\n");
  const SmReportSection *accel = find_section(report, "accel");
  g_assert_nonnull(accel);
  g_assert_cmpuint(accel->grid->rows->len, ==, 1);
  char **row = accel->grid->rows->pdata[0];
  g_assert_cmpstr(row[6], ==, "1024.00 MB/s");
  g_assert_cmpstr(row[7], ==, "256.00 MB/s");
  g_assert_cmpstr(row[8], ==, "4.00");
  const SmReportSection *parallel = find_section(report, "parallel");
  g_assert_nonnull(parallel);
  g_assert_cmpuint(parallel->grid->rows->len, ==, 2);
  row = parallel->grid->rows->pdata[1];
  g_assert_cmpstr(row[6], ==, "2");
  g_assert_cmpstr(row[8], ==, "1.90");
  /* Only the plain row (accel on, one worker) is charted. */
  g_assert_cmpuint(report->charts->len, ==, 1);
  const SmChart *chart = report->charts->pdata[0];
  g_assert_cmpuint(chart->series->len, ==, 1);
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  g_assert_nonnull(strstr(html, "id=\"accel\""));
  g_assert_nonnull(strstr(html, "id=\"parallel\""));
}

/* Parallel rows without a one-worker row: scaling from the single_worker_ops_per_sec column. */
static void test_parallel_from_column(void)
{
  g_autoptr(SmReport) report = report_text(
      "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,block_size,"
      "ops_per_sec,bytes_per_sec,samples,spread,status,detail,parallel,single_worker_ops_per_sec\n"
      "t,h,c,sodium,1,x25519,kex,derive,evp,,30000,,10,0.01,ok,,4,8000\n");
  const SmReportSection *parallel = find_section(report, "parallel");
  g_assert_nonnull(parallel);
  char **row = parallel->grid->rows->pdata[0];
  g_assert_cmpstr(row[7], ==, "30000.0 ops/s");
  g_assert_cmpstr(row[8], ==, "3.75");
  /* Nothing at one worker: no chart, and the winners table says so. */
  g_assert_cmpuint(report->charts->len, ==, 0);
  g_assert_cmpstr(find_section(report, "winners")->empty, ==, "No ok rows to rank.");
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
}

#define THREADS_HEADER                                                                             \
  "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,block_size,"        \
  "ops_per_sec,bytes_per_sec,samples,spread,status,detail,threads,context,ops_per_sec_low,"        \
  "ops_per_sec_high\n"

/* A chart by threads per algorithm, operation and size with a threaded row; a line per engine,
 * level and context, its points the total rate at each thread count in order. */
static void test_thread_charts(void)
{
  g_autoptr(SmReport) report = report_text(
      THREADS_HEADER "t,h,c,openssl,3,sha256,digest,hash,implicit,16,1000,16000,10,0.01,ok,,2,"
                     "per-message,,\n"
                     "t,h,c,openssl,3,sha256,digest,hash,implicit,16,800,12800,10,0.01,ok,,1,"
                     "per-message,790,810\n"
                     "t,h,c,sodium,1,sha256,digest,hash,low,16,3000,48000,10,0.01,ok,,1,reused,,\n"
                     "t,h,c,sodium,1,sha256,digest,hash,low,16,5700,91200,10,0.01,ok,,2,reused,,\n"
                     "t,h,c,sodium,1,ed25519,signature,sign,low,,100,,10,0.01,ok,,1,reused,,\n");
  /* ed25519 has no threaded row: no chart by threads of it. */
  g_assert_cmpuint(report->thread_charts->len, ==, 1);
  const SmChart *chart = report->thread_charts->pdata[0];
  g_assert_cmpstr(chart->algorithm, ==, "sha256 hash 16 B");
  g_assert_cmpint(chart->axis, ==, SM_CHART_BY_THREADS);
  g_assert_cmpuint(chart->series->len, ==, 2);
  const struct {
    const char *name;
    bool low, hollow, dashed;
    double figures[2], low_end;
  } expected[] = {
      {"openssl implicit per-message", false, true, true, {0.0128, 0.016}, 790 * 16 / 1e6},
      {"sodium low", true, false, false, {0.048, 0.0912}, 0},
  };
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    g_assert_cmpstr(series->name, ==, expected[s].name);
    g_assert_cmpint(series->low, ==, expected[s].low);
    g_assert_cmpint(series->hollow, ==, expected[s].hollow);
    g_assert_cmpint(series->dashed, ==, expected[s].dashed);
    g_assert_cmpuint(series->sizes->len, ==, 2);
    for (guint i = 0; i < 2; i++) {
      g_assert_cmpuint(g_array_index(series->sizes, guint, i), ==, i + 1);
      g_assert_cmpfloat_with_epsilon(g_array_index(series->figures, double, i),
                                     expected[s].figures[i], 1e-12);
    }
    g_assert_cmpfloat_with_epsilon(g_array_index(series->lows, double, 0), expected[s].low_end,
                                   1e-12);
  }
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  const char *charts = strstr(html, "<div class=\"charts\" id=\"threads-charts\">");
  g_assert_nonnull(charts);
  g_assert_true(charts > strstr(html, "<section id=\"threads\">"));
  g_assert_true(charts < strstr(html, "id=\"threads-table\""));
  g_assert_nonnull(strstr(html, ">threads (log2 scale)</text>"));
  g_assert_nonnull(strstr(html, ">total throughput (MB/s)</text>"));
  g_assert_nonnull(strstr(html, "openssl implicit per-message, 2 threads: 0.02 MB/s</title>"));
  /* The ed25519 throughput chart (one thread) and the chart by threads. */
  g_assert_cmpuint(count(html, "<svg "), ==, 3);
  /* No threaded row: no chart by threads. */
  g_autoptr(SmReport) plain = report_files(five);
  g_assert_cmpuint(plain->thread_charts->len, ==, 0);
}

/* A real run (tests/data/threads-run.csv: `speedmatrix run --engines openssl,sodium,gcrypt
 * --algorithms sha256,ed25519 --sizes 16,8192 --threads 1,2 --context reused,per-message --time
 * 0.1` on a 2-vCPU VM shared with other jobs, so its curves say nothing of the libraries): the
 * Thread scaling section, charts and table, against a golden file. */
static void test_thread_charts_golden(void)
{
  const char *const names[] = {"threads-run.csv", NULL};
  g_autoptr(SmReport) report = report_files(names);
  /* ed25519 sign, verify, keygen, setup; sha256 hash at 16 and 8192 bytes. */
  g_assert_cmpuint(report->thread_charts->len, ==, 6);
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  const char *start = strstr(html, "<section id=\"threads\">");
  g_assert_nonnull(start);
  const char *end = strstr(start, "</section>\n");
  g_assert_nonnull(end);
  g_autofree char *section = g_strndup(start, (gsize)(end - start) + strlen("</section>\n"));
  g_assert_cmpuint(count(section, "<svg "), ==, 6);
  g_assert_nonnull(strstr(section, ">total rate (ops/s)</text>"));
  check_golden("report-threads-section.html", section);
}

static void test_escaping(void)
{
  g_autoptr(SmReport) report = report_text(
      HEADER
      "t,<b>host</b>,\"AMD \"\"EPYC\"\" & co\",openssl,3,sha256,digest,hash,evp,64,1000,64000,"
      "10,0.01,ok,,on,1\n"
      "t,<b>host</b>,c,nettle,3,sha256,digest,hash,evp,64,,,,,error,"
      "<script>alert('x')</script> a|b,on,1\n");
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  assert_self_contained(html);
  g_assert_null(strstr(html, "<b>"));
  g_assert_null(strstr(html, "alert('x')"));
  g_assert_nonnull(strstr(html, "&lt;b&gt;host&lt;/b&gt;"));
  g_assert_nonnull(strstr(html, "AMD &quot;EPYC&quot; &amp; co"));
  g_assert_nonnull(strstr(html, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; a|b"));
  g_autofree char *markdown = sm_report_render_markdown(report);
  g_assert_nonnull(strstr(markdown, "| &lt;script&gt;alert('x')&lt;/script&gt; a\\|b |"));
}

/* Several hosts: engines are told apart by host. */
static void test_hosts(void)
{
  const char *files[] = {"compare-base.csv", "compare-other.csv", NULL};
  g_autoptr(SmReport) report = report_files(files);
  const SmReportSection *winners = find_section(report, "winners");
  const char *sign[] = {"ed25519", "sign", "", NULL};
  char **row = find_row(winners, sign);
  g_assert_nonnull(row);
  g_assert_cmpstr(row[3], ==, "openssl@beta (evp)");
  const SmReportSection *runs = find_section(report, "runs");
  g_assert_cmpuint(runs->grid->rows->len, ==, 2);
  g_assert_cmpuint(report->warnings->len, ==, 0);
}

/* The same cell on the same host in two files: the later file's row, with a warning. */
static void test_repeated_cell(void)
{
  const char *files[] = {"compare-base.csv", "compare-base.csv", NULL};
  g_autoptr(SmReport) report = report_files(files);
  g_assert_cmpuint(report->results->len, ==, 9);
  g_assert_cmpuint(report->warnings->len, ==, 1); /* one for the file, with the count */
  g_assert_cmpstr(report->warnings->pdata[0], ==,
                  "compare-base.csv: 9 rows have the same cell and host as rows of "
                  "compare-base.csv (the first compare-base.csv:2, as compare-base.csv:2); the "
                  "later rows are reported");
}

/* ---- through the binary ---- */

static void test_binary(void)
{
  g_autofree char *data = data_path("");
  g_autofree char *dir = g_dir_make_tmp("sm-report-XXXXXX", NULL);
  g_autofree char *html_path = g_build_filename(dir, "report.html", NULL);
  const char *html_args[] = {"report", "five-engines.csv", "-o", html_path, NULL};
  Outcome o = run_speedmatrix(data, html_args);
  g_assert_cmpstr(o.err, ==, "");
  g_assert_cmpint(o.status, ==, 0);
  g_assert_cmpstr(o.out, ==, "");
  outcome_clear(&o);
  g_autofree char *html = NULL;
  g_assert_true(g_file_get_contents(html_path, &html, NULL, NULL));
  assert_well_formed(html);
  assert_self_contained(html);
  g_assert_cmpuint(count(html, "<svg "), ==, 7);
  g_assert_nonnull(strstr(html, "<td>ml-dsa-65</td>"));
  g_assert_nonnull(strstr(html, "3309"));

  const char *markdown_args[] = {"report", "--format",         "markdown", "-o",
                                 "-",      "five-engines.csv", NULL};
  o = run_speedmatrix(data, markdown_args);
  g_assert_cmpint(o.status, ==, 0);
  check_golden("report-five-engines.md", o.out);
  outcome_clear(&o);
  g_unlink(html_path);
  g_rmdir(dir);
}

/* report --profile on the five-engine run: the outliers, each with the profile's word on it
 * (its explanation, or why it has none), and where every profiled cell's instructions go; the
 * rest of the report unchanged. */
static void test_profile(void)
{
  static const char *const run[] = {"five-engines-run.csv", NULL};
  g_autoptr(SmReport) plain = report_files(run);
  g_assert_null(find_section(plain, "outliers"));
  g_autoptr(SmReport) report = report_files(run);
  g_autofree char *path = data_path("five-engines.profile.csv");
  g_autoptr(GError) error = NULL;
  SmProfileSet *profile = sm_profile_set_read(path, &error);
  g_assert_no_error(error);
  sm_report_add_profile(report, profile);

  const SmReportSection *outliers = find_section(report, "outliers");
  g_assert_nonnull(outliers);
  g_assert_nonnull(outliers->grid);
  g_assert_cmpuint(outliers->grid->rows->len, ==, 4);
  static const struct {
    const char *cell[6], *outlier, *why;
  } expected[] = {
      /* 0.05 of sodium's ops/s, and the profile says why. */
      {{"gcrypt", "ed25519", "sign", "evp", NULL},
       "0.05 of the row's fastest (sodium)",
       "93% in _gcry_mpi_ec_mul_point (libgcrypt.so.20): generic big-number arithmetic, 1 call "
       "per operation"},
      {{"gcrypt", "ed25519", "verify", "evp", NULL},
       "0.08 of the row's fastest (sodium)",
       "no profile of this cell"},
      {{"openssl", "sha256", "hash", "evp", "16"},
       "evp at 0.42 of its low",
       "52% in EVP_MD_fetch (libcrypto.so.3): the name lookup and provider dispatch, 1 call per "
       "operation"},
      {{"sodium", "hmac-sha256", "mac", "evp", "16"},
       "evp at 0.31 of its low",
       "not profiled: callgrind took longer than the 120 s timeout"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(expected); i++) {
    char **row = find_row(outliers, expected[i].cell);
    g_assert_nonnull(row);
    g_assert_cmpstr(row[5], ==, expected[i].outlier);
    g_assert_cmpstr(row[7], ==, expected[i].why);
  }
  /* The fastest is no outlier, whatever its profile says. */
  const char *sodium[] = {"sodium", "ed25519", "sign", NULL};
  g_assert_null(find_row(outliers, sodium));

  const SmReportSection *where = find_section(report, "profile");
  g_assert_nonnull(where);
  g_assert_cmpuint(where->grid->rows->len, ==, 6);
  const char *evp[] = {"openssl", "sha256", "hash", "evp", "16", NULL};
  char **row = find_row(where, evp);
  g_assert_nonnull(row);
  g_assert_cmpstr(row[5], ==, "2104.0");
  /* Largest own share first: the compression function, then the method store's lookup. */
  g_assert_true(g_str_has_prefix(row[9], "sha256_block_data_order_avx2 (libcrypto.so.3): 28.0% "
                                         "own, 28.0% with callees; ossl_method_store_fetch"));

  /* The two sections follow the winners; every other section is the plain report's. */
  g_assert_cmpuint(report->sections->len, ==, plain->sections->len + 2);
  for (guint i = 0, j = 0; i < report->sections->len; i++) {
    const SmReportSection *section = report->sections->pdata[i];
    if (section == outliers || section == where)
      continue;
    g_assert_cmpstr(section->id, ==, ((SmReportSection *)plain->sections->pdata[j++])->id);
  }
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  g_assert_nonnull(strstr(html, "id=\"outliers-table\""));
  /* The heatmap marks the two cells at a tenth or less of their row's fastest, with the word. */
  g_assert_cmpuint(count(html, " outlier\" style="), ==, 2);
  g_assert_nonnull(strstr(html, "; 0.05 of the fastest; outlier: 93% in _gcry_mpi_ec_mul_point "
                                "(libgcrypt.so.20): generic big-number arithmetic"));
  g_assert_nonnull(strstr(html, "; 0.08 of the fastest; outlier: no profile of this cell\""));
  g_autofree char *plain_html = sm_report_render_html(plain);
  g_assert_cmpuint(count(plain_html, " outlier\""), ==, 0);
  /* Through the binary, the files named as a user names them: the two sections' golden file. */
  g_autofree char *data = data_path("");
  const char *args[] = {"report",    "-f",
                        "markdown",  "-o",
                        "-",         "five-engines-run.csv",
                        "--profile", "five-engines.profile.csv",
                        NULL};
  Outcome o = run_speedmatrix(data, args);
  g_assert_cmpstr(o.err, ==, "");
  g_assert_cmpint(o.status, ==, 0);
  const char *from = strstr(o.out, "## Outliers and why");
  const char *to = strstr(o.out, "## evp vs low");
  g_assert_true(from != NULL && to != NULL && from < to);
  g_autofree char *sections = g_strndup(from, (gsize)(to - from));
  check_golden("report-five-engines-profile.md", sections);
  outcome_clear(&o);
}

typedef struct {
  const char *args[7];
  const char *expected;
} UsageCase;

static const UsageCase usage_cases[] = {
    {{"report", "five-engines.csv", NULL},
     "speedmatrix: report: -o FILE is required for HTML (-o - for standard output)\n"},
    {{"report", "--format", "pdf", "five-engines.csv", NULL},
     "speedmatrix: --format: unknown format \"pdf\" (valid: html, markdown)\n"},
    {{"report", "-o", "-", "--profile", "five-engines-run.csv", "five-engines-run.csv", NULL},
     "speedmatrix: five-engines-run.csv:1: missing column \"instructions_per_op\" (not a "
     "speedmatrix profile file)\n"},
    {{"report", "-o", "-", NULL},
     "speedmatrix: report: no result file (see speedmatrix report --help)\n"},
    {{"report", "-o", "-", "compare-base.csv", "nowhere.csv", NULL},
     "speedmatrix: nowhere.csv: cannot read: Failed to open file “nowhere.csv”: No such file or "
     "directory\n"},
};

static void test_binary_usage(gconstpointer data)
{
  const UsageCase *c = data;
  g_autofree char *dir = data_path("");
  Outcome o = run_speedmatrix(dir, c->args);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpstr(o.out, ==, "");
  g_assert_cmpstr(o.err, ==, c->expected);
  outcome_clear(&o);
}

/* Fourteen engines: the page opens with the heatmap; each chart colours its three leaders (the
 * fastest engines at the largest size) and greys the others; points carry their intervals. */
static void test_fourteen_engines(void)
{
  static const char *const fourteen[] = {"fourteen-engines-run.csv", NULL};
  g_autoptr(SmReport) report = report_files(fourteen);
  const SmReportSection *first = report->sections->pdata[0];
  g_assert_cmpstr(first->id, ==, "summary");
  g_assert_cmpuint(report->summary->columns->len, ==, 14);
  g_autofree char *html = sm_report_render_html(report);
  assert_well_formed(html);
  const char *heatmap = strstr(html, "id=\"heatmap\"");
  g_assert_nonnull(heatmap);
  g_assert_true(heatmap < strstr(html, "id=\"runs-table\""));
  g_assert_true(heatmap < strstr(html, "<svg "));
  for (guint c = 0; c < report->charts->len; c++) {
    const SmChart *chart = report->charts->pdata[c];
    g_assert_true(chart->leaders_only);
    g_autoptr(GHashTable) leaders = g_hash_table_new(g_str_hash, g_str_equal);
    bool intervals = false;
    for (guint s = 0; s < chart->series->len; s++) {
      const SmSeries *series = chart->series->pdata[s];
      if (!series->grey)
        g_hash_table_add(leaders, series->engine);
      for (guint i = 0; i < series->lows->len; i++)
        intervals |=
            g_array_index(series->lows, double, i) > 0 &&
            g_array_index(series->lows, double, i) <= g_array_index(series->figures, double, i) &&
            g_array_index(series->highs, double, i) >= g_array_index(series->figures, double, i);
    }
    g_assert_cmpuint(g_hash_table_size(leaders), ==, SM_REPORT_LEADERS);
    g_assert_cmpuint(chart->others->len + SM_REPORT_LEADERS, >, SM_REPORT_COLORED_ENGINES);
    g_assert_true(intervals);
  }
  g_assert_nonnull(strstr(html, "class=\"err\""));
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/report/markdown/golden", test_markdown_golden);
  g_test_add_func("/report/html/structure", test_html_structure);
  g_test_add_func("/report/html/escaping", test_escaping);
  g_test_add_func("/report/winners", test_winners);
  g_test_add_func("/report/profile", test_profile);
  g_test_add_func("/report/sizes", test_sizes);
  g_test_add_func("/report/sizes/absent", test_sizes_absent);
  g_test_add_func("/report/gap", test_gap);
  g_test_add_func("/report/accel-and-parallel", test_accel_and_parallel);
  g_test_add_func("/report/parallel-from-column", test_parallel_from_column);
  g_test_add_func("/report/hosts", test_hosts);
  g_test_add_func("/report/threads/charts", test_thread_charts);
  g_test_add_func("/report/threads/golden", test_thread_charts_golden);
  g_test_add_func("/report/repeated-cell", test_repeated_cell);
  g_test_add_func("/report/binary/html-and-markdown", test_binary);
  g_test_add_func("/report/fourteen-engines", test_fourteen_engines);
  for (size_t i = 0; i < G_N_ELEMENTS(usage_cases); i++) {
    g_autofree char *path = g_strdup_printf("/report/binary/usage/%zu", i);
    g_test_add_data_func(path, &usage_cases[i], test_binary_usage);
  }
  return g_test_run();
}
