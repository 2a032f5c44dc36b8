/* Builds of one library beside each other (core/builds.h): two builds of a twin library share
 * the SONAME libsmtwin.so.1 and differ in their version string. Loaded in one process, each
 * engine runs its own build; measured in one matrix, each row names its own library file. */
#include "core/registry.h"
#include "io/results.h"
#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The real path of build `which`'s library file. */
static char *twin_library(const char *which)
{
  g_autofree char *path =
      g_strdup_printf("%s/twin/%s/libsmtwin.so.1", g_getenv("SM_TEST_PLUGINS"), which);
  char *real = realpath(path, NULL);
  g_assert_nonnull(real);
  char *copy = g_strdup(real);
  free(real);
  return copy;
}

/* An engine directory with build a as twin.so and build b as `b_name`. */
static char *twin_dir(const char *b_name)
{
  g_autofree char *dir = g_dir_make_tmp("sm-builds-XXXXXX", NULL);
  g_assert_nonnull(dir);
  const char *plugins = g_getenv("SM_TEST_PLUGINS");
  const struct {
    const char *target, *name;
  } links[] = {{"twin-a.so", "twin.so"}, {"twin-b.so", b_name}};
  for (size_t i = 0; i < G_N_ELEMENTS(links); i++) {
    g_autofree char *target = g_strdup_printf("%s/twin/%s", plugins, links[i].target);
    g_autofree char *link = g_build_filename(dir, links[i].name, NULL);
    g_assert_cmpint(symlink(target, link), ==, 0);
  }
  return g_steal_pointer(&dir);
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

/* In one process: twin and twin@b each run their own build (a build has a namespace of its own). */
static void test_load_side_by_side(void)
{
  g_autofree char *dir = twin_dir("twin@b.so");
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->refused->len, ==, 0);
  g_assert_cmpuint(registry->engines->len, ==, 2);
  const struct {
    const char *engine, *build;
  } want[] = {{"twin", "a"}, {"twin@b", "b"}};
  for (size_t i = 0; i < G_N_ELEMENTS(want); i++) {
    const SmLoadedEngine *engine = sm_registry_find(registry, want[i].engine);
    g_assert_nonnull(engine);
    g_assert_cmpstr(engine->desc->library_version(), ==, want[i].build);
    g_autofree char *library = sm_engine_library_path(engine);
    g_autofree char *expected = twin_library(want[i].build);
    g_assert_cmpstr(library, ==, expected);
  }
  remove_dir(dir);
}

/* A build's file must name the engine its descriptor says. */
static void test_misnamed_build_refused(void)
{
  g_autofree char *dir = twin_dir("other@b.so");
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->engines->len, ==, 1);
  g_assert_cmpuint(registry->refused->len, ==, 1);
  g_assert_nonnull(strstr(registry->refused->pdata[0],
                          "other@b.so: a build of engine \"twin\" must be named twin@LABEL.so"));
  remove_dir(dir);
}

/* A build whose library is not in the libdir its .ini records (its prefix moved or was removed,
 * and the loader found another copy) is refused with one line, and a run that asks for it fails
 * its rows with that reason; with the libdir that holds its library, it loads. */
static void test_build_out_of_its_libdir_refused(void)
{
  g_autofree char *dir = twin_dir("twin@b.so");
  g_autofree char *ini = g_build_filename(dir, "twin@b.ini", NULL);
  g_autofree char *gone = g_build_filename(dir, "gone", NULL);
  g_autofree char *moved = g_strdup_printf("[build]\nengine=twin\nlibdir=%s\n", gone);
  g_assert_true(g_file_set_contents(ini, moved, -1, NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->engines->len, ==, 1);
  g_assert_cmpuint(registry->refused->len, ==, 1);
  g_autofree char *library = twin_library("b");
  g_autofree char *expected = g_strdup_printf("twin@b.so: maps %s, not the library in %s that its "
                                              ".ini records (the build's prefix moved or was "
                                              "removed)",
                                              library, gone);
  g_assert_nonnull(strstr(registry->refused->pdata[0], expected));

  g_autofree char *csv = g_build_filename(dir, "run.csv", NULL);
  const char *args[] = {"run",    "--matrix", "/dev/null",  "-e",    "twin@b", "-a",
                        "sha256", "-s",       "64",         "--api", "evp",    "-t",
                        "0.05",   "-q",       "--no-table", "-o",    csv,      NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 1);
  g_autofree char *failed = g_strdup_printf(
      "twin@b sha256 hash evp: error: engine twin@b could not be loaded: %s/%s", dir, expected);
  g_assert_nonnull(strstr(o.err, failed));
  outcome_clear(&o);
  g_autoptr(SmResultSet) set = sm_results_read(csv, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 1);
  const SmRow *row = ((SmResultRow *)set->results->pdata[0])->row;
  g_assert_cmpstr(sm_status_name(row->status), ==, "error");
  g_unlink(csv);

  g_autofree char *libdir = g_path_get_dirname(library);
  g_autofree char *in_place = g_strdup_printf("[build]\nengine=twin\nlibdir=%s\n", libdir);
  g_assert_true(g_file_set_contents(ini, in_place, -1, NULL));
  g_autoptr(SmRegistry) again = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(again->engines->len, ==, 2);
  g_assert_cmpuint(again->refused->len, ==, 0);
  remove_dir(dir);
}

/* An engine directory whose twin@b records a libdir that does not hold its library. */
static char *moved_build_dir(void)
{
  char *dir = twin_dir("twin@b.so");
  g_autofree char *ini = g_build_filename(dir, "twin@b.ini", NULL);
  g_autofree char *moved = g_strdup_printf("[build]\nengine=twin\nlibdir=%s/gone\n", dir);
  g_assert_true(g_file_set_contents(ini, moved, -1, NULL));
  return dir;
}

/* ct of such a build is not a pass: its cells with a secret could not be checked (exit 1, the
 * line saying why), whether valgrind is there or not. */
static void test_out_of_its_libdir_ct_not_a_pass(void)
{
  g_autofree char *dir = moved_build_dir();
  g_autofree char *csv = g_build_filename(dir, "ct.csv", NULL);
  const char *args[] = {"ct", "--matrix", "/dev/null",     "-e", "twin@b", "-a", "sha256",
                        "-s", "64",       "--secret-data", "-q", "-o",     csv,  NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 1);
  g_assert_nonnull(strstr(o.err, "could not be checked (engine twin@b could not be loaded: "));
  outcome_clear(&o);
  remove_dir(dir);
}

/* profile of such a build fails its cells (exit 1), as run does, rather than passing them over. */
static void test_out_of_its_libdir_profile_failed(void)
{
  g_autofree char *dir = moved_build_dir();
  g_autofree char *csv = g_build_filename(dir, "profile.csv", NULL);
  const char *args[] = {"profile", "--matrix", "/dev/null", "-e", "twin@b", "-a", "sha256",
                        "-s",      "64",       "-q",        "-o", csv,      NULL};
  Outcome o = run_with(dir, args);
  if (o.status == 2 && strstr(o.err, "speedmatrix: profile: ") != NULL &&
      strstr(o.err, "valgrind") != NULL) {
    g_test_skip(o.err); /* no valgrind, or a build that cannot run under it */
  } else {
    g_assert_cmpint(o.status, ==, 1);
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(csv, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, ",failed,\"engine twin@b could not be loaded: "));
  }
  outcome_clear(&o);
  remove_dir(dir);
}

/* One matrix over both builds: every row ok, each naming its own build's file and version. */
static void test_run_both_builds(void)
{
  g_autofree char *dir = twin_dir("twin@b.so");
  g_autofree char *csv = g_build_filename(dir, "run.csv", NULL);
  const char *args[] = {"run", "--matrix", "/dev/null",  "-e",  "twin,twin@b", "-a",   "sha256",
                        "-s",  "64",       "--api",      "evp", "-t",          "0.05", "--passes",
                        "1",   "-q",       "--no-table", "-o",  csv,           NULL};
  Outcome o = run_with(dir, args);
  if (o.status != 0)
    g_test_message("%s", o.err);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  SmResultSet *set = sm_results_read(csv, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 2);
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((SmResultRow *)set->results->pdata[i])->row;
    const char *build = strcmp(row->engine, "twin@b") == 0 ? "b" : "a";
    g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
    g_autofree char *expected = twin_library(build);
    g_assert_cmpstr(row->library_path, ==, expected);
    g_assert_cmpstr(row->library_version, ==, build);
  }
  sm_result_set_free(set);
  const char *list_args[] = {"list", NULL};
  Outcome list = run_with(dir, list_args);
  g_autofree char *a = twin_library("a");
  g_autofree char *b = twin_library("b");
  g_assert_nonnull(strstr(list.out, a));
  g_assert_nonnull(strstr(list.out, b));
  outcome_clear(&list);
  g_unlink(csv);
  remove_dir(dir);
}

/* Two runs of one machine: the first measured nettle alone, the second nettle and its build. */
static const char header[] = "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,"
                             "operation,api,block_size,ops_per_sec,bytes_per_sec,samples,spread,"
                             "status,detail\n";
static const char only_nettle[] =
    "2026-01-01T00:00:00Z,h,c,nettle,3.8,sha256,digest,hash,evp,8192,100000,819200000,5,0.01,ok,\n";
static const char both[] =
    "2026-01-02T00:00:00Z,h,c,nettle,3.8,sha256,digest,hash,evp,8192,101000,827392000,5,0.01,ok,\n"
    "2026-01-02T00:00:00Z,h,c,nettle@generic,3.8,sha256,digest,hash,evp,8192,20000,163840000,5,"
    "0.01,ok,\n";

static char *write_run(const char *dir, const char *name, const char *rows)
{
  char *path = g_build_filename(dir, name, NULL);
  g_autofree char *text = g_strconcat(header, rows, NULL);
  g_assert_true(g_file_set_contents(path, text, -1, NULL));
  return path;
}

/* compare judges the cells both runs have: the build's cell, five times slower than nettle's,
 * is only in the second run, not a regression of nettle's; summary gives it a column. */
static void test_compare_shared_cells(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-builds-XXXXXX", NULL);
  g_autofree char *base = write_run(dir, "only.csv", only_nettle);
  g_autofree char *other = write_run(dir, "both.csv", both);
  const char *args[] = {"compare", base, other, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_true(
      g_regex_match_simple("^  nettle@generic +hash +evp +8192 +- +163.84 +only in \\[2\\]$", o.out,
                           G_REGEX_MULTILINE, 0));
  g_assert_nonnull(strstr(o.out, "0 regressed, 0 improved, 0 failed; 1 cell not in every run"));
  outcome_clear(&o);
  /* and the summary grid gives the build a column of its own, beside nettle's */
  const char *summary_args[] = {"summary", other, NULL};
  Outcome grid = run_speedmatrix(NULL, summary_args);
  g_assert_cmpint(grid.status, ==, 0);
  g_assert_true(g_regex_match_simple("^digest, 8192 B +nettle +nettle@generic +fastest$", grid.out,
                                     G_REGEX_MULTILINE, 0));
  g_assert_true(
      g_regex_match_simple("^sha256 +1.00\\* +0.20 +827 MB/s$", grid.out, G_REGEX_MULTILINE, 0));
  outcome_clear(&grid);
  g_unlink(base);
  g_unlink(other);
  remove_dir(dir);
}

/* The store keeps nettle and nettle@generic as two series of the same cell. */
static void test_store_two_series(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-builds-XXXXXX", NULL);
  g_autofree char *base = write_run(dir, "only.csv", only_nettle);
  g_autofree char *other = write_run(dir, "both.csv", both);
  g_autofree char *db = g_build_filename(dir, "history.db", NULL);
  const char *args[] = {"store", "ingest", "--db", db, base, other, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  sqlite3 *handle = NULL;
  g_assert_cmpint(sqlite3_open_v2(db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_stmt *query = NULL;
  g_assert_cmpint(sqlite3_prepare_v2(handle,
                                     "SELECT s.engine, COUNT(r.run_id) FROM series s JOIN result r "
                                     "ON r.series_id = s.id GROUP BY s.id ORDER BY s.engine",
                                     -1, &query, NULL),
                  ==, SQLITE_OK);
  const struct {
    const char *engine;
    int results;
  } want[] = {{"nettle", 2}, {"nettle@generic", 1}};
  for (size_t i = 0; i < G_N_ELEMENTS(want); i++) {
    g_assert_cmpint(sqlite3_step(query), ==, SQLITE_ROW);
    g_assert_cmpstr((const char *)sqlite3_column_text(query, 0), ==, want[i].engine);
    g_assert_cmpint(sqlite3_column_int(query, 1), ==, want[i].results);
  }
  g_assert_cmpint(sqlite3_step(query), ==, SQLITE_DONE);
  sqlite3_finalize(query);
  sqlite3_close(handle);
  remove_dir(dir);
}

/* A run of build nettle@head whose .meta names the commit it was built from. */
static char *write_build_run(const char *dir, int day, const char *commit)
{
  g_autofree char *name = g_strdup_printf("run%d.csv", day);
  g_autofree char *rows = g_strdup_printf(
      "2026-01-0%dT00:00:00Z,h,c,nettle@head,3.8,sha256,digest,hash,evp,8192,100000,819200000,5,"
      "0.01,ok,\n",
      day);
  char *path = write_run(dir, name, rows);
  g_autofree char *meta_path = g_strconcat(path, ".meta", NULL);
  g_autofree char *meta = g_strdup_printf(
      "[run]\nstarted=2026-01-0%dT00:00:00Z\n[machine]\nhost=h\n[build_commits]\nnettle@head=%s\n",
      day, commit);
  g_assert_true(g_file_set_contents(meta_path, meta, -1, NULL));
  return path;
}

/* The store records a build's commit at each run where it changed: the commit range of a change. */
static void test_store_build_commits(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-builds-XXXXXX", NULL);
  g_autofree char *one = write_build_run(dir, 1, "aaa111");
  g_autofree char *two = write_build_run(dir, 2, "aaa111");
  g_autofree char *three = write_build_run(dir, 3, "bbb222");
  g_autofree char *db = g_build_filename(dir, "history.db", NULL);
  const char *args[] = {"store", "ingest", "--db", db, one, two, three, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  sqlite3 *handle = NULL;
  g_assert_cmpint(sqlite3_open_v2(db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_stmt *query = NULL;
  g_assert_cmpint(sqlite3_prepare_v2(handle,
                                     "SELECT happened, engine, what FROM event WHERE kind = "
                                     "'build' ORDER BY happened",
                                     -1, &query, NULL),
                  ==, SQLITE_OK);
  const char *want[][2] = {{"2026-01-01T00:00:00Z", "nettle@head at commit aaa111"},
                           {"2026-01-03T00:00:00Z", "nettle@head commit aaa111 -> bbb222"}};
  for (size_t i = 0; i < G_N_ELEMENTS(want); i++) {
    g_assert_cmpint(sqlite3_step(query), ==, SQLITE_ROW);
    g_assert_cmpstr((const char *)sqlite3_column_text(query, 0), ==, want[i][0]);
    g_assert_cmpstr((const char *)sqlite3_column_text(query, 1), ==, "nettle@head");
    g_assert_cmpstr((const char *)sqlite3_column_text(query, 2), ==, want[i][1]);
  }
  g_assert_cmpint(sqlite3_step(query), ==, SQLITE_DONE);
  sqlite3_finalize(query);
  sqlite3_close(handle);
  remove_dir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/builds/load-side-by-side", test_load_side_by_side);
  g_test_add_func("/builds/misnamed-build-refused", test_misnamed_build_refused);
  g_test_add_func("/builds/build-out-of-its-libdir-refused", test_build_out_of_its_libdir_refused);
  g_test_add_func("/builds/out-of-its-libdir-ct-not-a-pass", test_out_of_its_libdir_ct_not_a_pass);
  g_test_add_func("/builds/out-of-its-libdir-profile-failed",
                  test_out_of_its_libdir_profile_failed);
  g_test_add_func("/builds/run-both-builds", test_run_both_builds);
  g_test_add_func("/builds/compare-shared-cells", test_compare_shared_cells);
  g_test_add_func("/builds/store-two-series", test_store_two_series);
  g_test_add_func("/builds/store-build-commits", test_store_build_commits);
  return g_test_run();
}
