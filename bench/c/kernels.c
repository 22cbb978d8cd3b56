/* kernels.c -- the hand-written C reference kernels (kernels.h), compiled
 * alone with clang -O3 -march=native so the driver cannot inline or hoist
 * the calls it times. Plain loops over restrict pointers: what a careful C
 * programmer writes and clang vectorizes. */
#include "kernels.h"
#include <math.h>
#include <stdlib.h>

void c_w1(const float *restrict a, const float *restrict b, float *restrict out) {
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = a[i * COLS + j] + b[j];
}

void c_w2(const float *restrict a, const float *restrict b, float *restrict out) {
  for (long i = 0; i < ROWS; i++) {
    float ai = a[i];
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = ai + b[j];
  }
}

/* W2 with aligned 32-byte non-temporal vector stores after a scalar
 * prologue that reaches alignment: the ceiling issue 7 sets for tirc's W2. */
typedef float v8f __attribute__((vector_size(32)));
void c_w2_nt(const float *restrict a, const float *restrict b, float *restrict out) {
  for (long i = 0; i < ROWS; i++) {
    float ai = a[i];
    float *o = out + i * COLS;
    long j = 0;
    for (; j < COLS && ((uintptr_t)(o + j) & 31) != 0; j++) o[j] = ai + b[j];
    v8f av = {ai, ai, ai, ai, ai, ai, ai, ai};
    for (; j + 8 <= COLS; j += 8) {
      v8f bv;
      __builtin_memcpy(&bv, b + j, sizeof bv);
      __builtin_nontemporal_store(av + bv, (v8f *)(o + j));
    }
    for (; j < COLS; j++) o[j] = ai + b[j];
  }
  __builtin_ia32_sfence();
}

static inline float relu(float v) { return v > 0.0f ? v : 0.0f; }

void c_w3(const float *restrict a, const float *restrict b, const float *restrict c, float *restrict out) {
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = relu((a[i * COLS + j] + b[j]) * c[i * COLS + j]);
}

/* Unfused: three loops through two temporaries, like three NumPy ufuncs. */
__attribute__((noinline)) static void add_rows(const float *restrict a, const float *restrict b,
                                               float *restrict t) {
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++) t[i * COLS + j] = a[i * COLS + j] + b[j];
}
__attribute__((noinline)) static void mul_all(const float *restrict x, const float *restrict y,
                                              float *restrict t) {
  for (long k = 0; k < (long)ROWS * COLS; k++) t[k] = x[k] * y[k];
}
__attribute__((noinline)) static void relu_all(const float *restrict x, float *restrict t) {
  for (long k = 0; k < (long)ROWS * COLS; k++) t[k] = relu(x[k]);
}
void c_w3_unfused(const float *restrict a, const float *restrict b, const float *restrict c,
                  float *restrict t1, float *restrict t2, float *restrict out) {
  add_rows(a, b, t1);
  mul_all(t1, c, t2);
  relu_all(t2, out);
}

void c_w4(const float *restrict a, const float *restrict b, float *restrict out) {
  for (long i = 0; i < SR; i++)
    for (long j = 0; j < SC; j++) out[i * SC + j] = a[i * SC + j] + b[j];
}

void c_w5(const int32_t *restrict a, const int32_t *restrict b, int32_t *restrict out) {
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = a[i * COLS + j] + b[j];
}

/* ---- reductions (W6-W9): f64 in 8 lanes, element j into lane j mod 8 ---- */

static double sum8(const double acc[8]) {
  return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

/* One softmax row: max, exp and sum (e stored in out), then the division:
 * the textbook's three passes over a row that stays in the cache. */
static void softmax_row(const float *restrict x, float *restrict o, long n) {
  float m = -INFINITY;
  for (long j = 0; j < n; j++) m = x[j] > m ? x[j] : m;
  double acc[8] = {0};
  long j = 0;
  for (; j + 8 <= n; j += 8)
    for (int l = 0; l < 8; l++) {
      float e = expf(x[j + l] - m);
      o[j + l] = e;
      acc[l] += e;
    }
  for (int l = 0; j < n; j++, l++) {
    float e = expf(x[j] - m);
    o[j] = e;
    acc[l] += e;
  }
  float s = (float)sum8(acc);
  for (j = 0; j < n; j++) o[j] /= s;
}
void c_w6(const float *restrict x, float *restrict out) {
  for (long i = 0; i < W6R; i++) softmax_row(x + i * W6C, out + i * W6C, W6C);
}

/* One layer-norm row: the mean, the variance around it, then the output. */
static void layernorm_row(const float *restrict x, const float *restrict g, const float *restrict b,
                          float *restrict o, long n) {
  double acc[8] = {0};
  for (long j = 0; j < n; j += 8)
    for (int l = 0; l < 8; l++) acc[l] += x[j + l];
  float m = (float)(sum8(acc) / n);
  double v[8] = {0};
  for (long j = 0; j < n; j += 8)
    for (int l = 0; l < 8; l++) {
      float d = x[j + l] - m;
      v[l] += d * d;
    }
  float r = 1.0f / sqrtf((float)(sum8(v) / n) + 1e-5f);
  for (long j = 0; j < n; j++) o[j] = (x[j] - m) * r * g[j] + b[j];
}
void c_w7(const float *restrict x, const float *restrict g, const float *restrict b, float *restrict out) {
  for (long i = 0; i < W7R; i++) layernorm_row(x + i * W7C, g, b, out + i * W7C, W7C);
}

static double sum_range(const float *restrict x, long lo, long hi) {
  double acc[8] = {0};
  long j = lo;
  for (; j + 8 <= hi; j += 8)
    for (int l = 0; l < 8; l++) acc[l] += x[j + l];
  for (int l = 0; j < hi; j++, l++) acc[l] += x[j];
  return sum8(acc);
}
void c_w8(const float *restrict x, float *restrict out) { *out = (float)sum_range(x, 0, W8N); }

/* Column sums: a row of f64 accumulators, the input read in memory order. */
static void colsum(const float *restrict x, float *restrict out, long lo, long hi) {
  double acc[W9C];
  for (long j = lo; j < hi; j++) acc[j] = 0;
  for (long i = 0; i < W9R; i++)
    for (long j = lo; j < hi; j++) acc[j] += x[i * W9C + j];
  for (long j = lo; j < hi; j++) out[j] = (float)acc[j];
}
void c_w9(const float *restrict x, float *restrict out) { colsum(x, out, 0, W9C); }

/* ---- two (or OMP_NUM_THREADS) threads through libgomp ---- */

/* ---- transposes (W10, W11): the textbook loops ---- */

static void transpose_rows(const float *restrict x, float *restrict out, long lo, long hi) {
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < W10N; j++) out[i * W10N + j] = x[j * W10N + i];
}
void c_w10(const float *restrict x, float *restrict out) { transpose_rows(x, out, 0, W10N); }

/* c_w10_tiled: the fastest single-thread transpose found while tuning W10
 * (the yardstick of how far below the copy limit a transpose stays here).
 * Per tile of 256 rows x 128 columns of x: copy the rows' 512-byte pieces
 * into a contiguous buffer (row by row, prefetching 8 rows ahead: x's rows
 * are 32 KiB apart, so a tall tile of x cannot stay in the cache), then
 * transpose the buffer in 16x16 blocks (64 shuffles) and write each output
 * row's 1 KiB piece with full-line non-temporal stores. Generic vectors
 * (clang's __builtin_shufflevector): one AVX-512 shuffle each with
 * -march=native on an AVX-512 machine, legalised elsewhere. Tried and
 * slower or no faster on the machine of BENCH.md: 16x16 blocks straight
 * from x (tiles of 16-256 rows, with and without prefetch), 8x8 blocks,
 * ordinary stores, prefetching the next tile while writing this one, and
 * copying it into a second buffer meanwhile. */
typedef float v16f __attribute__((vector_size(64)));
enum { TT_ROWS = 256, TT_COLS = 128 };

static void transpose16(v16f r[16]) {
  v16f t[16], u[16];
  for (int k = 0; k < 8; k++) {
    t[2 * k] = __builtin_shufflevector(r[2 * k], r[2 * k + 1], 0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29);
    t[2 * k + 1] = __builtin_shufflevector(r[2 * k], r[2 * k + 1], 2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31);
  }
  for (int k = 0; k < 4; k++)
    for (int h = 0; h < 2; h++) {
      u[4 * k + 2 * h] = __builtin_shufflevector(t[4 * k + h], t[4 * k + h + 2], 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29);
      u[4 * k + 2 * h + 1] = __builtin_shufflevector(t[4 * k + h], t[4 * k + h + 2], 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31);
    }
  /* u[4k+m] holds, in its 128-bit lane l, column 4l+m of rows 4k..4k+3:
   * a 4x4 transpose of 128-bit lanes. */
  for (int m = 0; m < 4; m++) {
    v16f w0 = __builtin_shufflevector(u[m], u[4 + m], 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    v16f w1 = __builtin_shufflevector(u[m], u[4 + m], 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    v16f w2 = __builtin_shufflevector(u[8 + m], u[12 + m], 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    v16f w3 = __builtin_shufflevector(u[8 + m], u[12 + m], 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    r[m] = __builtin_shufflevector(w0, w2, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    r[8 + m] = __builtin_shufflevector(w0, w2, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    r[4 + m] = __builtin_shufflevector(w1, w3, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    r[12 + m] = __builtin_shufflevector(w1, w3, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  }
}

void c_w10_tiled(const float *restrict x, float *restrict out) {
  static v16f buf[TT_ROWS * TT_COLS / 16];
  const long pf = 8; /* rows ahead */
  for (long i0 = 0; i0 < W10N; i0 += TT_ROWS)
    for (long j0 = 0; j0 < W10N; j0 += TT_COLS) {
      for (long i = 0; i < TT_ROWS; i++) {
        /* row i + pf of this tile, or of the next one along the rows */
        long r = i0 + i + pf, c = j0;
        if (i + pf >= TT_ROWS) r -= TT_ROWS, c += TT_COLS;
        if (c < W10N)
          for (long j = 0; j < TT_COLS; j += 16) __builtin_prefetch(x + r * W10N + c + j, 0, 3);
        for (long j = 0; j < TT_COLS; j += 16)
          buf[(i * TT_COLS + j) / 16] = *(const v16f *)(x + (i0 + i) * W10N + j0 + j);
      }
      for (long j = 0; j < TT_COLS; j += 16)
        for (long i = 0; i < TT_ROWS; i += 16) {
          v16f r[16];
          for (int k = 0; k < 16; k++) r[k] = buf[((i + k) * TT_COLS + j) / 16];
          transpose16(r);
          for (int k = 0; k < 16; k++) __builtin_nontemporal_store(r[k], (v16f *)(out + (j0 + j + k) * W10N + i0 + i));
        }
    }
  __builtin_ia32_sfence();
}

static void transpose_add_rows(const float *restrict x, const float *restrict b, float *restrict out,
                               long lo, long hi) {
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < W10N; j++) out[i * W10N + j] = x[j * W10N + i] + b[j];
}
void c_w11(const float *restrict x, const float *restrict b, float *restrict out) {
  transpose_add_rows(x, b, out, 0, W10N);
}

/* libgomp's entry points (gcc's libgomp.so, link with -lgomp): fn(data) runs
 * on num_threads threads (0 = libgomp's default), the caller being thread 0,
 * and GOMP_parallel returns when all have finished. */
void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
int omp_get_thread_num(void);
int omp_get_num_threads(void);

struct par_args {
  const void *a, *b, *c;
  void *out;
};

/* rows_of gives thread t of n its contiguous block of rows [lo, hi). */
static void rows_of(long *lo, long *hi) {
  long t = omp_get_thread_num(), n = omp_get_num_threads();
  long per = (ROWS + n - 1) / n;
  *lo = t * per < ROWS ? t * per : ROWS;
  *hi = *lo + per < ROWS ? *lo + per : ROWS;
}

static void w1_body(void *p) {
  const struct par_args *x = p;
  const float *restrict a = x->a, *restrict b = x->b;
  float *restrict out = x->out;
  long lo, hi;
  rows_of(&lo, &hi);
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = a[i * COLS + j] + b[j];
}
void c_w1_par(const float *a, const float *b, float *out) {
  struct par_args x = {a, b, 0, out};
  GOMP_parallel(w1_body, &x, 0, 0);
}

static void w2_body(void *p) {
  const struct par_args *x = p;
  const float *restrict a = x->a, *restrict b = x->b;
  float *restrict out = x->out;
  long lo, hi;
  rows_of(&lo, &hi);
  for (long i = lo; i < hi; i++) {
    float ai = a[i];
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = ai + b[j];
  }
}
void c_w2_par(const float *a, const float *b, float *out) {
  struct par_args x = {a, b, 0, out};
  GOMP_parallel(w2_body, &x, 0, 0);
}

static void w3_body(void *p) {
  const struct par_args *x = p;
  const float *restrict a = x->a, *restrict b = x->b, *restrict c = x->c;
  float *restrict out = x->out;
  long lo, hi;
  rows_of(&lo, &hi);
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = relu((a[i * COLS + j] + b[j]) * c[i * COLS + j]);
}
void c_w3_par(const float *a, const float *b, const float *c, float *out) {
  struct par_args x = {a, b, c, out};
  GOMP_parallel(w3_body, &x, 0, 0);
}

static void w5_body(void *p) {
  const struct par_args *x = p;
  const int32_t *restrict a = x->a, *restrict b = x->b;
  int32_t *restrict out = x->out;
  long lo, hi;
  rows_of(&lo, &hi);
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < COLS; j++) out[i * COLS + j] = a[i * COLS + j] + b[j];
}
void c_w5_par(const int32_t *a, const int32_t *b, int32_t *out) {
  struct par_args x = {a, b, 0, out};
  GOMP_parallel(w5_body, &x, 0, 0);
}

/* share splits [0, n) into the calling thread's contiguous part. */
static void share(long n, long *lo, long *hi) {
  long t = omp_get_thread_num(), k = omp_get_num_threads();
  long per = (n + k - 1) / k;
  *lo = t * per < n ? t * per : n;
  *hi = *lo + per < n ? *lo + per : n;
}

static void w6_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W6R, &lo, &hi);
  for (long i = lo; i < hi; i++) softmax_row((const float *)x->a + i * W6C, (float *)x->out + i * W6C, W6C);
}
void c_w6_par(const float *x, float *out) {
  struct par_args a = {x, 0, 0, out};
  GOMP_parallel(w6_body, &a, 0, 0);
}

static void w7_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W7R, &lo, &hi);
  for (long i = lo; i < hi; i++)
    layernorm_row((const float *)x->a + i * W7C, x->b, x->c, (float *)x->out + i * W7C, W7C);
}
void c_w7_par(const float *x, const float *g, const float *b, float *out) {
  struct par_args a = {x, g, b, out};
  GOMP_parallel(w7_body, &a, 0, 0);
}

/* W8 on threads: each sums its part, the parts added in order. */
static double w8_parts[64];
static void w8_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W8N, &lo, &hi);
  w8_parts[omp_get_thread_num()] = sum_range(x->a, lo, hi);
}
void c_w8_par(const float *x, float *out) {
  struct par_args a = {x, 0, 0, out};
  for (int t = 0; t < 64; t++) w8_parts[t] = 0;
  GOMP_parallel(w8_body, &a, 0, 0);
  double s = 0;
  for (int t = 0; t < 64; t++) s += w8_parts[t];
  *out = (float)s;
}

static void w9_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W9C, &lo, &hi);
  colsum(x->a, x->out, lo, hi);
}
void c_w9_par(const float *x, float *out) {
  struct par_args a = {x, 0, 0, out};
  GOMP_parallel(w9_body, &a, 0, 0);
}

static void w10_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W10N, &lo, &hi);
  transpose_rows(x->a, x->out, lo, hi);
}
void c_w10_par(const float *x, float *out) {
  struct par_args a = {x, 0, 0, out};
  GOMP_parallel(w10_body, &a, 0, 0);
}

static void w11_body(void *p) {
  const struct par_args *x = p;
  long lo, hi;
  share(W10N, &lo, &hi);
  transpose_add_rows(x->a, x->b, x->out, lo, hi);
}
void c_w11_par(const float *x, const float *b, float *out) {
  struct par_args a = {x, b, 0, out};
  GOMP_parallel(w11_body, &a, 0, 0);
}

/* W12-W17: the transcendental workloads, libm per element. */
void c_w12(const float *restrict x, float *restrict out) {
  for (long k = 0; k < (long)TR * TC; k++) out[k] = tanhf(x[k]);
}
void c_w13(const float *restrict x, float *restrict out) {
  for (long k = 0; k < (long)TR * TC; k++) {
    float v = x[k];
    out[k] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * (v * v * v))));
  }
}
void c_w14(const float *restrict x, float *restrict out) {
  for (long k = 0; k < (long)TR * TC; k++) out[k] = 0.5f * x[k] * (1.0f + erff(x[k] * 0.70710677f));
}
/* One log-softmax row: max, the sum of exp (in f64 lanes, as softmax_row),
 * then (x - max) - log(sum). */
static void logsoftmax_row(const float *restrict x, float *restrict o, long n) {
  float m = -INFINITY;
  for (long j = 0; j < n; j++) m = x[j] > m ? x[j] : m;
  double acc[8] = {0};
  for (long j = 0; j < n; j++) acc[j % 8] += expf(x[j] - m);
  float l = logf((float)sum8(acc));
  for (long j = 0; j < n; j++) o[j] = (x[j] - m) - l;
}
void c_w15(const float *restrict x, float *restrict out) {
  for (long i = 0; i < W6R; i++) logsoftmax_row(x + i * W6C, out + i * W6C, W6C);
}
void c_w16(const float *restrict x, int64_t *restrict out) {
  for (long i = 0; i < W6R; i++) {
    const float *r = x + i * W6C;
    long best = 0;
    for (long j = 1; j < W6C; j++)
      if (r[j] > r[best]) best = j;
    out[i] = best;
  }
}
void c_w17(const float *restrict x, const float *restrict y, float *restrict out) {
  for (long k = 0; k < (long)TR * TC; k++) out[k] = y[k] / (1.0f + expf(-x[k]));
}
