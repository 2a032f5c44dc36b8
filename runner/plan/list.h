/* The list verb: engines and the support matrix, nothing measured. */
#pragma once

#include "core/registry.h"

#include <stdio.h>

void sm_list_print(FILE *out, SmRegistry *registry, bool reasons);

/* The names WHAT stands for, one a line, for scripts and shell completion: "engines" (those in
 * `registry`), "algorithms", "kinds", "operations" or "apis". False for another WHAT. */
bool sm_list_names(FILE *out, const SmRegistry *registry, const char *what);

/* The WHATs sm_list_names knows, NULL-terminated. */
extern const char *const sm_list_name_sets[];

/* The list verb's command line (argv[0] names the verb); returns its exit status. */
int sm_cmd_list(int argc, char **argv);
