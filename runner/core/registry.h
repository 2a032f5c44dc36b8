/* Loads engine plugins and validates their descriptors. A bad plugin is refused with a message
 * naming its file; the others load. */
#pragma once

#include "engine.h"
#include <glib.h>
#include <gmodule.h>
#include <stdbool.h>

typedef struct {
  char *path;
  GModule *module;
  const SmEngine *desc;    /* in this ABI's layout (an older minor's tables are copied, see load) */
  SmEngine *upgraded;      /* owned copies for an older minor: the descriptor, */
  SmAlgorithm *algorithms; /* its algorithm table */
  SmImpl *impls;           /* and its levels, appended fields zero */
  bool initialised;
  SmResult init_result; /* after sm_engine_init */
  char *init_message;   /* what init reported (acceleration in use, or why it failed) */
  /* A build of a library (ENGINE@LABEL.so, core/builds.h): its dlmopen handle (module is NULL)
   * and its name, which the descriptor copy in `upgraded` carries. */
  void *build_handle;
  char *build_name;
  char *build_version; /* what the build's worker said of its library (core/builds.h) */
} SmLoadedEngine;

typedef struct {
  GPtrArray *engines;          /* SmLoadedEngine*, sorted in the canonical engine order */
  GPtrArray *refused;          /* char*: one line per refused plugin file */
  GHashTable *refused_by_name; /* file name without .so ("openssl") -> its line in `refused` */
  char *directory;
} SmRegistry;

/* Why the plugin file named after `engine` (ENGINE.so) was refused, or NULL when there was none
 * or it loaded: a plugin that exists but cannot be loaded is not "not built". */
const char *sm_registry_refusal(const SmRegistry *registry, const char *engine);

void sm_registry_free(SmRegistry *registry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmRegistry, sm_registry_free)

/* Every *.so in `directory`. A missing directory is an error; a bad plugin is not. */
SmRegistry *sm_registry_load_dir(const char *directory, GError **error);

/* Loads one plugin; returns NULL with a message naming `path` when refused. */
SmLoadedEngine *sm_engine_load(const char *path, GError **error);
void sm_engine_free(SmLoadedEngine *engine);

/* Validates a descriptor: ABI, size, names, tables. `path` names it in the message. */
bool sm_engine_validate(const SmEngine *desc, const char *path, GError **error);

const SmLoadedEngine *sm_registry_find(const SmRegistry *registry, const char *name);

/* The library's version as it reports it at run time: for a build opened in a namespace, as its
 * describing worker reported it (core/builds.h). */
const char *sm_engine_library_version(SmLoadedEngine *engine);

/* Calls the engine's init once with the given accel mode; returns its result. A build opened in
 * a namespace is initialised in a worker of its own instead (core/builds.h). */
SmResult sm_engine_init(SmLoadedEngine *engine, SmAccel accel);

/* The real path of the library file `engine` measures, as mapped in this process (its build's
 * namespace for a build), or NULL when unknown. */
char *sm_engine_library_path(const SmLoadedEngine *engine);

/* What the build's ENGINE@LABEL.ini (written by scripts/add-build beside the plugin) says of
 * `key` in its [build] group ("commit", "version"), or NULL (not a build, no file, no key). */
char *sm_build_info(const SmLoadedEngine *engine, const char *key);

/* `env` for the worker that measures `engine`: for a build, its library's directory first on
 * LD_LIBRARY_PATH (core/builds.h); otherwise `env` as it is. Takes and returns ownership. */
char **sm_build_worker_environ(const SmLoadedEngine *engine, char **env);

const SmAlgorithm *sm_engine_find_algorithm(const SmEngine *desc, const char *name);

/* The level `api` of `alg` (implicit included: hung off its evp level), NULL when not offered. */
const SmImpl *sm_algorithm_level(const SmAlgorithm *alg, SmApi api);
/* Why `alg` lacks level `api` (when sm_algorithm_level is NULL), one line. */
const char *sm_algorithm_why_not(const SmEngine *desc, const SmAlgorithm *alg, SmApi api);

/* The directory the binary should load plugins from: $SPEEDMATRIX_ENGINE_DIR, else "engines"
 * next to the executable when run from the build tree, else the installed directory. */
char *sm_registry_default_dir(void);

/* The plugins of sm_registry_default_dir(), each refused one a warning on standard error. */
SmRegistry *sm_registry_load_default(GError **error);

/* The engines speedmatrix knows of, in display order (for "valid choices" and "not built"). */
extern const char *const sm_known_engines[];
