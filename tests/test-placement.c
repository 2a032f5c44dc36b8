/* isolate/placement.c: the files a worker maps, read from /proc/PID/maps, the runner's letting go
 * of its own mappings of them, and their release from the page cache between passes. What the
 * kernel then does with the pages is not asserted (it keeps pages a live process maps); only which
 * files are found and advised. */
#include "isolate/placement.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void test_parse(void)
{
  const char *maps =
      "55d0c0a00000-55d0c0a02000 r--p 00000000 fe:01 1311 /usr/bin/speedmatrix\n"
      "55d0c0a02000-55d0c0a40000 r-xp 00002000 fe:01 1311 /usr/bin/speedmatrix\n"
      "55d0c1000000-55d0c1021000 rw-p 00000000 00:00 0                          [heap]\n"
      "7f0000000000-7f0000100000 r-xp 00010000 fe:01 2222 "
      "/usr/lib/x86_64-linux-gnu/libgcrypt.so.20.4.1\n"
      "7f0000200000-7f0000201000 rw-p 00000000 00:00 0 \n"
      "7f0000300000-7f0000301000 r--p 00000000 fe:01 3333 /opt/my libs/libfoo.so\n"
      "7f0000400000-7f0000401000 r--p 00000000 00:05 4444 /memfd:jit (deleted)\n"
      "7f0000500000-7f0000501000 r--p 00000000 fe:01 5555 /tmp/old.so (deleted)\n"
      "7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]\n"
      "7ffd00100000-7ffd00102000 r-xp 00000000 00:00 0                          [vdso]\n"
      "not a maps line\n"
      "";
  g_autoptr(GHashTable) files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  sm_placement_parse_maps(maps, files);
  g_assert_cmpuint(g_hash_table_size(files), ==, 3);
  g_assert_true(g_hash_table_contains(files, "/usr/bin/speedmatrix")); /* twice in the text */
  g_assert_true(g_hash_table_contains(files, "/usr/lib/x86_64-linux-gnu/libgcrypt.so.20.4.1"));
  g_assert_true(g_hash_table_contains(files, "/opt/my libs/libfoo.so")); /* a space in the path */
  g_autoptr(GHashTable) none = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  sm_placement_parse_maps("", none);
  g_assert_cmpuint(g_hash_table_size(none), ==, 0);
}

/* This process maps its own executable and libc: both are found. */
static void test_collect(void)
{
  g_autoptr(GHashTable) files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_assert_true(sm_placement_collect(files, getpid()));
  g_autofree char *self = g_file_read_link("/proc/self/exe", NULL);
  g_assert_nonnull(self);
  g_assert_true(g_hash_table_contains(files, self));
  gboolean libc = FALSE;
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init(&iter, files);
  while (g_hash_table_iter_next(&iter, &key, NULL))
    libc |= strstr(key, "libc.so") != NULL || strstr(key, "libc-") != NULL;
  g_assert_true(libc);
  /* A process that is not there: nothing read, nothing added. */
  guint before = g_hash_table_size(files);
  g_assert_false(sm_placement_collect(files, (pid_t)0x7ffffff0));
  g_assert_cmpuint(g_hash_table_size(files), ==, before);
}

static void test_release(void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp("sm-placement-XXXXXX", &error);
  g_assert_no_error(error);
  g_autofree char *path = g_build_filename(dir, "lib.so", NULL);
  g_assert_true(g_file_set_contents(path, "not really a library", -1, NULL));
  g_autoptr(GHashTable) files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add(files, g_strdup(path));
  g_hash_table_add(files, g_build_filename(dir, "gone.so", NULL));
  /* The file there is advised; the one that is not is skipped. */
  g_assert_cmpuint(sm_placement_release(files), ==, 1);
  g_remove(path);
  g_rmdir(dir);
}

static void test_may_unmap(void)
{
  g_assert_true(sm_placement_may_unmap("r-xp", 0));  /* code */
  g_assert_true(sm_placement_may_unmap("r--p", 0));  /* constants */
  g_assert_false(sm_placement_may_unmap("r--p", 4)); /* RELRO: relocated, then made read-only */
  g_assert_false(sm_placement_may_unmap("rw-p", 0)); /* data */
  g_assert_false(sm_placement_may_unmap("---p", 0)); /* a guard */
  g_assert_false(sm_placement_may_unmap("r-x", 0));
}

/* How many of the `pages` pages at `at` this process has in its page table
 * (/proc/self/pagemap, bit 63; readable for one's own process without privilege). */
static unsigned present_pages(const void *at, unsigned pages)
{
  int fd = open("/proc/self/pagemap", O_RDONLY);
  g_assert_cmpint(fd, >=, 0);
  long size = sysconf(_SC_PAGESIZE);
  unsigned present = 0;
  for (unsigned i = 0; i < pages; i++) {
    guint64 entry = 0;
    off_t where = (off_t)(((guintptr)at + (guintptr)i * (guintptr)size) / (guintptr)size * 8);
    g_assert_cmpint(pread(fd, &entry, sizeof entry, where), ==, (gssize)sizeof entry);
    present += (unsigned)(entry >> 63);
  }
  close(fd);
  return present;
}

/* The runner lets go of its own mappings of a released file: a read-only one leaves the page
 * table (and reads the same after), one with a private copy keeps it, and a file not in the set
 * is left alone. */
static void test_unmap_own(void)
{
  enum { PAGES = 4 };
  long size = sysconf(_SC_PAGESIZE);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp("sm-placement-XXXXXX", &error);
  g_assert_no_error(error);
  g_autofree char *path = g_build_filename(dir, "code.so", NULL);
  g_autofree char *other = g_build_filename(dir, "other.so", NULL);
  g_autofree char *content = g_malloc((gsize)size * PAGES);
  for (long i = 0; i < size * PAGES; i++)
    content[i] = (char)('a' + i % 26);
  g_assert_true(g_file_set_contents(path, content, size * PAGES, NULL));
  g_assert_true(g_file_set_contents(other, content, size * PAGES, NULL));
  int fd = open(path, O_RDONLY), fd_other = open(other, O_RDONLY);
  g_assert_cmpint(fd, >=, 0);
  g_assert_cmpint(fd_other, >=, 0);
  char *code = mmap(NULL, (size_t)size * PAGES, PROT_READ, MAP_PRIVATE, fd, 0);
  char *copy = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  char *kept = mmap(NULL, (size_t)size * PAGES, PROT_READ, MAP_PRIVATE, fd_other, 0);
  g_assert_true(code != MAP_FAILED && copy != MAP_FAILED && kept != MAP_FAILED);
  copy[0] = 'Z'; /* a private copy, as relocation makes */
  g_assert_cmpint(mprotect(copy, (size_t)size, PROT_READ), ==, 0);
  volatile char sum = 0;
  for (unsigned i = 0; i < PAGES; i++)
    sum = (char)(sum + code[(long)i * size] + kept[(long)i * size]);
  g_assert_cmpuint(present_pages(code, PAGES), ==, PAGES);
  g_assert_cmpuint(present_pages(kept, PAGES), ==, PAGES);

  g_autoptr(GHashTable) files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add(files, g_strdup(path));
  g_assert_cmpuint(sm_placement_unmap_own(files), >=, 1);
  g_assert_cmpuint(present_pages(code, PAGES), ==, 0);
  g_assert_cmpuint(present_pages(kept, PAGES), ==, PAGES);
  g_assert_cmpint(copy[0], ==, 'Z');
  g_assert_true(memcmp(code, content, (size_t)size * PAGES) == 0); /* read in again */
  (void)sum;
  munmap(code, (size_t)size * PAGES);
  munmap(copy, (size_t)size);
  munmap(kept, (size_t)size * PAGES);
  close(fd);
  close(fd_other);
  g_remove(path);
  g_remove(other);
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/placement/parse", test_parse);
  g_test_add_func("/placement/collect", test_collect);
  g_test_add_func("/placement/release", test_release);
  g_test_add_func("/placement/may-unmap", test_may_unmap);
  g_test_add_func("/placement/unmap-own", test_unmap_own);
  return g_test_run();
}
