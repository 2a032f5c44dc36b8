/* One cell, start to finish: engine init, known answers, input preparation, measurement. */
#pragma once

#include "config.h"
#include "row.h"

typedef struct {
  guint64 seed;
  double time;
  unsigned samples;
  char *host;
  char *cpu_model;
} SmRunContext;

SmRow *sm_execute_cell(SmCell *cell, const SmRunContext *context);
