/* speedmatrix --version: the program, the engine ABI, and each engine's library version as it
 * was built against and as it runs. */
#pragma once

#include "core/registry.h"

#include <stdio.h>

/* The build's record of each built engine's library version (engines/meson.build), as
 * {name, version} pairs ending in {NULL, NULL}; generated at configure time. */
typedef struct {
  const char *engine;
  const char *version;
} SmBuiltAgainst;

extern const SmBuiltAgainst sm_built_against[];

/* The version a built engine was compiled against, or NULL (an out-of-tree plugin). */
const char *sm_built_against_version(const char *engine);

/* `registry` may be NULL when the engine directory could not be opened (`why` says why). */
void sm_version_print(FILE *out, SmRegistry *registry, const char *why);
