/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-radix.cuh -- the transform of a column of R <= 16 points held in registers,
   R = 2^q or 3 * 2^q dividing 192, over the field of ntt-field.cuh: its roots of
   unity are powers of two (2 has order 192, w_R = 2^(192 / R)), so every product
   inside the column is a shift (mul_2exp).  The building block of the tiles of the
   whole-device transform (ntt-grid-core.cuh); a caller's root table must agree, its root
   of order R being 2^(192 / R). */
#ifndef MPZG_NTT_RADIX_CUH
#define MPZG_NTT_RADIX_CUH

#include "ntt-field.cuh"

namespace mpzg {
namespace ntt {

/* The length-R transform of x[0..R) in registers (R = 2^q or 3 * 2^q, R <= 16, so
   R divides 192 and w_R = 2^(192 / R)), decimation in frequency: with R = 3Q a
   radix-3 layer at stride Q first (its twiddles w_R^(j a)), then radix-2 layers
   (block 2h, twiddle w_2h^j = 2^(96 j / h)).  Slot j = a Q + b (a < 3, b < Q) ends
   holding frequency a + 3 bitrev(b); with R = Q, bitrev(j). */
template <unsigned R>
struct radix
{
  static constexpr unsigned Q = R % 3 ? R : R / 3;
  static constexpr unsigned q = Q >= 16 ? 4 : Q >= 8 ? 3 : Q >= 4 ? 2 : Q >= 2 ? 1 : 0;
  static constexpr unsigned E = 192 / R;
  static constexpr unsigned points = R;

  static_assert (R <= 16 && (Q & (Q - 1)) == 0 && 192 % R == 0, "a radix of the plans");

  MPZG_NTT_HD static constexpr unsigned
  freq (unsigned j)
  {
    unsigned a = j / Q, b = j % Q, r = 0;
    for (unsigned i = 0; i < q; i++)
      r |= ((b >> i) & 1) << (q - 1 - i);
    return R == Q ? r : a + 3 * r;
  }

  MPZG_NTT_HD static void
  fwd (u64 *x)
  {
    if (R != Q)
      {
MPZG_NTT_UNROLL
        for (unsigned j = 0; j < Q; j++)
          {
            u64 x0 = x[j], x1 = x[j + Q], x2 = x[j + 2 * Q];
            u64 u = mul_2exp (sub (x1, x2), 64);      /* w3 = 2^64, w3^2 = -1 - w3 */
            x[j] = add (x0, add (x1, x2));
            x[j + Q] = mul_2exp (add (sub (x0, x2), u), E * j);
            x[j + 2 * Q] = mul_2exp (sub (sub (x0, x1), u), 2 * E * j);
          }
      }
MPZG_NTT_UNROLL
    for (unsigned l = q; l-- > 0;)
      {
        const unsigned h = 1u << l;
MPZG_NTT_UNROLL
        for (unsigned k = 0; k < R / 2; k++)
          {
            unsigned j = k & (h - 1), i = ((k >> l) << (l + 1)) + j;
            u64 u = x[i], v = x[i + h];
            x[i] = add (u, v);
            x[i + h] = mul_2exp (sub (u, v), j * (96 / h));
          }
      }
  }

  /* The inverse, without the factor 1 / R: radix-2 layers undone (a product by
     w^-e = 2^(192 - e) = -2^(96 - e)), then the radix-3 layer (w3^-1 = 2^128). */
  MPZG_NTT_HD static void
  inv (u64 *x)
  {
MPZG_NTT_UNROLL
    for (unsigned l = 0; l < q; l++)
      {
        const unsigned h = 1u << l;
MPZG_NTT_UNROLL
        for (unsigned k = 0; k < R / 2; k++)
          {
            unsigned j = k & (h - 1), i = ((k >> l) << (l + 1)) + j;
            u64 u = x[i], v = x[i + h];
            if (j)
              {
                v = mul_2exp (v, 96 - j * (96 / h));
                x[i] = sub (u, v);
                x[i + h] = add (u, v);
              }
            else
              {
                x[i] = add (u, v);
                x[i + h] = sub (u, v);
              }
          }
      }
    if (R != Q)
      {
MPZG_NTT_UNROLL
        for (unsigned j = 0; j < Q; j++)
          {
            u64 x0 = x[j], x1 = mul_2exp (x[j + Q], (192 - E * j) % 192);
            u64 x2 = mul_2exp (x[j + 2 * Q], (192 - 2 * E * j) % 192);
            u64 u = mul_2exp (sub (x1, x2), 128);
            x[j] = add (x0, add (x1, x2));
            x[j + Q] = add (sub (x0, x2), u);
            x[j + 2 * Q] = sub (sub (x0, x1), u);
          }
      }
  }
};

} /* namespace ntt */
} /* namespace mpzg */

#endif
