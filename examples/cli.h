/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* cli.h -- what the command-line examples (batch-gcd, primes) share: messages
   and exit status 2 on errors, allocation that cannot fail, option values, and
   input files of one integer per line. */

#ifndef CLI_H
#define CLI_H

#include <stddef.h>
#include <stdio.h>
#include <gmp.h>

/* The program's name in messages, defined by each program (argv[0] may be a
   libtool wrapper's internal path). */
extern const char cli_prog[];

/* Seconds on a monotonic clock. */
double now (void);

/* Prints cli_prog, ": " and the message on standard error, after what standard
   output holds so far (so that both read in order when they go to one place),
   and exits with status 2. */
void fail (const char *fmt, ...);
/* fail with "what: " and mpzg_strerror (status). */
void die (const char *what, int status);

/* malloc that fails the program when out of memory (n may be 0). */
void *xmalloc (size_t n);
/* n mpz_init'ed elements; array_free clears and frees them (a may be NULL). */
mpz_t *array_new (size_t n);
void array_free (mpz_t *a, size_t n);

/* Reads the value of option `opt` as a whole decimal number, or fails. */
unsigned long number (const char *opt, const char *s);

/* Opens the input (name "-": standard input), failing with a message for a
   missing file, a directory (not a file of `what`), a file that cannot be read. */
FILE *open_input (const char *name, const char *what);

/* The line without the white space around it (the line is cut in place). */
char *trim (char *line);

/* The first characters of a bad line, for messages. */
const char *shown (const char *s);

/* Sets *digits and *base for mpz_set_str from line lineno of the file name, s,
   one integer >= 0 in the accepted notation: decimal digits, or hexadecimal
   digits after 0x; with force_hex, hexadecimal digits, 0x optional.  Anything
   else fails the program with FILE:LINE and the notation. */
void parse_line (const char *name, size_t lineno, const char *s, int force_hex,
                 const char **digits, int *base);

#endif
