#include "profile/callgrind_out.h"

#include "core/util.h"

#include <string.h>

static void function_free(SmCgFunction *f)
{
  g_free(f->function);
  g_free(f->object);
  g_free(f);
}

void sm_cg_dump_free(SmCgDump *dump)
{
  if (dump == NULL)
    return;
  g_free(dump->trigger);
  if (dump->functions != NULL)
    g_ptr_array_unref(dump->functions);
  g_free(dump);
}

/* One kind of compressed name (ob, fl, fn): id -> name. */
typedef struct {
  GHashTable *names;
} NameTable;

/* "(id) name" defines id, "(id)" refers to it, "name" is written out; NULL when an id is unknown.
 */
static const char *expand(NameTable *t, const char *text)
{
  if (text[0] != '(')
    return text;
  char *end = strchr(text, ')');
  if (end == NULL)
    return NULL;
  g_autofree char *id = g_strndup(text + 1, (gsize)(end - text - 1));
  const char *rest = end + 1;
  while (*rest == ' ')
    rest++;
  if (*rest != '\0') {
    g_hash_table_replace(t->names, g_strdup(id), g_strdup(rest));
    return g_hash_table_lookup(t->names, id);
  }
  return g_hash_table_lookup(t->names, id);
}

typedef struct {
  const char *name;
  guint line;
  NameTable obs, fns;
  GHashTable *by_key;          /* "object\x1ffunction" -> SmCgFunction* (borrowed) */
  GPtrArray *functions;        /* owns them */
  const char *ob;              /* current object (borrowed from obs, or "") */
  SmCgFunction *current;       /* fn= */
  const char *cob, *cfn;       /* the next calls= line's callee */
  SmCgFunction *callee;        /* set by calls=: the next cost line is the call's */
  guint ir_column, sys_column; /* in "events:", 1-based; 0: absent */
  GHashTable *edges;           /* caller -> GPtrArray of (callee, ir, sys) triples */
} Reader;

static SmCgFunction *function_of(Reader *r, const char *object, const char *function)
{
  g_autofree char *key = g_strdup_printf("%s\x1f%s", object, function);
  SmCgFunction *f = g_hash_table_lookup(r->by_key, key);
  if (f != NULL)
    return f;
  f = g_new0(SmCgFunction, 1);
  f->function = g_strdup(function);
  f->object = g_strdup(object);
  f->root = true;
  g_ptr_array_add(r->functions, f);
  g_hash_table_insert(r->by_key, g_steal_pointer(&key), f);
  return f;
}

typedef struct {
  SmCgFunction *callee;
  guint64 ir, sys;
} Edge;

static bool fail(Reader *r, GError **error, const char *what)
{
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %s", r->name, r->line, what);
  return false;
}

static bool read_events(Reader *r, const char *list, GError **error)
{
  g_auto(GStrv) names = g_strsplit_set(list, " \t", -1);
  guint column = 0;
  for (char **n = names; *n != NULL; n++) {
    if (**n == '\0')
      continue;
    column++;
    if (strcmp(*n, "Ir") == 0)
      r->ir_column = column;
    else if (strcmp(*n, "sysCount") == 0)
      r->sys_column = column;
  }
  return r->ir_column > 0 || fail(r, error, "no Ir event (not an instruction count)");
}

/* A cost line: a position, then the events in order (missing ones are 0). */
static bool read_cost(Reader *r, const char *line, guint64 *ir, guint64 *sys, GError **error)
{
  g_auto(GStrv) f = g_strsplit_set(line, " \t", -1);
  guint n = 0;
  *ir = *sys = 0;
  for (char **v = f + 1; *v != NULL; v++) {
    if (**v == '\0')
      continue;
    n++;
    guint64 value = 0;
    if (!g_ascii_string_to_unsigned(*v, 10, 0, G_MAXUINT64, &value, NULL))
      return fail(r, error, "a cost that is not a count");
    if (n == r->ir_column)
      *ir = value;
    else if (n == r->sys_column)
      *sys = value;
  }
  return true;
}

static bool read_line(Reader *r, const char *line, GError **error)
{
  if (line[0] == '\0' || line[0] == '#')
    return true;
  if (g_str_has_prefix(line, "events:"))
    return read_events(r, line + 7, error);
  const char *eq = strchr(line, '=');
  bool digit = g_ascii_isdigit(line[0]) || line[0] == '+' || line[0] == '-' || line[0] == '*';
  if (digit) {
    if (r->current == NULL)
      return fail(r, error, "a cost line before any fn=");
    guint64 ir = 0, sys = 0;
    if (!read_cost(r, line, &ir, &sys, error))
      return false;
    if (r->callee != NULL) {
      GPtrArray *list = g_hash_table_lookup(r->edges, r->current);
      if (list == NULL) {
        list = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(r->edges, r->current, list);
      }
      Edge *e = g_new(Edge, 1);
      *e = (Edge){r->callee, ir, sys};
      g_ptr_array_add(list, e);
      r->callee = NULL;
    } else {
      r->current->self_ir += ir;
      r->current->self_sys += sys;
    }
    return true;
  }
  if (eq == NULL)
    return true; /* a header line: version, creator, cmd, summary, totals... */
  g_autofree char *key = g_strndup(line, (gsize)(eq - line));
  const char *value = eq + 1;
  if (strcmp(key, "ob") == 0 || strcmp(key, "cob") == 0) {
    const char *object = expand(&r->obs, value);
    if (object == NULL)
      return fail(r, error, "an object id used before it was named");
    if (key[0] == 'c')
      r->cob = object;
    else
      r->ob = object;
  } else if (strcmp(key, "fn") == 0 || strcmp(key, "cfn") == 0) {
    const char *function = expand(&r->fns, value);
    if (function == NULL)
      return fail(r, error, "a function id used before it was named");
    if (key[0] == 'c') {
      r->cfn = function;
    } else {
      r->current = function_of(r, r->ob, function);
      r->cob = NULL;
      r->cfn = NULL;
    }
  } else if (strcmp(key, "calls") == 0) {
    if (r->current == NULL || r->cfn == NULL)
      return fail(r, error, "calls= without a fn= and a cfn= before it");
    guint64 count = g_ascii_strtoull(value, NULL, 10);
    r->callee = function_of(r, r->cob != NULL ? r->cob : r->ob, r->cfn);
    r->callee->calls_in += count;
    r->cob = NULL;
    r->cfn = NULL;
  }
  return true;
}

/* Inclusive costs and roots once every line is read. */
static void settle(Reader *r, SmCgDump *dump)
{
  for (guint i = 0; i < r->functions->len; i++) {
    SmCgFunction *f = r->functions->pdata[i];
    f->inclusive_ir = f->self_ir;
    dump->total_ir += f->self_ir;
  }
  GHashTableIter it;
  gpointer caller_ptr, list_ptr;
  g_hash_table_iter_init(&it, r->edges);
  while (g_hash_table_iter_next(&it, &caller_ptr, &list_ptr)) {
    SmCgFunction *caller = caller_ptr;
    GPtrArray *list = list_ptr;
    for (guint i = 0; i < list->len; i++) {
      const Edge *e = list->pdata[i];
      if (e->callee == caller)
        continue;
      e->callee->root = false;
      caller->inclusive_ir += e->ir;
      if (e->ir > e->callee->caller_ir ||
          (e->ir == e->callee->caller_ir && e->callee->caller != NULL &&
           strcmp(caller->function, e->callee->caller->function) < 0)) {
        e->callee->caller = caller;
        e->callee->caller_ir = e->ir;
      }
    }
  }
  g_hash_table_iter_init(&it, r->edges);
  while (g_hash_table_iter_next(&it, &caller_ptr, &list_ptr)) {
    const SmCgFunction *caller = caller_ptr;
    GPtrArray *list = list_ptr;
    for (guint i = 0; caller->root && i < list->len; i++)
      ((Edge *)list->pdata[i])->callee->window = true;
  }
  g_hash_table_iter_init(&it, r->edges);
  while (g_hash_table_iter_next(&it, &caller_ptr, &list_ptr)) {
    const SmCgFunction *caller = caller_ptr;
    GPtrArray *list = list_ptr;
    for (guint i = 0; caller->window && !caller->root && i < list->len; i++) {
      const Edge *e = list->pdata[i];
      if (e->callee == caller)
        continue;
      dump->called_ir += e->ir;
      dump->called_sys += e->sys;
    }
  }
  for (guint i = 0; i < r->functions->len; i++) {
    SmCgFunction *f = r->functions->pdata[i];
    if (f->window && !f->root)
      dump->window_ir += f->self_ir;
  }
}

SmCgDump *sm_cg_dump_parse(const char *name, const char *text, gsize len, GError **error)
{
  Reader r = {.name = name, .ob = ""};
  r.obs.names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  r.fns.names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  r.by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  r.functions = g_ptr_array_new_with_free_func((GDestroyNotify)function_free);
  r.edges = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
  g_autoptr(SmCgDump) dump = g_new0(SmCgDump, 1);
  g_autofree char *copy = g_strndup(text, len);
  g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
  bool ok = lines[0] != NULL && (g_str_has_prefix(lines[0], "# callgrind format") ||
                                 g_str_has_prefix(lines[0], "version:"));
  if (!ok) {
    r.line = 1;
    fail(&r, error, "not a callgrind dump (no \"# callgrind format\" line)");
  }
  for (char **line = lines; ok && *line != NULL; line++) {
    r.line++;
    g_strchomp(*line);
    if (g_str_has_prefix(*line, "desc: Trigger: ")) {
      g_free(dump->trigger);
      dump->trigger = g_strdup(*line + strlen("desc: Trigger: "));
      continue;
    }
    ok = read_line(&r, *line, error);
  }
  if (ok && r.ir_column == 0) {
    fail(&r, error, "no \"events:\" line");
    ok = false;
  }
  if (ok)
    settle(&r, dump);
  g_hash_table_unref(r.obs.names);
  g_hash_table_unref(r.fns.names);
  g_hash_table_unref(r.by_key);
  g_hash_table_unref(r.edges);
  if (!ok) {
    g_ptr_array_unref(r.functions);
    return NULL;
  }
  dump->functions = r.functions;
  return g_steal_pointer(&dump);
}

SmCgDump *sm_cg_dump_read(const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *text = sm_read_bounded(path, 1024 * 1024 * 1024, &len, error);
  return text != NULL ? sm_cg_dump_parse(path, text, len, error) : NULL;
}
