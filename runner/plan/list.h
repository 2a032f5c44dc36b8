/* The list verb: engines and the support matrix, nothing measured. */
#pragma once

#include "core/registry.h"

#include <stdio.h>

void sm_list_print(FILE *out, SmRegistry *registry, bool reasons);
