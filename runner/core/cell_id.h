/* Which cell is this: the one rule by which run, resume, plan, compare and report line rows and
 * cells up. A mask of axes says which coordinates matter for a given question. */
#pragma once

#include "core/row.h"

#include <glib.h>
#include <stdbool.h>

typedef enum {
  SM_AXIS_HOST = 1u << 0,
  SM_AXIS_ENGINE = 1u << 1,
  SM_AXIS_ALGORITHM = 1u << 2,
  SM_AXIS_OPERATION = 1u << 3,
  SM_AXIS_API = 1u << 4,
  SM_AXIS_SIZE = 1u << 5,
  SM_AXIS_ACCEL = 1u << 6,
  SM_AXIS_PARALLEL = 1u << 7,
  SM_AXIS_THREADS = 1u << 8,
  SM_AXIS_CONTEXT = 1u << 9, /* reused or per-message */
} SmAxis;

/* A cell of one run (DESIGN.md): every axis but the host. */
#define SM_AXES_CELL                                                                               \
  (SM_AXIS_ENGINE | SM_AXIS_ALGORITHM | SM_AXIS_OPERATION | SM_AXIS_API | SM_AXIS_SIZE |           \
   SM_AXIS_ACCEL | SM_AXIS_PARALLEL | SM_AXIS_THREADS | SM_AXIS_CONTEXT)
/* The same work whatever the engine: the engines of a slot compete. */
#define SM_AXES_SLOT (SM_AXES_CELL & ~SM_AXIS_ENGINE)
/* Every block size of one engine's algorithm, operation, level: a throughput fit. */
#define SM_AXES_SIZES (SM_AXES_CELL & ~SM_AXIS_SIZE)

/* A cell's coordinates; the strings are borrowed. */
typedef struct {
  const char *host; /* NULL: not known (a planned cell) */
  const char *engine;
  const char *algorithm;
  SmOp op;
  SmApi api;
  guint block_size;
  SmAccel accel;
  unsigned parallel;
  unsigned threads;
  bool per_message;
} SmCellId;

SmCellId sm_row_id(const SmRow *row);

/* The axes of `axes` joined into one string (the unit separator between fields). */
char *sm_cell_id_key(const SmCellId *id, unsigned axes);

bool sm_cell_id_equal(const SmCellId *a, const SmCellId *b, unsigned axes);

/* The coordinates of one item of a list that sm_cell_id_groups groups (a row, a planned cell). */
typedef SmCellId (*SmCellIdOf)(gconstpointer item);

/* `items` grouped by their coordinates on `axes`: a GPtrArray of GPtrArray (the items borrowed),
 * groups in order of first appearance, items in their order. Linear in items. */
GPtrArray *sm_cell_id_groups(GPtrArray *items, SmCellIdOf id_of, unsigned axes);
