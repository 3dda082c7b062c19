/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-entries.h -- the gcd family's entries and the aliasings of outputs with
   inputs that each allows, for t-gcd (the library's settings) and t-gpu-gcd
   (every class of the device), so that both run the same calls the same ways. */
#ifndef MPZG_TESTS_GCD_ENTRIES_H
#define MPZG_TESTS_GCD_ENTRIES_H

#include "entries.h"

/* The entries' table, with the includer's operand generators: GEN for gcd and
   gcdext, GEN_INV for invert. */
#define GCD_ENTRIES(GEN, GEN_INV)                                                       \
  {                                                                                     \
    { "gcd", 1, 2, -1, 0, 0, tst_call_gcd, tst_ref_gcd, GEN },                          \
    { "gcdext(g,s,t)", 3, 2, -1, 0, 0, tst_call_gcdext, tst_ref_gcdext, GEN },          \
    { "gcdext(g,s,NULL)", 3, 2, -1, 0, 4, tst_call_gcdext, tst_ref_gcdext, GEN },       \
    { "gcdext(g,NULL,t)", 3, 2, -1, 0, 2, tst_call_gcdext, tst_ref_gcdext, GEN },       \
    { "gcdext(g,NULL,NULL)", 3, 2, -1, 0, 6, tst_call_gcdext, tst_ref_gcdext, GEN },    \
    { "invert", 1, 2, 1, 1, 0, tst_call_invert, tst_ref_invert, GEN_INV },              \
    { "invert(exists=NULL)", 1, 2, 1, 0, 0, tst_call_invert_noflags, tst_ref_invert,    \
      GEN_INV },                                                                        \
  }

/* "none" first (gcd and invert take common.h's tst_aliases_binary): t-gpu-gcd
   runs it where it runs one aliasing of each kind, and the other suite skips it
   (its other tests run the call unaliased). */
/* gcdext: g, s and t are different arrays, each may be a or b. */
static const tst_alias gcd_aliases_ext[] = {
  { "none", { 0, 0, 0 }, { 0 } },
  { "g == a", { 1, 0, 0 }, { 0 } },
  { "g == b", { 2, 0, 0 }, { 0 } },
  { "a == b", { 0, 0, 0 }, { 0, 1 } },
  { "g == a == b", { 1, 0, 0 }, { 0, 1 } },
  { "s == a", { 0, 1, 0 }, { 0 } },
  { "s == b", { 0, 2, 0 }, { 0 } },
  { "t == a", { 0, 0, 1 }, { 0 } },
  { "t == b", { 0, 0, 2 }, { 0 } },
  { "g == a, s == b", { 1, 2, 0 }, { 0 } },
  { "g == b, s == a", { 2, 1, 0 }, { 0 } },
  { "s == a, t == b", { 0, 1, 2 }, { 0 } },
  { "g == b, t == a", { 2, 0, 1 }, { 0 } },
  { "g == a, t == b", { 1, 0, 2 }, { 0 } },
};
#define GCD_MAX_ALIASES 16

/* The aliasings that op allows (none of an absent output) into list, at most
   GCD_MAX_ALIASES; returns how many. */
static size_t
gcd_aliases_for (const tst_op *op, tst_alias *list)
{
  size_t j, m = 0;
  if (op->nout == 1)
    for (j = 0; j < TST_NALIAS_BINARY; j++)
      list[m++] = tst_aliases_binary[j];
  else
    for (j = 0; j < sizeof gcd_aliases_ext / sizeof gcd_aliases_ext[0]; j++)
      if (!((op->absent & 2) && gcd_aliases_ext[j].out[1])
          && !((op->absent & 4) && gcd_aliases_ext[j].out[2]))
        list[m++] = gcd_aliases_ext[j];
  return m;
}

#endif
