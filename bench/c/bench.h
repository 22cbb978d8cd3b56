/* bench.h -- timing and output helpers of tirc's benchmark driver.
 *
 * Every figure is the median of REPS repetitions timed with
 * clock_gettime(CLOCK_MONOTONIC). The variants of one workload are timed
 * round-robin (rep 1 of every variant, then rep 2, ...) inside one process,
 * so the machine's noise hits them alike and their ratios mean something.
 * Each round takes the variants in a new order (a shuffle with a fixed
 * seed): in a fixed order a variant's time depended on which variant ran
 * before it, even across an untimed call (bench_run).
 *
 * Output (parsed by bench/cmd/report), one line per variant on stdout:
 *   RESULT <TAB> workload <TAB> variant <TAB> threads <TAB> median_ns <TAB>
 *          min_ns <TAB> max_ns <TAB> bytes_per_call <TAB> reps <TAB> calls
 * bytes_per_call is the logical traffic (every input element read once,
 * every output element written once), the same for all variants of a
 * workload, so GB/s = bytes * calls / median.
 */
#ifndef TIRC_BENCH_H
#define TIRC_BENCH_H
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline uint64_t bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int bench_cmp(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

/* bench_alloc returns page-aligned, zeroed (so already faulted-in) memory. */
static inline void *bench_alloc(size_t bytes) {
  void *p = NULL;
  if (posix_memalign(&p, 4096, bytes ? bytes : 64) != 0) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  memset(p, 0, bytes);
  return p;
}

static inline int bench_env(const char *name, int dflt) {
  const char *s = getenv(name);
  return s && *s ? atoi(s) : dflt;
}

/* A variant runs `calls` calls of one implementation of a workload. */
typedef struct {
  const char *name;
  int threads;         /* threads it uses (reported; set up by setup) */
  void (*setup)(void); /* called before every timed call, untimed; may be NULL */
  void (*run)(void);
  uint64_t *t;
} variant;

/* bench_shuffle puts 0..n-1 into order in a fresh random order (Fisher-Yates
 * over a linear congruential generator: the same orders in every run). */
static inline void bench_shuffle(int *order, int n, uint32_t *seed) {
  for (int k = 0; k < n; k++) order[k] = k;
  for (int k = n - 1; k > 0; k--) {
    *seed = *seed * 1103515245u + 12345u;
    int j = (int)((*seed >> 8) % (uint32_t)(k + 1)), x = order[k];
    order[k] = order[j], order[j] = x;
  }
}

/* bench_run times the variants round-robin: warm untimed rounds, then reps.
 * Each timed call directly follows an untimed call of the same variant, so
 * it starts from that variant's own steady state: a kernel with ordinary
 * stores leaves up to a cache's worth of dirty lines that the next kernel
 * pays to write back, and round-robin would charge them to its successor
 * (a kernel with non-temporal stores leaves none: it would flatter its
 * successor and penalize itself when following an ordinary one).
 * That was not enough on a VM with a 300 MB last-level cache, which holds
 * most of W1's and W3's arrays: in a fixed order, "tirc" (after the MLIR
 * pipeline's ordinary stores) ran 5-15% slower than the identical "tirc #2"
 * (after tirc's non-temporal ones) in most runs. So every round takes the
 * variants in a new order and each variant follows a mix of the others. */
static inline void bench_run(const char *workload, variant *v, int n, int reps, int warm,
                      uint64_t bytes, uint64_t calls) {
  int *order = calloc((size_t)n, sizeof(int));
  uint32_t seed = 20261127u;
  for (int i = 0; i < n; i++) v[i].t = calloc((size_t)reps, sizeof(uint64_t));
  for (int r = -warm; r < reps; r++) {
    bench_shuffle(order, n, &seed);
    for (int k = 0; k < n; k++) {
      int i = order[k];
      if (v[i].setup) v[i].setup();
      v[i].run();
      if (v[i].setup) v[i].setup();
      uint64_t t0 = bench_now();
      v[i].run();
      uint64_t t1 = bench_now();
      if (r >= 0) v[i].t[r] = t1 - t0;
    }
  }
  free(order);
  for (int i = 0; i < n; i++) {
    qsort(v[i].t, (size_t)reps, sizeof(uint64_t), bench_cmp);
    uint64_t med = reps % 2 ? v[i].t[reps / 2] : (v[i].t[reps / 2 - 1] + v[i].t[reps / 2]) / 2;
    fprintf(stderr, "  %-3s %-36s %dT median %10.3f ms (min %.3f max %.3f) %7.2f GB/s\n", workload,
            v[i].name, v[i].threads, med / 1e6, v[i].t[0] / 1e6, v[i].t[reps - 1] / 1e6,
            (double)bytes * (double)calls / (double)med);
    printf("RESULT\t%s\t%s\t%d\t%llu\t%llu\t%llu\t%llu\t%d\t%llu\n", workload, v[i].name,
           v[i].threads, (unsigned long long)med, (unsigned long long)v[i].t[0],
           (unsigned long long)v[i].t[reps - 1], (unsigned long long)bytes, reps,
           (unsigned long long)calls);
    fflush(stdout);
    free(v[i].t);
  }
}
#endif
