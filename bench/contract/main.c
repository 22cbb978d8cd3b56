/* bench/contract: times W18, W19 and W22 (tirc's bare entries) and one
 * core's peak FMA rate. Single-thread runs are timed by the thread's CPU
 * time (the machine is shared: time spent descheduled is not ours); runs
 * on libgomp's threads by the wall clock ("wall") or the CPU time of all
 * threads ("proc"). Prints "name seconds GFLOPS". */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int32_t w18_bare(const float *, const float *, float *);
int32_t w19_bare(const double *, const double *, double *);
int32_t w22_bare(const float *, const float *, float *);

static double now(int wall) {
  struct timespec t;
  clock_gettime(wall == 1 ? CLOCK_MONOTONIC : wall == 2 ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* peak: 12 independent FMA chains of the widest vectors, two per cycle on
 * a core with two FMA pipes. */
static double peak(void) {
#ifdef __AVX512F__
  typedef __m512 V;
#define FMA _mm512_fmadd_ps
#define SET _mm512_set1_ps
  enum { W = 16 };
#else
  typedef __m256 V;
#define FMA _mm256_fmadd_ps
#define SET _mm256_set1_ps
  enum { W = 8 };
#endif
  V a[12], x = SET(1.0000001f), y = SET(0.9999999f);
  for (int i = 0; i < 12; i++) a[i] = SET((float)i);
  long n = 20000000;
  double t = now(0);
  for (long i = 0; i < n; i++) {
    for (int j = 0; j < 12; j++) a[j] = FMA(a[j], x, y);
    __asm__ volatile("" : "+v"(a[0]), "+v"(a[1]), "+v"(a[2]), "+v"(a[3]), "+v"(a[4]), "+v"(a[5]),
                     "+v"(a[6]), "+v"(a[7]), "+v"(a[8]), "+v"(a[9]), "+v"(a[10]), "+v"(a[11]));
  }
  t = now(0) - t;
  float o[W];
  memcpy(o, &a[0], sizeof o);
  if (o[0] == 12345) puts("");
  return 2.0 * W * 12 * n / t / 1e9;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "all";
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  int wall = argc > 3 && !strcmp(argv[3], "wall") ? 1 : argc > 3 && !strcmp(argv[3], "proc") ? 2 : 0;
  long n = 2048L * 2048, nb = 8192L * 32 * 32;
  float *a = aligned_alloc(64, 4 * nb), *b = aligned_alloc(64, 4 * n), *c = aligned_alloc(64, 4 * nb);
  double *da = aligned_alloc(64, 8 * n), *db = aligned_alloc(64, 8 * n), *dc = aligned_alloc(64, 8 * n);
  for (long i = 0; i < nb; i++) a[i] = (float)(i % 13) / 13 - 0.5f;
  for (long i = 0; i < n; i++) b[i] = (float)(i % 11) / 11 - 0.5f, da[i] = a[i], db[i] = b[i];
  if (!strcmp(what, "peak") || !strcmp(what, "all")) {
    double best = 0;
    for (int r = 0; r < reps; r++) { double g = peak(); if (g > best) best = g; }
    printf("peak_fma_f32 - %.1f\n", best);
  }
  struct { const char *name; double flops; } ws[] = {
      {"w18", 2.0 * 2048 * 2048 * 2048}, {"w19", 2.0 * 2048 * 2048 * 2048}, {"w22", 2.0 * 8192 * 32 * 32 * 32}};
  for (int w = 0; w < 3; w++) {
    if (strcmp(what, "all") && strcmp(what, ws[w].name)) continue;
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
      double t = now(wall);
      int st = w == 0 ? w18_bare(a, b, c) : w == 1 ? w19_bare(da, db, dc) : w22_bare(a, b, c);
      t = now(wall) - t;
      if (st) return 1;
      if (t < best) best = t;
    }
    printf("%s %.4f %.1f\n", ws[w].name, best, ws[w].flops / best / 1e9);
  }
  return 0;
}
