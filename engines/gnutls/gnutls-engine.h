/* The GnuTLS engine's internal header: what its family files share (GnuTLS's headers, datums,
 * messages and the row macros). Not installed. */
#ifndef SPEEDMATRIX_GNUTLS_ENGINE_H
#define SPEEDMATRIX_GNUTLS_ENGINE_H

#include "engine-util.h"
#include "../nettle-ec-public.h" /* at engines/: nss includes it too */

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers (engine.c) ---- */

/* Runner-owned bytes as GnuTLS's datum (never a NULL pointer: some calls refuse one). */
gnutls_datum_t datum(SmBytes bytes);

/* "what: GnuTLS's text for err", with the given result. */
SmResult gt_fail(SmResult result, char *msg, size_t msg_len, const char *what, int err);

/* A setup's result from GnuTLS's answer `err` to `what`: SM_OK when it is not negative. GnuTLS
 * answers "not available" for an algorithm its build or policy leaves out. */
SmResult gt_setup_result(int err, const char *what, char *msg, size_t msg_len);

/* ---- rows ---- */

#define NO_LOW                                                                                     \
  "GnuTLS's only direct calls are gnutls_hash_fast and gnutls_hmac_fast; its direct layer is "     \
  "Nettle, already an engine"

/* A table row per family, its impls made in place (IMPL, one of the SM_IMPL_* macros, with its
 * arguments): evp only, but digests and MACs at both levels. */
#define ROW_EVP(n, k, IMPL, ...) SM_ROW_EVP_ONLY(n, k, &(const SmImpl)IMPL(__VA_ARGS__), NO_LOW)
#define ROW_BOTH(n, k, IMPL, evp_args, low_args)                                                   \
  SM_ROW_BOTH(n, k, &(const SmImpl)IMPL evp_args, &(const SmImpl)IMPL low_args)

#endif /* SPEEDMATRIX_GNUTLS_ENGINE_H */
