/* import: `openssl speed` output, as people post it, into speedmatrix rows. The formats are those
 * printed by apps/speed.c of OpenSSL 0.9.8, 1.0.2, 1.1.0, 1.1.1, 3.0 and 3.4 (read for this):
 *
 *   text   "OpenSSL 1.1.1f  31 Mar 2020" or "version: 3.0.2", then built on/options/compiler;
 *          "The 'numbers' are in 1000s of bytes per second processed." and
 *          "type  16 bytes ... 16384 bytes" with rows of "%11.2fk" (1000s of bytes/s), or
 *          "%11.2f " (bytes/s) for figures up to 10000 bytes/s;
 *          "rsa 2048 bits 0.000264s 0.000016s 3784.0 62399.0" (3.4: + encrypt/decrypt), dsa alike;
 *          " 256 bit(s) ecdsa (nistp256) ...", " 253 bits ecdh (X25519) 0.0000s 35000.0",
 *          " 253 bits EdDSA (Ed25519) ...", " 256 bits SM2 (CurveSM2) ...", "2048 bits ffdh ...";
 *   -mr    "+H:16:64:...", "+F:k:name:bytes/s...", "+F2:k:bits:a:b[:c:d]" rsa, "+F3" dsa,
 *          "+F4" ecdsa, "+F5:k:bits:a:b" ecdh, "+F6:k:bits:name:a:b" eddsa, "+F7" sm2,
 *          "+F8" ffdh; a and b are seconds per op up to 1.1.0 and ops/s from 1.1.1 on;
 *   stderr "Doing aes-128-cbc for 3s on 16 size blocks: 62794563 aes-128-cbc's in 2.99s"
 *          (3.x: "ops" for "'s"), "Doing 2048 bits private rsa's for 10s: 37842 2048 bits
 *          private RSA's in 9.99s", and their -mr forms "+DT:", "+R:", "+DTP:", "+R1:".."+R9:".
 *
 * Text is read line by line after removing mail quoting ("> "); a run starts at a command line,
 * at a version line or table that follows a finished table, and wherever the output's fixed
 * order (progress, version, bulk table, rsa, dsa, ecdsa, ecdh, eddsa, sm2, ffdh) goes back. */
#include "import/import.h"

#include "core/catalog.h"
#include "import/import_names.h"
#include "import/patterns.h"
#include "import/table.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- where things are in a run's output: a run never goes back ---- */

enum {
  PHASE_NONE = 0,
  PHASE_PROGRESS = 10, /* "Doing ..." lines and +DT/+R records (stderr, printed first) */
  PHASE_VERSION = 20,
  PHASE_BULK = 30, /* "The 'numbers'...", "type" header, rows; +H, +F */
  PHASE_PKEY = 40, /* + family: rsa 40, dsa 41, ... */
};

/* Which openssl generation printed a run; it decides the api of the fixed-list rows and what the
 * -mr figures mean. */
typedef enum {
  GEN_UNKNOWN,
  GEN_0_9,   /* 0.9.x */
  GEN_1_0,   /* 1.0.0 to 1.1.0 */
  GEN_1_1_1, /* 1.1.1 */
  GEN_3,     /* 3.x */
} Gen;

/* One figure found in a run, before it becomes a row. */
typedef struct {
  guint line;
  bool bulk;
  bool progress; /* from "Doing" lines rather than the summary */
  char *name;    /* bulk: openssl's name as printed, lower case, single spaces */
  guint block_size;
  double bytes_per_sec;
  SmPkFamily family; /* pkey */
  guint bits;
  char *curve; /* as printed; NULL when the output does not name it */
  bool curve_inferred;
  SmOp op;
  double ops_per_sec;
} Record;

/* A -mr public-key record; whether its figures are seconds or rates is settled per run. */
typedef struct {
  guint line;
  SmPkFamily family;
  guint index;
  guint bits;
  char *curve; /* from the record (EdDSA, SM2) or its index and size (ECDSA, ECDH) */
  guint count;
  double values[4];
} MrPkey;

typedef struct {
  guint number;
  guint first_line, last_line;
  int phase;
  bool content; /* something of openssl speed's own output, not just a version or command */
  char *version;
  int major, minor, patch; /* -1: unknown */
  const char *gen_note;    /* how the generation was told without a version line, or NULL */
  char *cpu_model;
  bool cmd_evp;
  char *cmd_evp_name;
  bool cmd_decrypt;
  unsigned parallel;
  unsigned forked;
  /* the bulk table */
  GArray *sizes;     /* guint */
  GArray *got_sizes; /* -multi: the block sizes of the children's "Got: +H" records */
  guint got_line;
  bool have_numbers_line, have_header, mr_header;
  guint numbers_line, header_line;
  guint bulk_rows;
  /* the public-key tables */
  int pkey_header; /* PK_HEADER_* of the last header line */
  guint pkey_header_line;
  bool pkey_header_pending; /* a header with no row yet */
  /* what the output says about its generation */
  bool three_marker;
  bool plural_bits, singular_bit;
  bool five_sizes;
  /* -mr progress: the +DT/+DTP a +R belongs to */
  char *dt_name;
  guint dt_size;
  bool dt_valid;
  bool progress_interleaved; /* -multi: the children's +DT/+R lines cross; none can be used */
  GHashTable *occurrences;   /* "family/op/bits" -> count, to infer unnamed curves */
  GPtrArray *records;        /* Record* */
  GPtrArray *mr_pkey;        /* MrPkey* */
  char *error;
  guint error_line;
  GPtrArray *notes;
} Run;

enum { PK_HEADER_NONE, PK_HEADER_SIGN, PK_HEADER_RSA4, PK_HEADER_OP, PK_HEADER_KEM, PK_HEADER_SIG };

typedef struct {
  char *text;
  guint number;
} Line;

typedef struct {
  GRegex *version_old, *version_3, *command, *bulk_progress, *pkey_progress, *rsa_dsa, *ec_row,
      *ffdh_row, *cpu_model;
} Patterns;

typedef struct {
  Line *lines;
  guint count;
  guint at; /* index of the line being handled */
  const char *source;
  Patterns re;
  Run *run; /* the run lines are going to, NULL before the first */
  SmImport *import;
  guint runs_seen;
} Parser;

/* ---- small helpers ---- */

static void record_free(gpointer data)
{
  Record *record = data;
  g_free(record->name);
  g_free(record->curve);
  g_free(record);
}

static void mr_pkey_free(gpointer data)
{
  MrPkey *record = data;
  g_free(record->curve);
  g_free(record);
}

static void note_free(gpointer data)
{
  SmImportNote *note = data;
  g_free(note->message);
  g_free(note);
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
  g_hash_table_unref(run->occurrences);
  g_ptr_array_unref(run->records);
  g_ptr_array_unref(run->mr_pkey);
  g_free(run->error);
  g_ptr_array_unref(run->notes);
  g_free(run);
}

static void import_run_free(gpointer data)
{
  SmImportRun *run = data;
  g_ptr_array_unref(run->rows);
  g_free(run->error);
  g_ptr_array_unref(run->notes);
  if (run->explain != NULL)
    g_ptr_array_unref(run->explain);
  g_free(run);
}

void sm_import_free(SmImport *import)
{
  if (import == NULL)
    return;
  g_ptr_array_unref(import->runs);
  g_free(import);
}

guint sm_import_parsed_runs(const SmImport *import)
{
  guint parsed = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error == NULL && run->rows->len > 0)
      parsed++;
  }
  return parsed;
}

/* Whitespace-separated tokens; never NULL. */
static GStrv tokens_of(const char *text)
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

static bool is_uint(const char *token)
{
  return token[0] != '\0' && strspn(token, "0123456789") == strlen(token) && strlen(token) < 10;
}

/* A decimal number as openssl prints it: digits, optionally a point and more digits. */
static bool parse_decimal(const char *text, size_t len, double *value)
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
static bool parse_bulk_figure(const char *token, double *bytes_per_sec)
{
  size_t len = strlen(token);
  bool thousands = len > 0 && token[len - 1] == 'k';
  size_t digits = thousands ? len - 1 : len;
  double value = 0;
  if (digits < 4 || token[digits - 3] != '.' || !parse_decimal(token, digits, &value))
    return false;
  *bytes_per_sec = thousands ? value * 1000.0 : value;
  return true;
}

static bool is_bulk_figure(const char *token)
{
  double ignored = 0;
  return parse_bulk_figure(token, &ignored);
}

/* A public-key table figure: "0.000264s" (seconds) or "3784.0" (per second). */
static bool is_pkey_figure(const char *token)
{
  size_t len = strlen(token);
  double ignored = 0;
  if (len > 1 && token[len - 1] == 's')
    len--;
  return parse_decimal(token, len, &ignored);
}

static bool all_tokens(GStrv tokens, bool (*test)(const char *))
{
  if (tokens[0] == NULL)
    return false;
  for (guint i = 0; tokens[i] != NULL; i++)
    if (!test(tokens[i]))
      return false;
  return true;
}

static bool is_size_token(const char *token)
{
  return is_uint(token) || strcmp(token, "bytes") == 0;
}

static const char *const pkey_header_words[] = {
    "sign", "verify", "encrypt", "decrypt", "sign/s",    "verify/s", "encr./s",  "decr./s", "op",
    "op/s", "keygen", "encaps",  "decaps",  "keygens/s", "encaps/s", "decaps/s", "signs",
};

static bool is_pkey_header_word(const char *token)
{
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_header_words); i++)
    if (strcmp(token, pkey_header_words[i]) == 0)
      return true;
  return false;
}

static bool contains_token(GStrv tokens, const char *word)
{
  return g_strv_contains((const char *const *)tokens, word);
}

/* ---- runs ---- */

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
  run->mr_pkey = g_ptr_array_new_with_free_func(mr_pkey_free);
  run->notes = g_ptr_array_new_with_free_func(note_free);
  return run;
}

G_GNUC_PRINTF(3, 4)
static void run_fail(Run *run, guint line, const char *format, ...)
{
  if (run->error != NULL)
    return; /* the first problem is the one to fix */
  va_list args;
  va_start(args, format);
  run->error = g_strdup_vprintf(format, args);
  va_end(args);
  run->error_line = line;
}

G_GNUC_PRINTF(3, 4)
static void run_note(Run *run, guint line, const char *format, ...)
{
  SmImportNote *note = g_new0(SmImportNote, 1);
  va_list args;
  va_start(args, format);
  note->message = g_strdup_vprintf(format, args);
  va_end(args);
  note->line = line;
  g_ptr_array_add(run->notes, note);
}

static void finish_run(Parser *p, Run *run);

static const Line *current_line(const Parser *p) { return &p->lines[p->at]; }

static void close_run(Parser *p)
{
  Run *run = g_steal_pointer(&p->run);
  if (run == NULL)
    return;
  if (run->content)
    finish_run(p, run);
  run_free(run);
}

static Run *open_run(Parser *p)
{
  close_run(p);
  p->run = run_new(current_line(p)->number);
  return p->run;
}

/* The run a line at `phase` belongs to: the current one, unless the output's order went back (or
 * a section that appears once per run appears again), which starts the next run. */
static Run *run_at(Parser *p, int phase, bool again)
{
  Run *run = p->run;
  if (run == NULL || (run->content && (phase < run->phase || again)))
    run = open_run(p);
  if (phase > run->phase)
    run->phase = phase;
  if (phase >= PHASE_PROGRESS)
    run->content = true;
  run->last_line = current_line(p)->number;
  return run;
}

/* ---- line handlers: each returns true when the line was its kind ---- */

static bool handle_command(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(p->re.command, text, 0, &match))
    return false;
  Run *run = p->run;
  if (run == NULL || run->content)
    run = open_run(p);
  g_autofree char *arguments = g_match_info_fetch(match, 1);
  g_auto(GStrv) args = tokens_of(arguments ? arguments : "");
  for (guint i = 0; args[i] != NULL; i++) {
    const char *arg = args[i][0] == '-' && args[i][1] == '-' ? args[i] + 1 : args[i];
    if (strcmp(arg, "-evp") == 0 && args[i + 1] != NULL) {
      run->cmd_evp = true;
      g_free(run->cmd_evp_name);
      g_autofree char *lower = g_ascii_strdown(args[++i], -1);
      run->cmd_evp_name = sm_ossl_bulk_name(lower);
    } else if (strcmp(arg, "-decrypt") == 0) {
      run->cmd_decrypt = true;
    } else if (strcmp(arg, "-multi") == 0 && args[i + 1] != NULL && is_uint(args[i + 1])) {
      guint64 workers = g_ascii_strtoull(args[++i], NULL, 10);
      if (workers >= 1)
        run->parallel = (unsigned)workers;
    }
  }
  run->last_line = current_line(p)->number;
  return true;
}

static void set_version(Run *run, const char *version)
{
  g_free(run->version);
  run->version = g_strdup(version);
  run->major = run->minor = run->patch = -1;
  if (sscanf(version, "%d.%d.%d", &run->major, &run->minor, &run->patch) != 3)
    run->major = run->minor = run->patch = -1;
}

static bool handle_version(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(p->re.version_old, text, 0, &match)) {
    g_clear_pointer(&match, g_match_info_free);
    if (!g_regex_match(p->re.version_3, text, 0, &match))
      return false;
  }
  Run *run = p->run;
  /* A version line after output starts the next run; before it (`openssl version`, a
   * command line) it describes the run to come. */
  if (run == NULL || (run->content && (run->phase > PHASE_PROGRESS || run->version != NULL)))
    run = open_run(p);
  if (run->phase < PHASE_VERSION)
    run->phase = PHASE_VERSION;
  g_autofree char *version = g_match_info_fetch(match, 1);
  set_version(run, version);
  run->last_line = current_line(p)->number;
  return true;
}

static bool parse_field_uint(const char *text, guint *value);

/* -multi: "Got: +H:16:64:...:16384 from 0", a child's block sizes. The parent then prints the
 * summed table row without its 'type' header: these sizes stand in for it. */
static void note_got_sizes(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "Got: +H:"))
    return;
  Run *run = p->run != NULL ? p->run : run_at(p, PHASE_PROGRESS, false);
  g_auto(GStrv) words = g_strsplit(text + strlen("Got: +H:"), " ", 2);
  if (words[0] == NULL)
    return; /* "Got: +H:" and nothing after it: no sizes (found by fuzz-import) */
  g_auto(GStrv) fields = g_strsplit(words[0], ":", -1);
  g_array_set_size(run->got_sizes, 0);
  for (guint i = 0; fields[i] != NULL; i++) {
    guint size = 0;
    if (!parse_field_uint(fields[i], &size) || size == 0) {
      g_array_set_size(run->got_sizes, 0);
      return;
    }
    g_array_append_val(run->got_sizes, size);
  }
  run->got_line = current_line(p)->number;
}

/* Lines of the version block and of -multi that carry nothing to import. */
static bool handle_metadata(Parser *p, const char *text)
{
  note_got_sizes(p, text);
  static const char *const prefixes[] = {
      "built on:",
      "options:",
      "compiler:",
      "platform:",
      "CPUINFO:",
      "OPENSSLDIR:",
      "ENGINESDIR:",
      "MODULESDIR:",
      "Seeding source:",
      "available timing options:",
      "timing function used:",
      "You have chosen to measure elapsed time",
      "To get the most accurate results",
      "program when this computer is idle",
      "Got: +",
  };
  if (g_str_has_prefix(text, "Forked child ")) {
    Run *run = run_at(p, PHASE_PROGRESS, false);
    unsigned child = (unsigned)g_ascii_strtoull(text + strlen("Forked child "), NULL, 10);
    if (child + 1 > run->forked)
      run->forked = child + 1;
    return true;
  }
  for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++)
    if (g_str_has_prefix(text, prefixes[i])) {
      if (g_str_has_prefix(text, "CPUINFO:") && p->run != NULL)
        p->run->three_marker = true;
      return true;
    }
  g_autoptr(GMatchInfo) match = NULL;
  if (g_regex_match(p->re.cpu_model, text, 0, &match)) {
    Run *run = p->run;
    if (run == NULL || run->content)
      run = open_run(p);
    g_free(run->cpu_model);
    run->cpu_model = g_match_info_fetch(match, 1);
    return true;
  }
  return false;
}

/* Appends the tokens of the lines after the current one while `accept` takes all of a line's
 * tokens and `more` says the row still wants figures; returns how many lines were joined. */
static guint join_continuations(Parser *p, GPtrArray *into, bool (*accept)(const char *),
                                guint wanted)
{
  guint joined = 0;
  while (p->at + 1 < p->count && (wanted == 0 || into->len < wanted)) {
    g_auto(GStrv) next = tokens_of(p->lines[p->at + 1].text);
    if (!all_tokens(next, accept))
      break;
    for (guint i = 0; next[i] != NULL; i++)
      g_ptr_array_add(into, g_strdup(next[i]));
    p->at++;
    joined++;
    if (p->run != NULL)
      p->run->last_line = current_line(p)->number;
  }
  return joined;
}

static GPtrArray *token_array(GStrv tokens, guint from)
{
  GPtrArray *array = g_ptr_array_new_with_free_func(g_free);
  for (guint i = from; tokens[i] != NULL; i++)
    g_ptr_array_add(array, g_strdup(tokens[i]));
  return array;
}

static bool handle_numbers_line(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "The 'numbers' are in 1000s of bytes per second"))
    return false;
  Run *run =
      run_at(p, PHASE_BULK, p->run != NULL && (p->run->have_numbers_line || p->run->have_header));
  run->have_numbers_line = true;
  run->numbers_line = current_line(p)->number;
  return true;
}

/* "type  16 bytes  64 bytes ... 16384 bytes", perhaps wrapped after "8192" or after any pair. */
static bool handle_type_header(Parser *p, const char *text)
{
  g_auto(GStrv) tokens = tokens_of(text);
  if (tokens[0] == NULL || strcmp(tokens[0], "type") != 0 || tokens[1] == NULL ||
      !is_uint(tokens[1]))
    return false;
  for (guint i = 1; tokens[i] != NULL; i++)
    if (!is_size_token(tokens[i]))
      return false;
  guint line = current_line(p)->number;
  Run *run = run_at(p, PHASE_BULK, p->run != NULL && p->run->have_header);
  g_autoptr(GPtrArray) all = token_array(tokens, 1);
  join_continuations(p, all, is_size_token, 0);
  g_array_set_size(run->sizes, 0);
  bool well_formed = all->len % 2 == 0;
  for (guint i = 0; well_formed && i < all->len; i += 2) {
    const char *size = all->pdata[i], *unit = all->pdata[i + 1];
    guint64 value = is_uint(size) ? g_ascii_strtoull(size, NULL, 10) : 0;
    if (value == 0 || strcmp(unit, "bytes") != 0)
      well_formed = false;
    guint block = (guint)value;
    g_array_append_val(run->sizes, block);
  }
  if (!well_formed)
    run_fail(run, line, "the 'type' header is not a list of \"N bytes\"");
  run->have_header = true;
  run->mr_header = false;
  run->header_line = line;
  run->pkey_header = PK_HEADER_NONE;
  if (run->sizes->len == 5)
    run->five_sizes = true;
  return true;
}

static void add_bulk(Run *run, guint line, const char *name, guint size, double bytes_per_sec,
                     bool progress)
{
  Record *record = g_new0(Record, 1);
  record->line = line;
  record->bulk = true;
  record->progress = progress;
  record->name = g_strdup(name);
  record->block_size = size;
  record->bytes_per_sec = bytes_per_sec;
  g_ptr_array_add(run->records, record);
  if (sm_ossl_three_only_name(name))
    run->three_marker = true;
}

static void add_pkey(Run *run, guint line, SmPkFamily family, guint bits, const char *curve,
                     bool curve_inferred, SmOp op, double ops_per_sec, bool progress)
{
  Record *record = g_new0(Record, 1);
  record->line = line;
  record->progress = progress;
  record->family = family;
  record->bits = bits;
  record->curve = g_strdup(curve);
  record->curve_inferred = curve_inferred;
  record->op = op;
  record->ops_per_sec = ops_per_sec;
  g_ptr_array_add(run->records, record);
}

/* Whether the current run already has a summary figure for this key: the same rsa or curve line
 * again is the next run's (two pastes of the same table without a version line between). */
static bool pkey_seen(const Run *run, SmPkFamily family, guint bits, const char *curve,
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

/* A normalised bulk name: lower case, single spaces. */
static char *normalise_name(GStrv tokens, guint count)
{
  GString *name = g_string_new(NULL);
  for (guint i = 0; i < count; i++) {
    g_autofree char *lower = g_ascii_strdown(tokens[i], -1);
    g_string_append_printf(name, "%s%s", i ? " " : "", lower);
  }
  return g_string_free(name, FALSE);
}

static bool plausible_name_token(const char *token)
{
  if (!g_ascii_isalnum(token[0]))
    return false;
  for (const char *c = token; *c; c++)
    if (!g_ascii_isalnum(*c) && strchr("-_()/.,", *c) == NULL)
      return false;
  return true;
}

/* The name part of a bulk row: one token, or two where openssl's fixed list has a space
 * ("aes-128 cbc", "des ede3", "rc5-32/12 cbc"). */
static bool plausible_name(GStrv tokens, guint count)
{
  if (count == 0 || count > 2)
    return false;
  for (guint i = 0; i < count; i++)
    if (!plausible_name_token(tokens[i]) || is_bulk_figure(tokens[i]))
      return false;
  if (count == 2) {
    g_autofree char *second = g_ascii_strdown(tokens[1], -1);
    if (strcmp(second, "cbc") != 0 && strcmp(second, "ige") != 0 && strcmp(second, "ede3") != 0)
      return false;
  }
  return true;
}

/* A bulk table row: "aes-128-cbc  105045.97k ... 117654.32k", possibly wrapped. */
static bool handle_bulk_row(Parser *p, const char *text)
{
  Run *run = p->run;
  bool got_header = run != NULL && !run->have_header && run->got_sizes->len > 0;
  if (run == NULL || (!run->have_header && !got_header) || run->mr_header ||
      run->phase > PHASE_BULK)
    return false;
  g_auto(GStrv) tokens = tokens_of(text);
  guint count = g_strv_length(tokens);
  guint figures = 0;
  while (figures < count && is_bulk_figure(tokens[count - 1 - figures]))
    figures++;
  guint name_tokens = count - figures;
  if (!plausible_name(tokens, name_tokens) || (got_header && figures == 0))
    return false;
  if (got_header) { /* the -multi summary row: the children's sizes are its header */
    g_array_set_size(run->sizes, 0);
    g_array_append_vals(run->sizes, run->got_sizes->data, run->got_sizes->len);
    run->have_header = true;
    run->header_line = run->got_line;
  }
  guint wanted = run->sizes->len;
  guint line = current_line(p)->number;
  g_autoptr(GPtrArray) all = token_array(tokens, name_tokens);
  /* A mail client may have broken the row after the name or after some figures. */
  if (all->len < wanted)
    join_continuations(p, all, is_bulk_figure, wanted);
  if (all->len == 0)
    return false; /* a word on its own, not a row */
  run_at(p, PHASE_BULK, false);
  g_autofree char *name = normalise_name(tokens, name_tokens);
  run->bulk_rows++;
  if (all->len != wanted) {
    if (all->len < wanted)
      run_fail(run, line, "%s: %u figures for the %u block sizes of the header (truncated table?)",
               name, all->len, wanted);
    else
      run_fail(run, line, "%s: %u figures for the %u block sizes of the header", name, all->len,
               wanted);
    return true;
  }
  for (guint i = 0; i < all->len; i++) {
    double bytes = 0;
    parse_bulk_figure(all->pdata[i], &bytes);
    add_bulk(run, line, name, g_array_index(run->sizes, guint, i), bytes, false);
  }
  return true;
}

/* "sign verify sign/s verify/s", "op op/s", the 3.4 rsa and KEM/signature headers. */
static bool handle_pkey_header(Parser *p, const char *text)
{
  g_auto(GStrv) tokens = tokens_of(text);
  if (!all_tokens(tokens, is_pkey_header_word) || strstr(text, "/s") == NULL)
    return false;
  g_autoptr(GPtrArray) all = token_array(tokens, 0);
  join_continuations(p, all, is_pkey_header_word, 0);
  g_ptr_array_add(all, NULL);
  GStrv words = (GStrv)all->pdata;
  int header = PK_HEADER_SIGN;
  if (contains_token(words, "encaps"))
    header = PK_HEADER_KEM;
  else if (contains_token(words, "keygen"))
    header = PK_HEADER_SIG;
  else if (contains_token(words, "encrypt"))
    header = PK_HEADER_RSA4;
  else if (contains_token(words, "op"))
    header = PK_HEADER_OP;
  Run *run = p->run;
  if (run == NULL)
    run = open_run(p);
  if (run->pkey_header_pending)
    run_fail(run, run->pkey_header_line, "a sign/verify table header without rows");
  run->pkey_header = header;
  run->pkey_header_line = current_line(p)->number;
  run->pkey_header_pending = true;
  run->content = true;
  if (header == PK_HEADER_RSA4 || header == PK_HEADER_KEM || header == PK_HEADER_SIG)
    run->three_marker = true;
  return true;
}

/* The ops/s columns of a public-key row: the figures after the seconds-per-op ones. */
static bool pkey_rates(Run *run, guint line, const char *what, GPtrArray *figures, guint ops,
                       double *rates)
{
  if (figures->len != 2 * ops) {
    run_fail(run, line, "%s: %u figures where the table has %u (seconds per op, then ops/s)", what,
             figures->len, 2 * ops);
    return false;
  }
  for (guint i = 0; i < 2 * ops; i++) {
    const char *token = figures->pdata[i];
    bool seconds = g_str_has_suffix(token, "s");
    if (seconds != (i < ops)) {
      run_fail(run, line, "%s: figure \"%s\" is not where a %s figure belongs", what, token,
               i < ops ? "seconds-per-op" : "per-second");
      return false;
    }
    if (i >= ops)
      parse_decimal(token, strlen(token), &rates[i - ops]);
  }
  return true;
}

static GPtrArray *row_figures(Parser *p, const char *rest, guint wanted)
{
  g_auto(GStrv) tokens = tokens_of(rest);
  GPtrArray *figures = token_array(tokens, 0);
  if (figures->len < wanted)
    join_continuations(p, figures, is_pkey_figure, wanted);
  return figures;
}

static bool figures_are_numbers(GPtrArray *figures)
{
  for (guint i = 0; i < figures->len; i++)
    if (!is_pkey_figure(figures->pdata[i]))
      return false;
  return true;
}

/* The run of a public-key row. A header just before a row that starts the next run is that run's
 * header, not a header without rows in the run before. */
static Run *pkey_run_at(Parser *p, int phase, bool again)
{
  Run *before = p->run;
  bool opens = before == NULL || (before->content && (phase < before->phase || again));
  int header = PK_HEADER_NONE;
  guint header_line = 0;
  if (opens && before != NULL && before->pkey_header_pending) {
    header = before->pkey_header;
    header_line = before->pkey_header_line;
    before->pkey_header_pending = false;
  }
  Run *run = run_at(p, phase, again);
  if (header_line != 0) {
    run->pkey_header = header;
    run->pkey_header_line = header_line;
    run->first_line = header_line;
  }
  return run;
}

static void pkey_row_seen(Run *run, bool plural)
{
  run->pkey_header_pending = false;
  if (plural)
    run->plural_bits = true;
  else
    run->singular_bit = true;
}

/* "rsa 2048 bits 0.000264s 0.000016s 3784.0 62399.0" (3.4: four ops), "dsa 1024 bits ...". */
static bool handle_rsa_dsa_row(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(p->re.rsa_dsa, text, 0, &match))
    return false;
  g_autofree char *kind = g_match_info_fetch(match, 1);
  g_autofree char *bits_text = g_match_info_fetch(match, 2);
  g_autofree char *rest = g_match_info_fetch(match, 3);
  SmPkFamily family = strcmp(kind, "rsa") == 0 ? SM_PK_RSA : SM_PK_DSA;
  guint line = current_line(p)->number;
  bool four = family == SM_PK_RSA && p->run != NULL && p->run->pkey_header == PK_HEADER_RSA4;
  g_autoptr(GPtrArray) figures = row_figures(p, rest, four ? 8 : 4);
  if (!figures_are_numbers(figures))
    return false;
  guint bits = (guint)g_ascii_strtoull(bits_text, NULL, 10);
  Run *run = pkey_run_at(p, PHASE_PKEY + family, pkey_seen(p->run, family, bits, NULL, -1));
  if (family == SM_PK_RSA && figures->len == 8)
    four = true;
  g_autofree char *what = g_strdup_printf("%s %u bits", kind, bits);
  double rates[4] = {0};
  pkey_row_seen(run, true);
  if (four)
    run->three_marker = true;
  if (!pkey_rates(run, line, what, figures, four ? 4 : 2, rates))
    return true;
  static const SmOp ops[] = {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_ENCRYPT, SM_OP_DECRYPT};
  for (guint i = 0; i < (four ? 4u : 2u); i++)
    add_pkey(run, line, family, bits, NULL, false, ops[i], rates[i], false);
  return true;
}

/* " 256 bits ecdsa (nistp256) ...", " 253 bits ecdh (X25519) ...", EdDSA, SM2 rows. */
static bool handle_ec_row(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  SmPkFamily family = SM_PK_FFDH;
  g_autofree char *bits_text = NULL, *unit = NULL, *kind = NULL, *curve = NULL, *rest = NULL;
  if (g_regex_match(p->re.ec_row, text, 0, &match)) {
    bits_text = g_match_info_fetch(match, 1);
    unit = g_match_info_fetch(match, 2);
    kind = g_match_info_fetch(match, 3);
    curve = g_match_info_fetch(match, 4);
    rest = g_match_info_fetch(match, 5);
    g_autofree char *lower = g_ascii_strdown(kind, -1);
    family = strcmp(lower, "ecdsa") == 0   ? SM_PK_ECDSA
             : strcmp(lower, "ecdh") == 0  ? SM_PK_ECDH
             : strcmp(lower, "eddsa") == 0 ? SM_PK_EDDSA
                                           : SM_PK_SM2;
  } else {
    g_clear_pointer(&match, g_match_info_free);
    if (!g_regex_match(p->re.ffdh_row, text, 0, &match))
      return false;
    bits_text = g_match_info_fetch(match, 1);
    unit = g_strdup("bits");
    kind = g_strdup("ffdh");
    rest = g_match_info_fetch(match, 2);
  }
  bool derive = family == SM_PK_ECDH || family == SM_PK_FFDH;
  guint line = current_line(p)->number;
  g_autoptr(GPtrArray) figures = row_figures(p, rest, derive ? 2 : 4);
  if (!figures_are_numbers(figures))
    return false;
  guint bits = (guint)g_ascii_strtoull(bits_text, NULL, 10);
  Run *run = pkey_run_at(p, PHASE_PKEY + family, pkey_seen(p->run, family, bits, curve, -1));
  pkey_row_seen(run, strcmp(unit, "bits") == 0);
  if (family == SM_PK_SM2 || family == SM_PK_FFDH)
    run->three_marker = true;
  g_autofree char *what = curve ? g_strdup_printf("%u %s %s (%s)", bits, unit, kind, curve)
                                : g_strdup_printf("%u %s %s", bits, unit, kind);
  double rates[2] = {0};
  if (!pkey_rates(run, line, what, figures, derive ? 1 : 2, rates))
    return true;
  if (derive) {
    add_pkey(run, line, family, bits, curve, false, SM_OP_DERIVE, rates[0], false);
  } else {
    add_pkey(run, line, family, bits, curve, false, SM_OP_SIGN, rates[0], false);
    add_pkey(run, line, family, bits, curve, false, SM_OP_VERIFY, rates[1], false);
  }
  return true;
}

/* 3.5's KEM and signature-algorithm tables: speedmatrix has no keygen/encaps/decaps operation,
 * so the rows are named in a note rather than imported; the signature table's sign/verify are. */
static bool handle_kem_sig_row(Parser *p, const char *text)
{
  Run *run = p->run;
  if (run == NULL || (run->pkey_header != PK_HEADER_KEM && run->pkey_header != PK_HEADER_SIG))
    return false;
  g_auto(GStrv) tokens = tokens_of(text);
  if (g_strv_length(tokens) != 7 || !plausible_name_token(tokens[0]))
    return false;
  g_autoptr(GPtrArray) figures = token_array(tokens, 1);
  if (!figures_are_numbers(figures))
    return false;
  bool kem = run->pkey_header == PK_HEADER_KEM;
  guint line = current_line(p)->number;
  run = pkey_run_at(p, PHASE_PKEY + (kem ? SM_PK_KEM : SM_PK_SIG), false);
  run->pkey_header_pending = false;
  double rates[3] = {0};
  if (!pkey_rates(run, line, tokens[0], figures, 3, rates))
    return true;
  g_autofree char *name = g_ascii_strdown(tokens[0], -1);
  if (kem) {
    run_note(run, line,
             "%s: KEM keygen/encaps/decaps not imported (speedmatrix has no such "
             "operation)",
             name);
    return true;
  }
  Record *sign = g_new0(Record, 1), *verify;
  *sign = (Record){.line = line,
                   .family = SM_PK_SIG,
                   .name = g_strdup(name),
                   .op = SM_OP_SIGN,
                   .ops_per_sec = rates[1]};
  verify = g_new0(Record, 1);
  *verify = (Record){.line = line,
                     .family = SM_PK_SIG,
                     .name = g_strdup(name),
                     .op = SM_OP_VERIFY,
                     .ops_per_sec = rates[2]};
  g_ptr_array_add(run->records, sign);
  g_ptr_array_add(run->records, verify);
  return true;
}

/* A line of figures alone where no row wants them: a table with more columns than its header. */
static bool handle_stray_figures(Parser *p, const char *text)
{
  Run *run = p->run;
  if (run == NULL || !run->have_header || run->mr_header || run->phase != PHASE_BULK ||
      run->bulk_rows == 0)
    return false;
  g_auto(GStrv) tokens = tokens_of(text);
  if (!all_tokens(tokens, is_bulk_figure))
    return false;
  run_fail(run, current_line(p)->number,
           "%u figures after the last row, more columns than the %u block sizes of the header",
           g_strv_length(tokens), run->sizes->len);
  return true;
}

/* ---- progress lines ---- */

/* Counts how often a (family, op, bits) was seen, to name curves the progress lines leave out. */
static guint next_occurrence(Run *run, SmPkFamily family, SmOp op, guint bits)
{
  g_autofree char *key = g_strdup_printf("%d/%d/%u", family, op, bits);
  guint seen = GPOINTER_TO_UINT(g_hash_table_lookup(run->occurrences, key));
  g_hash_table_replace(run->occurrences, g_steal_pointer(&key), GUINT_TO_POINTER(seen + 1));
  return seen;
}

/* Progress lines give an ECDSA or ECDH curve's size, not its name: openssl measures the curves
 * of a size in a fixed order (nistp256, then brainpoolP256r1, then brainpoolP256t1). */
static void add_inferred_curve(Run *run, guint line, SmPkFamily family, guint bits, SmOp op,
                               double ops_per_sec)
{
  guint nth = next_occurrence(run, family, op, bits);
  const char *curve = sm_ossl_curve_by_bits(bits, nth);
  bool inferred = curve != NULL && sm_ossl_unique_curve(bits) == NULL;
  add_pkey(run, line, family, bits, curve, inferred, op, ops_per_sec, true);
}

/* The result words of a public-key progress line: "private RSA's", "RSA sign ops", "DSA signs",
 * "ECDSA verify", "ECDH ops", "Ed25519 signs", "FFDH ops". */
static bool classify_pkey_words(const char *words, SmPkFamily *family, SmOp *op, char **curve)
{
  g_auto(GStrv) tokens = tokens_of(words);
  *curve = NULL;
  bool sign = strstr(words, "sign") != NULL || strstr(words, "private RSA's") != NULL;
  bool verify = strstr(words, "verify") != NULL || strstr(words, "public RSA's") != NULL;
  if (strstr(words, "RSA") != NULL) {
    *family = SM_PK_RSA;
    *op = strstr(words, "encrypt")   ? SM_OP_ENCRYPT
          : strstr(words, "decrypt") ? SM_OP_DECRYPT
          : sign                     ? SM_OP_SIGN
                                     : SM_OP_VERIFY;
    return sign || verify || *op == SM_OP_ENCRYPT || *op == SM_OP_DECRYPT;
  }
  if (strstr(words, "ECDH") != NULL || strstr(words, "FFDH") != NULL) {
    *family = strstr(words, "ECDH") ? SM_PK_ECDH : SM_PK_FFDH;
    *op = SM_OP_DERIVE;
    return true;
  }
  if (!sign && !verify)
    return false;
  *op = sign ? SM_OP_SIGN : SM_OP_VERIFY;
  if (strstr(words, "ECDSA") != NULL)
    *family = SM_PK_ECDSA;
  else if (strstr(words, "DSA") != NULL)
    *family = SM_PK_DSA;
  else if (strstr(words, "SM2") != NULL)
    *family = SM_PK_SM2;
  else if (tokens[0] != NULL && g_ascii_strncasecmp(tokens[0], "Ed", 2) == 0) {
    *family = SM_PK_EDDSA;
    *curve = g_strdup(tokens[0]);
  } else
    return false;
  return true;
}

static bool handle_progress(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "Doing "))
    return false;
  /* The result follows on the same line; a mail client may have moved its end to the next. */
  g_autofree char *joined = g_strdup(text);
  guint line = current_line(p)->number;
  guint extra = 0;
  bool matched = false;
  for (;; extra++) {
    if (g_regex_match(p->re.bulk_progress, joined, 0, NULL) ||
        g_regex_match(p->re.pkey_progress, joined, 0, NULL)) {
      matched = true;
      break;
    }
    if (extra == 2 || p->at + 1 + extra >= p->count)
      break;
    const char *next = p->lines[p->at + 1 + extra].text;
    if (next[0] == '\0' || next[0] == '+' || g_str_has_prefix(next, "Doing "))
      break;
    char *longer = g_strdup_printf("%s %s", joined, next);
    g_free(joined);
    joined = longer;
  }
  if (!matched)
    return true; /* openssl's words without a result (interrupted, or a KEM line): nothing */
  g_autoptr(GMatchInfo) bulk = NULL, pkey = NULL;
  if (!g_regex_match(p->re.bulk_progress, joined, 0, &bulk)) {
    g_clear_pointer(&bulk, g_match_info_free);
    g_regex_match(p->re.pkey_progress, joined, 0, &pkey);
  }
  Run *run = run_at(p, PHASE_PROGRESS, false);
  p->at += extra; /* the lines the result was wrapped onto */
  run->last_line = current_line(p)->number;
  if (bulk != NULL && g_match_info_matches(bulk)) {
    g_autofree char *size_text = g_match_info_fetch(bulk, 1);
    g_autofree char *count_text = g_match_info_fetch(bulk, 2);
    g_autofree char *name_text = g_match_info_fetch(bulk, 3);
    g_autofree char *seconds_text = g_match_info_fetch(bulk, 4);
    guint size = (guint)g_ascii_strtoull(size_text, NULL, 10);
    double count = g_ascii_strtod(count_text, NULL), seconds = g_ascii_strtod(seconds_text, NULL);
    if (size == 0 || seconds <= 0) {
      run_fail(run, line, "a progress line with a zero block size or time");
      return true;
    }
    g_auto(GStrv) name_tokens = tokens_of(name_text);
    g_autofree char *name = normalise_name(name_tokens, g_strv_length(name_tokens));
    if (strstr(text, " ops for ") != NULL || strstr(joined, " ops in ") != NULL)
      run->three_marker = true;
    add_bulk(run, line, name, size, count * size / seconds, true);
    return true;
  }
  g_autofree char *count_text = g_match_info_fetch(pkey, 1);
  g_autofree char *bits_text = g_match_info_fetch(pkey, 2);
  g_autofree char *unit = g_match_info_fetch(pkey, 3);
  g_autofree char *words = g_match_info_fetch(pkey, 4);
  g_autofree char *seconds_text = g_match_info_fetch(pkey, 5);
  double count = g_ascii_strtod(count_text, NULL), seconds = g_ascii_strtod(seconds_text, NULL);
  guint bits = (guint)g_ascii_strtoull(bits_text, NULL, 10);
  SmPkFamily family = SM_PK_RSA;
  SmOp op = SM_OP_SIGN;
  g_autofree char *curve = NULL;
  if (!classify_pkey_words(words, &family, &op, &curve))
    return true; /* a public-key kind speedmatrix does not read: nothing */
  if (seconds <= 0) {
    run_fail(run, line, "a progress line with a zero time");
    return true;
  }
  if (strstr(unit, "bits") != NULL)
    run->plural_bits = true;
  else
    run->singular_bit = true;
  if (strstr(words, " ops") != NULL && family != SM_PK_ECDH && family != SM_PK_FFDH)
    run->three_marker = true;
  if (family == SM_PK_ECDSA || family == SM_PK_ECDH)
    add_inferred_curve(run, line, family, bits, op, count / seconds);
  else
    add_pkey(run, line, family, bits, curve, false, op, count / seconds, true);
  return true;
}

/* ---- -mr records ---- */

static bool parse_field_double(const char *text, double *value)
{
  return parse_decimal(text, strlen(text), value);
}

static bool parse_field_uint(const char *text, guint *value)
{
  if (!is_uint(text))
    return false;
  *value = (guint)g_ascii_strtoull(text, NULL, 10);
  return true;
}

static void mr_header(Run *run, GStrv fields, guint line)
{
  g_array_set_size(run->sizes, 0);
  for (guint i = 1; fields[i] != NULL; i++) {
    guint size = 0;
    if (!parse_field_uint(fields[i], &size) || size == 0) {
      run_fail(run, line, "+H: \"%s\" is not a block size", fields[i]);
      return;
    }
    g_array_append_val(run->sizes, size);
  }
  if (run->sizes->len == 0)
    run_fail(run, line, "+H without block sizes");
  run->have_header = true;
  run->mr_header = true;
  run->header_line = line;
  if (run->sizes->len == 5)
    run->five_sizes = true;
}

/* +F:k:name:bytes/s...: the name may hold colons, so the figures are counted from the end. */
static void mr_bulk(Run *run, GStrv fields, guint line)
{
  guint count = g_strv_length(fields);
  guint sizes = run->sizes->len;
  if (!run->have_header || !run->mr_header) {
    run_fail(run, line, "+F record before any +H record of block sizes");
    return;
  }
  guint index = 0;
  if (count < 3 + sizes || !parse_field_uint(fields[1], &index)) {
    run_fail(run, line, "+F: %u figures for the %u block sizes of +H (truncated record?)",
             count > 3 ? count - 3 : 0, sizes);
    return;
  }
  for (guint i = count - sizes; i < count; i++) {
    double ignored = 0;
    if (!parse_field_double(fields[i], &ignored)) {
      run_fail(run, line, "+F: \"%s\" is not a figure", fields[i]);
      return;
    }
  }
  /* More figures than +H has sizes would make the extra ones part of the name. */
  GString *name = g_string_new(NULL);
  for (guint i = 2; i < count - sizes; i++)
    g_string_append_printf(name, "%s%s", i > 2 ? ":" : "", fields[i]);
  double probe = 0;
  if (count - sizes > 3 && parse_field_double(fields[count - sizes - 1], &probe)) {
    run_fail(run, line, "+F: %u figures for the %u block sizes of +H", count - 3, sizes);
    g_string_free(name, TRUE);
    return;
  }
  g_auto(GStrv) name_tokens = tokens_of(name->str);
  g_autofree char *normal = normalise_name(name_tokens, g_strv_length(name_tokens));
  g_string_free(name, TRUE);
  run->bulk_rows++;
  for (guint i = 0; i < sizes; i++) {
    double bytes = 0;
    parse_field_double(fields[count - sizes + i], &bytes);
    add_bulk(run, line, normal, g_array_index(run->sizes, guint, i), bytes, false);
  }
}

/* +F2..+F8: k:bits[:name]:figures. */
static void mr_pkey(Run *run, SmPkFamily family, GStrv fields, guint line, const char *tag)
{
  guint count = g_strv_length(fields);
  bool named = family == SM_PK_EDDSA || family == SM_PK_SM2;
  guint first = named ? 4 : 3;
  guint wanted = family == SM_PK_RSA && count == first + 4 ? 4 : 2; /* rsa from 3.4: four */
  MrPkey *record = g_new0(MrPkey, 1);
  record->line = line;
  record->family = family;
  if (count != first + wanted || !parse_field_uint(fields[1], &record->index) ||
      !parse_field_uint(fields[2], &record->bits)) {
    run_fail(run, line, "%s record with %u fields, expected %u", tag, count > 0 ? count - 1 : 0,
             first + wanted - 1);
    mr_pkey_free(record);
    return;
  }
  for (guint i = 0; i < wanted; i++)
    if (!parse_field_double(fields[first + i], &record->values[i]) || record->values[i] <= 0) {
      run_fail(run, line, "%s: \"%s\" is not a positive figure", tag, fields[first + i]);
      mr_pkey_free(record);
      return;
    }
  record->count = wanted;
  if (named)
    record->curve = g_strdup(fields[3]);
  if (family == SM_PK_ECDSA || family == SM_PK_ECDH) {
    const char *curve = sm_ossl_curve_by_index(record->index, record->bits);
    record->curve = g_strdup(curve != NULL ? curve : sm_ossl_unique_curve(record->bits));
  }
  if (wanted == 4 || family == SM_PK_SM2 || family == SM_PK_FFDH)
    run->three_marker = true;
  g_ptr_array_add(run->mr_pkey, record);
}

/* +DT/+DN (a bulk test begins: name, seconds, size) and +R (its count and time); false for any
 * other tag. */
static bool handle_mr_progress(Parser *p, const char *tag, GStrv fields, guint line)
{
  if (strcmp(tag, "+DT") == 0 || strcmp(tag, "+DN") == 0) {
    Run *run = run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    guint size = 0;
    if (run->dt_valid) /* a second +DT before the first's +R: -multi children take turns */
      run->progress_interleaved = true;
    g_clear_pointer(&run->dt_name, g_free);
    run->dt_valid = count >= 4 && parse_field_uint(fields[count - 1], &size) && size > 0;
    if (run->dt_valid) {
      /* +DT:name:seconds:size; the name is all but the last two fields */
      GString *name = g_string_new(NULL);
      for (guint i = 1; i + 2 < count; i++)
        g_string_append_printf(name, "%s%s", i > 1 ? ":" : "", fields[i]);
      g_auto(GStrv) name_tokens = tokens_of(name->str);
      g_string_free(name, TRUE);
      run->dt_name = normalise_name(name_tokens, g_strv_length(name_tokens));
      run->dt_size = size;
    }
    return true;
  }
  if (strcmp(tag, "+R") == 0) {
    Run *run = run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    double ops = 0, seconds = 0;
    if (!run->dt_valid && (run->progress_interleaved || run->forked > 0))
      return true; /* another child's result: the summary holds the sum */
    if (!run->dt_valid || count < 4 || !parse_field_double(fields[1], &ops) ||
        !parse_field_double(fields[count - 1], &seconds) || seconds <= 0) {
      run_fail(run, line, "+R record without its +DT record, or with a zero time");
      return true;
    }
    add_bulk(run, line, run->dt_name, run->dt_size, ops * run->dt_size / seconds, true);
    run->dt_valid = false;
    return true;
  }
  return false;
}

/* +R1..+R9: a public-key progress result; false for any other tag. */
static bool handle_mr_pkey_progress(Parser *p, const char *tag, GStrv fields, guint line)
{
  /* +R1..+R9: count:bits[:name]:seconds, each the result of the +DTP before it. */
  static const struct {
    const char *tag;
    SmPkFamily family;
    SmOp op;
  } pkey_results[] = {
      {"+R1", SM_PK_RSA, SM_OP_SIGN},     {"+R2", SM_PK_RSA, SM_OP_VERIFY},
      {"+R3", SM_PK_DSA, SM_OP_SIGN},     {"+R4", SM_PK_DSA, SM_OP_VERIFY},
      {"+R5", SM_PK_ECDSA, SM_OP_SIGN},   {"+R6", SM_PK_ECDSA, SM_OP_VERIFY},
      {"+R7", SM_PK_ECDH, SM_OP_DERIVE},  {"+R8", SM_PK_EDDSA, SM_OP_SIGN},
      {"+R9", SM_PK_EDDSA, SM_OP_VERIFY},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_results); i++) {
    if (strcmp(tag, pkey_results[i].tag) != 0)
      continue;
    Run *run = run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    bool named = pkey_results[i].family == SM_PK_EDDSA;
    double ops = 0, seconds = 0;
    guint bits = 0;
    if (count != (named ? 5u : 4u) || !parse_field_double(fields[1], &ops) ||
        !parse_field_uint(fields[2], &bits) || !parse_field_double(fields[count - 1], &seconds) ||
        seconds <= 0) {
      run_fail(run, line, "%s record is not count:bits%s:seconds", tag, named ? ":name" : "");
      return true;
    }
    SmPkFamily family = pkey_results[i].family;
    if (family == SM_PK_ECDSA || family == SM_PK_ECDH)
      add_inferred_curve(run, line, family, bits, pkey_results[i].op, ops / seconds);
    else
      add_pkey(run, line, family, bits, named ? fields[3] : NULL, false, pkey_results[i].op,
               ops / seconds, true);
    return true;
  }
  return false;
}

static bool handle_mr(Parser *p, const char *text)
{
  if (text[0] != '+' || !g_ascii_isupper(text[1]))
    return false;
  g_auto(GStrv) fields = g_strsplit(text, ":", -1);
  const char *tag = fields[0];
  guint line = current_line(p)->number;
  static const struct {
    const char *tag;
    SmPkFamily family;
  } pkey_tags[] = {{"+F2", SM_PK_RSA},  {"+F3", SM_PK_DSA},   {"+F4", SM_PK_ECDSA},
                   {"+F5", SM_PK_ECDH}, {"+F6", SM_PK_EDDSA}, {"+F7", SM_PK_SM2},
                   {"+F8", SM_PK_FFDH}};
  if (strcmp(tag, "+H") == 0) {
    Run *run = run_at(p, PHASE_BULK, p->run != NULL && p->run->have_header);
    mr_header(run, fields, line);
    return true;
  }
  if (strcmp(tag, "+F") == 0) {
    mr_bulk(run_at(p, PHASE_BULK, false), fields, line);
    return true;
  }
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_tags); i++)
    if (strcmp(tag, pkey_tags[i].tag) == 0) {
      guint index = 0, bits = 0;
      bool again = fields[1] != NULL && fields[2] != NULL && parse_field_uint(fields[1], &index) &&
                   parse_field_uint(fields[2], &bits) &&
                   pkey_seen(p->run, pkey_tags[i].family, bits, NULL, (int)index);
      Run *run = run_at(p, PHASE_PKEY + pkey_tags[i].family, again);
      if (pkey_tags[i].family == SM_PK_EDDSA)
        run->plural_bits = true; /* EdDSA exists from 1.1.1 on */
      mr_pkey(run, pkey_tags[i].family, fields, line, tag);
      return true;
    }
  if (strcmp(tag, "+F9") == 0 || strcmp(tag, "+F10") == 0) {
    Run *run = run_at(p, PHASE_PKEY + (strcmp(tag, "+F9") == 0 ? SM_PK_KEM : SM_PK_SIG), false);
    run->three_marker = true;
    run_note(run, line,
             "%s record not imported: -mr names KEM and signature algorithms only by "
             "their index",
             tag);
    return true;
  }
  if (handle_mr_progress(p, tag, fields, line))
    return true;
  if (handle_mr_pkey_progress(p, tag, fields, line))
    return true;
  if (strcmp(tag, "+DTP") == 0 || strcmp(tag, "+DNP") == 0) {
    run_at(p, PHASE_PROGRESS, false);
    return true;
  }
  return false;
}

/* ---- a run's records into rows ---- */

static Gen run_gen(const Run *run)
{
  if (run->major == 0)
    return GEN_0_9;
  if (run->major == 1 && (run->minor == 0 || (run->minor == 1 && run->patch == 0)))
    return GEN_1_0;
  if (run->major == 1)
    return GEN_1_1_1;
  if (run->major >= 3)
    return GEN_3;
  /* No version line (-mr output never prints one): what the output itself shows. */
  if (run->three_marker)
    return GEN_3;
  if (run->plural_bits && !run->singular_bit)
    return GEN_1_1_1;
  if (run->singular_bit || run->five_sizes)
    return GEN_1_0;
  return GEN_UNKNOWN;
}

/* Whether a run's +F2..+F5 figures are ops/s (1.1.1 on) or seconds per op (up to 1.1.0). */
static bool mr_rates(const Run *run, Gen gen, bool *decided)
{
  *decided = true;
  if (gen == GEN_1_1_1 || gen == GEN_3)
    return true;
  if (gen == GEN_0_9 || gen == GEN_1_0)
    return false;
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    /* +F5 holds a figure and its reciprocal: an ECDH takes well under a second. */
    if (record->family == SM_PK_ECDH || record->family == SM_PK_FFDH)
      return record->values[0] > record->values[1];
    /* An RSA verify is much faster than its sign. */
    if (record->family == SM_PK_RSA && record->values[0] != record->values[1])
      return record->values[0] < record->values[1];
  }
  double smallest = INFINITY, largest = 0;
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    for (guint j = 0; j < record->count; j++) {
      smallest = MIN(smallest, record->values[j]);
      largest = MAX(largest, record->values[j]);
    }
  }
  if (largest < 1) /* no DSA or ECDSA operation takes a second */
    return false;
  if (smallest > 1)
    return true;
  *decided = false;
  return false;
}

static void mr_to_records(Run *run, bool rates)
{
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    if (record->family == SM_PK_ECDH || record->family == SM_PK_FFDH) {
      /* +F5:k:bits:a:b and +F8: the ops/s figure is the first from 1.1.1 on, else the second. */
      double ops = rates || record->family == SM_PK_FFDH ? record->values[0] : record->values[1];
      add_pkey(run, record->line, record->family, record->bits, record->curve, false, SM_OP_DERIVE,
               ops, false);
      continue;
    }
    static const SmOp ops[] = {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_ENCRYPT, SM_OP_DECRYPT};
    bool rate_figures = rates || record->family == SM_PK_EDDSA || record->family == SM_PK_SM2;
    for (guint j = 0; j < record->count; j++)
      add_pkey(run, record->line, record->family, record->bits, record->curve, false, ops[j],
               rate_figures ? record->values[j] : 1.0 / record->values[j], false);
  }
}

static SmApi bulk_api(const Run *run, Gen gen, const char *printed, const char *canonical)
{
  if (gen == GEN_3)
    return SM_API_EVP;
  const SmOsslClassicName *classic = sm_ossl_classic_name(printed);
  if (classic == NULL)
    return SM_API_EVP; /* the -evp row, under the EVP object's name */
  if (run->cmd_evp && run->cmd_evp_name != NULL && strcmp(run->cmd_evp_name, canonical) == 0)
    return SM_API_EVP; /* `-evp sha256` prints "sha256", like the fixed-list row */
  return gen == GEN_0_9 ? classic->api_0_9 : classic->api_1;
}

/* 0.9.x-1.1.x sign with RSA_sign, DSA_do_sign/DSA_sign and ECDSA_sign and derive with
 * ECDH_compute_key up to 1.1.0; 1.1.1 derives with EVP_PKEY_derive and signs EdDSA with
 * EVP_DigestSign; 3.x does everything through EVP_PKEY. */
static SmApi pkey_api(Gen gen, SmPkFamily family)
{
  if (gen == GEN_3)
    return SM_API_EVP;
  switch (family) {
  case SM_PK_RSA:
  case SM_PK_DSA:
  case SM_PK_ECDSA:
    return SM_API_LOW;
  case SM_PK_ECDH:
    return gen == GEN_1_1_1 ? SM_API_EVP : SM_API_LOW;
  default:
    return SM_API_EVP;
  }
}

static SmRow *row_new(const Run *run, const char *source)
{
  SmRow *row = g_new0(SmRow, 1);
  /* openssl speed prints no time of measurement (its dates are build dates): no timestamp. */
  row->timestamp = g_strdup("");
  row->host = g_strdup("");
  row->cpu_model = g_strdup(run->cpu_model ? run->cpu_model : "");
  row->engine = g_strdup("openssl");
  row->engine_version = g_strdup(run->version ? run->version : "");
  row->status = SM_STATUS_OK;
  row->accel = SM_ACCEL_ON;
  row->parallel = run->parallel > 1 ? run->parallel : MAX(run->forked, 1u);
  row->source = g_strdup_printf("%s#run %u", source, run->number);
  return row;
}

static void set_figure(SmRow *row, double ops_per_sec)
{
  row->ops_per_sec = ops_per_sec;
  /* One figure per cell: openssl speed reports a single measurement. */
  row->stats = (SmStats){.count = 1,
                         .median = ops_per_sec,
                         .mean = ops_per_sec,
                         .min = ops_per_sec,
                         .max = ops_per_sec};
}

/* "a" + "b" -> "a; b"; takes `detail`. */
static char *append_detail(char *detail, const char *more)
{
  if (detail == NULL)
    return g_strdup(more);
  char *joined = g_strdup_printf("%s; %s", detail, more);
  g_free(detail);
  return joined;
}

/* How the generation of a run without a version line was told, for the rows' detail; NULL when a
 * version line said it (or nothing did: then finish_run decides). */
static const char *gen_inferred_note(const Run *run, Gen gen)
{
  if (run->major != -1 || gen == GEN_UNKNOWN)
    return NULL;
  if (run->three_marker)
    return "no version line: OpenSSL 3.x inferred from what it printed (3.x names, records or "
           "CPUINFO line)";
  if (gen == GEN_1_1_1)
    return "no version line: OpenSSL 1.1.1 inferred from what it printed ('bits' wording, EdDSA)";
  return "no version line: OpenSSL 1.0.x-1.1.0 inferred from what it printed (five block sizes, "
         "'bit' wording)";
}

static SmRow *bulk_row(const Run *run, Gen gen, const Record *record, const char *source)
{
  SmRow *row = row_new(run, source);
  g_autofree char *canonical = sm_ossl_bulk_name(record->name);
  const SmAlgInfo *info = sm_catalog_find(canonical);
  const SmOsslClassicName *classic = sm_ossl_classic_name(record->name);
  const char *detail = NULL;
  if (info != NULL)
    row->kind = info->kind;
  else if (classic != NULL)
    row->kind = classic->kind;
  else
    row->kind = sm_ossl_guess_kind(canonical);
  if (info == NULL)
    detail = classic != NULL && !classic->kind_guessed
                 ? "not in speedmatrix's catalogue: openssl speed's name kept"
                 : "not in speedmatrix's catalogue: openssl speed's name kept, kind guessed";
  row->algorithm = g_steal_pointer(&canonical);
  row->api = bulk_api(run, gen, record->name, row->algorithm);
  switch (row->kind) {
  case SM_KIND_CIPHER:
  case SM_KIND_AEAD:
    row->operation = run->cmd_decrypt && row->api == SM_API_EVP ? SM_OP_DECRYPT : SM_OP_ENCRYPT;
    break;
  case SM_KIND_MAC:
    row->operation = SM_OP_MAC;
    break;
  default:
    row->operation = SM_OP_HASH;
    break;
  }
  row->block_size = record->block_size;
  set_figure(row, record->bytes_per_sec / record->block_size);
  row->bytes_per_sec = record->bytes_per_sec;
  row->detail = detail ? g_strdup(detail) : NULL;
  if (record->progress)
    row->detail = append_detail(row->detail, "from progress lines");
  if (run->gen_note != NULL)
    row->detail = append_detail(row->detail, run->gen_note);
  /* openssl prints 0.00 for what it did not manage to measure: not a figure of zero. */
  if (record->bytes_per_sec <= 0) {
    row->status = SM_STATUS_ERROR;
    row->detail = append_detail(row->detail, "openssl speed printed 0.00 (nothing measured)");
  }
  return row;
}

static SmRow *pkey_row(const Run *run, Gen gen, const Record *record, const char *source)
{
  SmRow *row = row_new(run, source);
  row->algorithm = record->family == SM_PK_SIG
                       ? g_strdup(record->name)
                       : sm_ossl_pkey_name(record->family, record->bits, record->curve);
  row->kind = record->family == SM_PK_ECDH || record->family == SM_PK_FFDH ? SM_KIND_KEX
                                                                           : SM_KIND_SIGNATURE;
  row->operation = record->op;
  row->api = pkey_api(gen, record->family);
  set_figure(row, record->ops_per_sec);
  char *detail = NULL;
  if (sm_catalog_find(row->algorithm) == NULL)
    detail = append_detail(detail, "not in speedmatrix's catalogue: openssl speed's name kept");
  if (record->op == SM_OP_ENCRYPT || record->op == SM_OP_DECRYPT)
    detail = append_detail(detail, "openssl speed's RSA encrypt/decrypt column");
  if (record->curve_inferred)
    detail = append_detail(detail, "curve inferred from key size and order");
  if (record->progress)
    detail = append_detail(detail, "from progress lines");
  if (run->gen_note != NULL)
    detail = append_detail(detail, run->gen_note);
  row->detail = detail;
  return row;
}

/* The generation that printed a run (it decides the api of rows and what -mr figures mean),
 * with the -mr public-key records turned into records; run->gen_note says how it was told. */
static Gen decide_gen(Run *run)
{
  Gen gen = run_gen(run);
  const char *gen_note = gen_inferred_note(run, gen);
  if (run->error == NULL && run->mr_pkey->len > 0) {
    bool decided = false;
    bool rates = mr_rates(run, gen, &decided);
    if (!decided) {
      const MrPkey *first = run->mr_pkey->pdata[0];
      run_fail(run, first->line,
               "cannot tell whether the -mr figures are seconds or ops/s; add the version line");
    } else {
      mr_to_records(run, rates);
      if (gen == GEN_UNKNOWN) {
        gen = rates ? GEN_1_1_1 : GEN_1_0;
        gen_note = rates ? "no version line: OpenSSL 1.1.1 inferred from the -mr public-key "
                           "figures (operations per second)"
                         : "no version line: OpenSSL 1.0.x-1.1.0 inferred from the -mr "
                           "public-key figures (seconds per operation)";
      }
    }
  }
  if (gen == GEN_UNKNOWN) {
    /* Nothing in the output tells 1.1.1 from 3.x (a -mr run of digests prints the same records
     * in both): the current line it is, as its plain output would have said, and the rows say
     * so. */
    gen = GEN_3;
    gen_note = "no version line: taken as OpenSSL 3.x (nothing in this output tells it from "
               "1.1.1; add the version line if it is older)";
  }
  run->gen_note = gen_note;
  return gen;
}

static void finish_run(Parser *p, Run *run)
{
  SmImportRun *out = g_new0(SmImportRun, 1);
  out->number = ++p->runs_seen;
  run->number = out->number;
  out->first_line = run->first_line;
  out->last_line = run->last_line;
  out->rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  out->notes = g_steal_pointer(&run->notes);
  run->notes = g_ptr_array_new_with_free_func(note_free);
  g_ptr_array_add(p->import->runs, out);

  if (run->have_numbers_line && !run->have_header)
    run_fail(run, run->numbers_line, "the 'type ... bytes' header of the table is missing");
  if (run->have_header && run->bulk_rows == 0 && run->error == NULL)
    run_fail(run, run->header_line, "a table header without rows (truncated table?)");
  if (run->pkey_header_pending)
    run_fail(run, run->pkey_header_line, "a sign/verify table header without rows (truncated?)");

  Gen gen = decide_gen(run);

  /* The summary is what openssl printed as its result; progress lines stand in only where a run
   * has no summary at all. */
  bool summary = false;
  for (guint i = 0; i < run->records->len; i++)
    summary |= !((Record *)run->records->pdata[i])->progress;
  if (!summary && run->progress_interleaved && run->error == NULL)
    run_fail(run, run->first_line,
             "the -multi children's progress lines interleave (each child's figure, not the sum) "
             "and the summary is missing");
  /* A cell once per run (3.5 prints rsa2048 in two tables; compare needs one row per cell). */
  g_autoptr(GHashTable) cells = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  if (run->error == NULL)
    for (guint i = 0; i < run->records->len; i++) {
      const Record *record = run->records->pdata[i];
      if (record->progress == summary)
        continue;
      SmRow *row = record->bulk ? bulk_row(run, gen, record, p->source)
                                : pkey_row(run, gen, record, p->source);
      char *cell = g_strdup_printf("%s/%s/%s/%u", row->algorithm, sm_op_name(row->operation),
                                   sm_api_name(row->api), row->block_size);
      guint first = GPOINTER_TO_UINT(g_hash_table_lookup(cells, cell));
      if (first != 0) {
        SmImportNote *note = g_new0(SmImportNote, 1);
        note->line = record->line;
        note->message = g_strdup_printf("%s %s again (first on line %u); the first is kept",
                                        row->algorithm, sm_op_name(row->operation), first);
        g_ptr_array_add(out->notes, note);
        sm_row_free(row);
        g_free(cell);
        continue;
      }
      g_hash_table_insert(cells, cell, GUINT_TO_POINTER(record->line));
      g_ptr_array_add(out->rows, row);
    }
  if (run->error == NULL && out->rows->len == 0)
    run_fail(run, run->first_line, "no figures speedmatrix can import in this run");
  if (run->error != NULL) {
    g_ptr_array_set_size(out->rows, 0);
    out->error = g_steal_pointer(&run->error);
    out->error_line = run->error_line;
  }
}

/* ---- the text ---- */

/* Lines without the mail quoting ("> ", "> > ") and surrounding blanks. */
static Line *split_lines(const char *text, gsize length, guint *count)
{
  g_autofree char *copy = g_malloc(length + 1);
  for (gsize i = 0; i < length; i++)
    copy[i] = text[i] == '\0' ? ' ' : text[i];
  copy[length] = '\0';
  g_autofree char *valid = g_utf8_make_valid(copy, (gssize)length);
  g_auto(GStrv) parts = g_strsplit(valid, "\n", -1);
  guint n = g_strv_length(parts);
  Line *lines = g_new0(Line, n + 1);
  for (guint i = 0; i < n; i++) {
    char *line = parts[i];
    char *start = line;
    while (*start == ' ' || *start == '\t' || *start == '>')
      start++;
    lines[i].text = g_strstrip(g_strdup(start));
    for (char *c = lines[i].text; *c; c++)
      if (*c == '\r' || *c == '\t' || *c == '\f' || *c == '\v')
        *c = ' ';
    g_strstrip(lines[i].text);
    lines[i].number = i + 1;
  }
  *count = n;
  return lines;
}

/* The patterns of openssl speed's own lines, compiled once per process. */
static void patterns_init(Patterns *re)
{
  static gsize slots[9];
  static const char *const sources[] = {
      "^OpenSSL\\s+(\\d+\\.\\d+\\.\\d+[a-z]{0,2}(?:-[A-Za-z0-9._+~]+)?)"
      "\\s+\\d{1,2}\\s+[A-Z][a-z]{2}\\s+\\d{4}",
      "^version:\\s+(\\d+\\.\\d+\\.\\d+\\S*)$",
      "^(?:.*[$#%]\\s+)?(?:\\S*/)?openssl\\s+speed(?:\\s+(.*))?$",
      "^Doing .+? (?:ops for \\d+s|for \\d+s|\\d+ times) on (\\d+) size blocks: "
      "(\\d+) (.+?)(?:'s| ops) in (\\d+(?:\\.\\d+)?)s$",
      "^Doing .*?: (\\d+) (\\d+)(\\s*-?bits?) (.+?) in (\\d+(?:\\.\\d+)?)s$",
      "^(rsa|dsa)\\s+(\\d+)\\s+bits\\s+(.*)$",
      "^(\\d+)\\s+(bits?)\\s+(ecdsa|ecdh|EdDSA|SM2)\\s+\\(([^)\\s]+)\\)\\s+(.*)$",
      "^(\\d+)\\s+bits\\s+ffdh\\s+(.*)$",
      "^model name\\s*:\\s*(\\S.*)$",
  };
  GRegex **all[] = {&re->version_old,   &re->version_3,     &re->command,
                    &re->bulk_progress, &re->pkey_progress, &re->rsa_dsa,
                    &re->ec_row,        &re->ffdh_row,      &re->cpu_model};
  G_STATIC_ASSERT(G_N_ELEMENTS(all) == G_N_ELEMENTS(sources));
  G_STATIC_ASSERT(G_N_ELEMENTS(slots) == G_N_ELEMENTS(sources));
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++)
    *all[i] = sm_import_regex(&slots[i], sources[i], 0);
}

typedef bool (*LineHandler)(Parser *p, const char *text);

/* In order: the specific forms first, bulk rows (which take almost any "word figures") last. */
static const LineHandler handlers[] = {
    handle_mr,
    handle_command,
    handle_version,
    handle_metadata,
    handle_numbers_line,
    handle_type_header,
    handle_pkey_header,
    handle_rsa_dsa_row,
    handle_ec_row,
    handle_kem_sig_row,
    handle_progress,
    handle_bulk_row,
    handle_stray_figures,
};

static SmImport *parse_output(const char *text, gsize length, const char *source)
{
  SmImport *import = g_new0(SmImport, 1);
  import->runs = g_ptr_array_new_with_free_func(import_run_free);
  Parser p = {.source = source, .import = import};
  patterns_init(&p.re);
  p.lines = split_lines(text, length, &p.count);
  for (p.at = 0; p.at < p.count; p.at++) {
    const char *line = p.lines[p.at].text;
    if (line[0] == '\0')
      continue;
    for (size_t h = 0; h < G_N_ELEMENTS(handlers); h++)
      if (handlers[h](&p, line))
        break;
  }
  close_run(&p);
  for (guint i = 0; i < p.count; i++)
    g_free(p.lines[i].text);
  g_free(p.lines);
  return import;
}

/* ---- hand-made tables (table.c, table_read.c) ---- */

/* The text's lines with mail quoting ("> ", "> > ") removed and indentation kept. */
static char **table_lines(const char *text, gsize length, guint *count)
{
  g_autofree char *copy = g_malloc(length + 1);
  for (gsize i = 0; i < length; i++)
    copy[i] = text[i] == '\0' || text[i] == '\r' ? ' ' : text[i];
  copy[length] = '\0';
  g_autofree char *valid = g_utf8_make_valid(copy, (gssize)length);
  char **lines = g_strsplit(valid, "\n", -1);
  *count = g_strv_length(lines);
  for (guint i = 0; i < *count; i++) {
    const char *p = lines[i], *after_quote = NULL;
    for (; *p == ' ' || *p == '>'; p++)
      if (*p == '>')
        after_quote = p + 1;
    if (after_quote == NULL)
      continue;
    if (*after_quote == ' ')
      after_quote++;
    memmove(lines[i], after_quote, strlen(after_quote) + 1);
  }
  return lines;
}

/* The lines of the runs that parsed: openssl speed's own output, never a table. */
static bool *taken_lines(const SmImport *import, guint count)
{
  bool *taken = g_new0(bool, count + 1);
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    if (run->error != NULL)
      continue;
    for (guint line = run->first_line; line <= run->last_line && line <= count; line++)
      taken[line - 1] = true;
  }
  return taken;
}

/* The text with the tables' lines emptied, for the openssl speed reader. */
static char *without_tables(const char *text, gsize length, GPtrArray *tables, gsize *out_length)
{
  g_autofree char *copy = g_strndup(text, length);
  for (gsize i = 0; i < length; i++)
    if (copy[i] == '\0')
      copy[i] = ' ';
  g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
  guint count = g_strv_length(lines);
  for (guint t = 0; t < tables->len; t++) {
    const SmTable *table = tables->pdata[t];
    for (guint line = table->first_line; line <= table->last_line && line <= count; line++)
      lines[line - 1][0] = '\0';
  }
  char *joined = g_strjoinv("\n", lines);
  *out_length = strlen(joined);
  return joined;
}

SmImport *sm_import_parse_with(const char *text, gsize length, const char *source,
                               const SmImportMap *map)
{
  SmImport *import = parse_output(text, length, source);
  guint count = 0;
  g_auto(GStrv) lines = table_lines(text, length, &count);
  g_autofree bool *taken = taken_lines(import, count);
  g_autoptr(GPtrArray) tables = sm_tables_find(lines, count, taken);
  if (tables->len == 0)
    return import;
  sm_import_free(import);
  gsize rest_length = 0;
  g_autofree char *rest = without_tables(text, length, tables, &rest_length);
  import = parse_output(rest, rest_length, source);
  for (guint t = 0; t < tables->len; t++)
    g_ptr_array_add(import->runs, sm_table_read(tables->pdata[t], t + 1, source, map));
  return import;
}

SmImport *sm_import_parse(const char *text, gsize length, const char *source)
{
  return sm_import_parse_with(text, length, source, NULL);
}
