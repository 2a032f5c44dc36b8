#include "cell/allocs.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define SM_ALLOCS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SM_ALLOCS_ASAN 1
#endif
#endif

#if defined(SM_ALLOCS_ASAN)
/* From the sanitizer runtime (clang's sanitizer/allocator_interface.h; GCC ships no header). */
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
#endif

/* 0: off; 1: counting; 2: counting and tracking live blocks. Atomics: a library may allocate
 * from a thread of its own while a cell counts. */
static int mode;
static guint64 allocs, bytes;

/* Live blocks of a tracking window (a set-up allocates tens, not thousands): open addressing
 * over static storage, since the allocator cannot allocate. A removed block leaves a tombstone
 * (ptr 1); the table is cleared when a window starts. */
#define LIVE_SLOTS 8192u
#define TOMBSTONE ((uintptr_t)1)
static struct {
  uintptr_t ptr;
  size_t size;
} live[LIVE_SLOTS];
static guint64 live_bytes;
static int live_overflow;

static guint slot_of(uintptr_t ptr) { return (guint)((ptr >> 4) * 2654435761u) % LIVE_SLOTS; }

static void track(void *p, size_t size)
{
  uintptr_t ptr = (uintptr_t)p;
  for (guint i = 0, at = slot_of(ptr); i < LIVE_SLOTS; i++, at = (at + 1) % LIVE_SLOTS) {
    uintptr_t empty = 0;
    if (__atomic_compare_exchange_n(&live[at].ptr, &empty, ptr, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED)) {
      __atomic_store_n(&live[at].size, size, __ATOMIC_RELEASE);
      __atomic_add_fetch(&live_bytes, size, __ATOMIC_RELAXED);
      return;
    }
  }
  __atomic_store_n(&live_overflow, 1, __ATOMIC_RELAXED);
}

static void untrack(void *p)
{
  uintptr_t ptr = (uintptr_t)p;
  for (guint i = 0, at = slot_of(ptr); i < LIVE_SLOTS; i++, at = (at + 1) % LIVE_SLOTS) {
    uintptr_t here = __atomic_load_n(&live[at].ptr, __ATOMIC_ACQUIRE);
    if (here == 0)
      return; /* allocated before the window: not the context's */
    if (here == ptr && __atomic_compare_exchange_n(&live[at].ptr, &here, TOMBSTONE, false,
                                                   __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      __atomic_sub_fetch(&live_bytes, __atomic_load_n(&live[at].size, __ATOMIC_ACQUIRE),
                         __ATOMIC_RELAXED);
      return;
    }
  }
}

static void note_alloc(const volatile void *p, size_t size)
{
  int now = __atomic_load_n(&mode, __ATOMIC_RELAXED);
  if (G_LIKELY(now == 0) || p == NULL)
    return;
  __atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&bytes, size, __ATOMIC_RELAXED);
  if (now == 2)
    track((void *)p, size);
}

static void note_free(const volatile void *p)
{
  if (G_LIKELY(__atomic_load_n(&mode, __ATOMIC_RELAXED) != 2) || p == NULL)
    return;
  untrack((void *)p);
}

#if defined(SM_ALLOCS_ASAN)

static bool hooks_installed;

static bool install(void)
{
  if (!hooks_installed)
    hooks_installed = __sanitizer_install_malloc_and_free_hooks(note_alloc, note_free) != 0;
  return hooks_installed;
}

#else

static bool install(void) { return true; }

/* glibc's own entry points: what these definitions forward to (glibc documents replacing
 * malloc this way; every library then calls these). */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *old, size_t size);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t alignment, size_t size);

void *malloc(size_t size)
{
  void *p = __libc_malloc(size);
  note_alloc(p, size);
  return p;
}

void *calloc(size_t count, size_t size)
{
  void *p = __libc_calloc(count, size);
  note_alloc(p, count * size);
  return p;
}

void *realloc(void *old, size_t size)
{
  if (old != NULL && size == 0) {
    note_free(old);
    return __libc_realloc(old, size);
  }
  void *p = __libc_realloc(old, size);
  if (p != NULL && old != NULL)
    note_free(old);
  note_alloc(p, size);
  return p;
}

void free(void *p)
{
  note_free(p);
  __libc_free(p);
}

static bool valid_alignment(size_t alignment)
{
  return alignment != 0 && (alignment & (alignment - 1)) == 0;
}

int posix_memalign(void **out, size_t alignment, size_t size)
{
  if (!valid_alignment(alignment) || alignment % sizeof(void *) != 0)
    return EINVAL;
  void *p = __libc_memalign(alignment, size);
  if (p == NULL)
    return ENOMEM;
  note_alloc(p, size);
  *out = p;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size)
{
  if (!valid_alignment(alignment)) {
    errno = EINVAL;
    return NULL;
  }
  void *p = __libc_memalign(alignment, size);
  note_alloc(p, size);
  return p;
}

void *memalign(size_t alignment, size_t size)
{
  void *p = __libc_memalign(alignment, size);
  note_alloc(p, size);
  return p;
}

#endif

bool sm_allocs_enabled(void)
{
  const char *setting = g_getenv("SPEEDMATRIX_ALLOC_COUNT");
  if (setting != NULL && strcmp(setting, "0") == 0)
    return false;
  return install();
}

void sm_allocs_begin(bool track_live)
{
  __atomic_store_n(&mode, 0, __ATOMIC_SEQ_CST);
  if (track_live) {
    memset(live, 0, sizeof live);
    live_bytes = 0;
    live_overflow = 0;
  }
  __atomic_store_n(&allocs, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&bytes, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&mode, track_live ? 2 : 1, __ATOMIC_SEQ_CST);
}

SmAllocCounts sm_allocs_end(void)
{
  int was = __atomic_exchange_n(&mode, 0, __ATOMIC_SEQ_CST);
  SmAllocCounts counts = {
      .allocs = __atomic_load_n(&allocs, __ATOMIC_RELAXED),
      .bytes = __atomic_load_n(&bytes, __ATOMIC_RELAXED),
  };
  if (was == 2) {
    counts.live_bytes = __atomic_load_n(&live_bytes, __ATOMIC_RELAXED);
    counts.live_known = !__atomic_load_n(&live_overflow, __ATOMIC_RELAXED);
  }
  return counts;
}
