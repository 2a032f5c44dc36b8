#include "io/output.h"

#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const sidecar_suffixes[] = {".meta", ".journal"};

static bool same_file(const struct stat *a, const char *path)
{
  struct stat b;
  return stat(path, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

/* True when `path` names the same file as one of `inputs` or one of their sidecars. */
static bool is_an_input(const char *path, const char *const *inputs)
{
  struct stat out;
  if (inputs == NULL || stat(path, &out) != 0)
    return false;
  for (const char *const *input = inputs; *input != NULL; input++) {
    if (same_file(&out, *input))
      return true;
    for (size_t i = 0; i < G_N_ELEMENTS(sidecar_suffixes); i++) {
      g_autofree char *sidecar = g_strconcat(*input, sidecar_suffixes[i], NULL);
      if (same_file(&out, sidecar))
        return true;
    }
  }
  return false;
}

/* FILE.meta or FILE.journal where FILE exists: the sidecar of a run, which only run writes. */
static const char *run_of_sidecar(const char *path, char **run)
{
  for (size_t i = 0; i < G_N_ELEMENTS(sidecar_suffixes); i++) {
    if (!g_str_has_suffix(path, sidecar_suffixes[i]))
      continue;
    g_autofree char *csv = g_strndup(path, strlen(path) - strlen(sidecar_suffixes[i]));
    struct stat st;
    if (*csv != '\0' && stat(csv, &st) == 0 && S_ISREG(st.st_mode)) {
      *run = g_steal_pointer(&csv);
      return sidecar_suffixes[i];
    }
  }
  return NULL;
}

bool sm_output_check(const char *path, bool replace, const char *replace_flag,
                     const char *const *inputs, GError **error)
{
  g_autofree char *run = NULL;
  const char *suffix = run_of_sidecar(path, &run);
  if (suffix != NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: is the %s sidecar of the run %s; refusing to write over it", path, suffix,
                run);
    return false;
  }
  if (is_an_input(path, inputs)) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: is also an input of this command; refusing to write over it", path);
    return false;
  }
  struct stat st;
  if (lstat(path, &st) != 0)
    return true;              /* nothing there */
  if (!S_ISREG(st.st_mode)) { /* -o /dev/null is not "File exists": say what it is */
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: cannot %s: not a regular file (a symlink, FIFO, directory or device; - is "
                "standard output)",
                path, replace ? "replace" : "create");
    return false;
  }
  if (!replace) {
    if (replace_flag != NULL)
      g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s (%s replaces it)", path,
                  g_strerror(EEXIST), replace_flag);
    else
      g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s", path, g_strerror(EEXIST));
    return false;
  }
  return true;
}

FILE *sm_output_create(const char *path, bool replace, const char *replace_flag,
                       const char *const *inputs, GError **error)
{
  if (!sm_output_check(path, replace, replace_flag, inputs, error))
    return NULL;
  if (replace && unlink(path) != 0 && errno != ENOENT) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot replace: %s", path, g_strerror(errno));
    return NULL;
  }
  /* O_EXCL: whatever appeared since the check (a file, a symlink, even a dangling one) fails. */
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  FILE *file = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (file == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s", path, g_strerror(errno));
    if (fd >= 0)
      close(fd);
  }
  return file;
}

static bool write_all(int fd, const char *text, gsize length)
{
  while (length > 0) {
    ssize_t n = write(fd, text, length);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    text += n;
    length -= (gsize)n;
  }
  return true;
}

/* `temp` renamed to `path` unless something is there by now (a file that appeared since the
 * check is kept): link() where the file system has hard links, else renameat2's NOREPLACE, else
 * a last look before rename(). */
static bool publish_new(const char *temp, const char *path)
{
  if (link(temp, path) == 0)
    return true;
  if (errno == EEXIST)
    return false;
  if (renameat2(AT_FDCWD, temp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
    return true;
  if (errno != EINVAL && errno != ENOSYS)
    return false;
  struct stat st;
  if (lstat(path, &st) == 0) {
    errno = EEXIST;
    return false;
  }
  return rename(temp, path) == 0;
}

bool sm_output_write(const char *path, const char *text, gssize length, bool replace,
                     const char *replace_flag, const char *const *inputs, GError **error)
{
  if (!sm_output_check(path, replace, replace_flag, inputs, error))
    return false;
  g_autofree char *dir = g_path_get_dirname(path);
  g_autofree char *base = g_path_get_basename(path);
  g_autofree char *temp = g_strdup_printf("%s/.%s.XXXXXX", dir, base);
  int fd = g_mkstemp_full(temp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) { /* the file itself may be there: the directory takes no new file */
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: no new file can be made in %s: %s",
                path, dir, g_strerror(errno));
    return false;
  }
  gsize size = length < 0 ? strlen(text) : (gsize)length;
  bool written = write_all(fd, text, size) && fsync(fd) == 0;
  int saved = errno;
  written = close(fd) == 0 && written;
  if (written && !replace) {
    written = publish_new(temp, path);
    saved = errno;
  } else if (written) {
    written = rename(temp, path) == 0;
    saved = errno;
  } else if (saved == 0) {
    saved = EIO;
  }
  unlink(temp); /* after link() the temporary name; after a failure the partial file */
  if (!written) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: %s", path, g_strerror(saved));
    return false;
  }
  return true;
}

bool sm_output_append_line(FILE *file, const char *text)
{
  struct stat st;
  if (fflush(file) != 0)
    return false;
  int fd = fileno(file);
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return fputs(text, file) >= 0 && fflush(file) == 0;
  off_t before = lseek(fd, 0, SEEK_END);
  size_t length = strlen(text);
  for (size_t done = 0; done < length;) {
    ssize_t n = write(fd, text + done, length - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int saved = n < 0 ? errno : ENOSPC;
      /* should the truncate fail too, the readers still leave a cut last line out */
      bool cut_off = before >= 0 && ftruncate(fd, before) == 0;
      (void)cut_off;
      errno = saved;
      return false;
    }
    done += (size_t)n;
  }
  return true;
}

int sm_lock_file(const char *path, GError **error)
{
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot open: %s", path, g_strerror(errno));
    return -1;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                errno == EWOULDBLOCK ? "%s: another speedmatrix run is writing it"
                                     : "%s: cannot lock it: %s",
                path, g_strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

/* The process id makes the name unique among runs alive at once (two started in the same
 * second); a -N suffix steps over a file an earlier run with a recycled id left. */
char *sm_output_default_name(const char *host, const char *extension)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *stamp = g_date_time_format(now, "%Y%m%dT%H%M%SZ");
  /* A host name is anyone's text: only [A-Za-z0-9._-] goes into a file name ("a/b" is "a_b"). */
  g_autofree char *safe = g_strdup(host);
  for (char *c = safe; *c != '\0'; c++)
    if (!g_ascii_isalnum(*c) && *c != '.' && *c != '-' && *c != '_')
      *c = '_';
  if (safe[0] == '.')
    safe[0] = '_';
  host = safe;
  for (unsigned n = 1;; n++) {
    g_autofree char *suffix = n > 1 ? g_strdup_printf("-%u", n) : g_strdup("");
    g_autofree char *name =
        g_strdup_printf("%s-%s-%ld%s%s", stamp, host, (long)getpid(), suffix, extension);
    char *path = g_build_filename("results", name, NULL);
    g_autofree char *meta = g_strdup_printf("%s.meta", path);
    struct stat st;
    if ((lstat(path, &st) != 0 && lstat(meta, &st) != 0) || n == 1000)
      return path;
    g_free(path);
  }
}
