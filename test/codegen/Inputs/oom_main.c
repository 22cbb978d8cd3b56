/* oom.test: runs @colsum (777 columns: a scratch row of 777 f64
 * accumulators, 6216 bytes) or @softmax (3 x 100: a row group's scratch
 * block of 3 rows, 1264 bytes; the result is the caller's buffer) with
 * malloc failing for one byte count (argv[2], 0: never), and prints the
 * status and the result's first element. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "oom.h"

extern void *__libc_malloc(size_t);
static size_t fail_size;
void *malloc(size_t n) { return fail_size && n == fail_size ? NULL : __libc_malloc(n); }

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  fail_size = strtoul(argv[2], NULL, 10);
  static float x[3 * 777], y[3 * 777];
  for (int i = 0; i < 3 * 777; i++) x[i] = (float)(i % 7);
  int st;
  if (!strcmp(argv[1], "colsum")) {
    tirc_desc_f32_2d dx = {x, x, 0, {3, 777}, {777, 1}};
    tirc_desc_f32_1d dy = {y, y, 0, {777}, {1}};
    st = colsum(&dx, &dy);
  } else {
    tirc_desc_f32_2d dx = {x, x, 0, {3, 100}, {100, 1}};
    tirc_desc_f32_2d dy = {y, y, 0, {3, 100}, {100, 1}};
    st = softmax(&dx, &dy);
  }
  printf("status %d, y[1] = %g\n", st, y[1]);
  return 0;
}
