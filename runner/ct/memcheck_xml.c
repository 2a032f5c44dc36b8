#include "ct/memcheck_xml.h"

#include "core/util.h"

#include <string.h>

static const char *const phase_names[SM_CT_PHASE_COUNT] = {"before", "setup", "op", "after"};

const char *sm_ct_phase_marker(SmCtPhase phase)
{
  static const char *const markers[SM_CT_PHASE_COUNT] = {
      "sm-ct phase before\n", "sm-ct phase setup\n", "sm-ct phase op\n", "sm-ct phase after\n"};
  return markers[phase];
}

int sm_ct_phase_from_marker(const char *text)
{
  const char *prefix = "sm-ct phase ";
  if (!g_str_has_prefix(text, prefix))
    return -1;
  g_autofree char *name = g_strstrip(g_strdup(text + strlen(prefix)));
  for (int p = 0; p < SM_CT_PHASE_COUNT; p++)
    if (strcmp(name, phase_names[p]) == 0)
      return p;
  return -1;
}

static void error_free(SmCtError *error)
{
  g_free(error->where);
  g_free(error);
}

void sm_ct_log_free(SmCtLog *log)
{
  if (log == NULL)
    return;
  g_ptr_array_unref(log->errors);
  g_free(log);
}

/* The parser's state: where it is in the element tree and what the current error has so far. */
typedef struct {
  SmCtLog *log;
  SmCtPhase phase;
  GPtrArray *path; /* element names from the root, borrowed from GMarkup's calls */
  GString *text;   /* the text of the innermost element */
  bool seen_root;  /* <valgrindoutput> was opened */
  bool in_error;   /* inside <error> */
  bool frame_done; /* the error's first frame has been read */
  int stacks;      /* <stack> elements seen in this error (the first is where it happened) */
  char *kind;      /* <kind> of the current error */
  char *fn, *file, *line, *obj, *ip; /* the first frame */
} Reader;

static void reader_reset_error(Reader *r)
{
  g_clear_pointer(&r->kind, g_free);
  g_clear_pointer(&r->fn, g_free);
  g_clear_pointer(&r->file, g_free);
  g_clear_pointer(&r->line, g_free);
  g_clear_pointer(&r->obj, g_free);
  g_clear_pointer(&r->ip, g_free);
  r->frame_done = false;
  r->stacks = 0;
}

static const char *parent(const Reader *r, guint up)
{
  return r->path->len > up ? r->path->pdata[r->path->len - 1 - up] : "";
}

static void on_start(GMarkupParseContext *context, const char *element, const char **names,
                     const char **values, gpointer data, GError **error)
{
  (void)context, (void)names, (void)values, (void)error;
  Reader *r = data;
  g_ptr_array_add(r->path, (gpointer)g_intern_string(element));
  g_string_truncate(r->text, 0);
  if (strcmp(element, "valgrindoutput") == 0)
    r->seen_root = true;
  if (strcmp(element, "error") == 0 && strcmp(parent(r, 1), "valgrindoutput") == 0) {
    r->in_error = true;
    reader_reset_error(r);
  } else if (r->in_error && strcmp(element, "stack") == 0) {
    r->stacks++;
  }
}

static void take(char **slot, const GString *text)
{
  if (*slot == NULL)
    *slot = g_strdup(text->str);
}

static SmCtErrorKind error_kind(const char *kind)
{
  if (kind != NULL && strcmp(kind, "UninitCondition") == 0)
    return SM_CT_BRANCH;
  if (kind != NULL && strcmp(kind, "UninitValue") == 0)
    return SM_CT_INDEX;
  return SM_CT_OTHER;
}

static char *frame_text(const Reader *r)
{
  if (r->fn != NULL && r->file != NULL && r->line != NULL)
    return g_strdup_printf("%s (%s:%s)", r->fn, r->file, r->line);
  g_autofree char *obj = r->obj != NULL ? g_path_get_basename(r->obj) : NULL;
  if (r->fn != NULL)
    return obj != NULL ? g_strdup_printf("%s in %s", r->fn, obj) : g_strdup(r->fn);
  if (obj != NULL)
    return g_strdup_printf("%s in %s", r->ip != NULL ? r->ip : "?", obj);
  return g_strdup(r->ip != NULL ? r->ip : "?");
}

static void on_end(GMarkupParseContext *context, const char *element, gpointer data, GError **error)
{
  (void)context, (void)error;
  Reader *r = data;
  const char *up = parent(r, 1);
  if (strcmp(element, "text") == 0 && strcmp(up, "clientmsg") == 0) {
    int phase = sm_ct_phase_from_marker(r->text->str);
    if (phase >= 0)
      r->phase = (SmCtPhase)phase;
  } else if (r->in_error && strcmp(element, "kind") == 0 && strcmp(up, "error") == 0) {
    take(&r->kind, r->text);
  } else if (r->in_error && r->stacks == 1 && !r->frame_done && strcmp(up, "frame") == 0) {
    if (strcmp(element, "fn") == 0)
      take(&r->fn, r->text);
    else if (strcmp(element, "file") == 0)
      take(&r->file, r->text);
    else if (strcmp(element, "line") == 0)
      take(&r->line, r->text);
    else if (strcmp(element, "obj") == 0)
      take(&r->obj, r->text);
    else if (strcmp(element, "ip") == 0)
      take(&r->ip, r->text);
  } else if (r->in_error && strcmp(element, "frame") == 0) {
    r->frame_done = true;
  } else if (strcmp(element, "error") == 0 && r->in_error) {
    SmCtError *found = g_new0(SmCtError, 1);
    found->phase = r->phase;
    found->kind = error_kind(r->kind);
    found->where = frame_text(r);
    g_ptr_array_add(r->log->errors, found);
    r->in_error = false;
    reader_reset_error(r);
  } else if (strcmp(element, "valgrindoutput") == 0) {
    r->log->finished = true;
  }
  g_ptr_array_set_size(r->path, r->path->len - 1);
  g_string_truncate(r->text, 0);
}

static void on_text(GMarkupParseContext *context, const char *text, gsize len, gpointer data,
                    GError **error)
{
  (void)context, (void)error;
  Reader *r = data;
  g_string_append_len(r->text, text, (gssize)len);
}

SmCtLog *sm_ct_log_parse(const char *name, const char *text, gsize len, GError **error)
{
  g_autoptr(SmCtLog) log = g_new0(SmCtLog, 1);
  log->errors = g_ptr_array_new_with_free_func((GDestroyNotify)error_free);
  g_autoptr(GPtrArray) path = g_ptr_array_new();
  g_autoptr(GString) buffer = g_string_new(NULL);
  Reader r = {.log = log, .phase = SM_CT_PHASE_BEFORE, .path = path, .text = buffer};
  static const GMarkupParser parser = {
      .start_element = on_start, .end_element = on_end, .text = on_text};
  GMarkupParseContext *context = g_markup_parse_context_new(&parser, 0, &r, NULL);
  g_autoptr(GError) local = NULL;
  bool parsed = g_markup_parse_context_parse(context, text, (gssize)len, &local);
  if (parsed)
    g_markup_parse_context_end_parse(context, NULL); /* a cut file is not complete: finished */
  g_markup_parse_context_free(context);
  reader_reset_error(&r);
  /* A process killed mid-write leaves a file cut short: what it holds before the cut counts. */
  if (!r.seen_root) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: not memcheck XML: %s", name,
                local != NULL ? local->message : "no <valgrindoutput>");
    return NULL;
  }
  return g_steal_pointer(&log);
}
