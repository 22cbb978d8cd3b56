/* Calls the bare-pointer entries of bare.mlir and checks them against
 * closed forms and against the descriptor entries on the same inputs. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bare.h"

static int failures;
#define EXPECT(c, ...)                                                                             \
  do {                                                                                             \
    if (!(c)) {                                                                                    \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

int main(void) {
  /* add: a[i][j] = i*8+j, b[j] = -j/2 */
  float a[64], b[8], out[64], out2[64];
  for (int i = 0; i < 64; i++) a[i] = (float)i;
  for (int j = 0; j < 8; j++) b[j] = -(float)j / 2;
  for (int rep = 0; rep < 3; rep++) {
    memset(out, 0, sizeof out);
    EXPECT(add_bare(a, b, out) == 0, "add_bare status");
    for (int i = 0; i < 64; i++) EXPECT(out[i] == a[i] + b[i % 8], "add[%d] = %g", i, out[i]);
  }
  tirc_desc_f32_2d A = {a, a, 0, {8, 8}, {8, 1}}, R = {out2, out2, 0, {8, 8}, {8, 1}};
  tirc_desc_f32_1d B = {b, b, 0, {8}, {1}};
  EXPECT(add(&A, &B, &R) == 0, "add status");
  EXPECT(memcmp(out, out2, sizeof out) == 0, "add_bare differs from add");

  /* two: u = x * c, c = [1 2 3 4], k2 = 2k */
  int32_t x[12], u[12], c[4], k2 = 0;
  for (int i = 0; i < 12; i++) x[i] = i - 5;
  EXPECT(two_bare(x, 21, u, c, &k2) == 0, "two_bare status");
  for (int i = 0; i < 12; i++) EXPECT(u[i] == x[i] * (i % 4 + 1), "two u[%d] = %d", i, u[i]);
  for (int j = 0; j < 4; j++) EXPECT(c[j] == j + 1, "two c[%d] = %d", j, c[j]);
  EXPECT(k2 == 42, "two k2 = %d", k2);

  /* idiv: C division, then a zero divisor (status 2, message) */
  int32_t n[4] = {7, -7, 9, 100}, d[4] = {2, 2, -4, 7}, q[4];
  EXPECT(idiv_bare(n, d, q) == 0, "idiv_bare status");
  for (int i = 0; i < 4; i++) EXPECT(q[i] == n[i] / d[i], "idiv q[%d] = %d", i, q[i]);
  d[2] = 0;
  fflush(stdout);
  EXPECT(idiv_bare(n, d, q) == 2, "idiv_bare by zero: status");

  /* The message goes to tirc_error_fd when the caller sets it. */
  int fds[2];
  EXPECT(pipe(fds) == 0, "pipe");
  tirc_error_fd = fds[1];
  EXPECT(idiv_bare(n, d, q) == 2, "idiv_bare by zero again: status");
  tirc_error_fd = 2;
  char msg[512] = {0};
  EXPECT(read(fds[0], msg, sizeof msg - 1) > 0, "no message in the pipe");
  printf("captured: %s", msg);
  fflush(stdout);

  /* empty: NULL pointers, nothing to compute */
  EXPECT(empty_bare(NULL, NULL) == 0, "empty_bare(NULL, NULL)");
  float dummy = 1;
  EXPECT(empty_bare(&dummy, &dummy) == 0 && dummy == 1, "empty_bare writes nothing");

  /* scalar0: NaN-propagating max of rank-0 tensors */
  double p = 2.5, r = -1, s = 0;
  EXPECT(scalar0_bare(&p, &r, &s) == 0 && s == 2.5, "scalar0 = %g", s);
  r = NAN;
  EXPECT(scalar0_bare(&p, &r, &s) == 0 && isnan(s), "scalar0 NaN = %g", s);

  /* taken_bare is the module's own function (negation) */
  float t[2] = {1, -2}, tr[2];
  tirc_desc_f32_1d T = {t, t, 0, {2}, {1}}, TR = {tr, tr, 0, {2}, {1}};
  EXPECT(taken_bare(&T, &TR) == 0 && tr[0] == -1 && tr[1] == 2, "taken_bare");

  printf("%d failures\n", failures);
  return failures != 0;
}
