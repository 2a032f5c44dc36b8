/* speedmatrix list [--why] [--names WHAT]: the support matrix, or one set of names; nothing is
 * measured. */
#include "plan/list.h"

#include "core/registry.h"
#include "core/util.h"

#include <stdio.h>

int sm_cmd_list(int argc, char **argv)
{
  gboolean reasons = FALSE;
  g_autofree char *names = NULL;
  GOptionEntry entries[] = {
      {"why", 'w', 0, G_OPTION_ARG_NONE, &reasons, "Also print why each missing cell is missing",
       NULL},
      {"names", 0, 0, G_OPTION_ARG_STRING, &names,
       "Print only names, one a line: engines (those loaded), algorithms, kinds, operations or "
       "apis",
       "WHAT"},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) context = g_option_context_new("- the support matrix");
  g_option_context_set_summary(context, "Engines, their library versions and what each offers at "
                                        "each API level. Nothing is measured.");
  g_option_context_add_main_entries(context, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("list: unexpected argument (see speedmatrix list --help)");
  if (names != NULL && !g_strv_contains(sm_list_name_sets, names)) {
    g_autofree char *valid = g_strjoinv(", ", (char **)sm_list_name_sets);
    g_autofree char *message = g_strdup_printf("--names: unknown \"%s\" (valid: %s)", names, valid);
    return sm_fail(message);
  }
  g_autoptr(SmRegistry) registry = sm_registry_load_default(&error);
  if (registry == NULL)
    return sm_fail(error->message);
  if (names != NULL)
    sm_list_names(stdout, registry, names);
  else
    sm_list_print(stdout, registry, reasons);
  return SM_EXIT_OK;
}
