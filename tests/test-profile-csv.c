/* The profile CSV: a record written and read back is the same record (names with the field's
 * separators in them included), a profile header is told apart from a run's, and a bad file is
 * one "FILE:LINE: ..." error. */
#include "core/util.h"
#include "io/csv.h"
#include "io/profile_csv.h"

#include <string.h>

static char *replace_all(const char *text, const char *from, const char *to)
{
  g_auto(GStrv) parts = g_strsplit(text, from, -1);
  return g_strjoinv(to, parts);
}

static SmProfileRecord *sample_record(void)
{
  SmRow *row = sm_row_new("nettle", "3.10", "aes-128-gcm", SM_KIND_AEAD, "h", "cpu, model", 7);
  row->operation = SM_OP_ENCRYPT;
  row->api = SM_API_LOW;
  row->block_size = 16;
  row->threads = 1;
  row->parallel = 1;
  row->per_message = true;
  row->library_path = g_strdup("/usr/lib/libnettle.so.8");
  SmProfileRecord *r = sm_profile_record_new(row);
  r->status = SM_PROFILE_PROFILED;
  r->tool = g_strdup("callgrind 3.19.0");
  r->ops = 200;
  r->instructions_per_op = 1234.5;
  r->setup_instructions = 98765;
  r->syscalls_per_op = 0.005;
  r->impl = g_strdup("aesni");
  r->impl_matches_run = g_strdup("yes");
  r->explanation = g_strdup("62% in libnettle.so.8's gcm_hash, \"quoted\"");
  /* C++ names carry spaces, '@' and ';' in places; '%' must survive its own escape. */
  const char *const names[][2] = {{"_nettle_gcm_hash", "libnettle.so.8"},
                                  {"std::vector<int>::at(unsigned long) const", "libx.so"},
                                  {"a;b@c%41 d", ""},
                                  {"operator@@GLIBC_2.2.5", "libc.so.6"}};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
    SmProfileFunction *f = sm_profile_function_new(names[i][0], names[i][1]);
    f->self_share = 0.5 / (double)(i + 1);
    f->inclusive_share = 0.9 / (double)(i + 1);
    f->self_per_op = 100.0 * (double)(i + 1);
    g_ptr_array_add(r->top, f);
  }
  return r;
}

static char *file_of(const SmProfileRecord *const *records, size_t n)
{
  GString *text = g_string_new(NULL);
  g_autofree char *header = sm_profile_csv_header();
  g_string_append_printf(text, "%s\r\n", header);
  for (size_t i = 0; i < n; i++) {
    g_autofree char *line = sm_profile_csv_format(records[i]);
    g_string_append_printf(text, "%s\r\n", line);
  }
  return g_string_free(text, FALSE);
}

static void test_round_trip(void)
{
  g_autoptr(SmProfileRecord) r = sample_record();
  SmRow *other = sm_row_new("gcrypt", "1.10", "ml-kem-768", SM_KIND_KEM, "h", "cpu", 7);
  other->operation = SM_OP_ENCAPS;
  other->api = SM_API_EVP;
  g_autoptr(SmProfileRecord) skipped = sm_profile_record_new(other);
  skipped->status = SM_PROFILE_NOT_PROFILED;
  skipped->detail = g_strdup("valgrind cannot run AF_ALG, here");
  const SmProfileRecord *records[] = {r, skipped};
  g_autofree char *text = file_of(records, G_N_ELEMENTS(records));
  g_autoptr(GError) error = NULL;
  g_autoptr(SmProfileSet) set = sm_profile_set_parse("p.csv", text, strlen(text), &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->records->len, ==, 2);
  const SmProfileRecord *back = set->records->pdata[0];
  g_assert_cmpint(back->status, ==, SM_PROFILE_PROFILED);
  g_assert_cmpstr(back->tool, ==, "callgrind 3.19.0");
  g_assert_cmpuint(back->ops, ==, 200);
  g_assert_cmpfloat_with_epsilon(back->instructions_per_op, 1234.5, 1e-9);
  g_assert_cmpuint(back->setup_instructions, ==, 98765);
  g_assert_cmpfloat_with_epsilon(back->syscalls_per_op, 0.005, 1e-9);
  g_assert_cmpstr(back->impl_matches_run, ==, "yes");
  g_assert_cmpstr(back->explanation, ==, r->explanation);
  g_assert_true(back->row->per_message);
  g_assert_cmpuint(back->row->block_size, ==, 16);
  g_assert_cmpstr(back->row->library_path, ==, "/usr/lib/libnettle.so.8");
  g_assert_cmpuint(back->top->len, ==, r->top->len);
  for (guint i = 0; i < r->top->len; i++) {
    const SmProfileFunction *a = r->top->pdata[i], *b = back->top->pdata[i];
    g_assert_cmpstr(b->function, ==, a->function);
    g_assert_cmpstr(b->library, ==, a->library);
    g_assert_cmpfloat_with_epsilon(b->self_share, a->self_share, 1e-4);
    g_assert_cmpfloat_with_epsilon(b->inclusive_share, a->inclusive_share, 1e-4);
    g_assert_cmpfloat_with_epsilon(b->self_per_op, a->self_per_op, 0.05);
  }
  /* Written again, the file is byte for byte the same. */
  const SmProfileRecord *again[] = {set->records->pdata[0], set->records->pdata[1]};
  g_autofree char *text2 = file_of(again, 2);
  g_assert_cmpstr(text2, ==, text);
  const SmProfileRecord *found = sm_profile_set_find(set, &(SmCellId){.engine = "gcrypt",
                                                                      .algorithm = "ml-kem-768",
                                                                      .op = SM_OP_ENCAPS,
                                                                      .api = SM_API_EVP,
                                                                      .accel = SM_ACCEL_ON,
                                                                      .parallel = 1,
                                                                      .threads = 1});
  g_assert_nonnull(found);
  g_assert_cmpint(found->status, ==, SM_PROFILE_NOT_PROFILED);
  g_assert_cmpstr(found->detail, ==, "valgrind cannot run AF_ALG, here");
  g_assert_cmpuint(found->top->len, ==, 0);
}

static void test_header_told_apart(void)
{
  g_autofree char *profile = sm_profile_csv_header();
  g_autofree char *results = sm_csv_header();
  g_assert_true(sm_profile_csv_is_header(profile));
  g_assert_false(sm_profile_csv_is_header(results));
  /* A run's CSV read as a profile names the first column it lacks. */
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf("%s\n", results);
  g_autoptr(SmProfileSet) set = sm_profile_set_parse("run.csv", text, strlen(text), &error);
  g_assert_null(set);
  g_assert_error(error, SM_ERROR, SM_ERROR_INPUT);
  g_assert_cmpstr(error->message, ==,
                  "run.csv:1: missing column \"instructions_per_op\" (not a speedmatrix profile "
                  "file)");
}

/* Each bad line, placed on line 3 of a file, is refused naming that line. */
static void test_bad_file(void)
{
  g_autoptr(SmProfileRecord) r = sample_record();
  const SmProfileRecord *records[] = {r};
  g_autofree char *good = file_of(records, 1);
  g_autofree char *line = sm_profile_csv_format(r);
  static const struct {
    const char *from, *to, *message;
  } cases[] = {
      {",profiled,", ",measured,", "bad kind, operation, api, context or status"},
      {",1234.5,", ",many,", "a profiled cell without a number in instructions_per_op"},
      {" 0.5000 ", " half ", "bad top_functions"},
      {"%2541", "%Z541", "bad top_functions"},
      {"@libx.so", "libx.so", "bad top_functions"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_assert_nonnull(strstr(line, cases[i].from));
    g_autofree char *bad_line = replace_all(line, cases[i].from, cases[i].to);
    g_autofree char *text = g_strdup_printf("%s%s\r\n", good, bad_line);
    g_autoptr(GError) error = NULL;
    g_autoptr(SmProfileSet) set = sm_profile_set_parse("p.csv", text, strlen(text), &error);
    g_assert_null(set);
    g_assert_error(error, SM_ERROR, SM_ERROR_INPUT);
    g_assert_true(g_str_has_prefix(error->message, "p.csv:3: "));
    g_assert_nonnull(strstr(error->message, cases[i].message));
    g_assert_null(strchr(error->message, '\n'));
  }
  g_autoptr(GError) error = NULL;
  g_autoptr(SmProfileSet) set = sm_profile_set_read("/nonexistent/p.csv", &error);
  g_assert_null(set);
  g_assert_nonnull(error);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/profile-csv/round-trip", test_round_trip);
  g_test_add_func("/profile-csv/header", test_header_told_apart);
  g_test_add_func("/profile-csv/bad-file", test_bad_file);
  return g_test_run();
}
