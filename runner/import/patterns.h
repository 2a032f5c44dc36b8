/* Regular expressions compiled once per process: the importer reads many texts in one process
 * (the fuzzer, a folder of mails) and compiling a pattern costs more than matching it. Internal to
 * import/. */
#pragma once

#include <glib.h>

/* The pattern compiled on first use into `slot` (a static gsize of the caller, 0 at first) and
 * kept for the life of the process; the patterns are constants, so a bad one is a programmer's
 * error (an assertion). Thread-safe. */
GRegex *sm_import_regex(gsize *slot, const char *pattern, GRegexCompileFlags flags);
