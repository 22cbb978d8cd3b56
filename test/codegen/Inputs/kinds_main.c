/* Driver of kinds.test: every value against a closed form (C's own
 * arithmetic, or the rule of SPEC section 3 written out). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "kinds.h"

static int bad;
#define EXPECT(cond, ...) do { if (!(cond)) { bad++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  /* Vectors: pointers to their elements. */
  float va[4] = {1, 2, 3, 4}, vb[4] = {3, 7, 13, 21}, vr[4];
  EXPECT(vec(va, vb, vr) == 0, "vec status");
  for (int i = 0; i < 4; i++) EXPECT(vr[i] == sqrtf(va[i] + vb[i]), "vec[%d] = %g", i, vr[i]);

  /* Scalars by value, results by pointer; f16 as bits (1.5 = 0x3e00). */
  int32_t ri; double rd; uint16_t rh; bool rb;
  EXPECT(scalars(-7, 2.25, 0x3e00, true, &ri, &rd, &rh, &rb) == 0, "scalars status");
  EXPECT(ri == -21 && rd == 4.5 && rh == 0x4200 /* 3.0 */ && rb == false, "scalars: %d %g %#x %d", ri, rd, rh, rb);

  /* func.call through a private function, twice. */
  double ca[5] = {1, -2, 3.5, 0, 1e300};
  tirc_desc_f64_1d CA = {ca, ca, 0, {5}, {1}}, CR = {0};
  EXPECT(calls(&CA, &CR) == 0, "calls status");
  for (int i = 0; i < 5; i++) EXPECT(CR.aligned[i] == ca[i] * 4, "calls[%d] = %g", i, CR.aligned[i]);
  tirc_free(&CR);

  /* tir.convert: saturating float->int (NaN -> 0), x != 0 for i1, f16
   * and bf16 rounded to nearest even. */
  float fa[6] = {300.0f, -1e10f, NAN, -2.75f, 0.0f, 65519.0f};
  tirc_desc_f32_1d FA = {fa, fa, 0, {6}, {1}};
  tirc_desc_i8_1d I8 = {0};
  tirc_desc_i1_1d B1 = {0};
  tirc_desc_f16_1d H = {0};
  tirc_desc_bf16_1d BF = {0};
  EXPECT(convert(&FA, &I8, &B1, &H, &BF) == 0, "convert status");
  int8_t want8[6] = {127, -128, 0, -2, 0, 127};
  uint8_t want1[6] = {1, 1, 1, 1, 0, 1};
  /* 300 = 0x5cb0; -1e10 -> -inf 0xfc00; NaN quiet; -2.75 = 0xc180; 0; 65519 rounds to 65504 = 0x7bff */
  uint16_t wanth[6] = {0x5cb0, 0xfc00, 0, 0xc180, 0x0000, 0x7bff};
  /* bf16: 300 = 0x4396; -1e10 = 0xd015 (rounded); -2.75 = 0xc030; 65519 -> 0x4780 (65536) */
  uint16_t wantbf[6] = {0x4396, 0xd015, 0, 0xc030, 0x0000, 0x4780};
  for (int i = 0; i < 6; i++) {
    EXPECT(I8.aligned[i] == want8[i], "convert i8[%d] = %d", i, I8.aligned[i]);
    EXPECT(B1.aligned[i] == want1[i], "convert i1[%d] = %d", i, B1.aligned[i]);
    if (i == 2) {
      EXPECT((H.aligned[i] & 0x7c00) == 0x7c00 && (H.aligned[i] & 0x3ff), "convert f16 NaN = %#x", H.aligned[i]);
      EXPECT((BF.aligned[i] & 0x7f80) == 0x7f80 && (BF.aligned[i] & 0x7f), "convert bf16 NaN = %#x", BF.aligned[i]);
      continue;
    }
    EXPECT(H.aligned[i] == wanth[i], "convert f16[%d] = %#x, want %#x", i, H.aligned[i], wanth[i]);
    EXPECT(BF.aligned[i] == wantbf[i], "convert bf16[%d] = %#x, want %#x", i, BF.aligned[i], wantbf[i]);
  }
  tirc_free(&I8), tirc_free(&B1), tirc_free(&H), tirc_free(&BF);

  /* Integers: C's truncating / and %, abs(MIN) wraps, i32 -> index
   * sign-extends. The divisor array is read backwards (stride -1). */
  int32_t ia[4] = {7, -7, INT32_MIN, -1}, ib[4] = {-1, 3, -3, 2};
  tirc_desc_i32_1d IA = {ia, ia, 0, {4}, {1}}, IB = {ib, ib, 3, {4}, {-1}};
  tirc_desc_i32_1d Q = {0}, R = {0}, A = {0};
  tirc_desc_index_1d X = {0};
  EXPECT(ints(&IA, &IB, &Q, &R, &A, &X) == 0, "ints status");
  for (int i = 0; i < 4; i++) {
    int32_t d = ib[3 - i];
    EXPECT(Q.aligned[i] == ia[i] / d, "div[%d] = %d", i, Q.aligned[i]);
    EXPECT(R.aligned[i] == ia[i] % d, "rem[%d] = %d", i, R.aligned[i]);
    EXPECT(A.aligned[i] == (ia[i] == INT32_MIN ? INT32_MIN : (ia[i] < 0 ? -ia[i] : ia[i])), "abs[%d] = %d", i, A.aligned[i]);
    EXPECT(X.aligned[i] == (int64_t)ia[i], "index[%d] = %lld", i, (long long)X.aligned[i]);
  }
  tirc_free(&Q), tirc_free(&R), tirc_free(&A), tirc_free(&X);
  /* The same with caller-allocated row-major results and arguments: the
   * fast entry; then a zero divisor there is still reported (status 2). */
  int32_t qb[4], rb2[4], ab[4];
  int64_t xb[4];
  int32_t ib2[4] = {2, -2, 5, 7};
  tirc_desc_i32_1d IB2 = {ib2, ib2, 0, {4}, {1}};
  Q = (tirc_desc_i32_1d){qb, qb, 0, {4}, {1}}, R = (tirc_desc_i32_1d){rb2, rb2, 0, {4}, {1}}, A = (tirc_desc_i32_1d){ab, ab, 0, {4}, {1}};
  X = (tirc_desc_index_1d){xb, xb, 0, {4}, {1}};
  EXPECT(ints(&IA, &IB2, &Q, &R, &A, &X) == 0, "ints (caller-allocated) status");
  for (int i = 0; i < 4; i++) EXPECT(qb[i] == ia[i] / ib2[i] && rb2[i] == ia[i] % ib2[i], "ints caller-allocated [%d]", i);
  EXPECT(Q.aligned == qb, "caller buffer replaced");
  ib2[2] = 0;
  fflush(stdout);
  EXPECT(ints(&IA, &IB2, &Q, &R, &A, &X) == 2, "division by zero in the fast entry: status");
  EXPECT(Q.aligned == qb, "caller buffer replaced after a failure");

  /* Floats: max/min propagate NaN (NumPy), rem is fmod. */
  double fa2[4] = {1.0, NAN, -5.5, 7.0}, fb2[4] = {2.0, 1.0, 2.0, NAN};
  tirc_desc_f64_1d FA2 = {fa2, fa2, 0, {4}, {1}}, FB2 = {fb2, fb2, 0, {4}, {1}};
  tirc_desc_f64_1d MX = {0}, MN = {0}, RM = {0};
  EXPECT(floats(&FA2, &FB2, &MX, &MN, &RM) == 0, "floats status");
  for (int i = 0; i < 4; i++) {
    int nan = isnan(fa2[i]) || isnan(fb2[i]);
    EXPECT(nan ? isnan(MX.aligned[i]) : MX.aligned[i] == fmax(fa2[i], fb2[i]), "max[%d] = %g", i, MX.aligned[i]);
    EXPECT(nan ? isnan(MN.aligned[i]) : MN.aligned[i] == fmin(fa2[i], fb2[i]), "min[%d] = %g", i, MN.aligned[i]);
    EXPECT(nan ? isnan(RM.aligned[i]) : RM.aligned[i] == fmod(fa2[i], fb2[i]), "rem[%d] = %g", i, RM.aligned[i]);
  }
  tirc_free(&MX), tirc_free(&MN), tirc_free(&RM);

  /* Rank 0, and a caller-allocated result written transposed (strides
   * {1, 3} into a 2x3 buffer). */
  float s = 2.5f, m[6] = {1, 2, 3, 4, 5, 6}, out[6];
  tirc_desc_f32_0d S = {&s, &s, 0};
  tirc_desc_f32_2d M = {m, m, 0, {3, 2}, {2, 1}}, O = {out, out, 0, {3, 2}, {1, 3}};
  memset(out, 0, sizeof out);
  EXPECT(rank0(&S, &M, &O) == 0, "rank0 status");
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++) EXPECT(out[j * 3 + i] == m[i * 2 + j] * 2.5f, "rank0[%d][%d] = %g", i, j, out[j * 3 + i]);
  EXPECT(O.aligned == out, "caller buffer replaced");

  printf("%d failures\n", bad);
  return bad != 0;
}
