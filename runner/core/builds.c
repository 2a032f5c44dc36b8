#include "core/builds.h"

#include "core/engine_facts.h"
#include "core/registry.h"
#include "core/util.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

size_t sm_build_engine_len(const char *name)
{
  const char *at = strchr(name, '@');
  return at != NULL ? (size_t)(at - name) : strlen(name);
}

const char *sm_build_label(const char *name)
{
  const char *at = strchr(name, '@');
  return at != NULL ? at + 1 : NULL;
}

bool sm_build_label_valid(const char *label)
{
  size_t len = label != NULL ? strlen(label) : 0;
  if (len == 0 || len > 64 || label[0] == '.')
    return false;
  for (const char *c = label; *c != '\0'; c++)
    if (!(g_ascii_isalnum(*c) || strchr("._+-", *c) != NULL))
      return false;
  return true;
}

static bool same_engine(const char *known, const char *name)
{
  size_t len = sm_build_engine_len(name);
  return strlen(known) == len && strncmp(known, name, len) == 0;
}

int sm_engine_rank(const char *name)
{
  for (int i = 0; sm_known_engines[i] != NULL; i++)
    if (same_engine(sm_known_engines[i], name))
      return i;
  return G_MAXINT;
}

const char *const *sm_engine_library_stems(const char *name)
{
  for (const SmEngineFacts *facts = sm_engine_facts; facts->engine != NULL; facts++)
    if (same_engine(facts->engine, name))
      return facts->files;
  return NULL;
}

static bool load_flat;

void sm_builds_load_flat(void) { load_flat = true; }

bool sm_builds_in_namespace(void) { return !load_flat; }

void *sm_build_open(const char *path, char **error)
{
  /* RTLD_NOW: a symbol the build's library lacks fails here, naming the file, not mid-cell. */
  void *handle = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL && error != NULL)
    *error = g_strdup(dlerror());
  return handle;
}

char *sm_library_file_in(void *handle, const char *const *stems)
{
  struct link_map *map = NULL;
  if (handle == NULL || stems == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL)
    return NULL;
  while (map->l_prev != NULL)
    map = map->l_prev;
  /* The namespace's list holds every object mapped in it, the plugin's libraries included. */
  for (; map != NULL; map = map->l_next) {
    if (map->l_name == NULL || map->l_name[0] == '\0')
      continue;
    const char *slash = strrchr(map->l_name, '/');
    const char *base = slash != NULL ? slash + 1 : map->l_name;
    for (const char *const *stem = stems; *stem != NULL; stem++)
      if (g_str_has_prefix(base, *stem)) {
        char *real = realpath(map->l_name, NULL);
        char *path = g_strdup(real != NULL ? real : map->l_name);
        free(real);
        return path;
      }
  }
  return NULL;
}

/* ---- describe: what the runner needs of a build, from a worker ---- */

void sm_build_describe_write(FILE *out, SmLoadedEngine *engine, SmAccel accel)
{
  SmResult init = sm_engine_init(engine, accel);
  g_autofree char *message = g_strescape(engine->init_message ? engine->init_message : "", NULL);
  fprintf(out, "init\t%d\t%s\n", (int)init, message);
  g_autofree char *version = g_strescape(engine->desc->library_version(), NULL);
  fprintf(out, "version\t%s\n", version);
  for (const SmAlgorithm *alg = engine->desc->algorithms; alg->name != NULL; alg++)
    for (unsigned api = 0; api < SM_API_COUNT; api++) {
      const SmImpl *impl = alg->impl[api];
      const char *why = init == SM_OK && impl != NULL && impl->probe != NULL ? impl->probe() : NULL;
      if (why != NULL) {
        g_autofree char *escaped = g_strescape(why, NULL);
        fprintf(out, "probe\t%s\t%u\t%s\n", alg->name, api, escaped);
      }
    }
  fflush(out);
}

/* A level the build's own probe refused in its worker: the reason is the worker's to give. */
static const char *refused_in_worker(void)
{
  return "not usable on this machine (the build's probe said so in its worker)";
}

static void describe_failed(SmLoadedEngine *engine, const char *why)
{
  engine->init_result = SM_FAILED;
  engine->init_message = g_strdup_printf("the build's describing worker failed: %s", why);
}

static void describe_line(SmLoadedEngine *engine, char **f)
{
  guint n = g_strv_length(f);
  if (n == 3 && strcmp(f[0], "init") == 0) {
    engine->init_result = (SmResult)atoi(f[1]);
    engine->init_message = g_strcompress(f[2]);
  } else if (n == 2 && strcmp(f[0], "version") == 0) {
    engine->build_version = g_strcompress(f[1]);
  } else if (n == 4 && strcmp(f[0], "probe") == 0) {
    unsigned api = (unsigned)atoi(f[2]);
    /* The tables are the runner's own copies (registry.c copies a build's). */
    SmAlgorithm *alg = (SmAlgorithm *)sm_engine_find_algorithm(engine->desc, f[1]);
    if (alg != NULL && api < SM_API_COUNT && alg->impl[api] != NULL)
      ((SmImpl *)alg->impl[api])->probe = refused_in_worker;
  }
}

bool sm_build_describe(SmLoadedEngine *engine, SmAccel accel)
{
  engine->initialised = true;
  /* The build's own probes live in its namespace: never called here. */
  for (const SmAlgorithm *alg = engine->desc->algorithms; alg->name != NULL; alg++)
    for (unsigned api = 0; api < SM_API_COUNT; api++)
      if (alg->impl[api] != NULL)
        ((SmImpl *)alg->impl[api])->probe = NULL;
  g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
  const char *argv[] = {exe,          "__worker", "--engine",
                        engine->path, "--accel",  accel == SM_ACCEL_OFF ? "off" : "on",
                        "--describe", NULL};
  g_auto(GStrv) env = sm_build_worker_environ(engine, g_get_environ());
  if (accel == SM_ACCEL_OFF && engine->desc->accel_off_env != NULL)
    for (const char *const *var = engine->desc->accel_off_env; *var != NULL; var++) {
      g_auto(GStrv) kv = g_strsplit(*var, "=", 2);
      env = g_environ_setenv(env, kv[0], kv[1] ? kv[1] : "", TRUE);
    }
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  g_autoptr(GError) error = NULL;
  if (exe == NULL || !g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, &error)) {
    describe_failed(engine, error != NULL ? error->message : "no /proc/self/exe");
    return false;
  }
  if (!g_spawn_check_wait_status(status, NULL) || out == NULL || !g_str_has_prefix(out, "init\t")) {
    describe_failed(engine, err != NULL && err[0] != '\0' ? g_strstrip(err) : "no answer");
    return false;
  }
  g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    g_auto(GStrv) f = g_strsplit(*line, "\t", -1);
    describe_line(engine, f);
  }
  return true;
}
