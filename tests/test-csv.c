/* CSV writer: header, quoting, one row per call, figures only on ok rows. */
#include "io/csv.h"
#include "plan/plan.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

static const SmAlgInfo *info(const char *name) { return sm_catalog_find(name); }

static SmRow *make_row(SmStatus status, const char *detail)
{
  SmCell cell = {
      .engine_name = "openssl",
      .alg = info("aes-128-gcm"),
      .op = SM_OP_ENCRYPT,
      .api = SM_API_EVP,
      .block_size = 1024,
      .accel = SM_ACCEL_ON,
      .parallel = 1,
      .status = status,
      .reason = (char *)detail,
  };
  SmRow *row = sm_cell_row_new(&cell, "host,with\"comma", "AMD EPYC", 7);
  g_free(row->timestamp);
  row->timestamp = g_strdup("2026-01-01T00:00:00Z");
  if (status == SM_STATUS_OK) {
    row->ops_per_sec = 1000000.0;
    row->bytes_per_sec = 1024000000.0;
    double samples[] = {990000, 1000000, 1010000, 1000000, 1000000};
    row->stats = sm_stats_compute(samples, 5);
  }
  return row;
}

static void test_header(void)
{
  g_autofree char *header = sm_csv_header();
  g_assert_true(g_str_has_prefix(
      header, "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,"
              "block_size,ops_per_sec,bytes_per_sec,samples,spread,status,detail,"));
}

static void test_quoting(void)
{
  GString *out = g_string_new(NULL);
  sm_csv_append_field(out, "plain");
  g_string_append_c(out, '|');
  sm_csv_append_field(out, "a,b");
  g_string_append_c(out, '|');
  sm_csv_append_field(out, "say \"hi\"");
  g_string_append_c(out, '|');
  sm_csv_append_field(out, "two\nlines");
  g_assert_cmpstr(out->str, ==, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"");
  g_string_free(out, TRUE);
}

/* The last four columns: public key, secret key, signature, ciphertext bytes, from the
 * catalogue, on every row of a public-key algorithm (an unsupported one too), empty elsewhere. */
static void test_sizes(void)
{
  static const struct {
    const char *algorithm;
    SmKind kind;
    const char *tail;
  } cases[] = {
      {"ml-kem-768", SM_KIND_KEM, ",1184,2400,,1088,"},
      {"ml-dsa-65", SM_KIND_SIGNATURE, ",1952,4032,3309,,"},
      {"slh-dsa-sha2-128s", SM_KIND_SIGNATURE, ",32,64,7856,,"},
      {"ed25519", SM_KIND_SIGNATURE, ",32,32,64,,"},
      {"rsa2048", SM_KIND_SIGNATURE, ",256,256,256,,"},
      {"x25519", SM_KIND_KEX, ",32,32,,,"},
      {"sha256", SM_KIND_DIGEST, ",,,,,"},
  };
  g_autofree char *header = sm_csv_header();
  g_assert_true(g_str_has_suffix(
      header, ",public_key_bytes,secret_key_bytes,signature_bytes,ciphertext_bytes,threads,"
              "context,lock_waits,emulated,scaling_efficiency_low,scaling_efficiency_high"));
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autoptr(SmRow) row =
        sm_row_new("openssl", "3.5.9", cases[i].algorithm, cases[i].kind, "h", "c", 1);
    row->status = SM_STATUS_UNSUPPORTED;
    g_autofree char *line = sm_csv_format_row(row);
    g_autofree char *want = g_strdup_printf("%s1,reused,,,,", cases[i].tail);
    if (!g_str_has_suffix(line, want))
      g_test_message("%s: %s", cases[i].algorithm, line);
    g_assert_true(g_str_has_suffix(line, want));
  }
}

static void test_ok_row(void)
{
  g_autoptr(SmRow) row = make_row(SM_STATUS_OK, NULL);
  g_autofree char *line = sm_csv_format_row(row);
  g_assert_cmpstr(line, ==,
                  "2026-01-01T00:00:00Z,\"host,with\"\"comma\",AMD EPYC,openssl,,aes-128-gcm,aead,"
                  "encrypt,evp,1024,1000000.00,1024000000,5,0.0000,ok,,7,on,1,0.0071,990000.00,"
                  "1010000.00,1,,0.00,0,0,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,1,reused,,,,");
  /* The headline's estimator and interval, and the ratios to the cells of the same passes. */
  row->estimator = g_strdup(SM_ESTIMATOR);
  row->median_ops_per_sec = 995000;
  row->ops_low = 990000;
  row->ops_high = 1004000;
  row->ratio_to_best = (SmEstimate){0.5, 0.49, 0.51};
  row->ratio_to_slot = (SmEstimate){1.25, 1.2, 1.3};
  g_autofree char *full = sm_csv_format_row(row);
  g_assert_nonnull(strstr(full, ",fastest-sample,995000.00,990000.00,1004000.00,0.5000,0.4900,"
                                "0.5100,1.2500,1.2000,1.3000,"));
}

static void test_unsupported_row_has_no_figures(void)
{
  g_autoptr(SmRow) row = make_row(SM_STATUS_UNSUPPORTED, "no low level, says \"X\"");
  g_autofree char *line = sm_csv_format_row(row);
  g_assert_cmpstr(line, ==,
                  "2026-01-01T00:00:00Z,\"host,with\"\"comma\",AMD EPYC,openssl,,aes-128-gcm,aead,"
                  "encrypt,evp,1024,,,,,unsupported,\"no low level, says "
                  "\"\"X\"\"\",7,on,1,,,,1,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,1,reused,,,,");
}

static void test_file_one_row_per_cell(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "run.csv", NULL);
  g_autoptr(GError) error = NULL;
  SmCsvWriter *writer = sm_csv_open(path, &error);
  g_assert_no_error(error);
  g_autoptr(SmRow) a = make_row(SM_STATUS_OK, NULL);
  g_autoptr(SmRow) b = make_row(SM_STATUS_KAT_FAILED, "output differs");
  g_assert_true(sm_csv_write(writer, a, &error));
  /* Flushed as it goes: the row is on disk before the writer closes. */
  g_autofree char *partial = NULL;
  g_assert_true(g_file_get_contents(path, &partial, NULL, NULL));
  g_auto(GStrv) partial_lines = g_strsplit(partial, "\r\n", -1);
  g_assert_cmpuint(g_strv_length(partial_lines), ==, 3);
  g_assert_true(sm_csv_write(writer, b, &error));
  sm_csv_close(writer);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  g_assert_cmpuint(g_strv_length(lines), ==, 4); /* header, two rows, empty after last CRLF */
  g_assert_cmpstr(lines[3], ==, "");
  g_assert_true(g_str_has_suffix(
      lines[2], ",,,,kat-failed,output differs,7,on,1,,,,1,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
                "1,reused,,,,"));
  /* Never overwrites an earlier run. */
  g_assert_null(sm_csv_open(path, &error));
  g_assert_nonnull(error);
  g_unlink(path);
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/csv/header", test_header);
  g_test_add_func("/csv/quoting", test_quoting);
  g_test_add_func("/csv/ok-row", test_ok_row);
  g_test_add_func("/csv/unsupported-row", test_unsupported_row_has_no_figures);
  g_test_add_func("/csv/file", test_file_one_row_per_cell);
  g_test_add_func("/csv/sizes", test_sizes);
  return g_test_run();
}
