/* The statistical check of one cell in a child of the ct process (which has loaded the engines
 * and initialised none): a library that crashes or hangs takes only the child, and the child's
 * state dies with it. */
#pragma once

#include "ct/dudect.h"

/* Measures `cell` for `budget` seconds in a forked child; a child that gives no answer within
 * budget + `timeout` seconds is killed and the result says so. */
void sm_dudect_isolated(const SmCell *cell, guint64 seed, double budget, double timeout,
                        SmDudectResult *result);
