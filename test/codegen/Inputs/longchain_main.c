/* longchain.mlir: a + 40 b through every entry point. */
#include <stdio.h>

#include "longchain.h"

int main(void) {
  float a[12], b[4], r1[12], r2[12], r3[12];
  for (int i = 0; i < 12; i++) a[i] = (float)i;
  for (int j = 0; j < 4; j++) b[j] = 0.25f * (float)(j + 1);
  tirc_desc_f32_2d A = {a, a, 0, {3, 4}, {4, 1}}, R1 = {r1, r1, 0, {3, 4}, {4, 1}}, R2 = {r2, r2, 0, {3, 4}, {4, 1}};
  tirc_desc_f32_1d B = {b, b, 0, {4}, {1}};
  int failures = 0;
  failures += chain(&A, &B, &R1) != 0;
  failures += chain_bare(a, b, r3) != 0;
  failures += chain_dyn(&A, &B, &R2) != 0;
  for (int i = 0; i < 12; i++) {
    float want = a[i];
    for (int k = 0; k < 40; k++) want += b[i % 4]; /* the same order of additions */
    if (r1[i] != want || r2[i] != want || r3[i] != want) {
      printf("FAIL [%d]: %g %g %g, want %g\n", i, r1[i], r2[i], r3[i], want);
      failures++;
    }
  }
  printf("%d failures\n", failures);
  return failures != 0;
}
