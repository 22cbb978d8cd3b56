/* driver.c -- times every implementation of W1-W17 in one process.
 *
 * Implementations, each linked in when it was built (weak symbols; a
 * missing one is reported and skipped):
 *   C          c_* from kernels.c (clang -O3 -march=native), 1 thread, and
 *              the same loops split over 2 threads with GOMP_parallel
 *   MLIR       _mlir_ciface_mlir_wN: bench/mlir/wN.mlir through the MLIR 19
 *              pipeline (static identity layouts), and _mlir_ciface_mlir_wN_dyn
 *              (fully dynamic strided layouts, read at run time like tirc's)
 *   tirc       wN: bench/workloads/wN.mlir through tirc -emit-llvm and clang,
 *              and wN_nochk: the same with tirc's runtime checks off; each
 *              timed with libgomp set to 1 and to 2 threads
 *   user's path wN_user: the same .ll built as the README's link line does
 *              (clang -O3, nothing added: tirc's default target is the
 *              host), and wN_port: tirc -target-cpu=portable (one object,
 *              the ISA level chosen at the first call)
 *   C libm     c_wN for W12-W17: the textbook loops with libm's tanhf,
 *              erff, expf, logf (clang -O3 -march=native)
 * Every implementation's output is compared bit for bit with the C kernel's
 * (W6-W9: within a tolerance, see check_tol), whose output is checked
 * against a scalar formula at sampled elements (W1-W5, W10, W11).
 * Each workload's variants are timed round-robin, in a new order every
 * round (bench.h), each timed call right after an untimed one of the same
 * variant; "C fused -O3 #2" and "tirc #2" are the same functions timed a
 * second time, whose ratios to the first are the run-to-run noise of one
 * kernel in one process.
 * W10/W11's naive C loops take about 2 s per call: they run T_REPS times.
 * Usage: driver [W1 ... W17]   env: REPS (11) WARM (2) W4_CALLS (1000000) W4_REPS (7) T_REPS (3)
 * Exit status 1 on any mismatch or non-zero tirc status. */
#include "bench.h"
#include "streamk.h"
#include "data.h"
#include "kernels.h"
#include <math.h>

/* MLIR memref descriptors = tirc's strided tensor descriptors (README, "The
 * native ABI"): allocated, aligned, offset, sizes[R], strides[R]. */
typedef struct { void *allocated, *aligned; int64_t offset; } desc0;
typedef struct { void *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } desc1;
typedef struct { void *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } desc2;

#define WEAK __attribute__((weak))
#define MLIR_DECLS(n, ...)                                           \
  WEAK void _mlir_ciface_mlir_##n(__VA_ARGS__);                     \
  WEAK void _mlir_ciface_mlir_##n##_dyn(__VA_ARGS__);
#define TIRC_DECLS(n, ...)                                           \
  WEAK int32_t n(__VA_ARGS__);                                      \
  WEAK int32_t n##_nochk(__VA_ARGS__);                              \
  WEAK int32_t n##_user(__VA_ARGS__);                               \
  WEAK int32_t n##_port(__VA_ARGS__);
MLIR_DECLS(w1, desc2 *, desc1 *, desc2 *)
MLIR_DECLS(w2, desc2 *, desc2 *, desc2 *)
MLIR_DECLS(w3, desc2 *, desc1 *, desc2 *, desc2 *)
MLIR_DECLS(w4, desc2 *, desc1 *, desc2 *)
MLIR_DECLS(w5, desc2 *, desc1 *, desc2 *)
MLIR_DECLS(w6, desc2 *, desc2 *)
MLIR_DECLS(w7, desc2 *, desc2 *, desc2 *, desc2 *)
MLIR_DECLS(w8, desc1 *, desc1 *)
MLIR_DECLS(w9, desc2 *, desc2 *)
MLIR_DECLS(w10, desc2 *, desc2 *)
MLIR_DECLS(w11, desc2 *, desc2 *, desc2 *)
MLIR_DECLS(w12, desc2 *, desc2 *)
MLIR_DECLS(w13, desc2 *, desc2 *)
MLIR_DECLS(w14, desc2 *, desc2 *)
MLIR_DECLS(w15, desc2 *, desc2 *)
MLIR_DECLS(w16, desc2 *, desc1 *)
MLIR_DECLS(w17, desc2 *, desc2 *, desc2 *)
TIRC_DECLS(w1, const desc2 *, const desc1 *, desc2 *)
TIRC_DECLS(w2, const desc2 *, const desc2 *, desc2 *)
TIRC_DECLS(w3, const desc2 *, const desc1 *, const desc2 *, desc2 *)
TIRC_DECLS(w4, const desc2 *, const desc1 *, desc2 *)
TIRC_DECLS(w5, const desc2 *, const desc1 *, desc2 *)
TIRC_DECLS(w6, const desc2 *, desc2 *)
TIRC_DECLS(w7, const desc2 *, const desc1 *, const desc1 *, desc2 *)
TIRC_DECLS(w8, const desc1 *, desc0 *)
TIRC_DECLS(w9, const desc2 *, desc1 *)
TIRC_DECLS(w10, const desc2 *, desc2 *)
TIRC_DECLS(w11, const desc2 *, const desc1 *, desc2 *)
TIRC_DECLS(w12, const desc2 *, desc2 *)
TIRC_DECLS(w13, const desc2 *, desc2 *)
TIRC_DECLS(w14, const desc2 *, desc2 *)
TIRC_DECLS(w15, const desc2 *, desc2 *)
TIRC_DECLS(w16, const desc2 *, desc1 *)
TIRC_DECLS(w17, const desc2 *, const desc2 *, desc2 *)
WEAK int32_t w4_bare(const float *, const float *, float *); /* the bare-pointer entry */
void omp_set_num_threads(int n);

static desc1 d1(void *p, long n) { return (desc1){p, p, 0, {n}, {1}}; }
static desc2 d2(void *p, long r, long c) { return (desc2){p, p, 0, {r, c}, {c, 1}}; }

enum { NE = ROWS * COLS };
static float *fa, *fb, *fc, *fa2, *fout, *fref, *t1, *t2, *sa, *sb, *sout, *sref;
static int32_t *ia, *ib, *iout, *iref;
static desc2 A, A2, B2, Cd, O, SA, SO, IA, IO;
static desc1 B, SB, IB;
static long w4_calls;
static int32_t status; /* last non-zero status of a tirc call */

static void one_thread(void) { omp_set_num_threads(1); }
static void two_threads(void) { omp_set_num_threads(2); }

/* run_* call one implementation; the workload's buffers are globals. */
#define TIRC_RUN(fn, ...)                       \
  __attribute__((unused)) static void run_##fn(void) { \
    int32_t s = fn(__VA_ARGS__);                \
    if (s) status = s;                          \
  }
/* TIRC_RUNS: the four builds of one tirc workload. */
#define TIRC_RUNS(fn, ...)          \
  TIRC_RUN(fn, __VA_ARGS__)         \
  TIRC_RUN(fn##_nochk, __VA_ARGS__) \
  TIRC_RUN(fn##_user, __VA_ARGS__)  \
  TIRC_RUN(fn##_port, __VA_ARGS__)
static void run_c_w1(void) { c_w1(fa, fb, fout); }
static void run_c_w1_par(void) { c_w1_par(fa, fb, fout); }
static void run_mlir_w1(void) { _mlir_ciface_mlir_w1(&A, &B, &O); }
static void run_mlir_w1_dyn(void) { _mlir_ciface_mlir_w1_dyn(&A, &B, &O); }
TIRC_RUNS(w1, &A, &B, &O)
static void run_c_w2(void) { c_w2(fa2, fb, fout); }
static void run_c_w2_nt(void) { c_w2_nt(fa2, fb, fout); }
static void run_c_w2_par(void) { c_w2_par(fa2, fb, fout); }
static void run_mlir_w2(void) { _mlir_ciface_mlir_w2(&A2, &B2, &O); }
static void run_mlir_w2_dyn(void) { _mlir_ciface_mlir_w2_dyn(&A2, &B2, &O); }
TIRC_RUNS(w2, &A2, &B2, &O)
static void run_c_w3(void) { c_w3(fa, fb, fc, fout); }
static void run_c_w3_unfused(void) { c_w3_unfused(fa, fb, fc, t1, t2, fout); }
static void run_c_w3_par(void) { c_w3_par(fa, fb, fc, fout); }
static void run_mlir_w3(void) { _mlir_ciface_mlir_w3(&A, &B, &Cd, &O); }
static void run_mlir_w3_dyn(void) { _mlir_ciface_mlir_w3_dyn(&A, &B, &Cd, &O); }
TIRC_RUNS(w3, &A, &B, &Cd, &O)
static void run_c_w4(void) { for (long k = 0; k < w4_calls; k++) c_w4(sa, sb, sout); }
static void run_mlir_w4(void) { for (long k = 0; k < w4_calls; k++) _mlir_ciface_mlir_w4(&SA, &SB, &SO); }
static void run_mlir_w4_dyn(void) { for (long k = 0; k < w4_calls; k++) _mlir_ciface_mlir_w4_dyn(&SA, &SB, &SO); }
static void run_w4(void) {
  for (long k = 0; k < w4_calls; k++) {
    int32_t s = w4(&SA, &SB, &SO);
    if (s) status = s;
  }
}
static void run_w4_nochk(void) {
  for (long k = 0; k < w4_calls; k++) {
    int32_t s = w4_nochk(&SA, &SB, &SO);
    if (s) status = s;
  }
}
static void run_w4_user(void) {
  for (long k = 0; k < w4_calls; k++) {
    int32_t s = w4_user(&SA, &SB, &SO);
    if (s) status = s;
  }
}
static void run_w4_bare(void) {
  for (long k = 0; k < w4_calls; k++) {
    int32_t s = w4_bare(sa, sb, sout);
    if (s) status = s;
  }
}
static void run_c_w5(void) { c_w5(ia, ib, iout); }
static void run_c_w5_par(void) { c_w5_par(ia, ib, iout); }
static void run_mlir_w5(void) { _mlir_ciface_mlir_w5(&IA, &IB, &IO); }
static void run_mlir_w5_dyn(void) { _mlir_ciface_mlir_w5_dyn(&IA, &IB, &IO); }
TIRC_RUNS(w5, &IA, &IB, &IO)

/* W6-W9: the reductions' data and descriptors. */
static float *rx, *rg, *rb, *rout, *rref;
static desc2 RX, RO, RG2, RB2, MO2;
static desc1 RX1, RG, RB, RO1, MO1;
static desc0 RO0;
static void run_c_w6(void) { c_w6(rx, rout); }
static void run_c_w6_par(void) { c_w6_par(rx, rout); }
static void run_mlir_w6(void) { _mlir_ciface_mlir_w6(&RX, &RO); }
static void run_mlir_w6_dyn(void) { _mlir_ciface_mlir_w6_dyn(&RX, &RO); }
TIRC_RUNS(w6, &RX, &RO)
static void run_c_w7(void) { c_w7(rx, rg, rb, rout); }
static void run_c_w7_par(void) { c_w7_par(rx, rg, rb, rout); }
static void run_mlir_w7(void) { _mlir_ciface_mlir_w7(&RX, &RG2, &RB2, &RO); }
static void run_mlir_w7_dyn(void) { _mlir_ciface_mlir_w7_dyn(&RX, &RG2, &RB2, &RO); }
TIRC_RUNS(w7, &RX, &RG, &RB, &RO)
static void run_c_w8(void) { c_w8(rx, rout); }
static void run_c_w8_par(void) { c_w8_par(rx, rout); }
static void run_mlir_w8(void) { _mlir_ciface_mlir_w8(&RX1, &MO1); }
static void run_mlir_w8_dyn(void) { _mlir_ciface_mlir_w8_dyn(&RX1, &MO1); }
TIRC_RUNS(w8, &RX1, &RO0)
static void run_c_w9(void) { c_w9(rx, rout); }
static void run_c_w9_par(void) { c_w9_par(rx, rout); }
static void run_mlir_w9(void) { _mlir_ciface_mlir_w9(&RX, &MO2); }
static void run_mlir_w9_dyn(void) { _mlir_ciface_mlir_w9_dyn(&RX, &MO2); }
TIRC_RUNS(w9, &RX, &RO1)

/* W10, W11: x and out are W6-W9's buffers (8192^2 = W8N floats). */
static float *tb;
static desc1 TB;
static desc2 TB2;
static void run_c_w10(void) { c_w10(rx, rout); }
static void run_c_w10_par(void) { c_w10_par(rx, rout); }
static void run_c_w10_tiled(void) { c_w10_tiled(rx, rout); }
static void run_mlir_w10(void) { _mlir_ciface_mlir_w10(&RX, &RO); }
static void run_mlir_w10_dyn(void) { _mlir_ciface_mlir_w10_dyn(&RX, &RO); }
TIRC_RUNS(w10, &RX, &RO)
static void run_c_w11(void) { c_w11(rx, tb, rout); }
static void run_c_w11_par(void) { c_w11_par(rx, tb, rout); }
static void run_mlir_w11(void) { _mlir_ciface_mlir_w11(&RX, &TB2, &RO); }
static void run_mlir_w11_dyn(void) { _mlir_ciface_mlir_w11_dyn(&RX, &TB2, &RO); }
TIRC_RUNS(w11, &RX, &TB, &RO)

/* W12-W17: x (and W17's y) in rx and ry, out in rout; W16's int64
 * indices in rout too, and the MLIR pipeline's int32 ones in ri32,
 * widened after its call (16384 elements, beside 62.5 MiB read). */
static float *ry;
static int32_t *ri32;
static desc2 RY;
static desc1 RI32;
static void run_c_w12(void) { c_w12(rx, rout); }
static void run_c_w13(void) { c_w13(rx, rout); }
static void run_c_w14(void) { c_w14(rx, rout); }
static void run_c_w15(void) { c_w15(rx, rout); }
static void run_c_w16(void) { c_w16(rx, (int64_t *)rout); }
static void run_c_w17(void) { c_w17(rx, ry, rout); }
static void run_mlir_w12(void) { _mlir_ciface_mlir_w12(&RX, &RO); }
static void run_mlir_w13(void) { _mlir_ciface_mlir_w13(&RX, &RO); }
static void run_mlir_w14(void) { _mlir_ciface_mlir_w14(&RX, &RO); }
static void run_mlir_w15(void) { _mlir_ciface_mlir_w15(&RX, &RO); }
static void run_mlir_w16(void) {
  _mlir_ciface_mlir_w16(&RX, &RI32);
  for (long i = 0; i < W6R; i++) ((int64_t *)rout)[i] = ri32[i];
}
static void run_mlir_w17(void) { _mlir_ciface_mlir_w17(&RX, &RY, &RO); }
TIRC_RUNS(w12, &RX, &RO)
TIRC_RUNS(w13, &RX, &RO)
TIRC_RUNS(w14, &RX, &RO)
TIRC_RUNS(w15, &RX, &RO)
TIRC_RUNS(w16, &RX, &RO1)
TIRC_RUNS(w17, &RX, &RY, &RO)

/* check_tol: 0 compares outputs bit for bit (W1-W5); above 0, as floats
 * within that tolerance, relative to the larger of |want| and check_scale
 * (W6-W9: exp and summation orders differ between implementations in the
 * last bits; layer norm's outputs near 0 are compared at the scale of its
 * outputs, 1; the MLIR pipeline sums W8 and W9 in f32, in order, within
 * 1e-3 of the f64 sums). */
static float check_tol, check_scale;

static int bad;

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* candidate: a variant that exists only if its implementation was linked. */
typedef struct {
  const char *name;
  int threads;
  const void *sym; /* the implementation's symbol; NULL = not built */
  void (*run)(void);
} candidate;

/* The 1-core limit of each workload (streamk.h): the STREAM kernel of its
 * pattern over its own large arrays, with ordinary and with non-temporal
 * stores, timed round-robin with its variants (report.py takes the faster
 * as the limit): the machine's bandwidth changes from minute to minute,
 * so a limit measured apart from the workload is off by as much. */
enum { LIM_COPY, LIM_FILL, LIM_TRIAD, LIM_READ };
static const float *lim_a, *lim_b;
static float *lim_c;
static long lim_n;
static volatile float lim_sink;
static void run_lim_copy(void) { streamk_copy(lim_a, lim_c, 0, lim_n); }
static void run_lim_copy_nt(void) { streamk_copy_nt(lim_a, lim_c, 0, lim_n); }
static void run_lim_fill(void) { streamk_fill(lim_c, 3.0f, 0, lim_n); }
static void run_lim_fill_nt(void) { streamk_fill_nt(lim_c, 3.0f, 0, lim_n); }
static void run_lim_triad(void) { streamk_triad(lim_c, lim_a, lim_b, 3.0f, 0, lim_n); }
static void run_lim_triad_nt(void) { streamk_triad_nt(lim_c, lim_a, lim_b, 3.0f, 0, lim_n); }
static void run_lim_read(void) { lim_sink = streamk_read(lim_a, 0, lim_n); }

/* with_limits appends the limit variants of pattern kind over n elements
 * (a, b read; c written; after the check, so c's contents no longer
 * matter) to the nv variants in v, which has room for two more. */
static int with_limits(variant *v, int nv, int kind, const void *a, const void *b, void *c, long n) {
  static void (*const runs[][2])(void) = {
      [LIM_COPY] = {run_lim_copy, run_lim_copy_nt},
      [LIM_FILL] = {run_lim_fill, run_lim_fill_nt},
      [LIM_TRIAD] = {run_lim_triad, run_lim_triad_nt},
      [LIM_READ] = {run_lim_read, NULL},
  };
  static const char *const names[][2] = {
      [LIM_COPY] = {"limit: STREAM copy", "limit: STREAM copy, non-temporal"},
      [LIM_FILL] = {"limit: STREAM fill", "limit: STREAM fill, non-temporal"},
      [LIM_TRIAD] = {"limit: STREAM triad", "limit: STREAM triad, non-temporal"},
      [LIM_READ] = {"limit: STREAM read", NULL},
  };
  lim_a = a, lim_b = b, lim_c = c, lim_n = n;
  for (int k = 0; k < 2; k++)
    if (runs[kind][k]) v[nv++] = (variant){names[kind][k], 1, one_thread, runs[kind][k], 0};
  return nv;
}

/* check runs each present candidate once into a poisoned output and compares
 * it with the reference; returns the variants to time. */
static int select_and_check(const char *w, const candidate *cs, int n, variant *out, void *dst,
                            const void *ref, size_t bytes) {
  int nv = 0;
  for (int i = 0; i < n; i++) {
    if (!cs[i].sym) {
      fprintf(stderr, "  %-3s %-36s not built, skipped\n", w, cs[i].name);
      printf("MISSING\t%s\t%s\n", w, cs[i].name);
      continue;
    }
    cs[i].threads > 1 ? two_threads() : one_thread();
    memset(dst, 0xA5, bytes);
    status = 0;
    cs[i].run();
    long diff = 0;
    const unsigned char *x = dst, *y = ref;
    if (check_tol > 0) {
      const float *fx = dst, *fy = ref;
      for (size_t k = 0; k < bytes / 4; k++)
        diff += !(fabsf(fx[k] - fy[k]) <= check_tol * fmaxf(fabsf(fy[k]), check_scale));
    } else {
      for (size_t k = 0; k < bytes; k += 4) diff += memcmp(x + k, y + k, 4) != 0;
    }
    if (diff || status) {
      fprintf(stderr, "  %-3s %-36s WRONG: %ld of %zu elements differ from C, status %d\n", w,
              cs[i].name, diff, bytes / 4, status);
      printf("WRONG\t%s\t%s\t%ld\t%d\n", w, cs[i].name, diff, status);
      bad++;
      continue;
    }
    out[nv++] = (variant){cs[i].name, cs[i].threads, cs[i].threads > 1 ? two_threads : one_thread,
                          cs[i].run, 0};
  }
  return nv;
}

static long check_samples_f32(const char *w, const float *out, long rows, long cols,
                              float (*expect)(long, long)) {
  long n = 0;
  for (long s = 0; s < 64; s++) {
    long i = s < 2 ? (rows - 1) * s : (s * 2654435761u) % rows;
    long j = s < 2 ? (cols - 1) * s : (s * 40503 + 11) % cols;
    float e = expect(i, j), g = out[i * cols + j];
    if (e != g && n++ < 3) fprintf(stderr, "  %s C kernel [%ld,%ld] = %g, formula %g\n", w, i, j, g, e);
  }
  return n;
}
static float e_w1(long i, long j) { return gen_a(i * COLS + j) + gen_b(j); }
static float e_w2(long i, long j) { return gen_a(i) + gen_b(j); }
static float e_w3(long i, long j) {
  float v = (gen_a(i * COLS + j) + gen_b(j)) * gen_c(i * COLS + j);
  return v > 0.0f ? v : 0.0f;
}
static float e_w4(long i, long j) { return gen_a(i * SC + j) + gen_b(j); }
static float e_w10(long i, long j) { return gen_a(j * W10N + i); }
static float e_w11(long i, long j) { return gen_a(j * W10N + i) + gen_b(j); }

/* transcendental: the variants of W12-W17, with C's libm loops as the
 * reference (1 thread), checked as check_tol says, then timed. */
static void transcendental(const char *w, void (*c)(void), const void *csym, void (*mlir)(void), const void *msym,
                           void (*t)(void), const void *tsym, void (*user)(void), const void *usym,
                           void (*port)(void), const void *psym, size_t out_bytes, uint64_t bytes, int lim,
                           long nelem, int reps, int warm) {
  one_thread();
  c();
  memcpy(rref, rout, out_bytes);
  candidate cs[] = {
      {"C libm -O3", 1, csym, c},
      {"C libm -O3 #2", 1, csym, c},
      {"MLIR pipeline", 1, msym, mlir},
      {"tirc", 1, tsym, t},
      {"tirc #2", 1, tsym, t},
      {"tirc, user's path (clang -O3)", 1, usym, user},
      {"tirc, portable", 1, psym, port},
      {"tirc, 2 threads", 2, tsym, t},
  };
  variant v[N(cs) + 2];
  int n = select_and_check(w, cs, N(cs), v, rout, rref, out_bytes);
  n = with_limits(v, n, lim, rx, lim == LIM_TRIAD ? ry : NULL, lim == LIM_READ ? NULL : rout, nelem);
  bench_run(w, v, n, reps, warm, bytes, 1);
}
#define TRANSCENDENTAL(n, out_bytes, bytes, lim, nelem)                                              \
  transcendental("W" #n, run_c_w##n, (void *)c_w##n, run_mlir_w##n, (void *)_mlir_ciface_mlir_w##n,  \
                 run_w##n, (void *)w##n, run_w##n##_user, (void *)w##n##_user, run_w##n##_port,     \
                 (void *)w##n##_port, out_bytes, bytes, lim, nelem, reps, warm)

static int wanted(int argc, char **argv, const char *w) {
  if (argc < 2) return 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], w)) return 1;
  return 0;
}


int main(int argc, char **argv) {
  int reps = bench_env("REPS", 11), warm = bench_env("WARM", 2), reps4 = bench_env("W4_REPS", 7);
  int repsT = bench_env("T_REPS", 3);
  w4_calls = bench_env("W4_CALLS", 1000000);
  fprintf(stderr, "driver: %dx%d, reps=%d warm=%d, W4 %ld calls x %d reps\n", ROWS, COLS, reps, warm,
          w4_calls, reps4);
  fa = bench_alloc(4l * NE), fb = bench_alloc(4l * COLS), fc = bench_alloc(4l * NE);
  fa2 = bench_alloc(4l * ROWS), fout = bench_alloc(4l * NE), fref = bench_alloc(4l * NE);
  for (long k = 0; k < NE; k++) fa[k] = gen_a(k), fc[k] = gen_c(k);
  for (long k = 0; k < COLS; k++) fb[k] = gen_b(k);
  for (long k = 0; k < ROWS; k++) fa2[k] = gen_a(k);
  A = d2(fa, ROWS, COLS), B = d1(fb, COLS), B2 = d2(fb, 1, COLS), A2 = d2(fa2, ROWS, 1);
  Cd = d2(fc, ROWS, COLS), O = d2(fout, ROWS, COLS);
  const uint64_t bytes12 = 4ull * (2ull * NE + COLS);
  if (wanted(argc, argv, "W1")) {
    c_w1(fa, fb, fref);
    bad += check_samples_f32("W1", fref, ROWS, COLS, e_w1) != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w1, run_c_w1},
        {"C fused -O3 #2", 1, (void *)c_w1, run_c_w1},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w1, run_mlir_w1},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w1_dyn, run_mlir_w1_dyn},
        {"tirc", 1, (void *)w1, run_w1},
        {"tirc, checks off", 1, (void *)w1_nochk, run_w1_nochk},
        {"tirc #2", 1, (void *)w1, run_w1},
        {"tirc, user's path (clang -O3)", 1, (void *)w1_user, run_w1_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w1_par, run_c_w1_par},
        {"tirc, 2 threads", 2, (void *)w1, run_w1},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W1", cs, N(cs), v, fout, fref, 4l * NE);
    n = with_limits(v, n, LIM_COPY, fa, NULL, fout, NE);
    bench_run("W1", v, n, reps, warm, bytes12, 1);
  }
  if (wanted(argc, argv, "W2")) {
    c_w2(fa2, fb, fref);
    bad += check_samples_f32("W2", fref, ROWS, COLS, e_w2) != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w2, run_c_w2},
        {"C fused -O3 #2", 1, (void *)c_w2, run_c_w2},
        {"C, non-temporal stores", 1, (void *)c_w2_nt, run_c_w2_nt},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w2, run_mlir_w2},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w2_dyn, run_mlir_w2_dyn},
        {"tirc", 1, (void *)w2, run_w2},
        {"tirc, checks off", 1, (void *)w2_nochk, run_w2_nochk},
        {"tirc #2", 1, (void *)w2, run_w2},
        {"tirc, user's path (clang -O3)", 1, (void *)w2_user, run_w2_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w2_par, run_c_w2_par},
        {"tirc, 2 threads", 2, (void *)w2, run_w2},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W2", cs, N(cs), v, fout, fref, 4l * NE);
    n = with_limits(v, n, LIM_FILL, NULL, NULL, fout, NE);
    bench_run("W2", v, n, reps, warm, 4ull * (NE + ROWS + COLS), 1);
  }
  if (wanted(argc, argv, "W3")) {
    t1 = bench_alloc(4l * NE), t2 = bench_alloc(4l * NE);
    c_w3(fa, fb, fc, fref);
    bad += check_samples_f32("W3", fref, ROWS, COLS, e_w3) != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w3, run_c_w3},
        {"C fused -O3 #2", 1, (void *)c_w3, run_c_w3},
        {"C unfused (2 temporaries)", 1, (void *)c_w3_unfused, run_c_w3_unfused},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w3, run_mlir_w3},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w3_dyn, run_mlir_w3_dyn},
        {"tirc", 1, (void *)w3, run_w3},
        {"tirc, checks off", 1, (void *)w3_nochk, run_w3_nochk},
        {"tirc #2", 1, (void *)w3, run_w3},
        {"tirc, user's path (clang -O3)", 1, (void *)w3_user, run_w3_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w3_par, run_c_w3_par},
        {"tirc, 2 threads", 2, (void *)w3, run_w3},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W3", cs, N(cs), v, fout, fref, 4l * NE);
    n = with_limits(v, n, LIM_TRIAD, fa, fc, fout, NE);
    bench_run("W3", v, n, reps, warm, 4ull * (3ull * NE + COLS), 1);
    free(t1), free(t2);
  }
  if (wanted(argc, argv, "W4")) {
    sa = bench_alloc(4 * SR * SC), sb = bench_alloc(4 * SC), sout = bench_alloc(4 * SR * SC);
    sref = bench_alloc(4 * SR * SC);
    for (long k = 0; k < SR * SC; k++) sa[k] = gen_a(k);
    for (long k = 0; k < SC; k++) sb[k] = gen_b(k);
    SA = d2(sa, SR, SC), SB = d1(sb, SC), SO = d2(sout, SR, SC);
    c_w4(sa, sb, sref);
    bad += check_samples_f32("W4", sref, SR, SC, e_w4) != 0;
    long calls = w4_calls;
    w4_calls = 1; /* check with one call each */
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w4, run_c_w4},
        {"C fused -O3 #2", 1, (void *)c_w4, run_c_w4},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w4, run_mlir_w4},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w4_dyn, run_mlir_w4_dyn},
        {"tirc", 1, (void *)w4, run_w4},
        {"tirc, checks off", 1, (void *)w4_nochk, run_w4_nochk},
        {"tirc, user's path (clang -O3)", 1, (void *)w4_user, run_w4_user},
        {"tirc, bare pointers", 1, (void *)w4_bare, run_w4_bare},
    };
    variant v[N(cs)];
    int n = select_and_check("W4", cs, N(cs), v, sout, sref, 4 * SR * SC);
    w4_calls = calls;
    bench_run("W4", v, n, reps4, 1, 4ull * (2 * SR * SC + SC), (uint64_t)calls);
  }
  if (wanted(argc, argv, "W5")) {
    ia = bench_alloc(4l * NE), ib = bench_alloc(4l * COLS), iout = bench_alloc(4l * NE);
    iref = bench_alloc(4l * NE);
    for (long k = 0; k < NE; k++) ia[k] = gen_ai(k);
    for (long k = 0; k < COLS; k++) ib[k] = gen_bi(k);
    IA = d2(ia, ROWS, COLS), IB = d1(ib, COLS), IO = d2(iout, ROWS, COLS);
    c_w5(ia, ib, iref);
    long wrong = 0;
    for (long k = 0; k < NE; k += 4099) wrong += iref[k] != gen_ai(k) + gen_bi(k % COLS);
    bad += wrong != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w5, run_c_w5},
        {"C fused -O3 #2", 1, (void *)c_w5, run_c_w5},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w5, run_mlir_w5},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w5_dyn, run_mlir_w5_dyn},
        {"tirc", 1, (void *)w5, run_w5},
        {"tirc, checks off", 1, (void *)w5_nochk, run_w5_nochk},
        {"tirc #2", 1, (void *)w5, run_w5},
        {"tirc, user's path (clang -O3)", 1, (void *)w5_user, run_w5_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w5_par, run_c_w5_par},
        {"tirc, 2 threads", 2, (void *)w5, run_w5},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W5", cs, N(cs), v, iout, iref, 4l * NE);
    n = with_limits(v, n, LIM_COPY, ia, NULL, iout, NE);
    bench_run("W5", v, n, reps, warm, bytes12, 1);
  }
  /* W6-W9: one input buffer sized for the largest (W8: 2^26 floats). */
  if (wanted(argc, argv, "W6") || wanted(argc, argv, "W7") || wanted(argc, argv, "W8") || wanted(argc, argv, "W9") ||
      wanted(argc, argv, "W10") || wanted(argc, argv, "W11") || wanted(argc, argv, "W12") ||
      wanted(argc, argv, "W13") || wanted(argc, argv, "W14") || wanted(argc, argv, "W15") ||
      wanted(argc, argv, "W16") || wanted(argc, argv, "W17")) {
    long n = W8N;
    rx = bench_alloc(4l * n), rout = bench_alloc(4l * n), rref = bench_alloc(4l * n);
    rg = bench_alloc(4l * W7C), rb = bench_alloc(4l * W7C);
    for (long j = 0; j < W7C; j++) rg[j] = 1.0f + gen_b(j), rb[j] = gen_c(j);
    RG = d1(rg, W7C), RB = d1(rb, W7C), RG2 = d2(rg, 1, W7C), RB2 = d2(rb, 1, W7C);
  }
  if (wanted(argc, argv, "W6")) {
    for (long k = 0; k < (long)W6R * W6C; k++) rx[k] = 8.0f * gen_a(k);
    RX = d2(rx, W6R, W6C), RO = d2(rout, W6R, W6C);
    check_tol = 2e-5f, check_scale = 0;
    c_w6(rx, rref);
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w6, run_c_w6},
        {"C fused -O3 #2", 1, (void *)c_w6, run_c_w6},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w6, run_mlir_w6},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w6_dyn, run_mlir_w6_dyn},
        {"tirc", 1, (void *)w6, run_w6},
        {"tirc, checks off", 1, (void *)w6_nochk, run_w6_nochk},
        {"tirc #2", 1, (void *)w6, run_w6},
        {"tirc, user's path (clang -O3)", 1, (void *)w6_user, run_w6_user},
        {"tirc, portable", 1, (void *)w6_port, run_w6_port},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w6_par, run_c_w6_par},
        {"tirc, 2 threads", 2, (void *)w6, run_w6},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W6", cs, N(cs), v, rout, rref, 4l * W6R * W6C);
    n = with_limits(v, n, LIM_COPY, rx, NULL, rout, (long)W6R * W6C);
    bench_run("W6", v, n, reps, warm, 8ull * W6R * W6C, 1);
  }
  if (wanted(argc, argv, "W7")) {
    for (long k = 0; k < (long)W7R * W7C; k++) rx[k] = 3.0f * gen_a(k) + gen_b(k / W7C);
    RX = d2(rx, W7R, W7C), RO = d2(rout, W7R, W7C);
    check_tol = 2e-5f, check_scale = 1;
    c_w7(rx, rg, rb, rref);
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w7, run_c_w7},
        {"C fused -O3 #2", 1, (void *)c_w7, run_c_w7},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w7, run_mlir_w7},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w7_dyn, run_mlir_w7_dyn},
        {"tirc", 1, (void *)w7, run_w7},
        {"tirc, checks off", 1, (void *)w7_nochk, run_w7_nochk},
        {"tirc #2", 1, (void *)w7, run_w7},
        {"tirc, user's path (clang -O3)", 1, (void *)w7_user, run_w7_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w7_par, run_c_w7_par},
        {"tirc, 2 threads", 2, (void *)w7, run_w7},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W7", cs, N(cs), v, rout, rref, 4l * W7R * W7C);
    n = with_limits(v, n, LIM_COPY, rx, NULL, rout, (long)W7R * W7C);
    bench_run("W7", v, n, reps, warm, 8ull * W7R * W7C + 8ull * W7C, 1);
  }
  if (wanted(argc, argv, "W8")) {
    for (long k = 0; k < W8N; k++) rx[k] = gen_a(k);
    RX1 = d1(rx, W8N), RO0 = (desc0){rout, rout, 0}, MO1 = d1(rout, 1);
    check_tol = 1e-3f, check_scale = 0;
    c_w8(rx, rref);
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w8, run_c_w8},
        {"C fused -O3 #2", 1, (void *)c_w8, run_c_w8},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w8, run_mlir_w8},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w8_dyn, run_mlir_w8_dyn},
        {"tirc", 1, (void *)w8, run_w8},
        {"tirc, checks off", 1, (void *)w8_nochk, run_w8_nochk},
        {"tirc #2", 1, (void *)w8, run_w8},
        {"tirc, user's path (clang -O3)", 1, (void *)w8_user, run_w8_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w8_par, run_c_w8_par},
        {"tirc, 2 threads", 2, (void *)w8, run_w8},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W8", cs, N(cs), v, rout, rref, 4);
    n = with_limits(v, n, LIM_READ, rx, NULL, NULL, W8N);
    bench_run("W8", v, n, reps, warm, 4ull * W8N, 1);
  }
  if (wanted(argc, argv, "W9")) {
    for (long k = 0; k < (long)W9R * W9C; k++) rx[k] = gen_a(k);
    RX = d2(rx, W9R, W9C), RO1 = d1(rout, W9C), MO2 = d2(rout, 1, W9C);
    check_tol = 1e-3f, check_scale = 1;
    c_w9(rx, rref);
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w9, run_c_w9},
        {"C fused -O3 #2", 1, (void *)c_w9, run_c_w9},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w9, run_mlir_w9},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w9_dyn, run_mlir_w9_dyn},
        {"tirc", 1, (void *)w9, run_w9},
        {"tirc, checks off", 1, (void *)w9_nochk, run_w9_nochk},
        {"tirc #2", 1, (void *)w9, run_w9},
        {"tirc, user's path (clang -O3)", 1, (void *)w9_user, run_w9_user},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w9_par, run_c_w9_par},
        {"tirc, 2 threads", 2, (void *)w9, run_w9},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W9", cs, N(cs), v, rout, rref, 4l * W9C);
    n = with_limits(v, n, LIM_READ, rx, NULL, NULL, (long)W9R * W9C);
    bench_run("W9", v, n, reps, warm, 4ull * W9R * W9C + 4ull * W9C, 1);
  }
  /* W10, W11: 8192x8192 transposes, compared bit for bit. */
  if (wanted(argc, argv, "W10") || wanted(argc, argv, "W11")) {
    for (long k = 0; k < (long)W10N * W10N; k++) rx[k] = gen_a(k);
    tb = bench_alloc(4l * W10N);
    for (long j = 0; j < W10N; j++) tb[j] = gen_b(j);
    RX = d2(rx, W10N, W10N), RO = d2(rout, W10N, W10N), TB = d1(tb, W10N), TB2 = d2(tb, 1, W10N);
    check_tol = 0;
  }
  if (wanted(argc, argv, "W10")) {
    c_w10(rx, rref);
    bad += check_samples_f32("W10", rref, W10N, W10N, e_w10) != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w10, run_c_w10},
        {"C fused -O3 #2", 1, (void *)c_w10, run_c_w10},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w10, run_mlir_w10},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w10_dyn, run_mlir_w10_dyn},
        {"tirc", 1, (void *)w10, run_w10},
        {"tirc, checks off", 1, (void *)w10_nochk, run_w10_nochk},
        {"tirc #2", 1, (void *)w10, run_w10},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w10_par, run_c_w10_par},
        {"tirc, 2 threads", 2, (void *)w10, run_w10},
        {"C tiled by hand (16x16, streaming)", 1, (void *)c_w10_tiled, run_c_w10_tiled},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W10", cs, N(cs), v, rout, rref, 4l * W10N * W10N);
    n = with_limits(v, n, LIM_COPY, rx, NULL, rout, (long)W10N * W10N);
    bench_run("W10", v, n, repsT, 1, 8ull * W10N * W10N, 1);
  }
  if (wanted(argc, argv, "W11")) {
    c_w11(rx, tb, rref);
    bad += check_samples_f32("W11", rref, W10N, W10N, e_w11) != 0;
    candidate cs[] = {
        {"C fused -O3", 1, (void *)c_w11, run_c_w11},
        {"C fused -O3 #2", 1, (void *)c_w11, run_c_w11},
        {"MLIR pipeline", 1, (void *)_mlir_ciface_mlir_w11, run_mlir_w11},
        {"MLIR pipeline, dynamic strides", 1, (void *)_mlir_ciface_mlir_w11_dyn, run_mlir_w11_dyn},
        {"tirc", 1, (void *)w11, run_w11},
        {"tirc, checks off", 1, (void *)w11_nochk, run_w11_nochk},
        {"tirc #2", 1, (void *)w11, run_w11},
        {"C fused -O3, GOMP 2 threads", 2, (void *)c_w11_par, run_c_w11_par},
        {"tirc, 2 threads", 2, (void *)w11, run_w11},
    };
    variant v[N(cs) + 2];
    int n = select_and_check("W11", cs, N(cs), v, rout, rref, 4l * W10N * W10N);
    n = with_limits(v, n, LIM_COPY, rx, NULL, rout, (long)W10N * W10N);
    bench_run("W11", v, n, repsT, 1, 8ull * W10N * W10N + 4ull * W10N, 1);
  }
  /* W12-W17: compute-bound; compared with C's libm loops within a
   * tolerance at the scale of 1 (GELU's and the gate's outputs near 0 come
   * from cancellation), W16's indices exactly. */
  const long TN = (long)TR * TC, SN = (long)W6R * W6C;
  if (wanted(argc, argv, "W12") || wanted(argc, argv, "W13") || wanted(argc, argv, "W14") ||
      wanted(argc, argv, "W17")) {
    RX = d2(rx, TR, TC), RO = d2(rout, TR, TC);
    check_tol = 1e-5f, check_scale = 1;
  }
  if (wanted(argc, argv, "W12")) {
    for (long k = 0; k < TN; k++) rx[k] = 4.0f * gen_a(k);
    TRANSCENDENTAL(12, 4ul * TN, 8ull * TN, LIM_COPY, TN);
  }
  if (wanted(argc, argv, "W13")) {
    for (long k = 0; k < TN; k++) rx[k] = 3.0f * gen_a(k);
    TRANSCENDENTAL(13, 4ul * TN, 8ull * TN, LIM_COPY, TN);
  }
  if (wanted(argc, argv, "W14")) {
    for (long k = 0; k < TN; k++) rx[k] = 3.0f * gen_a(k);
    TRANSCENDENTAL(14, 4ul * TN, 8ull * TN, LIM_COPY, TN);
  }
  if (wanted(argc, argv, "W17")) {
    ry = bench_alloc(4l * TN);
    for (long k = 0; k < TN; k++) rx[k] = 6.0f * gen_a(k), ry[k] = gen_c(k);
    RY = d2(ry, TR, TC);
    TRANSCENDENTAL(17, 4ul * TN, 12ull * TN, LIM_TRIAD, TN);
    free(ry);
  }
  if (wanted(argc, argv, "W15")) {
    for (long k = 0; k < SN; k++) rx[k] = 8.0f * gen_a(k);
    RX = d2(rx, W6R, W6C), RO = d2(rout, W6R, W6C);
    check_tol = 1e-5f, check_scale = 1;
    TRANSCENDENTAL(15, 4ul * SN, 8ull * SN, LIM_COPY, SN);
  }
  if (wanted(argc, argv, "W16")) {
    for (long k = 0; k < SN; k++) rx[k] = gen_a(k);
    ri32 = bench_alloc(4l * W6R);
    RX = d2(rx, W6R, W6C), RO1 = d1(rout, W6R), RI32 = d1(ri32, W6R);
    check_tol = 0;
    TRANSCENDENTAL(16, 8ul * W6R, 4ull * SN, LIM_READ, SN);
    free(ri32);
  }
  fprintf(stderr, "driver: %s\n", bad ? "FAILED (see WRONG lines)" : "all outputs equal the C kernels'");
  return bad ? 1 : 0;
}
