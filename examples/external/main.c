/* Calls @softclip (softclip.mlir, with @clip from softclip.c) from C. */
#include <stdint.h>
#include <stdio.h>

#include "softclip.h" /* tirc -emit-c-header examples/external/softclip.mlir */

int main(void) {
  float x[2][5] = {{-4, -1, 0, 1, 4}, {3, -3, 2.5f, -0.5f, 10}};
  tirc_desc_f32_2d dx = {&x[0][0], &x[0][0], 0, {2, 5}, {5, 1}};
  tirc_desc_f32_2d y = {0};
  int32_t st = softclip(&dx, 2.0f, &y);
  if (st != 0)
    return st;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 5; j++)
      printf("%g%c", y.aligned[i * y.strides[0] + j * y.strides[1]], j == 4 ? '\n' : ' ');
  tirc_free(&y);
  /* A failing external call: its message, then softclip's status. */
  fflush(stdout);
  printf("status %d\n", softclip(&dx, -1.0f, &y));
  return 0;
}
