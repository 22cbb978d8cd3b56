/* Calls @f of sanitize.mlir with a descriptor that claims 8 elements over
 * a buffer of 4 (which the native ABI leaves to the caller): under
 * AddressSanitizer, a heap-buffer-overflow inside tirc's code -- reported
 * only when the .ll was emitted with -sanitize=address. */
#include <stdio.h>
#include <stdlib.h>

#include "sanitize.h"

int main(void) {
  float *a = malloc(4 * sizeof(float));
  for (int i = 0; i < 4; i++)
    a[i] = (float)i;
  tirc_desc_f32_1d x = {a, a, 0, {8}, {1}}, r = {0};
  int32_t st = f(&x, &r);
  printf("status %d\n", st);
  tirc_free(&r);
  free(a);
  return 0;
}
