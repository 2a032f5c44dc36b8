#include "profile/explain.h"

#include <math.h>
#include <string.h>

/* Whether `f` is in the object file named `basename` (paths differ by how each was opened). */
static bool in_object(const SmCgFunction *f, const char *basename)
{
  const char *slash = strrchr(f->object, '/');
  return strcmp(slash != NULL ? slash + 1 : f->object, basename) == 0;
}

/* A function below the windows that is the library's (or the engine's), not the runner's. */
static bool counted(const SmCgFunction *f, const SmProfileObjects *objects)
{
  return !f->root && !f->window && !in_object(f, objects->runner);
}

static int by_inclusive(gconstpointer a, gconstpointer b)
{
  const SmCgFunction *x = *(SmCgFunction *const *)a, *y = *(SmCgFunction *const *)b;
  if (x->inclusive_ir != y->inclusive_ir)
    return x->inclusive_ir > y->inclusive_ir ? -1 : 1;
  if (x->self_ir != y->self_ir)
    return x->self_ir > y->self_ir ? -1 : 1;
  return strcmp(x->function, y->function);
}

/* callgrind's "???" and an empty name are an object it could not name. */
static char *library_of(const SmCgFunction *f)
{
  bool unknown = f->object[0] == '\0' || strcmp(f->object, "???") == 0;
  return unknown ? g_strdup("") : g_path_get_basename(f->object);
}

/* The function's name without the suffixes of GCC's clones (".constprop.0", ".isra.0",
 * ".part.0", ".cold"): the name in the source. */
static char *source_name(const char *function)
{
  static const char *const clones[] = {".constprop.", ".isra.", ".part.", ".cold", ".lto_priv."};
  size_t end = strlen(function);
  for (size_t i = 0; i < G_N_ELEMENTS(clones); i++) {
    const char *at = strstr(function, clones[i]);
    if (at != NULL && at != function)
      end = MIN(end, (size_t)(at - function));
  }
  return g_strndup(function, end);
}

/* The source name without a C++ parameter list (the top functions keep the whole name). */
static char *short_name(const char *function)
{
  char *name = source_name(function);
  char *arguments = strchr(name, '(');
  if (arguments != NULL && arguments != name)
    *arguments = '\0';
  return name;
}

/* "libcrypto.so.3's EVP_MD_fetch", or its object alone where the library has no symbols. */
static char *name_of(const SmCgFunction *f)
{
  g_autofree char *library = library_of(f);
  g_autofree char *function = short_name(f->function);
  const char *where = library[0] != '\0' ? library : "an unknown object";
  if (!g_str_has_prefix(function, "0x"))
    return g_strdup_printf("%s's %s", where, function);
  /* A library without symbols: the nearest caller that has a name says where it is (a few
   * steps at most: unnamed functions may call each other). */
  const SmCgFunction *named = f->caller;
  for (int steps = 0; named != NULL && steps < 16 && g_str_has_prefix(named->function, "0x");
       steps++)
    named = named->caller;
  if (named == NULL || named->root || named->window || g_str_has_prefix(named->function, "0x"))
    return g_strdup_printf("%s (no symbols, at %s)", where, function);
  g_autofree char *caller = short_name(named->function);
  return g_strdup_printf("%s (no symbols, at %s, below %s)", where, function, caller);
}

/* The function with the most instructions of its own, wherever it is: the engine's glue too,
 * when that is where the operation goes. */
static const SmCgFunction *heaviest(GPtrArray *fns)
{
  const SmCgFunction *best = NULL;
  for (guint i = 0; i < fns->len; i++) {
    const SmCgFunction *f = fns->pdata[i];
    if (best == NULL || f->self_ir > best->self_ir)
      best = f;
  }
  return best;
}

/* The function closest to the leaves outside the glue that still holds half the operation:
 * where a spread-out cost gathers (EVP_DigestFinal_ex over the digest's blocks and dispatch). */
static const SmCgFunction *gathering(GPtrArray *fns, const SmProfileObjects *objects, double total)
{
  const SmCgFunction *best = NULL;
  for (guint i = 0; i < fns->len; i++) {
    const SmCgFunction *f = fns->pdata[i];
    if (in_object(f, objects->plugin) || (double)f->inclusive_ir < total / 2)
      continue;
    if (best == NULL || f->inclusive_ir < best->inclusive_ir)
      best = f;
  }
  return best;
}

static char *explanation(GPtrArray *fns, const SmProfileObjects *objects, double total, guint64 n,
                         double syscalls_per_op)
{
  GString *out = g_string_new(NULL);
  const SmCgFunction *top = heaviest(fns);
  if (top != NULL && total > 0) {
    g_autofree char *name = name_of(top);
    g_string_append_printf(out, "%.0f%% in %s", 100.0 * (double)top->self_ir / total, name);
    double calls = (double)top->calls_in / (double)n;
    if (calls >= 0.95)
      g_string_append_printf(
          out, calls >= 100 ? ": %.0f call%s per operation" : ": %.3g call%s per operation", calls,
          fabs(calls - 1) < 0.005 ? "" : "s");
    const SmCgFunction *under = gathering(fns, objects, total);
    if ((double)top->self_ir < total / 2 && under != NULL && under != top) {
      g_autofree char *under_name = name_of(under);
      g_string_append_printf(out, "; %.0f%% under %s", 100.0 * (double)under->inclusive_ir / total,
                             under_name);
    }
    guint64 glue = 0;
    for (guint i = 0; i < fns->len; i++) {
      const SmCgFunction *f = fns->pdata[i];
      if (in_object(f, objects->plugin))
        glue += f->self_ir;
    }
    if (!in_object(top, objects->plugin) && (double)glue >= total / 5)
      g_string_append_printf(out, "; %.0f%% in the engine's own code",
                             100.0 * (double)glue / total);
  }
  if (syscalls_per_op >= 0.5)
    g_string_append_printf(out,
                           "%s%.3g system calls per operation (the kernel's work is not "
                           "counted)",
                           out->len > 0 ? "; " : "", syscalls_per_op);
  return g_string_free(out, FALSE);
}

/* The runner's own instructions below the windows (the malloc wrappers a library's
 * allocations pass through): harness, taken out of the library's figure. */
static guint64 runner_self(const SmCgDump *dump, const SmProfileObjects *objects)
{
  guint64 sum = 0;
  for (guint i = 0; i < dump->functions->len; i++) {
    const SmCgFunction *f = dump->functions->pdata[i];
    if (!f->root && !f->window && in_object(f, objects->runner))
      sum += f->self_ir;
  }
  return sum;
}

bool sm_profile_explain(SmProfileRecord *r, const SmCgDump *setup, const SmCgDump *ops, guint64 n,
                        const SmProfileObjects *objects)
{
  guint64 harness = runner_self(ops, objects);
  if (n == 0 || ops->called_ir == 0 || harness > ops->called_ir)
    return false;
  double total = (double)(ops->called_ir - harness);
  r->ops = n;
  r->instructions_per_op = total / (double)n;
  r->setup_instructions =
      setup != NULL ? setup->called_ir - MIN(setup->called_ir, runner_self(setup, objects)) : 0;
  r->syscalls_per_op = (double)ops->called_sys / (double)n;
  g_autoptr(GPtrArray) fns = g_ptr_array_new();
  for (guint i = 0; i < ops->functions->len; i++)
    if (counted(ops->functions->pdata[i], objects))
      g_ptr_array_add(fns, ops->functions->pdata[i]);
  g_ptr_array_sort(fns, by_inclusive);
  g_ptr_array_set_size(r->top, 0);
  for (guint i = 0; i < MIN(fns->len, (guint)SM_PROFILE_TOP); i++) {
    const SmCgFunction *f = fns->pdata[i];
    g_autofree char *library = library_of(f);
    g_autofree char *function = source_name(f->function);
    SmProfileFunction *pf = sm_profile_function_new(function, library);
    pf->self_share = (double)f->self_ir / total;
    pf->inclusive_share = MIN(1.0, (double)f->inclusive_ir / total);
    pf->self_per_op = (double)f->self_ir / (double)n;
    g_ptr_array_add(r->top, pf);
  }
  g_free(r->explanation);
  r->explanation = explanation(fns, objects, total, n, r->syscalls_per_op);
  return true;
}
