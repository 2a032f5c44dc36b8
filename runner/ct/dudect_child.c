#include "ct/dudect_child.h"

#include "ct/ct_stop.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child's one line: "1 T SAMPLES COLLECTED" or "0 WHY". */
static void child(int fd, const SmCell *cell, guint64 seed, double budget)
{
  SmCtOptions options = {.seed = seed, .reps = 1};
  SmDudectResult d = {0};
  sm_dudect_cell(cell, &options, budget, &d);
  g_autofree char *line = d.measured
                              ? g_strdup_printf("1 %.4f %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                                                d.t, d.samples, d.collected)
                              : g_strdup_printf("0 %s", d.why != NULL ? d.why : "?");
  _exit(write(fd, line, strlen(line)) == (ssize_t)strlen(line) ? 0 : 1);
}

static void parse_answer(const char *answer, SmDudectResult *result)
{
  g_auto(GStrv) f = g_strsplit(answer, " ", 4);
  if (answer[0] == '1' && g_strv_length(f) == 4) {
    result->measured = true;
    result->t = g_ascii_strtod(f[1], NULL);
    result->samples = g_ascii_strtoull(f[2], NULL, 10);
    result->collected = g_ascii_strtoull(f[3], NULL, 10);
  } else {
    result->why = g_strdup(answer[0] == '0' ? answer + 2 : "the child gave no answer in time");
  }
}

void sm_dudect_isolated(const SmCell *cell, guint64 seed, double budget, double timeout,
                        SmDudectResult *result)
{
  *result = (SmDudectResult){0};
  int fds[2];
  if (pipe(fds) != 0) {
    result->why = g_strdup_printf("pipe: %s", g_strerror(errno));
    return;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    child(fds[1], cell, seed, budget);
  }
  close(fds[1]);
  g_autoptr(GString) answer = g_string_new(NULL);
  gint64 deadline = g_get_monotonic_time() + (gint64)((budget + timeout) * 1e6);
  while (pid > 0) {
    gint64 left = (deadline - g_get_monotonic_time()) / 1000;
    struct pollfd wait = {.fd = fds[0], .events = POLLIN};
    if (left <= 0 || sm_ct_stop_signal() != 0 ||
        (poll(&wait, 1, (int)MIN(left, 100)) < 0 && errno != EINTR))
      break; /* past its time, or ct interrupted: the child is killed below */
    char buffer[256];
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
      break;
    if (n > 0)
      g_string_append_len(answer, buffer, n);
  }
  close(fds[0]);
  if (pid > 0) {
    kill(pid, SIGKILL); /* gone already, or past its time */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  parse_answer(answer->str, result);
}
