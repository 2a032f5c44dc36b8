/* How each engine turns its library's acceleration off (--accel off), per processor
 * architecture, and the capabilities its switch covers or its impl column names: `list` prints
 * this build's rows, and the accel test holds every engine to a row for each architecture here
 * (a switch or the reason there is none) and its descriptor's accel_off_env to its row. */
#pragma once

#include <glib.h>

typedef struct {
  const char *engine;
  const char *arch; /* sm_build_arch()'s names: "x86_64", "aarch64" */
  /* The switch: "VAR=value ..." set before the library loads (the descriptor's accel_off_env),
   * or the call the engine makes; NULL when there is none on this architecture. */
  const char *off_switch;
  const char *capabilities; /* what the switch turns off, as the library names it */
  const char *unsupported;  /* why there is no switch (off_switch NULL) */
} SmAccelSwitch;

/* The architectures every engine needs a row for. */
extern const char *const sm_accel_arches[];
extern const SmAccelSwitch sm_accel_switches[];
extern const gsize sm_accel_switch_count;

/* `engine`'s row for `arch`, or NULL. */
const SmAccelSwitch *sm_accel_switch_find(const char *engine, const char *arch);
