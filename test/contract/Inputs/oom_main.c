/* oom.test: runs @mm (200x150 @ 150x90 f32, the packed path; the result
 * is the caller's buffer) with malloc failing for every size of at least
 * argv[1] bytes (0: never), and prints the status and an element. */
#include <stdio.h>
#include <stdlib.h>
#include "oom.h"

extern void *__libc_malloc(size_t);
static size_t fail_from;
void *malloc(size_t n) { return fail_from && n >= fail_from ? NULL : __libc_malloc(n); }

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  fail_from = strtoul(argv[1], NULL, 10);
  static float a[200 * 150], b[150 * 90], c[200 * 90];
  for (int i = 0; i < 200 * 150; i++) a[i] = (float)(i % 3);
  for (int i = 0; i < 150 * 90; i++) b[i] = 1;
  tirc_desc_f32_2d da = {a, a, 0, {200, 150}, {150, 1}};
  tirc_desc_f32_2d db = {b, b, 0, {150, 90}, {90, 1}};
  tirc_desc_f32_2d dc = {c, c, 0, {200, 90}, {90, 1}};
  int st = mm(&da, &db, &dc);
  printf("status %d, c[1][2] = %g\n", st, c[92]);
  return 0;
}
