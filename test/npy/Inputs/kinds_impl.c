/* Hand-written native-ABI implementations of Inputs/kinds.mlir's entry
 * points, so driver_kinds.test checks the C driver alone: scalars by value
 * and by pointer, i1/i16/i64/index/i8/f16 elements, rank 0, several
 * results, strided (Fortran-order) inputs. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DESC(T, R) struct { T *allocated; T *aligned; int64_t offset; int64_t sizes[R]; int64_t strides[R]; }
typedef DESC(uint8_t, 2) b2;
typedef DESC(int16_t, 2) s2;
typedef DESC(int64_t, 2) l2;
typedef DESC(uint16_t, 1) h1;
typedef DESC(int64_t, 1) x1;
typedef struct { int8_t *allocated; int8_t *aligned; int64_t offset; } c0;

static void *alloc(size_t n) {
  void *p = NULL;
  return posix_memalign(&p, 64, n ? n : 1) == 0 ? p : NULL;
}

int32_t scalars(double a, int32_t n, bool flag, double *sq, int32_t *twice) {
  (void)flag;
  *sq = a * a;
  *twice = n + n;
  return 0;
}

#define AT(d, i, j) (d)->aligned[(d)->offset + (i) * (d)->strides[0] + (j) * (d)->strides[1]]
#define FILL(r, T, R0, R1)                                                                                   \
  do {                                                                                                       \
    (r)->allocated = (r)->aligned = alloc(sizeof(T) * (R0) * (R1));                                          \
    (r)->offset = 0, (r)->sizes[0] = (R0), (r)->sizes[1] = (R1), (r)->strides[0] = (R1), (r)->strides[1] = 1; \
  } while (0)

int32_t masks(const b2 *m, const s2 *x, s2 *kept, l2 *wide, b2 *neg) {
  FILL(kept, int16_t, 2, 3);
  FILL(wide, int64_t, 2, 3);
  FILL(neg, uint8_t, 2, 3);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) {
      int16_t v = AT(m, i, j) ? AT(x, i, j) : 0;
      AT(kept, i, j) = v;
      AT(wide, i, j) = v;
      AT(neg, i, j) = AT(x, i, j) < 0;
    }
  return 0;
}

/* f16 + f16 = doubling: add one to the exponent (the inputs are normal). */
int32_t halves(const h1 *x, h1 *r) {
  int64_t n = x->sizes[0];
  r->allocated = r->aligned = alloc(2 * (size_t)n);
  r->offset = 0, r->sizes[0] = n, r->strides[0] = 1;
  for (int64_t i = 0; i < n; i++)
    r->aligned[i] = (uint16_t)(x->aligned[x->offset + i * x->strides[0]] + 0x400);
  return 0;
}

int32_t zero_d(const c0 *x, const x1 *i, c0 *r, x1 *j) {
  r->allocated = r->aligned = alloc(1);
  r->offset = 0;
  r->aligned[0] = (int8_t)-x->aligned[x->offset];
  j->allocated = j->aligned = alloc(3 * 8);
  j->offset = 0, j->sizes[0] = 3, j->strides[0] = 1;
  for (int k = 0; k < 3; k++)
    j->aligned[k] = 2 * i->aligned[i->offset + k * i->strides[0]];
  return 0;
}

int32_t brain(void) { return 0; }

void tirc_free(void *desc) {
  void *p;
  memcpy(&p, desc, sizeof p);
  free(p);
}
