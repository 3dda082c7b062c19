/* settings.c -- the library's settings, from the environment and the settings API,
   and what they resolve to for one call. */

#include <config.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "mpzg-impl.h"
#include "gpu.h"

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int backend = MPZG_BACKEND_AUTO;
static int threads_setting = 0;   /* 0: all online cores */
static int verbose = 0;
static int ordinal = 0;
static int env_backend_bad = 0;   /* MPZG_BACKEND held something else: every call is EINVAL */

static int
online_cores (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n >= 1 ? (int) n : 1;
}

static void
read_env (void)
{
  const char *s;
  if ((s = getenv ("MPZG_BACKEND")) != NULL && *s)
    {
      if (strcasecmp (s, "auto") == 0)
        backend = MPZG_BACKEND_AUTO;
      else if (strcasecmp (s, "cpu") == 0)
        backend = MPZG_BACKEND_CPU;
      else if (strcasecmp (s, "cuda") == 0)
        backend = MPZG_BACKEND_CUDA;
      else
        env_backend_bad = 1;
    }
  if ((s = getenv ("MPZG_THREADS")) != NULL && *s)
    threads_setting = atoi (s) > 0 ? atoi (s) : 0;
  if ((s = getenv ("MPZG_VERBOSE")) != NULL && *s)
    verbose = atoi (s);
  if ((s = getenv ("MPZG_DEVICE")) != NULL && *s)
    ordinal = atoi (s) >= 0 ? atoi (s) : 0;
  if (env_backend_bad)
    fprintf (stderr, "mpzg: MPZG_BACKEND=%s is not auto, cpu or cuda; calls fail with MPZG_EINVAL\n", s);
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
SETTER (mpzg_set_device, ordinal, value >= 0)

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
  return t > 0 ? t : online_cores ();
}

int
mpzg_config_get (mpzg_config *cfg)
{
  int b, bad;
  init ();
  pthread_mutex_lock (&lock);
  b = backend;
  bad = env_backend_bad;
  cfg->threads = threads_setting > 0 ? threads_setting : online_cores ();
  cfg->verbose = verbose;
  cfg->ordinal = ordinal;
  pthread_mutex_unlock (&lock);
  if (bad)
    return MPZG_EINVAL;
  cfg->forced_gpu = b == MPZG_BACKEND_CUDA;
  cfg->use_gpu = b != MPZG_BACKEND_CPU && mpzg_gpu_probe (cfg->ordinal, NULL, 0);
  if (cfg->forced_gpu && !cfg->use_gpu)
    return MPZG_EDEVICE;
  return MPZG_OK;
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
