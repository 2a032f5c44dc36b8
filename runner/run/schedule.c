#include "run/schedule.h"

#include "core/cell_id.h"

/* The work a unit compares: a slot without its API level, so both levels of every engine
 * compete in one unit. */
#define GROUP_AXES (SM_AXES_SLOT & ~SM_AXIS_API)

void sm_unit_free(SmUnit *unit)
{
  if (unit == NULL)
    return;
  g_ptr_array_unref(unit->cells);
  g_free(unit);
}

static SmCellId id_of_cell(gconstpointer cell) { return sm_cell_id(cell); }

/* Pending cells measured in passes grouped by work, groups in plan order; cells of parallel
 * workers apart. */
static GPtrArray *group_cells(GPtrArray *cells, GPtrArray *parallel)
{
  g_autoptr(GPtrArray) single = g_ptr_array_new();
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    if (cell->status == SM_STATUS_PENDING)
      g_ptr_array_add(cell->parallel > 1 ? parallel : single, cell);
  }
  return sm_cell_id_groups(single, id_of_cell, GROUP_AXES);
}

static SmCellId id_of_group(gconstpointer group)
{
  return sm_cell_id(((const GPtrArray *)group)->pdata[0]);
}

static unsigned threads_of(const GPtrArray *group)
{
  return ((const SmCell *)group->pdata[0])->threads;
}

static gint by_threads(gconstpointer a, gconstpointer b)
{
  unsigned ta = threads_of(*(GPtrArray *const *)a), tb = threads_of(*(GPtrArray *const *)b);
  return ta < tb ? -1 : ta > tb;
}

/* The groups that differ only in their thread count, fewest threads first: measured one after
 * the other in every pass, so that an efficiency compares figures taken moments apart. */
static GPtrArray *thread_families(GPtrArray *groups)
{
  GPtrArray *families = sm_cell_id_groups(groups, id_of_group, GROUP_AXES & ~SM_AXIS_THREADS);
  for (guint f = 0; f < families->len; f++)
    g_ptr_array_sort(families->pdata[f], by_threads);
  return families;
}

static void shuffle(guint *order, guint len, GRand *rand)
{
  for (guint i = len; i > 1; i--) {
    guint j = (guint)g_rand_int_range(rand, 0, (gint32)i);
    guint tmp = order[i - 1];
    order[i - 1] = order[j];
    order[j] = tmp;
  }
}

SmUnit *sm_unit_new(unsigned pass, unsigned group, int cpu)
{
  SmUnit *unit = g_new0(SmUnit, 1);
  unit->pass = pass;
  unit->group = group;
  unit->cpu = cpu;
  unit->cells = g_ptr_array_new();
  return unit;
}

GPtrArray *sm_schedule_build(GPtrArray *cells, unsigned passes, guint64 seed, bool interleave,
                             unsigned cpus)
{
  GPtrArray *units = g_ptr_array_new_with_free_func((GDestroyNotify)sm_unit_free);
  g_autoptr(GPtrArray) parallel = g_ptr_array_new();
  g_autoptr(GPtrArray) groups = group_cells(cells, parallel);
  g_autoptr(GPtrArray) families = thread_families(groups);
  g_autoptr(GHashTable) index = g_hash_table_new(NULL, NULL);
  for (guint g = 0; g < groups->len; g++)
    g_hash_table_insert(index, groups->pdata[g], GUINT_TO_POINTER(g));
  g_autofree guint *order = g_new(guint, families->len + 1);
  passes = MAX(passes, 1u);
  cpus = MAX(cpus, 1u);
  for (unsigned pass = 0; pass < passes; pass++) {
    guint32 words[3] = {(guint32)seed, (guint32)(seed >> 32), pass};
    g_autoptr(GRand) rand = g_rand_new_with_seed_array(words, 3);
    for (guint f = 0; f < families->len; f++)
      order[f] = f;
    if (interleave)
      shuffle(order, families->len, rand);
    for (guint k = 0; k < families->len; k++) {
      GPtrArray *family = families->pdata[order[k]];
      /* Members take turns going first; in the last pass one thread goes first, so that its
       * passes are all in when the others' rows are made from them. */
      for (guint m = 0; m < family->len; m++) {
        GPtrArray *group = family->pdata[(m + passes - 1 - pass) % family->len];
        guint g = GPOINTER_TO_UINT(g_hash_table_lookup(index, group));
        /* Threads are not pinned (cell/threads.h): the kernel places them. */
        int cpu = passes > 1 && threads_of(group) <= 1 ? (int)((pass + g) % cpus) : -1;
        SmUnit *unit = sm_unit_new(pass, g, cpu);
        /* The cells of a group take turns going first. */
        for (guint c = 0; c < group->len; c++)
          g_ptr_array_add(unit->cells, group->pdata[(c + pass) % group->len]);
        g_ptr_array_add(units, unit);
      }
    }
  }
  for (guint i = 0; i < parallel->len; i++) {
    SmUnit *unit = sm_unit_new(passes - 1, groups->len + i, -1);
    g_ptr_array_add(unit->cells, parallel->pdata[i]);
    g_ptr_array_add(units, unit);
  }
  return units;
}
