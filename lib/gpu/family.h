/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* family.h -- what the generic GPU path knows of an operation family, and the plan
   of one call that the family's hooks fill in and read.

   A family (add/sub, mul; division, the gcd family, powm next) is a descriptor of
   hooks.  The generic code (plan.c, pipeline.c, resident.c) knows no operation: it
   asks the family to plan a range of elements (size class, operand order, signs),
   for the shape of each class (cuda/mpzg-mpn.h: layout, widths, bytes moved, device
   scratch), to pack and unpack a range of a chunk, and to launch a chunk.  Hooks
   take ranges, never single elements, so that the packing loops inside a family
   stay monomorphic and as fast as a hand-written loop. */
#ifndef MPZG_GPU_FAMILY_H
#define MPZG_GPU_FAMILY_H

#include <stddef.h>
#include <gmp.h>
#include "mpzg-mpn.h"
#include "gpu.h"

typedef mpzg_mpn_word mpzg_word;

/* One element's plan: 24 bytes, written once per element while planning and read
   by packing and unpacking (at 2^8 bits, 4M elements, the plan entries are a
   quarter of the bytes the host moves).  The fields after `e` are the family's to
   define, within these meanings. */
typedef struct
{
  size_t e;                     /* element index in the call's arrays */
  unsigned n[3];                /* sizes of the packed inputs, in words */
  unsigned short cls;           /* size class (MPZG_GPU_MAX_CLASSES) */
  unsigned char flag;           /* the kernel's per-instance flag (add/sub: subtract) */
  unsigned char perm : 1;       /* operand order (add/sub, mul: 1 when a and b are swapped) */
  unsigned char cmp : 1;        /* a decision left to packing time (add/sub: compare) */
  unsigned char neg : 3;        /* bit k: output k is negative */
} mpzg_gpu_elem;

/* The most size classes a family may have (mpzg_gpu_elem.cls). */
#define MPZG_GPU_MAX_CLASSES 65536

/* The elements of one class, and its shape. */
typedef struct
{
  mpzg_mpn_shape sh;
  size_t count, first;          /* elements, and the first position in the plan's order */
} mpzg_gpu_class;

/* A chunk: up to one slot's worth of consecutive positions of one class. */
typedef struct
{
  unsigned cls;
  size_t first, count;          /* positions in the plan's order */
  size_t lanes;                 /* instances in the layout: count, or padded (interleaved) */
  size_t in_off, out_off, scratch_off;  /* words into the buffers (resident batches) */
} mpzg_gpu_chunk;

typedef struct mpzg_gpu_family mpzg_gpu_family;

typedef struct
{
  const mpzg_gpu_family *fam;
  mpz_t *out[3], *in[3];        /* the call's arrays, as the batch names them */
  int *flags;                   /* per-element result flags (invert's), or NULL */
  const size_t *idx;            /* position -> element, or NULL: position k is element k */
  size_t m;                     /* elements */
  mpzg_gpu_elem *mt;            /* per position */
  size_t *order;                /* positions grouped by class; NULL: one class, in order */
  int mixed;                    /* more than one class (set while planning) */
  int hint;                     /* the family's own choice for the whole call, made
                                   when its plan hook gets position 0 (alone, first) */
  mpzg_gpu_class *ci;
  unsigned ncls;
  mpzg_gpu_chunk *ch;
  size_t nch;
  size_t in_words, out_words, scratch_words;  /* the chunks' words in all */
  int threads;
  size_t bad_index;             /* lowest element with an element error (MPZG_NO_INDEX) */
  int bad_status;
} mpzg_gpu_plan;

/* A pack or unpack hook's view of one chunk: buf is the chunk's input words (pack)
   or output words (unpack), laid out as the class's shape says. */
typedef struct
{
  mpzg_gpu_plan *p;
  const mpzg_gpu_chunk *c;
  mpzg_word *buf;
} mpzg_gpu_xfer;

struct mpzg_gpu_family
{
  const char *name;             /* "mul": for MPZG_VERBOSE */
  /* Classes: their number, the largest element (the largest input's size, in
     limbs) the GPU takes, and each class's shape (cuda/mpzg-mpn.h). */
  unsigned (*classes) (void);
  size_t (*max_limbs) (void);
  void (*shape) (unsigned cls, mpzg_mpn_shape *sh);
  /* Optional (NULL: every element within max_limbs): whether the GPU takes element
     e of the call's inputs, for families whose kernels cover only part of the
     domain.  The dispatcher (batch.c, through mpzg_gpu_takes) sends the others
     to the CPU; it asks only for elements within max_limbs whose divisor is
     non-zero.  Runs on several threads at once, once or twice
     per element: keep it to a few loads. */
  int (*takes) (mpz_t *const in[3], size_t e);
  /* Auto mode: is sending `count` elements of `limbs` input limbs in all worth it? */
  int (*worthwhile) (size_t count, size_t limbs);
  /* Plans positions [begin, end): fills p->mt[k] (mpzg_gpu_plan_elem gives the
     element of a position).  Runs on several threads at once. */
  void (*plan) (mpzg_gpu_plan *p, size_t begin, size_t end);
  /* Packs units [begin, end) of a chunk into x->buf, unpacks them from it into the
     outputs.  A unit is a group of MPZG_MPN_LANE_GROUP lanes for interleaved
     classes, an element otherwise (mpzg_gpu_units).  Run on several threads at
     once, on disjoint ranges; each ends with mpzg_stream_fence. */
  void (*pack) (const mpzg_gpu_xfer *x, size_t begin, size_t end);
  void (*unpack) (const mpzg_gpu_xfer *x, size_t begin, size_t end);
  /* Optional (NULL: all of it): the words [*first, *first + *n) of a chunk's output
     (of `lanes` lanes of shape sh) that unpack reads; only those come back from the
     device.  For families whose calls want part of the kernels' outputs: mod, or
     tdiv_q, returns one of the division's quotient and remainder. */
  void (*out_span) (const mpzg_mpn_shape *sh, size_t lanes, size_t *first, size_t *n);
  /* Makes room in the outputs of elements [begin, end) of chunk x->c (positions in
     the chunk, buf unused) for their results; returns how many outputs grew.  Runs
     on several threads at once, on disjoint ranges, in the step after the chunk was
     packed: the outputs that must grow (fresh ones, as in a ported program's first
     call) are allocated ahead of the unpacking, which then only writes.  Values are
     preserved: an output may be an input still needed if the device fails.  Only a
     speed-up: unpack must still make room where it is missing (mpz_limbs_write
     does), so the pipeline stops growing a chunk whose first MPZG_GROW_PROBE
     outputs all had room.  NULL: outputs grow only as they are unpacked. */
  size_t (*grow) (const mpzg_gpu_xfer *x, size_t begin, size_t end);
  /* Once per device before the first launch there (that device current). */
  int (*setup) (const mpzg_mpn_device *dev);
  /* Queues the kernels of one chunk of `lanes` instances of shape sh. */
  int (*launch) (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                 const mpzg_word *in, mpzg_word *out, mpzg_word *scratch, size_t lanes,
                 mpzg_mpn_stream s);
  /* Optional (NULL: none): the path for single elements above max_limbs, outside
     the pipeline, each with device buffers of its own (mul: mul-huge.c).
     huge_takes says whether it takes element e (above max_limbs, its divisor
     non-zero; forced: MPZG_BACKEND=cuda, else auto mode's choice), through
     mpzg_gpu_huge_takes; it runs on several threads at once, keep it to a few
     loads.  huge_run computes a job of such elements, with mpzg_gpu_run's
     contract (mpzg_gpu_run_huge). */
  int (*huge_takes) (mpz_t *const in[3], size_t e, int forced);
  int (*huge_run) (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone);
};

/* ---- plan.c ---- */

/* The element planned at position k (before grouping). */
static inline size_t
mpzg_gpu_plan_elem (const mpzg_gpu_plan *p, size_t k)
{
  return p->idx ? p->idx[k] : k;
}

/* The plan entry at position pos of the class-grouped order. */
static inline mpzg_gpu_elem *
mpzg_gpu_at (const mpzg_gpu_plan *p, size_t pos)
{
  return &p->mt[p->order ? p->order[pos] : pos];
}

/* Plans the call's m elements (fam, out, in, flags, idx, m, threads set by the
   caller): classes, grouping, and chunks of at most max_words words in or out and
   MPZG_SCRATCH_WORDS words of device scratch (max_words 0: one chunk per class, laid out one after another, for resident
   batches).  Returns MPZG_OK or MPZG_ENOMEM. */
int mpzg_gpu_plan_make (mpzg_gpu_plan *p, size_t max_words);
void mpzg_gpu_plan_free (mpzg_gpu_plan *p);

/* Words a chunk moves in (out = 0) or out (out = 1), and the device scratch it needs. */
size_t mpzg_gpu_chunk_words (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, int out);
size_t mpzg_gpu_chunk_scratch (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c);

/* The units pack and unpack take for chunk c, and the cost of one (for grouping). */
size_t mpzg_gpu_units (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, size_t *cost);

/* Packs (unpack = 0) or unpacks all of chunk c on the plan's threads. */
int mpzg_gpu_xfer_all (mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, mpzg_word *buf, int unpack);

/* Records an element error of element e (an unpack hook's per-element status, such
   as a non-invertible element): the lowest one decides the call's status. */
void mpzg_gpu_elem_error (mpzg_gpu_plan *p, size_t e, int status);

#endif
