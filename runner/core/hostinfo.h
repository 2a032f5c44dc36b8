/* Facts about the machine for the run's rows. */
#pragma once

#include <stdbool.h>

char *sm_host_name(void);
/* The CPU model: /proc/cpuinfo's "model name", else the Arm implementer and part names
 * ("Neoverse-V1", "Cortex-A76 + Cortex-A55"), else "unknown"; under emulation, what is
 * emulated and on what ("emulated aarch64 on AMD EPYC"). */
char *sm_cpu_model(void);
/* Under user-mode emulation (QEMU's binfmt_misc interpreter), what runs on what ("aarch64 code
 * on an x86_64 kernel"); NULL on a native machine. Computed once per process. */
const char *sm_host_emulation(void);
/* The CPU model text of /proc/cpuinfo's contents, as sm_cpu_model() reads it (for tests). */
char *sm_cpu_model_of(const char *cpuinfo);
/* Whether code built for this program's architecture runs natively on a kernel whose
 * machine name is `kernel_arch` (for tests). */
bool sm_arch_runs_natively(const char *kernel_arch);
/* The architecture this program was built for ("aarch64", "x86_64", ...). */
const char *sm_build_arch(void);
