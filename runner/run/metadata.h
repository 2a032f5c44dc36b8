/* Run metadata, written beside the CSV as RESULT.csv.meta (a GKeyFile): the machine, the
 * build, the libraries, the settings, and whether the machine looked noisy. */
#pragma once

#include "cell/probe.h"

#include "plan/config.h"
#include "cell/execute.h"
#include "core/registry.h"
#include "core/row.h"

typedef struct SmRunMetadata SmRunMetadata;

SmRunMetadata *sm_metadata_begin(const SmSettings *settings, SmRegistry *registry,
                                 const SmRunContext *context);
/* A resumed run: keeps the first run's start time and records when this one resumed it. */
void sm_metadata_continue(SmRunMetadata *m, const char *started);
void sm_metadata_add_row(SmRunMetadata *metadata, const SmRow *row);
/* The contention probe's reference rates of the run ("int,mul,vec": each kernel's 90th
 * percentile), what every row's contention is taken against. */
void sm_metadata_set_probe(SmRunMetadata *metadata, const SmProbe *best);
/* [run] interrupted=SIGINT or SIGTERM: the run stopped at a signal, `finished` is when. */
void sm_metadata_set_interrupted(SmRunMetadata *metadata, int signo);
/* Closes the record; returns a one-line warning when the machine looked noisy, else NULL. */
char *sm_metadata_finish(SmRunMetadata *metadata);
bool sm_metadata_write(SmRunMetadata *metadata, const char *path, GError **error);
void sm_metadata_free(SmRunMetadata *metadata);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmRunMetadata, sm_metadata_free)
