/* The NSS engine's internal header: what its family files share (NSS's headers, the softoken
 * slot, messages, key import and the row macros). Not installed. */
#ifndef SPEEDMATRIX_NSS_ENGINE_H
#define SPEEDMATRIX_NSS_ENGINE_H

#include "engine-util.h"
#include "../nettle-ec-public.h" /* at engines/: gnutls includes it too */

#include <keyhi.h>
#include <nettle/curve25519.h>
#include <nss.h>
#include <hasht.h> /* nsslowhash.h uses HASH_HashType without including it */
#include <nsslowhash.h>
#include <pk11pub.h>
#include <prerror.h>
#include <secerr.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers (engine.c) ---- */

extern PK11SlotInfo *slot;          /* the internal (softoken) slot, from init */
extern NSSLOWInitContext *low_init; /* for NSSLOWHASH_* */

/* "what: NSS's text, name and code of the thread's last error", with the given result. */
SmResult nss_fail(SmResult result, char *msg, size_t msg_len, const char *what);

/* Bytes as NSS's SECItem. */
SECItem item(const uint8_t *data, size_t len);

/* `key` imported into the slot for `mech` and `operation`; NULL when NSS refuses it. */
PK11SymKey *import_sym_key(CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation, SmBytes key);

/* The end of a cipher's or MAC's setup: a context for `operation` on the key imported (none when
 * the import failed). */
SmResult key_context(PK11Context **ctx, CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation,
                     PK11SymKey *key, SECItem *param, char *msg, size_t msg_len);

/* ---- rows ---- */

#define NO_LOW                                                                                     \
  "NSS makes no freebl call public but NSSLOWHASH_* (MD5, SHA-1, SHA-2); the rest goes through "   \
  "PK11"

/* A table row per family, its impls made in place (IMPL, one of the SM_IMPL_* macros, with its
 * arguments): evp only, but digests at both levels. */
#define ROW_EVP(n, k, IMPL, ...) SM_ROW_EVP_ONLY(n, k, &(const SmImpl)IMPL(__VA_ARGS__), NO_LOW)

#endif /* SPEEDMATRIX_NSS_ENGINE_H */
