/* SPDX-License-Identifier: LGPL-3.0-or-later */
// cxx-header.cc -- a C++ compiler accepts mpzg.h and the natural calling code.

#include <gmp.h>
#include <mpzg.h>
#include <cstdio>

int
main ()
{
  const size_t n = 3;
  mpz_t *q = new mpz_t[n], *r = new mpz_t[n], *a = new mpz_t[n], *d = new mpz_t[n];
  int exists[n];
  int bad = 0;
  for (size_t i = 0; i < n; i++)
    {
      mpz_init (q[i]);
      mpz_init (r[i]);
      mpz_init_set_si (a[i], -100 - (long) i);
      mpz_init_set_ui (d[i], 7);
    }
  if (mpzg_tdiv_qr_n (q, r, a, d, n) != MPZG_OK)
    bad = 1;
  for (size_t i = 0; i < n; i++)
    {
      mpz_t wq, wr;
      mpz_init (wq);
      mpz_init (wr);
      mpz_tdiv_qr (wq, wr, a[i], d[i]);
      if (mpz_cmp (wq, q[i]) != 0 || mpz_cmp (wr, r[i]) != 0)
        bad = 1;
      mpz_clear (wq);
      mpz_clear (wr);
    }
  if (mpzg_add_n (q, q, r, n) != MPZG_OK || mpzg_invert_n (r, a, d, exists, n) != MPZG_OK
      || mpzg_gcdext_n (q, r, NULL, a, d, n) != MPZG_OK || mpzg_powm_n (q, a, d, d, n) != MPZG_OK)
    bad = 1;
  if (mpzg_strerror (MPZG_EINVAL) == NULL || mpzg_error_index () != MPZG_NO_INDEX)
    bad = 1;
  for (size_t i = 0; i < n; i++)
    {
      mpz_clear (q[i]);
      mpz_clear (r[i]);
      mpz_clear (a[i]);
      mpz_clear (d[i]);
    }
  delete[] q;
  delete[] r;
  delete[] a;
  delete[] d;
  if (bad)
    std::printf ("cxx-header: wrong results\n");
  return bad;
}
