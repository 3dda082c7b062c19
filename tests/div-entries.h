/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-entries.h -- the division family's entries and the aliasings of outputs
   with inputs, for t-div (the library's settings) and t-gpu-div (every class of
   the device), so that both run the same calls the same ways. */
#ifndef MPZG_TESTS_DIV_ENTRIES_H
#define MPZG_TESTS_DIV_ENTRIES_H

#include "entries.h"

/* The entries' table, with the includer's operand generators: GEN for every
   entry but divexact, GEN_EXACT (exact input) for divexact. */
#define DIV_ENTRIES(GEN, GEN_EXACT)                                               \
  {                                                                               \
    { "tdiv_qr", 2, 2, 1, 0, 0, tst_call_tdiv_qr, tst_ref_tdiv_qr, GEN },         \
    { "tdiv_q", 1, 2, 1, 0, 0, tst_call_tdiv_q, tst_ref_tdiv_q, GEN },            \
    { "tdiv_r", 1, 2, 1, 0, 0, tst_call_tdiv_r, tst_ref_tdiv_r, GEN },            \
    { "fdiv_qr", 2, 2, 1, 0, 0, tst_call_fdiv_qr, tst_ref_fdiv_qr, GEN },         \
    { "fdiv_q", 1, 2, 1, 0, 0, tst_call_fdiv_q, tst_ref_fdiv_q, GEN },            \
    { "fdiv_r", 1, 2, 1, 0, 0, tst_call_fdiv_r, tst_ref_fdiv_r, GEN },            \
    { "cdiv_qr", 2, 2, 1, 0, 0, tst_call_cdiv_qr, tst_ref_cdiv_qr, GEN },         \
    { "cdiv_q", 1, 2, 1, 0, 0, tst_call_cdiv_q, tst_ref_cdiv_q, GEN },            \
    { "cdiv_r", 1, 2, 1, 0, 0, tst_call_cdiv_r, tst_ref_cdiv_r, GEN },            \
    { "mod", 1, 2, 1, 0, 0, tst_call_mod, tst_ref_mod, GEN },                     \
    { "divexact", 1, 2, 1, 0, 0, tst_call_divexact, tst_ref_divexact, GEN_EXACT }, \
  }

/* "none" first: t-gpu-div runs it where it runs one aliasing of each kind, and
   the other suite skips it (its other tests run the call unaliased). */
static const tst_alias div_aliases_qr[] = {
  { "none", { 0, 0 }, { 0 } },
  { "q == n", { 1, 0 }, { 0 } },
  { "q == d", { 2, 0 }, { 0 } },
  { "r == n", { 0, 1 }, { 0 } },
  { "r == d", { 0, 2 }, { 0 } },
  { "q == n, r == d", { 1, 2 }, { 0 } },
  { "q == d, r == n", { 2, 1 }, { 0 } },
  { "n == d", { 0, 0 }, { 0, 1 } },
  { "q == n == d", { 1, 0 }, { 0, 1 } },
  { "r == n == d", { 0, 1 }, { 0, 1 } },
};
static const tst_alias div_aliases_1[] = {
  { "none", { 0 }, { 0 } },
  { "rop == n", { 1 }, { 0 } },
  { "rop == d", { 2 }, { 0 } },
  { "n == d", { 0 }, { 0, 1 } },
  { "rop == n == d", { 1 }, { 0, 1 } },
};
/* The aliasings of op's entry and their number. */
#define DIV_ALIASES(op) ((op)->nout == 2 ? div_aliases_qr : div_aliases_1)
#define DIV_NALIAS(op) ((op)->nout == 2 ? sizeof div_aliases_qr / sizeof div_aliases_qr[0] \
                                         : sizeof div_aliases_1 / sizeof div_aliases_1[0])

#endif
