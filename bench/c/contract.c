/* contract.c -- times the contractions W18-W22 (shared/BENCH.md) in one
 * process, against one core's FMA peak.
 *
 * Implementations, each linked in when it was built (weak symbols; a
 * missing one is reported and skipped):
 *   tirc        wN: bench/workloads/wN.mlir through tirc -emit-llvm and
 *               clang -O3 -march=native, with libgomp set to 1 and 2 threads
 *   user's path wN_user: the same .ll built with the README's plain
 *               clang -O3
 *   MLIR        _mlir_ciface_mlir_wN: bench/mlir/wN.mlir (linalg.matmul and
 *               friends) through the MLIR 19 pipeline, which lowers a
 *               contraction to scalar loops: timed SLOW_REPS times (1),
 *               the first of them the checked call
 * Each output is checked at SAMPLES sampled elements against a dot product
 * in double precision, within the error bound of a K-term float sum
 * (K·u·Σ|a·b|, doubled; W20/W21's epilogues add a relative 1e-5).
 * Output: driver.c's RESULT lines (bench.h: the bytes column holds the
 * FLOPs of one call), and
 *   PEAK <TAB> f32|f64 <TAB> GFLOPS
 * for the peak-FMA loop (fmapeak.h).
 * Usage: contract [W18 ... W22]   env: REPS (5) SLOW_REPS (1) SAMPLES (64) */
#include "bench.h"
#include "fmapeak.h"
#include <math.h>

typedef struct { void *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } desc1;
typedef struct { void *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } desc2;
typedef struct { void *allocated, *aligned; int64_t offset, sizes[3], strides[3]; } desc3;

#define WEAK __attribute__((weak))
#define DECLS(n, ...)                                  \
  WEAK int32_t n(__VA_ARGS__);                         \
  WEAK int32_t n##_user(__VA_ARGS__);                  \
  WEAK void _mlir_ciface_mlir_##n(__VA_ARGS__);
DECLS(w18, const desc2 *, const desc2 *, desc2 *)
DECLS(w19, const desc2 *, const desc2 *, desc2 *)
DECLS(w20, const desc2 *, const desc2 *, const desc1 *, desc2 *)
DECLS(w21, const desc3 *, const desc3 *, const desc3 *, desc3 *)
DECLS(w22, const desc3 *, const desc2 *, desc3 *)
void omp_set_num_threads(int n);

static desc2 d2(void *p, int64_t r, int64_t c) { return (desc2){p, p, 0, {r, c}, {c, 1}}; }
static desc3 d3(void *p, int64_t b, int64_t r, int64_t c) {
  return (desc3){p, p, 0, {b, r, c}, {r * c, c, 1}};
}
static desc1 d1(void *p, int64_t n) { return (desc1){p, p, 0, {n}, {1}}; }

/* Inputs: a fixed pseudo-random sequence in [-1, 1). */
static uint32_t seed = 12345u;
static double urand(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 23) - 1.0;
}
static float *frand(size_t n) {
  float *p = bench_alloc(n * sizeof(float));
  for (size_t i = 0; i < n; i++) p[i] = (float)urand();
  return p;
}
static double *drand_(size_t n) {
  double *p = bench_alloc(n * sizeof(double));
  for (size_t i = 0; i < n; i++) p[i] = urand();
  return p;
}

static int failed;
static void check(const char *w, const char *v, double got, double want, double bound, int64_t at) {
  if (!(fabs(got - want) <= bound)) {
    fprintf(stderr, "%s %s: element %lld is %.9g, want %.9g (bound %.3g)\n", w, v, (long long)at, got, want, bound);
    failed = 1;
  }
}

/* dotf is row i of a (M x K, row stride lda) times column j of b (K x N,
 * row stride ldb) in double, with Σ|a·b| for the error bound. */
static double dotf(const float *a, const float *b, int64_t K, int64_t ldb, double *abs) {
  double s = 0, m = 0;
  for (int64_t k = 0; k < K; k++) {
    double p = (double)a[k] * (double)b[k * ldb];
    s += p, m += fabs(p);
  }
  *abs = m;
  return s;
}
static double gelu(double y) { return 0.5 * y * (1 + tanh(0.7978845608 * (y + 0.044715 * y * y * y))); }

typedef struct {
  const char *name;
  int threads, slow;
  void *sym; /* NULL: not linked in */
  void (*run)(void);
  void (*check)(const char *w, const char *v);
} impl;

static int REPS, SLOW_REPS, SAMPLES;

/* time_all times the linked implementations round-robin and prints RESULT
 * lines with the FLOPs of one call in the bytes column. */
static void time_all(const char *w, impl *im, int n, double flops) {
  uint64_t *t[16] = {0};
  int reps[16];
  for (int i = 0; i < n; i++) {
    reps[i] = im[i].slow ? SLOW_REPS : REPS;
    if (!im[i].sym) {
      fprintf(stderr, "  %-3s %-36s not built, skipped\n", w, im[i].name);
      continue;
    }
    t[i] = calloc((size_t)reps[i], sizeof(uint64_t));
    omp_set_num_threads(im[i].threads);
    /* The first call is checked: a warm-up, or for a slow variant (a
     * minute on W20) its first timed call. */
    uint64_t t0 = bench_now();
    im[i].run();
    if (im[i].slow) t[i][0] = bench_now() - t0;
    im[i].check(w, im[i].name);
  }
  for (int r = 0; r < REPS; r++) {
    for (int i = 0; i < n; i++) {
      if (!t[i] || r >= reps[i] || (im[i].slow && r == 0)) continue;
      omp_set_num_threads(im[i].threads);
      uint64_t t0 = bench_now();
      im[i].run();
      t[i][r] = bench_now() - t0;
    }
  }
  for (int i = 0; i < n; i++) {
    if (!t[i]) continue;
    int k = reps[i];
    qsort(t[i], (size_t)k, sizeof(uint64_t), bench_cmp);
    uint64_t med = k % 2 ? t[i][k / 2] : (t[i][k / 2 - 1] + t[i][k / 2]) / 2;
    fprintf(stderr, "  %-3s %-36s %dT median %10.3f ms %8.1f GFLOPS\n", w, im[i].name, im[i].threads, med / 1e6,
            flops / (double)med);
    printf("RESULT\t%s\t%s\t%d\t%llu\t%llu\t%llu\t%llu\t%d\t1\n", w, im[i].name, im[i].threads,
           (unsigned long long)med, (unsigned long long)t[i][0], (unsigned long long)t[i][k - 1],
           (unsigned long long)flops, k);
    fflush(stdout);
    free(t[i]);
  }
}

/* ---- W18/W19: a @ b, 2048^3 ---- */
enum { N18 = 2048 };
static float *sa, *sb, *sc;
static double *da, *db, *dc;
static desc2 SA, SB, SC, DA, DB, DC;
#define GEMM_RUNS(n, A, B, C)                                           \
  static void run_##n(void) { n(&A, &B, &C); }                         \
  static void run_##n##_user(void) { n##_user(&A, &B, &C); }           \
  static void run_mlir_##n(void) { _mlir_ciface_mlir_##n(&A, &B, &C); }
GEMM_RUNS(w18, SA, SB, SC)
GEMM_RUNS(w19, DA, DB, DC)
static void check_w18(const char *w, const char *v) {
  for (int s = 0; s < SAMPLES; s++) {
    int64_t i = (s * 977) % N18, j = (s * 1543 + 7) % N18;
    double m, want = dotf(sa + i * N18, sb + j, N18, N18, &m);
    check(w, v, sc[i * N18 + j], want, 2 * N18 * 0x1p-24 * m, i * N18 + j);
  }
  memset(sc, 0, sizeof(float) * N18 * N18);
}
static void check_w19(const char *w, const char *v) {
  for (int s = 0; s < SAMPLES; s++) {
    int64_t i = (s * 977) % N18, j = (s * 1543 + 7) % N18;
    double want = 0, m = 0;
    for (int64_t k = 0; k < N18; k++) want += da[i * N18 + k] * db[k * N18 + j], m += fabs(da[i * N18 + k] * db[k * N18 + j]);
    check(w, v, dc[i * N18 + j], want, 2 * N18 * 0x1p-53 * m, i * N18 + j);
  }
  memset(dc, 0, sizeof(double) * N18 * N18);
}

/* ---- W20: gelu_tanh(x @ w + b), x 8192x1024, w 1024x4096 ---- */
enum { M20 = 8192, K20 = 1024, N20 = 4096 };
static float *x20, *w20b, *b20, *o20;
static desc2 X20, W20, B20m, O20;
static desc1 B20;
static void run_w20(void) { w20(&X20, &W20, &B20, &O20); }
static void run_w20_user(void) { w20_user(&X20, &W20, &B20, &O20); }
/* MLIR's W20 takes its bias as 1x4096 (TOSA's rank rule). */
static void run_mlir_w20(void) { _mlir_ciface_mlir_w20(&X20, &W20, (const desc1 *)&B20m, &O20); }
static void check_w20(const char *w, const char *v) {
  for (int s = 0; s < SAMPLES; s++) {
    int64_t i = (s * 977) % M20, j = (s * 1543 + 7) % N20;
    double m, y = dotf(x20 + i * K20, w20b + j, K20, N20, &m) + b20[j];
    /* GELU's slope is below 1.2: the matmul's bound carries over. */
    check(w, v, o20[i * N20 + j], gelu(y), 1.2 * 2 * K20 * 0x1p-24 * (m + fabs(b20[j])) + 1e-5 * fabs(gelu(y)) + 1e-6,
          i * N20 + j);
  }
  memset(o20, 0, sizeof(float) * M20 * N20);
}

/* ---- W21: softmax(q @ kT * 0.125) @ v, 32 x 1024 x 64 ---- */
enum { B21 = 32, S21 = 1024, D21 = 64 };
static float *q21, *k21, *v21, *o21;
static desc3 Q21, K21, V21, O21;
static void run_w21(void) { w21(&Q21, &K21, &V21, &O21); }
static void run_w21_user(void) { w21_user(&Q21, &K21, &V21, &O21); }
static void run_mlir_w21(void) { _mlir_ciface_mlir_w21(&Q21, &K21, &V21, &O21); }
static void check_w21(const char *w, const char *v) {
  static double p[S21];
  for (int s = 0; s < SAMPLES / 8 + 1; s++) {
    int64_t b = (s * 7) % B21, i = (s * 331 + 5) % S21;
    const float *q = q21 + (b * S21 + i) * D21, *k = k21 + b * S21 * D21, *vv = v21 + b * S21 * D21;
    double mx = -INFINITY, z = 0, m;
    for (int64_t j = 0; j < S21; j++) {
      p[j] = 0.125 * dotf(q, k + j * D21, D21, 1, &m);
      mx = fmax(mx, p[j]);
    }
    for (int64_t j = 0; j < S21; j++) z += p[j] = exp(p[j] - mx);
    for (int64_t d = 0; d < D21; d++) {
      double want = 0, mm = 0;
      for (int64_t j = 0; j < S21; j++) want += p[j] / z * vv[j * D21 + d], mm += fabs(p[j] / z * vv[j * D21 + d]);
      int64_t at = (b * S21 + i) * D21 + d;
      check(w, v, o21[at], want, 1e-5 * mm + 2 * S21 * 0x1p-24 * mm + 1e-6, at);
    }
  }
  memset(o21, 0, sizeof(float) * B21 * S21 * D21);
}

/* ---- W22: x[i] @ w, x 8192x32x32, w 32x32 ---- */
enum { B22 = 8192, N22 = 32 };
static float *x22, *w22m, *o22;
static desc3 X22, O22;
static desc2 W22;
static void run_w22(void) { w22(&X22, &W22, &O22); }
static void run_w22_user(void) { w22_user(&X22, &W22, &O22); }
static void run_mlir_w22(void) { _mlir_ciface_mlir_w22(&X22, &W22, &O22); }
static void check_w22(const char *w, const char *v) {
  for (int s = 0; s < SAMPLES; s++) {
    int64_t b = (s * 2741) % B22, i = (s * 5) % N22, j = (s * 11 + 3) % N22;
    double m, want = dotf(x22 + (b * N22 + i) * N22, w22m + j, N22, N22, &m);
    int64_t at = (b * N22 + i) * N22 + j;
    check(w, v, o22[at], want, 2 * N22 * 0x1p-24 * m, at);
  }
  memset(o22, 0, sizeof(float) * B22 * N22 * N22);
}

static int wanted(int argc, char **argv, const char *w) {
  if (argc < 2) return 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], w)) return 1;
  return 0;
}

#define IMPLS(n, chk)                                                       \
  {"tirc", 1, 0, (void *)n, run_##n, chk},                                  \
  {"tirc, 2 threads", 2, 0, (void *)n, run_##n, chk},                       \
  {"tirc (user's path)", 1, 0, (void *)n##_user, run_##n##_user, chk},      \
  {"MLIR 19", 1, 1, (void *)_mlir_ciface_mlir_##n, run_mlir_##n, chk}

int main(int argc, char **argv) {
  REPS = bench_env("REPS", 5), SLOW_REPS = bench_env("SLOW_REPS", 1), SAMPLES = bench_env("SAMPLES", 64);
  if (SLOW_REPS > REPS) SLOW_REPS = REPS;
  peak_report();
  if (wanted(argc, argv, "W18")) {
    sa = frand((size_t)N18 * N18), sb = frand((size_t)N18 * N18), sc = bench_alloc(sizeof(float) * N18 * N18);
    SA = d2(sa, N18, N18), SB = d2(sb, N18, N18), SC = d2(sc, N18, N18);
    impl im[] = {IMPLS(w18, check_w18)};
    time_all("W18", im, 4, 2.0 * N18 * N18 * N18);
    free(sa), free(sb), free(sc);
  }
  if (wanted(argc, argv, "W19")) {
    da = drand_((size_t)N18 * N18), db = drand_((size_t)N18 * N18), dc = bench_alloc(sizeof(double) * N18 * N18);
    DA = d2(da, N18, N18), DB = d2(db, N18, N18), DC = d2(dc, N18, N18);
    impl im[] = {IMPLS(w19, check_w19)};
    time_all("W19", im, 4, 2.0 * N18 * N18 * N18);
    free(da), free(db), free(dc);
  }
  if (wanted(argc, argv, "W20")) {
    x20 = frand((size_t)M20 * K20), w20b = frand((size_t)K20 * N20), b20 = frand(N20);
    o20 = bench_alloc(sizeof(float) * M20 * N20);
    X20 = d2(x20, M20, K20), W20 = d2(w20b, K20, N20), B20 = d1(b20, N20), B20m = d2(b20, 1, N20);
    O20 = d2(o20, M20, N20);
    impl im[] = {IMPLS(w20, check_w20)};
    time_all("W20", im, 4, 2.0 * M20 * K20 * N20);
    free(x20), free(w20b), free(b20), free(o20);
  }
  if (wanted(argc, argv, "W21")) {
    size_t n = (size_t)B21 * S21 * D21;
    q21 = frand(n), k21 = frand(n), v21 = frand(n), o21 = bench_alloc(n * sizeof(float));
    Q21 = d3(q21, B21, S21, D21), K21 = d3(k21, B21, S21, D21), V21 = d3(v21, B21, S21, D21);
    O21 = d3(o21, B21, S21, D21);
    impl im[] = {IMPLS(w21, check_w21)};
    time_all("W21", im, 4, 4.0 * B21 * S21 * S21 * D21);
    free(q21), free(k21), free(v21), free(o21);
  }
  if (wanted(argc, argv, "W22")) {
    x22 = frand((size_t)B22 * N22 * N22), w22m = frand(N22 * N22), o22 = bench_alloc(sizeof(float) * B22 * N22 * N22);
    X22 = d3(x22, B22, N22, N22), W22 = d2(w22m, N22, N22), O22 = d3(o22, B22, N22, N22);
    impl im[] = {IMPLS(w22, check_w22)};
    time_all("W22", im, 4, 2.0 * B22 * N22 * N22 * N22);
    free(x22), free(w22m), free(o22);
  }
  return failed;
}
