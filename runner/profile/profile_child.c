#include "profile/profile_child.h"

#include "core/catalog.h"

#if SM_HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#else
/* Built without valgrind's headers: the requests do nothing, and profile refuses to start. */
#define CALLGRIND_START_INSTRUMENTATION ((void)0)
#define CALLGRIND_STOP_INSTRUMENTATION ((void)0)
#define CALLGRIND_TOGGLE_COLLECT ((void)0)
#define CALLGRIND_DUMP_STATS_AT(name) ((void)(name))
#endif

bool sm_profile_can_count(void) { return SM_HAVE_CALLGRIND_H; }

void sm_profile_child_result_clear(SmProfileChildResult *result)
{
  g_free(result->detail);
  g_free(result->impl);
  g_free(result->library_path);
  g_free(result->library_version);
  *result = (SmProfileChildResult){0};
}

guint64 sm_profile_default_ops(const SmCell *cell)
{
  if (!sm_kind_is_bulk(cell->alg->kind) || cell->op == SM_OP_SETUP || cell->per_message)
    return 10;
  return cell->block_size >= 4096 ? 20 : 100;
}

/* The windows: noinline so that each is a function of its own in the dump, whose own
 * instructions (the loop) are told apart from those of what it calls. */

static __attribute__((noinline)) SmResult setup_window(const SmPreparedCalls *calls, void **state)
{
  SmParams params = *calls->params;
  char message[256] = "";
  CALLGRIND_TOGGLE_COLLECT;
  SmResult result = calls->impl->setup(&params, state, message, sizeof message);
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(SM_PROFILE_SETUP_TRIGGER);
  return result;
}

static __attribute__((noinline)) SmResult ops_window(const SmPreparedCalls *calls, guint64 ops)
{
  SmIo *io = calls->io;
  const size_t capacity = io->out_len;
  SmResult result = SM_OK;
  CALLGRIND_TOGGLE_COLLECT;
  for (guint64 i = 0; i < ops && result == SM_OK; i++) {
    io->out_len = capacity;
    result = calls->op(calls->state, io);
  }
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(SM_PROFILE_OPS_TRIGGER);
  io->out_len = capacity;
  return result;
}

/* A setup or per-message cell: each operation builds its own context. */
static __attribute__((noinline)) SmResult cycles_window(const SmPreparedCalls *calls, guint64 ops)
{
  SmIo *io = calls->io;
  const size_t capacity = io->out_len;
  SmResult result = SM_OK;
  char message[256] = "";
  CALLGRIND_TOGGLE_COLLECT;
  for (guint64 i = 0; i < ops && result == SM_OK; i++) {
    SmParams params = *calls->params;
    void *state = NULL;
    io->out_len = capacity;
    result = calls->impl->setup(&params, &state, message, sizeof message);
    if (result == SM_OK && calls->op != NULL)
      result = calls->op(state, io);
    if (state != NULL)
      calls->impl->teardown(state);
  }
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(SM_PROFILE_OPS_TRIGGER);
  io->out_len = capacity;
  return result;
}

static void ended(SmProfileChildResult *result, SmStatus status, char *detail)
{
  result->status = status;
  g_free(result->detail);
  result->detail = detail;
}

void sm_profile_run_cell(const SmCell *cell, guint64 seed, guint64 ops,
                         SmProfileChildResult *result)
{
  *result = (SmProfileChildResult){.ops = ops};
  /* The run's preparation, verification first, with the shortest calibration: a few untimed
   * operations warm the library (lazy binding, first-use tables) before any window. */
  SmRunContext context = {.seed = seed, .measure = {.time = 1e-5, .samples = 1, .min_samples = 1}};
  SmCellResult prepared = {0};
  SmPrepared *p = sm_cell_prepare(cell, &context, &prepared);
  result->impl = g_strdup(prepared.impl);
  result->library_path = g_strdup(prepared.library_path);
  result->library_version = g_strdup(prepared.library_version);
  if (p == NULL) {
    ended(result, prepared.status, g_strdup(prepared.detail));
    sm_cell_result_clear(&prepared);
    return;
  }
  sm_cell_result_clear(&prepared);
  SmPreparedCalls calls = sm_prepared_calls(p);
  CALLGRIND_START_INSTRUMENTATION;
  void *state = NULL;
  SmResult setup = setup_window(&calls, &state);
  if (setup == SM_OK)
    calls.impl->teardown(state);
  SmResult done = setup != SM_OK ? setup
                  : calls.cycle  ? cycles_window(&calls, ops)
                                 : ops_window(&calls, ops);
  CALLGRIND_STOP_INSTRUMENTATION;
  if (setup != SM_OK)
    ended(result, SM_STATUS_ERROR, g_strdup("the counted set-up failed"));
  else if (done != SM_OK)
    ended(result, SM_STATUS_ERROR, g_strdup_printf("a counted %s failed", sm_op_name(cell->op)));
  else
    ended(result, SM_STATUS_OK, NULL);
  sm_prepared_free(p);
}
