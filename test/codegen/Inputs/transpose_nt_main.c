/* Driver of transpose_nt.test: every element of each transpose (and of
 * x.T + b) against the index formula. */
#include <stdio.h>
#include <stdlib.h>
#include "transpose_nt.h"

enum { R = 520, C = 1000, N = R * C };

#define CHECK(T, call, D, expect)                                              \
  {                                                                            \
    T *x = aligned_alloc(64, sizeof(T) * N), *o = aligned_alloc(64, sizeof(T) * N); \
    for (long k = 0; k < N; k++) x[k] = (T)(k * 31 + 7);                        \
    D X = {x, x, 0, {R, C}, {C, 1}}, O = {o, o, 0, {C, R}, {R, 1}};            \
    int st = call;                                                             \
    long bad = 0;                                                              \
    for (long i = 0; i < C; i++)                                               \
      for (long j = 0; j < R; j++) bad += o[i * R + j] != (T)(expect);         \
    printf("%s status %d mismatches %ld\n", #T, st, bad);                      \
    free(x), free(o);                                                          \
  }

int main(void) {
  float b[R];
  tirc_desc_f32_1d B = {b, b, 0, {R}, {1}};
  for (int j = 0; j < R; j++) b[j] = (float)j / 4;
  CHECK(int8_t, t8(&X, &O), tirc_desc_i8_2d, x[j * C + i])
  CHECK(int16_t, t16(&X, &O), tirc_desc_i16_2d, x[j * C + i])
  CHECK(float, t32(&X, &B, &O), tirc_desc_f32_2d, x[j * C + i] + b[j])
  CHECK(double, t64(&X, &O), tirc_desc_f64_2d, x[j * C + i])
  return 0;
}
