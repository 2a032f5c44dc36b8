/* One result row: what every sink serialises. Only ok rows carry figures. */
#pragma once

#include "core/catalog.h"
#include "core/stats.h"

#include <glib.h>
#include <stdbool.h>

/* What became of a cell: every planned cell ends as one row with one of these. */
typedef enum {
  SM_STATUS_PENDING, /* to be verified and measured */
  SM_STATUS_OK,
  SM_STATUS_UNSUPPORTED,
  SM_STATUS_KAT_FAILED,
  SM_STATUS_ERROR,
  SM_STATUS_CRASHED,
  SM_STATUS_TIMEOUT,
} SmStatus;

const char *sm_status_name(SmStatus status);

typedef struct {
  char *timestamp; /* ISO 8601 UTC, when the cell finished */
  char *host;
  char *cpu_model;
  char *engine;
  char *engine_version;
  char *algorithm;
  SmKind kind;
  SmOp operation;
  SmApi api;
  guint block_size; /* 0: not applicable */
  double ops_per_sec;
  double bytes_per_sec; /* 0 for signature and kex */
  SmStats stats;        /* over per-sample ops/s */
  SmStatus status;
  char *detail;
  guint64 seed;
  SmAccel accel;
  unsigned parallel;
  char *source;       /* where an imported row came from ("FILE#run N"); NULL for measured rows */
  char *accel_detail; /* what the library reported of its acceleration */
  bool budget_hit;    /* sampling hit the time cap with the spread above the target */
  double per_worker_ops_per_sec;
  double single_ops_per_sec; /* one worker alone, measured just before a parallel cell */
  double scaling_efficiency; /* ops_per_sec / (parallel x single_ops_per_sec) */
  double efficiency_low, efficiency_high; /* its interval from the two figures'; 0: none */
  double cycles_per_op;                   /* 0: unknown */
  double cycles_per_byte;
  char *cycles_source;
  double slope_ns_per_byte;     /* least-squares fit over the block sizes of this cell's group, */
  double intercept_ns_per_call; /* on the row that completed the group; both 0 elsewhere */
  bool has_fit;
  unsigned passes;      /* passes measured (0: not measured) */
  unsigned passes_kept; /* passes whose two fastest samples are within 5% of the figure */
  /* ops_per_sec is the headline: the estimate `estimator` names, with its interval. */
  char *estimator;
  double median_ops_per_sec; /* the median of every sample of every pass */
  double ops_low, ops_high;  /* the headline's interval; 0: none */
  /* Against the other cells measured at the same moments (the same passes of the same work):
   * the fastest of them, and the geometric mean of the other engines' cells; 0: none. */
  SmEstimate ratio_to_best;
  SmEstimate ratio_to_slot;
  /* The costs beyond speed (README "Costs beyond speed"): */
  char *impl;           /* which implementation ran, as the library reports it; NULL: cannot tell */
  bool has_allocs;      /* allocations were counted */
  double allocs_per_op; /* allocation calls per operation */
  double alloc_bytes_per_op; /* bytes those calls asked for, per operation */
  bool has_context_bytes;
  guint64 context_bytes; /* bytes the cell's context still held after its setup */
  /* The share of speed the contention probe lost at the headline's pass against the fastest
   * probe of the run (README "Contention"): how much of the core another tenant held then. */
  bool has_contention;
  double contention;
  /* The passes that read more than 5% below the headline while the probe found the core quiet
   * (contention at most SM_CONTENTION_LIMIT): a slow pass no neighbour explains, the evidence
   * that the figure is one mode of several (README "Comparing runs"). */
  bool has_passes_slow_quiet;
  unsigned passes_slow_quiet;
  char *library_path;    /* the library file the measuring process mapped; NULL: unknown */
  char *library_version; /* that library's version as it reported it there */
  /* Threads of one worker process that measured the cell at once (1: one), and whether each
   * timed call built a new context from the key and released it (a per-message cell). With
   * several threads, per_worker_ops_per_sec is per thread and scaling_efficiency is against
   * one thread measured in the same pass. */
  unsigned threads;
  bool per_message;
  bool has_lock_waits;
  guint64 lock_waits; /* times a call waited for a lock another thread held (the engine said) */
  /* What emulated the measuring process ("aarch64 code on an x86_64 kernel (user-mode
   * emulation)"); NULL on a native machine. Its figures are the emulator's, not the CPU's. */
  char *emulated;
} SmRow;

/* How a cell uses its context: "reused" (made once, every call on it) or "per-message". */
const char *sm_context_name(bool per_message);
bool sm_context_parse(const char *name, bool *per_message);

/* A figure measured while the contention probe had lost more than this share of its speed was
 * measured on a core another tenant was using: compare does not judge a change it shows, the
 * run's .meta counts it, and the history store leaves it out of its series. */
#define SM_CONTENTION_LIMIT 0.02

/* A figure is a level once this many passes (or every pass, when fewer were measured) came
 * within 5% of it (`passes_kept`): the run asks confirmation passes for a figure short of it,
 * and compare does not judge a cell alone on one (README "Comparing runs"). Three, not two:
 * every pass of a run can miss a cell's fast state while two of them agree on a slower one. */
#define SM_LEVEL_PASSES 3u

/* The estimator of measured rows (README "How it measures"). */
#define SM_ESTIMATOR "fastest-sample"

/* The CSV schema this build writes; readers refuse a newer major. */
#define SM_CSV_SCHEMA_VERSION 1

/* A row with its timestamp set to now and its strings copied. */
SmRow *sm_row_new(const char *engine, const char *engine_version, const char *algorithm,
                  SmKind kind, const char *host, const char *cpu_model, guint64 seed);
void sm_row_free(SmRow *row);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmRow, sm_row_free)

/* Relative spread reported in the CSV: median absolute deviation / median. */
double sm_row_spread(const SmRow *row);

/* The machine a row was measured on, as compare and report name it: the host; for a row
 * imported from a hand-made table, its host, CPU and OpenSSL version ("Rocky 8, EPYC 7313P,
 * 1.1.1k"), since a table may name several machines with the same OS. */
char *sm_row_machine(const SmRow *row);
