/* Driver of nontemporal.test: outputs written with non-temporal stores
 * equal the closed form, for callee-allocated (64-byte aligned) and
 * caller-allocated outputs at every misalignment. */
#include <stdio.h>
#include <stdlib.h>
#include "nontemporal.h"

int main(void) {
  float a[50], b[37];
  int8_t ai[50], bi[37];
  for (int i = 0; i < 50; i++) a[i] = (float)i * 0.25f, ai[i] = (int8_t)(i * 7 - 100);
  for (int j = 0; j < 37; j++) b[j] = (float)j * 3.0f, bi[j] = (int8_t)(j * 5 - 90);
  tirc_desc_f32_2d A = {a, a, 0, {50, 1}, {1, 1}}, B = {b, b, 0, {1, 37}, {37, 1}};
  int bad = 0, calls = 0;
  static float buf[50 * 37 + 64];
  for (int off = -1; off < 16; off++) { /* -1: callee-allocated */
    tirc_desc_f32_2d R = {0};
    if (off >= 0) R = (tirc_desc_f32_2d){buf, buf, off, {50, 37}, {37, 1}};
    if (outer(&A, &B, &R) != 0) return 1;
    for (int i = 0; i < 50; i++)
      for (int j = 0; j < 37; j++) bad += R.aligned[R.offset + i * 37 + j] != a[i] + b[j];
    if (off < 0) tirc_free(&R);
    calls++;
  }
  tirc_desc_i8_2d AI = {ai, ai, 0, {50, 1}, {1, 1}}, BI = {bi, bi, 0, {1, 37}, {37, 1}};
  tirc_desc_i8_2d P = {0};
  tirc_desc_i1_2d C = {0};
  if (outer_i8(&AI, &BI, &P, &C) != 0) return 1;
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 37; j++) {
      bad += P.aligned[i * 37 + j] != (int8_t)(ai[i] * bi[j]);
      bad += C.aligned[i * 37 + j] != (ai[i] < bi[j]);
    }
  tirc_free(&P), tirc_free(&C);
  printf("%d calls, %d mismatches\n", calls, bad);
  return 0;
}
