#include "io/scaling.h"

#include "core/catalog.h"
#include "core/cell_id.h"

#include <math.h>
#include <string.h>

int sm_efficiency_moved(double was, double now)
{
  if (!(was > 0) || !(now > 0) || fabs(now - was) <= SM_EFFICIENCY_CHANGE)
    return 0;
  return now < was ? -1 : 1;
}

static void line_free(SmScalingLine *line)
{
  g_free(line->label);
  g_free(line->cells);
  g_free(line);
}

void sm_scaling_free(SmScaling *scaling)
{
  if (scaling == NULL)
    return;
  g_ptr_array_unref(scaling->engines);
  g_ptr_array_unref(scaling->lines);
  g_free(scaling);
}

/* A row the view is about: ok, accel on, one process, `threads` threads, an efficiency. */
static bool counts(const SmRow *row, unsigned threads)
{
  return row->status == SM_STATUS_OK && row->accel == SM_ACCEL_ON && row->parallel == 1 &&
         row->threads == threads && row->scaling_efficiency > 0;
}

static guint engine_column(GPtrArray *engines, const char *engine)
{
  guint index = 0;
  if (!g_ptr_array_find_with_equal_func(engines, engine, g_str_equal, &index)) {
    g_ptr_array_add(engines, g_strdup(engine));
    index = engines->len - 1;
  }
  return index;
}

static SmCellId line_id(gconstpointer row) { return sm_row_id(row); }

/* Lines by algorithm, operation, size and context, engines by name: not the run's shuffled order. */
static gint by_line(gconstpointer a, gconstpointer b)
{
  const SmRow *x = *(const SmRow *const *)a, *y = *(const SmRow *const *)b;
  int c = strcmp(x->algorithm, y->algorithm);
  if (c == 0)
    c = (int)x->operation - (int)y->operation;
  if (c == 0)
    c = (x->block_size > y->block_size) - (x->block_size < y->block_size);
  if (c == 0)
    c = (int)x->per_message - (int)y->per_message;
  return c != 0 ? c : strcmp(x->engine, y->engine);
}

SmScaling *sm_scaling_build(GPtrArray *rows)
{
  unsigned threads = 1;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->status == SM_STATUS_OK && row->parallel == 1)
      threads = MAX(threads, row->threads);
  }
  if (threads <= 1)
    return NULL;
  g_autoptr(GPtrArray) chosen = g_ptr_array_new();
  for (guint i = 0; i < rows->len; i++)
    if (counts(rows->pdata[i], threads))
      g_ptr_array_add(chosen, rows->pdata[i]);
  g_ptr_array_sort(chosen, by_line);
  SmScaling *scaling = g_new0(SmScaling, 1);
  scaling->threads = threads;
  scaling->engines = g_ptr_array_new_with_free_func(g_free);
  scaling->lines = g_ptr_array_new_with_free_func((GDestroyNotify)line_free);
  for (guint i = 0; i < chosen->len; i++)
    engine_column(scaling->engines, ((const SmRow *)chosen->pdata[i])->engine);
  /* A line: every axis but the engine and the level, whose best is shown. */
  g_autoptr(GPtrArray) groups =
      sm_cell_id_groups(chosen, line_id, SM_AXES_CELL & ~SM_AXIS_ENGINE & ~SM_AXIS_API);
  for (guint g = 0; g < groups->len; g++) {
    GPtrArray *group = groups->pdata[g];
    const SmRow *first = group->pdata[0];
    SmScalingLine *line = g_new0(SmScalingLine, 1);
    g_autofree char *size =
        first->block_size > 0 ? g_strdup_printf(" %u B", first->block_size) : g_strdup("");
    line->label = g_strdup_printf("%s %s%s %s", first->algorithm, sm_op_name(first->operation),
                                  size, sm_context_name(first->per_message));
    line->cells = g_new0(SmScalingCell, scaling->engines->len);
    for (guint r = 0; r < group->len; r++) {
      const SmRow *row = group->pdata[r];
      SmScalingCell *cell = &line->cells[engine_column(scaling->engines, row->engine)];
      if (cell->row == NULL || row->scaling_efficiency > cell->row->scaling_efficiency)
        cell->row = row;
    }
    g_ptr_array_add(scaling->lines, line);
  }
  return scaling;
}

void sm_scaling_render_text(const SmScaling *scaling, GString *out)
{
  int label_width = 10;
  for (guint l = 0; l < scaling->lines->len; l++)
    label_width = MAX(label_width, (int)strlen(((SmScalingLine *)scaling->lines->pdata[l])->label));
  g_string_append_printf(out,
                         "\nscaling at %u threads: each engine's best level, its rate over %u x "
                         "its rate on one thread (1.00: no loss)\n",
                         scaling->threads, scaling->threads);
  g_string_append_printf(out, "%-*s", label_width, "");
  for (guint e = 0; e < scaling->engines->len; e++)
    g_string_append_printf(out, "  %-14s", (const char *)scaling->engines->pdata[e]);
  g_string_append_c(out, '\n');
  for (guint l = 0; l < scaling->lines->len; l++) {
    const SmScalingLine *line = scaling->lines->pdata[l];
    g_string_append_printf(out, "%-*s", label_width, line->label);
    for (guint e = 0; e < scaling->engines->len; e++) {
      const SmRow *row = line->cells[e].row;
      g_autofree char *text =
          row != NULL ? g_strdup_printf("%.2f %s", row->scaling_efficiency, sm_api_name(row->api))
                      : g_strdup("-");
      g_string_append_printf(out, "  %-14s", text);
    }
    g_string_append_c(out, '\n');
  }
}
