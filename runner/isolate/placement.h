/* Where a library's code sits in physical memory, chosen anew for every pass.
 *
 * A library can run at a speed set by which page-cache pages hold its code, and those pages stay
 * for as long as the file is in use: every pass of a run would share one placement and the next
 * run draw another, so that a whole run reads slow or fast. Dropping the files a pass's workers
 * mapped from the page cache once they have exited makes each pass draw its own placement,
 * which the headline (the fastest sample of all passes) then sees several of.
 *
 * A page a live process maps is not dropped, and the runner maps every plugin and its library
 * too (it loads them to plan the run and calls their init; each page fault maps the pages around
 * it): before the release the runner also lets go of its own read-only mappings of those files
 * (sm_placement_unmap_own). */
#pragma once

#include <glib.h>
#include <sys/types.h>

/* Adds to `files` (a set of paths) the regular files a /proc/PID/maps text maps (shared objects
 * and the like): absolute paths only, never a deleted file or a pseudo-mapping ([heap],
 * [vdso], ...). */
void sm_placement_parse_maps(const char *maps, GHashTable *files);

/* Adds the files process `pid` maps to `files` (a set of paths); false when its maps could not
 * be read (it has exited). */
gboolean sm_placement_collect(GHashTable *files, pid_t pid);

/* Drops this process's page-table entries for its mappings of the files in `files` that hold no
 * page of their own (no write permission and no private copy, "Anonymous: 0 kB" in
 * /proc/self/smaps: code and constant data), so that the page cache may release their pages;
 * a later access reads them in again from the file. A mapping with a private copy (relocated
 * data, RELRO) is never touched: discarding it would lose the copy. Returns how many mappings
 * were let go. */
guint sm_placement_unmap_own(GHashTable *files);

/* The rule above for one mapping: its permissions ("r-xp") and its Anonymous kB. */
gboolean sm_placement_may_unmap(const char *perms, guint64 anonymous_kb);

/* Asks the kernel to drop each file's cached pages (posix_fadvise POSIX_FADV_DONTNEED): pages a
 * live process still maps stay where they are, so only what the exited workers alone used is
 * read again, into new pages, by the next pass. Returns how many files were advised. */
guint sm_placement_release(GHashTable *files);
