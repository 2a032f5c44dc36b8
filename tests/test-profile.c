/* speedmatrix profile: callgrind's dump read into self and inclusive costs with the window's own
 * instructions apart; the test engine's slow function found and named, its count the same
 * whatever the number of operations and from one run to the next; a cell that fails its known
 * answers is failed, not profiled; bad input is one line and exit 2. */
#include "core/util.h"
#include "io/profile_csv.h"
#include "profile/callgrind_out.h"
#include "profile/explain.h"
#include "profile/profile_child.h"
#include "testlib.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* A dump as the profile's child leaves it: run_cell (the root, no cost of its own) calls the
 * window, whose loop calls the engine's op twice; the op calls the library, which calls the
 * runner's malloc wrapper once. Names compressed as callgrind writes them. */
static const char dump_text[] =
    "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 7\n"
    "desc: Trigger: Client Request: sm-profile ops\n"
    "positions: line\nevents: Ir sysCount sysTime\nsummary: 1000\n\n"
    "ob=(1) /usr/bin/speedmatrix\nfl=(1) run.c\nfn=(1) run_cell\n"
    "cfn=(2) ops_window\ncalls=1 10\n5 1052 2\n\n"
    "fn=(2)\n10 30\ncob=(2) /x/engines/toy.so\ncfi=(2) toy.c\ncfn=(3) toy_op\ncalls=2 20\n"
    "11 1022 2\n\n"
    "ob=(2)\nfl=(2)\nfn=(3)\n20 22\ncob=(3) /usr/lib/libtoy.so.1\ncfn=(4) toy_slow function@x\n"
    "calls=2 30\n21 1000 2\n\n"
    "ob=(3)\nfn=(4)\n30 900\n31 0 2\ncob=(1)\ncfn=(5) malloc\ncalls=1 40\n32 100\n\n"
    "ob=(1)\nfn=(5)\n40 10\ncob=(3)\ncfn=(6) inner\ncalls=1 50\n40 90\n\n"
    "ob=(3)\nfn=(6)\n50 90\n\ntotals: 1052 2\n";

static const SmCgFunction *function_named(const SmCgDump *dump, const char *name)
{
  for (guint i = 0; i < dump->functions->len; i++) {
    const SmCgFunction *f = dump->functions->pdata[i];
    if (strcmp(f->function, name) == 0)
      return f;
  }
  g_assert_not_reached();
}

static void test_dump(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCgDump) dump = sm_cg_dump_parse("cg.7.2", dump_text, strlen(dump_text), &error);
  g_assert_no_error(error);
  g_assert_cmpstr(dump->trigger, ==, "Client Request: sm-profile ops");
  g_assert_cmpuint(dump->total_ir, ==, 1052);
  g_assert_cmpuint(dump->window_ir, ==, 30);
  g_assert_cmpuint(dump->called_ir, ==, 1022);
  g_assert_cmpuint(dump->called_sys, ==, 2);
  const SmCgFunction *op = function_named(dump, "toy_op");
  g_assert_cmpstr(op->object, ==, "/x/engines/toy.so");
  g_assert_cmpuint(op->self_ir, ==, 22);
  g_assert_cmpuint(op->inclusive_ir, ==, 1022);
  g_assert_cmpuint(op->calls_in, ==, 2);
  const SmCgFunction *slow = function_named(dump, "toy_slow function@x");
  g_assert_cmpstr(slow->object, ==, "/usr/lib/libtoy.so.1");
  g_assert_cmpuint(slow->self_ir, ==, 900);
  g_assert_cmpuint(slow->self_sys, ==, 2);
  g_assert_cmpuint(slow->inclusive_ir, ==, 1000);
  g_assert_true(function_named(dump, "run_cell")->root);
  g_assert_true(function_named(dump, "ops_window")->window);
  g_assert_false(op->root || op->window);

  /* The runner's malloc wrapper below the window is harness: 1022 - 10 for the two operations. */
  g_autoptr(SmProfileRecord) r =
      sm_profile_record_new(sm_row_new("toy", "1", "sha256", SM_KIND_DIGEST, "h", "cpu", 1));
  SmProfileObjects objects = {.runner = "speedmatrix", .plugin = "toy.so"};
  g_assert_true(sm_profile_explain(r, NULL, dump, 2, &objects));
  g_assert_cmpfloat_with_epsilon(r->instructions_per_op, 506.0, 1e-9);
  g_assert_cmpfloat_with_epsilon(r->syscalls_per_op, 1.0, 1e-9);
  g_assert_cmpuint(r->top->len, ==, 3); /* toy_op, the slow function, inner: not the runner's */
  const SmProfileFunction *first = r->top->pdata[0];
  g_assert_cmpstr(first->function, ==, "toy_op");
  g_assert_cmpstr(first->library, ==, "toy.so");
  g_assert_cmpfloat_with_epsilon(first->inclusive_share, 1.0, 1e-9);
  g_assert_cmpstr(r->explanation, ==,
                  "89% in libtoy.so.1's toy_slow function@x: 1 call per operation; 1 system "
                  "calls per operation (the kernel's work is not counted)");
}

/* A library without symbols: its function is named by address and by its nearest named caller. */
static void test_unnamed(void)
{
  static const char text[] =
      "# callgrind format\nevents: Ir\nob=/usr/bin/speedmatrix\nfn=run_cell\ncfn=ops_window\n"
      "calls=1 1\n1 1010\nfn=ops_window\n1 10\ncob=/e/toy.so\ncfn=toy_op(int) const\n"
      "calls=1 1\n1 1000\nob=/e/toy.so\nfn=toy_op(int) const\n1 100\ncob=/usr/lib/libx.so\n"
      "cfn=0x0000000000001000\ncalls=1 1\n1 900\nob=/usr/lib/libx.so\nfn=0x0000000000001000\n"
      "1 900\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCgDump) dump = sm_cg_dump_parse("cg", text, strlen(text), &error);
  g_assert_no_error(error);
  g_autoptr(SmProfileRecord) r =
      sm_profile_record_new(sm_row_new("toy", "1", "sha256", SM_KIND_DIGEST, "h", "cpu", 1));
  SmProfileObjects objects = {.runner = "speedmatrix", .plugin = "toy.so"};
  g_assert_true(sm_profile_explain(r, NULL, dump, 1, &objects));
  g_assert_cmpfloat_with_epsilon(r->instructions_per_op, 1000.0, 1e-9);
  g_assert_cmpstr(r->explanation, ==,
                  "90% in libx.so (no symbols, at 0x0000000000001000, below toy_op): 1 call per "
                  "operation");
}

static void test_bad_dump(void)
{
  static const struct {
    const char *text, *message;
  } cases[] = {
      {"<?xml version=\"1.0\"?>\n", "x:1: not a callgrind dump"},
      {"# callgrind format\nevents: Ir\nfn=(1) a\n5 many\n", "x:4: a cost that is not a count"},
      {"# callgrind format\nevents: Ir\nfn=(9)\n", "x:3: a function id used before it was named"},
      {"# callgrind format\nevents: Dr\n", "x:2: no Ir event"},
      {"# callgrind format\nevents: Ir\n5 1\n", "x:3: a cost line before any fn="},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autoptr(GError) error = NULL;
    g_autoptr(SmCgDump) dump = sm_cg_dump_parse("x", cases[i].text, strlen(cases[i].text), &error);
    g_assert_null(dump);
    g_assert_error(error, SM_ERROR, SM_ERROR_INPUT);
    g_assert_true(g_str_has_prefix(error->message, cases[i].message));
  }
}

static bool callgrind_usable(void)
{
  g_autofree char *valgrind = g_find_program_in_path("valgrind");
  const char *why = valgrind == NULL              ? "valgrind is not installed"
                    : sm_build_refuses_valgrind() ? sm_build_refuses_valgrind()
                    : !sm_profile_can_count()     ? "built without valgrind/callgrind.h"
                                                  : NULL;
  if (why != NULL)
    g_test_skip(why);
  return why == NULL;
}

/* A directory holding the test engines. */
static char *toy_dir(void)
{
  char *dir = g_dir_make_tmp("sm-profile-XXXXXX", NULL);
  const char *const names[] = {"profile-toy.so", "ct-leaky.so"};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
    g_autofree char *from = g_build_filename(g_getenv("SM_TEST_PLUGINS"), names[i], NULL);
    g_autofree char *to = g_build_filename(dir, names[i], NULL);
    g_autofree char *data = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(from, &data, &len, NULL));
    g_assert_true(g_file_set_contents(to, data, (gssize)len, NULL));
  }
  return dir;
}

static void remove_dir(const char *dir)
{
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  for (const char *name; d != NULL && (name = g_dir_read_name(d)) != NULL;) {
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_unlink(path);
  }
  g_rmdir(dir);
}

/* profile of the toy's sha256 at 16 B, both levels, `ops` operations, read back. */
static SmProfileSet *profile_toy(const char *dir, const char *ops)
{
  const char *args[] = {"profile", "--matrix", "/dev/null", "-e",      "profile-toy",
                        "-a",      "sha256",   "-s",        "16",      "--ops",
                        ops,       "-o",       "-",         "--quiet", NULL};
  Outcome o = run_with(dir, args);
  if (o.status != 0)
    g_printerr("%s", o.err);
  g_assert_cmpint(o.status, ==, 0);
  g_autoptr(GError) error = NULL;
  SmProfileSet *set = sm_profile_set_parse("-", o.out, strlen(o.out), &error);
  g_assert_no_error(error);
  outcome_clear(&o);
  return set;
}

static const SmProfileRecord *toy_record(const SmProfileSet *set, SmApi api)
{
  SmCellId id = {.engine = "profile-toy",
                 .algorithm = "sha256",
                 .op = SM_OP_HASH,
                 .api = api,
                 .block_size = 16,
                 .accel = SM_ACCEL_ON,
                 .parallel = 1,
                 .threads = 1};
  const SmProfileRecord *r = sm_profile_set_find(set, &id);
  g_assert_nonnull(r);
  g_assert_cmpint(r->status, ==, SM_PROFILE_PROFILED);
  return r;
}

static double relative_difference(double a, double b) { return fabs(a - b) / MAX(a, b); }

/* The slow function named, the figure the same for 5 and 40 operations (the window's fixed and
 * per-call costs are not in it) and in a second run of the same cells. */
static void test_toy(void)
{
  if (!callgrind_usable())
    return;
  g_autofree char *dir = toy_dir();
  g_autoptr(SmProfileSet) few = profile_toy(dir, "5");
  g_autoptr(SmProfileSet) many = profile_toy(dir, "40");
  g_autoptr(SmProfileSet) again = profile_toy(dir, "40");
  const SmProfileRecord *slow = toy_record(many, SM_API_EVP);
  const SmProfileRecord *plain = toy_record(many, SM_API_LOW);
  g_assert_true(g_str_has_prefix(slow->tool, "callgrind "));
  g_assert_cmpuint(slow->ops, ==, 40);
  g_assert_nonnull(
      strstr(slow->explanation, "in profile-toy.so's toy_slow_function: 1 call per operation"));
  g_assert_cmpfloat(g_ascii_strtod(slow->explanation, NULL), >=, 90);
  g_assert_cmpfloat(slow->instructions_per_op - plain->instructions_per_op, >, 20000);
  /* The whole figure is under the engine's operation: nothing of the loop around it. */
  for (SmApi api = 0; api < SM_API_COUNT; api++) {
    const SmProfileRecord *r = toy_record(many, api);
    const SmProfileFunction *entry = r->top->pdata[0];
    g_assert_cmpstr(entry->function, ==, "toy_hash");
    g_assert_cmpfloat_with_epsilon(entry->inclusive_share, 1.0, 1e-4);
    g_assert_cmpfloat(r->setup_instructions, >, 0);
    double n =
        relative_difference(r->instructions_per_op, toy_record(few, api)->instructions_per_op);
    double runs =
        relative_difference(r->instructions_per_op, toy_record(again, api)->instructions_per_op);
    g_test_message("%s: %.1f instructions per op; 5 against 40 ops %.2g, run against run %.2g",
                   sm_api_name(api), r->instructions_per_op, n, runs);
    g_assert_cmpfloat(n, <, 1e-3);
    g_assert_cmpfloat(runs, <, 1e-3);
  }
  remove_dir(dir);
}

/* The distribution's libraries twice over the same cells: every cell profiled, each count the
 * same within 0.1% (the digests and ciphers measured here repeat to a few instructions). */
static void test_repeat(void)
{
  if (!callgrind_usable())
    return;
  g_auto(GStrv) built = g_strsplit(g_getenv("SM_BUILT_ENGINES"), ",", -1);
  g_autoptr(GPtrArray) engines = g_ptr_array_new();
  const char *const wanted[] = {"openssl", "nettle"};
  for (size_t i = 0; i < G_N_ELEMENTS(wanted); i++)
    if (g_strv_contains((const char *const *)built, wanted[i]))
      g_ptr_array_add(engines, (gpointer)wanted[i]);
  if (engines->len == 0) {
    g_test_skip("neither openssl nor nettle is built");
    return;
  }
  g_ptr_array_add(engines, NULL);
  g_autofree char *list = g_strjoinv(",", (char **)engines->pdata);
  const char *args[] = {
      "profile", "--matrix", "/dev/null",    "-e",           list, "-a", "sha256,aes-128-gcm",
      "-s",      "16,1024",  "--operations", "hash,encrypt", "-o", "-",  "--quiet",
      NULL};
  SmProfileSet *sets[2] = {NULL, NULL};
  for (size_t i = 0; i < G_N_ELEMENTS(sets); i++) {
    Outcome o = run_with(NULL, args);
    g_assert_cmpint(o.status, ==, 0);
    g_autoptr(GError) error = NULL;
    sets[i] = sm_profile_set_parse("-", o.out, strlen(o.out), &error);
    g_assert_no_error(error);
    outcome_clear(&o);
  }
  g_assert_cmpuint(sets[0]->records->len, >, 0);
  double worst = 0;
  for (guint i = 0; i < sets[0]->records->len; i++) {
    const SmProfileRecord *a = sets[0]->records->pdata[i];
    if (a->status == SM_PROFILE_NOT_PROFILED)
      continue; /* a level the library lacks */
    g_assert_cmpint(a->status, ==, SM_PROFILE_PROFILED);
    SmCellId id = sm_row_id(a->row);
    const SmProfileRecord *b = sm_profile_set_find(sets[1], &id);
    g_assert_nonnull(b);
    g_assert_cmpint(b->status, ==, SM_PROFILE_PROFILED);
    worst = MAX(worst, relative_difference(a->instructions_per_op, b->instructions_per_op));
  }
  g_test_message("%u cells, largest difference between the runs %.2g", sets[0]->records->len,
                 worst);
  g_assert_cmpfloat(worst, <, 1e-3);
  sm_profile_set_free(sets[0]);
  sm_profile_set_free(sets[1]);
}

/* A cell that fails its known answers (the ct toy's "aes-128-ctr" is no AES) is failed, exit 1. */
static void test_kat_failed(void)
{
  if (!callgrind_usable())
    return;
  g_autofree char *dir = toy_dir();
  const char *args[] = {"profile", "--matrix",    "/dev/null", "-e",      "ct-leaky",
                        "-a",      "aes-128-ctr", "-s",        "64",      "--operations",
                        "encrypt", "-o",          "-",         "--quiet", NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmProfileSet) set = sm_profile_set_parse("-", o.out, strlen(o.out), &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->records->len, >=, 1);
  for (guint i = 0; i < set->records->len; i++) {
    const SmProfileRecord *r = set->records->pdata[i];
    if (r->row->api != SM_API_EVP)
      continue;
    g_assert_cmpint(r->status, ==, SM_PROFILE_FAILED);
    g_assert_true(g_str_has_prefix(r->detail, "kat-failed: "));
  }
  outcome_clear(&o);
  remove_dir(dir);
}

/* One line on stderr, exit 2. */
static void check_refused(const char *dir, const char *const *args, const char *message)
{
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpstr(o.out, ==, "");
  g_assert_nonnull(strstr(o.err, message));
  g_assert_nonnull(strchr(o.err, '\n'));
  g_assert_true(strchr(o.err, '\n')[1] == '\0');
  outcome_clear(&o);
}

static void test_bad_input(void)
{
  g_autofree char *dir = toy_dir();
  const char *timeout[] = {"profile",     "--matrix",  "/dev/null", "-e",
                           "profile-toy", "--timeout", "0",         NULL};
  check_refused(dir, timeout, "--timeout: bad timeout \"0\"");
  const char *nothing[] = {"profile", "--matrix", "/dev/null",    "-e",   "profile-toy",
                           "-a",      "sha256",   "--operations", "sign", NULL};
  check_refused(dir, nothing, "profile: the selection names no cell");
  const char *ops[] = {"profile", "--matrix", "/dev/null", "--ops", "0", NULL};
  check_refused(dir, ops, "--ops: \"0\" is not a whole number from 1 to 100000");
  g_autofree char *path = g_strdup(g_getenv("PATH"));
  g_setenv("PATH", dir, TRUE); /* no valgrind there */
  const char *valgrind[] = {"profile", "--matrix", "/dev/null", "-e", "profile-toy",
                            "-a",      "sha256",   "-o",        "-",  NULL};
  /* A build that cannot run under valgrind at all says that first. */
  const char *refusal = sm_build_refuses_valgrind();
  g_autofree char *expected =
      g_strdup_printf("profile: %s", refusal != NULL ? refusal : "valgrind is not installed");
  check_refused(dir, valgrind, expected);
  g_setenv("PATH", path, TRUE);
  remove_dir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/profile/dump", test_dump);
  g_test_add_func("/profile/unnamed", test_unnamed);
  g_test_add_func("/profile/bad-dump", test_bad_dump);
  g_test_add_func("/profile/toy", test_toy);
  g_test_add_func("/profile/repeat", test_repeat);
  g_test_add_func("/profile/kat-failed", test_kat_failed);
  g_test_add_func("/profile/bad-input", test_bad_input);
  return g_test_run();
}
