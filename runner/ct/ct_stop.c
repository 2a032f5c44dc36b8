#include "ct/ct_stop.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t stop_signal;
static struct sigaction old_int, old_term;

static void on_stop_signal(int signo) { stop_signal = signo; }

void sm_ct_stop_catch(void)
{
  stop_signal = 0;
  /* No SA_RESTART: a wait on a worker's output returns at once with EINTR. */
  struct sigaction action = {.sa_handler = on_stop_signal};
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
}

void sm_ct_stop_release(void)
{
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
}

int sm_ct_stop_signal(void) { return stop_signal; }
