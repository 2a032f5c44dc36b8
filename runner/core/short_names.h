/* Three-letter engine names for outputs with a column per engine (list, the summary grid): with
 * fourteen engines full names no longer fit in 100 columns. A legend line always goes with them. */
#pragma once

#include <glib.h>

/* "osl" for openssl, ... (engines/engines.ini's short); an engine not there (out of tree) gets
 * its first three letters. Never NULL. The result is owned by the caller. */
char *sm_engine_short_name(const char *engine);

/* "osl=openssl, gcr=gcrypt, ..." for the names in `engines` (char*), in their order. */
char *sm_engine_short_legend(GPtrArray *engines);
