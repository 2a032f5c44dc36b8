/* What the runner knows of each engine it ships, generated at build time from engines/engines.ini
 * (runner/core/engine_facts.py): the one place an engine's facts are written. */
#pragma once

typedef struct {
  const char *engine;     /* "openssl" */
  const char *short_name; /* "osl" (core/short_names.h) */
  /* The starts of the library's file names, NULL-terminated: several where releases differ. */
  const char *const *files;
} SmEngineFacts;

/* In engines/engines.ini's order; ends with a row whose engine is NULL. */
extern const SmEngineFacts sm_engine_facts[];
