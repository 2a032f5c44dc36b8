/* The plain-text form of openssl speed output: command and version lines, the build metadata,
 * the bulk table ('type 16 bytes ...') and the public-key tables, wrapped rows included. */
#include "import/speed.h"

#include "import/import_rows.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool sm_speed_handle_command(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(p->re.command, text, 0, &match))
    return false;
  Run *run = p->run;
  if (run == NULL || run->content)
    run = sm_speed_open_run(p);
  g_autofree char *arguments = g_match_info_fetch(match, 1);
  g_auto(GStrv) args = sm_speed_tokens_of(arguments ? arguments : "");
  for (guint i = 0; args[i] != NULL; i++) {
    const char *arg = args[i][0] == '-' && args[i][1] == '-' ? args[i] + 1 : args[i];
    if (strcmp(arg, "-evp") == 0 && args[i + 1] != NULL) {
      run->cmd_evp = true;
      g_free(run->cmd_evp_name);
      g_autofree char *lower = g_ascii_strdown(args[++i], -1);
      run->cmd_evp_name = sm_ossl_bulk_name(lower);
    } else if (strcmp(arg, "-decrypt") == 0) {
      run->cmd_decrypt = true;
    } else if (strcmp(arg, "-multi") == 0 && args[i + 1] != NULL && sm_speed_is_uint(args[i + 1])) {
      guint64 workers = g_ascii_strtoull(args[++i], NULL, 10);
      if (workers >= 1)
        run->parallel = (unsigned)workers;
    }
  }
  run->last_line = sm_speed_current_line(p)->number;
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

bool sm_speed_handle_version(Parser *p, const char *text)
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
    run = sm_speed_open_run(p);
  if (run->phase < PHASE_VERSION)
    run->phase = PHASE_VERSION;
  g_autofree char *version = g_match_info_fetch(match, 1);
  set_version(run, version);
  run->last_line = sm_speed_current_line(p)->number;
  return true;
}

/* -multi: "Got: +H:16:64:...:16384 from 0", a child's block sizes. The parent then prints the
 * summed table row without its 'type' header: these sizes stand in for it. */
static void note_got_sizes(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "Got: +H:"))
    return;
  Run *run = p->run != NULL ? p->run : sm_speed_run_at(p, PHASE_PROGRESS, false);
  g_auto(GStrv) words = g_strsplit(text + strlen("Got: +H:"), " ", 2);
  if (words[0] == NULL)
    return; /* "Got: +H:" and nothing after it: no sizes (found by fuzz-import) */
  g_auto(GStrv) fields = g_strsplit(words[0], ":", -1);
  g_array_set_size(run->got_sizes, 0);
  for (guint i = 0; fields[i] != NULL; i++) {
    guint size = 0;
    if (!sm_speed_parse_field_uint(fields[i], &size) || size == 0) {
      g_array_set_size(run->got_sizes, 0);
      return;
    }
    g_array_append_val(run->got_sizes, size);
  }
  run->got_line = sm_speed_current_line(p)->number;
}

/* Lines of the version block and of -multi that carry nothing to import. */
bool sm_speed_handle_metadata(Parser *p, const char *text)
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
    Run *run = sm_speed_run_at(p, PHASE_PROGRESS, false);
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
      run = sm_speed_open_run(p);
    /* A paste naming two models (a big.LITTLE board, two machines' cpuinfo) lends none. */
    g_autofree char *model = g_match_info_fetch(match, 1);
    if (run->cpu_model_ambiguous ||
        (run->cpu_model != NULL && strcmp(run->cpu_model, model) != 0)) {
      g_clear_pointer(&run->cpu_model, g_free);
      run->cpu_model_ambiguous = true;
    } else if (run->cpu_model == NULL) {
      run->cpu_model = g_steal_pointer(&model);
    }
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
    g_auto(GStrv) next = sm_speed_tokens_of(p->lines[p->at + 1].text);
    if (!sm_speed_all_tokens(next, accept))
      break;
    for (guint i = 0; next[i] != NULL; i++)
      g_ptr_array_add(into, g_strdup(next[i]));
    p->at++;
    joined++;
    if (p->run != NULL)
      p->run->last_line = sm_speed_current_line(p)->number;
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

bool sm_speed_handle_numbers_line(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "The 'numbers' are in 1000s of bytes per second"))
    return false;
  Run *run = sm_speed_run_at(p, PHASE_BULK,
                             p->run != NULL && (p->run->have_numbers_line || p->run->have_header));
  run->have_numbers_line = true;
  run->numbers_line = sm_speed_current_line(p)->number;
  return true;
}

static bool text_ends_here(const Parser *p);

/* "b" to "byte": the start of "bytes", where a text was cut inside a header. */
static bool partial_bytes(const char *token)
{
  size_t len = strlen(token);
  return len > 0 && len < strlen("bytes") && strncmp(token, "bytes", len) == 0;
}

/* "type  16 bytes  64 bytes ... 16384 bytes", perhaps wrapped after "8192" or after any pair. */
bool sm_speed_handle_type_header(Parser *p, const char *text)
{
  g_auto(GStrv) tokens = sm_speed_tokens_of(text);
  if (tokens[0] == NULL || strcmp(tokens[0], "type") != 0 || tokens[1] == NULL ||
      !sm_speed_is_uint(tokens[1]))
    return false;
  /* The text ends inside a unit ("... 64 bytes  256 by"): cut after that size's number. */
  guint count = g_strv_length(tokens);
  if (count > 3 && partial_bytes(tokens[count - 1]) && text_ends_here(p)) {
    g_free(tokens[count - 1]);
    tokens[count - 1] = NULL;
  }
  for (guint i = 1; tokens[i] != NULL; i++)
    if (!sm_speed_is_size_token(tokens[i]))
      return false;
  guint line = sm_speed_current_line(p)->number;
  Run *run = sm_speed_run_at(p, PHASE_BULK, p->run != NULL && p->run->have_header);
  g_autoptr(GPtrArray) all = token_array(tokens, 1);
  join_continuations(p, all, sm_speed_is_size_token, 0);
  g_array_set_size(run->sizes, 0);
  /* A header cut after its last size's number ("... 8192 bytes  16"): the sizes before it. */
  bool header_cut = all->len % 2 == 1 && all->len > 2 && sm_speed_is_uint(all->pdata[all->len - 1]);
  if (header_cut)
    g_ptr_array_set_size(all, all->len - 1);
  bool well_formed = all->len % 2 == 0;
  for (guint i = 0; well_formed && i < all->len; i += 2) {
    const char *size = all->pdata[i], *unit = all->pdata[i + 1];
    guint64 value = sm_speed_is_uint(size) ? g_ascii_strtoull(size, NULL, 10) : 0;
    if (value == 0 || strcmp(unit, "bytes") != 0)
      well_formed = false;
    guint block = (guint)value;
    g_array_append_val(run->sizes, block);
  }
  if (!well_formed)
    sm_speed_run_fail(run, line, "the 'type' header is not a list of \"N bytes\"");
  else if (header_cut)
    sm_speed_run_note(run, line, "the 'type' header is cut short after %u block sizes",
                      run->sizes->len);
  run->have_header = true;
  run->mr_header = false;
  run->header_line = line;
  run->pkey_header = PK_HEADER_NONE;
  if (run->sizes->len == 5)
    run->five_sizes = true;
  return true;
}

/* A normalised bulk name: lower case, single spaces. */
char *sm_speed_normalise_name(GStrv tokens, guint count)
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
    if (!plausible_name_token(tokens[i]) || sm_speed_is_bulk_figure(tokens[i]))
      return false;
  if (count == 2) {
    g_autofree char *second = g_ascii_strdown(tokens[1], -1);
    if (strcmp(second, "cbc") != 0 && strcmp(second, "ige") != 0 && strcmp(second, "ede3") != 0 &&
        strcmp(second, "gcm") != 0) /* LibreSSL: "aes-128 gcm" */
      return false;
  }
  return true;
}

/* Whether nothing but blank lines and code fences follows the current line. */
static bool text_ends_here(const Parser *p)
{
  for (guint i = p->at + 1; i < p->count; i++)
    if (p->lines[i].text[0] != '\0' && strcmp(p->lines[i].text, "```") != 0)
      return false;
  return true;
}

/* The start of a figure the text was cut in ("768" of "76800.00k"): digits, perhaps a point. */
static bool partial_figure(const char *token)
{
  double ignored = 0;
  size_t len = strlen(token);
  if (len > 0 && token[len - 1] == '.')
    len--;
  return len > 0 && sm_speed_parse_decimal(token, len, &ignored);
}

/* A bulk table row: "aes-128-cbc  105045.97k ... 117654.32k", possibly wrapped. */
bool sm_speed_handle_bulk_row(Parser *p, const char *text)
{
  Run *run = p->run;
  bool got_header = run != NULL && !run->have_header && run->got_sizes->len > 0;
  if (run == NULL || (!run->have_header && !got_header) || run->mr_header ||
      run->phase > PHASE_BULK)
    return false;
  g_auto(GStrv) tokens = sm_speed_tokens_of(text);
  guint count = g_strv_length(tokens);
  /* The text ends inside a figure (an excerpt, a post cut short): the figures before it. */
  if (count >= 3 && !sm_speed_is_bulk_figure(tokens[count - 1]) &&
      sm_speed_is_bulk_figure(tokens[count - 2]) && partial_figure(tokens[count - 1]) &&
      text_ends_here(p)) {
    g_free(tokens[count - 1]);
    tokens[--count] = NULL;
  }
  guint figures = 0;
  while (figures < count && sm_speed_is_bulk_figure(tokens[count - 1 - figures]))
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
  guint line = sm_speed_current_line(p)->number;
  g_autoptr(GPtrArray) all = token_array(tokens, name_tokens);
  /* A mail client may have broken the row after the name or after some figures. */
  if (all->len < wanted)
    join_continuations(p, all, sm_speed_is_bulk_figure, wanted);
  if (all->len == 0)
    return false; /* a word on its own, not a row */
  sm_speed_run_at(p, PHASE_BULK, false);
  g_autofree char *name = sm_speed_normalise_name(tokens, name_tokens);
  run->bulk_rows++;
  if (all->len > wanted) {
    sm_speed_run_fail(run, line, "%s: %u figures for the %u block sizes of the header", name,
                      all->len, wanted);
    return true;
  }
  if (all->len < wanted && run->cut_line == 0) {
    /* Cut short: what the row has is kept; the run's progress lines may give the rest (see
     * sm_speed_finish_run), else the run fails there. */
    run->cut_line = line;
    run->cut_have = all->len;
    run->cut_wanted = wanted;
    run->cut_name = g_strdup(name);
  } else if (all->len < wanted) {
    sm_speed_run_fail(run, line,
                      "%s: %u figures for the %u block sizes of the header (truncated table?)",
                      name, all->len, wanted);
    return true;
  }
  for (guint i = 0; i < all->len; i++) {
    const char *figure = all->pdata[i];
    guint size = g_array_index(run->sizes, guint, i);
    double bytes = 0;
    sm_speed_parse_bulk_figure(figure, &bytes);
    /* openssl prints a figure above 10000 bytes/s in 1000s with a "k": a bare one lost it in a
     * copy, and whether it is bytes/s or 1000s is a guess. */
    if (bytes > 10000.0 && figure[strlen(figure) - 1] != 'k') {
      sm_import_note(run->notes, line, 1,
                     "%s, %u bytes: '%s' has no 'k' although openssl prints every figure "
                     "above 10000 bytes/s with one (lost in a copy?): not imported",
                     name, size, figure);
      continue;
    }
    sm_speed_add_bulk(run, line, name, size, bytes, false);
  }
  return true;
}

/* "sign verify sign/s verify/s", "op op/s", the 3.4 rsa and KEM/signature headers. */
bool sm_speed_handle_pkey_header(Parser *p, const char *text)
{
  g_auto(GStrv) tokens = sm_speed_tokens_of(text);
  if (!sm_speed_all_tokens(tokens, sm_speed_is_pkey_header_word) || strstr(text, "/s") == NULL)
    return false;
  g_autoptr(GPtrArray) all = token_array(tokens, 0);
  join_continuations(p, all, sm_speed_is_pkey_header_word, 0);
  g_ptr_array_add(all, NULL);
  GStrv words = (GStrv)all->pdata;
  int header = PK_HEADER_SIGN;
  if (sm_speed_contains_token(words, "encaps"))
    header = PK_HEADER_KEM;
  else if (sm_speed_contains_token(words, "keygen"))
    header = PK_HEADER_SIG;
  else if (sm_speed_contains_token(words, "encrypt"))
    header = PK_HEADER_RSA4;
  else if (sm_speed_contains_token(words, "op"))
    header = PK_HEADER_OP;
  Run *run = p->run;
  if (run == NULL)
    run = sm_speed_open_run(p);
  if (run->pkey_header_pending)
    sm_speed_run_fail(run, run->pkey_header_line, "a sign/verify table header without rows");
  run->pkey_header = header;
  run->pkey_header_line = sm_speed_current_line(p)->number;
  run->pkey_header_pending = true;
  run->content = true;
  if (header == PK_HEADER_RSA4 || header == PK_HEADER_KEM || header == PK_HEADER_SIG)
    run->three_marker = true;
  return true;
}

/* The ops/s columns of a public-key row: the figures after the seconds-per-op ones. */
/* "inf" (or "nan"): what openssl's printf makes of a rate whose time it measured as zero. */
static bool unmeasured_rate(const char *token)
{
  return g_ascii_strcasecmp(token, "inf") == 0 || g_ascii_strcasecmp(token, "nan") == 0;
}

static bool pkey_rates(Run *run, guint line, const char *what, GPtrArray *figures, guint ops,
                       double *rates)
{
  if (figures->len != 2 * ops) {
    sm_speed_run_fail(run, line,
                      "%s: %u figures where the table has %u (seconds per op, then ops/s)", what,
                      figures->len, 2 * ops);
    return false;
  }
  for (guint i = 0; i < 2 * ops; i++) {
    const char *token = figures->pdata[i];
    bool seconds = g_str_has_suffix(token, "s");
    if (seconds != (i < ops)) {
      sm_speed_run_fail(run, line, "%s: figure \"%s\" is not where a %s figure belongs", what,
                        token, i < ops ? "seconds-per-op" : "per-second");
      return false;
    }
    if (i >= ops && unmeasured_rate(token))
      rates[i - ops] = NAN; /* an error row: nothing measured */
    else if (i >= ops)
      sm_speed_parse_decimal(token, strlen(token), &rates[i - ops]);
  }
  return true;
}

static GPtrArray *row_figures(Parser *p, const char *rest, guint wanted)
{
  g_auto(GStrv) tokens = sm_speed_tokens_of(rest);
  GPtrArray *figures = token_array(tokens, 0);
  if (figures->len < wanted)
    join_continuations(p, figures, sm_speed_is_pkey_figure, wanted);
  return figures;
}

static bool figures_are_numbers(GPtrArray *figures)
{
  for (guint i = 0; i < figures->len; i++)
    if (!sm_speed_is_pkey_figure(figures->pdata[i]) && !unmeasured_rate(figures->pdata[i]))
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
  Run *run = sm_speed_run_at(p, phase, again);
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

/* A summary row's figures (`count` of them, in `rest`) and the run it belongs to, the row marked
 * seen; NULL when the figures are not numbers (not such a row). */
static Run *pkey_row_start(Parser *p, const char *rest, guint count, SmPkFamily family, guint bits,
                           const char *curve, bool plural, GPtrArray **figures)
{
  *figures = row_figures(p, rest, count);
  if (!figures_are_numbers(*figures))
    return NULL;
  Run *run =
      pkey_run_at(p, PHASE_PKEY + family, sm_speed_pkey_seen(p->run, family, bits, curve, -1));
  pkey_row_seen(run, plural);
  return run;
}

/* "rsa 2048 bits 0.000264s 0.000016s 3784.0 62399.0" (3.4: four ops), "dsa 1024 bits ...". */
bool sm_speed_handle_rsa_dsa_row(Parser *p, const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  if (!g_regex_match(p->re.rsa_dsa, text, 0, &match))
    return false;
  g_autofree char *kind = g_match_info_fetch(match, 1);
  g_autofree char *bits_text = g_match_info_fetch(match, 2);
  g_autofree char *rest = g_match_info_fetch(match, 3);
  SmPkFamily family = strcmp(kind, "rsa") == 0 ? SM_PK_RSA : SM_PK_DSA;
  guint line = sm_speed_current_line(p)->number;
  bool four = family == SM_PK_RSA && p->run != NULL && p->run->pkey_header == PK_HEADER_RSA4;
  guint bits = (guint)g_ascii_strtoull(bits_text, NULL, 10);
  g_autoptr(GPtrArray) figures = NULL;
  Run *run = pkey_row_start(p, rest, four ? 8 : 4, family, bits, NULL, true, &figures);
  if (run == NULL)
    return false;
  if (family == SM_PK_RSA && figures->len == 8)
    four = true;
  g_autofree char *what = g_strdup_printf("%s %u bits", kind, bits);
  double rates[4] = {0};
  if (four)
    run->three_marker = true;
  if (!pkey_rates(run, line, what, figures, four ? 4 : 2, rates))
    return true;
  static const SmOp ops[] = {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_ENCRYPT, SM_OP_DECRYPT};
  for (guint i = 0; i < (four ? 4u : 2u); i++)
    sm_speed_add_pkey(run, line, family, bits, NULL, false, ops[i], rates[i], false);
  return true;
}

/* " 256 bits ecdsa (nistp256) ...", " 253 bits ecdh (X25519) ...", EdDSA, SM2 rows. */
bool sm_speed_handle_ec_row(Parser *p, const char *text)
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
  guint line = sm_speed_current_line(p)->number;
  guint bits = (guint)g_ascii_strtoull(bits_text, NULL, 10);
  g_autoptr(GPtrArray) figures = NULL;
  Run *run = pkey_row_start(p, rest, derive ? 2 : 4, family, bits, curve, strcmp(unit, "bits") == 0,
                            &figures);
  if (run == NULL)
    return false;
  if (family == SM_PK_SM2 || family == SM_PK_FFDH)
    run->three_marker = true;
  g_autofree char *what = curve ? g_strdup_printf("%u %s %s (%s)", bits, unit, kind, curve)
                                : g_strdup_printf("%u %s %s", bits, unit, kind);
  double rates[2] = {0};
  if (!pkey_rates(run, line, what, figures, derive ? 1 : 2, rates))
    return true;
  if (derive) {
    sm_speed_add_pkey(run, line, family, bits, curve, false, SM_OP_DERIVE, rates[0], false);
  } else {
    sm_speed_add_pkey(run, line, family, bits, curve, false, SM_OP_SIGN, rates[0], false);
    sm_speed_add_pkey(run, line, family, bits, curve, false, SM_OP_VERIFY, rates[1], false);
  }
  return true;
}

/* 3.5's KEM and signature-algorithm tables: speedmatrix has no keygen/encaps/decaps operation,
 * so the rows are named in a note rather than imported; the signature table's sign/verify are. */
bool sm_speed_handle_kem_sig_row(Parser *p, const char *text)
{
  Run *run = p->run;
  if (run == NULL || (run->pkey_header != PK_HEADER_KEM && run->pkey_header != PK_HEADER_SIG))
    return false;
  g_auto(GStrv) tokens = sm_speed_tokens_of(text);
  guint count = g_strv_length(tokens);
  if (count < 2 || count > 7 || !plausible_name_token(tokens[0]))
    return false;
  g_autoptr(GPtrArray) figures = token_array(tokens, 1);
  if (!figures_are_numbers(figures))
    return false;
  if (count < 7) {
    if (!text_ends_here(p))
      return false;
    /* The text ends inside the row (an excerpt): said, so that no figure goes unaccounted. */
    g_autofree char *cut = g_ascii_strdown(tokens[0], -1);
    sm_speed_run_note(run, sm_speed_current_line(p)->number,
                      "%s: the row is cut short after %u of 6 figures: not imported", cut,
                      count - 1);
    return true;
  }
  bool kem = run->pkey_header == PK_HEADER_KEM;
  guint line = sm_speed_current_line(p)->number;
  run = pkey_run_at(p, PHASE_PKEY + (kem ? SM_PK_KEM : SM_PK_SIG), false);
  run->pkey_header_pending = false;
  double rates[3] = {0};
  if (!pkey_rates(run, line, tokens[0], figures, 3, rates))
    return true;
  g_autofree char *name = g_ascii_strdown(tokens[0], -1);
  if (kem) {
    sm_speed_run_note(run, line,
                      "%s: KEM keygen/encaps/decaps not imported (speedmatrix has no such "
                      "operation)",
                      name);
    return true;
  }
  sm_speed_run_note(run, line, "%s: keygen not imported (speedmatrix has no such operation)", name);
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
bool sm_speed_handle_stray_figures(Parser *p, const char *text)
{
  Run *run = p->run;
  if (run == NULL || !run->have_header || run->mr_header || run->phase != PHASE_BULK ||
      run->bulk_rows == 0)
    return false;
  g_auto(GStrv) tokens = sm_speed_tokens_of(text);
  if (!sm_speed_all_tokens(tokens, sm_speed_is_bulk_figure))
    return false;
  sm_speed_run_fail(
      run, sm_speed_current_line(p)->number,
      "%u figures after the last row, more columns than the %u block sizes of the header",
      g_strv_length(tokens), run->sizes->len);
  return true;
}
