/* The progress lines openssl speed prints on stderr ("Doing aes-128-cbc for 3s on 16 size
 * blocks: ..."): figures of their own where a run has no summary table. */
#include "import/speed.h"

#include "import/import_rows.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
void sm_speed_add_inferred_curve(Run *run, guint line, SmPkFamily family, guint bits, SmOp op,
                                 double ops_per_sec)
{
  guint nth = next_occurrence(run, family, op, bits);
  const char *curve = sm_ossl_curve_by_bits(bits, nth);
  bool inferred = curve != NULL && sm_ossl_unique_curve(bits) == NULL;
  sm_speed_add_pkey(run, line, family, bits, curve, inferred, op, ops_per_sec, true);
}

/* The result words of a public-key progress line: "private RSA's", "RSA sign ops", "DSA signs",
 * "ECDSA verify", "ECDH ops", "Ed25519 signs", "FFDH ops". */
static bool classify_pkey_words(const char *words, SmPkFamily *family, SmOp *op, char **curve)
{
  g_auto(GStrv) tokens = sm_speed_tokens_of(words);
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

/* A progress line with the lines its result was wrapped onto: the result follows on the same
 * line, but a mail client may have moved its end to the next (at most two lines further).
 * *extra: the lines joined. NULL when no result is found. */
static char *join_wrapped_result(Parser *p, const char *text, guint *extra)
{
  g_autofree char *joined = g_strdup(text);
  for (*extra = 0;; (*extra)++) {
    if (g_regex_match(p->re.bulk_progress, joined, 0, NULL) ||
        g_regex_match(p->re.pkey_progress, joined, 0, NULL))
      return g_steal_pointer(&joined);
    if (*extra == 2 || p->at + 1 + *extra >= p->count)
      return NULL;
    const char *next = p->lines[p->at + 1 + *extra].text;
    if (next[0] == '\0' || next[0] == '+' || g_str_has_prefix(next, "Doing "))
      return NULL;
    char *longer = g_strdup_printf("%s %s", joined, next);
    g_free(joined);
    joined = longer;
  }
}

bool sm_speed_handle_progress(Parser *p, const char *text)
{
  if (!g_str_has_prefix(text, "Doing "))
    return false;
  guint line = sm_speed_current_line(p)->number;
  guint extra = 0;
  g_autofree char *joined = join_wrapped_result(p, text, &extra);
  if (joined == NULL)
    return true; /* openssl's words without a result (interrupted, or a KEM line): nothing */
  g_autoptr(GMatchInfo) bulk = NULL, pkey = NULL;
  if (!g_regex_match(p->re.bulk_progress, joined, 0, &bulk)) {
    g_clear_pointer(&bulk, g_match_info_free);
    g_regex_match(p->re.pkey_progress, joined, 0, &pkey);
  }
  Run *run = sm_speed_run_at(p, PHASE_PROGRESS, false);
  p->at += extra; /* the lines the result was wrapped onto */
  run->last_line = sm_speed_current_line(p)->number;
  if (bulk != NULL && g_match_info_matches(bulk)) {
    g_autofree char *size_text = g_match_info_fetch(bulk, 1);
    g_autofree char *count_text = g_match_info_fetch(bulk, 2);
    g_autofree char *name_text = g_match_info_fetch(bulk, 3);
    g_autofree char *seconds_text = g_match_info_fetch(bulk, 4);
    guint size = (guint)g_ascii_strtoull(size_text, NULL, 10);
    double count = g_ascii_strtod(count_text, NULL), seconds = g_ascii_strtod(seconds_text, NULL);
    if (size == 0) {
      sm_speed_run_fail(run, line, "a progress line with a zero block size");
      return true;
    }
    g_auto(GStrv) name_tokens = sm_speed_tokens_of(name_text);
    g_autofree char *name = sm_speed_normalise_name(name_tokens, g_strv_length(name_tokens));
    if (strstr(text, " ops for ") != NULL || strstr(joined, " ops in ") != NULL)
      run->three_marker = true;
    /* "in 0.00s": openssl's clock did not see the work (an engine doing it elsewhere); the cell
     * is an error row, as a 0.00 in the table is, and the run's other lines stand. */
    sm_speed_add_bulk(run, line, name, size, seconds > 0 ? count * size / seconds : 0, true);
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
    sm_speed_run_fail(run, line, "a progress line with a zero time");
    return true;
  }
  if (strstr(unit, "bits") != NULL)
    run->plural_bits = true;
  else
    run->singular_bit = true;
  if (strstr(words, " ops") != NULL && family != SM_PK_ECDH && family != SM_PK_FFDH)
    run->three_marker = true;
  if (family == SM_PK_ECDSA || family == SM_PK_ECDH)
    sm_speed_add_inferred_curve(run, line, family, bits, op, count / seconds);
  else
    sm_speed_add_pkey(run, line, family, bits, curve, false, op, count / seconds, true);
  return true;
}
