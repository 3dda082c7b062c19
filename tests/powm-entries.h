/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-entries.h -- powm's entry and the aliasings of its output with its
   inputs, for t-powm (the library's settings) and t-gpu-powm (every class of
   the device), so that both run the same calls the same ways. */
#ifndef MPZG_TESTS_POWM_ENTRIES_H
#define MPZG_TESTS_POWM_ENTRIES_H

#include "entries.h"

/* The entry, with the includer's operand generator. */
#define POWM_ENTRY(GEN) { "powm", 1, 3, 2, 0, 0, tst_call_powm, tst_ref_powm, GEN }

/* "none" first: t-gpu-powm runs it where it runs one aliasing of each kind, and
   the other suite skips it (its other tests run the call unaliased). */
static const tst_alias powm_aliases[] = {
  { "none", { 0 }, { 0 } },
  { "rop == base", { 1 }, { 0 } },
  { "rop == exp", { 2 }, { 0 } },
  { "rop == mod", { 3 }, { 0 } },
  { "base == exp", { 0 }, { 0, 1, 0 } },
  { "base == mod", { 0 }, { 0, 0, 1 } },
  { "exp == mod", { 0 }, { 0, 0, 2 } },
  { "rop == base == mod", { 1 }, { 0, 0, 1 } },
  { "rop == exp == mod", { 2 }, { 0, 0, 2 } },
  { "rop == base == exp == mod", { 1 }, { 0, 1, 1 } },
};
#define POWM_NALIAS (sizeof powm_aliases / sizeof powm_aliases[0])
/* Indices of two of them that callers name. */
#define POWM_ALIAS_ROP_BASE 1
#define POWM_ALIAS_ROP_MOD 3

#endif
