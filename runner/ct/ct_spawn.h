/* A memcheck worker (valgrind, the ct worker under it and the child it forks per cell) in a
 * process group of its own, its answer lines read as they come: when ct is interrupted
 * (ct/ct_stop.h), the whole group is killed and every process of it reaped before ct says
 * anything, so that no memcheck outlives the ct that started it. */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* One line of the worker's standard output, without its line end. */
typedef void (*SmCtLineFunc)(const char *line, gpointer data);

/* Runs `argv` with `env`, giving each line of its standard output to `on_line`; its standard
 * error is returned in `err_text`. False with `error` set when it could not be started. Returns
 * after the worker has ended, or at an interrupt once the group is gone. */
bool sm_ct_spawn_lines(char **argv, char **env, SmCtLineFunc on_line, gpointer data,
                       char **err_text, GError **error);
