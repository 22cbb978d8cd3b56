/* A hand-written implementation of examples/bias_relu.mlir's entry point
 * that follows the native ABI (notes: strided descriptors, callee-allocated
 * results freed by tirc_free, int32 status). It lets the C driver be tested
 * on its own, without tirc's code generator. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[1]; int64_t strides[1]; } desc1;
typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[2]; int64_t strides[2]; } desc2;

int32_t bias_relu(const desc2 *x, const desc1 *b, desc2 *r) {
  if (x->sizes[1] != 128 || b->sizes[0] != 128) {
    fprintf(stderr, "tirc: error: bias_relu: argument: descriptor contradicts the static type\n");
    return 4;
  }
  int64_t n = x->sizes[0];
  void *p = NULL;
  if (posix_memalign(&p, 64, (size_t)(n * 128 * 4 + 1)) != 0)
    return 3;
  r->allocated = r->aligned = p;
  r->offset = 0;
  r->sizes[0] = n, r->sizes[1] = 128;
  r->strides[0] = 128, r->strides[1] = 1;
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < 128; j++) {
      float v = x->aligned[x->offset + i * x->strides[0] + j * x->strides[1]] + b->aligned[b->offset + j * b->strides[0]];
      r->aligned[i * 128 + j] = v > 0 ? v : 0;
    }
  return 0;
}

void tirc_free(void *desc) {
  free(*(void **)desc);
}
