/* bench/contract/prologue.sh: each fused program against its unfused twin
 * (bench/contract/prologue.mlir), alternately, best of REPS (default 5)
 * by the thread's CPU time (the machine is shared); the results must be
 * bit-identical. Prints "name fused-ms unfused-ms unfused/fused", then
 * x @ w's time without a producer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int32_t xs_bare(const float *, const float *, const float *, float *);
int32_t xs_u_bare(const float *, const float *, const float *, float *);
int32_t mlp_bare(const float *, const float *, const float *, const float *, float *);
int32_t mlp_u_bare(const float *, const float *, const float *, const float *, float *);
int32_t plain_bare(const float *, const float *, float *);
int32_t sk_bare(const float *, const float *, const float *, float *);
int32_t sk_u_bare(const float *, const float *, const float *, float *);

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static float *data(size_t n, float lo) {
  float *p = aligned_alloc(64, (n * 4 + 63) / 64 * 64);
  for (size_t i = 0; i < n; i++) p[i] = lo + rand() / (float)RAND_MAX;
  return p;
}

int main(void) {
  int reps = getenv("REPS") ? atoi(getenv("REPS")) : 5;
  size_t n = 2048, M = 32768, K = 256, N = 64; /* x holds M x K >= n x n */
  float *x = data(M * K, -0.5f), *w = data(n * n, -0.5f), *s = data(n, 0), *b = data(n, -0.5f);
  float *r1 = data(n * n, 0), *r2 = data(n * n, 0);
  for (int c = 0; c < 3; c++) {
    double bf = 1e9, bu = 1e9, t;
    for (int i = 0; i < reps; i++) {
      t = now();
      int e = c == 0 ? xs_bare(x, s, w, r1) : c == 1 ? mlp_bare(x, s, w, b, r1) : sk_bare(x, s, w, r1);
      if ((t = now() - t) < bf) bf = t;
      t = now();
      e |= c == 0 ? xs_u_bare(x, s, w, r2) : c == 1 ? mlp_u_bare(x, s, w, b, r2) : sk_u_bare(x, s, w, r2);
      if ((t = now() - t) < bu) bu = t;
      if (e) return 1;
    }
    size_t out = c < 2 ? n * n : M * N;
    if (memcmp(r1, r2, out * 4)) {
      fprintf(stderr, "case %d: fused and unfused results differ\n", c);
      return 1;
    }
    printf("%s\t%.2f\t%.2f\t%.3f\n", c == 0 ? "(x*s)@w 2048^3" : c == 1 ? "gelu((x*s)@w+b) 2048^3" : "(x*s)@w 32768x256x64",
           bf * 1e3, bu * 1e3, bu / bf);
  }
  double bp = 1e9, t;
  for (int i = 0; i < reps; i++) {
    t = now();
    if (plain_bare(x, w, r1)) return 1;
    if ((t = now() - t) < bp) bp = t;
  }
  printf("x@w 2048^3 (no producer)\t%.2f\n", bp * 1e3);
  return 0;
}
