/* Reads one dump of Valgrind's callgrind (the callgrind.out format: ob=, fl=, fn=, cob=, cfn=,
 * calls= and cost lines, names compressed as "(id) name" or written out) into each function's
 * self and inclusive cost, with its object file. The profile collects only inside its own
 * window functions, and callgrind dumps while the window still runs: the dump shows the function
 * that called the window as a root (no collected call reaches it, and it has no cost of its own),
 * the window as what the roots call, and below it the library's work. */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct SmCgFunctionS {
  char *function;
  char *object;         /* the object file's path as callgrind names it; "" when unknown */
  guint64 self_ir;      /* instructions in the function itself */
  guint64 inclusive_ir; /* the same with its callees (calls to itself not counted twice) */
  guint64 self_sys;     /* system calls it made itself */
  guint64 calls_in;     /* calls to it that were collected */
  const struct SmCgFunctionS *caller; /* the caller of its costliest collected call, or NULL */
  guint64 caller_ir;                  /* that call's cost */
  bool root;                          /* no collected call reaches it: the window's caller */
  bool window;                        /* called by a root: the profile's loop */
} SmCgFunction;

typedef struct {
  char *trigger;        /* "Client Request: sm-profile ops", from the dump's header */
  GPtrArray *functions; /* SmCgFunction*, in the order the dump names them */
  guint64 total_ir;     /* every instruction collected */
  guint64 window_ir;    /* the windows' own instructions: the harness's loop */
  guint64 called_ir;    /* what the windows called: the operations with everything below */
  guint64 called_sys;   /* system calls made under the windows' calls */
} SmCgDump;

void sm_cg_dump_free(SmCgDump *dump);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmCgDump, sm_cg_dump_free)

/* NULL with a one-line "NAME:LINE: ..." error when `text` is not a callgrind dump with Ir. */
SmCgDump *sm_cg_dump_parse(const char *name, const char *text, gsize len, GError **error);
SmCgDump *sm_cg_dump_read(const char *path, GError **error);
