#include "isolate/wire.h"

#include "core/util.h"

#include <stdlib.h>
#include <string.h>

/* The costs beyond speed, after the samples: impl, counted ops, allocations, bytes asked for,
 * context bytes (empty: unknown). A line without them (a journal of an earlier speedmatrix) is
 * read as costs unknown. */
#define BASE_FIELDS 16
#define COST_FIELDS 5
/* Then the contention probe's rates (cell/probe.h); a line without them has none. */
#define PROBE_FIELDS 1
/* Then the library file the worker mapped and its run-time version; a line without them: unknown.
 */
#define LIBRARY_FIELDS 2
/* Then the lock waits the engine counted (empty: it cannot tell); a line without it: none. */
#define LOCK_FIELDS 1

static char *format_costs(const SmCellResult *r)
{
  g_autofree char *impl = g_strescape(r->impl ? r->impl : "", NULL);
  g_autofree char *context =
      r->has_context_bytes ? g_strdup_printf("%" G_GUINT64_FORMAT, r->context_bytes) : g_strdup("");
  return g_strdup_printf("%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
                         "\t%s",
                         impl, r->counted_ops, r->allocs, r->alloc_bytes, context);
}

static bool parse_count(const char *text, guint64 *out)
{
  return g_ascii_string_to_unsigned(text, 10, 0, G_MAXUINT64, out, NULL);
}

static bool parse_costs(char **f, SmCellResult *r)
{
  if (!parse_count(f[1], &r->counted_ops) || !parse_count(f[2], &r->allocs) ||
      !parse_count(f[3], &r->alloc_bytes))
    return false;
  r->has_context_bytes = f[4][0] != '\0';
  if (r->has_context_bytes && !parse_count(f[4], &r->context_bytes))
    return false;
  r->impl = f[0][0] ? g_strcompress(f[0]) : NULL;
  return true;
}

char *sm_wire_format_result(const SmCellResult *r)
{
  g_autofree char *detail = g_strescape(r->detail ? r->detail : "", NULL);
  g_autofree char *accel = g_strescape(r->accel_detail ? r->accel_detail : "", NULL);
  GString *samples = g_string_new(NULL);
  for (guint i = 0; r->samples != NULL && i < r->samples->len; i++) {
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(
        samples, "%s%s", i ? "," : "",
        g_ascii_dtostr(number, sizeof number, g_array_index(r->samples, double, i)));
  }
  g_autofree char *sample_list = g_string_free(samples, FALSE);
  g_autofree char *costs = format_costs(r);
  g_autofree char *probe = sm_probe_format(&r->probe);
  g_autofree char *library_path = g_strescape(r->library_path ? r->library_path : "", NULL);
  g_autofree char *library_version =
      g_strescape(r->library_version ? r->library_version : "", NULL);
  g_autofree char *lock_waits =
      r->has_lock_waits ? g_strdup_printf("%" G_GUINT64_FORMAT, r->lock_waits) : g_strdup("");
  return g_strdup_printf("result\t%s\t%s\t%zu\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%zu\t%d"
                         "\t%" G_GUINT64_FORMAT "\t%.17g\t%s\t%s\t%s\t%s\t%s\t%s\t%s",
                         sm_status_name(r->status), detail, r->stats.count, r->stats.median,
                         r->stats.mad, r->stats.cv, r->stats.mean, r->stats.min, r->stats.max,
                         r->stats.outliers, r->budget_hit ? 1 : 0, r->ops_per_sample, r->clock_hz,
                         accel, sample_list, costs, probe, library_path, library_version,
                         lock_waits);
}

static bool parse_double(const char *text, double *out)
{
  char *end = NULL;
  *out = g_ascii_strtod(text, &end);
  return end != text && *end == '\0';
}

static bool parse_size(const char *text, size_t *out)
{
  guint64 value = 0;
  if (!g_ascii_string_to_unsigned(text, 10, 0, G_MAXSIZE, &value, NULL))
    return false;
  *out = (size_t)value;
  return true;
}

bool sm_wire_parse_result(const char *line, SmCellResult *r)
{
  g_auto(GStrv) f = g_strsplit(line, "\t", -1);
  guint fields = g_strv_length(f);
  if ((fields != BASE_FIELDS && fields != BASE_FIELDS + COST_FIELDS &&
       fields != BASE_FIELDS + COST_FIELDS + PROBE_FIELDS &&
       fields != BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + LIBRARY_FIELDS &&
       fields != BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + LIBRARY_FIELDS + LOCK_FIELDS) ||
      strcmp(f[0], "result") != 0)
    return false;
  *r = (SmCellResult){0};
  bool found = false;
  for (unsigned s = SM_STATUS_PENDING; s <= SM_STATUS_TIMEOUT; s++)
    if (strcmp(f[1], sm_status_name((SmStatus)s)) == 0) {
      r->status = (SmStatus)s;
      found = true;
    }
  guint64 per_sample = 0;
  bool ok = found && parse_size(f[3], &r->stats.count) && parse_double(f[4], &r->stats.median) &&
            parse_double(f[5], &r->stats.mad) && parse_double(f[6], &r->stats.cv) &&
            parse_double(f[7], &r->stats.mean) && parse_double(f[8], &r->stats.min) &&
            parse_double(f[9], &r->stats.max) && parse_size(f[10], &r->stats.outliers) &&
            (strcmp(f[11], "0") == 0 || strcmp(f[11], "1") == 0) &&
            g_ascii_string_to_unsigned(f[12], 10, 0, G_MAXUINT64, &per_sample, NULL) &&
            parse_double(f[13], &r->clock_hz) &&
            (fields == BASE_FIELDS || parse_costs(f + BASE_FIELDS, r)) &&
            (fields < BASE_FIELDS + COST_FIELDS + PROBE_FIELDS ||
             sm_probe_parse(f[BASE_FIELDS + COST_FIELDS], &r->probe));
  if (!ok) {
    sm_cell_result_clear(r);
    return false;
  }
  r->budget_hit = f[11][0] == '1';
  r->ops_per_sample = per_sample;
  if (f[15][0] != '\0') {
    g_auto(GStrv) items = g_strsplit(f[15], ",", -1);
    r->samples = g_array_new(FALSE, FALSE, sizeof(double));
    for (char **item = items; *item != NULL; item++) {
      double value = 0;
      if (!parse_double(*item, &value)) {
        sm_cell_result_clear(r);
        return false;
      }
      g_array_append_val(r->samples, value);
    }
  }
  r->detail = f[2][0] ? g_strcompress(f[2]) : NULL;
  r->accel_detail = f[14][0] ? g_strcompress(f[14]) : NULL;
  if (fields >= BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + LIBRARY_FIELDS) {
    const char *path = f[BASE_FIELDS + COST_FIELDS + PROBE_FIELDS];
    const char *version = f[BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + 1];
    r->library_path = path[0] ? g_strcompress(path) : NULL;
    r->library_version = version[0] ? g_strcompress(version) : NULL;
  }
  if (fields == BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + LIBRARY_FIELDS + LOCK_FIELDS) {
    const char *waits = f[BASE_FIELDS + COST_FIELDS + PROBE_FIELDS + LIBRARY_FIELDS];
    r->has_lock_waits = waits[0] != '\0';
    if (r->has_lock_waits && !parse_count(waits, &r->lock_waits)) {
      sm_cell_result_clear(r);
      return false;
    }
  }
  return true;
}

char *sm_wire_hex_list(const SmBytes *items, unsigned count)
{
  if (count == 0)
    return g_strdup("-");
  GString *out = g_string_new(NULL);
  for (unsigned i = 0; i < count; i++) {
    g_autofree char *hex = sm_hex_encode(items[i].data, items[i].len);
    g_string_append_printf(out, "%s%s", i ? "," : "", hex[0] ? hex : "=");
  }
  return g_string_free(out, FALSE);
}

bool sm_wire_parse_hex_list(const char *text, GPtrArray *storage)
{
  if (strcmp(text, "-") == 0)
    return true;
  g_auto(GStrv) items = g_strsplit(text, ",", -1);
  for (char **item = items; *item != NULL; item++) {
    GByteArray *bytes = sm_hex_decode(strcmp(*item, "=") == 0 ? "" : *item);
    if (bytes == NULL)
      return false;
    g_ptr_array_add(storage, bytes);
  }
  return true;
}
