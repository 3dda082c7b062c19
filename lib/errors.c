/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* errors.c -- status codes, their names, and the failing index of the last call. */

#include "mpzg-impl.h"

static _Thread_local size_t last_index = MPZG_NO_INDEX;

const char *
mpzg_strerror (int status)
{
  switch (status)
    {
    case MPZG_OK:             return "success";
    case MPZG_EINVAL:         return "invalid argument";
    case MPZG_EDIVBYZERO:     return "division by zero";
    case MPZG_ENOMEM:         return "out of memory";
    case MPZG_EDEVICE:        return "GPU not usable or CUDA failure";
    case MPZG_ENOTINVERTIBLE: return "no inverse exists";
    default:                  return "unknown status code";
    }
}

size_t
mpzg_error_index (void)
{
  return last_index;
}

int
mpzg_set_error (int status, size_t index)
{
  last_index = index;
  return status;
}
