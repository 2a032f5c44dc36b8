/* What the tests that run the speedmatrix binary share. */
#pragma once

#include "cell/execute.h"

#include <glib.h>

typedef struct {
  int status; /* the exit status (the child must exit, not die by a signal) */
  char *out;  /* standard output */
  char *err;  /* standard error */
} Outcome;

/* Runs $SPEEDMATRIX with `args` (NULL-terminated) in `cwd` (NULL: here). */
Outcome run_speedmatrix(const char *cwd, const char *const *args);

/* The same with SPEEDMATRIX_ENGINE_DIR set to `engine_dir` (NULL: as the environment has it). */
Outcome run_with(const char *engine_dir, const char *const *args);

/* The same with $SPEEDMATRIX_TEST, the build with the test hooks (SPEEDMATRIX_TEST_SLOWDOWN). */
Outcome run_test_build(const char *engine_dir, const char *const *args);

void outcome_clear(Outcome *o);

/* Whether two texts that differ byte for byte still say the same (JSON with its keys reordered). */
typedef bool (*GoldenSameFn)(const char *expected, const char *actual);

/* `actual` against tests/golden/`name` ($SM_TESTS_DIR); SM_UPDATE_GOLDEN=1 rewrites the file
 * first. `same` (NULL: none) may accept a text that is not byte-identical. */
void check_golden_with(const char *name, const char *actual, GoldenSameFn same);
void check_golden(const char *name, const char *actual);

/* The engines this build knows (sm_known_engines, from the build's engine rows), as the runner
 * lists them in its errors: "openssl, gcrypt, ...". Tests derive their lists from it. */
char *known_engines_list(void);

/* `text` with every @KNOWN_ENGINES@ replaced by known_engines_list(): golden error lines that
 * list the valid engines stay right when an engine is added. */
char *expand_known_engines(const char *text);

/* SM_TEST_ALGORITHMS ("sha256,aes-128-gcm"): the algorithms the known-answer and agreement
 * tests cover, for a run under emulation where all of them take too long; "all" when unset. */
const char *test_algorithms(void);
/* Whether `algorithm` is among them. */
bool test_algorithm_wanted(const char *algorithm);

/* A cell verified and measured in this process by one worker, as its row: what a worker and
 * sm_row_from_results do for it in a run. */
SmRow *execute_cell(const SmCell *cell, const SmRunContext *context);
