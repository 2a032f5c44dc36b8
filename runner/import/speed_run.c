/* openssl speed output being read (speed.h): a run's life from its first line to finish_run, the
 * records it collects, and the word and figure tests the three readers share. */
#include "import/speed.h"

#include "import/import_rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void record_free(gpointer data)
{
  Record *record = data;
  g_free(record->name);
  g_free(record->curve);
  g_free(record);
}

void sm_speed_mr_pkey_free(gpointer data)
{
  MrPkey *record = data;
  g_free(record->curve);
  g_free(record);
}

static void run_free(Run *run)
{
  if (run == NULL)
    return;
  g_free(run->version);
  g_free(run->cpu_model);
  g_free(run->cmd_evp_name);
  g_array_unref(run->sizes);
  g_array_unref(run->got_sizes);
  g_free(run->dt_name);
  g_free(run->cut_name);
  g_hash_table_unref(run->occurrences);
  g_ptr_array_unref(run->records);
  g_ptr_array_unref(run->mr_pkey);
  g_free(run->error);
  g_ptr_array_unref(run->notes);
  g_free(run);
}

/* Whitespace-separated tokens; never NULL. */
GStrv sm_speed_tokens_of(const char *text)
{
  GStrv parts = g_strsplit_set(text, " \t", -1);
  guint kept = 0;
  for (guint i = 0; parts[i] != NULL; i++) {
    if (parts[i][0] == '\0')
      g_free(parts[i]);
    else
      parts[kept++] = parts[i];
  }
  parts[kept] = NULL;
  return parts;
}

bool sm_speed_is_uint(const char *token)
{
  return token[0] != '\0' && strspn(token, "0123456789") == strlen(token) && strlen(token) < 10;
}

/* A decimal number as openssl prints it: digits, optionally a point and more digits. */
bool sm_speed_parse_decimal(const char *text, size_t len, double *value)
{
  size_t digits = strspn(text, "0123456789");
  if (digits == 0 || digits > len)
    return false;
  size_t end = digits;
  if (end < len && text[end] == '.') {
    size_t fraction = strspn(text + end + 1, "0123456789");
    if (fraction == 0)
      return false;
    end += 1 + fraction;
  }
  if (end != len)
    return false;
  g_autofree char *copy = g_strndup(text, len);
  *value = g_ascii_strtod(copy, NULL);
  return isfinite(*value);
}

/* A bulk table figure, always printed with two decimals ("%11.2fk" / "%11.2f "):
 * "105045.97k" (1000s of bytes/s) or "9876.54" (bytes/s). Prose numbers do not look like that. */
bool sm_speed_parse_bulk_figure(const char *token, double *bytes_per_sec)
{
  size_t len = strlen(token);
  bool thousands = len > 0 && token[len - 1] == 'k';
  size_t digits = thousands ? len - 1 : len;
  double value = 0;
  if (digits < 4 || token[digits - 3] != '.' || !sm_speed_parse_decimal(token, digits, &value))
    return false;
  *bytes_per_sec = thousands ? value * 1000.0 : value;
  return true;
}

bool sm_speed_is_bulk_figure(const char *token)
{
  double ignored = 0;
  return sm_speed_parse_bulk_figure(token, &ignored);
}

/* A public-key table figure: "0.000264s" (seconds) or "3784.0" (per second). */
bool sm_speed_is_pkey_figure(const char *token)
{
  size_t len = strlen(token);
  double ignored = 0;
  if (len > 1 && token[len - 1] == 's')
    len--;
  return sm_speed_parse_decimal(token, len, &ignored);
}

bool sm_speed_all_tokens(GStrv tokens, bool (*test)(const char *))
{
  if (tokens[0] == NULL)
    return false;
  for (guint i = 0; tokens[i] != NULL; i++)
    if (!test(tokens[i]))
      return false;
  return true;
}

bool sm_speed_is_size_token(const char *token)
{
  return sm_speed_is_uint(token) || strcmp(token, "bytes") == 0;
}

static const char *const pkey_header_words[] = {
    "sign", "verify", "encrypt", "decrypt", "sign/s",    "verify/s", "encr./s",  "decr./s", "op",
    "op/s", "keygen", "encaps",  "decaps",  "keygens/s", "encaps/s", "decaps/s", "signs",
};

bool sm_speed_is_pkey_header_word(const char *token)
{
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_header_words); i++)
    if (strcmp(token, pkey_header_words[i]) == 0)
      return true;
  return false;
}

bool sm_speed_contains_token(GStrv tokens, const char *word)
{
  return g_strv_contains((const char *const *)tokens, word);
}

static Run *run_new(guint first_line)
{
  Run *run = g_new0(Run, 1);
  run->first_line = run->last_line = first_line;
  run->major = run->minor = run->patch = -1;
  run->parallel = 1;
  run->sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  run->got_sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  run->occurrences = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  run->records = g_ptr_array_new_with_free_func(record_free);
  run->mr_pkey = g_ptr_array_new_with_free_func(sm_speed_mr_pkey_free);
  run->notes = g_ptr_array_new_with_free_func(sm_import_note_free);
  return run;
}

void sm_speed_close_run(Parser *p)
{
  Run *run = g_steal_pointer(&p->run);
  if (run == NULL)
    return;
  if (run->content)
    sm_speed_finish_run(p, run);
  run_free(run);
}

Run *sm_speed_open_run(Parser *p)
{
  sm_speed_close_run(p);
  p->run = run_new(sm_speed_current_line(p)->number);
  return p->run;
}

/* The run a line at `phase` belongs to: the current one, unless the output's order went back (or
 * a section that appears once per run appears again), which starts the next run. */
Run *sm_speed_run_at(Parser *p, int phase, bool again)
{
  Run *run = p->run;
  if (run == NULL || (run->content && (phase < run->phase || again)))
    run = sm_speed_open_run(p);
  if (phase > run->phase)
    run->phase = phase;
  if (phase >= PHASE_PROGRESS)
    run->content = true;
  run->last_line = sm_speed_current_line(p)->number;
  return run;
}

/* A new record of `run` (it owns it), found at `line`. */
static Record *record_add(Run *run, guint line, bool progress)
{
  Record *record = g_new0(Record, 1);
  record->line = line;
  record->progress = progress;
  g_ptr_array_add(run->records, record);
  return record;
}

void sm_speed_add_bulk(Run *run, guint line, const char *name, guint size, double bytes_per_sec,
                       bool progress)
{
  Record *record = record_add(run, line, progress);
  record->bulk = true;
  record->name = g_strdup(name);
  record->block_size = size;
  record->bytes_per_sec = bytes_per_sec;
  if (sm_ossl_three_only_name(name))
    run->three_marker = true;
}

void sm_speed_add_pkey(Run *run, guint line, SmPkFamily family, guint bits, const char *curve,
                       bool curve_inferred, SmOp op, double ops_per_sec, bool progress)
{
  Record *record = record_add(run, line, progress);
  record->family = family;
  record->bits = bits;
  record->curve = g_strdup(curve);
  record->curve_inferred = curve_inferred;
  record->op = op;
  record->ops_per_sec = ops_per_sec;
}

/* Whether the current run already has a summary figure for this key: the same rsa or curve line
 * again is the next run's (two pastes of the same table without a version line between). */
bool sm_speed_pkey_seen(const Run *run, SmPkFamily family, guint bits, const char *curve,
                        int mr_index)
{
  if (run == NULL)
    return false;
  for (guint i = 0; i < run->records->len; i++) {
    const Record *record = run->records->pdata[i];
    if (!record->bulk && !record->progress && record->family == family && record->bits == bits &&
        g_strcmp0(record->curve, curve) == 0)
      return true;
  }
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    if (record->family == family && record->bits == bits && (int)record->index == mr_index)
      return true;
  }
  return false;
}

bool sm_speed_parse_field_double(const char *text, double *value)
{
  return sm_speed_parse_decimal(text, strlen(text), value);
}

bool sm_speed_parse_field_uint(const char *text, guint *value)
{
  if (!sm_speed_is_uint(text))
    return false;
  *value = (guint)g_ascii_strtoull(text, NULL, 10);
  return true;
}
