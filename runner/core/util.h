/* Small shared helpers: the error domain, hex, byte buffers. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define SM_ERROR (sm_error_quark())
GQuark sm_error_quark(void);

typedef enum {
  SM_ERROR_USAGE,  /* bad flag or value on the command line */
  SM_ERROR_CONFIG, /* bad matrix.ini */
  SM_ERROR_PLUGIN, /* a plugin refused by the loader */
  SM_ERROR_IO,     /* a file could not be read or written */
  SM_ERROR_INPUT,  /* a malformed input file (CSV, import) */
} SmErrorCode;

/* Exit statuses of the DESIGN contract. */
enum { SM_EXIT_OK = 0, SM_EXIT_FOUND = 1, SM_EXIT_BAD_INPUT = 2 };

/* Decodes lower- or upper-case hex; NULL gives an empty array. Returns NULL on bad hex. */
/* Prints "speedmatrix: MESSAGE" on standard error, long values cut (sm_message_cut); returns
 * SM_EXIT_BAD_INPUT. */
int sm_fail(const char *message);
/* `message` with every quoted value and every word longer than 160 bytes cut to its start, an
 * ellipsis and its length ("aaaa...(900000 bytes)"): what sm_fail prints. */
char *sm_message_cut(const char *message);

/* Parses a verb's options (`parameters` and `summary` as --help shows them): false, after
 * sm_fail's line, on a bad option; the caller then exits with SM_EXIT_BAD_INPUT. */
bool sm_parse_options(int *argc, char ***argv, const char *parameters, const char *summary,
                      GOptionEntry *entries);

/* The online CPUs (at least 1): the most workers a parallel cell may have, one pinned per CPU. */
guint sm_online_cpus(void);
/* The CPUs this process may run on (its affinity mask): what threads can really use. */
guint sm_usable_cpus(void);

/* Reads all of `fd` (named `name` in messages) up to `cap` bytes, NUL-terminated, allocating at
 * most cap + 2 bytes whatever it is (/dev/zero, a pipe, a huge file): NULL with "NAME: file is
 * larger than CAP bytes" (SM_ERROR_INPUT) beyond it, or "NAME: cannot read: ..." (SM_ERROR_IO). */
char *sm_read_fd_bounded(int fd, const char *name, gsize cap, gsize *length, GError **error);
/* The same for the file at `path`. */
char *sm_read_bounded(const char *path, gsize cap, gsize *length, GError **error);
/* The first line of the file at `path`, without its line end, into `line` (`size` bytes; a
 * longer line is cut there): what tells one kind of CSV from another by its header. False when
 * the file cannot be opened or is empty. */
bool sm_read_first_line(const char *path, char *line, size_t size);

/* A plain decimal number ("0.5", "2", "-.25"; blanks around it count for nothing), the one
 * number syntax of every flag and key: what g_ascii_strtod accepts beyond that (an exponent
 * "1e-3", hexadecimal "0x10" and "0x1p-5", "inf", "nan") is refused (false), for the caller's
 * message. */
bool sm_parse_decimal(const char *text, double *out);
/* A whole number in the same syntax (digits only, no sign, point or exponent), from min to max. */
bool sm_parse_count(const char *text, guint64 min, guint64 max, guint64 *out);
/* `value` in the fewest digits that read back as the same double (0.3, not 0.29999999999999999),
 * into `buffer` (G_ASCII_DTOSTR_BUF_SIZE bytes), which is returned. */
const char *sm_format_number(char *buffer, double value);

/* `text` as it may reach a terminal: control characters other than the line end (C0, DEL and
 * C1) shown escaped ("\x1b", "\u009b"), so that a field of a file cannot move the cursor,
 * retitle the window or clear the screen. With `keep_colour`, the colour sequences the program
 * writes itself (ESC [ digits and ';' m, and ESC [ K) pass. */
char *sm_terminal_text(const char *text, bool keep_colour);

/* Redraws the progress line on standard error (a terminal): `text` clipped to one column less
 * than the terminal's width, so that a narrow window never wraps it and redraws never pile up. */
void sm_progress_line(const char *text);

GByteArray *sm_hex_decode(const char *hex);
char *sm_hex_encode(const uint8_t *data, size_t len);

/* Why this build cannot run under valgrind (AddressSanitizer's shadow memory), or NULL: ct and
 * profile run cells under it. */
const char *sm_build_refuses_valgrind(void);
