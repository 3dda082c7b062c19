/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mpzg-mpn.h -- the mpn layer on the device: libmpzg's CUDA kernels behind a C interface.

   Unsigned 64-bit words in, words out, in device memory the caller owns; no mpz_t,
   no allocation, no knowledge of signs.  Per operation family: the size classes (a
   class is a padded shape, found from the operands' sizes), a shape query that says
   how one instance of a class is laid out and how much device scratch it needs (the
   "itch", as GMP's mpn_*_itch functions), a per-device setup, and a launcher.  The
   host side (lib/gpu/) packs operands into these layouts, copies them, launches and
   unpacks.  Plain C, so that the host side need not be compiled by nvcc.

   Launchers return 0 or the cudaError_t of the failure.  They queue work on the
   stream and do not wait for it. */
#ifndef MPZG_MPN_H
#define MPZG_MPN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long long mpzg_mpn_word;       /* a 64-bit limb on the device */
typedef struct CUstream_st *mpzg_mpn_stream;    /* a cudaStream_t */

/* What the launchers need to know of the device they run on; filled in once per
   device by the host's device state (lib/gpu/device.c). */
typedef struct
{
  int ordinal;
  int sms;                      /* multiprocessors */
  size_t smem_block;            /* shared memory a block gets without opting in */
  size_t smem_optin;            /* the most a block may opt into */
} mpzg_mpn_device;

/* Layouts of one chunk of `lanes` instances in a buffer.
   INTERLEAVED: word i of an operand of width w, instance j, at i*lanes + j, operands
     one after another (w*lanes words each); lanes is a multiple of MPZG_MPN_LANE_GROUP
     (the host pads with zero instances, whose results nobody reads).
   CONTIGUOUS: each operand's instances one after another, instance j of an operand of
     width w at j*w. */
enum { MPZG_MPN_INTERLEAVED = 0, MPZG_MPN_CONTIGUOUS = 1 };
#define MPZG_MPN_LANE_GROUP 8
/* The widest input or output of an interleaved class, in words, of any family (so that
   the host can stage a lane group through a fixed tile). */
#define MPZG_MPN_INTERLEAVED_MAX 64

/* One size class of a family: how many words an instance moves and what it needs. */
typedef struct
{
  unsigned cls;                 /* class index, in [0, the family's class count) */
  unsigned layout;              /* MPZG_MPN_INTERLEAVED or MPZG_MPN_CONTIGUOUS */
  unsigned w[3];                /* padded widths of the inputs, in words (0: unused) */
  unsigned ow[3];               /* padded widths of the outputs, in words (0: unused) */
  size_t in_bytes, out_bytes;   /* bytes per instance copied in and out (flags included) */
  size_t itch;                  /* device scratch words per instance */
} mpzg_mpn_shape;

/* Runs a trivial kernel on the current device and checks its result, so that a
   broken driver or a missing machine-code image shows before any arithmetic does.
   Returns 0 when it ran right, else a cudaError_t, or -1 for a wrong result. */
int mpzg_mpn_probe (void);

/* ---- add/sub of magnitudes ----
   r = x + y (flag 0) or x - y (flag 1, x >= y), x and y padded to one width w; the
   result is w words and a carry (0 after a subtraction).
   Inputs: x (w words), y (w words), then the flags: one byte per lane (INTERLEAVED,
   lanes' bytes in lane order) or one word per instance (CONTIGUOUS).
   Outputs: r (w words), then the carries in the same form as the flags. */
unsigned mpzg_mpn_addsub_classes (void);
size_t mpzg_mpn_addsub_max (void);              /* the widest operand, in words */
unsigned mpzg_mpn_addsub_class (size_t n);      /* n: the longer operand's size, <= max */
void mpzg_mpn_addsub_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_addsub_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_addsub (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                     const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                     size_t lanes, mpzg_mpn_stream s);

/* ---- mul: full products ----
   r = a * b with na >= nb; the class pads a to w[0] and b to w[1] (w[1] <= w[0]) and
   the product fills w[0] + w[1] words.  INTERLEAVED classes have w[0] == w[1].
   Inputs: a (w[0] words), b (w[1] words).  Output: r (w[0] + w[1] words). */
unsigned mpzg_mpn_mul_classes (void);
size_t mpzg_mpn_mul_max (void);                 /* the widest a, in words */
unsigned mpzg_mpn_mul_class (size_t na, size_t nb);   /* na >= nb, na <= max */
void mpzg_mpn_mul_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_mul_setup (const mpzg_mpn_device *dev);  /* shared-memory opt-in */
int mpzg_mpn_mul (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                  const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                  size_t lanes, mpzg_mpn_stream s);

/* ---- mul_grid: long products over the whole device ----
   count products r = a * b of Ma by Mb words (Ma, Mb >= 1, Ma + Mb at most
   mpzg_mpn_mul_grid_max ()), one after another: product i's a at a + i Ma, b at
   b + i Mb, r (Ma + Mb words) at r + i (Ma + Mb); a == b with Ma == Mb squares.
   Each product's transforms run in passes of thread blocks over the whole device,
   so one product fills it from about 2^16 words up.  Scratch: itch words per product
   (mpzg_mpn_mul_grid_itch, 0 when the product is too long), device memory whose
   contents need not be kept.  r must not overlap a, b or the scratch.  The setup
   (the root tables, the shared-memory opt-in) runs once per device before the first
   call on it. */
size_t mpzg_mpn_mul_grid_max (void);            /* the longest Ma + Mb, in words */
size_t mpzg_mpn_mul_grid_itch (size_t Ma, size_t Mb);
int mpzg_mpn_mul_grid_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_mul_grid (const mpzg_mpn_device *dev, const mpzg_mpn_word *a,
                       const mpzg_mpn_word *b, mpzg_mpn_word *r, size_t Ma, size_t Mb,
                       size_t count, mpzg_mpn_word *scratch, mpzg_mpn_stream s);
/* One product (count 1) in two calls on the same stream and scratch, so that b
   may still be on its way to the device during the first: mpzg_mpn_mul_grid_a
   transforms a (reading only a), mpzg_mpn_mul_grid_rest does the rest with the
   same a, Ma and Mb (a square: a == b, as above). */
int mpzg_mpn_mul_grid_a (const mpzg_mpn_device *dev, const mpzg_mpn_word *a, size_t Ma,
                         size_t Mb, mpzg_mpn_word *scratch, mpzg_mpn_stream s);
int mpzg_mpn_mul_grid_rest (const mpzg_mpn_device *dev, const mpzg_mpn_word *a,
                            const mpzg_mpn_word *b, mpzg_mpn_word *r, size_t Ma, size_t Mb,
                            mpzg_mpn_word *scratch, mpzg_mpn_stream s);

/* ---- divrem: quotient and remainder of magnitudes ----
   n = q d + r, 0 <= r < d, d != 0 (a zero divisor, as in the zero instances that
   pad a chunk, gives q = 0 and r = 0).  The class pads n to w[0] and d to w[1]
   words (w[1] <= w[0]); a dividend shorter than the divisor gives q = 0, r = n.
   Inputs: n (w[0] words), d (w[1] words).  Outputs: q (ow[0] words: w[0] - dmin + 1,
   dmin the smallest divisor size the class takes, so the longest quotient of the
   class fits), then r (ow[1] = w[1] words); both zero above their own sizes.
   INTERLEAVED classes; no scratch (itch 0). */
unsigned mpzg_mpn_divrem_classes (void);
size_t mpzg_mpn_divrem_max (void);              /* the widest n or d, in words */
unsigned mpzg_mpn_divrem_class (size_t nn, size_t nd);  /* 1 <= nd, nn and nd <= max */
void mpzg_mpn_divrem_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_divrem_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_divrem (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                     const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                     size_t lanes, mpzg_mpn_stream s);

/* ---- divexact: exact quotient of magnitudes ----
   q = n / d for d != 0 dividing n, by Hensel's division (low words first).  The
   classes, their widths and layouts are divrem's (the same class for the same
   sizes, the same inputs); the output is the quotient alone: q (ow[0] words, as
   divrem's, zero above its own size), ow[1] = 0.  For n that d does not divide,
   q = n' / d' mod B^(nn - nd + 1) (nn, nd the significant sizes; n', d' = n, d
   divided by the largest power of two dividing d, rounded down), no word outside
   the operands read or outside q written; a zero divisor, as in the zero
   instances that pad a chunk, or nn < nd gives q = 0.  No scratch (itch 0). */
unsigned mpzg_mpn_divexact_classes (void);
size_t mpzg_mpn_divexact_max (void);            /* the widest n or d, in words */
unsigned mpzg_mpn_divexact_class (size_t nn, size_t nd);  /* 1 <= nd, nn and nd <= max */
void mpzg_mpn_divexact_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_divexact_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_divexact (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                       const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                       size_t lanes, mpzg_mpn_stream s);

/* ---- gcd: greatest common divisor of magnitudes ----
   g = gcd (a, b) (gcd (a, 0) = a, gcd (0, 0) = 0).  The class pads both a and b to
   one width w[0] = w[1] (the smallest class width holding the longer operand).
   Inputs: a (w[0] words), b (w[1] words).  Output: g (ow[0] = w[0] words, zero above
   its own size).  INTERLEAVED classes; no scratch (itch 0). */
unsigned mpzg_mpn_gcd_classes (void);
size_t mpzg_mpn_gcd_max (void);                 /* the widest operand, in words */
unsigned mpzg_mpn_gcd_class (size_t n);         /* n: the longer operand's size, <= max */
void mpzg_mpn_gcd_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_gcd_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_gcd (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                  const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                  size_t lanes, mpzg_mpn_stream s);

/* ---- gcdext: the gcd of magnitudes and one cofactor ----
   For x = a, y = b with 2^k the largest power of two dividing both: g = gcd (x, y)
   and v with, when y / 2^k is odd, x v = g (mod y) and 0 <= v < y / 2^k, otherwise
   y v = g (mod x) and 0 <= v < x / 2^k; a zero operand gives g = x + y and v = 0.
   Classes as gcd's (w[0] = w[1]).  Inputs: a (w[0] words), b (w[1] words).
   Outputs: g (ow[0] = w[0] words), then v (ow[1] = w[0] words), each zero above its
   own size.  INTERLEAVED (one thread per instance) or CONTIGUOUS (cooperative)
   classes, as the shape says; no scratch (itch 0). */
unsigned mpzg_mpn_gcdext_classes (void);
size_t mpzg_mpn_gcdext_max (void);              /* the widest operand, in words */
unsigned mpzg_mpn_gcdext_class (size_t n);      /* n: the longer operand's size, <= max */
void mpzg_mpn_gcdext_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_gcdext_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_gcdext (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                     const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                     size_t lanes, mpzg_mpn_stream s);
/* The same, then on the INTERLEAVED classes GMP's cofactors where g = 1
   (gcd/gcdext-norm.cuh): their shape's outputs are g, v, then t (ow[2] = w[0]
   words), then one word of flags per instance (GCDEXT_NORM_*); where the flags
   say valid, v holds |c| and t |t| of that file, else v and t are as
   mpzg_mpn_gcdext leaves them.  The CONTIGUOUS classes' shape and outputs are
   mpzg_mpn_gcdext's. */
void mpzg_mpn_gcdext_norm_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_gcdext_norm (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                          const mpzg_mpn_word *in, mpzg_mpn_word *out,
                          mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s);

/* ---- powm: modular exponentiation ----
   r = b^e mod m for m >= 1, odd or even (a zero modulus, as in the zero instances
   that pad a chunk, gives garbage, never a fault), and b < 2^(64 w[0]) (b >= m
   allowed).  The class pads b and m to N = w[0] = w[2] words and e to w[1]
   words; e = 0 gives 1 mod m.  Inputs: b (N words), e (w[1] words), m (N
   words).  Output: r (N words, r < m).  INTERLEAVED classes; scratch: the window
   table, itch words per instance.  The sequence of operations of an instance
   depends on e's size in words, not on its bits (the table rows it reads do),
   except for an even m = 2^k m', whose power mod 2^k takes min (k - 2, the bits
   of e) steps for an odd b and those of e's top word for an even one, and for
   m = 2^k, whose odd part 1 skips the Montgomery steps. */
unsigned mpzg_mpn_powm_classes (void);
size_t mpzg_mpn_powm_max (void);                /* the widest b, e or m, in words */
unsigned mpzg_mpn_powm_class (size_t nb, size_t ne, size_t nm);  /* each <= max */
void mpzg_mpn_powm_shape (unsigned cls, mpzg_mpn_shape *sh);
int mpzg_mpn_powm_setup (const mpzg_mpn_device *dev);
int mpzg_mpn_powm (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                   const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                   size_t lanes, mpzg_mpn_stream s);

#ifdef __cplusplus
}
#endif

#endif
