#include "core/probe_rates.h"

#include <math.h>

static const char *const kind_names[SM_PROBE_KINDS] = {"int", "mul", "vec", "mem"};

const char *sm_probe_kind_name(int kind)
{
  return kind >= 0 && kind < SM_PROBE_KINDS ? kind_names[kind] : "?";
}

double sm_probe_loss(const SmProbe *probe, const SmProbe *reference, int *kernel)
{
  double worst = 0;
  *kernel = -1;
  for (int k = 0; k < SM_PROBE_KINDS; k++) {
    if (!(probe->rate[k] > 0) || !(reference->rate[k] > 0))
      continue; /* not measured (an older journal): judged by the others */
    double loss = 1.0 - probe->rate[k] / reference->rate[k];
    if (*kernel < 0 || loss > worst)
      *kernel = k;
    worst = MAX(worst, loss);
  }
  return *kernel >= 0 ? worst : NAN;
}

double sm_probe_contention(const SmProbe *probe, const SmProbe *reference)
{
  int kernel;
  return sm_probe_loss(probe, reference, &kernel);
}

char *sm_probe_format(const SmProbe *probe)
{
  if (!(probe->rate[0] > 0))
    return g_strdup("");
  GString *out = g_string_new(NULL);
  int kinds = probe->rate[SM_PROBE_MEM] > 0 ? SM_PROBE_KINDS : SM_PROBE_MEM;
  for (int k = 0; k < kinds; k++) {
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, "%s%s", k ? "," : "",
                           g_ascii_formatd(number, sizeof number, "%.6e", probe->rate[k]));
  }
  return g_string_free(out, FALSE);
}

gboolean sm_probe_parse(const char *text, SmProbe *probe)
{
  *probe = (SmProbe){0};
  if (text[0] == '\0')
    return TRUE;
  g_auto(GStrv) items = g_strsplit(text, ",", -1);
  /* Journals written before the memory kernel hold the first three rates. */
  int kinds = (int)g_strv_length(items);
  if (kinds != SM_PROBE_KINDS && kinds != SM_PROBE_MEM)
    return FALSE;
  for (int k = 0; k < kinds; k++) {
    char *end = NULL;
    probe->rate[k] = g_ascii_strtod(items[k], &end);
    if (end == items[k] || *end != '\0' || !(probe->rate[k] > 0) || !isfinite(probe->rate[k]))
      return FALSE;
  }
  return TRUE;
}
