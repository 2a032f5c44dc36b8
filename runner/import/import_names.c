/* openssl speed's names for what it measures, and speedmatrix's for the same (see import.h). */
#include "import/import_names.h"

#include "import/patterns.h"

#include <string.h>

static const char *const family_names[SM_PK_COUNT] = {
    [SM_PK_RSA] = "rsa",   [SM_PK_DSA] = "dsa",     [SM_PK_ECDSA] = "ecdsa",
    [SM_PK_ECDH] = "ecdh", [SM_PK_EDDSA] = "eddsa", [SM_PK_SM2] = "sm2",
    [SM_PK_FFDH] = "ffdh", [SM_PK_KEM] = "kem",     [SM_PK_SIG] = "signature",
};

#define EVP SM_API_EVP
#define LOW SM_API_LOW

/* openssl speed's fixed list of bulk algorithms before 3.0 (names[] in apps/speed.c), as printed.
 * The api is how apps/speed.c measured the row: most rows call the primitive directly
 * (AES_cbc_encrypt, DES_ede3_cbc_encrypt, SHA256(), HMAC_Init_ex/Update/Final,
 * CRYPTO_gcm128_aad, RAND_bytes), which is speedmatrix's `low`; md2, mdc2, md4 and rmd160 go
 * through EVP_Digest in every version, and so did md5 and sha1 in 0.9.8 (1.0.2 and 1.1.1 call
 * MD5() and SHA1()). The row of `-evp NAME` is printed under the EVP object's long name
 * ("aes-128-cbc", "aes-256-gcm"), which is not in this list; it is `evp`. OpenSSL 3.x measures
 * every row through EVP (the low-level calls are deprecated there), so a 3.x run is all `evp`. */
const SmOsslClassicName sm_ossl_classic_names[] = {
    {"md2", "md2", SM_KIND_DIGEST, EVP, EVP, false},
    {"mdc2", "mdc2", SM_KIND_DIGEST, EVP, EVP, false},
    {"md4", "md4", SM_KIND_DIGEST, EVP, EVP, false},
    {"md5", "md5", SM_KIND_DIGEST, EVP, LOW, false},
    {"hmac(md5)", "hmac-md5", SM_KIND_MAC, LOW, LOW, false},
    {"sha1", "sha1", SM_KIND_DIGEST, EVP, LOW, false},
    {"rmd160", "ripemd160", SM_KIND_DIGEST, EVP, EVP, false},
    {"rc4", "rc4", SM_KIND_CIPHER, LOW, LOW, false},
    {"des cbc", "des-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"des ede3", "des-ede3-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"idea cbc", "idea-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"seed cbc", "seed-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"rc2 cbc", "rc2-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"rc5-32/12 cbc", "rc5-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"blowfish cbc", "bf-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"cast cbc", "cast5-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"aes-128 cbc", "aes-128-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"aes-192 cbc", "aes-192-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"aes-256 cbc", "aes-256-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"camellia-128 cbc", "camellia-128-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"camellia-192 cbc", "camellia-192-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"camellia-256 cbc", "camellia-256-cbc", SM_KIND_CIPHER, LOW, LOW, false},
    {"sha256", "sha256", SM_KIND_DIGEST, LOW, LOW, false},
    {"sha512", "sha512", SM_KIND_DIGEST, LOW, LOW, false},
    {"whirlpool", "whirlpool", SM_KIND_DIGEST, LOW, LOW, false},
    {"aes-128 ige", "aes-128-ige", SM_KIND_CIPHER, LOW, LOW, false},
    {"aes-192 ige", "aes-192-ige", SM_KIND_CIPHER, LOW, LOW, false},
    {"aes-256 ige", "aes-256-ige", SM_KIND_CIPHER, LOW, LOW, false},
    {"ghash", "ghash", SM_KIND_MAC, LOW, LOW, false},
    {"rand", "rand", SM_KIND_DIGEST, LOW, LOW, true},
};

#undef EVP
#undef LOW

const size_t sm_ossl_classic_count = G_N_ELEMENTS(sm_ossl_classic_names);

/* The 3.x fixed list where it differs from speedmatrix's names, and the names EVP prints. */
static const struct {
  const char *printed;
  const char *canonical;
} aliases[] = {
    {"rmd160", "ripemd160"},
    {"ripemd", "ripemd160"},
    {"des-ede3", "des-ede3-cbc"},
    {"des3", "des-ede3-cbc"},
    {"blowfish", "bf-cbc"},
    {"bf", "bf-cbc"},
    {"cast-cbc", "cast5-cbc"},
    {"cast", "cast5-cbc"},
    {"aes128", "aes-128-cbc"},
    {"aes192", "aes-192-cbc"},
    {"aes256", "aes-256-cbc"},
    {"id-aes128-gcm", "aes-128-gcm"},
    {"id-aes192-gcm", "aes-192-gcm"},
    {"id-aes256-gcm", "aes-256-gcm"},
    {"sha2-224", "sha224"},
    {"sha2-256", "sha256"},
    {"sha2-384", "sha384"},
    {"sha2-512", "sha512"},
    {"sm3", "sm3"},
};

/* Names only the 3.x fixed list prints: they tell a 3.x run when no version line says so. */
static const char *const three_only_names[] = {"des-ede3", "blowfish", "cast-cbc",
                                               "rc5-cbc",  "kmac128",  "kmac256"};

static const char *alias_of(const char *name)
{
  for (size_t i = 0; i < G_N_ELEMENTS(aliases); i++)
    if (strcmp(aliases[i].printed, name) == 0)
      return aliases[i].canonical;
  return name;
}

const SmOsslClassicName *sm_ossl_classic_name(const char *printed)
{
  for (size_t i = 0; i < sm_ossl_classic_count; i++)
    if (strcmp(sm_ossl_classic_names[i].printed, printed) == 0)
      return &sm_ossl_classic_names[i];
  return NULL;
}

bool sm_ossl_three_only_name(const char *printed)
{
  for (size_t i = 0; i < G_N_ELEMENTS(three_only_names); i++)
    if (strcmp(printed, three_only_names[i]) == 0)
      return true;
  return false;
}

/* hmac(sha256) -> hmac-sha256, cmac(aes-128-cbc) -> cmac-aes128, aes-128 cbc -> aes-128-cbc. */
char *sm_ossl_bulk_name(const char *printed)
{
  const SmOsslClassicName *classic = sm_ossl_classic_name(printed);
  if (classic != NULL)
    return g_strdup(classic->canonical);
  size_t len = strlen(printed);
  if (g_str_has_prefix(printed, "hmac(") && printed[len - 1] == ')') {
    g_autofree char *inner = g_strndup(printed + 5, len - 6);
    return g_strdup_printf("hmac-%s", alias_of(inner));
  }
  if (g_str_has_prefix(printed, "cmac(") && printed[len - 1] == ')') {
    g_autofree char *inner = g_strndup(printed + 5, len - 6);
    const char *cipher = alias_of(inner);
    if (g_str_has_prefix(cipher, "aes-") && g_str_has_suffix(cipher, "-cbc") &&
        strlen(cipher) == 11)
      return g_strdup_printf("cmac-aes%.3s", cipher + 4);
    return g_strdup_printf("cmac-%s", cipher);
  }
  g_autofree char *dashed = g_strdelimit(g_strdup(printed), " ", '-');
  return g_strdup(alias_of(dashed));
}

static bool has_any(const char *name, const char *const *parts, size_t count)
{
  for (size_t i = 0; i < count; i++)
    if (strstr(name, parts[i]) != NULL)
      return true;
  return false;
}

/* A bulk name the catalogue does not know: a cipher if it looks like one, else a digest. */
SmKind sm_ossl_guess_kind(const char *name)
{
  static const char *const mac[] = {"hmac", "cmac", "kmac", "gmac", "ghash"};
  static const char *const aead[] = {"-gcm", "-ccm", "-ocb", "-siv", "poly1305"};
  static const char *const cipher[] = {"-cbc", "-ctr",   "-ecb",     "-cfb", "-ofb", "-xts", "-ige",
                                       "rc4",  "chacha", "des",      "bf-",  "cast", "idea", "seed",
                                       "rc2",  "rc5",    "camellia", "aes",  "sm4",  "aria"};
  if (has_any(name, aead, G_N_ELEMENTS(aead)) && strcmp(name, "poly1305") != 0)
    return SM_KIND_AEAD;
  if (has_any(name, mac, G_N_ELEMENTS(mac)) || strcmp(name, "poly1305") == 0)
    return SM_KIND_MAC;
  if (has_any(name, cipher, G_N_ELEMENTS(cipher)))
    return SM_KIND_CIPHER;
  return SM_KIND_DIGEST;
}

/* Curves by the names openssl prints, to speedmatrix's suffixes. */
static const struct {
  const char *curve;
  const char *suffix;
} nist_curves[] = {
    {"nistp256", "p256"},  {"prime256v1", "p256"}, {"secp256r1", "p256"}, {"p-256", "p256"},
    {"nistp384", "p384"},  {"secp384r1", "p384"},  {"p-384", "p384"},     {"nistp521", "p521"},
    {"secp521r1", "p521"}, {"p-521", "p521"},
};

/* apps/speed.c's curve list (test_curves[] 0.9.8-1.1.0, ec_curves[] 1.1.1-3.x), by -mr index;
 * 3.x built without binary curves leaves out the K and B curves. */
typedef struct {
  const char *name;
  guint bits;
} Curve;

static const Curve curves_with_binary[] = {
    {"secp160r1", 160},       {"nistp192", 192},        {"nistp224", 224},
    {"nistp256", 256},        {"nistp384", 384},        {"nistp521", 521},
    {"nistk163", 163},        {"nistk233", 233},        {"nistk283", 283},
    {"nistk409", 409},        {"nistk571", 571},        {"nistb163", 163},
    {"nistb233", 233},        {"nistb283", 283},        {"nistb409", 409},
    {"nistb571", 571},        {"brainpoolP256r1", 256}, {"brainpoolP256t1", 256},
    {"brainpoolP384r1", 384}, {"brainpoolP384t1", 384}, {"brainpoolP512r1", 512},
    {"brainpoolP512t1", 512}, {"X25519", 253},          {"X448", 448},
};

static const Curve curves_without_binary[] = {
    {"secp160r1", 160},       {"nistp192", 192},
    {"nistp224", 224},        {"nistp256", 256},
    {"nistp384", 384},        {"nistp521", 521},
    {"brainpoolP256r1", 256}, {"brainpoolP256t1", 256},
    {"brainpoolP384r1", 384}, {"brainpoolP384t1", 384},
    {"brainpoolP512r1", 512}, {"brainpoolP512t1", 512},
    {"X25519", 253},          {"X448", 448},
};

/* The `nth` (0-based) curve of `bits` in openssl's order; NULL when there is none. */
const char *sm_ossl_curve_by_bits(guint bits, guint nth)
{
  for (size_t i = 0; i < G_N_ELEMENTS(curves_with_binary); i++)
    if (curves_with_binary[i].bits == bits && nth-- == 0)
      return curves_with_binary[i].name;
  return NULL;
}

/* The curve of `bits` when openssl has only one of that size (X25519, nistp521, ...). */
const char *sm_ossl_unique_curve(guint bits)
{
  return sm_ossl_curve_by_bits(bits, 1) == NULL ? sm_ossl_curve_by_bits(bits, 0) : NULL;
}

const char *sm_ossl_curve_by_index(guint index, guint bits)
{
  if (index < G_N_ELEMENTS(curves_with_binary) && curves_with_binary[index].bits == bits)
    return curves_with_binary[index].name;
  if (index < G_N_ELEMENTS(curves_without_binary) && curves_without_binary[index].bits == bits)
    return curves_without_binary[index].name;
  return NULL;
}

/* The algorithm name of a public-key figure: rsa2048, ecdsa-p256, ecdh-brainpoolp256r1, x25519. */
char *sm_ossl_pkey_name(SmPkFamily family, guint bits, const char *curve)
{
  g_autofree char *lower = curve ? g_ascii_strdown(curve, -1) : NULL;
  switch (family) {
  case SM_PK_RSA:
  case SM_PK_DSA:
  case SM_PK_FFDH:
    return g_strdup_printf("%s%u", family_names[family], bits);
  case SM_PK_ECDSA:
  case SM_PK_ECDH:
    if (lower == NULL)
      return g_strdup_printf("%s-%ubits", family_names[family], bits);
    if (family == SM_PK_ECDH && (strcmp(lower, "x25519") == 0 || strcmp(lower, "x448") == 0))
      return g_steal_pointer(&lower);
    for (size_t i = 0; i < G_N_ELEMENTS(nist_curves); i++)
      if (strcmp(nist_curves[i].curve, lower) == 0)
        return g_strdup_printf("%s-%s", family_names[family], nist_curves[i].suffix);
    return g_strdup_printf("%s-%s", family_names[family], lower);
  case SM_PK_EDDSA:
    return lower ? g_steal_pointer(&lower) : g_strdup_printf("eddsa%u", bits);
  case SM_PK_SM2:
    return g_strdup("sm2");
  case SM_PK_KEM:
  case SM_PK_SIG:
  case SM_PK_COUNT:
    break;
  }
  return lower ? g_steal_pointer(&lower) : g_strdup("?");
}

/* ---- names as people write them in tables ---- */

static const char *const family_words[] = {
    [SM_PK_RSA] = "rsa",   [SM_PK_DSA] = "dsa",     [SM_PK_ECDSA] = "ecdsa",
    [SM_PK_ECDH] = "ecdh", [SM_PK_EDDSA] = "eddsa", [SM_PK_FFDH] = "ffdh",
};

bool sm_ossl_family_word(const char *word, SmPkFamily *family)
{
  for (size_t i = 0; i < G_N_ELEMENTS(family_words); i++)
    if (family_words[i] != NULL && g_ascii_strcasecmp(word, family_words[i]) == 0) {
      *family = (SmPkFamily)i;
      return true;
    }
  return false;
}

/* "rsa 2048", "RSA-2048 bits", "dsa1024", "ecdsa (nistp256)", "ecdh p-384": a public-key name. */
static char *table_pkey_name(const char *text)
{
  static gsize sized_slot, curved_slot;
  GRegex *sized = sm_import_regex(&sized_slot, "^(rsa|dsa|ffdh)[ -]?(\\d{3,5})(?: ?bits?)?$", 0);
  GRegex *curved = sm_import_regex(
      &curved_slot,
      "^(ecdsa|ecdh)[ -]?\\(?((?:nist)?p-?\\d{3}|secp\\d{3}r1|prime256v1|brainpoolp\\d{3}[rt]1|"
      "x25519|x448)\\)?$",
      0);
  g_autoptr(GMatchInfo) match = NULL;
  if (g_regex_match(sized, text, 0, &match)) {
    g_autofree char *family = g_match_info_fetch(match, 1);
    g_autofree char *bits = g_match_info_fetch(match, 2);
    return g_strconcat(family, bits, NULL);
  }
  g_clear_pointer(&match, g_match_info_free);
  if (!g_regex_match(curved, text, 0, &match))
    return NULL;
  g_autofree char *family = g_match_info_fetch(match, 1);
  g_autofree char *curve = g_match_info_fetch(match, 2);
  SmPkFamily which = strcmp(family, "ecdsa") == 0 ? SM_PK_ECDSA : SM_PK_ECDH;
  if (g_str_has_prefix(curve, "p") && curve[1] != '-') {
    g_autofree char *nist = g_strdup_printf("nist%s", curve);
    return sm_ossl_pkey_name(which, 0, nist);
  }
  return sm_ossl_pkey_name(which, 0, curve);
}

/* openssl's short forms that name a mode-less cipher: `aes-128` is its aes-128 cbc row. */
static const struct {
  const char *written;
  const char *canonical;
} table_aliases[] = {
    {"aes-128", "aes-128-cbc"},
    {"aes-192", "aes-192-cbc"},
    {"aes-256", "aes-256-cbc"},
    {"3des", "des-ede3-cbc"},
    {"des-ede3", "des-ede3-cbc"},
    {"camellia-128", "camellia-128-cbc"},
    {"ed25519", "ed25519"},
    {"ed448", "ed448"},
    {"x25519", "x25519"},
    {"x448", "x448"},
    {"sm2", "sm2"},
};

char *sm_ossl_table_name(const char *text)
{
  g_autofree char *lower = g_ascii_strdown(text, -1);
  g_strstrip(lower);
  g_auto(GStrv) words = g_strsplit_set(lower, " \t", -1);
  g_autofree char *joined = NULL;
  {
    GString *out = g_string_new(NULL);
    for (guint i = 0; words[i] != NULL; i++)
      if (words[i][0] != '\0')
        g_string_append_printf(out, "%s%s", out->len ? " " : "", words[i]);
    joined = g_string_free(out, FALSE);
  }
  if (joined[0] == '\0' || strlen(joined) > 64)
    return NULL;
  char *pkey = table_pkey_name(joined);
  if (pkey != NULL)
    return pkey;
  for (size_t i = 0; i < G_N_ELEMENTS(table_aliases); i++)
    if (strcmp(joined, table_aliases[i].written) == 0)
      return g_strdup(table_aliases[i].canonical);
  if (sm_ossl_classic_name(joined) != NULL)
    return sm_ossl_bulk_name(joined);
  if (strchr(joined, ' ') != NULL)
    return NULL; /* a phrase, not a name */
  g_autofree char *canonical = sm_ossl_bulk_name(joined);
  if (sm_catalog_find(canonical) != NULL || strcmp(canonical, joined) != 0)
    return g_steal_pointer(&canonical);
  return NULL;
}

char *sm_import_fold(const char *text)
{
  g_autofree char *ascii = g_ascii_strdown(text, -1);
  for (const char *c = ascii; *c; c++)
    if ((unsigned char)*c >= 0x80)
      return g_utf8_strdown(ascii, -1);
  return g_steal_pointer(&ascii);
}
