#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The macro stringifies its first argument: keep it unformatted. */
// clang-format off
G_DEFINE_QUARK(speedmatrix-error-quark, sm_error)
// clang-format on

/* `text` without the blanks around it, or NULL when that leaves nothing. */
static char *strip_blanks(const char *text)
{
  char *copy = g_strstrip(g_strdup(text));
  if (*copy != '\0')
    return copy;
  g_free(copy);
  return NULL;
}

bool sm_parse_decimal(const char *text, double *out)
{
  g_autofree char *value = strip_blanks(text);
  if (value == NULL)
    return false;
  const char *p = value;
  if (*p == '+' || *p == '-')
    p++;
  size_t digits = strspn(p, "0123456789");
  p += digits;
  if (*p == '.') {
    size_t fraction = strspn(p + 1, "0123456789");
    digits += fraction;
    p += 1 + fraction;
  }
  if (digits == 0 || *p != '\0')
    return false; /* an exponent too: 1e-2 is no more plain decimal than 0x10 */
  errno = 0;
  *out = g_ascii_strtod(value, NULL);
  return errno == 0;
}

bool sm_parse_count(const char *text, guint64 min, guint64 max, guint64 *out)
{
  g_autofree char *value = strip_blanks(text);
  return value != NULL && g_ascii_isdigit(value[0]) &&
         g_ascii_string_to_unsigned(value, 10, min, max, out, NULL);
}

const char *sm_format_number(char *buffer, double value)
{
  if (value > -1e15 && value < 1e15 && value == (double)(gint64)value) /* in range: no UB cast */
    return g_ascii_formatd(buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.0f", value); /* 30, not 3e+01 */
  for (int digits = 1; digits <= 17; digits++) {
    char format[8];
    g_snprintf(format, sizeof format, "%%.%dg", digits);
    g_ascii_formatd(buffer, G_ASCII_DTOSTR_BUF_SIZE, format, value);
    if (g_ascii_strtod(buffer, NULL) == value)
      break;
  }
  return buffer;
}

/* A value longer than this is cut in an error line: a line stays readable whatever was given. */
#define SHOWN_VALUE_BYTES 160
#define SHOWN_VALUE_KEPT 64

/* Appends `length` bytes of `value`, or, past SHOWN_VALUE_BYTES, their start (whole UTF-8
 * characters), an ellipsis and the length. */
static void append_value(GString *out, const char *value, size_t length)
{
  if (length <= SHOWN_VALUE_BYTES) {
    g_string_append_len(out, value, (gssize)length);
    return;
  }
  size_t kept = SHOWN_VALUE_KEPT;
  while (kept > 0 && ((guchar)value[kept] & 0xc0) == 0x80)
    kept--;
  g_string_append_len(out, value, (gssize)kept);
  g_string_append_printf(out, "...(%zu bytes)", length);
}

char *sm_message_cut(const char *message)
{
  GString *out = g_string_new(NULL);
  for (const char *p = message; *p != '\0';) {
    const char *close = *p == '"' ? strchr(p + 1, '"') : NULL;
    if (close != NULL) { /* a quoted value, quotes kept */
      g_string_append_c(out, '"');
      append_value(out, p + 1, (size_t)(close - p - 1));
      g_string_append_c(out, '"');
      p = close + 1;
    } else if (*p == ' ' || *p == '"') {
      g_string_append_c(out, *p++);
    } else { /* a word: a file name, an unquoted value; its closing ':' or ',' kept */
      size_t length = strcspn(p, " \"");
      bool closing = length > SHOWN_VALUE_BYTES && strchr(":,;)", p[length - 1]) != NULL;
      append_value(out, p, length - closing);
      if (closing)
        g_string_append_c(out, p[length - 1]);
      p += length;
    }
  }
  return g_string_free(out, FALSE);
}

int sm_fail(const char *message)
{
  g_autofree char *cut = sm_message_cut(message);
  g_autofree char *shown = sm_terminal_text(cut, false); /* values from files, escaped */
  fprintf(stderr, "speedmatrix: %s\n", shown);
  return SM_EXIT_BAD_INPUT;
}

bool sm_parse_options(int *argc, char ***argv, const char *parameters, const char *summary,
                      GOptionEntry *entries)
{
  g_autoptr(GOptionContext) context = g_option_context_new(parameters);
  g_option_context_set_summary(context, summary);
  g_option_context_add_main_entries(context, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (g_option_context_parse(context, argc, argv, &error))
    return true;
  sm_fail(error->message);
  return false;
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

guint sm_usable_cpus(void)
{
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0)
    return sm_online_cpus();
  int count = CPU_COUNT(&set);
  return count > 0 ? (guint)count : 1u;
}

char *sm_read_fd_bounded(int fd, const char *name, gsize cap, gsize *length, GError **error)
{
  gsize size = MIN(cap + 1, (gsize)65536), got = 0;
  g_autofree char *data = g_malloc(size + 1);
  for (;;) {
    if (got == size) {
      if (size > cap)
        break; /* one byte more than the cap is enough to refuse the file */
      size = MIN(size * 2, cap + 1);
      data = g_realloc(data, size + 1);
    }
    ssize_t n = read(fd, data + got, size - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      g_set_error(error, SM_ERROR, SM_ERROR_IO,
                  "%s: cannot read: Failed to read from file “%s”: %s", name, name,
                  g_strerror(errno));
      return NULL;
    }
    if (n == 0)
      break;
    got += (gsize)n;
  }
  if (got > cap) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: file is larger than %" G_GSIZE_FORMAT " bytes", name, cap);
    return NULL;
  }
  data[got] = '\0';
  *length = got;
  return g_steal_pointer(&data);
}

bool sm_read_first_line(const char *path, char *line, size_t size)
{
  FILE *file = fopen(path, "rb");
  if (file == NULL || size == 0) {
    if (file != NULL)
      fclose(file);
    return false;
  }
  line[0] = '\0';
  bool read = fgets(line, (int)MIN(size, (size_t)INT_MAX), file) != NULL;
  fclose(file);
  line[strcspn(line, "\r\n")] = '\0';
  return read;
}

char *sm_read_bounded(const char *path, gsize cap, gsize *length, GError **error)
{
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot read: Failed to open file “%s”: %s", path,
                path, g_strerror(errno));
    return NULL;
  }
  char *data = sm_read_fd_bounded(fd, path, cap, length, error);
  close(fd);
  return data;
}

/* The length of a colour sequence the program writes at `p` (ESC [ digits;... m, ESC [ K), or 0. */
static size_t colour_sequence(const char *p)
{
  if (p[0] != '\033' || p[1] != '[')
    return 0;
  size_t n = 2;
  while (g_ascii_isdigit(p[n]) || p[n] == ';')
    n++;
  return p[n] == 'm' || (p[n] == 'K' && n == 2) ? n + 1 : 0;
}

char *sm_terminal_text(const char *text, bool keep_colour)
{
  GString *out = g_string_sized_new(strlen(text));
  for (const char *p = text; *p != '\0';) {
    guchar c = (guchar)*p;
    size_t colour = keep_colour ? colour_sequence(p) : 0;
    if (colour > 0) {
      g_string_append_len(out, p, (gssize)colour);
      p += colour;
    } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      g_string_append_printf(out, "\\x%02x", c);
      p++;
    } else if (c == 0xc2 && (guchar)p[1] >= 0x80 && (guchar)p[1] <= 0x9f) {
      g_string_append_printf(out, "\\u00%02x", (guchar)p[1]);
      p += 2;
    } else {
      g_string_append_c(out, *p++);
    }
  }
  return g_string_free(out, FALSE);
}

void sm_progress_line(const char *text)
{
  struct winsize size = {0};
  size_t columns =
      ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 ? size.ws_col : 80;
  size_t length = strlen(text);
  if (length > columns - 1) {
    length = columns - 1;
    while (length > 0 && ((guchar)text[length] & 0xc0) == 0x80)
      length--; /* whole UTF-8 characters */
  }
  fprintf(stderr, "\r\033[K%.*s", (int)length, text);
  fflush(stderr);
}

#if defined(__SANITIZE_ADDRESS__)
#define SM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SM_ASAN 1
#endif
#endif

const char *sm_build_refuses_valgrind(void)
{
#ifdef SM_ASAN
  return "built with AddressSanitizer, which cannot run under valgrind";
#else
  return NULL;
#endif
}
