/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* cli.c -- the command-line examples' shared helpers (see cli.h). */

#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "mpzg.h"
#include "cli.h"

double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

void
fail (const char *fmt, ...)
{
  va_list ap;
  fflush (stdout);
  fprintf (stderr, "%s: ", cli_prog);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (2);
}

void
die (const char *what, int status)
{
  fail ("%s: %s", what, mpzg_strerror (status));
}

void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (p == NULL)
    fail ("out of memory");
  return p;
}

mpz_t *
array_new (size_t n)
{
  mpz_t *a = xmalloc (n * sizeof *a);
  size_t i;
  for (i = 0; i < n; i++)
    mpz_init (a[i]);
  return a;
}

void
array_free (mpz_t *a, size_t n)
{
  size_t i;
  if (a == NULL)
    return;
  for (i = 0; i < n; i++)
    mpz_clear (a[i]);
  free (a);
}

unsigned long
number (const char *opt, const char *s)
{
  char *end;
  unsigned long v;
  errno = 0;
  v = isdigit ((unsigned char) s[0]) ? strtoul (s, &end, 10) : 0;
  if (!isdigit ((unsigned char) s[0]) || *end != '\0' || errno)
    fail ("%s: '%s' is not a number", opt, s);
  return v;
}

FILE *
open_input (const char *name, const char *what)
{
  struct stat st;
  FILE *f = strcmp (name, "-") == 0 ? stdin : fopen (name, "r");
  if (f == NULL)
    fail ("%s: %s", name, strerror (errno));
  if (fstat (fileno (f), &st) == 0 && S_ISDIR (st.st_mode))
    fail ("%s: is a directory, not a file of %s", name, what);
  return f;
}

char *
trim (char *line)
{
  char *s, *end;
  for (s = line; isspace ((unsigned char) *s); s++)
    ;
  for (end = s + strlen (s); end > s && isspace ((unsigned char) end[-1]); end--)
    ;
  *end = '\0';
  return s;
}

const char *
shown (const char *s)
{
  static char buf[48];
  if (strlen (s) < sizeof buf)
    return s;
  snprintf (buf, sizeof buf, "%.*s...", (int) sizeof buf - 4, s);
  return buf;
}

/* Whether s is one integer >= 0 in the accepted notation. */
static int
parse_number (const char *s, int force_hex, const char **digits, int *base)
{
  const char *d = s;
  *base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    *base = 16, d = s + 2;
  else if (force_hex)
    *base = 16;
  if (*d == '\0')
    return 0;
  *digits = d;
  for (; *d; d++)
    if (*base == 10 ? !isdigit ((unsigned char) *d) : !isxdigit ((unsigned char) *d))
      return 0;
  return 1;
}

void
parse_line (const char *name, size_t lineno, const char *s, int force_hex,
            const char **digits, int *base)
{
  if (!parse_number (s, force_hex, digits, base))
    fail ("%s:%zu: '%s' is not one %s integer%s", name, lineno, shown (s),
          force_hex ? "hexadecimal" : "decimal",
          force_hex ? "" : " (hexadecimal: 0x prefix, or --hex)");
}
