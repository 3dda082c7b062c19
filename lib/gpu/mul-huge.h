/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mul-huge.h -- mul's path for elements above the pipeline's limit (mul-huge.c),
   the hooks huge_takes and huge_run of its family descriptor (fam-mul.c). */
#ifndef MPZG_GPU_MUL_HUGE_H
#define MPZG_GPU_MUL_HUGE_H

#include "family.h"

int mpzg_gpu_mul_huge_takes (mpz_t *const in[3], size_t e, int forced);
int mpzg_gpu_mul_huge_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone,
                           size_t *nundone);

#endif
