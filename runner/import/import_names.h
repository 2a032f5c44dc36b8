/* openssl speed's names for what it measures, mapped to speedmatrix's: the tables `import` reads
 * with. Names are taken as openssl printed them, lower case, single spaces. */
#pragma once

#include "core/catalog.h"

#include <glib.h>
#include <stdbool.h>

/* The public-key tables of openssl speed, in the order it prints them. */
typedef enum {
  SM_PK_RSA,
  SM_PK_DSA,
  SM_PK_ECDSA,
  SM_PK_ECDH,
  SM_PK_EDDSA,
  SM_PK_SM2,
  SM_PK_FFDH,
  SM_PK_KEM, /* 3.5's KEM table */
  SM_PK_SIG, /* 3.5's signature-algorithm table */
  SM_PK_COUNT
} SmPkFamily;

/* A row of openssl speed's fixed bulk list before 3.0, and how apps/speed.c measured it. */
typedef struct {
  const char *printed;
  const char *canonical;
  SmKind kind;
  SmApi api_0_9;     /* 0.9.x */
  SmApi api_1;       /* 1.0.0 to 1.1.1 */
  bool kind_guessed; /* no kind fits (rand: RAND_bytes); the nearest is given */
} SmOsslClassicName;

extern const SmOsslClassicName sm_ossl_classic_names[];
extern const size_t sm_ossl_classic_count;

/* NULL when `printed` is not in the pre-3.0 fixed list (then it is an EVP name or a 3.x one). */
const SmOsslClassicName *sm_ossl_classic_name(const char *printed);
/* Names only 3.x's fixed list prints ("des-ede3", "blowfish", ...). */
bool sm_ossl_three_only_name(const char *printed);
/* speedmatrix's name for a bulk row: "aes-128 cbc" -> aes-128-cbc, "hmac(md5)" -> hmac-md5,
 * "cmac(aes-128-cbc)" -> cmac-aes128; names without an equivalent come back dashed. */
char *sm_ossl_bulk_name(const char *printed);
/* The kind of a bulk name the catalogue does not know: cipher if it looks like one, else digest. */
SmKind sm_ossl_guess_kind(const char *canonical);

/* openssl's curves in its fixed order: the `nth` (0-based) of `bits`, the only one of `bits`,
 * or the one at -mr index `index` (checked against `bits`); NULL when there is none. */
const char *sm_ossl_curve_by_bits(guint bits, guint nth);
const char *sm_ossl_unique_curve(guint bits);
const char *sm_ossl_curve_by_index(guint index, guint bits);

/* The algorithm name of a public-key figure: rsa2048, ecdsa-p256, ecdh-brainpoolp256r1, x25519,
 * ed25519, sm2, ffdh2048. `curve` is as printed, or NULL. */
char *sm_ossl_pkey_name(SmPkFamily family, guint bits, const char *curve);

/* "rsa", "dsa", "ecdsa", "ecdh", "eddsa", "ffdh" (any case): a family a pivoted header names. */
bool sm_ossl_family_word(const char *word, SmPkFamily *family);
/* An algorithm in any of openssl's spellings as people write them in tables ("aes-128",
 * "aes-128 cbc", "blowfish", "bf-cbc", "des ede3", "rsa 2048", "RSA-2048 bits", "ecdsa p256",
 * "hmac(md5)"): speedmatrix's name, or NULL when `text` names no algorithm. */
char *sm_ossl_table_name(const char *text);

/* `text` lower-cased for comparing names, whatever the locale: ASCII letters the ASCII way (a
 * Turkish locale would make "I" a dotless "ı" and "CAMELLIA" no name), then the other letters
 * ("PRÜFEN", "ПОДПИСЬ") as Unicode says. Newly allocated. */
char *sm_import_fold(const char *text);
