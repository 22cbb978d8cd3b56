/* Driver of nontemporal.test: outputs written with non-temporal stores
 * (store-bound outer broadcasts, W3's fused chain) equal the closed form,
 * for callee-allocated (64-byte aligned) and caller-allocated outputs at
 * every misalignment, also outputs not aligned to their element size
 * (issue 19 item 2: the streaming stores faulted there). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nontemporal.h"

/* element k of a float array that may not be 4-byte aligned */
static float at(const float *p, int k) {
  float x;
  memcpy(&x, (const char *)p + 4 * (size_t)k, sizeof x);
  return x;
}

int main(void) {
  float a[50], b[37];
  int8_t ai[50], bi[150];
  for (int i = 0; i < 50; i++) a[i] = (float)i * 0.25f, ai[i] = (int8_t)(i * 7 - 100);
  for (int j = 0; j < 37; j++) b[j] = (float)j * 3.0f;
  for (int j = 0; j < 150; j++) bi[j] = (int8_t)(j * 5 - 90);
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
  tirc_desc_i8_2d AI = {ai, ai, 0, {50, 1}, {1, 1}}, BI = {bi, bi, 0, {1, 150}, {150, 1}};
  tirc_desc_i8_2d P = {0};
  tirc_desc_i1_2d C = {0};
  if (outer_i8(&AI, &BI, &P, &C) != 0) return 1;
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 150; j++) {
      bad += P.aligned[i * 150 + j] != (int8_t)(ai[i] * bi[j]);
      bad += C.aligned[i * 150 + j] != (ai[i] < bi[j]);
    }
  tirc_free(&P), tirc_free(&C);
  static float c[50 * 37], a2[50 * 37];
  for (int k = 0; k < 50 * 37; k++) a2[k] = (float)(k % 23) - 11.5f, c[k] = (float)(k % 7) * 0.5f - 1.0f;
  tirc_desc_f32_2d A2 = {a2, a2, 0, {50, 37}, {37, 1}}, CD = {c, c, 0, {50, 37}, {37, 1}};
  tirc_desc_f32_1d B1 = {b, b, 0, {37}, {1}};
  for (int off = -1; off < 16; off++) {
    tirc_desc_f32_2d R = {0};
    if (off >= 0) R = (tirc_desc_f32_2d){buf, buf, off, {50, 37}, {37, 1}};
    if (copy_like(&A2, &B1, &CD, &R) != 0) return 1;
    for (int k = 0; k < 50 * 37; k++) {
      float v = (a2[k] + b[k % 37]) * c[k];
      bad += R.aligned[R.offset + k] != (v > 0 ? v : 0);
    }
    if (off < 0) tirc_free(&R);
    calls++;
  }
  static float s[200 * 5];
  for (int k = 0; k < 200 * 5; k++) s[k] = (float)k;
  tirc_desc_f32_2d S = {s, s, 0, {200, 5}, {5, 1}}, R = {0};
  tirc_desc_f32_1d B5 = {b, b, 0, {5}, {1}};
  if (short_rows(&S, &B5, &R) != 0) return 1;
  for (int k = 0; k < 200 * 5; k++) bad += R.aligned[k] != s[k] + b[k % 5];
  tirc_free(&R);
  calls++;
  /* dyn_rows: 3 rows (444 bytes, ordinary stores) and 50 rows (7400
   * bytes, non-temporal); dyn_all with the same sizes (ordinary). */
  for (int rows = 3; rows <= 50; rows += 47)
    for (int off = -1; off < 16; off++) {
      tirc_desc_f32_2d AD = {a2, a2, 0, {rows, 37}, {37, 1}}, R = {0}, R2 = {0};
      if (off >= 0) R = (tirc_desc_f32_2d){buf, buf, off, {rows, 37}, {37, 1}};
      if (dyn_rows(&AD, &B1, &R) != 0 || dyn_all(&AD, &B1, &R2) != 0) return 1;
      for (int k = 0; k < rows * 37; k++) {
        bad += R.aligned[R.offset + k] != a2[k] * b[k % 37];
        bad += R2.aligned[k] != a2[k] + b[k % 37];
      }
      if (off < 0) tirc_free(&R);
      tirc_free(&R2);
      calls += 2;
    }
  /* Outputs 1 to 3 bytes off a float's alignment take the ordinary loop. */
  static _Alignas(64) char raw[50 * 37 * 4 + 64];
  for (int byte = 1; byte < 4; byte++) {
    float *o = (float *)(raw + byte);
    tirc_desc_f32_2d R = {o, o, 0, {50, 37}, {37, 1}};
    if (outer(&A, &B, &R) != 0) return 1;
    for (int k = 0; k < 50 * 37; k++) bad += at(o, k) != a[k / 37] + b[k % 37];
    if (copy_like(&A2, &B1, &CD, &R) != 0) return 1;
    for (int k = 0; k < 50 * 37; k++) {
      float v = (a2[k] + b[k % 37]) * c[k];
      bad += at(o, k) != (v > 0 ? v : 0);
    }
    tirc_desc_f32_2d AD = {a2, a2, 0, {50, 37}, {37, 1}};
    if (dyn_rows(&AD, &B1, &R) != 0) return 1;
    for (int k = 0; k < 50 * 37; k++) bad += at(o, k) != a2[k] * b[k % 37];
    calls += 3;
  }
  printf("%d calls, %d mismatches\n", calls, bad);
  return 0;
}
