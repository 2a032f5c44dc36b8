/* The report's machines section (see report_machines.h). */
#include "report/report_machines.h"

#include <math.h>
#include <string.h>

/* A cell across machines: engine, algorithm, operation and block size. The api is left out:
 * openssl 3 measures everything through EVP where 1.x called the primitives. */
static char *cell_key(const SmRow *row)
{
  return g_strdup_printf("%s\x1f%s\x1f%s\x1f%u", row->engine, row->algorithm,
                         sm_op_name(row->operation), row->block_size);
}

static bool is_plain(const SmResultRow *result)
{
  return result->row->status == SM_STATUS_OK && result->row->accel == SM_ACCEL_ON &&
         result->row->parallel == 1;
}

typedef struct {
  GPtrArray *machines; /* char*, in order of first appearance: the first is the baseline */
  GPtrArray *cells;    /* char* keys, in order of first appearance */
  GHashTable *figures; /* "machine\x1ekey" -> const SmResultRow* (the first) */
  GHashTable *first;   /* key -> const SmResultRow*: names the cell */
} Machines;

static void collect(Machines *m, GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++) {
    const SmResultRow *result = results->pdata[i];
    if (!is_plain(result))
      continue;
    char *machine = sm_row_machine(result->row);
    char *key = cell_key(result->row);
    if (!g_ptr_array_find_with_equal_func(m->machines, machine, g_str_equal, NULL))
      g_ptr_array_add(m->machines, g_strdup(machine));
    if (!g_hash_table_contains(m->first, key)) {
      g_ptr_array_add(m->cells, g_strdup(key));
      g_hash_table_insert(m->first, g_strdup(key), (gpointer)result);
    }
    char *both = g_strconcat(machine, "\x1e", key, NULL);
    if (!g_hash_table_contains(m->figures, both))
      g_hash_table_insert(m->figures, both, (gpointer)result);
    else
      g_free(both);
    g_free(machine);
    g_free(key);
  }
}

static const SmResultRow *figure_of(const Machines *m, guint machine, const char *key)
{
  g_autofree char *both = g_strconcat(m->machines->pdata[machine], "\x1e", key, NULL);
  return g_hash_table_lookup(m->figures, both);
}

/* "1052.80 MB/s x7.44": the figure as the report shows it, and its ratio to the baseline. */
static char *shown(const SmResultRow *result, const SmResultRow *base)
{
  if (result == NULL)
    return g_strdup("");
  double figure = sm_result_figure(result);
  g_autofree char *value = sm_result_is_bulk(result) ? g_strdup_printf("%.2f MB/s", figure / 1e6)
                                                     : g_strdup_printf("%.1f ops/s", figure);
  if (base == NULL || base == result || sm_result_figure(base) <= 0)
    return g_steal_pointer(&value);
  return g_strdup_printf("%s x%.2f", value, figure / sm_result_figure(base));
}

static SmGrid *machines_grid(const Machines *m)
{
  guint columns = 3 + m->machines->len;
  g_autofree const char **headers = g_new0(const char *, columns);
  g_autofree char *align = g_strnfill(columns, 'r');
  headers[0] = "algorithm", headers[1] = "operation", headers[2] = "size";
  align[0] = align[1] = 'l';
  for (guint i = 0; i < m->machines->len; i++)
    headers[3 + i] = m->machines->pdata[i];
  SmGrid *grid = sm_grid_new(headers, columns, align);
  for (guint c = 0; c < m->cells->len; c++) {
    const char *key = m->cells->pdata[c];
    const SmRow *row = ((const SmResultRow *)g_hash_table_lookup(m->first, key))->row;
    char **cells = g_new0(char *, columns + 1);
    cells[0] = g_strdup(row->algorithm);
    cells[1] = g_strdup(sm_op_name(row->operation));
    cells[2] = row->block_size ? g_strdup_printf("%u", row->block_size) : g_strdup("");
    const SmResultRow *base = figure_of(m, 0, key);
    for (guint i = 0; i < m->machines->len; i++)
      cells[3 + i] = shown(figure_of(m, i, key), base);
    sm_grid_add_row_owned(grid, cells); /* takes the strings, not the array */
    g_free(cells);
  }
  return grid;
}

SmReportSection *sm_report_machines_section(GPtrArray *results)
{
  Machines m = {
      .machines = g_ptr_array_new_with_free_func(g_free),
      .cells = g_ptr_array_new_with_free_func(g_free),
      .figures = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
      .first = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
  };
  collect(&m, results);
  SmReportSection *section = NULL;
  if (m.machines->len >= 2) {
    section = g_new0(SmReportSection, 1);
    section->id = g_strdup("machines");
    section->title = g_strdup("By machine");
    section->intro = g_strdup_printf(
        "Each cell on every machine, and its ratio to the first machine (%s): x2.00 is twice as "
        "fast. The api level is not matched: openssl 3 measures through EVP where 1.x called "
        "the primitives.",
        (const char *)m.machines->pdata[0]);
    section->grid = machines_grid(&m);
  }
  g_ptr_array_unref(m.machines);
  g_ptr_array_unref(m.cells);
  g_hash_table_unref(m.figures);
  g_hash_table_unref(m.first);
  return section;
}
