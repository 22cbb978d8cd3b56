/* Calls hostile.mlir's functions with hostile descriptors and pointers
 * (issue 19 item 6): each gets status 4 and a message, never a crash or a
 * write outside its buffer; the valid corner cases next to them (an empty
 * tensor with a NULL pointer, stride-0 inputs, negative and column-major
 * output strides) still work. Built with AddressSanitizer and UBSan, the
 * .ll with -sanitize=address. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hostile.h"

static int failures;
static void expect(const char *what, int32_t got, int32_t want) {
  printf("%s: status %d\n", what, (int)got);
  if (got != want) {
    printf("FAIL %s: status %d, want %d\n", what, (int)got, (int)want);
    failures++;
  }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* in order with the messages on stderr */
  float a[8] = {0, 1, 2, 3, 4, 5, 6, 7}, o[8], b[4] = {1, 1, 1, 1};
  tirc_desc_f32_2d A = {a, a, 0, {2, 4}, {4, 1}};
  tirc_desc_f32_2d R = {0};

  /* NULL descriptors, argument and result, on the fast and general paths. */
  expect("s NULL argument", s(NULL, &R), 4);
  expect("s NULL result", s(&A, NULL), 4);
  expect("d NULL argument", d(NULL, NULL, &R), 4);
  /* NULL data with elements; an empty tensor may have none. */
  tirc_desc_f32_2d N = {NULL, NULL, 0, {2, 4}, {4, 1}};
  expect("s NULL aligned", s(&N, &R), 4);
  expect("d NULL aligned", d(&N, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &R), 4);
  tirc_desc_f32_2d E = {NULL, NULL, 0, {0, 4}, {4, 1}};
  expect("d empty NULL aligned", d(&E, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &R), 0);
  tirc_free(&R);
  /* Negative sizes. */
  tirc_desc_f32_2d NEG = {a, a, 0, {-1, 4}, {4, 1}};
  expect("d negative size", d(&NEG, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &R), 4);
  /* Strides and offsets whose element addresses overflow. */
  tirc_desc_f32_2d HUGE = {a, a, 0, {2, 4}, {INT64_MAX, 1}};
  expect("d argument stride overflow", d(&HUGE, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &R), 4);
  tirc_desc_f32_2d FAR = {a, a, INT64_MAX / 2, {2, 4}, {4, 1}};
  expect("d argument offset overflow (bytes)", d(&FAR, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &R), 4);
  expect("s argument stride overflow", s(&HUGE, &R), 4);
  /* The output: {o, o, 0, {2,4}, {INT64_MAX, INT64_MAX}} over 8 floats. */
  tirc_desc_f32_2d OUT = {o, o, 0, {2, 4}, {INT64_MAX, INT64_MAX}};
  expect("s output stride overflow", s(&A, &OUT), 4);
  expect("d output stride overflow", d(&A, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &OUT), 4);
  /* Outputs whose elements share memory. */
  tirc_desc_f32_2d ROW0 = {o, o, 0, {2, 4}, {0, 1}};
  expect("s output stride 0", s(&A, &ROW0), 4);
  tirc_desc_f32_2d DIAG = {o, o, 0, {2, 4}, {1, 1}};
  expect("d output strides 1, 1", d(&A, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &DIAG), 4);
  tirc_desc_f32_2d TIGHT = {o, o, 0, {2, 4}, {3, 1}};
  expect("s output rows overlap", s(&A, &TIGHT), 4);
  /* Valid: column-major and reversed outputs, a size-1 dimension of
   * stride 0, and a stride-0 (broadcast) input. */
  tirc_desc_f32_2d COL = {o, o, 0, {2, 4}, {1, 2}};
  expect("s column-major output", s(&A, &COL), 0);
  int ok = 1;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++)
      ok &= o[i + 2 * j] == -a[4 * i + j];
  expect("s column-major values", ok ? 0 : 1, 0);
  tirc_desc_f32_2d REV = {o, o, 7, {2, 4}, {-4, -1}};
  expect("s reversed output", s(&A, &REV), 0);
  expect("s reversed values", o[7] == -a[0] && o[0] == -a[7] ? 0 : 1, 0);
  float one[4];
  tirc_desc_f32_2d ONE = {one, one, 0, {1, 4}, {0, 1}};
  tirc_desc_f32_2d A1 = {a, a, 0, {1, 4}, {4, 1}};
  expect("d size-1 stride-0 output", d(&A1, &(tirc_desc_f32_1d){b, b, 0, {4}, {1}}, &ONE), 0);
  tirc_desc_f32_2d BCAST = {a, a, 0, {2, 4}, {0, 1}};
  expect("s stride-0 input", s(&BCAST, &(tirc_desc_f32_2d){o, o, 0, {2, 4}, {4, 1}}), 0);
  /* Scalar and vector pointers. */
  int32_t n2 = 0;
  float v[4] = {1, 2, 3, 4}, v2[4];
  expect("sv NULL scalar result", sv(21, v, NULL, v2), 4);
  expect("sv NULL vector result", sv(21, v, &n2, NULL), 4);
  expect("sv NULL vector argument", sv(21, NULL, &n2, v2), 4);
  expect("sv valid", sv(21, v, &n2, v2), 0);
  expect("sv values", n2 == 42 && v2[3] == 8 ? 0 : 1, 0);
  /* Bare pointers. */
  expect("s_bare NULL argument", s_bare(NULL, o), 4);
  expect("s_bare NULL result", s_bare(a, NULL), 4);
  expect("s_bare valid", s_bare(a, o), 0);
  printf("%d failures\n", failures);
  return failures != 0;
}
