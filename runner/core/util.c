#include "core/util.h"

#include <stdio.h>
#include <unistd.h>

/* The macro stringifies its first argument: keep it unformatted. */
// clang-format off
G_DEFINE_QUARK(speedmatrix-error-quark, sm_error)
// clang-format on

int sm_fail(const char *message)
{
  fprintf(stderr, "speedmatrix: %s\n", message);
  return SM_EXIT_BAD_INPUT;
}

GByteArray *sm_hex_decode(const char *hex)
{
  GByteArray *bytes = g_byte_array_new();
  if (hex == NULL)
    return bytes;
  size_t len = strlen(hex);
  if (len % 2 != 0) {
    g_byte_array_unref(bytes);
    return NULL;
  }
  for (size_t i = 0; i < len; i += 2) {
    int hi = g_ascii_xdigit_value(hex[i]);
    int lo = g_ascii_xdigit_value(hex[i + 1]);
    if (hi < 0 || lo < 0) {
      g_byte_array_unref(bytes);
      return NULL;
    }
    uint8_t byte = (uint8_t)(hi << 4 | lo);
    g_byte_array_append(bytes, &byte, 1);
  }
  return bytes;
}

char *sm_hex_encode(const uint8_t *data, size_t len)
{
  static const char digits[] = "0123456789abcdef";
  char *hex = g_malloc(len * 2 + 1);
  for (size_t i = 0; i < len; i++) {
    hex[2 * i] = digits[data[i] >> 4];
    hex[2 * i + 1] = digits[data[i] & 15];
  }
  hex[len * 2] = '\0';
  return hex;
}

guint sm_online_cpus(void)
{
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return cpus > 0 ? (guint)cpus : 1u;
}
