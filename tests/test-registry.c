/* engines/engines.ini, the one registry of engine facts, against everything that repeats them:
 * engines/meson.build's rows, the runner's generated tables (core/engine_facts.h), debian/control's
 * Build-Depends, doc/engines.md's list of engines; and every built engine's library file named by
 * list and by a run's .meta, through the registry's file names. */
#include "testlib.h"

#include "core/builds.h"
#include "core/registry.h"
#include "core/short_names.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fields[] = {"library",           "short",         "files",
                                     "pkg-config",        "minimum",       "extra-libs",
                                     "debian-12-runtime", "debian-12-dev", "debian-13-runtime",
                                     "debian-13-dev"};

/* A file of the source tree, by its path there. */
static char *source_file(const char *path)
{
  g_autofree char *name = g_build_filename(g_getenv("SM_TESTS_DIR"), "..", path, NULL);
  char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_file_get_contents(name, &text, NULL, &error);
  g_assert_no_error(error);
  return text;
}

static GKeyFile *load_registry(void)
{
  g_autofree char *text = source_file("engines/engines.ini");
  GKeyFile *registry = g_key_file_new();
  g_autoptr(GError) error = NULL;
  g_key_file_load_from_data(registry, text, (gsize)-1, G_KEY_FILE_NONE, &error);
  g_assert_no_error(error);
  return registry;
}

static char *field(GKeyFile *registry, const char *engine, const char *key)
{
  g_autoptr(GError) error = NULL;
  char *value = g_key_file_get_string(registry, engine, key, &error);
  g_assert_no_error(error);
  return g_strstrip(value);
}

/* A field's words (its list), none empty. */
static GStrv words(GKeyFile *registry, const char *engine, const char *key)
{
  g_autofree char *value = field(registry, engine, key);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new();
  g_auto(GStrv) parts = g_strsplit_set(value, " \t", -1);
  for (char **w = parts; *w != NULL; w++)
    if (**w != '\0')
      g_strv_builder_add(out, *w);
  return g_strv_builder_end(out);
}

/* Each difference is a message; the test fails once all are listed. */
static unsigned problems;

G_GNUC_PRINTF(1, 2) static void problem(const char *format, ...)
{
  va_list args;
  va_start(args, format);
  g_autofree char *text = g_strdup_vprintf(format, args);
  va_end(args);
  g_test_message("%s", text);
  problems++;
}

static void no_problems(void) { g_assert_cmpuint(problems, ==, 0); }

/* Every section has every field, a three-letter short name of its own, a file and -dev packages. */
static void test_fields(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) engines = g_key_file_get_groups(registry, NULL);
  g_assert_cmpuint(g_strv_length(engines), >, 0);
  g_autoptr(GHashTable) shorts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  problems = 0;
  for (char **engine = engines; *engine != NULL; engine++) {
    for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
      if (!g_key_file_has_key(registry, *engine, fields[i], NULL))
        problem("engines.ini [%s]: no %s", *engine, fields[i]);
    g_autofree char *short_name = field(registry, *engine, "short");
    if (strlen(short_name) != 3 || !g_hash_table_add(shorts, g_strdup(short_name)))
      problem("engines.ini [%s]: short \"%s\" is not three letters of its own", *engine,
              short_name);
    const char *listed[] = {"library", "files", "debian-12-dev", "debian-13-dev"};
    for (size_t i = 0; i < G_N_ELEMENTS(listed); i++) {
      g_auto(GStrv) list = words(registry, *engine, listed[i]);
      if (list[0] == NULL)
        problem("engines.ini [%s]: %s is empty", *engine, listed[i]);
    }
  }
  no_problems();
}

/* Row `text` of engines/meson.build asks for the registry's pkg-config modules (one of each's
 * alternatives) and minimum version; a library without a .pc file is found by the names its
 * extra-libs give. */
static void check_meson_row(GKeyFile *registry, const char *engine, const char *text)
{
  g_auto(GStrv) modules = words(registry, engine, "pkg-config");
  for (char **module = modules; *module != NULL; module++) {
    bool asked = false;
    g_auto(GStrv) alternatives = g_strsplit(*module, "|", -1);
    for (char **alt = alternatives; *alt != NULL; alt++) {
      g_autofree char *quoted = g_regex_escape_string(*alt, -1);
      g_autofree char *pattern = g_strdup_printf("dependency\\(('[^']+', *)*'%s'", quoted);
      asked = asked || g_regex_match_simple(pattern, text, 0, 0);
    }
    if (!asked)
      problem("engines/meson.build: row %s asks for no dependency('%s')", engine, *module);
  }
  g_autofree char *minimum = field(registry, engine, "minimum");
  g_autoptr(GRegex) version = g_regex_new("version : '>= ([^']+)'", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  unsigned versions = 0;
  for (g_regex_match(version, text, 0, &match); g_match_info_matches(match);
       g_match_info_next(match, NULL)) {
    g_autofree char *found = g_match_info_fetch(match, 1);
    versions++;
    if (strcmp(found, minimum) != 0)
      problem("engines/meson.build: row %s asks for >= %s, engines.ini's minimum is \"%s\"", engine,
              found, minimum);
  }
  if (minimum[0] != '\0' && versions == 0)
    problem("engines/meson.build: row %s asks for no version, engines.ini's minimum is %s", engine,
            minimum);
  g_auto(GStrv) libs = words(registry, engine, "extra-libs");
  for (char **lib = libs; modules[0] == NULL && *lib != NULL; lib++) {
    g_autofree char *call = g_strdup_printf("find_library('%s'", *lib + 2);
    if (!g_str_has_prefix(*lib, "-l") || strstr(text, call) == NULL)
      problem("engines/meson.build: row %s has no %s for engines.ini's extra-libs %s", engine, call,
              *lib);
  }
}

/* engines/meson.build's rows (sm_known_engines, compiled from them) are the registry's sections,
 * in order, and each row says what its section says. */
static void test_meson_rows(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) engines = g_key_file_get_groups(registry, NULL);
  problems = 0;
  for (char **engine = engines; *engine != NULL; engine++)
    if (!g_strv_contains(sm_known_engines, *engine))
      problem("engines.ini [%s]: no row in engines/meson.build", *engine);
  for (const char *const *known = sm_known_engines; *known != NULL; known++)
    if (!g_strv_contains((const char *const *)engines, *known))
      problem("engines/meson.build: row %s has no section in engines/engines.ini", *known);
  if (problems == 0)
    for (guint i = 0; engines[i] != NULL; i++)
      if (g_strcmp0(engines[i], sm_known_engines[i]) != 0)
        problem("engines.ini [%s] is section %u, engines/meson.build's row %u is %s", engines[i],
                i + 1, i + 1, sm_known_engines[i]);

  g_autofree char *meson = source_file("engines/meson.build");
  const char *rows_end = strstr(meson, "\n]\n");
  g_assert_nonnull(rows_end);
  for (char **engine = engines; *engine != NULL; engine++) {
    g_autofree char *start = g_strdup_printf("\n  ['%s',", *engine);
    const char *row = strstr(meson, start);
    if (row == NULL || row > rows_end)
      continue; /* named above */
    const char *next = strstr(row + 1, "\n  ['");
    g_autofree char *text =
        g_strndup(row, (size_t)((next && next < rows_end ? next : rows_end) - row));
    check_meson_row(registry, *engine, text);
  }
  no_problems();
}

/* The runner's tables, generated from the registry at build time, say what it says. */
static void test_generated_tables(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) engines = g_key_file_get_groups(registry, NULL);
  problems = 0;
  for (char **engine = engines; *engine != NULL; engine++) {
    g_autofree char *want_short = field(registry, *engine, "short");
    g_autofree char *short_name = sm_engine_short_name(*engine);
    if (strcmp(short_name, want_short) != 0)
      problem("%s: short name %s, engines.ini says %s", *engine, short_name, want_short);
    g_auto(GStrv) files = words(registry, *engine, "files");
    g_autofree char *want_files = g_strjoinv(" ", files);
    g_autofree char *build = g_strconcat(*engine, "@label", NULL);
    const char *names[] = {*engine, build};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
      const char *const *stems = sm_engine_library_stems(names[i]);
      g_autofree char *got = stems != NULL ? g_strjoinv(" ", (char **)stems) : g_strdup("none");
      if (strcmp(got, want_files) != 0)
        problem("%s: library files %s, engines.ini says %s", names[i], got, want_files);
    }
  }
  g_assert_null(sm_engine_library_stems("not-an-engine"));
  g_autofree char *out_of_tree = sm_engine_short_name("twin");
  g_assert_cmpstr(out_of_tree, ==, "twi");
  no_problems();
}

/* The package names of Build-Depends (every alternative of each), without versions or
 * restrictions. */
static GHashTable *build_depends(void)
{
  g_autofree char *control = source_file("debian/control");
  const char *start = strstr(control, "\nBuild-Depends:");
  g_assert_nonnull(start);
  start += strlen("\nBuild-Depends:");
  const char *end = start;
  /* The field goes on over lines that start with a space. */
  while ((end = strchr(end, '\n')) != NULL && end[1] == ' ')
    end++;
  g_autofree char *value = g_strndup(start, end != NULL ? (size_t)(end - start) : strlen(start));
  GHashTable *names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) items = g_strsplit_set(value, ",|", -1);
  for (char **item = items; *item != NULL; item++) {
    char *name = g_strstrip(*item);
    name[strcspn(name, " \t\n([<")] = '\0';
    if (*name != '\0')
      g_hash_table_add(names, g_strdup(name));
  }
  return names;
}

/* The Debian package builds every engine: each release's -dev packages are build dependencies. */
static void test_debian_control(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) engines = g_key_file_get_groups(registry, NULL);
  g_autoptr(GHashTable) depends = build_depends();
  g_assert_true(g_hash_table_contains(depends, "debhelper-compat"));
  problems = 0;
  for (char **engine = engines; *engine != NULL; engine++)
    for (const char *const *key = (const char *const[]){"debian-12-dev", "debian-13-dev", NULL};
         *key != NULL; key++) {
      g_auto(GStrv) packages = words(registry, *engine, *key);
      for (char **package = packages; *package != NULL; package++)
        if (!g_hash_table_contains(depends, *package))
          problem("debian/control: Build-Depends lacks %s (engines.ini [%s] %s)", *package, *engine,
                  *key);
    }
  no_problems();
}

/* "`a`, `b`"; "-" for none. A module's alternatives are "`a` or `b`". */
static char *as_code(GStrv list)
{
  if (list[0] == NULL)
    return g_strdup("-");
  GString *out = g_string_new(NULL);
  for (char **w = list; *w != NULL; w++) {
    g_auto(GStrv) alternatives = g_strsplit(*w, "|", -1);
    g_autofree char *joined = g_strjoinv("` or `", alternatives);
    g_string_append_printf(out, "%s`%s`", w == list ? "" : ", ", joined);
  }
  return g_string_free(out, FALSE);
}

static char *packages_of(GKeyFile *registry, const char *engine, const char *release)
{
  g_autofree char *runtime_key = g_strdup_printf("debian-%s-runtime", release);
  g_autofree char *dev_key = g_strdup_printf("debian-%s-dev", release);
  g_auto(GStrv) runtime = words(registry, engine, runtime_key);
  g_auto(GStrv) dev = words(registry, engine, dev_key);
  g_autofree char *a = g_strjoinv(", ", runtime);
  g_autofree char *b = g_strjoinv(", ", dev);
  return g_strjoin(runtime[0] != NULL && dev[0] != NULL ? ", " : "", a, b, NULL);
}

/* doc/engines.md's list of engines is the registry's, row for row. */
static void test_doc_list(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) engines = g_key_file_get_groups(registry, NULL);
  g_autofree char *doc = source_file("doc/engines.md");
  const char *header =
      "| engine | short | library | library file | pkg-config | Debian 12 | Debian 13 |\n";
  const char *table = strstr(doc, header);
  g_assert_nonnull(table);
  table = strchr(table + strlen(header), '\n'); /* past the |---| line */
  g_assert_nonnull(table);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(g_free);
  for (const char *line = table + 1; g_str_has_prefix(line, "| ");) {
    const char *end = strchr(line, '\n');
    g_ptr_array_add(rows, g_strndup(line, end != NULL ? (size_t)(end - line) : strlen(line)));
    line = end != NULL ? end + 1 : "";
  }
  problems = 0;
  guint n = g_strv_length(engines);
  if (rows->len != n)
    problem("doc/engines.md: %u engines listed, engines.ini has %u", rows->len, n);
  for (guint i = 0; i < MIN(n, rows->len); i++) {
    const char *engine = engines[i];
    g_autofree char *library = field(registry, engine, "library");
    g_autofree char *short_name = field(registry, engine, "short");
    g_auto(GStrv) files = words(registry, engine, "files");
    g_auto(GStrv) modules = words(registry, engine, "pkg-config");
    g_autofree char *file_cell = as_code(files);
    g_autofree char *module_cell = as_code(modules);
    g_autofree char *deb12 = packages_of(registry, engine, "12");
    g_autofree char *deb13 = packages_of(registry, engine, "13");
    g_autofree char *want =
        g_strdup_printf("| %s | %s | %s | %s | %s | %s | %s |", engine, short_name, library,
                        file_cell, module_cell, deb12, deb13);
    if (strcmp(rows->pdata[i], want) != 0)
      problem("doc/engines.md row %u:\n  %s\nengines.ini says:\n  %s", i + 1,
              (const char *)rows->pdata[i], want);
  }
  no_problems();
}

/* The path a built engine's library file has, if its name starts as the registry says. */
static bool registry_file(GKeyFile *registry, const char *engine, const char *path)
{
  g_autofree char *base = g_path_get_basename(path);
  g_auto(GStrv) files = words(registry, engine, "files");
  for (char **stem = files; *stem != NULL; stem++)
    if (g_str_has_prefix(base, *stem) && g_path_is_absolute(path))
      return true;
  return false;
}

static GStrv built_engines(void)
{
  const char *built = g_getenv("SM_BUILT_ENGINES");
  g_assert_nonnull(built);
  return g_strsplit(built, ",", -1);
}

/* list names the library file of every built engine, one of the registry's files. */
static void test_list_names_library_files(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) built = built_engines();
  if (built[0] == NULL || built[0][0] == '\0') {
    g_test_skip("no engine built");
    return;
  }
  const char *args[] = {"list", NULL};
  Outcome o = run_with(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  g_auto(GStrv) lines = g_strsplit(o.out, "\n", -1);
  problems = 0;
  for (char **engine = built; *engine != NULL; engine++) {
    g_autofree char *head = g_strdup_printf("  %-8s ", *engine);
    const char *library = NULL;
    for (char **line = lines; *line != NULL && library == NULL; line++) {
      if (!g_str_has_prefix(*line, head))
        continue;
      for (char **next = line + 1; *next != NULL && g_str_has_prefix(*next, "           "); next++)
        if (g_str_has_prefix(*next, "           library: "))
          library = *next + strlen("           library: ");
    }
    if (library == NULL || !registry_file(registry, *engine, library))
      problem("list: %s's library is %s, not a file engines.ini names", *engine,
              library != NULL ? library : "not named");
  }
  outcome_clear(&o);
  no_problems();
}

/* A run's .meta names, in [libraries], the library file of every built engine it loaded. */
static void test_meta_names_library_files(void)
{
  g_autoptr(GKeyFile) registry = load_registry();
  g_auto(GStrv) built = built_engines();
  if (built[0] == NULL || built[0][0] == '\0') {
    g_test_skip("no engine built");
    return;
  }
  g_autofree char *dir = g_dir_make_tmp("sm-registry-XXXXXX", NULL);
  g_assert_nonnull(dir);
  g_autofree char *csv = g_build_filename(dir, "run.csv", NULL);
  const char *args[] = {"run",    "--matrix", "/dev/null",  "--engines", "all", "--algorithms",
                        "sha256", "--sizes",  "64",         "--api",     "evp", "--time",
                        "0.01",   "--quiet",  "--no-table", "-o",        csv,   NULL};
  Outcome o = run_with(NULL, args);
  g_test_message("run stderr: %s", o.err);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autofree char *meta_path = g_strconcat(csv, ".meta", NULL);
  g_autoptr(GKeyFile) meta = g_key_file_new();
  g_autoptr(GError) error = NULL;
  g_key_file_load_from_file(meta, meta_path, G_KEY_FILE_NONE, &error);
  g_assert_no_error(error);
  problems = 0;
  for (char **engine = built; *engine != NULL; engine++) {
    g_autofree char *library = g_key_file_get_string(meta, "libraries", *engine, NULL);
    if (library == NULL || !registry_file(registry, *engine, library))
      problem(".meta [libraries]: %s is %s, not a file engines.ini names", *engine,
              library != NULL ? library : "missing");
  }
  g_autofree char *command = g_strdup_printf("rm -rf '%s'", dir);
  g_assert_cmpint(system(command), ==, 0);
  no_problems();
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/registry/fields", test_fields);
  g_test_add_func("/registry/meson-rows", test_meson_rows);
  g_test_add_func("/registry/generated-tables", test_generated_tables);
  g_test_add_func("/registry/debian-control", test_debian_control);
  g_test_add_func("/registry/doc-list", test_doc_list);
  g_test_add_func("/registry/list-library-files", test_list_names_library_files);
  g_test_add_func("/registry/meta-library-files", test_meta_names_library_files);
  return g_test_run();
}
