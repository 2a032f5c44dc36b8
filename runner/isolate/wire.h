/* The line protocol between the runner and its worker processes: one request or answer per
 * line, tab-separated fields, strings escaped with g_strescape, doubles with %.17g. */
#pragma once

#include "cell/execute.h"

#include <glib.h>

/* "result\t..." for a cell's result. */
char *sm_wire_format_result(const SmCellResult *result);
/* Parses a "result" line (without the newline); false when malformed. */
bool sm_wire_parse_result(const char *line, SmCellResult *result);

char *sm_wire_hex_list(const SmBytes *items, unsigned count);
/* Decodes "hex,hex,..." ("-" = none) into arrays kept in `storage`; false on bad hex. */
bool sm_wire_parse_hex_list(const char *text, GPtrArray *storage);
