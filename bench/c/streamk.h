/* streamk.h -- the STREAM-like kernels of the 1-core limits, shared by the
 * bandwidth probe (stream.c, on 1 and 2 threads) and the driver (driver.c,
 * timed round-robin with each workload's variants on the workload's own
 * arrays, so the limit and tirc are measured at the same moment: the
 * machine's bandwidth varies by tens of percent from minute to minute).
 * Each runs over [lo, hi); lo is a multiple of 16 floats from a 64-byte
 * aligned array, so the vector loops need no prologue. The _nt kernels
 * store whole 64-byte lines with non-temporal vector stores and end with a
 * fence. */
#ifndef TIRC_BENCH_STREAMK_H
#define TIRC_BENCH_STREAMK_H

typedef float streamk_v8f __attribute__((vector_size(32)));
typedef float streamk_v16f __attribute__((vector_size(64)));

/* c = a: one read stream, one write stream (W1, W5, W6, W7, W10, W11). */
static inline void streamk_copy(const float *restrict a, float *restrict c, long lo, long hi) {
  for (long i = lo; i < hi; i++) c[i] = a[i];
}
static inline void streamk_copy_nt(const float *restrict a, float *restrict c, long lo, long hi) {
  long i = lo;
  for (; i + 16 <= hi; i += 16) __builtin_nontemporal_store(*(const streamk_v16f *)(a + i), (streamk_v16f *)(c + i));
  for (; i < hi; i++) c[i] = a[i];
  __builtin_ia32_sfence();
}
/* c = s: one write stream (W2). */
static inline void streamk_fill(float *restrict c, float s, long lo, long hi) {
  for (long i = lo; i < hi; i++) c[i] = s;
}
static inline void streamk_fill_nt(float *restrict c, float s, long lo, long hi) {
  streamk_v16f v = {s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s};
  long i = lo;
  for (; i + 16 <= hi; i += 16) __builtin_nontemporal_store(v, (streamk_v16f *)(c + i));
  for (; i < hi; i++) c[i] = s;
  __builtin_ia32_sfence();
}
/* a = b + s * c: two read streams, one write stream (W3). */
static inline void streamk_triad(float *restrict a, const float *restrict b, const float *restrict c, float s,
                                 long lo, long hi) {
  for (long i = lo; i < hi; i++) a[i] = b[i] + s * c[i];
}
static inline void streamk_triad_nt(float *restrict a, const float *restrict b, const float *restrict c, float s,
                                    long lo, long hi) {
  long i = lo;
  for (; i + 16 <= hi; i += 16)
    __builtin_nontemporal_store(*(const streamk_v16f *)(b + i) + s * *(const streamk_v16f *)(c + i),
                                (streamk_v16f *)(a + i));
  for (; i < hi; i++) a[i] = b[i] + s * c[i];
  __builtin_ia32_sfence();
}
/* The sum of a in 16 independent lanes: one read stream (W8, W9). */
static inline float streamk_read(const float *restrict a, long lo, long hi) {
  streamk_v8f s0 = {0}, s1 = {0};
  long i = lo;
  for (; i + 16 <= hi; i += 16) s0 += *(const streamk_v8f *)(a + i), s1 += *(const streamk_v8f *)(a + i + 8);
  float r = 0;
  for (; i < hi; i++) r += a[i];
  for (int l = 0; l < 8; l++) r += s0[l] + s1[l];
  return r;
}

#endif
