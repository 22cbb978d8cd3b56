// Includes the headers of two modules (and one of them twice): both are
// declared once, the shared typedef tirc_desc_i1_2d once.
#include "two_a.h"
#include "two_b.h"
#include "two_a.h"
#include <stdio.h>

int main(void) {
  float x[2][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}};
  float limit[4] = {1, 1, 7, 7};
  int32_t w[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  tirc_desc_f32_2d dx = {&x[0][0], &x[0][0], 0, {2, 4}, {4, 1}};
  tirc_desc_f32_1d dl = {limit, limit, 0, {4}, {1}};
  tirc_desc_i32_2d dw = {&w[0][0], &w[0][0], 0, {2, 4}, {4, 1}};
  tirc_desc_i1_2d m = {0};
  tirc_desc_i32_2d r = {0};
  if (mask_a(&dx, &dl, &m) != 0 || count_b(&m, &dw, &r) != 0)
    return 1;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++)
      printf("%d%c", r.aligned[i * r.strides[0] + j * r.strides[1]], j == 3 ? '\n' : ' ');
  tirc_free(&m);
  tirc_free(&r);
  return 0;
}
