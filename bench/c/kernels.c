/* kernels.c -- the hand-written C reference kernels (kernels.h), compiled
 * alone with clang -O3 -march=native so the driver cannot inline or hoist
 * the calls it times. Plain loops over restrict pointers: what a careful C
 * programmer writes and clang vectorizes. */
#include "kernels.h"

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

/* ---- two (or OMP_NUM_THREADS) threads through libgomp ---- */

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
