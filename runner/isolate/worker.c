#include "isolate/worker.h"

#include "cell/agree.h"
#include "core/catalog.h"
#include "cell/execute.h"
#include "core/registry.h"
#include "core/util.h"
#include "isolate/wire.h"

#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  SmRegistry *registry;
  SmRunContext context;
  SmAccel accel;
} Worker;

static void answer(const char *line)
{
  fputs(line, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

static char *read_request(void)
{
  g_autoptr(GString) line = g_string_new(NULL);
  int c;
  while ((c = getchar()) != EOF && c != '\n')
    g_string_append_c(line, (char)c);
  if (c == EOF && line->len == 0)
    return NULL;
  return g_string_free(g_steal_pointer(&line), FALSE);
}

static bool parse_op(const char *name, SmOp *op)
{
  for (unsigned o = 0; o < SM_OP_COUNT; o++)
    if (strcmp(sm_op_name((SmOp)o), name) == 0) {
      *op = (SmOp)o;
      return true;
    }
  return false;
}

/* engine, algorithm, api: the parts every request names. */
static bool find_target(Worker *w, char **f, SmLoadedEngine **engine, const SmAlgInfo **info,
                        const SmAlgorithm **alg, SmApi *api)
{
  *engine = (SmLoadedEngine *)sm_registry_find(w->registry, f[0]);
  *info = sm_catalog_find(f[1]);
  if (*engine == NULL || *info == NULL || !sm_api_parse(f[2], api))
    return false;
  *alg = sm_engine_find_algorithm((*engine)->desc, f[1]);
  return *alg != NULL && (*alg)->impl[*api] != NULL;
}

/* cell ENGINE ALG API OP SIZE */
static void handle_cell(Worker *w, char **f)
{
  SmCell cell = {.status = SM_STATUS_PENDING, .accel = w->accel, .parallel = 1};
  SmLoadedEngine *engine = NULL;
  const SmAlgInfo *info = NULL;
  const SmAlgorithm *alg = NULL;
  guint64 size = 0;
  if (g_strv_length(f) != 5 || !find_target(w, f, &engine, &info, &alg, &cell.api) ||
      !parse_op(f[3], &cell.op) ||
      !g_ascii_string_to_unsigned(f[4], 10, 0, G_MAXUINT, &size, NULL)) {
    SmCellResult bad = {.status = SM_STATUS_ERROR, .detail = g_strdup("worker: bad request")};
    g_autofree char *line = sm_wire_format_result(&bad);
    sm_cell_result_clear(&bad);
    answer(line);
    return;
  }
  cell.engine_name = engine->desc->name;
  cell.engine = engine;
  cell.alg = info;
  cell.impl = alg;
  cell.block_size = (guint)size;
  SmCellResult result = {0};
  SmPrepared *prepared = sm_cell_prepare(&cell, &w->context, &result);
  if (prepared != NULL) {
    answer("ready");
    g_autofree char *go = read_request();
    if (go != NULL && strcmp(go, "go") == 0) {
      sm_cell_sample(prepared, &w->context, &result);
    } else {
      sm_prepared_free(prepared);
      sm_cell_result_clear(&result);
      return; /* aborted: the parent expects no answer */
    }
    sm_prepared_free(prepared);
  }
  g_autofree char *line = sm_wire_format_result(&result);
  sm_cell_result_clear(&result);
  answer(line);
}

/* call ENGINE ALG API OP HEXCALLS HEXAUX: one agreement call */
static void handle_call(Worker *w, char **f)
{
  SmLoadedEngine *engine = NULL;
  const SmAlgInfo *info = NULL;
  const SmAlgorithm *alg = NULL;
  SmApi api;
  SmOp op;
  g_autoptr(GPtrArray) calls = g_ptr_array_new_with_free_func((GDestroyNotify)g_byte_array_unref);
  g_autoptr(GPtrArray) aux = g_ptr_array_new_with_free_func((GDestroyNotify)g_byte_array_unref);
  if (g_strv_length(f) != 6 || !find_target(w, f, &engine, &info, &alg, &api) ||
      !parse_op(f[3], &op) || !sm_wire_parse_hex_list(f[4], calls) ||
      !sm_wire_parse_hex_list(f[5], aux) || aux->len > 1) {
    answer("call\tnone\tworker: bad request");
    return;
  }
  if (sm_engine_init(engine, w->accel) != SM_OK) {
    answer("call\tnone\tengine init failed");
    return;
  }
  g_autoptr(SmInputs) inputs = sm_agree_inputs(info, w->context.seed);
  g_autofree SmBytes *views = g_new0(SmBytes, calls->len + 1);
  for (guint i = 0; i < calls->len; i++) {
    GByteArray *b = calls->pdata[i];
    views[i] = (SmBytes){b->data, b->len};
  }
  SmBytes aux_view = {0};
  if (aux->len == 1)
    aux_view = (SmBytes){((GByteArray *)aux->pdata[0])->data, ((GByteArray *)aux->pdata[0])->len};
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmCallStatus status = sm_agree_call_local(NULL, engine, alg, api, op, inputs, views, calls->len,
                                            aux->len == 1 ? &aux_view : NULL, out);
  if (status.result == SM_OK) {
    g_autofree char *hex = sm_hex_encode(out->data, out->len);
    g_autofree char *line = g_strdup_printf("call\tok\t%s", hex);
    answer(line);
  } else if (status.setup_failed) {
    g_autofree char *message = g_strescape(status.message, NULL);
    g_autofree char *line = g_strdup_printf("call\tnone\t%s", message);
    answer(line);
  } else {
    answer("call\tfailed\t");
  }
}

int sm_worker_main(int argc, char **argv)
{
  char *accel = NULL, *seed = NULL, *time = NULL, *samples = NULL, *target = NULL, *cap = NULL;
  gint cpu = -1;
  GOptionEntry entries[] = {
      {"accel", 0, 0, G_OPTION_ARG_STRING, &accel, NULL, NULL},
      {"cpu", 0, 0, G_OPTION_ARG_INT, &cpu, NULL, NULL},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &seed, NULL, NULL},
      {"time", 0, 0, G_OPTION_ARG_STRING, &time, NULL, NULL},
      {"samples", 0, 0, G_OPTION_ARG_STRING, &samples, NULL, NULL},
      {"spread-target", 0, 0, G_OPTION_ARG_STRING, &target, NULL, NULL},
      {"time-cap", 0, 0, G_OPTION_ARG_STRING, &cap, NULL, NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) options = g_option_context_new(NULL);
  g_option_context_add_main_entries(options, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(options, &argc, &argv, &error) || seed == NULL || time == NULL ||
      samples == NULL || target == NULL || cap == NULL || accel == NULL) {
    fprintf(stderr, "speedmatrix worker: bad arguments\n");
    return SM_EXIT_BAD_INPUT;
  }
  /* Ctrl-C reaches the whole process group: the runner decides when to stop, and the cell
   * being measured finishes first. */
  signal(SIGINT, SIG_IGN);
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set); /* best effort: a container may forbid it */
  }
  Worker w = {.accel = strcmp(accel, "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON};
  w.context.seed = g_ascii_strtoull(seed, NULL, 10);
  w.context.measure = (SmMeasureConfig){
      .time = g_ascii_strtod(time, NULL),
      .samples = (unsigned)g_ascii_strtoull(samples, NULL, 10),
      .min_samples = 5,
      .target_spread = g_ascii_strtod(target, NULL),
      .time_cap = g_ascii_strtod(cap, NULL),
  };
  g_autofree char *dir = sm_registry_default_dir();
  w.registry = sm_registry_load_dir(dir, &error);
  if (w.registry == NULL) {
    fprintf(stderr, "speedmatrix worker: %s\n", error->message);
    return SM_EXIT_BAD_INPUT;
  }
  for (char *request; (request = read_request()) != NULL; g_free(request)) {
    g_auto(GStrv) f = g_strsplit(request, "\t", -1);
    if (strcmp(f[0], "cell") == 0)
      handle_cell(&w, f + 1);
    else if (strcmp(f[0], "call") == 0)
      handle_call(&w, f + 1);
    else if (strcmp(f[0], "quit") == 0) {
      g_free(request);
      break;
    } else
      answer("error\tunknown request");
  }
  sm_registry_free(w.registry);
  g_free(accel);
  g_free(seed);
  g_free(time);
  g_free(samples);
  g_free(target);
  g_free(cap);
  return SM_EXIT_OK;
}
