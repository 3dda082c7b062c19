/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bench.c -- mpzg-bench: per operation and size, GMP on one core, GMP on all cores,
   mpzg end to end and kernel-only, in one run, every mpzg result checked against
   GMP; a table on stdout and a CSV file.  Options in usage() below. */

#include <config.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <mpzg.h>
#include "gpu.h"
#include "bench.h"

#define MAX_BITS_LIST 64
#define MAX_OPS 16
#define MAX_REPS 64
#define CSV_HEADER "device,op,bits,count,gmp_1core_us,gmp_allcores_us,mpzg_e2e_us," \
  "mpzg_kernel_us,transfer_floor_us,valid"

typedef struct
{
  const bench_op *op;
  unsigned long bits;
  size_t count, limbs;
  double gmp1, gmpn, e2e, kern, floor, pack1, packn;   /* microseconds; < 0: not measured */
  int valid;
} row;

static struct
{
  const char *csv;
  unsigned tbits;
  int reps;
  unsigned long bits[MAX_BITS_LIST];
  int nbits, bits_given;
  const bench_op *ops[MAX_OPS];
  int nops;
  unsigned long seed;
  int threads_mode;
  int skip_gmp;                 /* -E: no timed GMP baselines (A/B runs of the GPU path) */
  size_t gmp_sample;            /* -G: GMP timed on this many elements, scaled; 0: all */
  int reuse;                    /* -R: outputs keep their limbs between repetitions */
} opt;

static int cores, gpu_ok, ordinal;
static double h2d_gbs, d2h_gbs;          /* 0: not measured */
static double host_gbs;                  /* host copy, all cores, stream stores; 0: not measured */
static char device_csv[256];
static row *rows;
static int nrows, failures;

static void
usage (FILE *f)
{
  fprintf (f,
    "usage: mpzg-bench [-o FILE] [-b BITS,...] [-t LOG2] [-r REPS] [-O OPS] [-s SEED] [-q] [-E]\n"
    "                  [-G N] [-R] [-S]\n"
    "       mpzg-bench --threads [-b BITS] [-t LOG2] [-r REPS]\n"
    "  -o FILE   CSV output (default mpzg-bench.csv)\n"
    "  -b LIST   operand sizes in bits (default 64,128,...,1048576)\n"
    "  -t LOG2   total bits per operand array: count = 2^LOG2 / bits (default 30)\n"
    "            (gcd, gcdext, invert*: count / 16, powm: count / bits, at least 1)\n"
    "  -r REPS   repetitions per measurement, median reported (default 3; fewer\n"
    "            once a measurement has run 4 s)\n"
    "  -O LIST   operations (default add,sub,mul,tdiv_qr,gcd,powm); also tdiv_qr_d64,\n"
    "            tdiv_qr_dn64 (divisor of 64 and of BITS - 64 bits; tdiv_qr's is BITS/2),\n"
    "            tdiv_qr_b4, tdiv_qr_b16, tdiv_qr_b64 (divisor of BITS/4, /16, /64),\n"
    "            mod, tdiv_q, tdiv_r, fdiv_qr, fdiv_q, fdiv_r, cdiv_qr, cdiv_q,\n"
    "            cdiv_r (tdiv_qr's operands), divexact (exact input),\n"
    "            tdiv_q_exact (tdiv_q on divexact's input), divexact_q64 and\n"
    "            tdiv_q_q64 (exact input, 64-bit quotient),\n"
    "            gcdext, invert (odd moduli), invert_even (even moduli), powm_even\n"
    "            (even moduli), powm_65537 (exponent 65537), mul1 (one product a row:\n"
    "            count 1, for long products, e.g. -b 16777216), mul_b4 and mul_b16\n"
    "            (b of a quarter and a sixteenth of BITS); with the\n"
    "            default -b list, the divisions stop at 2^18 bits, gcd, gcdext and\n"
    "            invert at 2^16, powm at 2^12\n"
    "  -s SEED   random seed (default 1)\n"
    "  -q        quick: -t 24 -r 1 unless given\n"
    "  -E        mpzg only: skip the timed GMP runs (results are still checked against\n"
    "            one untimed GMP loop); for comparing builds of the GPU path\n"
    "  -G N      GMP timed on a sample: on one core on the first N elements of each\n"
    "            batch, on all cores on the first N x cores, both scaled to the batch\n"
    "            (every result is still checked, against GMP on all cores); for\n"
    "            batches whose GMP loop on one core would take minutes\n"
    "  -R        reused outputs: every timed GMP loop and mpzg call writes into outputs\n"
    "            that already hold limbs enough for the result; default: into freshly\n"
    "            initialized outputs (mpz_init), whose limbs the call must allocate, as\n"
    "            in a ported program\n"
    "  -S        scattered limbs: each array's integers are allocated in a shuffled\n"
    "            order (neighbours' limbs far apart, as in a long-running program);\n"
    "            default: in index order\n"
    "  --threads thread scaling of mpzg_mul_n on the CPU backend (default 4096 bits):\n"
    "            1, 2, 4, ... and all online cores\n"
    "  -h        this help (also --help)\n"
    "  -V        the program's and the library's version (also --version)\n"
    "Times are microseconds per batch.  Environment: MPZG_DEVICE picks the GPU; the\n"
    "end-to-end column runs with the library's settings (MPZG_BACKEND etc.).\n");
}

static void
parse_bits (const char *s)
{
  char *end;
  opt.nbits = 0;
  while (*s)
    {
      unsigned long b = strtoul (s, &end, 0);
      if (end == s || b == 0 || opt.nbits == MAX_BITS_LIST)
        {
          fprintf (stderr, "mpzg-bench: bad -b list\n");
          exit (2);
        }
      opt.bits[opt.nbits++] = b;
      s = *end == ',' ? end + 1 : end;
      if (*end != ',' && *end != '\0')
        {
          fprintf (stderr, "mpzg-bench: bad -b list\n");
          exit (2);
        }
    }
  opt.bits_given = 1;
}

static void
parse_ops (const char *s)
{
  char name[32];
  opt.nops = 0;
  while (*s)
    {
      size_t n = strcspn (s, ",");
      if (n >= sizeof name || opt.nops == MAX_OPS)
        n = sizeof name - 1;
      memcpy (name, s, n);
      name[n] = '\0';
      if ((opt.ops[opt.nops++] = bench_find_op (name)) == NULL)
        {
          fprintf (stderr, "mpzg-bench: unknown operation '%s'\n", name);
          exit (2);
        }
      s += n;
      if (*s == ',')
        s++;
    }
}

static void
parse_options (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "threads", no_argument, NULL, 'T' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  int c, quick = 0, t_given = 0, r_given = 0;
  size_t k;
  char *argv0 = argv[0];
  /* getopt's messages name the program by argv[0], which may be a libtool
     wrapper's internal path; the header prints the command as run. */
  argv[0] = (char *) "mpzg-bench";
  opt.csv = "mpzg-bench.csv";
  opt.tbits = 30;
  opt.reps = 3;
  opt.seed = 1;
  for (opt.nbits = 0; opt.nbits <= 14; opt.nbits++)
    opt.bits[opt.nbits] = 64UL << opt.nbits;
  for (k = 0; k < bench_nops; k++)
    if (!bench_ops[k].extra)
      opt.ops[opt.nops++] = &bench_ops[k];
  while ((c = getopt_long (argc, argv, "o:b:t:r:O:s:qEG:RShV", longopts, NULL)) != -1)
    switch (c)
      {
      case 'o': opt.csv = optarg; break;
      case 'b': parse_bits (optarg); break;
      case 't': opt.tbits = (unsigned) atoi (optarg); t_given = 1; break;
      case 'r': opt.reps = atoi (optarg); r_given = 1; break;
      case 'O': parse_ops (optarg); break;
      case 's': opt.seed = strtoul (optarg, NULL, 0); break;
      case 'q': quick = 1; break;
      case 'E': opt.skip_gmp = 1; break;
      case 'G': opt.gmp_sample = strtoul (optarg, NULL, 0); break;
      case 'R': opt.reuse = 1; break;
      case 'S': bench_scatter = 1; break;
      case 'T': opt.threads_mode = 1; break;
      case 'h': usage (stdout); exit (0);
      case 'V': printf ("mpzg-bench (libmpzg) %s\n", mpzg_version ()); exit (0);
      default: fprintf (stderr, "Try 'mpzg-bench --help'.\n"); exit (2);
      }
  argv[0] = argv0;
  if (optind < argc)
    {
      usage (stderr);
      exit (2);
    }
  if (quick && !t_given)
    opt.tbits = 24;
  if (quick && !r_given)
    opt.reps = 1;
  if (opt.tbits < 6 || opt.tbits > 40 || opt.reps < 1 || opt.reps > MAX_REPS)
    {
      fprintf (stderr, "mpzg-bench: -t must be in [6, 40], -r in [1, %d]\n", MAX_REPS);
      exit (2);
    }
}

/* ---- the header ---- */

static void
print_header (int argc, char **argv)
{
  char buf[512], cpu[256], date[64], load[128], cwd[1024];
  struct utsname un;
  int k;
  const char *s;

  bench_cpu_model (cpu, sizeof cpu);
  bench_date (date, sizeof date);
  cores = bench_online_cores ();
  ordinal = (s = getenv ("MPZG_DEVICE")) != NULL ? atoi (s) : 0;

  printf ("# mpzg-bench: libmpzg %s (CUDA path %s), GMP %s\n", mpzg_version (),
          mpzg_have_cuda () ? "built" : "not built", gmp_version);
  printf ("# command:");
  for (k = 0; k < argc; k++)
    {
      /* libtool's wrapper runs .libs/mpzg-bench: show the name the user typed. */
      const char *libs = k == 0 ? strstr (argv[0], ".libs/") : NULL;
      if (libs != NULL)
        printf (" %.*s%s", (int) (libs - argv[0]), argv[0], libs + 6);
      else
        printf (" %s", argv[k]);
    }
  bench_loadavg (load, sizeof load);
  printf ("\n# in directory: %s\n", getcwd (cwd, sizeof cwd) != NULL ? cwd : "?");
  uname (&un);
  printf ("# date: %s\n# host: %s, %d online cores, %.1f GiB memory, %s %s %s;"
          " load average at start: %s\n", date, cpu, cores,
          (double) sysconf (_SC_PHYS_PAGES) * sysconf (_SC_PAGESIZE) / (1 << 30),
          un.nodename, un.sysname, un.release, load);
  mpzg_backend (buf, sizeof buf);
  printf ("# device: %s\n", buf);

  gpu_ok = mpzg_gpu_probe (ordinal, buf, sizeof buf);
  printf ("# gpu %d: %s\n", ordinal, buf);
  if (gpu_ok)
    {
      buf[strcspn (buf, ",")] = '\0';
      bench_csv_field (device_csv, sizeof device_csv, buf);
    }
  else
    {
      snprintf (buf, sizeof buf, "CPU %s x%d", cpu, cores);
      bench_csv_field (device_csv, sizeof device_csv, buf);
    }
}

static void
print_floors (void)
{
  double d2d = 0;
  /* an operand array's bytes, from 1 MB to 1 GB: the rates do not change above,
     and -t 40 would ask the device for buffers of 128 GB */
  size_t bytes = (size_t) 1 << (opt.tbits > 33 ? 30 : opt.tbits > 23 ? opt.tbits - 3 : 20);
  int st;
  if (!gpu_ok)
    {
      printf ("# floors: no usable GPU: no device bandwidth, no transfer floor, no kernel-only times\n");
      return;
    }
  st = mpzg_gpu_measure_bandwidth (ordinal, bytes, &d2d, &h2d_gbs, &d2h_gbs);
  if (st != MPZG_OK)
    {
      printf ("# floors: mpzg_gpu_measure_bandwidth: %s\n", mpzg_strerror (st));
      h2d_gbs = d2h_gbs = 0;
      return;
    }
  host_gbs = bench_host_copy_gbs (bytes, cores);
  if (host_gbs < 0)
    host_gbs = 0;
  printf ("# floors (%zu-byte buffers): device copy %.1f GB/s (read + write), "
          "pinned H2D %.2f GB/s, pinned D2H %.2f GB/s, host copy on %d threads %.1f GB/s "
          "(read + write)\n", bytes, d2d, h2d_gbs, d2h_gbs, cores, host_gbs);
}

/* ---- one row ---- */

/* Before each timed repetition: outputs that hold no result, fresh (the default:
   the call allocates their limbs, as a ported program's first call does) or with
   their limbs kept (-R). */
static void
reset_outputs (mpz_t **out, int nout, size_t n)
{
  int k;
  for (k = 0; k < nout; k++)
    if (opt.reuse)
      bench_poison (out[k], n);
    else
      bench_poison_fresh (out[k], n);
}

static double
time_gmp (const bench_op *op, mpz_t **out, mpz_t **in, size_t n, int threads)
{
  double t[MAX_REPS], spent = 0;
  int r = 0;
  while (bench_more_reps (r, opt.reps, spent))
    {
      double t0;
      reset_outputs (out, op->nout, n);
      t0 = bench_now_us ();
      bench_gmp (op, out, in, n, threads);
      t[r] = bench_now_us () - t0;
      spent += t[r++];
    }
  return bench_median (t, r);
}

/* Checks out[0..nout) against ref; returns 1 if all equal, else reports and returns 0. */
static int
check (const row *w, const char *what, mpz_t **out, mpz_t **ref, int nout, mpz_t **in)
{
  int k, ok = 1;
  for (k = 0; k < nout; k++)
    {
      size_t first, bad = bench_compare (out[k], ref[k], w->count, &first);
      if (bad == 0)
        continue;
      ok = 0;
      printf ("!! MISMATCH %s %lu bits, %s, output %d: %zu of %zu differ, first at %zu\n",
              w->op->name, w->bits, what, k, bad, w->count, first);
      if (w->bits <= 512)
        gmp_printf ("!!   a = %Zd\n!!   b = %Zd\n!!   got %Zd\n!!   GMP %Zd\n",
                    in[0][first], in[1][first], out[k][first], ref[k][first]);
    }
  return ok;
}

static double
time_e2e (row *w, mpz_t **out, mpz_t **ref, mpz_t **in)
{
  static int warmed;
  double t[MAX_REPS], spent = 0;
  int r = 0;
  /* The first GPU call of a process allocates the pinned and device buffers that
     later calls reuse: keep that one-time cost out of the first row's median. */
  if (!warmed && gpu_ok)
    {
      w->op->mpzg (out, in, w->count < 1024 ? w->count : 1024);
      warmed = 1;
    }
  while (bench_more_reps (r, opt.reps, spent))
    {
      double t0;
      int st;
      reset_outputs (out, w->op->nout, w->count);
      t0 = bench_now_us ();
      st = w->op->mpzg (out, in, w->count);
      t[r] = bench_now_us () - t0;
      spent += t[r++];
      if (st != MPZG_OK)
        {
          printf ("!! %s %lu bits: mpzg call failed: %s\n", w->op->name, w->bits,
                  mpzg_strerror (st));
          w->valid = 0;
          return -1.0;
        }
      if (!check (w, "end to end", out, ref, w->op->nout, in))
        w->valid = 0;
    }
  return bench_median (t, r);
}

static double
time_kernel (row *w, mpz_t **out, mpz_t **ref, mpz_t **in)
{
  double us = -1.0;
  int st;
  int k;
  if (!gpu_ok || mpzg_gpu_max_limbs (w->op->gpu) < w->limbs)
    return -1.0;
  for (k = 0; k < w->op->nout; k++)
    bench_poison (out[k], w->count);
  st = mpzg_gpu_time_kernel (w->op->gpu, out, in, w->count, opt.reps,
                             ordinal, &us);
  if (st != MPZG_OK)
    {
      printf ("!! %s %lu bits: mpzg_gpu_time_kernel: %s\n", w->op->name, w->bits,
              mpzg_strerror (st));
      if (st != MPZG_ENOMEM)
        w->valid = 0;
      return -1.0;
    }
  if (!check (w, "kernel only", out, ref, w->op->nout, in))
    w->valid = 0;
  return us;
}

/* A time in the table (width > 0: " %*.1f", "-" when not measured) or in the CSV
   (width 0: "%.3f", empty when not measured). */
static void
put_us (FILE *f, int width, double us)
{
  if (width == 0)
    {
      if (us >= 0)
        fprintf (f, "%.3f", us);
    }
  else if (us >= 0)
    fprintf (f, " %*.1f", width, us);
  else
    fprintf (f, " %*s", width, "-");
}

static void
print_row (const row *w, FILE *csv)
{
  printf ("%-12s %8lu %9zu", w->op->name, w->bits, w->count);
  put_us (stdout, 12, w->gmp1);
  put_us (stdout, 12, w->gmpn);
  put_us (stdout, 12, w->e2e);
  put_us (stdout, 12, w->kern);
  put_us (stdout, 11, w->floor);
  put_us (stdout, 11, w->pack1);
  put_us (stdout, 11, w->packn);
  printf (" %5s\n", w->valid ? "ok" : "FAIL");
  fflush (stdout);

  fprintf (csv, "%s,%s,%lu,%zu,", device_csv, w->op->name, w->bits, w->count);
  put_us (csv, 0, w->gmp1);
  fputc (',', csv);
  put_us (csv, 0, w->gmpn);
  fputc (',', csv);
  put_us (csv, 0, w->e2e);
  fputc (',', csv);
  put_us (csv, 0, w->kern);
  fputc (',', csv);
  put_us (csv, 0, w->floor);
  fprintf (csv, ",%d\n", w->valid);
  fflush (csv);
}

static void
run_row (row *w, gmp_randstate_t rs)
{
  const bench_op *op = w->op;
  mpz_t *in[3] = { NULL, NULL, NULL }, *ref[3] = { NULL, NULL, NULL }, *out[3] = { NULL, NULL, NULL };
  int k;

  w->limbs = (w->bits + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS;
  w->gmp1 = w->gmpn = w->e2e = w->kern = w->floor = w->pack1 = w->packn = -1.0;
  w->valid = 1;
  for (k = 0; k < op->nin; k++)
    in[k] = bench_alloc (w->count, w->bits);
  for (k = 0; k < op->nout; k++)
    {
      ref[k] = bench_alloc (w->count, 2 * w->bits + GMP_NUMB_BITS);
      out[k] = bench_alloc (w->count, 2 * w->bits + GMP_NUMB_BITS);
    }
  op->gen (in, w->count, w->bits, rs);

  /* the reference, and the warm-up of the one-core timing (-E, -G: none, so all
     cores) */
  bench_gmp (op, ref, in, w->count, opt.skip_gmp || opt.gmp_sample > 0 ? cores : 1);
  if (!opt.skip_gmp)
    {
      /* -G: the first elements (the generators draw every element alike), the
         times scaled to the batch; else the whole batch */
      size_t n1 = w->count, nn = w->count;
      if (opt.gmp_sample > 0 && opt.gmp_sample < w->count)
        {
          n1 = opt.gmp_sample;
          nn = n1 * (size_t) cores < w->count ? n1 * (size_t) cores : w->count;
        }
      w->gmp1 = time_gmp (op, out, in, n1, 1) * ((double) w->count / n1);
      w->gmpn = time_gmp (op, out, in, nn, cores) * ((double) w->count / nn);
    }
  w->e2e = time_e2e (w, out, ref, in);
  w->kern = time_kernel (w, out, ref, in);

  if (op->gpu != NULL)
    {
      w->pack1 = bench_pack_us (in, op->nin, w->count, w->limbs, 1, opt.reps);
      w->packn = bench_pack_us (in, op->nin, w->count, w->limbs, cores, opt.reps);
      if (gpu_ok && h2d_gbs > 0 && d2h_gbs > 0 && op->xfer != NULL)
        {
          double up, down;
          op->xfer (w->bits, &up, &down);
          up *= (double) w->count / 8;
          down *= (double) w->count / 8;
          w->floor = up / (h2d_gbs * 1e3) + down / (d2h_gbs * 1e3);
        }
    }
  if (!w->valid)
    failures++;

  for (k = 0; k < op->nin; k++)
    bench_free (in[k], w->count);
  for (k = 0; k < op->nout; k++)
    {
      bench_free (ref[k], w->count);
      bench_free (out[k], w->count);
    }
}

/* ---- rates and speedups ---- */

static double
rate (const row *w, double us)
{
  double x = (double) w->count;
  if (us <= 0)
    return -1.0;
  switch (w->op->rate)
    {
    case RATE_BYTES:    return 3.0 * x * w->bits / 8 / us / 1e3;           /* GB/s */
    case RATE_WORDPROD: return x * w->limbs * w->limbs / us / 1e3;         /* Gword-products/s */
    case RATE_ELEMS:    return x / us;                                      /* Melements/s */
    }
  return -1.0;
}

static void
put_x (double a, double b)
{
  if (a > 0 && b > 0)
    printf (" %8.2f", a / b);
  else
    printf (" %8s", "-");
}

static void
print_rates (void)
{
  static const char *unit[] = { "GB/s", "Gwp/s", "Mel/s" };
  int i;
  printf ("\n# rates (add/sub: GB/s of 3 x bits/8 bytes per element; mul: 1e9 limb"
          " products/s, count x limbs^2;\n#        others: 1e6 elements/s) and speedups"
          " (time ratio, > 1: mpzg faster)\n");
  printf ("%-12s %8s %6s %10s %10s %10s %10s %8s %8s %8s %8s\n", "op", "bits", "unit",
          "gmp-1c", "gmp-Nc", "mpzg-e2e", "mpzg-kern", "e2e/1c", "e2e/Nc", "kern/1c", "kern/Nc");
  for (i = 0; i < nrows; i++)
    {
      const row *w = &rows[i];
      double r[4];
      int k;
      r[0] = rate (w, w->gmp1);
      r[1] = rate (w, w->gmpn);
      r[2] = rate (w, w->e2e);
      r[3] = rate (w, w->kern);
      printf ("%-12s %8lu %6s", w->op->name, w->bits, unit[w->op->rate]);
      for (k = 0; k < 4; k++)
        if (r[k] >= 0)
          printf (" %10.3g", r[k]);
        else
          printf (" %10s", "-");
      put_x (w->gmp1, w->e2e);
      put_x (w->gmpn, w->e2e);
      put_x (w->gmp1, w->kern);
      put_x (w->gmpn, w->kern);
      printf ("\n");
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  FILE *csv;
  int i, j;

  parse_options (argc, argv);
  print_header (argc, argv);
  if (opt.threads_mode)
    return bench_threads_mode (opt.tbits, opt.bits_given ? opt.bits[0] : 4096, opt.reps);

  printf ("# settings: 2^%u bits per operand array (count = 2^%u / bits; gcd /16, powm /bits),"
          " median of up to %d reps, seed %lu, limbs allocated %s\n", opt.tbits, opt.tbits,
          opt.reps, opt.seed, bench_scatter ? "in a shuffled order (-S)" : "in index order");
  if (opt.gmp_sample > 0 && !opt.skip_gmp)
    printf ("# -G %zu: GMP timed on one core on the first %zu elements of each batch and on"
            " %d cores on the first %zu, both scaled to the batch (not a whole loop)\n",
            opt.gmp_sample, opt.gmp_sample, cores, opt.gmp_sample * (size_t) cores);
  print_floors ();
  csv = fopen (opt.csv, "w");
  if (csv == NULL)
    {
      perror (opt.csv);
      return 2;
    }
  fprintf (csv, "%s\n", CSV_HEADER);

  printf ("# times in microseconds per batch; floor = bytes up / H2D + bytes down / D2H;\n"
          "# pack = mpz_limbs_read + stream copy of the operands into one padded buffer\n");
  printf ("%-12s %8s %9s %12s %12s %12s %12s %11s %11s %11s %5s\n", "op", "bits", "count",
          "gmp-1c-us", "gmp-Nc-us", "mpzg-e2e-us", "mpzg-kern-us", "floor-us", "pack1c-us",
          "packNc-us", "valid");

  rows = calloc ((size_t) opt.nops * opt.nbits, sizeof *rows);
  if (rows == NULL)
    return 2;
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, opt.seed);
  for (i = 0; i < opt.nops; i++)
    for (j = 0; j < opt.nbits; j++)
      {
        row *w = &rows[nrows];
        if (!opt.bits_given && opt.bits[j] > opt.ops[i]->default_max_bits)
          continue;
        w->op = opt.ops[i];
        w->bits = opt.bits[j];
        w->count = bench_count (w->op, opt.tbits, w->bits);
        run_row (w, rs);
        print_row (w, csv);
        nrows++;
      }
  gmp_randclear (rs);
  fclose (csv);

  print_rates ();
  {
    char load[128];
    bench_loadavg (load, sizeof load);
    printf ("\n# %d row%s, %d with a mismatch or failure; CSV in %s; load average at end: %s\n",
            nrows, nrows == 1 ? "" : "s", failures, opt.csv, load);
  }
  free (rows);
  return failures ? 1 : 0;
}
