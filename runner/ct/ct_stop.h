/* ct's SIGINT and SIGTERM: caught from before its CSV is created to its end, so that an interrupt
 * ends the memcheck workers (killed and reaped, ct/ct_spawn.h) and leaves the CSV with every
 * finished row, which `ct --resume` continues. */
#pragma once

/* Installs the handlers; the signal caught so far is cleared. */
void sm_ct_stop_catch(void);
/* Puts back the handlers sm_ct_stop_catch replaced. */
void sm_ct_stop_release(void);
/* The signal that asked ct to stop, or 0. */
int sm_ct_stop_signal(void);
