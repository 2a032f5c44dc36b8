/* Traceability of the known-answer vectors: every row of sm_kat_vectors names, in its
 * `source`, a file under tests/vectors/ (the directory comes from SM_VECTORS_DIR; a row may name
 * several), and every hex field of the row occurs in the files it names. The rows written by
 * runner/kat/pq_vectors.py are checked the same way: the generator reads the file, this test
 * checks its output back against it. Both sides are compared in lower case with
 * whitespace, commas and C "0x" prefixes removed, so that NIST "KEY = ..." lines, RFC text
 * with spaced bytes and C byte arrays all read as one run of hex digits.
 *
 * A field that the source does not hold verbatim is listed in derived_fields with the reason;
 * everything else must be found as it is. Integers (EC coordinates and scalars, DSA/ECDSA
 * r and s) are compared without leading zeros, because the sources do not pad them. */
#include "kat/kat.h"

#include <glib.h>
#include <stddef.h>
#include <string.h>

typedef enum {
  CHECK_SKIP,        /* not in the source at all */
  CHECK_SKIP_PREFIX, /* the first `bytes` bytes are not in the source; the rest is */
  CHECK_PARTS,       /* the source gives the value as consecutive parts of `bytes` bytes */
  CHECK_ASCII,       /* the source gives the bytes as ASCII text */
  CHECK_SPLIT_TAIL,  /* the last `bytes` bytes and the rest are two values of the source */
} CheckMode;

typedef struct {
  const char *algorithm; /* a GLib pattern: "rsa*" */
  const char *field;
  const char *file; /* under tests/vectors/; NULL: any file */
  CheckMode mode;
  size_t bytes;
  const char *reason;
} DerivedField;

static const DerivedField derived_fields[] = {
    {"rsa*", "rsa_p", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", CHECK_SKIP, 0,
     "SigGen15 gives n, e, d only: p and q were recovered from them"},
    {"rsa*", "rsa_q", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", CHECK_SKIP, 0,
     "SigGen15 gives n, e, d only: p and q were recovered from them"},
    {"rsa*", "rsa_dp", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", CHECK_SKIP, 0,
     "computed: d mod (p - 1)"},
    {"rsa*", "rsa_dq", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", CHECK_SKIP, 0,
     "computed: d mod (q - 1)"},
    {"rsa*", "rsa_qinv", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", CHECK_SKIP, 0,
     "computed: q^-1 mod p"},
    {"chacha20", "iv", "ciphers/ChaCha20/rfc7539.txt", CHECK_SKIP_PREFIX, 4,
     "iv = LE32(counter) || nonce; the file gives the counter in decimal"},
    {"des-ede3-cbc", "key", "ciphers/3DES/CBC/TCBCMMT3.rsp", CHECK_PARTS, 8,
     "the file gives KEY1, KEY2 and KEY3 on separate lines"},
    {"md4", "in", "rfc/rfc1320-A.5.txt", CHECK_ASCII, 0,
     "RFC 1320 quotes the messages as ASCII strings"},
    {"sm4-cbc", "iv", "ciphers/SM4/draft-ribose-cfrg-sm4-10-ecb.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"cast5-cbc", "iv", "ciphers/CAST5/cast5-ecb.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"bf-cbc", "iv", "ciphers/Blowfish/bf-ecb.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"rc2-cbc", "iv", "rfc/rfc2268-section5.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"twofish-cbc", "iv", "papers/twofish-ecb_tbl.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"serpent-cbc", "iv", "papers/serpent-nessie-set4.txt", CHECK_SKIP, 0,
     "single-block ECB vector used as CBC with an all-zero IV"},
    {"ml-kem-*", "key_seed", "pq/ML-KEM-keyGen-FIPS203/internalProjection.json", CHECK_PARTS, 32,
     "the keygen seed is d || z; the file gives d and z apart"},
    {"ml-kem-*", "out", "pq/ML-KEM-encapDecap-FIPS203/internalProjection.json", CHECK_SPLIT_TAIL,
     32, "encaps gives c || k; the file gives c and k apart"},
    {"slh-dsa-*", "key_seed", "pq/SLH-DSA-keyGen-FIPS205.txt", CHECK_PARTS, 16,
     "the keygen seed is SK.seed || SK.prf || PK.seed; the file gives them apart"},
    {"x25519-ml-kem-768", "key_seed", "pq/x25519-ml-kem-768.txt", CHECK_PARTS, 32,
     "the hybrid's seed is d || z || the X25519 scalar"},
    {"x25519-ml-kem-768", "out", "pq/x25519-ml-kem-768.txt", CHECK_SPLIT_TAIL, 32,
     "ML-KEM-768's part, then X25519's"},
    {"x25519-ml-kem-768", "priv", "pq/x25519-ml-kem-768.txt", CHECK_SPLIT_TAIL, 32,
     "ML-KEM-768's dk, then the X25519 scalar"},
    {"x25519-ml-kem-768", "in", "pq/x25519-ml-kem-768.txt", CHECK_SPLIT_TAIL, 32,
     "ML-KEM-768's ciphertext, then the X25519 public value"},
};

typedef struct {
  const char *name;
  size_t offset;
} HexField;

#define HEX_FIELD(f)                                                                               \
  {                                                                                                \
    .name = #f, .offset = offsetof(SmKatVector, f)                                                 \
  }
static const HexField hex_fields[] = {
    HEX_FIELD(key),      HEX_FIELD(iv),    HEX_FIELD(aad),    HEX_FIELD(in),
    HEX_FIELD(out),      HEX_FIELD(tag),   HEX_FIELD(priv),   HEX_FIELD(pub),
    HEX_FIELD(peer_pub), HEX_FIELD(rsa_n), HEX_FIELD(rsa_e),  HEX_FIELD(rsa_d),
    HEX_FIELD(rsa_p),    HEX_FIELD(rsa_q), HEX_FIELD(rsa_dp), HEX_FIELD(rsa_dq),
    HEX_FIELD(rsa_qinv), HEX_FIELD(dsa_p), HEX_FIELD(dsa_q),  HEX_FIELD(dsa_g),
    HEX_FIELD(dsa_y),    HEX_FIELD(dsa_x), HEX_FIELD(sig),    HEX_FIELD(key_seed),
};

#define VECTORS_PREFIX "tests/vectors/"

/* Normalised file contents by relative path, filled on first use. */
static GHashTable *file_cache;

static char *normalise(const char *text, gsize len)
{
  GString *out = g_string_sized_new(len);
  for (gsize i = 0; i < len; i++) {
    char c = text[i];
    if (g_ascii_isspace(c) || c == ',')
      continue;
    c = g_ascii_tolower(c);
    /* Drop a C "0x" prefix: the '0' is already in out when the 'x' arrives. */
    if (c == 'x' && out->len > 0 && out->str[out->len - 1] == '0' && i + 1 < len &&
        g_ascii_isxdigit(text[i + 1])) {
      g_string_truncate(out, out->len - 1);
      continue;
    }
    g_string_append_c(out, c);
  }
  return g_string_free(out, FALSE);
}

/* The paths under tests/vectors/ that `source` names, in order (empty: none). A row may name
 * more than one: an ACVP sigGen case takes its inputs from prompt.json and its signature from
 * expectedResults.json. */
static GPtrArray *source_files(const char *source)
{
  GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
  for (const char *start = strstr(source, VECTORS_PREFIX); start != NULL;
       start = strstr(start, VECTORS_PREFIX)) {
    start += strlen(VECTORS_PREFIX);
    gsize len = strcspn(start, " ;,)");
    if (len > 0)
      g_ptr_array_add(files, g_strndup(start, len));
    start += len;
  }
  return files;
}

/* The first path under tests/vectors/ that `source` names (derived_fields are keyed by it), or
 * NULL. */
static char *source_file(const char *source)
{
  g_autoptr(GPtrArray) files = source_files(source);
  return files->len > 0 ? g_strdup(g_ptr_array_index(files, 0)) : NULL;
}

static const char *load_file(const char *rel, GError **error)
{
  const char *cached = g_hash_table_lookup(file_cache, rel);
  if (cached != NULL)
    return cached;
  const char *dir = g_getenv("SM_VECTORS_DIR");
  if (dir == NULL) {
    g_set_error_literal(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "SM_VECTORS_DIR is not set");
    return NULL;
  }
  g_autofree char *path = g_build_filename(dir, rel, NULL);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents(path, &text, &len, error))
    return NULL;
  char *normalised = normalise(text, len);
  g_hash_table_insert(file_cache, g_strdup(rel), normalised);
  return normalised;
}

static const DerivedField *find_derived(const SmKatVector *row, const char *field, const char *rel)
{
  for (gsize i = 0; i < G_N_ELEMENTS(derived_fields); i++) {
    const DerivedField *d = &derived_fields[i];
    if (strcmp(d->field, field) == 0 && g_pattern_match_simple(d->algorithm, row->algorithm) &&
        (d->file == NULL || strcmp(d->file, rel) == 0))
      return d;
  }
  return NULL;
}

static const char *field_value(const SmKatVector *row, const HexField *field)
{
  return *(const char *const *)((const char *)row + field->offset);
}

static gboolean is_ec(const char *algorithm)
{
  return g_str_has_prefix(algorithm, "ecdsa-") || g_str_has_prefix(algorithm, "ecdh-");
}

/* Fields that hold an integer which a source may print without leading zeros. */
static gboolean is_integer(const char *algorithm, const char *field)
{
  if (is_ec(algorithm))
    return strcmp(field, "priv") == 0 || strcmp(field, "out") == 0 ||
           strcmp(field, "key_seed") == 0;
  return FALSE;
}

static const char *skip_zeros(const char *hex)
{
  while (hex[0] == '0' && hex[1] != '\0')
    hex++;
  return hex;
}

/* Looks for `len` hex digits of `hex` in `haystack`; on failure adds a line to `missing`. */
static void expect_hex(const char *haystack, const char *label, const char *hex, gsize len,
                       gboolean integer, GString *missing)
{
  g_autofree char *needle = normalise(hex, len);
  const char *wanted = integer ? skip_zeros(needle) : needle;
  if (wanted[0] == '\0' || strstr(haystack, wanted) == NULL)
    g_string_append_printf(missing, "\n  %s = %s", label, wanted);
}

static void expect_ascii(const char *haystack, const char *label, const char *hex, GString *missing)
{
  gsize len = strlen(hex) / 2;
  g_autofree char *text = g_malloc(len + 1);
  for (gsize i = 0; i < len; i++) {
    int byte = g_ascii_xdigit_value(hex[2 * i]) * 16 + g_ascii_xdigit_value(hex[2 * i + 1]);
    if (byte < 0x20 || byte > 0x7e) {
      g_string_append_printf(missing, "\n  %s is not printable ASCII", label);
      return;
    }
    text[i] = (char)byte;
  }
  text[len] = '\0';
  g_autofree char *needle = normalise(text, len);
  if (strstr(haystack, needle) == NULL)
    g_string_append_printf(missing, "\n  %s = \"%s\"", label, text);
}

/* EC points (04||x||y) and DSA/ECDSA signatures (r||s): each half is an integer. */
static gboolean check_halves(const SmKatVector *row, const char *field, const char *value,
                             const char *haystack, GString *missing)
{
  /* keygen's output is the public point */
  gboolean point =
      is_ec(row->algorithm) && (strcmp(field, "pub") == 0 || strcmp(field, "peer_pub") == 0 ||
                                (strcmp(field, "out") == 0 && row->op == SM_OP_KEYGEN));
  gboolean rs = strcmp(field, "sig") == 0 && (g_str_has_prefix(row->algorithm, "ecdsa-") ||
                                              g_str_has_prefix(row->algorithm, "dsa"));
  if (!point && !rs)
    return FALSE;
  if (point) {
    if (!g_str_has_prefix(value, "04")) {
      g_string_append_printf(missing, "\n  %s does not start with 04", field);
      return TRUE;
    }
    value += 2;
  }
  gsize half = strlen(value) / 2;
  g_autofree char *first = g_strdup_printf("%s (first half)", field);
  g_autofree char *second = g_strdup_printf("%s (second half)", field);
  expect_hex(haystack, first, value, half, TRUE, missing);
  expect_hex(haystack, second, value + half, half, TRUE, missing);
  return TRUE;
}

static void check_field(const SmKatVector *row, const char *field, const char *value,
                        const char *rel, const char *haystack, GString *missing)
{
  const DerivedField *derived = find_derived(row, field, rel);
  if (derived != NULL && derived->mode == CHECK_SKIP)
    return;
  if (derived != NULL && derived->mode == CHECK_SKIP_PREFIX) {
    g_assert_cmpuint(strlen(value), >, 2 * derived->bytes);
    expect_hex(haystack, field, value + 2 * derived->bytes, strlen(value) - 2 * derived->bytes,
               FALSE, missing);
    return;
  }
  if (derived != NULL && derived->mode == CHECK_PARTS) {
    gsize step = 2 * derived->bytes;
    g_assert_cmpuint(strlen(value) % step, ==, 0);
    for (gsize at = 0; at < strlen(value); at += step) {
      g_autofree char *label = g_strdup_printf("%s (bytes %zu..)", field, at / 2);
      expect_hex(haystack, label, value + at, step, FALSE, missing);
    }
    return;
  }
  if (derived != NULL && derived->mode == CHECK_SPLIT_TAIL && strlen(value) > 2 * derived->bytes) {
    gsize head = strlen(value) - 2 * derived->bytes;
    g_autofree char *first =
        g_strdup_printf("%s (all but the last %zu bytes)", field, derived->bytes);
    g_autofree char *last = g_strdup_printf("%s (last %zu bytes)", field, derived->bytes);
    expect_hex(haystack, first, value, head, FALSE, missing);
    expect_hex(haystack, last, value + head, 2 * derived->bytes, FALSE, missing);
    return;
  }
  if (derived != NULL && derived->mode == CHECK_ASCII) {
    expect_ascii(haystack, field, value, missing);
    return;
  }
  if (check_halves(row, field, value, haystack, missing))
    return;
  expect_hex(haystack, field, value, strlen(value), is_integer(row->algorithm, field), missing);
}

static void test_row(gconstpointer data)
{
  const SmKatVector *row = data;
  g_autofree char *rel = row->source != NULL ? source_file(row->source) : NULL;
  if (rel == NULL) {
    g_test_fail_printf("%s: source \"%s\" names no file under " VECTORS_PREFIX, row->algorithm,
                       row->source != NULL ? row->source : "(null)");
    return;
  }
  /* Every file the source names, one after the other; '|' is no hex digit, so a value cannot
   * match across two files. */
  g_autoptr(GPtrArray) files = source_files(row->source);
  g_autoptr(GString) joined = g_string_new(NULL);
  for (guint i = 0; i < files->len; i++) {
    g_autoptr(GError) error = NULL;
    const char *text = load_file(g_ptr_array_index(files, i), &error);
    if (text == NULL) {
      g_test_fail_printf("%s: %s", (const char *)g_ptr_array_index(files, i), error->message);
      return;
    }
    g_string_append(joined, text);
    g_string_append_c(joined, '|');
  }
  const char *haystack = joined->str;

  g_autoptr(GString) missing = g_string_new(NULL);
  guint checked = 0;
  for (gsize i = 0; i < G_N_ELEMENTS(hex_fields); i++) {
    const char *value = field_value(row, &hex_fields[i]);
    if (value == NULL)
      continue;
    check_field(row, hex_fields[i].name, value, rel, haystack, missing);
    checked++;
  }
  if (checked == 0)
    g_test_fail_printf("%s: the row has no hex field", row->algorithm);
  if (missing->len > 0)
    g_test_fail_printf("%s (%s): not found in the file%s it names:%s", row->algorithm, row->source,
                       files->len > 1 ? "s" : "", missing->str);
}

/* A derived_fields entry that no row uses is stale: it must go. */
static void test_derived_fields_used(void)
{
  for (gsize i = 0; i < G_N_ELEMENTS(derived_fields); i++) {
    const DerivedField *d = &derived_fields[i];
    gboolean used = FALSE;
    for (const SmKatVector *row = sm_kat_vectors; row->algorithm != NULL && !used; row++) {
      g_autofree char *rel = row->source != NULL ? source_file(row->source) : NULL;
      for (gsize f = 0; f < G_N_ELEMENTS(hex_fields) && rel != NULL && !used; f++)
        used = field_value(row, &hex_fields[f]) != NULL &&
               find_derived(row, hex_fields[f].name, rel) == d;
    }
    if (!used)
      g_test_fail_printf("derived_fields entry (%s, %s, %s) matches no row", d->algorithm, d->field,
                         d->file != NULL ? d->file : "any file");
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  file_cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);

  g_autoptr(GHashTable) per_algorithm = g_hash_table_new(g_str_hash, g_str_equal);
  for (const SmKatVector *row = sm_kat_vectors; row->algorithm != NULL; row++) {
    guint index = GPOINTER_TO_UINT(g_hash_table_lookup(per_algorithm, row->algorithm));
    g_hash_table_insert(per_algorithm, (gpointer)row->algorithm, GUINT_TO_POINTER(index + 1));
    g_autofree char *path = g_strdup_printf("/kat-source/%s/%u", row->algorithm, index);
    g_test_add_data_func(path, row, test_row);
  }
  g_test_add_func("/kat-source-derived/used", test_derived_fields_used);

  int status = g_test_run();
  g_hash_table_destroy(file_cache);
  return status;
}
