/* speedmatrix(1) cannot drift from the program: the verbs and flags in the page are those of
 * `speedmatrix --help` and each `speedmatrix VERB --help`, the matrix.ini keys those of
 * config.c's key table, the CSV columns those of the CSV writer's header, in its order, the
 * environment variables those the release build's source reads, the kinds and operations those
 * of the catalogue (in speedmatrix(1), `run --help`, README.md, and in speedmatrix-engine(7)'s
 * semantics, one entry per operation of each kind). Both pages render with groff and man
 * without a warning. */
#include "core/catalog.h"
#include "io/csv.h"
#include "plan/config.h"
#include "testlib.h"

#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

typedef struct {
  char *section;    /* .SH */
  char *subsection; /* .SS, or NULL */
  char *tag;        /* the line after .TP, roff escapes removed */
  char *text;       /* the line after the tag, the same */
} Entry;

static GPtrArray *entries;        /* Entry* of speedmatrix(1), in page order */
static GPtrArray *engine_entries; /* Entry* of speedmatrix-engine(7) */

static void entry_free(Entry *entry)
{
  g_free(entry->section);
  g_free(entry->subsection);
  g_free(entry->tag);
  g_free(entry->text);
  g_free(entry);
}

/* Roff to plain text: font changes dropped, \- and \e made plain, quotes around a title. */
static char *plain(const char *roff)
{
  g_autoptr(GString) out = g_string_new(NULL);
  for (const char *c = roff; *c != '\0'; c++) {
    if (c[0] == '\\' && c[1] == 'f' && c[2] != '\0') {
      c += 2;
      continue;
    }
    if (c[0] == '\\' && (c[1] == '-' || c[1] == 'e' || c[1] == '&')) {
      if (c[1] != '&')
        g_string_append_c(out, c[1] == '-' ? '-' : '\\');
      c++;
      continue;
    }
    if (*c != '"')
      g_string_append_c(out, *c);
  }
  return g_strstrip(g_string_free(g_steal_pointer(&out), FALSE));
}

/* The text after a macro such as ".B " or ".SH ", plain. */
static char *macro_text(const char *line, const char *macro) { return plain(line + strlen(macro)); }

static GPtrArray *read_page(const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, &error));
  g_assert_no_error(error);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_autofree char *section = NULL, *subsection = NULL;
  GPtrArray *entries = g_ptr_array_new_with_free_func((GDestroyNotify)entry_free);
  for (char **line = lines; *line != NULL; line++) {
    if (g_str_has_prefix(*line, ".SH ")) {
      g_free(section);
      section = macro_text(*line, ".SH ");
      g_clear_pointer(&subsection, g_free);
    } else if (g_str_has_prefix(*line, ".SS ")) {
      g_free(subsection);
      subsection = macro_text(*line, ".SS ");
    } else if (strcmp(*line, ".TP") == 0 && line[1] != NULL && section != NULL) {
      line++;
      Entry *entry = g_new0(Entry, 1);
      entry->section = g_strdup(section);
      entry->subsection = g_strdup(subsection);
      entry->tag = g_str_has_prefix(*line, ".B ") ? macro_text(*line, ".B ") : plain(*line);
      entry->text = plain(line[1] != NULL ? line[1] : "");
      g_ptr_array_add(entries, entry);
    }
  }
  return entries;
}

/* "-e --engines" from "-e, --engines=L" (a tag) or "  -e, --engines=L   Engines..." (help). */
static char *flags_of(const char *text)
{
  static GRegex *flag = NULL;
  if (flag == NULL)
    flag = g_regex_new("(?<![\\w-])(--[a-z][a-z-]*|-[A-Za-z])(?![\\w])", 0, 0, NULL);
  /* The flags end at the argument ("=L") or at the blanks before a help line's description. */
  const char *gap = strstr(text, "  ");
  size_t end = strcspn(text, "=");
  if (gap != NULL && (size_t)(gap - text) < end)
    end = (size_t)(gap - text);
  g_autofree char *head = g_strndup(text, end);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GString) out = g_string_new(NULL);
  for (g_regex_match(flag, head, 0, &match); g_match_info_matches(match);
       g_match_info_next(match, NULL)) {
    g_autofree char *word = g_match_info_fetch(match, 1);
    g_string_append_printf(out, "%s%s", out->len ? " " : "", word);
  }
  return g_string_free(g_steal_pointer(&out), FALSE);
}

/* The flags the page gives under one section (and subsection, when not NULL). */
static GPtrArray *page_flags(const char *section, const char *subsection)
{
  GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, section) != 0 || g_strcmp0(entry->subsection, subsection) != 0)
      continue;
    if (entry->tag[0] == '-')
      g_ptr_array_add(out, flags_of(entry->tag));
  }
  return out;
}

/* The flags a help text lists: every line that starts with blanks and a dash. */
static GPtrArray *help_flags(const char *help, bool drop_help)
{
  GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
  g_auto(GStrv) lines = g_strsplit(help, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    const char *text = *line + strspn(*line, " ");
    if (text == *line || text[0] != '-')
      continue;
    g_autofree char *flags = flags_of(text);
    if (drop_help && strcmp(flags, "-h --help") == 0)
      continue;
    g_ptr_array_add(out, g_steal_pointer(&flags));
  }
  return out;
}

/* Records a failure with its reason and lets the case go on, to list every difference. */
static void fail(const char *format, ...) G_GNUC_PRINTF(1, 2);
static void fail(const char *format, ...)
{
  va_list args;
  va_start(args, format);
  g_autofree char *message = g_strdup_vprintf(format, args);
  va_end(args);
  g_test_message("%s", message);
  g_test_fail();
}

static bool contains(GPtrArray *list, const char *item)
{
  return g_ptr_array_find_with_equal_func(list, item, g_str_equal, NULL);
}

/* Each side's items missing from the other, one failure message per item. */
static void check_same(GPtrArray *program, const char *program_name, GPtrArray *page,
                       const char *what)
{
  for (guint i = 0; i < program->len; i++)
    if (!contains(page, program->pdata[i]))
      fail("%s \"%s\" is in %s but not in the page", what, (const char *)program->pdata[i],
           program_name);
  for (guint i = 0; i < page->len; i++)
    if (!contains(program, page->pdata[i]))
      fail("%s \"%s\" is in the page but not in %s", what, (const char *)page->pdata[i],
           program_name);
}

/* `verb` may be "VERB SUBCOMMAND" (store ingest). */
static char *help_of(const char *verb)
{
  g_auto(GStrv) words = g_strsplit(verb != NULL ? verb : "", " ", 2);
  const char *args[4] = {"--help", NULL, NULL, NULL};
  if (verb != NULL) {
    args[0] = words[0];
    args[1] = words[1] != NULL ? words[1] : "--help";
    args[2] = words[1] != NULL ? "--help" : NULL;
  }
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  char *out = g_steal_pointer(&o.out);
  outcome_clear(&o);
  return out;
}

/* The names a help text lists under `heading` ("Verbs:", "Subcommands:"), each after `prefix`. */
static GPtrArray *listed(const char *help, const char *heading, const char *prefix)
{
  GPtrArray *verbs = g_ptr_array_new_with_free_func(g_free);
  g_auto(GStrv) lines = g_strsplit(help, "\n", -1);
  bool in_verbs = false;
  for (char **line = lines; *line != NULL; line++) {
    if (strcmp(*line, heading) == 0) {
      in_verbs = true;
      continue;
    }
    if (in_verbs && (*line)[0] == '\0')
      break;
    if (in_verbs) {
      g_auto(GStrv) words = g_strsplit_set(g_strstrip(*line), " ", 2);
      g_ptr_array_add(verbs, g_strconcat(prefix, words[0], NULL));
    }
  }
  return verbs;
}

/* The verbs `speedmatrix --help` lists under "Verbs:". */
static GPtrArray *program_verbs(void)
{
  g_autofree char *help = help_of(NULL);
  return listed(help, "Verbs:", "");
}

/* A verb with subcommands (store): "store ingest", ... from `speedmatrix store --help`; the page
 * has a subsection for each, and the verb's own subsection holds no flags. */
static GPtrArray *program_subcommands(const char *verb)
{
  g_autofree char *help = help_of(verb);
  g_autofree char *prefix = g_strconcat(verb, " ", NULL);
  return listed(help, "Subcommands:", prefix);
}

static void test_verbs(void)
{
  g_autoptr(GPtrArray) program = program_verbs();
  g_assert_cmpuint(program->len, >, 0);
  g_autoptr(GPtrArray) page = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, "VERBS") != 0 || entry->subsection == NULL)
      continue;
    g_auto(GStrv) words = g_strsplit(entry->subsection, " ", 2); /* "store ingest" -> store */
    if (!contains(page, words[0]))
      g_ptr_array_add(page, g_strdup(words[0]));
  }
  check_same(program, "speedmatrix --help", page, "verb");
}

static void test_options(void)
{
  g_autofree char *help = help_of(NULL);
  g_autoptr(GPtrArray) program = help_flags(help, false);
  g_autoptr(GPtrArray) page = page_flags("OPTIONS", NULL);
  g_assert_cmpuint(program->len, >, 0);
  check_same(program, "speedmatrix --help", page, "option");
}

static void test_verb_flags(gconstpointer data)
{
  const char *verb = data;
  g_autofree char *help = help_of(verb);
  g_autoptr(GPtrArray) program = help_flags(help, true);
  g_autoptr(GPtrArray) page = page_flags("VERBS", verb);
  g_autofree char *name = g_strdup_printf("speedmatrix %s --help", verb);
  check_same(program, name, page, "flag");
}

static void test_keys(void)
{
  g_autoptr(GPtrArray) program = g_ptr_array_new_with_free_func(g_free);
  for (unsigned i = 0; sm_settings_key_spec(i) != NULL; i++) {
    const SmKeySpec *spec = sm_settings_key_spec(i);
    g_ptr_array_add(program, g_strdup_printf("[%s] %s", spec->group, spec->key));
  }
  g_autoptr(GPtrArray) page = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, "MATRIX FILE") != 0 || entry->subsection == NULL)
      continue;
    g_auto(GStrv) words = g_strsplit(entry->tag, " ", 2);
    g_ptr_array_add(page, g_strdup_printf("%s %s", entry->subsection, words[0]));
  }
  g_assert_cmpuint(program->len, >, 0);
  check_same(program, "config.c's key table", page, "key");
}

/* Every key's overriding flag is a run flag (so it is in the page too, by test_verb_flags). */
static void test_key_flags(void)
{
  g_autofree char *help = help_of("run");
  for (unsigned i = 0; sm_settings_key_spec(i) != NULL; i++) {
    const SmKeySpec *spec = sm_settings_key_spec(i);
    g_autofree char *pattern = g_strdup_printf(" %s=", spec->flag);
    if (strstr(help, pattern) == NULL)
      fail("key %s's flag %s is not in speedmatrix run --help", spec->key, spec->flag);
  }
}

static void test_columns(void)
{
  g_autofree char *header = sm_csv_header();
  g_auto(GStrv) names = g_strsplit(header, ",", -1);
  g_autoptr(GPtrArray) program = g_ptr_array_new_with_free_func(g_free);
  for (char **name = names; *name != NULL; name++)
    g_ptr_array_add(program, g_strdup(*name));
  g_autoptr(GPtrArray) page = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, "CSV COLUMNS") == 0)
      g_ptr_array_add(page, g_strdup(entry->tag));
  }
  check_same(program, "the CSV writer's header", page, "column");
  /* The same order too: the page reads as the file does. */
  for (guint i = 0; i < MIN(program->len, page->len); i++)
    if (strcmp(program->pdata[i], page->pdata[i]) != 0) {
      fail("column %u is \"%s\" in the header but \"%s\" in the page", i + 1,
           (const char *)program->pdata[i], (const char *)page->pdata[i]);
      break;
    }
}

/* Whether `text` has `name` as a whole word (names hold letters, digits and '-'). */
static bool has_word(const char *text, const char *name)
{
  size_t len = strlen(name);
  for (const char *at = strstr(text, name); at != NULL; at = strstr(at + 1, name)) {
    bool starts = at == text || !(g_ascii_isalnum(at[-1]) || at[-1] == '-');
    bool ends = !(g_ascii_isalnum(at[len]) || at[len] == '-');
    if (starts && ends)
      return true;
  }
  return false;
}

/* The text of the speedmatrix(1) entry in `section` whose tag contains `tag`. */
static const char *entry_text(const char *section, const char *tag)
{
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, section) == 0 && strstr(entry->tag, tag) != NULL)
      return entry->text;
  }
  return NULL;
}

/* Where a list of every kind or every operation must be whole: a place and its text. */
typedef struct {
  const char *place;
  const char *text;
} Place;

static void check_names(const Place *places, size_t count, const char *what,
                        const char *(*name_of)(unsigned), unsigned names)
{
  for (size_t p = 0; p < count; p++) {
    if (places[p].text == NULL) {
      fail("%s: not found (the list of every %s was there)", places[p].place, what);
      continue;
    }
    for (unsigned i = 0; i < names; i++)
      if (!has_word(places[p].text, name_of(i)))
        fail("%s \"%s\" is in the catalogue but not in %s", what, name_of(i), places[p].place);
  }
}

static const char *kind_name_of(unsigned i) { return sm_kind_name((SmKind)i); }
static const char *op_name_of(unsigned i) { return sm_op_name((SmOp)i); }

/* README.md's text from `start` up to `end` (NULL when it has no `start`). */
static char *readme_span(const char *start, const char *end)
{
  g_autofree char *path = g_build_filename(g_getenv("SM_TESTS_DIR"), "..", "README.md", NULL);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  const char *from = strstr(text, start);
  if (from == NULL)
    return NULL;
  const char *to = strstr(from, end);
  return to != NULL ? g_strndup(from, (gsize)(to - from)) : g_strdup(from);
}

/* README's exit-status paragraph says, for every verb of `speedmatrix --help`, what exit 1 means
 * for it (or that it never exits 1). */
static void test_exit_one(void)
{
  g_autofree char *said = readme_span("Every verb\nexits 0", "never exit 1.");
  g_assert_nonnull(said);
  g_autoptr(GPtrArray) verbs = program_verbs();
  for (guint i = 0; i < verbs->len; i++) {
    g_autofree char *bold = g_strdup_printf("**%s**", (const char *)verbs->pdata[i]);
    g_autofree char *bold_sub = g_strdup_printf("**%s ", (const char *)verbs->pdata[i]);
    if (strstr(said, bold) == NULL && strstr(said, bold_sub) == NULL)
      g_test_message("README's exit-status paragraph does not name %s",
                     (const char *)verbs->pdata[i]);
    g_assert_true(strstr(said, bold) != NULL || strstr(said, bold_sub) != NULL);
  }
}

/* The default output name of run and ct as the page gives it has the process id that --help
 * names (and the program writes): the page's -o entry of the verb, roff escapes kept. */
static void test_default_output_name(void)
{
  g_autofree char *path = g_build_filename(g_getenv("SM_MAN_DIR"), "speedmatrix.1", NULL);
  g_autofree char *page = NULL;
  g_assert_true(g_file_get_contents(path, &page, NULL, NULL));
  const char *const verbs[] = {"run", "ct"};
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++) {
    g_autofree char *help = help_of(verbs[i]);
    g_assert_nonnull(strstr(help, "<host>-<pid>"));
    g_autofree char *heading = g_strdup_printf("\n.SS %s\n", verbs[i]);
    const char *section = strstr(page, heading);
    g_assert_nonnull(section);
    const char *output = strstr(section, "\\fB\\-o\\fR, \\fB\\-\\-output\\fR");
    g_assert_nonnull(output);
    const char *next = strstr(output, "\n.TP");
    g_autofree char *entry =
        next != NULL ? g_strndup(output, (gsize)(next - output)) : g_strdup(output);
    g_test_message("%s -o: %s", verbs[i], entry);
    g_assert_true(strstr(entry, "<pid>") != NULL || strstr(entry, "<process\\ id>") != NULL);
  }
}

static void test_kinds(void)
{
  g_autofree char *run_help = help_of("run");
  g_autofree char *readme = readme_span("\n| `kind` |", "|\n");
  g_autofree char *choosing = readme_span("by kind:", "`all`");
  const Place places[] = {
      {"speedmatrix.1 CSV COLUMNS kind", entry_text("CSV COLUMNS", "kind")},
      {"speedmatrix.1 run --algorithms", entry_text("VERBS", "--algorithms=")},
      {"speedmatrix.1 summary --kind", entry_text("VERBS", "--kind=")},
      {"speedmatrix run --help", run_help},
      {"README.md's CSV row kind", readme},
      {"README.md's \"Choosing cells\" (by kind: ...)", choosing},
  };
  check_names(places, G_N_ELEMENTS(places), "kind", kind_name_of, SM_KIND_COUNT);
}

static void test_operations(void)
{
  g_autofree char *run_help = help_of("run");
  g_autofree char *readme = readme_span("\n| `operation` |", "|\n");
  const Place places[] = {
      {"speedmatrix.1 CSV COLUMNS operation", entry_text("CSV COLUMNS", "operation")},
      {"speedmatrix.1 run --operations", entry_text("VERBS", "--operations=")},
      {"speedmatrix run --help", run_help},
      {"README.md's CSV row operation", readme},
  };
  check_names(places, G_N_ELEMENTS(places), "operation", op_name_of, SM_OP_ALL_COUNT);
}

/* speedmatrix-engine(7) says what one call of each operation of each kind does: an entry of
 * SEMANTICS OF ONE OPERATION whose tag names the kind and the operation ("kem encaps",
 * "signature, kex, kem keygen"). setup is the runner's, not a slot, and is described apart. */
static void test_engine_semantics(void)
{
  g_assert_cmpuint(engine_entries->len, >, 0);
  for (unsigned k = 0; k < SM_KIND_COUNT; k++) {
    SmOp ops[SM_OP_COUNT];
    unsigned count = sm_kind_ops((SmKind)k, ops);
    for (unsigned i = 0; i < count; i++) {
      if (ops[i] == SM_OP_SETUP)
        continue;
      bool found = false;
      for (guint e = 0; e < engine_entries->len && !found; e++) {
        const Entry *entry = engine_entries->pdata[e];
        found = strcmp(entry->section, "SEMANTICS OF ONE OPERATION") == 0 &&
                has_word(entry->tag, sm_kind_name((SmKind)k)) &&
                has_word(entry->tag, sm_op_name(ops[i]));
      }
      if (!found)
        fail("speedmatrix-engine.7 has no semantics entry for %s %s", sm_kind_name((SmKind)k),
             sm_op_name(ops[i]));
    }
  }
}

/* The variable names each getenv call in `path` reads, into `release`, or into `hooked` for a
 * call inside #ifdef SM_TEST_HOOKS (compiled into the test build only). A call whose name is not
 * a string literal cannot be checked, and fails. */
static void scan_getenv(const char *path, GPtrArray *release, GPtrArray *hooked)
{
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_autoptr(GRegex) call =
      g_regex_new("\\b(?:g_|secure_)?getenv\\s*\\(\\s*(\"([^\"]*)\")?", 0, 0, NULL);
  g_autoptr(GRegex) directive =
      g_regex_new("^\\s*#\\s*(if|ifdef|ifndef|elif|else|endif)\\b\\s*(.*)", 0, 0, NULL);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  /* One entry per open #if: 1 while in the SM_TEST_HOOKS branch, 0 otherwise. */
  g_autoptr(GArray) open = g_array_new(FALSE, TRUE, sizeof(int));
  unsigned in_hooks = 0;
  for (guint n = 0; lines[n] != NULL; n++) {
    g_autoptr(GMatchInfo) d = NULL;
    if (g_regex_match(directive, lines[n], 0, &d)) {
      g_autofree char *word = g_match_info_fetch(d, 1), *rest = g_match_info_fetch(d, 2);
      if (word[0] == 'i') {
        int hooks = strcmp(word, "ifdef") == 0 && g_str_has_prefix(rest, "SM_TEST_HOOKS");
        if (!hooks && strstr(rest, "SM_TEST_HOOKS") != NULL)
          fail("%s:%u: not the one form this scan reads, #ifdef SM_TEST_HOOKS", path, n + 1);
        g_array_append_val(open, hooks);
        in_hooks += hooks;
      } else if (open->len > 0) {
        int *top = &g_array_index(open, int, open->len - 1);
        in_hooks -= *top;
        *top = 0; /* #else/#elif of #ifdef SM_TEST_HOOKS is release code; #endif closes */
        if (word[1] == 'n')
          g_array_set_size(open, open->len - 1);
      }
      continue;
    }
    g_autoptr(GMatchInfo) m = NULL;
    for (g_regex_match(call, lines[n], 0, &m); g_match_info_matches(m);
         g_match_info_next(m, NULL)) {
      g_autofree char *name = g_match_info_fetch(m, 2);
      if (name == NULL || name[0] == '\0')
        fail("%s:%u: getenv of a name that is not a string literal", path, n + 1);
      else if (!contains(in_hooks ? hooked : release, name))
        g_ptr_array_add(in_hooks ? hooked : release, g_steal_pointer(&name));
    }
  }
}

static void scan_tree(const char *dir, GPtrArray *release, GPtrArray *hooked)
{
  g_autoptr(GDir) listing = g_dir_open(dir, 0, NULL);
  g_assert_nonnull(listing);
  for (const char *name; (name = g_dir_read_name(listing)) != NULL;) {
    g_autofree char *path = g_build_filename(dir, name, NULL);
    if (g_file_test(path, G_FILE_TEST_IS_DIR))
      scan_tree(path, release, hooked);
    else if (g_str_has_suffix(name, ".c") || g_str_has_suffix(name, ".h") ||
             g_str_has_suffix(name, ".c.in"))
      scan_getenv(path, release, hooked);
  }
}

/* ENVIRONMENT lists every variable the release build reads (every getenv in runner/ outside
 * #ifdef SM_TEST_HOOKS), and nothing else but the libraries' own variables, which an entry
 * saying "Read by the libraries" names. */
static void test_environment(void)
{
  g_autoptr(GPtrArray) release = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) hooked = g_ptr_array_new_with_free_func(g_free);
  g_autofree char *runner = g_build_filename(g_getenv("SM_TESTS_DIR"), "..", "runner", NULL);
  scan_tree(runner, release, hooked);
  /* The scan tells the two apart: the test build's own variable is seen, and seen as hooked. */
  g_assert_true(contains(hooked, "SPEEDMATRIX_TEST_SLOWDOWN"));
  g_assert_true(contains(release, "SPEEDMATRIX_ENGINE_DIR"));
  g_autoptr(GPtrArray) page = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) libraries = g_ptr_array_new_with_free_func(g_free);
  /* TERM too: a name need not have an underscore */
  g_autoptr(GRegex) variable = g_regex_new("\\b[A-Z][A-Z0-9]*(_[A-Za-z0-9]+)*\\b", 0, 0, NULL);
  for (guint i = 0; i < entries->len; i++) {
    const Entry *entry = entries->pdata[i];
    if (strcmp(entry->section, "ENVIRONMENT") != 0)
      continue;
    bool theirs = g_str_has_prefix(entry->text, "Read by the libraries");
    g_autoptr(GMatchInfo) m = NULL;
    for (g_regex_match(variable, entry->tag, 0, &m); g_match_info_matches(m);
         g_match_info_next(m, NULL))
      g_ptr_array_add(theirs ? libraries : page, g_match_info_fetch(m, 0));
  }
  for (guint i = 0; i < release->len; i++)
    if (!contains(page, release->pdata[i]) && !contains(libraries, release->pdata[i]))
      fail("variable \"%s\" is read in runner/ but not in the page",
           (const char *)release->pdata[i]);
  for (guint i = 0; i < page->len; i++)
    if (!contains(release, page->pdata[i]))
      fail("variable \"%s\" is in the page but no getenv in runner/ reads it",
           (const char *)page->pdata[i]);
  for (guint i = 0; i < hooked->len; i++)
    if (contains(page, hooked->pdata[i]) || contains(libraries, hooked->pdata[i]))
      fail("variable \"%s\" is in the page but only the test build reads it",
           (const char *)hooked->pdata[i]);
}

/* Runs a shell command line; fails the test on a non-zero status or any standard error. */
static void check_silent(const char *command)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_spawn_command_line_sync(command, &out, &err, &status, &error));
  g_assert_no_error(error);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || err[0] != '\0')
    fail("%s: status %d, standard error:\n%s", command, status, err);
}

static void test_render(gconstpointer data)
{
  g_autofree char *path = g_build_filename(g_getenv("SM_MAN_DIR"), (const char *)data, NULL);
  g_autofree char *quoted = g_shell_quote(path);
  g_autofree char *groff = g_strdup_printf("groff -ww -z -man %s", quoted);
  check_silent(groff);
  g_autofree char *man =
      g_strdup_printf("env MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -P cat -l %s", quoted);
  check_silent(man);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autofree char *page = g_build_filename(g_getenv("SM_MAN_DIR"), "speedmatrix.1", NULL);
  entries = read_page(page);
  g_autofree char *engine_page =
      g_build_filename(g_getenv("SM_MAN_DIR"), "speedmatrix-engine.7", NULL);
  engine_entries = read_page(engine_page);
  g_test_add_func("/manpage/verbs", test_verbs);
  g_test_add_func("/manpage/options", test_options);
  g_autoptr(GPtrArray) verbs = program_verbs();
  g_autoptr(GPtrArray) subcommands = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < verbs->len; i++) {
    g_autoptr(GPtrArray) subs = program_subcommands(verbs->pdata[i]);
    for (guint j = 0; j < subs->len; j++)
      g_ptr_array_add(subcommands, g_strdup(subs->pdata[j]));
    g_autofree char *name = g_strdup_printf("/manpage/flags/%s", (const char *)verbs->pdata[i]);
    g_test_add_data_func(name, verbs->pdata[i], test_verb_flags);
  }
  for (guint i = 0; i < subcommands->len; i++) {
    g_autofree char *name =
        g_strdup_printf("/manpage/flags/%s", (const char *)subcommands->pdata[i]);
    g_strdelimit(name, " ", '/');
    g_test_add_data_func(name, subcommands->pdata[i], test_verb_flags);
  }
  g_test_add_func("/manpage/keys", test_keys);
  g_test_add_func("/manpage/key-flags", test_key_flags);
  g_test_add_func("/manpage/columns", test_columns);
  g_test_add_func("/manpage/environment", test_environment);
  g_test_add_func("/manpage/kinds", test_kinds);
  g_test_add_func("/manpage/exit-one", test_exit_one);
  g_test_add_func("/manpage/default-output-name", test_default_output_name);
  g_test_add_func("/manpage/operations", test_operations);
  g_test_add_func("/manpage/engine-semantics", test_engine_semantics);
  g_test_add_data_func("/manpage/render/speedmatrix.1", "speedmatrix.1", test_render);
  g_test_add_data_func("/manpage/render/speedmatrix-engine.7", "speedmatrix-engine.7", test_render);
  int status = g_test_run();
  g_ptr_array_unref(entries);
  g_ptr_array_unref(engine_entries);
  return status;
}
