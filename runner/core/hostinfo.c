#include "core/hostinfo.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

char *sm_host_name(void) { return g_strdup(g_get_host_name()); }

/* Arm's processor identities (MIDR implementer and part), as /proc/cpuinfo gives them on arm64
 * where it has no "model name" line; the names are util-linux lscpu's. */
static const struct {
  unsigned implementer, part;
  const char *name;
} arm_parts[] = {
    {0x41, 0xd03, "Cortex-A53"},     {0x41, 0xd04, "Cortex-A35"},
    {0x41, 0xd05, "Cortex-A55"},     {0x41, 0xd07, "Cortex-A57"},
    {0x41, 0xd08, "Cortex-A72"},     {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},     {0x41, 0xd0b, "Cortex-A76"},
    {0x41, 0xd0c, "Neoverse-N1"},    {0x41, 0xd0d, "Cortex-A77"},
    {0x41, 0xd40, "Neoverse-V1"},    {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},      {0x41, 0xd46, "Cortex-A510"},
    {0x41, 0xd47, "Cortex-A710"},    {0x41, 0xd48, "Cortex-X2"},
    {0x41, 0xd49, "Neoverse-N2"},    {0x41, 0xd4a, "Neoverse-E1"},
    {0x41, 0xd4b, "Cortex-A78C"},    {0x41, 0xd4d, "Cortex-A715"},
    {0x41, 0xd4e, "Cortex-X3"},      {0x41, 0xd4f, "Neoverse-V2"},
    {0x41, 0xd80, "Cortex-A520"},    {0x41, 0xd81, "Cortex-A720"},
    {0x41, 0xd82, "Cortex-X4"},      {0x41, 0xd84, "Neoverse-V3"},
    {0x41, 0xd8e, "Neoverse-N3"},    {0x43, 0x0a1, "ThunderX 88XX"},
    {0x43, 0x0af, "ThunderX2 99xx"}, {0x46, 0x001, "A64FX"},
    {0x48, 0xd01, "Kunpeng-920"},    {0x4e, 0x004, "Carmel"},
    {0x51, 0x800, "Kryo-2XX-Gold"},  {0x51, 0x801, "Kryo-2XX-Silver"},
    {0x51, 0x804, "Kryo-4XX-Gold"},  {0x51, 0x805, "Kryo-4XX-Silver"},
    {0x51, 0xc00, "Falkor"},         {0x51, 0x001, "Oryon"},
    {0x61, 0x022, "Icestorm"},       {0x61, 0x023, "Firestorm"},
    {0xc0, 0xac3, "Ampere-1"},       {0xc0, 0xac4, "Ampere-1a"},
};

static unsigned cpuinfo_number(const char *line)
{
  const char *colon = strchr(line, ':');
  return colon != NULL ? (unsigned)strtoul(colon + 1, NULL, 0) : 0;
}

static const char *arm_part_name(unsigned implementer, unsigned part)
{
  for (size_t i = 0; i < G_N_ELEMENTS(arm_parts); i++)
    if (arm_parts[i].implementer == implementer && arm_parts[i].part == part)
      return arm_parts[i].name;
  return NULL;
}

char *sm_cpu_model_of(const char *cpuinfo)
{
  g_auto(GStrv) lines = g_strsplit(cpuinfo, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    if (!g_str_has_prefix(*line, "model name"))
      continue;
    const char *colon = strchr(*line, ':');
    if (colon != NULL)
      return g_strstrip(g_strdup(colon + 1));
  }
  /* Each core's implementer comes before its part; distinct names in order of first core
   * (big.LITTLE machines have two or three). */
  GString *names = g_string_new(NULL);
  unsigned implementer = 0;
  for (char **line = lines; *line != NULL; line++) {
    if (g_str_has_prefix(*line, "CPU implementer"))
      implementer = cpuinfo_number(*line);
    if (!g_str_has_prefix(*line, "CPU part"))
      continue;
    unsigned part = cpuinfo_number(*line);
    const char *known = arm_part_name(implementer, part);
    g_autofree char *name =
        known != NULL ? g_strdup(known)
                      : g_strdup_printf("Arm implementer 0x%02x part 0x%03x", implementer, part);
    if (strstr(names->str, name) == NULL)
      g_string_append_printf(names, "%s%s", names->len > 0 ? " + " : "", name);
  }
  if (names->len == 0)
    g_string_assign(names, "unknown");
  return g_string_free(names, FALSE);
}

char *sm_cpu_model(void)
{
  g_autofree char *text = NULL;
  g_autofree char *model =
      g_file_get_contents("/proc/cpuinfo", &text, NULL, NULL) ? sm_cpu_model_of(text) : NULL;
  const char *emulation = sm_host_emulation();
  /* The emulator passes the host's /proc/cpuinfo through: its model is not what ran the code. */
  if (emulation != NULL)
    return g_strdup_printf("emulated %s on %s", sm_build_arch(), model ? model : "unknown");
  return model != NULL ? g_steal_pointer(&model) : g_strdup("unknown");
}

/* This build's architecture: its name, QEMU's name for it (the binfmt_misc entry
 * qemu-user-static registers), and the kernel machine names that run its code natively (32-bit
 * code on a 64-bit kernel of the same family included). */
#if defined(__x86_64__)
#define ARCH_NAME "x86_64"
#define ARCH_QEMU "x86_64"
#define ARCH_KERNELS "x86_64"
#elif defined(__i386__)
#define ARCH_NAME "i386"
#define ARCH_QEMU "i386"
#define ARCH_KERNELS "x86_64", "i386", "i486", "i586", "i686"
#elif defined(__aarch64__)
#define ARCH_NAME "aarch64"
#define ARCH_QEMU "aarch64"
#define ARCH_KERNELS "aarch64"
#elif defined(__arm__)
#define ARCH_NAME "arm"
#define ARCH_QEMU "arm"
#define ARCH_KERNELS "aarch64", "armv6l", "armv7l", "armv8l"
#elif defined(__riscv)
#define ARCH_NAME "riscv64"
#define ARCH_QEMU "riscv64"
#define ARCH_KERNELS "riscv64"
#elif defined(__s390x__)
#define ARCH_NAME "s390x"
#define ARCH_QEMU "s390x"
#define ARCH_KERNELS "s390x"
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARCH_NAME "ppc64le"
#define ARCH_QEMU "ppc64le"
#define ARCH_KERNELS "ppc64le"
#endif

#ifdef ARCH_NAME
static const char *const native_kernels[] = {ARCH_KERNELS, NULL};
#else
/* An architecture this file does not know: no way to tell, so native. */
#define ARCH_NAME "unknown"
static const char *const native_kernels[] = {NULL};
#endif

const char *sm_build_arch(void) { return ARCH_NAME; }

bool sm_arch_runs_natively(const char *kernel_arch)
{
  if (native_kernels[0] == NULL)
    return true;
  for (const char *const *name = native_kernels; *name != NULL; name++)
    if (strcmp(*name, kernel_arch) == 0)
      return true;
  return false;
}

/* Where the kernel's machine name is read. */
static const char *kernel_arch_path(void)
{
#ifdef SM_TEST_HOOKS
  /* Tests pose as an emulated run with a file that names a foreign kernel. */
  const char *path = g_getenv("SM_TEST_KERNEL_ARCH");
  if (path != NULL)
    return path;
#endif
  return "/proc/sys/kernel/arch";
}

/* QEMU's user mode answers uname() with the emulated machine but leaves the kernel's own
 * kernel.arch sysctl alone: a kernel that cannot run this code natively is an emulator's. */
static char *find_emulation(void)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents(kernel_arch_path(), &text, NULL, NULL)) {
#ifdef ARCH_QEMU
    /* A kernel without that sysctl (before Linux 6.x): binfmt_misc has an emulator for this
     * architecture only where it is foreign (binfmt-support never registers the native one). */
    g_autofree char *entry = NULL;
    if (g_file_get_contents("/proc/sys/fs/binfmt_misc/qemu-" ARCH_QEMU, &entry, NULL, NULL) &&
        g_str_has_prefix(entry, "enabled"))
      return g_strdup(ARCH_NAME " code through binfmt_misc's qemu-" ARCH_QEMU
                                " (user-mode emulation)");
#endif
    return NULL;
  }
  g_strstrip(text);
  if (text[0] == '\0' || sm_arch_runs_natively(text))
    return NULL;
  return g_strdup_printf("%s code on an %s kernel (user-mode emulation)", ARCH_NAME, text);
}

const char *sm_host_emulation(void)
{
  static char *emulation;
  static gsize done;
  if (g_once_init_enter(&done)) {
    emulation = find_emulation();
    g_once_init_leave(&done, 1);
  }
  return emulation;
}
