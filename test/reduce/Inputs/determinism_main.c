// Calls each reduction of determinism.mlir on the same logical data laid
// out many ways -- 1, 2 and 3 threads; the data at 16 element offsets
// from a 64-byte boundary; row-major, padded rows, every other element,
// Fortran order -- and prints one FNV-1a hash of each result's bits per
// function. Every way must give the same bits: the program exits 1 on the
// first difference. Two builds (checks on and off) must print the same.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "det.h"

void omp_set_num_threads(int) __attribute__((weak));

static uint64_t rng = 88172645463325252ull;
static double next(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  double u = (double)(rng >> 11) / 9007199254740992.0 - 0.5;
  int e = (int)(rng % 41) - 20;  // magnitudes 2^-20 .. 2^20, both signs
  return u * (double)(1ull << 20) / (double)(1ull << (20 - (e < 0 ? 0 : e))) / (e < 0 ? (double)(1ull << -e) : 1.0);
}

static uint64_t fnv(const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; }
  return h;
}

enum { R = 67, C = 517 };
static double logical[R][C];

// Lays the data out: kind 0 row-major, 1 padded rows, 2 every other
// element, 3 Fortran order; off elements after a 64-byte boundary.
#define LAYOUT(T, suffix)                                                          \
  static T *layout_##suffix(int kind, int off, int64_t strides[2], T **raw) {      \
    size_t n = (size_t)R * C * 2 + 64 + 16;                                        \
    *raw = aligned_alloc(64, n * sizeof(T) + 64);                                  \
    T *base = *raw + off;                                                          \
    for (int r = 0; r < R; r++)                                                    \
      for (int c = 0; c < C; c++) {                                                \
        int64_t s0 = kind == 0 ? C : kind == 1 ? C + 7 : kind == 2 ? 2 * C : 1;    \
        int64_t s1 = kind == 0 ? 1 : kind == 1 ? 1 : kind == 2 ? 2 : R;            \
        strides[0] = s0, strides[1] = s1;                                          \
        base[r * s0 + c * s1] = (T)logical[r][c];                                  \
      }                                                                            \
    return base;                                                                   \
  }
LAYOUT(float, f32)
LAYOUT(double, f64)

#define CHECK(call) do { int st_ = (call); if (st_) { printf("status %d: %s\n", st_, #call); exit(1); } } while (0)

#define RUN(fn, T, suffix, RT, rsuffix, count)                                       \
  static uint64_t run_##fn(int kind, int off) {                                      \
    T *raw; tirc_desc_##suffix##_2d d = {0};                                         \
    d.aligned = d.allocated = layout_##suffix(kind, off, d.strides, &raw);           \
    d.sizes[0] = R, d.sizes[1] = C;                                                  \
    RT r = {0};                                                                      \
    CHECK(fn(&d, &r));                                                               \
    uint64_t h = fnv(r.aligned, (count) * sizeof *r.aligned);                       \
    tirc_free(&r); free(raw);                                                        \
    return h;                                                                        \
  }
RUN(rows_f32, float, f32, tirc_desc_f32_1d, 1d, R)
RUN(cols_f32, float, f32, tirc_desc_f32_1d, 1d, C)
RUN(all_f32, float, f32, tirc_desc_f32_0d, 0d, 1)
RUN(rows_f64, double, f64, tirc_desc_f64_1d, 1d, R)
RUN(cols_f64, double, f64, tirc_desc_f64_1d, 1d, C)
RUN(all_f64, double, f64, tirc_desc_f64_0d, 0d, 1)
RUN(mean_f64, double, f64, tirc_desc_f64_2d, 2d, R)
RUN(softmax_den, float, f32, tirc_desc_f32_2d, 2d, R)
RUN(prod_f32, float, f32, tirc_desc_f32_1d, 1d, R)
RUN(rows_f32s, float, f32, tirc_desc_f32_1d, 1d, R)
RUN(rows_f64s, double, f64, tirc_desc_f64_1d, 1d, R)
RUN(softmax_den_s, float, f32, tirc_desc_f32_2d, 2d, R)

// A long vector (several blocks of a full reduction): contiguous or every
// other element, at the same 16 offsets.
enum { N = 300007 };
static double vlogical[N];
#define VRUN(fn, T, suffix, RT)                                                     \
  static uint64_t run_##fn(int kind, int off) {                                    \
    int64_t stride = kind & 1 ? 2 : 1;                                             \
    T *raw = aligned_alloc(64, (N * 2 + 64) * sizeof(T));                          \
    T *base = raw + off;                                                           \
    for (int i = 0; i < N; i++) base[i * stride] = (T)vlogical[i];                 \
    tirc_desc_##suffix##_1d d = {base, base, 0, {N}, {stride}};                    \
    RT r = {0};                                                                    \
    CHECK(fn(&d, &r));                                                             \
    uint64_t h = fnv(r.aligned, sizeof *r.aligned);                                \
    tirc_free(&r); free(raw);                                                      \
    return h;                                                                      \
  }
VRUN(vec_f64, double, f64, tirc_desc_f64_0d)
VRUN(vec_mean32, float, f32, tirc_desc_f32_0d)
VRUN(vec_argmax, float, f32, tirc_desc_i64_0d)

int main(void) {
  for (int i = 0; i < N; i++) vlogical[i] = next();
  vlogical[N - 5] = 1e30; // the maximum, late: argmax must find it in the last block
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) logical[r][c] = next();
  // A static twin (like: its dynamic function) must give that one's bits.
  struct { const char *name; uint64_t (*run)(int, int); uint64_t (*like)(int, int); } fns[] = {
    {"rows_f32", run_rows_f32}, {"cols_f32", run_cols_f32}, {"all_f32", run_all_f32},
    {"rows_f64", run_rows_f64}, {"cols_f64", run_cols_f64}, {"all_f64", run_all_f64},
    {"mean_f64", run_mean_f64}, {"softmax_den", run_softmax_den}, {"prod_f32", run_prod_f32},
    {"vec_f64", run_vec_f64}, {"vec_mean32", run_vec_mean32}, {"vec_argmax", run_vec_argmax},
    {"rows_f32s", run_rows_f32s, run_rows_f32}, {"rows_f64s", run_rows_f64s, run_rows_f64},
    {"softmax_den_s", run_softmax_den_s, run_softmax_den},
  };
  int variants = 0;
  for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
    if (omp_set_num_threads) omp_set_num_threads(1);
    uint64_t want = (fns[f].like ? fns[f].like : fns[f].run)(0, 0);
    for (int threads = 1; threads <= 3; threads++) {
      if (omp_set_num_threads) omp_set_num_threads(threads);
      for (int kind = 0; kind < 4; kind++)
        for (int off = 0; off < 16; off++) {
          uint64_t got = fns[f].run(kind, off);
          variants++;
          if (got != want) {
            printf("%s: threads %d, layout %d, offset %d: bits differ\n", fns[f].name, threads, kind, off);
            return 1;
          }
        }
    }
    printf("%s %016llx\n", fns[f].name, (unsigned long long)want);
  }
  // And the values: argmax finds the late maximum; the f64 sum is the
  // compensated sum, within an ulp of a long double sum.
  {
    float *x = malloc(N * sizeof *x);
    double *y = malloc(N * sizeof *y);
    long double ref = 0;
    for (int i = 0; i < N; i++) x[i] = (float)vlogical[i], y[i] = vlogical[i], ref += vlogical[i];
    tirc_desc_f32_1d dx = {x, x, 0, {N}, {1}};
    tirc_desc_f64_1d dy = {y, y, 0, {N}, {1}};
    tirc_desc_i64_0d ri = {0};
    tirc_desc_f64_0d rs = {0};
    CHECK(vec_argmax(&dx, &ri));
    CHECK(vec_f64(&dy, &rs));
    printf("vec_argmax index %lld\n", (long long)*ri.aligned);
    printf("vec_f64 within 1e-15 of long double: %s\n", fabsl((long double)*rs.aligned - ref) <= 1e-15L * fabsl(ref) + 1e-300L ? "yes" : "no");
  }
  printf("same bits in %d calls\n", variants);
  return 0;
}
