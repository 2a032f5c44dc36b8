/* compare's JSON pieces, for the formats written as JSON (format_json.c). */
#pragma once

#include "compare/compare.h"

#include <json-glib/json-glib.h>

/* A cell's identity and, per run (the baseline first), its status, figure, ratio and verdict. */
JsonNode *sm_compare_json_cell(const SmComparison *cmp, const SmCompareCell *cell);

/* `root` as JSON text and a newline; indented when `pretty`, else on one line. */
void sm_compare_json_write(GString *out, JsonNode *root, bool pretty);
