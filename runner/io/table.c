#include "io/table.h"

#include "core/builds.h"
#include "core/catalog.h"
#include "core/registry.h"

#include <string.h>

static const char *short_status(SmStatus status)
{
  switch (status) {
  case SM_STATUS_UNSUPPORTED:
    return "n/a";
  case SM_STATUS_KAT_FAILED:
    return "KAT-FAIL";
  case SM_STATUS_ERROR:
    return "error";
  case SM_STATUS_CRASHED:
    return "crashed";
  case SM_STATUS_TIMEOUT:
    return "timeout";
  default:
    return "?";
  }
}

static bool same_group(const SmRow *a, const SmRow *b)
{
  return strcmp(a->engine, b->engine) == 0 && a->api == b->api;
}

/* One table line: the same algorithm, operation, accel mode and worker count. */
static bool same_line(const SmRow *a, const SmRow *b)
{
  return same_group(a, b) && strcmp(a->algorithm, b->algorithm) == 0 &&
         a->operation == b->operation && a->accel == b->accel && a->parallel == b->parallel;
}

static char *line_label(const SmRow *row)
{
  GString *label = g_string_new(NULL);
  g_string_append_printf(label, "%s %s", row->algorithm, sm_op_name(row->operation));
  if (row->accel == SM_ACCEL_OFF)
    g_string_append(label, " accel=off");
  if (row->parallel > 1)
    g_string_append_printf(label, " x%u", row->parallel);
  return g_string_free(label, FALSE);
}

/* A build (ENGINE@LABEL) stands beside its engine. */
static int rank_of(const char *engine)
{
  int rank = sm_engine_rank(engine);
  return rank == G_MAXINT ? 1000 : rank;
}

static int catalogue_index(const char *algorithm)
{
  for (int i = 0; sm_catalog[i].name != NULL; i++)
    if (strcmp(sm_catalog[i].name, algorithm) == 0)
      return i;
  return 10000;
}

/* The table reads in a fixed order whatever order the cells ran in. */
static int compare_rows(gconstpointer pa, gconstpointer pb)
{
  const SmRow *a = *(SmRow *const *)pa, *b = *(SmRow *const *)pb;
  int d = rank_of(a->engine) - rank_of(b->engine);
  if (d == 0)
    d = strcmp(a->engine, b->engine);
  if (d == 0)
    d = (int)a->api - (int)b->api;
  if (d == 0)
    d = catalogue_index(a->algorithm) - catalogue_index(b->algorithm);
  if (d == 0)
    d = strcmp(a->algorithm, b->algorithm);
  if (d == 0)
    d = (int)a->operation - (int)b->operation;
  if (d == 0)
    d = (int)a->accel - (int)b->accel;
  if (d == 0)
    d = (int)a->parallel - (int)b->parallel;
  if (d == 0)
    d = (a->block_size > b->block_size) - (a->block_size < b->block_size);
  return d;
}

static void print_bulk(FILE *out, GPtrArray *rows, const SmRow *first, GArray *sizes)
{
  bool header = false;
  /* One line per (algorithm, operation): a column per block size. */
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (!same_group(row, first) || !sm_kind_is_bulk(row->kind) || row->block_size == 0)
      continue; /* a setup row has no size: it is listed with the per-operation figures */
    if (i > 0 && same_line(rows->pdata[i - 1], row))
      continue;
    if (!header) {
      fprintf(out, "%-32s", "type");
      for (guint s = 0; s < sizes->len; s++)
        fprintf(out, " %8u bytes", g_array_index(sizes, guint, s));
      fputc('\n', out);
      header = true;
    }
    g_autofree char *label = line_label(row);
    fprintf(out, "%-32s", label);
    for (guint s = 0; s < sizes->len; s++) {
      guint size = g_array_index(sizes, guint, s);
      const SmRow *cell = NULL;
      for (guint j = i; j < rows->len && cell == NULL; j++) {
        const SmRow *r = rows->pdata[j];
        if (same_line(r, row) && r->block_size == size)
          cell = r;
      }
      if (cell == NULL)
        fprintf(out, " %14s", "");
      else if (cell->status == SM_STATUS_OK)
        fprintf(out, " %13.2fk", cell->bytes_per_sec / 1000.0);
      else
        fprintf(out, " %14s", short_status(cell->status));
    }
    fputc('\n', out);
  }
}

static void print_public_key(FILE *out, GPtrArray *rows, const SmRow *first)
{
  bool header = false;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (!same_group(row, first) || (sm_kind_is_bulk(row->kind) && row->block_size > 0) ||
        (row->operation == SM_OP_VERIFY))
      continue;
    const SmRow *verify = NULL;
    for (guint j = 0; j < rows->len && row->operation == SM_OP_SIGN; j++) {
      const SmRow *r = rows->pdata[j];
      if (same_group(r, row) && strcmp(r->algorithm, row->algorithm) == 0 &&
          r->operation == SM_OP_VERIFY && r->accel == row->accel && r->parallel == row->parallel)
        verify = r;
    }
    if (!header) {
      fprintf(out, "%-32s %12s %12s %12s %12s\n", "", "s/op", "op/s", "verify s/op", "verify/s");
      header = true;
    }
    g_autofree char *label = line_label(row);
    fprintf(out, "%-32s", label);
    if (row->status == SM_STATUS_OK)
      fprintf(out, " %11.6fs %12.1f", 1.0 / row->ops_per_sec, row->ops_per_sec);
    else
      fprintf(out, " %12s %12s", short_status(row->status), "");
    if (verify != NULL && verify->status == SM_STATUS_OK)
      fprintf(out, " %11.6fs %12.1f", 1.0 / verify->ops_per_sec, verify->ops_per_sec);
    else if (verify != NULL)
      fprintf(out, " %12s", short_status(verify->status));
    fputc('\n', out);
  }
}

void sm_table_print(FILE *out, GPtrArray *unsorted)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  for (guint i = 0; i < unsorted->len; i++)
    g_ptr_array_add(rows, unsorted->pdata[i]);
  g_ptr_array_sort(rows, compare_rows);
  g_autoptr(GArray) sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->block_size == 0)
      continue;
    guint pos = 0;
    while (pos < sizes->len && g_array_index(sizes, guint, pos) < row->block_size)
      pos++;
    if (pos == sizes->len || g_array_index(sizes, guint, pos) != row->block_size)
      g_array_insert_val(sizes, pos, row->block_size);
  }
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *first = rows->pdata[i];
    bool seen = false;
    for (guint j = 0; j < i && !seen; j++)
      seen = same_group(rows->pdata[j], first);
    if (seen)
      continue;
    fprintf(out, "\n%s %s, api %s (figures in 1000s of bytes per second: k = 1000 B/s)\n",
            first->engine, first->engine_version, sm_api_name(first->api));
    print_bulk(out, rows, first, sizes);
    print_public_key(out, rows, first);
  }
}
