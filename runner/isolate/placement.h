/* Where a library's code sits in physical memory, chosen anew for every pass.
 *
 * Measured on this VM (README "A fresh placement for every pass"): libgcrypt's X25519 read
 * 6000-6600 ops/s depending only on which page-cache pages held libgcrypt's code, the same in
 * every process while those pages stayed and different after the file was read again, while
 * libsodium's and OpenSSL's did not move. The pages stay for as long as the file is in use, so
 * every pass of a run shared one placement and the next run (after the kernel had reclaimed
 * the idle file) drew another: a whole run read 7% slow. Dropping the files a pass's workers
 * mapped from the page cache once they have exited makes each pass draw its own placement,
 * which the headline (the fastest sample of all passes) then sees several of. */
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

/* Asks the kernel to drop each file's cached pages (posix_fadvise POSIX_FADV_DONTNEED): pages a
 * live process still maps stay where they are, so only what the exited workers alone used is
 * read again, into new pages, by the next pass. Returns how many files were advised. */
guint sm_placement_release(GHashTable *files);
