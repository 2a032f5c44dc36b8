/* Terminal table in the shape openssl speed users know: per engine and API level, 1000s of
 * bytes per second per block size; sign/s and verify/s for signatures. */
#pragma once

#include "core/row.h"

#include <stdio.h>

void sm_table_print(FILE *out, GPtrArray *rows);
