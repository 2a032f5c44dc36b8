/* Facts about the machine for the run's rows. */
#pragma once

char *sm_host_name(void);
/* The CPU model from /proc/cpuinfo, or "unknown". */
char *sm_cpu_model(void);
