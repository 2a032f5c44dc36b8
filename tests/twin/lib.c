/* The twin library of the builds test: built twice (twin/a, twin/b) with one SONAME,
 * libsmtwin.so.1, and a version string of its own; both hash alike (SHA-256, through GLib). */
#include <glib.h>
#include <stdint.h>

#ifndef TWIN_WORD
#error "TWIN_WORD: the build's version string"
#endif

__attribute__((visibility("default"))) const char *smtwin_version(void) { return TWIN_WORD; }

__attribute__((visibility("default"))) void smtwin_sha256(const uint8_t *in, size_t len,
                                                          uint8_t out[32])
{
  GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
  g_checksum_update(checksum, in, (gssize)len);
  gsize out_len = 32;
  g_checksum_get_digest(checksum, out, &out_len);
  g_checksum_free(checksum);
}
