/* Calling a tirc-compiled function from C (README, "The native ABI").
 *   tirc -infer-shapes -emit-llvm examples/bias_relu.mlir -o bias_relu.ll
 *   tirc -infer-shapes -emit-c-header examples/bias_relu.mlir -o bias_relu.h
 *   clang -O3 -I. bias_relu.ll examples/demo/main.c -o bias_relu_c -lm && ./bias_relu_c
 * y = max(x + b, 0) with x 3x128 and b 128; the callee allocates y. */
#include <stdio.h>
#include "bias_relu.h"

int main(void) {
  static float x[3][128], b[128];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 128; j++) x[i][j] = (float)(j - 64) / 16 + (float)i;
  for (int j = 0; j < 128; j++) b[j] = (j % 2) ? 1.0f : -1.0f;

  tirc_desc_f32_2d xd = {&x[0][0], &x[0][0], 0, {3, 128}, {128, 1}};
  tirc_desc_f32_1d bd = {b, b, 0, {128}, {1}};
  tirc_desc_f32_2d y = {0}; /* aligned == NULL: the callee allocates */
  int32_t status = bias_relu(&xd, &bd, &y);
  if (status != 0) return 1;
  printf("y is %lldx%lld; y[2][64..67] = %g %g %g %g\n", (long long)y.sizes[0], (long long)y.sizes[1],
         y.aligned[2 * y.strides[0] + 64], y.aligned[2 * y.strides[0] + 65],
         y.aligned[2 * y.strides[0] + 66], y.aligned[2 * y.strides[0] + 67]);
  tirc_free(&y);

  /* A descriptor that contradicts the static type is refused (status 4). */
  xd.sizes[1] = 100;
  status = bias_relu(&xd, &bd, &y);
  printf("status with a 3x100 argument: %d\n", status);
  return 0;
}
