/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* settings.c -- the library's settings, from the environment and the settings API,
   and what they resolve to for one call. */

#include <config.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "mpzg-impl.h"
#include "gpu.h"

static int
online_cores (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n >= 1 ? (int) n : 1;
}

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int backend = MPZG_BACKEND_AUTO;
static int threads_setting = 0;   /* 0: all online cores */
static int verbose = 0;
static int ordinal = 0;
static int env_backend_bad = 0;   /* MPZG_BACKEND held something else: every call is EINVAL */
static int cores = 1;             /* online cores, read once with the environment */
/* MPZG_DEVICE named the device and nothing changed it since: when that device is
   unusable, say so once (0: nothing to say, 1: not said yet, 2: said). */
static int device_from_env = 0;

/* The highest MPZG_VERBOSE level that means something. */
#define MPZG_VERBOSE_MAX 2

/* Parses s, a whole decimal integer with an optional '-' (no blanks, no '+', no
   other base), into *v clamped to [lo, hi].  Returns 1 if s was in range, 0 if it
   was an integer out of range (too long ones included), -1 if it was no integer. */
static int
parse_int (const char *s, long lo, long hi, long *v)
{
  const char *d = s[0] == '-' ? s + 1 : s;
  char *end;
  long x;
  if (!isdigit ((unsigned char) d[0]))
    return -1;
  errno = 0;
  x = strtol (s, &end, 10);
  if (*end != '\0')
    return -1;
  if (errno == ERANGE)
    x = s[0] == '-' ? LONG_MIN : LONG_MAX;
  *v = x < lo ? lo : x > hi ? hi : x;
  return x >= lo && x <= hi;
}

/* Reads the environment, once per process.  A bad value is reported here, hence
   once, with what is accepted and what the library does instead: a number out of
   range is clamped, anything else leaves the default (MPZG_BACKEND: calls fail). */
static void
read_env (void)
{
  const char *s;
  long v;
  int r;
  cores = online_cores ();
  if ((s = getenv ("MPZG_BACKEND")) != NULL && *s)
    {
      if (strcasecmp (s, "auto") == 0)
        backend = MPZG_BACKEND_AUTO;
      else if (strcasecmp (s, "cpu") == 0)
        backend = MPZG_BACKEND_CPU;
      else if (strcasecmp (s, "cuda") == 0)
        backend = MPZG_BACKEND_CUDA;
      else
        {
          env_backend_bad = 1;
          fprintf (stderr, "mpzg: MPZG_BACKEND=%s is not auto, cpu or cuda;"
                   " calls fail with MPZG_EINVAL\n", s);
        }
    }
  if ((s = getenv ("MPZG_THREADS")) != NULL && *s)
    {
      r = parse_int (s, 0, cores, &v);
      if (r < 0)
        v = 0;
      threads_setting = (int) v;
      if (r <= 0)
        fprintf (stderr, "mpzg: MPZG_THREADS=%s is not 0 (all online cores) or a number"
                 " of threads from 1 to %d (the online cores); using %d\n",
                 s, cores, v > 0 ? (int) v : cores);
    }
  if ((s = getenv ("MPZG_VERBOSE")) != NULL && *s)
    {
      r = parse_int (s, 0, MPZG_VERBOSE_MAX, &v);
      verbose = r < 0 ? 0 : (int) v;
      if (r <= 0)
        fprintf (stderr, "mpzg: MPZG_VERBOSE=%s is not 0, 1 or 2; using %d\n", s, verbose);
    }
  if ((s = getenv ("MPZG_DEVICE")) != NULL && *s)
    {
      r = parse_int (s, 0, INT_MAX, &v);
      if (r > 0)
        {
          ordinal = (int) v;
          device_from_env = 1;
        }
      else
        fprintf (stderr, "mpzg: MPZG_DEVICE=%s is not a device number (0, 1, ...);"
                 " using device 0\n", s);
    }
}

/* MPZG_DEVICE named a device that the probe finds unusable: says so once. */
static void
report_env_device (int forced)
{
  char why[256];
  int say;
  pthread_mutex_lock (&lock);
  say = device_from_env == 1;
  if (say)
    device_from_env = 2;
  pthread_mutex_unlock (&lock);
  if (!say)
    return;
  mpzg_gpu_probe (ordinal, why, sizeof why);
  fprintf (stderr, "mpzg: MPZG_DEVICE=%d is not usable (%s); %s\n", ordinal, why,
           forced ? "calls fail with MPZG_EDEVICE" : "running on the CPU");
}

static void
init (void)
{
  pthread_once (&env_once, read_env);
}

#define SETTER(name, var, cond)                 \
  int name (int value)                          \
  {                                             \
    if (!(cond))                                \
      return MPZG_EINVAL;                       \
    init ();                                    \
    pthread_mutex_lock (&lock);                 \
    var = value;                                \
    pthread_mutex_unlock (&lock);               \
    return MPZG_OK;                             \
  }

SETTER (mpzg_set_threads, threads_setting, value >= 0)
SETTER (mpzg_set_verbose, verbose, value >= 0)

int
mpzg_set_device (int value)
{
  if (value < 0)
    return MPZG_EINVAL;
  init ();
  pthread_mutex_lock (&lock);
  ordinal = value;
  device_from_env = 0;          /* the program chose: its own checks apply */
  pthread_mutex_unlock (&lock);
  return MPZG_OK;
}

int
mpzg_set_backend (int value)
{
  if (value != MPZG_BACKEND_AUTO && value != MPZG_BACKEND_CPU && value != MPZG_BACKEND_CUDA)
    return MPZG_EINVAL;
  init ();
  pthread_mutex_lock (&lock);
  backend = value;
  env_backend_bad = 0;
  pthread_mutex_unlock (&lock);
  return MPZG_OK;
}

/* Reads one setting under the lock. */
static int
read_setting (const int *var)
{
  int v;
  init ();
  pthread_mutex_lock (&lock);
  v = *var;
  pthread_mutex_unlock (&lock);
  return v;
}

int mpzg_get_backend (void) { return read_setting (&backend); }
int mpzg_get_verbose (void) { return read_setting (&verbose); }

int
mpzg_get_threads (void)
{
  int t = read_setting (&threads_setting);
  return t > 0 ? t : cores;
}

int
mpzg_config_get (mpzg_config *cfg)
{
  int b, bad, from_env;
  init ();
  pthread_mutex_lock (&lock);
  b = backend;
  bad = env_backend_bad;
  from_env = device_from_env == 1;
  cfg->threads = threads_setting > 0 ? threads_setting : cores;
  cfg->verbose = verbose;
  cfg->ordinal = ordinal;
  pthread_mutex_unlock (&lock);
  if (bad)
    return MPZG_EINVAL;
  cfg->forced_gpu = b == MPZG_BACKEND_CUDA;
  cfg->from_env = from_env;
  cfg->use_gpu = b == MPZG_BACKEND_CPU ? 0 : -1;
  /* a device named by MPZG_DEVICE is probed at once, so that an unusable one is
     reported at the first call, whatever its sizes */
  if (cfg->forced_gpu || from_env)
    mpzg_config_use_gpu (cfg);
  return cfg->forced_gpu && !cfg->use_gpu ? MPZG_EDEVICE : MPZG_OK;
}

int
mpzg_config_use_gpu (mpzg_config *cfg)
{
  if (cfg->use_gpu < 0)
    {
      cfg->use_gpu = mpzg_gpu_probe (cfg->ordinal, NULL, 0);
      if (cfg->from_env && !cfg->use_gpu)
        report_env_device (cfg->forced_gpu);
    }
  return cfg->use_gpu;
}

int
mpzg_backend (char *desc, size_t size)
{
  mpzg_config cfg;
  char gpu[256];
  int status = mpzg_config_get (&cfg);
  int b = mpzg_get_backend ();
  int gpu_ok = mpzg_gpu_probe (cfg.ordinal, gpu, sizeof gpu);

  if (desc != NULL && size > 0)
    {
      if (status == MPZG_EINVAL)
        snprintf (desc, size, "no backend: MPZG_BACKEND is not auto, cpu or cuda");
      else if (b == MPZG_BACKEND_CPU)
        snprintf (desc, size, "CPU, GMP on %d thread%s (backend set to cpu)",
                  cfg.threads, cfg.threads == 1 ? "" : "s");
      else if (gpu_ok)
        snprintf (desc, size, "GPU %s (backend %s), GMP on %d thread%s for elements above the GPU sizes",
                  gpu, b == MPZG_BACKEND_CUDA ? "cuda" : "auto",
                  cfg.threads, cfg.threads == 1 ? "" : "s");
      else if (b == MPZG_BACKEND_CUDA)
        snprintf (desc, size, "none: backend set to cuda but no GPU is usable (%s); calls fail with MPZG_EDEVICE", gpu);
      else
        snprintf (desc, size, "CPU, GMP on %d thread%s (no GPU: %s)",
                  cfg.threads, cfg.threads == 1 ? "" : "s", gpu);
    }
  return gpu_ok && b != MPZG_BACKEND_CPU ? MPZG_BACKEND_CUDA : MPZG_BACKEND_CPU;
}

int
mpzg_have_cuda (void)
{
#ifdef HAVE_CUDA
  return 1;
#else
  return 0;
#endif
}

const char *
mpzg_version (void)
{
  return MPZG_VERSION_STRING;
}
