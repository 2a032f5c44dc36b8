/* `ct --resume FILE`: the rows an interrupted ct left in FILE, checked against this plan, and
 * FILE opened to append the cells it lacks. */
#pragma once

#include "io/ct_csv.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/* Reads FILE: a ct CSV this program wrote (its header is ct's; an empty file, or one whose
 * header was cut short, has no row yet). Its whole rows are kept; a last line without its line
 * end is removed from the file, and its cell checked again. Refused, each with its own line: a
 * row of a cell `plan` (SmCell*) lacks, of another seed or --secret-data, a cell twice. Returns
 * the rows, with `*out` open at the end of FILE. */
SmCtSet *sm_ct_resume_open(const char *path, GPtrArray *plan, guint64 seed, bool secret_data,
                           FILE **out, GError **error);
