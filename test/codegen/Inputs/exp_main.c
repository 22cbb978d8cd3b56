// tir.exp on f32 and f16 against libm's double exp rounded once: every
// result within 1 ulp (denormals: within 1 ulp of the smallest normal's
// spacing), and how many are the correctly rounded value. Inputs: every
// 61st f32 bit pattern in [-104, 90], every f16, and the special values.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exp.h"

static float bits2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
// Distance in ulps between two finite floats of the same sign, or 0/1e9.
static int64_t ulps(float a, float b) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b) ? 0 : 1000000000;
  if (a == b) return 0;
  int64_t x = f2bits(a), y = f2bits(b);
  if ((x ^ y) & 0x80000000u) return 1000000000;
  return x > y ? x - y : y - x;
}
static float h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 1023;
  if (e == 31) return bits2f(s | 0x7f800000 | (m << 13));
  if (e == 0) return (s ? -1.0f : 1.0f) * ldexpf((float)m, -24);
  return bits2f(s | ((e + 112) << 23) | (m << 13));
}

// f32 -> f16 -> f32, rounding to nearest even (overflow to inf, denormals).
static float round16(float f) {
  if (isnan(f) || isinf(f)) return f;
  float a = fabsf(f);
  if (a >= 65520.0f) return copysignf(INFINITY, f);
  int e;
  frexpf(a, &e);                    // a = m * 2^e, 0.5 <= m < 1
  int q = e - 11 < -24 ? -24 : e - 11; // the spacing of f16 values near a
  return copysignf(ldexpf(nearbyintf(ldexpf(a, -q)), q), f);
}

int main(void) {
  // f32
  size_t cap = 1 << 24, n = 0;
  float *in = malloc(cap * 4);
  float special[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 88.72283f, 88.72284f, -87.33655f, -103.27893f, -103.97208f, -104.5f, 89.5f, 1e-30f, -1e-30f};
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) in[n++] = special[i];
  for (uint32_t u = f2bits(-104.0f); u > 0x80000000u && n < cap; u -= 263) in[n++] = bits2f(u);
  for (uint32_t u = 0; bits2f(u) <= 90.0f && n < cap; u += 263) in[n++] = bits2f(u);
  tirc_desc_f32_1d x = {in, in, 0, {(int64_t)n}, {1}}, y = {0};
  if (exp32(&x, &y)) return 1;
  int64_t worst = 0; size_t exact = 0; float worst_at = 0;
  for (size_t i = 0; i < n; i++) {
    float want = (float)exp((double)in[i]);
    int64_t e = ulps(y.aligned[i], want);
    if (e > worst) worst = e, worst_at = in[i];
    exact += e == 0;
  }
  printf("f32: %zu inputs, max error %lld ulp (at %a), %.4f%% correctly rounded\n", n, (long long)worst, worst_at, 100.0 * exact / n);
  tirc_free(&y);
  // f16: every value; the reference is exp rounded to f16 by way of f32
  // (exactly: f32 has more than twice f16's precision plus two bits).
  uint16_t *h = malloc(65536 * 2);
  for (int i = 0; i < 65536; i++) h[i] = (uint16_t)i;
  tirc_desc_f16_1d hx = {h, h, 0, {65536}, {1}}, hy = {0};
  if (exp16(&hx, &hy)) return 1;
  int64_t hworst = 0;
  for (int i = 0; i < 65536; i++) {
    float got = h2f(hy.aligned[i]);
    float want = round16((float)exp((double)h2f((uint16_t)i)));
    // in f16 ulps: 2^13 f32 ulps for normals, 2^-24 below
    int64_t e = ulps(got, want);
    if (e && e < 1000000000) e = fabsf(want) >= 6.103515625e-05f ? (e + 8191) >> 13 : (int64_t)(fabsf(got - want) / 5.9604645e-08f + 0.5f);
    if (e > hworst) { hworst = e; if (getenv("DEBUG")) printf("h=%04x in=%g got=%g want=%g\n", i, h2f((uint16_t)i), got, want); }
  }
  printf("f16: 65536 inputs, max error %lld ulp\n", (long long)hworst);
  tirc_free(&hy);
  return worst > 1 || hworst > 1;
}
