#include "plan/config.h"

#include "core/catalog.h"
#include "core/row.h"
#include "core/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE (1024 * 1024) /* likewise a larger file */

typedef enum {
  KEY_ENGINES,
  KEY_ALGORITHMS,
  KEY_SIZES,
  KEY_API,
  KEY_OPERATIONS,
  KEY_ACCEL,
  KEY_PARALLEL,
  KEY_TIME,
  KEY_SAMPLES,
  KEY_SPREAD_TARGET,
  KEY_TIME_CAP,
  KEY_TIMEOUT,
  KEY_ORDER,
  KEY_PASSES,
  KEY_CONFIRM,
  KEY_SEED,
  KEY_THREADS,
  KEY_CONTEXT,
  KEY_COUNT
} KeyId;

static const SmKeySpec key_specs[KEY_COUNT] = {
    [KEY_ENGINES] = {"matrix", "engines", "--engines"},
    [KEY_ALGORITHMS] = {"matrix", "algorithms", "--algorithms"},
    [KEY_SIZES] = {"matrix", "sizes", "--sizes"},
    [KEY_API] = {"matrix", "api", "--api"},
    [KEY_OPERATIONS] = {"matrix", "operations", "--operations"},
    [KEY_ACCEL] = {"matrix", "accel", "--accel"},
    [KEY_PARALLEL] = {"matrix", "parallel", "--parallel"},
    [KEY_TIME] = {"measure", "time", "--time"},
    [KEY_SAMPLES] = {"measure", "samples", "--samples"},
    [KEY_SPREAD_TARGET] = {"measure", "spread_target", "--spread-target"},
    [KEY_TIME_CAP] = {"measure", "time_cap", "--time-cap"},
    [KEY_TIMEOUT] = {"measure", "timeout", "--timeout"},
    [KEY_ORDER] = {"measure", "order", "--order"},
    [KEY_PASSES] = {"measure", "passes", "--passes"},
    [KEY_CONFIRM] = {"measure", "confirm", "--confirm"},
    [KEY_SEED] = {"measure", "seed", "--seed"},
    [KEY_THREADS] = {"matrix", "threads", "--threads"},
    [KEY_CONTEXT] = {"matrix", "context", "--context"},
};

static const char *const group_names[] = {"matrix", "measure", NULL};

const SmKeySpec *sm_settings_key_spec(unsigned index)
{
  return index < KEY_COUNT ? &key_specs[index] : NULL;
}

/* Where each key was set in the file: a line number, 0 when absent. */
typedef struct {
  const char *name;
  unsigned key_line[KEY_COUNT];
} LineIndex;

static void describe_uints(GString *out, const char *name, const GArray *values)
{
  g_string_append_printf(out, "%s=", name);
  for (guint i = 0; i < values->len; i++)
    g_string_append_printf(out, "%s%u", i ? "," : "", g_array_index(values, guint, i));
  g_string_append_c(out, ';');
}

static void describe_flags(GString *out, const char *name, const bool *on, unsigned count,
                           const char *(*name_of)(unsigned))
{
  g_string_append_printf(out, "%s=", name);
  for (unsigned i = 0, n = 0; i < count; i++)
    if (on[i])
      g_string_append_printf(out, "%s%s", n++ ? "," : "", name_of(i));
  g_string_append_c(out, ';');
}

static const char *api_name_of(unsigned i) { return sm_api_name((SmApi)i); }
static const char *op_name_of(unsigned i) { return sm_op_name((SmOp)i); }
static const char *accel_name_of(unsigned i) { return i == SM_ACCEL_OFF ? "off" : "on"; }

char *sm_settings_describe(const SmSettings *s)
{
  GString *out = g_string_new(NULL);
  g_autofree char *engines = g_strjoinv(",", s->engines);
  g_autofree char *algorithms = g_strjoinv(",", s->algorithms);
  g_string_append_printf(out, "engines=%s;algorithms=%s;", engines, algorithms);
  describe_uints(out, "sizes", s->sizes);
  describe_flags(out, "api", s->api, SM_API_LEVELS, api_name_of);
  describe_flags(out, "operations", s->operations, SM_OP_ALL_COUNT, op_name_of);
  describe_flags(out, "accel", s->accel, 2, accel_name_of);
  describe_uints(out, "parallel", s->parallel);
  g_string_append_printf(out,
                         "time=%.17g;samples=%u;spread_target=%.17g;time_cap=%.17g;timeout=%.17g;"
                         "order=%s;passes=%u;seed=%" G_GUINT64_FORMAT,
                         s->time, s->samples, s->spread_target, s->time_cap, s->timeout,
                         s->interleave ? "interleaved" : "sequential", s->passes, s->seed);
  /* Only when set, so that the files of runs before it still resume. */
  if (s->confirm > 0)
    g_string_append_printf(out, ";confirm=%u", s->confirm);
  if (s->threads->len != 1 || g_array_index(s->threads, guint, 0) != 1) {
    g_string_append_c(out, ';');
    describe_uints(out, "threads", s->threads);
    g_string_truncate(out, out->len - 1);
  }
  if (s->context[true])
    g_string_append_printf(out, ";context=%s",
                           s->context[false] ? "reused,per-message" : "per-message");
  return g_string_free(out, FALSE);
}

void sm_settings_free(SmSettings *settings)
{
  if (settings == NULL)
    return;
  g_free(settings->matrix_path);
  g_strfreev(settings->engines);
  g_free(settings->engines_origin);
  g_strfreev(settings->algorithms);
  if (settings->sizes != NULL)
    g_array_unref(settings->sizes);
  if (settings->parallel != NULL)
    g_array_unref(settings->parallel);
  if (settings->threads != NULL)
    g_array_unref(settings->threads);
  g_free(settings);
}

static char *join_table(const char *const *names)
{
  GString *out = g_string_new(NULL);
  for (; *names != NULL; names++)
    g_string_append_printf(out, "%s%s", out->len ? ", " : "", *names);
  return g_string_free(out, FALSE);
}

static char *valid_keys(const char *group)
{
  GString *out = g_string_new(NULL);
  for (unsigned i = 0; i < KEY_COUNT; i++)
    if (strcmp(key_specs[i].group, group) == 0)
      g_string_append_printf(out, "%s%s", out->len ? ", " : "", key_specs[i].key);
  return g_string_free(out, FALSE);
}

static bool is_known_group(const char *group) { return g_strv_contains(group_names, group); }

static int find_key(const char *group, const char *key)
{
  for (unsigned i = 0; i < KEY_COUNT; i++)
    if (strcmp(key_specs[i].group, group) == 0 && strcmp(key_specs[i].key, key) == 0)
      return (int)i;
  return -1;
}

/* A pass over the raw text before GKeyFile: line numbers for every key, and the faults GKeyFile
 * would accept silently (duplicate keys, unknown groups and keys) or report without a line. */
static bool index_lines(LineIndex *index, const char *data, gsize length, GError **error)
{
  if (length > MAX_FILE) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: file is larger than %d bytes", index->name,
                MAX_FILE);
    return false;
  }
  if (memchr(data, '\0', length) != NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: file contains a NUL byte", index->name);
    return false;
  }
  g_autofree char *group = NULL;
  unsigned line_no = 0;
  const char *line = data, *end = data + length;
  while (line < end) {
    line_no++;
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    size_t len = eol ? (size_t)(eol - line) : (size_t)(end - line);
    if (!g_utf8_validate(line, (gssize)len, NULL)) {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s:%u: line is not valid UTF-8", index->name,
                  line_no);
      return false;
    }
    g_autofree char *text = g_strstrip(g_strndup(line, len));
    line = eol ? eol + 1 : end;
    if (text[0] == '\0' || text[0] == '#' || text[0] == ';')
      continue;
    if (text[0] == '[') {
      char *close = strchr(text, ']');
      if (close == NULL || close[1] != '\0') {
        g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s:%u: malformed section header \"%s\"",
                    index->name, line_no, text);
        return false;
      }
      g_free(group);
      group = g_strndup(text + 1, (size_t)(close - text - 1));
      if (!is_known_group(group)) {
        g_autofree char *valid = join_table(group_names);
        g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s:%u: unknown section [%s] (valid: %s)",
                    index->name, line_no, group, valid);
        return false;
      }
      continue;
    }
    char *equals = strchr(text, '=');
    if (equals == NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s:%u: expected \"key = value\", found \"%s\"",
                  index->name, line_no, text);
      return false;
    }
    if (group == NULL) {
      g_autofree char *valid = join_table(group_names);
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                  "%s:%u: key outside any section (valid sections: %s)", index->name, line_no,
                  valid);
      return false;
    }
    g_autofree char *key = g_strstrip(g_strndup(text, (size_t)(equals - text)));
    int id = find_key(group, key);
    if (id < 0) {
      g_autofree char *valid = valid_keys(group);
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s:%u: unknown key \"%s\" in [%s] (valid: %s)",
                  index->name, line_no, key, group, valid);
      return false;
    }
    if (index->key_line[id] != 0) {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                  "%s:%u: duplicate key \"%s\" (first set on line %u)", index->name, line_no, key,
                  index->key_line[id]);
      return false;
    }
    index->key_line[id] = line_no;
  }
  return true;
}

/* "FILE:LINE" or "--flag": where a value came from, for messages. */
static char *origin_of(const LineIndex *index, KeyId id, bool from_flag)
{
  if (from_flag)
    return g_strdup(key_specs[id].flag);
  return g_strdup_printf("%s:%u", index->name, index->key_line[id]);
}

/* Splits a comma-separated list, trimming blanks; an empty item is an error. */
static GStrv split_list(const char *value, const char *origin, GError **error)
{
  g_auto(GStrv) items = g_strsplit(value, ",", -1);
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func(g_free);
  for (char **item = items; *item != NULL; item++) {
    g_strstrip(*item);
    if (**item == '\0') {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: empty item in list \"%s\"", origin, value);
      return NULL;
    }
    g_ptr_array_add(out, g_strdup(*item));
  }
  if (out->len == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: empty list", origin);
    return NULL;
  }
  g_ptr_array_add(out, NULL);
  return (GStrv)g_ptr_array_free(g_steal_pointer(&out), FALSE);
}

static bool parse_algorithms(SmSettings *settings, const char *value, const char *origin,
                             GError **error)
{
  g_auto(GStrv) items = split_list(value, origin, error);
  if (items == NULL)
    return false;
  for (char **item = items; *item != NULL; item++) {
    SmKind kind;
    if (strcmp(*item, "all") == 0 || sm_kind_parse(*item, &kind) || sm_catalog_find(*item) != NULL)
      continue;
    g_autofree char *kinds = sm_kind_names(), *names = sm_catalog_names();
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: unknown algorithm \"%s\" (valid: all, %s, %s)", origin, *item, kinds, names);
    return false;
  }
  g_strfreev(settings->algorithms);
  settings->algorithms = g_steal_pointer(&items);
  return true;
}

static int compare_uint(gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return (x > y) - (x < y);
}

/* A list of whole numbers from 1 to `max` ("all" stands for `all` where that is not 0), kept
 * sorted with each once; `unit` and `note` complete the valid choices in the error. */
typedef struct {
  const char *what, *unit, *note;
  guint max, all;
} CountList;

static bool parse_counts(GArray **out, const CountList *list, const char *value, const char *origin,
                         GError **error)
{
  g_auto(GStrv) items = split_list(value, origin, error);
  if (items == NULL)
    return false;
  g_autoptr(GArray) counts = g_array_new(FALSE, FALSE, sizeof(guint));
  for (char **item = items; *item != NULL; item++) {
    guint64 count = list->all;
    if ((list->all == 0 || strcmp(*item, "all") != 0) &&
        !sm_parse_count(*item, 1, list->max, &count)) {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                  "%s: bad %s \"%s\" (valid: %swhole numbers%s from 1 to %u%s)", origin, list->what,
                  *item, list->all != 0 ? "all, or " : "", list->unit, list->max, list->note);
      return false;
    }
    guint c = (guint)count;
    bool seen = false;
    for (guint i = 0; i < counts->len; i++)
      seen |= g_array_index(counts, guint, i) == c;
    if (!seen)
      g_array_append_val(counts, c);
  }
  g_array_sort(counts, compare_uint);
  if (*out != NULL)
    g_array_unref(*out);
  *out = g_steal_pointer(&counts);
  return true;
}

static bool parse_sizes(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  const CountList sizes = {"block size", " of bytes", "", SM_MAX_BLOCK_SIZE, 0};
  return parse_counts(&settings->sizes, &sizes, value, origin, error);
}

/* The name of a flag's index, or NULL past the last one. */
typedef const char *(*FlagName)(unsigned index);

static const char *api_flag(unsigned index)
{
  return index < SM_API_LEVELS ? sm_api_name((SmApi)index) : NULL;
}

static const char *op_flag(unsigned index)
{
  return index < SM_OP_ALL_COUNT ? sm_op_name((SmOp)index) : NULL;
}

static const char *accel_flag(unsigned index)
{
  static const char *const names[] = {[SM_ACCEL_ON] = "on", [SM_ACCEL_OFF] = "off"};
  return index < G_N_ELEMENTS(names) ? names[index] : NULL;
}

static const char *context_flag(unsigned index)
{
  return index < 2 ? sm_context_name(index == 1) : NULL;
}

/* A list of names into flags[] (cleared first): each item one of name_of's names, or "all" where
 * `all` allows it; an unknown item is an error naming `what` and the valid names. */
static bool parse_flags(bool *flags, FlagName name_of, bool all, const char *what,
                        const char *value, const char *origin, GError **error)
{
  g_auto(GStrv) items = split_list(value, origin, error);
  if (items == NULL)
    return false;
  for (unsigned i = 0; name_of(i) != NULL; i++)
    flags[i] = false;
  for (char **item = items; *item != NULL; item++) {
    bool found = false;
    for (unsigned i = 0; name_of(i) != NULL; i++)
      if (strcmp(*item, name_of(i)) == 0 || (all && strcmp(*item, "all") == 0))
        found = flags[i] = true;
    if (!found) {
      g_autoptr(GString) valid = g_string_new(all ? "all" : "");
      for (unsigned i = 0; name_of(i) != NULL; i++)
        g_string_append_printf(valid, "%s%s", valid->len > 0 ? ", " : "", name_of(i));
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: unknown %s \"%s\" (valid: %s)", origin,
                  what, *item, valid->str);
      return false;
    }
  }
  return true;
}

static bool parse_api(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  return parse_flags(settings->api, api_flag, false, "API level", value, origin, error);
}

static bool parse_operations(SmSettings *settings, const char *value, const char *origin,
                             GError **error)
{
  return parse_flags(settings->operations, op_flag, true, "operation", value, origin, error);
}

static bool parse_time(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  double time = 0;
  if (!sm_parse_decimal(value, &time) || !(time >= 0.001 && time <= SM_MAX_TIME)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad time \"%s\" (valid: seconds per cell from 0.001 to %g, e.g. 0.5)", origin,
                value, SM_MAX_TIME);
    return false;
  }
  settings->time = time;
  return true;
}

static bool parse_samples(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  guint64 samples = 0;
  if (!sm_parse_count(value, SM_MIN_SAMPLES, SM_MAX_SAMPLES, &samples)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad sample count \"%s\" (valid: whole numbers from %u to %u)", origin, value,
                SM_MIN_SAMPLES, SM_MAX_SAMPLES);
    return false;
  }
  settings->samples = (unsigned)samples;
  return true;
}

static bool parse_seed(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  if (!sm_parse_count(value, 0, G_MAXUINT64, &settings->seed)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad seed \"%s\" (valid: a whole number from 0 to %" G_GUINT64_FORMAT ")",
                origin, value, G_MAXUINT64);
    return false;
  }
  return true;
}

static bool parse_seconds(double *out, const char *what, double min, double max, const char *value,
                          const char *origin, GError **error)
{
  double seconds = 0;
  if (!sm_parse_decimal(value, &seconds) || !(seconds >= min && seconds <= max)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad %s \"%s\" (valid: seconds from %g to %g)", origin, what, value, min, max);
    return false;
  }
  *out = seconds;
  return true;
}

static bool parse_time_cap(SmSettings *settings, const char *value, const char *origin,
                           GError **error)
{
  return parse_seconds(&settings->time_cap, "time cap", 0.001, 600, value, origin, error);
}

static bool parse_timeout(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  return parse_seconds(&settings->timeout, "timeout", 0.1, 3600, value, origin, error);
}

static bool parse_spread_target(SmSettings *settings, const char *value, const char *origin,
                                GError **error)
{
  double target = 0;
  if (!sm_parse_decimal(value, &target) || !(target >= 0 && target < 1)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad spread target \"%s\" (valid: a fraction from 0 to below 1, e.g. 0.01 "
                "for 1%%; 0 never stops early)",
                origin, value);
    return false;
  }
  settings->spread_target = target;
  return true;
}

static bool parse_order(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  if (strcmp(value, "interleaved") != 0 && strcmp(value, "sequential") != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: unknown order \"%s\" (valid: interleaved, sequential)", origin, value);
    return false;
  }
  settings->interleave = strcmp(value, "interleaved") == 0;
  return true;
}

static bool parse_passes(SmSettings *settings, const char *value, const char *origin,
                         GError **error)
{
  guint64 passes = 0;
  if (!sm_parse_count(value, 1, 20, &passes)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad pass count \"%s\" (valid: whole numbers from 1 to 20)", origin, value);
    return false;
  }
  settings->passes = (unsigned)passes;
  return true;
}

static bool parse_confirm(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  guint64 confirm = 0;
  if (!sm_parse_count(value, 0, 20, &confirm)) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: bad confirmation pass count \"%s\" (valid: whole numbers from 0 to 20)",
                origin, value);
    return false;
  }
  settings->confirm = (unsigned)confirm;
  return true;
}

static bool parse_accel(SmSettings *settings, const char *value, const char *origin, GError **error)
{
  return parse_flags(settings->accel, accel_flag, false, "accel mode", value, origin, error);
}

/* Worker counts: "all" is the online CPUs, and a count above them is refused (the workers are
 * pinned one per CPU; two on one CPU would be one worker measured twice). Sorted, each once, so
 * that `2,all` on two CPUs plans a cell once. */
static bool parse_parallel(SmSettings *settings, const char *value, const char *origin,
                           GError **error)
{
  guint cpus = sm_online_cpus();
  const CountList workers = {"worker count", "", ", the online CPUs", cpus, cpus};
  return parse_counts(&settings->parallel, &workers, value, origin, error);
}

/* Thread counts: "all" is the CPUs this process may run on (its affinity mask). More threads
 * than that are allowed (the run warns: the figure then measures the scheduler), up to a bound
 * that catches a typo before it starts thousands of threads. */
static bool parse_threads(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  const CountList threads = {"thread count", "", "", SM_MAX_THREADS, sm_usable_cpus()};
  return parse_counts(&settings->threads, &threads, value, origin, error);
}

static bool parse_context(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  return parse_flags(settings->context, context_flag, false, "context", value, origin, error);
}

static bool parse_engines(SmSettings *settings, const char *value, const char *origin,
                          GError **error)
{
  g_auto(GStrv) items = split_list(value, origin, error);
  if (items == NULL)
    return false;
  g_strfreev(settings->engines);
  settings->engines = g_steal_pointer(&items);
  g_free(settings->engines_origin);
  settings->engines_origin = g_strdup(origin);
  return true;
}

typedef bool (*ParseFn)(SmSettings *settings, const char *value, const char *origin,
                        GError **error);

static const ParseFn parsers[KEY_COUNT] = {
    [KEY_ENGINES] = parse_engines,
    [KEY_ALGORITHMS] = parse_algorithms,
    [KEY_SIZES] = parse_sizes,
    [KEY_API] = parse_api,
    [KEY_OPERATIONS] = parse_operations,
    [KEY_TIME] = parse_time,
    [KEY_SAMPLES] = parse_samples,
    [KEY_SEED] = parse_seed,
    [KEY_ACCEL] = parse_accel,
    [KEY_PARALLEL] = parse_parallel,
    [KEY_SPREAD_TARGET] = parse_spread_target,
    [KEY_TIME_CAP] = parse_time_cap,
    [KEY_TIMEOUT] = parse_timeout,
    [KEY_ORDER] = parse_order,
    [KEY_PASSES] = parse_passes,
    [KEY_CONFIRM] = parse_confirm,
    [KEY_THREADS] = parse_threads,
    [KEY_CONTEXT] = parse_context,
};

static void set_defaults(SmSettings *settings)
{
  settings->engines = g_strsplit("all", ",", -1);
  settings->engines_origin = g_strdup("the default engine list");
  settings->algorithms = g_strsplit("all", ",", -1);
  settings->sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  static const guint default_sizes[] = {16, 64, 256, 1024, 8192, 16384};
  g_array_append_vals(settings->sizes, default_sizes, G_N_ELEMENTS(default_sizes));
  for (unsigned api = 0; api < SM_API_COUNT; api++)
    settings->api[api] = true;
  for (unsigned op = 0; op < SM_OP_ALL_COUNT; op++)
    settings->operations[op] = true;
  settings->accel[SM_ACCEL_ON] = true;
  settings->parallel = g_array_new(FALSE, FALSE, sizeof(guint));
  guint one = 1;
  g_array_append_val(settings->parallel, one);
  settings->threads = g_array_new(FALSE, FALSE, sizeof(guint));
  g_array_append_val(settings->threads, one);
  settings->context[false] = true;
  settings->time = 0.2;
  settings->samples = 11;
  settings->spread_target = 0.01;
  settings->time_cap = 0; /* 0: three times `time`, resolved after loading */
  settings->timeout = 0;  /* 0: resolved after loading */
  settings->interleave = true;
  settings->passes = 1;
  settings->seed = 1;
}

/* The file sets a key, or a flag names what to measure (a [matrix] key). */
static bool names_what_to_measure(const LineIndex *index, const char *const *override_values)
{
  for (unsigned id = 0; id < KEY_COUNT; id++)
    if (index->key_line[id] != 0 ||
        (override_values[id] != NULL && strcmp(key_specs[id].group, "matrix") == 0))
      return true;
  return false;
}

SmSettings *sm_settings_load_data(const char *name, const char *data, gsize length,
                                  const SmOverrides *overrides, GError **error)
{
  g_autoptr(SmSettings) settings = g_new0(SmSettings, 1);
  set_defaults(settings);
  LineIndex index = {.name = name};
  /* A UTF-8 byte-order mark (many editors write one) is not part of the first line. */
  if (data != NULL && length >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
    data += 3;
    length -= 3;
  }
  if (data != NULL) {
    settings->matrix_path = g_strdup(name);
    if (!index_lines(&index, data, length, error))
      return NULL;
    g_autoptr(GKeyFile) file = g_key_file_new();
    g_autoptr(GError) local = NULL;
    /* ';' starts a comment line as '#' does (index_lines skips both; GKeyFile knows only '#') */
    g_autofree char *text = g_strndup(data, length);
    for (char *line = text; line != NULL; line = strchr(line, '\n')) {
      line += *line == '\n'; /* past the line end that ended the last line */
      char *first = line + strspn(line, " \t");
      if (*first == ';')
        *first = '#';
    }
    if (!g_key_file_load_from_data(file, text, length, G_KEY_FILE_NONE, &local)) {
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: %s", name, local->message);
      return NULL;
    }
    for (unsigned id = 0; id < KEY_COUNT; id++) {
      if (index.key_line[id] == 0)
        continue;
      g_autofree char *value =
          g_key_file_get_value(file, key_specs[id].group, key_specs[id].key, NULL);
      /* Inline comments after a value are allowed: "sizes = 16, 64  # small" (or "; small"). */
      char *hash = value ? strpbrk(value, "#;") : NULL;
      if (hash != NULL)
        *hash = '\0';
      g_strstrip(value);
      g_autofree char *origin = origin_of(&index, (KeyId)id, false);
      if (!parsers[id](settings, value, origin, error))
        return NULL;
    }
  }
  const char *const override_values[KEY_COUNT] = {
      [KEY_ENGINES] = overrides ? overrides->engines : NULL,
      [KEY_ALGORITHMS] = overrides ? overrides->algorithms : NULL,
      [KEY_SIZES] = overrides ? overrides->sizes : NULL,
      [KEY_API] = overrides ? overrides->api : NULL,
      [KEY_OPERATIONS] = overrides ? overrides->operations : NULL,
      [KEY_TIME] = overrides ? overrides->time : NULL,
      [KEY_SAMPLES] = overrides ? overrides->samples : NULL,
      [KEY_SEED] = overrides ? overrides->seed : NULL,
      [KEY_ACCEL] = overrides ? overrides->accel : NULL,
      [KEY_PARALLEL] = overrides ? overrides->parallel : NULL,
      [KEY_SPREAD_TARGET] = overrides ? overrides->spread_target : NULL,
      [KEY_TIME_CAP] = overrides ? overrides->time_cap : NULL,
      [KEY_TIMEOUT] = overrides ? overrides->timeout : NULL,
      [KEY_ORDER] = overrides ? overrides->order : NULL,
      [KEY_PASSES] = overrides ? overrides->passes : NULL,
      [KEY_CONFIRM] = overrides ? overrides->confirm : NULL,
      [KEY_THREADS] = overrides ? overrides->threads : NULL,
      [KEY_CONTEXT] = overrides ? overrides->context : NULL,
  };
  for (unsigned id = 0; id < KEY_COUNT; id++) {
    if (override_values[id] == NULL)
      continue;
    /* blanks around a flag's value count for nothing, as around a file's */
    g_autofree char *value = g_strstrip(g_strdup(override_values[id]));
    if (!parsers[id](settings, value, key_specs[id].flag, error))
      return NULL;
  }
  if (data != NULL && !names_what_to_measure(&index, override_values)) {
    /* Every default at once is some 16,000 cells, about an hour: never by an empty file. */
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "%s: sets nothing (no key, and no --engines, --algorithms, --sizes... flag): "
                "an empty matrix would measure every cell; set one, e.g. engines = all",
                name);
    return NULL;
  }
  /* Threads share a process and processes share nothing: a cell of both would be neither. */
  guint most_threads = g_array_index(settings->threads, guint, settings->threads->len - 1);
  guint most_workers = g_array_index(settings->parallel, guint, settings->parallel->len - 1);
  if (most_threads > 1 && most_workers > 1) {
    g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                "--threads: cannot be combined with --parallel above 1 (threads share one "
                "process, parallel workers share nothing; measure them in separate runs)");
    return NULL;
  }
  /* A thread count's efficiency is against the same cells on one thread, measured in the same
   * passes beside them (run/schedule.h): those cells are always measured. */
  if (most_threads > 1 && g_array_index(settings->threads, guint, 0) != 1) {
    guint one = 1;
    g_array_prepend_val(settings->threads, one);
  }
  if (settings->time_cap == 0)
    settings->time_cap = 3 * settings->time;
  if (settings->time_cap < settings->time)
    settings->time_cap = settings->time;
  if (settings->timeout == 0) /* generous: calibration, known answers and RSA-4096 key checks */
    settings->timeout = 30 + 10 * settings->time_cap;
  return g_steal_pointer(&settings);
}

SmSettings *sm_settings_load(const char *path, const SmOverrides *overrides, GError **error)
{
  gsize length = 0;
  /* bounded before anything is allocated: --matrix /dev/zero is refused at the cap */
  g_autofree char *data = sm_read_bounded(path, MAX_FILE, &length, error);
  if (data == NULL)
    return NULL;
  return sm_settings_load_data(path, data, length, overrides, error);
}

#ifndef SM_MATRIX_FALLBACK
#define SM_MATRIX_FALLBACK "/usr/local/share/speedmatrix/matrix.ini"
#endif

char *sm_matrix_path(const char *given, GError **error)
{
  if (given != NULL)
    return g_strdup(given);
  if (g_file_test("matrix.ini", G_FILE_TEST_EXISTS))
    return g_strdup("matrix.ini");
  if (g_file_test(SM_MATRIX_FALLBACK, G_FILE_TEST_EXISTS))
    return g_strdup(SM_MATRIX_FALLBACK);
  /* a build tree's binary run from elsewhere: the installed file is not there yet */
  g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
              "no matrix.ini in this directory and none installed (%s): give --matrix FILE",
              SM_MATRIX_FALLBACK);
  return NULL;
}
