/* fmapeak.h -- one core's peak FMA throughput, the limit of a contraction.
 *
 * PEAK_CHAINS independent chains of vector FMAs (more than FMA latency x
 * FMA ports, so the units never wait), at the widest vector width the
 * compiler targets (-march=native: 512 bits with AVX-512, else 256 or
 * 128). An FMA is two FLOPs. Reported as "PEAK <TAB> f32|f64 <TAB> GFLOPS",
 * the best of 5 runs of about 0.1 s. */
#ifndef TIRC_FMAPEAK_H
#define TIRC_FMAPEAK_H
#include "bench.h"

#if defined(__AVX512F__)
#define PEAK_BYTES 64
#elif defined(__AVX__)
#define PEAK_BYTES 32
#else
#define PEAK_BYTES 16
#endif
#define PEAK_CHAINS 12

typedef float vf32 __attribute__((vector_size(PEAK_BYTES)));
typedef double vf64 __attribute__((vector_size(PEAK_BYTES)));

/* PEAK_LOOP(T, name): runs n rounds of PEAK_CHAINS FMAs of type T and
 * returns a lane of the sum, so that nothing is optimized away. The
 * multiplier and addend stay in registers; fma keeps one rounding. */
#define PEAK_LOOP(T, E, name)                                          \
  static __attribute__((noinline)) E name(long n, E seedv) {           \
    T acc[PEAK_CHAINS], m, a;                                          \
    for (int c = 0; c < PEAK_CHAINS; c++) acc[c] = (T){} + seedv * c;  \
    m = (T){} + (E)0.999999, a = (T){} + (E)1e-7;                      \
    for (long i = 0; i < n; i++) {                                     \
      for (int c = 0; c < PEAK_CHAINS; c++) acc[c] = acc[c] * m + a;   \
      __asm__ volatile("" : "+x"(m));                                  \
    }                                                                  \
    T s = (T){};                                                       \
    for (int c = 0; c < PEAK_CHAINS; c++) s += acc[c];                 \
    return s[0];                                                       \
  }
PEAK_LOOP(vf32, float, peak_f32)
PEAK_LOOP(vf64, double, peak_f64)

static double peak_gflops(int f64) {
  const long n = 4000000;
  const double flops = 2.0 * n * PEAK_CHAINS * (PEAK_BYTES / (f64 ? 8 : 4));
  double best = 0;
  volatile double sink = 0;
  for (int r = 0; r < 5; r++) {
    uint64_t t0 = bench_now();
    sink += f64 ? peak_f64(n, 1e-3) : peak_f32(n, 1e-3f);
    uint64_t t = bench_now() - t0;
    if (flops / (double)t > best) best = flops / (double)t;
  }
  (void)sink;
  return best;
}

static void peak_report(void) {
  double f = peak_gflops(0), d = peak_gflops(1);
  fprintf(stderr, "  peak FMA, one core, %d-bit vectors: f32 %.1f GFLOPS, f64 %.1f GFLOPS\n", PEAK_BYTES * 8, f, d);
  printf("PEAK\tf32\t%.2f\nPEAK\tf64\t%.2f\n", f, d);
}
#endif
