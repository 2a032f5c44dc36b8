/* compare --format jsonl: JSON Lines, one object per cell (as in --format json's "cells": its
 * identity, then each run's status, figure, ratio and verdict, the baseline first), for jq,
 * grep and streaming readers. */
#include "compare/format_json.h"

static void write_jsonl(const SmComparison *cmp, GString *out)
{
  for (guint c = 0; c < cmp->cells->len; c++) {
    g_autoptr(JsonNode) cell = sm_compare_json_cell(cmp, cmp->cells->pdata[c]);
    sm_compare_json_write(out, cell, false);
  }
}

const SmCompareFormat sm_compare_format_jsonl = {"jsonl", "jsonl", write_jsonl, false};
