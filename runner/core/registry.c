#include "core/registry.h"

#include "core/builds.h"
#include "core/catalog.h"
#include "core/util.h"

#include <stdio.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#ifndef SM_ENGINE_DIR
#define SM_ENGINE_DIR "/usr/local/lib/speedmatrix/engines"
#endif

/* Every engine the build knows of, built or not, in the order of engines/meson.build's rows. */
const char *const sm_known_engines[] = {SM_KNOWN_ENGINES, NULL};

/* g_ptr_array_sort passes pointers to the elements. */
static int compare_names(gconstpointer a, gconstpointer b)
{
  return g_strcmp0(*(const char *const *)a, *(const char *const *)b);
}

/* The descriptor size at each minor version of ABI major 1: fields are only ever appended. */
static const size_t engine_size_at_minor[] = {[0] = offsetof(SmEngine, implicit_meaning),
                                              [1] = offsetof(SmEngine, implicit_meaning),
                                              [2] = offsetof(SmEngine, implicit_meaning),
                                              [3] = offsetof(SmEngine, implicit_meaning),
                                              [4] = sizeof(SmEngine)};

/* The part of an SmImpl each older minor has: what the loader may read of its levels. */
static const size_t impl_size_at_minor[] = {
    [0] = offsetof(SmImpl, data),   [1] = offsetof(SmImpl, impl_name),
    [2] = offsetof(SmImpl, op_1_3), [3] = offsetof(SmImpl, implicit),
    [4] = sizeof(SmImpl),
};

G_STATIC_ASSERT(G_N_ELEMENTS(engine_size_at_minor) == SM_ABI_MINOR + 1);
G_STATIC_ASSERT(G_N_ELEMENTS(impl_size_at_minor) == SM_ABI_MINOR + 1);

void sm_engine_free(SmLoadedEngine *engine)
{
  if (engine == NULL)
    return;
  if (engine->initialised && engine->init_result == SM_OK && engine->desc->shutdown != NULL)
    engine->desc->shutdown();
  /* Modules stay resident: libraries such as OpenSSL register atexit handlers. */
  if (engine->module != NULL)
    g_module_make_resident(engine->module);
  g_clear_pointer(&engine->module, g_module_close);
  g_free(engine->path);
  g_free(engine->init_message);
  g_free(engine->upgraded);
  g_free(engine->algorithms);
  g_free(engine->impls);
  g_free(engine->build_name);
  g_free(engine->build_version);
  g_free(engine); /* a build's namespace stays, as modules do */
}

void sm_registry_free(SmRegistry *registry)
{
  if (registry == NULL)
    return;
  g_ptr_array_unref(registry->engines);
  g_ptr_array_unref(registry->refused);
  if (registry->refused_by_name != NULL)
    g_hash_table_unref(registry->refused_by_name);
  g_free(registry->directory);
  g_free(registry);
}

static bool valid_name(const char *name)
{
  if (name == NULL || name[0] == '\0' || strlen(name) > 32)
    return false;
  for (const char *c = name; *c; c++)
    if (!(g_ascii_islower(*c) || g_ascii_isdigit(*c) || *c == '-'))
      return false;
  return true;
}

/* The operations whose slots a plugin of `minor` has (1.3 appended keygen, encaps, decaps). */
static unsigned op_slots_at_minor(uint32_t minor)
{
  return minor >= 3 ? (unsigned)SM_OP_COUNT : SM_OP_SLOTS_1_0;
}

const SmImpl *sm_algorithm_level(const SmAlgorithm *alg, SmApi api)
{
  if (api < SM_API_COUNT)
    return alg->impl[api];
  const SmImpl *evp = alg->impl[SM_API_EVP];
  return api == SM_API_IMPLICIT && evp != NULL ? evp->implicit : NULL;
}

const char *sm_algorithm_why_not(const SmEngine *desc, const SmAlgorithm *alg, SmApi api)
{
  if (api < SM_API_COUNT)
    return alg->why_not[api] ? alg->why_not[api] : "not offered at this API level";
  return desc->implicit_meaning != NULL
             ? "not offered at the implicit level"
             : "no implicit level: only OpenSSL 3 fetches an algorithm implicitly at each init";
}

static bool validate_impl(const SmAlgorithm *alg, SmApi api, uint32_t minor, const char *path,
                          GError **error)
{
  const SmImpl *impl = sm_algorithm_level(alg, api);
  if (impl == NULL)
    return true;
  if (impl->setup == NULL || impl->teardown == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: algorithm \"%s\" level %s has no setup or teardown", path, alg->name,
                sm_api_name(api));
    return false;
  }
  SmOp ops[SM_OP_COUNT];
  unsigned count = sm_kind_ops(alg->kind, ops);
  bool any = false;
  for (unsigned op = 0; op < op_slots_at_minor(minor); op++) {
    bool belongs = false;
    for (unsigned i = 0; i < count; i++)
      belongs |= ops[i] == (SmOp)op;
    if (sm_impl_op(impl, (SmOp)op) != NULL && !belongs) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: algorithm \"%s\" level %s offers operation %s, which a %s does not have",
                  path, alg->name, sm_api_name(api), sm_op_name((SmOp)op), sm_kind_name(alg->kind));
      return false;
    }
    any |= sm_impl_op(impl, (SmOp)op) != NULL;
  }
  if (!any) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: algorithm \"%s\" level %s offers no operation", path, alg->name,
                sm_api_name(api));
    return false;
  }
  return true;
}

bool sm_engine_validate(const SmEngine *desc, const char *path, GError **error)
{
  if (desc == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN, "%s: %s() returned NULL", path, SM_ENGINE_ENTRY);
    return false;
  }
  if (desc->abi_major != SM_ABI_MAJOR || desc->abi_minor > SM_ABI_MINOR) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: plugin ABI %u.%u is not compatible with this speedmatrix (ABI %u.%u: same "
                "major, minor at most %u)",
                path, desc->abi_major, desc->abi_minor, SM_ABI_MAJOR, SM_ABI_MINOR, SM_ABI_MINOR);
    return false;
  }
  if (desc->size < engine_size_at_minor[desc->abi_minor]) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: descriptor is %u bytes, ABI %u.%u needs at least %zu", path, desc->size,
                desc->abi_major, desc->abi_minor, engine_size_at_minor[desc->abi_minor]);
    return false;
  }
  if (!valid_name(desc->name)) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: engine name is missing or not lower-case letters, digits and '-'", path);
    return false;
  }
  if (desc->library_version == NULL || desc->init == NULL || desc->algorithms == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: engine \"%s\" lacks library_version, init or its algorithm table", path,
                desc->name);
    return false;
  }
  g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
  for (const SmAlgorithm *alg = desc->algorithms; alg->name != NULL; alg++) {
    const SmAlgInfo *info = sm_catalog_find(alg->name);
    if (info == NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: engine \"%s\" names unknown algorithm \"%s\"", path, desc->name, alg->name);
      return false;
    }
    if (info->kind == SM_KIND_KEM && desc->abi_minor < 3) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: engine \"%s\" gives \"%s\" kind kem, which ABI %u.%u does not have (1.3)",
                  path, desc->name, alg->name, desc->abi_major, desc->abi_minor);
      return false;
    }
    if (info->kind != alg->kind) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: engine \"%s\" gives \"%s\" kind %s, the catalogue says %s", path, desc->name,
                  alg->name, sm_kind_name(alg->kind), sm_kind_name(info->kind));
      return false;
    }
    if (!g_hash_table_add(seen, (gpointer)alg->name)) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: engine \"%s\" lists algorithm \"%s\" twice", path, desc->name, alg->name);
      return false;
    }
    for (unsigned api = 0; api < SM_API_LEVELS; api++)
      if (!validate_impl(alg, (SmApi)api, desc->abi_minor, path, error))
        return false;
  }
  return true;
}

/* An engine built for an older minor has shorter SmImpls (1.0: no data; 1.1: no impl_name;
 * 1.2: no op_1_3):
 * copy its tables into this ABI's layout, appended fields zero, so that the rest of the runner
 * reads one layout. */
static const SmEngine *upgrade(SmLoadedEngine *engine, const SmEngine *desc)
{
  size_t count = 0;
  while (desc->algorithms[count].name != NULL)
    count++;
  /* An older descriptor is shorter: its appended fields read as zero. */
  engine->upgraded = g_new0(SmEngine, 1);
  memcpy(engine->upgraded, desc, MIN(desc->size, sizeof *desc));
  engine->upgraded->size = sizeof *desc;
  engine->algorithms = g_new0(SmAlgorithm, count + 1);
  engine->impls = g_new0(SmImpl, count * SM_API_COUNT);
  for (size_t i = 0; i < count; i++) {
    engine->algorithms[i] = desc->algorithms[i];
    for (unsigned api = 0; api < SM_API_COUNT; api++) {
      if (desc->algorithms[i].impl[api] == NULL)
        continue;
      SmImpl *copy = &engine->impls[i * SM_API_COUNT + api];
      memcpy(copy, desc->algorithms[i].impl[api], impl_size_at_minor[desc->abi_minor]);
      engine->algorithms[i].impl[api] = copy;
    }
  }
  engine->upgraded->algorithms = engine->algorithms;
  engine->upgraded->abi_minor = SM_ABI_MINOR;
  return engine->upgraded;
}

/* Opens the plugin and finds its entry point: a build (ENGINE@LABEL.so) in a namespace of its
 * own, any other plugin as a GModule. */
static bool open_plugin(const char *path, bool build, GModule **module, void **handle,
                        gpointer *symbol, GError **error)
{
  if (build) {
    g_autofree char *why = NULL;
    *handle = sm_build_open(path, &why);
    if (*handle == NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN, "%s: not a loadable plugin: %s", path, why);
      return false;
    }
    *symbol = dlsym(*handle, SM_ENGINE_ENTRY);
  } else {
    /* Local binding: two engines may link libraries that export the same symbol names. */
    *module = g_module_open(path, G_MODULE_BIND_LOCAL);
    if (*module == NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN, "%s: not a loadable plugin: %s", path,
                  g_module_error());
      return false;
    }
    if (!g_module_symbol(*module, SM_ENGINE_ENTRY, symbol))
      *symbol = NULL;
  }
  if (*symbol == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN, "%s: no %s() entry point", path, SM_ENGINE_ENTRY);
    return false;
  }
  return true;
}

/* A build's file names its engine and a valid label: ENGINE@LABEL.so. */
static bool check_build_name(const char *path, const char *name, const SmEngine *desc,
                             GError **error)
{
  size_t len = sm_build_engine_len(name);
  if (len != strlen(desc->name) || strncmp(name, desc->name, len) != 0 ||
      !sm_build_label_valid(sm_build_label(name))) {
    g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
                "%s: a build of engine \"%s\" must be named %s@LABEL.%s (LABEL: letters, "
                "digits, '.', '_', '+', '-')",
                path, desc->name, desc->name, G_MODULE_SUFFIX);
    return false;
  }
  return true;
}

SmLoadedEngine *sm_engine_load(const char *path, GError **error)
{
  g_autofree char *file = g_path_get_basename(path);
  g_autofree char *name = g_str_has_suffix(file, "." G_MODULE_SUFFIX)
                              ? g_strndup(file, strlen(file) - strlen("." G_MODULE_SUFFIX))
                              : g_strdup(file);
  bool build = strchr(name, '@') != NULL;
  GModule *module = NULL;
  void *handle = NULL;
  gpointer symbol = NULL;
  if (!open_plugin(path, build && sm_builds_in_namespace(), &module, &handle, &symbol, error)) {
    g_clear_pointer(&module, g_module_close);
    return NULL;
  }
  SmEngineEntryFn entry;
  /* dlsym gives a data pointer; POSIX guarantees the conversion to a function pointer. */
  memcpy(&entry, &symbol, sizeof entry);
  const SmEngine *desc = entry();
  if (!sm_engine_validate(desc, path, error) ||
      (build && !check_build_name(path, name, desc, error))) {
    g_clear_pointer(&module, g_module_close);
    return NULL;
  }
  SmLoadedEngine *engine = g_new0(SmLoadedEngine, 1);
  engine->path = g_strdup(path);
  engine->module = module;
  engine->build_handle = handle;
  /* A build's tables are copied too: its probes are replaced by what its worker says. */
  engine->desc = desc->abi_minor < SM_ABI_MINOR || handle != NULL ? upgrade(engine, desc) : desc;
  if (build) {
    /* The build runs under its own name: a copy of the descriptor carries it. */
    if (engine->upgraded == NULL)
      engine->upgraded = g_memdup2(desc, sizeof *desc); /* this minor's: full size */
    engine->build_name = g_steal_pointer(&name);
    engine->upgraded->name = engine->build_name;
    engine->desc = engine->upgraded;
  }
  return engine;
}

char *sm_engine_library_path(const SmLoadedEngine *engine)
{
  const char *const *stems = sm_engine_library_stems(engine->desc->name);
  gpointer named = NULL;
  if (stems == NULL && engine->build_handle != NULL)
    named = dlsym(engine->build_handle, SM_LIBRARY_SYMBOL);
  else if (stems == NULL && engine->module != NULL &&
           !g_module_symbol(engine->module, SM_LIBRARY_SYMBOL, &named))
    named = NULL;
  const char *const own[] = {named, NULL};
  if (stems == NULL)
    stems = own;
  if (engine->build_handle != NULL)
    return sm_library_file_in(engine->build_handle, stems);
  /* Another reference to the module, for its namespace's list of objects. */
  void *handle = dlopen(engine->path, RTLD_LAZY | RTLD_NOLOAD);
  char *path = sm_library_file_in(handle, stems);
  if (handle != NULL)
    dlclose(handle);
  return path;
}

static int compare_engines(gconstpointer a, gconstpointer b)
{
  const SmLoadedEngine *x = *(SmLoadedEngine *const *)a, *y = *(SmLoadedEngine *const *)b;
  int rx = sm_engine_rank(x->desc->name), ry = sm_engine_rank(y->desc->name);
  if (rx != ry)
    return rx < ry ? -1 : 1;
  return strcmp(x->desc->name, y->desc->name);
}

/* Whether the real file `library` is one of `dir`'s files (a link in it included). */
static bool library_in_dir(const char *library, const char *dir)
{
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  for (const char *name; d != NULL && (name = g_dir_read_name(d)) != NULL;) {
    g_autofree char *path = g_build_filename(dir, name, NULL);
    char *real = realpath(path, NULL);
    bool same = real != NULL && strcmp(real, library) == 0;
    free(real);
    if (same)
      return true;
  }
  return false;
}

/* Once a build's prefix moved or was removed, the loader falls back to the distribution's copy
 * of the library: that must never be measured under the build's name. */
static bool build_library_in_place(const SmLoadedEngine *engine, GError **error)
{
  g_autofree char *libdir = sm_build_info(engine, "libdir");
  if (libdir == NULL)
    return true; /* no record to hold it to (a build made by hand) */
  g_autofree char *library = sm_engine_library_path(engine);
  if (library != NULL && library_in_dir(library, libdir))
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_PLUGIN,
              "%s: maps %s, not the library in %s that its .ini records (the build's prefix "
              "moved or was removed): build it again with scripts/add-build, or remove it",
              engine->path, library != NULL ? library : "no library", libdir);
  return false;
}

SmRegistry *sm_registry_load_dir(const char *directory, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GDir) dir = g_dir_open(directory, 0, &local);
  if (dir == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot open the engine directory: %s", directory,
                local->message);
    return NULL;
  }
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
  for (const char *name; (name = g_dir_read_name(dir)) != NULL;)
    if (g_str_has_suffix(name, "." G_MODULE_SUFFIX))
      g_ptr_array_add(names, g_strdup(name));
  g_ptr_array_sort(names, compare_names);

  SmRegistry *registry = g_new0(SmRegistry, 1);
  registry->engines = g_ptr_array_new_with_free_func((GDestroyNotify)sm_engine_free);
  registry->refused = g_ptr_array_new_with_free_func(g_free);
  registry->refused_by_name = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  registry->directory = g_strdup(directory);
  for (guint i = 0; i < names->len; i++) {
    g_autofree char *path = g_build_filename(directory, names->pdata[i], NULL);
    g_autoptr(GError) refused = NULL;
    SmLoadedEngine *engine = sm_engine_load(path, &refused);
    if (engine != NULL && sm_registry_find(registry, engine->desc->name) != NULL) {
      g_set_error(&refused, SM_ERROR, SM_ERROR_PLUGIN,
                  "%s: a second engine named \"%s\" (already loaded)", path, engine->desc->name);
      g_clear_pointer(&engine, sm_engine_free);
    }
    if (engine != NULL && engine->build_name != NULL && !build_library_in_place(engine, &refused))
      g_clear_pointer(&engine, sm_engine_free);
    if (engine == NULL) {
      char *line = g_strdup(refused->message);
      g_ptr_array_add(registry->refused, line);
      const char *file = names->pdata[i];
      g_hash_table_insert(registry->refused_by_name,
                          g_strndup(file, strlen(file) - strlen("." G_MODULE_SUFFIX)), line);
    } else
      g_ptr_array_add(registry->engines, engine);
  }
  g_ptr_array_sort(registry->engines, compare_engines);
  return registry;
}

const char *sm_registry_refusal(const SmRegistry *registry, const char *engine)
{
  if (registry->refused_by_name == NULL || sm_registry_find(registry, engine) != NULL)
    return NULL;
  return g_hash_table_lookup(registry->refused_by_name, engine);
}

const SmLoadedEngine *sm_registry_find(const SmRegistry *registry, const char *name)
{
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    if (strcmp(engine->desc->name, name) == 0)
      return engine;
  }
  return NULL;
}

SmResult sm_engine_init(SmLoadedEngine *engine, SmAccel accel)
{
  if (engine->initialised)
    return engine->init_result;
  if (engine->build_handle != NULL) {
    sm_build_describe(engine, accel);
    return engine->init_result;
  }
  char message[512] = "";
  SmEngineConfig config = {.size = sizeof config, .accel = accel};
  engine->init_result = engine->desc->init(&config, message, sizeof message);
  engine->init_message = g_strdup(message);
  engine->initialised = true;
  return engine->init_result;
}

const char *sm_engine_library_version(SmLoadedEngine *engine)
{
  if (engine->build_handle == NULL)
    return engine->desc->library_version();
  sm_engine_init(engine, SM_ACCEL_ON);
  return engine->build_version != NULL ? engine->build_version : "";
}

const SmAlgorithm *sm_engine_find_algorithm(const SmEngine *desc, const char *name)
{
  for (const SmAlgorithm *alg = desc->algorithms; alg->name != NULL; alg++)
    if (strcmp(alg->name, name) == 0)
      return alg;
  return NULL;
}

char *sm_registry_default_dir(void)
{
  const char *env = g_getenv("SPEEDMATRIX_ENGINE_DIR");
  if (env != NULL && env[0] != '\0')
    return g_strdup(env);
  g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
  if (exe != NULL) {
    g_autofree char *dir = g_path_get_dirname(exe);
    g_autofree char *beside = g_build_filename(dir, "engines", NULL);
    g_autofree char *marker = g_build_filename(dir, "build.ninja", NULL);
    /* Only the build tree has build.ninja next to the binary. */
    if (g_file_test(marker, G_FILE_TEST_EXISTS) && g_file_test(beside, G_FILE_TEST_IS_DIR))
      return g_steal_pointer(&beside);
  }
  return g_strdup(SM_ENGINE_DIR);
}

SmRegistry *sm_registry_load_default(GError **error)
{
  g_autofree char *dir = sm_registry_default_dir();
  SmRegistry *registry = sm_registry_load_dir(dir, error);
  if (registry != NULL)
    for (guint i = 0; i < registry->refused->len; i++)
      fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)registry->refused->pdata[i]);
  return registry;
}

char **sm_build_worker_environ(const SmLoadedEngine *engine, char **env)
{
  if (engine->build_name == NULL)
    return env;
  g_autofree char *library = sm_engine_library_path(engine);
  if (library == NULL)
    return env;
  g_autofree char *dir = g_path_get_dirname(library);
  const char *before = g_environ_getenv(env, "LD_LIBRARY_PATH");
  g_autofree char *path =
      before != NULL && before[0] != '\0' ? g_strdup_printf("%s:%s", dir, before) : g_strdup(dir);
  return g_environ_setenv(env, "LD_LIBRARY_PATH", path, TRUE);
}

char *sm_build_info(const SmLoadedEngine *engine, const char *key)
{
  if (engine->build_name == NULL || !g_str_has_suffix(engine->path, "." G_MODULE_SUFFIX))
    return NULL;
  g_autofree char *stem =
      g_strndup(engine->path, strlen(engine->path) - strlen("." G_MODULE_SUFFIX));
  g_autofree char *path = g_strconcat(stem, ".ini", NULL);
  g_autoptr(GKeyFile) info = g_key_file_new();
  if (!g_key_file_load_from_file(info, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  char *value = g_key_file_get_string(info, "build", key, NULL);
  if (value != NULL && value[0] == '\0')
    g_clear_pointer(&value, g_free);
  return value;
}
