/* What depends on the processor's architecture: the table of acceleration switches per
 * architecture (plan/accel_table.c) against the engines and `list`, the CPU model from Arm's
 * implementer and part numbers, and a run under user-mode emulation, marked and refused as
 * speeds by the readers. */
#include "testlib.h"

#include "core/hostinfo.h"
#include "core/registry.h"
#include "plan/accel_table.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* Every engine the build knows has a row for every architecture: a switch, or the reason there
 * is none. A switch added for x86 alone fails here. */
static void test_every_engine_every_arch(void)
{
  for (size_t k = 0; sm_known_engines[k] != NULL; k++)
    for (const char *const *arch = sm_accel_arches; *arch != NULL; arch++) {
      const SmAccelSwitch *row = sm_accel_switch_find(sm_known_engines[k], *arch);
      if (row == NULL)
        g_test_message("no row for %s on %s", sm_known_engines[k], *arch);
      g_assert_nonnull(row);
      g_assert_true((row->off_switch != NULL && row->off_switch[0] != '\0') ||
                    (row->unsupported != NULL && row->unsupported[0] != '\0'));
      g_assert_nonnull(row->capabilities);
    }
  /* And no row for an engine the build does not know (a renamed one left behind). */
  for (gsize i = 0; i < sm_accel_switch_count; i++)
    g_assert_true(g_strv_contains(sm_known_engines, sm_accel_switches[i].engine));
}

/* The name of an accel_off_env entry with its '=': "OPENSSL_armcap=". */
static char *variable_of(const char *assignment)
{
  return g_strndup(assignment, strcspn(assignment, "=") + 1);
}

/* Each built engine's descriptor sets, on this architecture, the variables its row names; an
 * engine whose row has no switch sets none. */
static void test_descriptors_match_table(void)
{
  const char *arch = sm_build_arch();
  if (!g_strv_contains(sm_accel_arches, arch)) {
    g_test_skip("the table of switches has no rows for this architecture");
    return;
  }
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(g_getenv("SPEEDMATRIX_ENGINE_DIR"), &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->engines->len, >, 0);
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmEngine *desc = ((const SmLoadedEngine *)registry->engines->pdata[i])->desc;
    const SmAccelSwitch *row = sm_accel_switch_find(desc->name, arch);
    g_assert_nonnull(row);
    if (row->off_switch == NULL) {
      g_assert_null(desc->accel_off_env);
      continue;
    }
    for (const char *const *env = desc->accel_off_env; env != NULL && *env != NULL; env++) {
      g_autofree char *variable = variable_of(*env);
      if (strstr(row->off_switch, variable) == NULL)
        g_test_message("%s sets %s, its %s row says %s", desc->name, *env, arch, row->off_switch);
      g_assert_nonnull(strstr(row->off_switch, variable));
    }
  }
}

/* `list` prints this architecture's switch under every built engine. */
static void test_list_prints_switches(void)
{
  const char *args[] = {"list", NULL};
  Outcome o = run_with(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  g_autofree char *label = g_strdup_printf("accel off (%s): ", sm_build_arch());
  /* One per engine that loaded (one the loader refused is the loader test's failure). */
  g_auto(GStrv) built = g_strsplit(g_getenv("SM_BUILT_ENGINES"), ",", -1);
  guint loaded = 0, lines = 0;
  for (char **name = built; *name != NULL && **name != '\0'; name++) {
    g_autofree char *refused = g_strdup_printf("  %-8s could not be loaded", *name);
    loaded += strstr(o.out, refused) == NULL;
  }
  for (const char *at = o.out; (at = strstr(at, label)) != NULL; at++)
    lines++;
  g_assert_cmpuint(loaded, >, 0);
  g_assert_cmpuint(lines, ==, loaded);
  if (g_strv_contains(sm_accel_arches, sm_build_arch()))
    g_assert_null(strstr(o.out, "no entry in the table of switches"));
  outcome_clear(&o);
}

/* /proc/cpuinfo of arm64 kernels: no "model name", an implementer and a part per core. */
static void test_cpu_model_from_parts(void)
{
  static const struct {
    const char *cpuinfo, *model;
  } cases[] = {
      {"processor\t: 0\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU part\t: 0xd40\n\n"
       "processor\t: 1\nCPU implementer\t: 0x41\nCPU part\t: 0xd40\n",
       "Neoverse-V1"},
      {"processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd08\n", "Cortex-A72"},
      {"CPU implementer\t: 0x41\nCPU part\t: 0xd0b\nCPU implementer\t: 0x41\nCPU part\t: 0xd05\n",
       "Cortex-A76 + Cortex-A55"},
      {"CPU implementer\t: 0x99\nCPU part\t: 0x123\n", "Arm implementer 0x99 part 0x123"},
      {"vendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7313P\n", "AMD EPYC 7313P"},
      {"processor\t: 0\n", "unknown"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *model = sm_cpu_model_of(cases[i].cpuinfo);
    g_assert_cmpstr(model, ==, cases[i].model);
  }
}

/* A kernel of another family runs this build's code only through an emulator. */
static void test_native_kernels(void)
{
  const char *arch = sm_build_arch();
  g_assert_true(sm_arch_runs_natively(arch));
  const char *foreign = strcmp(arch, "s390x") == 0 ? "x86_64" : "s390x";
  g_assert_false(sm_arch_runs_natively(foreign));
}

/* The number of lines of `text` (a last line without its newline counts). */
static guint line_count(const char *text)
{
  guint lines = 0;
  for (const char *at = text; *at != '\0'; at++)
    lines += *at == '\n';
  return lines + (text[0] != '\0' && text[strlen(text) - 1] != '\n');
}

static void run_glib(const char *csv)
{
  g_autofree char *matrix = g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "tiny.ini", NULL);
  const char *args[] = {"run", "--matrix", matrix, "-e", "glib", "-a",      "sha256",     "-s",
                        "64",  "--time",   "0.01", "-o", csv,    "--quiet", "--no-table", NULL};
  Outcome o = run_test_build(NULL, args);
  g_test_message("stderr: %s", o.err);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
}

/* A command on emulated figures: exit 2 with one line naming the emulation. */
static void assert_refused(const char *const *args)
{
  Outcome o = run_speedmatrix(NULL, args);
  g_test_message("%s: %s", args[0], o.err);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpuint(line_count(o.err), ==, 1);
  g_assert_nonnull(strstr(o.err, "emulation"));
  g_assert_cmpstr(o.out, ==, "");
  outcome_clear(&o);
}

/* A run posing as emulated (the test build reads the kernel's machine name from
 * SM_TEST_KERNEL_ARCH) marks every row and its .meta; the readers refuse its figures. */
static void test_emulated_run(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-arch-XXXXXX", NULL);
  g_autofree char *native = g_build_filename(dir, "native.csv", NULL);
  g_autofree char *emulated = g_build_filename(dir, "emulated.csv", NULL);
  g_autofree char *kernel = g_build_filename(dir, "kernel-arch", NULL);
  g_assert_true(g_file_set_contents(
      kernel, strcmp(sm_build_arch(), "s390x") == 0 ? "x86_64\n" : "s390x\n", -1, NULL));
  run_glib(native);
  g_setenv("SM_TEST_KERNEL_ARCH", kernel, TRUE);
  run_glib(emulated);
  g_unsetenv("SM_TEST_KERNEL_ARCH");

  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(emulated, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  g_assert_true(
      g_str_has_suffix(lines[0], ",emulated,scaling_efficiency_low,scaling_efficiency_high"));
  guint rows = 0;
  for (char **line = lines + 1; *line != NULL && **line != '\0'; line++, rows++) {
    g_assert_nonnull(strstr(*line, ",emulated "));
    g_assert_nonnull(strstr(*line, "(user-mode emulation)"));
  }
  g_assert_cmpuint(rows, >, 0);
  g_autofree char *meta_path = g_strconcat(emulated, ".meta", NULL);
  g_autoptr(GKeyFile) meta = g_key_file_new();
  g_assert_true(g_key_file_load_from_file(meta, meta_path, G_KEY_FILE_NONE, NULL));
  g_autofree char *how = g_key_file_get_string(meta, "machine", "emulated", NULL);
  g_assert_nonnull(strstr(how, "user-mode emulation"));
  g_autofree char *cpu = g_key_file_get_string(meta, "machine", "cpu_model", NULL);
  g_assert_true(g_str_has_prefix(cpu, "emulated "));
  /* The native run says nothing of emulation (this machine runs the suite natively). */
  g_autofree char *native_meta_path = g_strconcat(native, ".meta", NULL);
  g_autoptr(GKeyFile) native_meta = g_key_file_new();
  g_assert_true(g_key_file_load_from_file(native_meta, native_meta_path, G_KEY_FILE_NONE, NULL));
  g_autofree char *native_how = g_key_file_get_string(native_meta, "machine", "emulated", NULL);
  g_assert_cmpstr(native_how, ==, sm_host_emulation() != NULL ? sm_host_emulation() : "");

  if (sm_host_emulation() == NULL) {
    const char *compare[] = {"compare", native, emulated, NULL};
    assert_refused(compare);
  }
  const char *summary[] = {"summary", emulated, NULL};
  assert_refused(summary);
  const char *report[] = {"report", "-f", "markdown", "-o", "-", emulated, NULL};
  assert_refused(report);
  g_autofree char *db = g_build_filename(dir, "history.sqlite", NULL);
  const char *ingest[] = {"store", "ingest", "--db", db, emulated, NULL};
  assert_refused(ingest);
  /* Told, summary shows them. */
  const char *told[] = {"summary", "--emulated", emulated, NULL};
  Outcome o = run_speedmatrix(NULL, told);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "glib"));
  outcome_clear(&o);

  const char *const files[] = {native, native_meta_path, emulated, meta_path, kernel, db};
  for (size_t i = 0; i < G_N_ELEMENTS(files); i++)
    g_remove(files[i]);
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/arch/every-engine-every-arch", test_every_engine_every_arch);
  g_test_add_func("/arch/descriptors-match-table", test_descriptors_match_table);
  g_test_add_func("/arch/list-prints-switches", test_list_prints_switches);
  g_test_add_func("/arch/cpu-model-from-parts", test_cpu_model_from_parts);
  g_test_add_func("/arch/native-kernels", test_native_kernels);
  g_test_add_func("/arch/emulated-run", test_emulated_run);
  return g_test_run();
}
