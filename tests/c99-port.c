/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* c99-port.c -- the natural ported loop compiles under -std=c99 -Wall -Wextra
   -pedantic -Werror and gives the loop's results. */

#include <stdio.h>
#include <stdlib.h>
#include <gmp.h>
#include "mpzg.h"

int
main (void)
{
  size_t n = 37, i;
  mpz_t *q = malloc (n * sizeof *q), *r = malloc (n * sizeof *r);
  mpz_t *a = malloc (n * sizeof *a), *d = malloc (n * sizeof *d);
  mpz_t wq, wr;
  int bad = 0, st;

  if (q == NULL || r == NULL || a == NULL || d == NULL)
    return 77;
  mpz_init (wq);
  mpz_init (wr);
  for (i = 0; i < n; i++)
    {
      mpz_init (q[i]);
      mpz_init (r[i]);
      mpz_init (a[i]);
      mpz_init (d[i]);
      mpz_ui_pow_ui (a[i], 3, 40 + 9 * i);
      if (i % 2)
        mpz_neg (a[i], a[i]);
      mpz_set_ui (d[i], 1000003 + i);
    }

  /* before: for (i = 0; i < n; i++) mpz_tdiv_qr (q[i], r[i], a[i], d[i]); */
  st = mpzg_tdiv_qr_n (q, r, a, d, n);
  if (st != MPZG_OK)
    {
      fprintf (stderr, "c99-port: %s\n", mpzg_strerror (st));
      bad = 1;
    }
  for (i = 0; i < n && !bad; i++)
    {
      mpz_tdiv_qr (wq, wr, a[i], d[i]);
      if (mpz_cmp (wq, q[i]) != 0 || mpz_cmp (wr, r[i]) != 0)
        bad = 1;
    }
  st = mpzg_mul_n (a, a, d, n);
  bad |= st != MPZG_OK;

  for (i = 0; i < n; i++)
    {
      mpz_clear (q[i]);
      mpz_clear (r[i]);
      mpz_clear (a[i]);
      mpz_clear (d[i]);
    }
  mpz_clear (wq);
  mpz_clear (wr);
  free (q);
  free (r);
  free (a);
  free (d);
  return bad;
}
