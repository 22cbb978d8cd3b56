/* The C definition of @clip, declared in softclip.mlir: clamps x to
 * [-limit, limit]. Native ABI: the argument is a strided descriptor (offset
 * and strides in elements, any layout); the result descriptor arrives with
 * NULL pointers and is filled here, its buffer from malloc (tirc frees it
 * with free); the return value is the status, 0 for success. A failure
 * writes one line to tirc_error_fd (stderr by default) and returns
 * non-zero: the calling tirc function then fails with that status. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The descriptor of tensor<?x?xf32>, as tirc -emit-c-header writes it (the
 * guard lets this file include a generated header too). */
#ifndef TIRC_DESC_F32_2D
#define TIRC_DESC_F32_2D
typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[2]; int64_t strides[2]; } tirc_desc_f32_2d;
#endif
extern int32_t tirc_error_fd; /* defined by every tirc module */

int32_t clip(const tirc_desc_f32_2d *x, float limit, tirc_desc_f32_2d *res0) {
  if (!(limit >= 0)) {
    dprintf(tirc_error_fd, "tirc: error: clip: the limit is %g; it must be >= 0\n", limit);
    return 1;
  }
  int64_t rows = x->sizes[0], cols = x->sizes[1];
  float *out = malloc(rows * cols * sizeof(float) + 1);
  if (!out)
    return 3;
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++) {
      float v = x->aligned[x->offset + i * x->strides[0] + j * x->strides[1]];
      out[i * cols + j] = v > limit ? limit : v < -limit ? -limit : v;
    }
  *res0 = (tirc_desc_f32_2d){out, out, 0, {rows, cols}, {cols, 1}};
  return 0;
}
