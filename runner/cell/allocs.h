/* Allocation counting in the process that runs a cell: every malloc, calloc, realloc,
 * posix_memalign, aligned_alloc and memalign (C++ operator new included, which calls malloc)
 * made while counting is on, by the runner or any library it loaded. The executable defines
 * those functions and forwards them to glibc's (__libc_malloc & co.), so every shared library
 * and engine plugin resolves to them; under AddressSanitizer, which owns malloc, the sanitizer's
 * allocator hooks count instead. Off (no wrapper does anything but forward) unless a cell turns
 * it on around an untimed batch; SPEEDMATRIX_ALLOC_COUNT=0 turns it off for the process. */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct {
  guint64 allocs;     /* allocation calls (a realloc counts as one) */
  guint64 bytes;      /* bytes asked for by those calls */
  guint64 live_bytes; /* tracking only: of those bytes, the ones still allocated at the end */
  bool live_known;    /* tracking only: false when more blocks were live than can be tracked */
} SmAllocCounts;

/* Whether counting works in this build and SPEEDMATRIX_ALLOC_COUNT does not turn it off. */
bool sm_allocs_enabled(void);

/* Starts counting from zero; `track_live` also records every block so that sm_allocs_end can
 * say how many of the bytes are still allocated (a context's size after its setup). */
void sm_allocs_begin(bool track_live);
SmAllocCounts sm_allocs_end(void);
