/* Driver of parallel.test: results equal the closed form whatever the
 * thread count, and a division by zero in any thread's share is reported. */
#include <stdio.h>
#include <stdlib.h>
#include "parallel.h"

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  long rows = argc > 1 ? atol(argv[1]) : 1000;
  float *x = malloc(sizeof(float) * rows * 64), b[64], s = 0.5f;
  int32_t *xi = malloc(sizeof(int32_t) * rows * 64), d[64];
  for (long i = 0; i < rows * 64; i++) x[i] = (float)(i % 101), xi[i] = (int32_t)(i % 1000) - 500;
  for (int j = 0; j < 64; j++) b[j] = (float)j, d[j] = j % 7 + 1;
  tirc_desc_f32_2d X = {x, x, 0, {rows, 64}, {64, 1}};
  tirc_desc_f32_1d B = {b, b, 0, {64}, {1}};
  tirc_desc_f32_0d S = {&s, &s, 0};
  tirc_desc_f32_2d Y = {0};
  int st = axpb(&X, &B, &S, &Y), bad = 0;
  for (long i = 0; i < rows; i++)
    for (int j = 0; j < 64; j++) bad += Y.aligned[i * 64 + j] != x[i * 64 + j] * 0.5f + (float)j;
  printf("axpb status %d mismatches %d\n", st, bad);
  tirc_free(&Y);

  tirc_desc_i32_2d XI = {xi, xi, 0, {rows, 64}, {64, 1}};
  tirc_desc_i32_1d D = {d, d, 0, {64}, {1}};
  tirc_desc_i32_2d Q = {0};
  st = quot(&XI, &D, &Q), bad = 0;
  for (long i = 0; i < rows * 64; i++) bad += Q.aligned[i] != xi[i] / d[i % 64];
  printf("quot status %d mismatches %d\n", st, bad);
  tirc_free(&Q);
  d[63] = 0; /* the last column: every thread's share divides by zero */
  st = quot(&XI, &D, &Q);
  printf("quot by zero status %d result %s\n", st, Q.aligned ? "kept" : "NULL");

  /* Column reductions of a rows x 37 view (integer values: every order
   * of summation is exact), against loops in index order; sums also of
   * two columns, where a third thread's share is empty. */
  tirc_desc_f32_2d XC = {x, x, 0, {rows, 37}, {37, 1}};
  tirc_desc_f32_1d CM = {0};
  tirc_desc_i64_1d CA = {0};
  for (long cols = 37; cols >= 2; cols -= 35) {
    tirc_desc_f32_2d XS = {x, x, 0, {rows, cols}, {cols, 1}};
    tirc_desc_f32_1d CS = {0};
    st = colsum(&XS, &CS), bad = 0;
    for (long j = 0; j < cols; j++) {
      double acc = 0;
      for (long i = 0; i < rows; i++) acc += x[i * cols + j];
      bad += CS.aligned[j] != (float)acc;
    }
    printf("colsum of %ld columns status %d mismatches %d\n", cols, st, bad);
    tirc_free(&CS);
  }
  st = colmax(&XC, &CM, &CA), bad = 0;
  for (int j = 0; j < 37; j++) {
    long at = 0;
    for (long i = 1; i < rows; i++)
      if (x[i * 37 + j] > x[at * 37 + j]) at = i;
    bad += CM.aligned[j] != x[at * 37 + j] || CA.aligned[j] != at;
  }
  printf("colmax status %d mismatches %d\n", st, bad);
  tirc_free(&CM), tirc_free(&CA);
  free(x), free(xi);
  return 0;
}
