/* Builds of a library beside the distribution's: the plugin file ENGINE@LABEL.so is engine
 * ENGINE compiled against another copy of its library (scripts/add-build), and runs as the
 * engine `ENGINE@LABEL`. Two builds of one library usually share a SONAME, and a process that
 * has one loaded hands it to the next dlopen (the runner itself maps distribution libraries
 * through libpq), so a build's plugin is opened in a link-map namespace of its own (dlmopen):
 * it and its library see nothing the process loaded before. */
#pragma once

#include "core/registry.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/* The length of the engine part of `name` ("nettle" of "nettle@generic"; all of "nettle"). */
size_t sm_build_engine_len(const char *name);

/* The label of `name` ("generic" of "nettle@generic"), or NULL when it names no build. */
const char *sm_build_label(const char *name);

/* A label is letters, digits, '.', '_', '+' and '-', 1 to 64 of them, not starting with '.':
 * it becomes part of a file name, an engine name in lists (commas) and a CSV field. */
bool sm_build_label_valid(const char *label);

/* Where `name`'s engine stands in sm_known_engines (a build beside its library's engine);
 * G_MAXINT for an engine speedmatrix does not know. */
int sm_engine_rank(const char *name);

/* The file-name starts of the shared library engine `name` measures ({"libnettle.so", NULL};
 * several where releases name it differently, as Botan 2 and 3), or NULL when engines/engines.ini
 * does not know it. An engine outside it may name its library itself: it exports
 * `const char speedmatrix_engine_library[] = "libfoo.so";` (SM_LIBRARY_SYMBOL). */
#define SM_LIBRARY_SYMBOL "speedmatrix_engine_library"
const char *const *sm_engine_library_stems(const char *name);

/* In the process that measures a build, the namespace of its own is not enough: a library in a
 * second namespace runs a second libc, whose thread-specific keys collide with the first's
 * (GLib's g_slice crashes, and OpenSSL keeps its per-thread state that way). So the measuring
 * worker is a fresh process started with the build's library directory first on
 * LD_LIBRARY_PATH (sm_build_worker_environ), where the build is the only copy of its library
 * the process maps (the runner's own dependencies on it included), and it loads the plugin
 * flat, as any other (sm_builds_load_flat). The namespace is for the runner's process, which
 * lists every engine but only asks a build for its version. */
void sm_builds_load_flat(void);
bool sm_builds_in_namespace(void);

/* The runner's process never calls into a build's library either: OpenSSL's init fails in a
 * second namespace (its locks are NULL). What the runner needs of it (init's result and message,
 * the run-time version, which levels its probes refuse) comes from a worker started as for
 * measuring, with --describe: it loads the build flat, initialises it and writes these lines,
 * which the runner's sm_engine_init reads into the loaded engine (its probes become "refused"
 * or none). */
void sm_build_describe_write(FILE *out, SmLoadedEngine *engine, SmAccel accel);
bool sm_build_describe(SmLoadedEngine *engine, SmAccel accel);

/* Opens the plugin at `path` in a new link-map namespace; NULL with dlerror's text in `error`. */
void *sm_build_open(const char *path, char **error);

/* The real path of the first library file whose name starts with one of `stems` (NULL-terminated)
 * that is mapped in the namespace of the object loaded by `handle` (a dlopen or dlmopen handle),
 * or NULL. */
char *sm_library_file_in(void *handle, const char *const *stems);
