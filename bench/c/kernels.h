/* kernels.h -- tirc's own hand-written C versions of the workloads W1-W5
 * (shared/BENCH.md), the reference that tirc's generated code must match.
 * Shapes are compile-time constants, as in the static tensor types of
 * bench/workloads/wN.mlir.
 *   W1 out[R][C] = a[R][C] + b[C]            f32, row broadcast
 *   W2 out[R][C] = a[R][1] + b[1][C]         f32, outer broadcast (store-bound)
 *   W3 out = max((a + b) * c, 0)             f32, a,c [R][C], b[C]
 *   W4 out[SR][SC] = a[SR][SC] + b[SC]       f32, tiny, called W4_CALLS times
 *   W5 W1 in int32
 *   W6 softmax over rows of x[W6R][W6C]: e = exp(x - max), out = e / sum(e)
 *   W7 layer norm over rows of x[W7R][W7C], (x - mean) / sqrt(var + 1e-5) * g + b
 *   W8 sum of x[W8N] (one float)
 *   W9 column sums of x[W9R][W9C]
 *   W10 out = x.T                            f32, x[W10N][W10N]
 *   W11 out = x.T + b                        f32, x[W10N][W10N], b[W10N] along rows
 *   W12 out = tanh(x)                         f32 [TR][TC]
 *   W13 GELU, tanh form; W14 GELU, erf form   f32 [TR][TC]
 *   W15 log-softmax over rows of x[W6R][W6C]: (x - max) - log(sum(exp(x - max)))
 *   W16 row argmax of x[W6R][W6C] (the first maximum), int64
 *   W17 out = sigmoid(x) * y                  f32 [TR][TC]
 * W12-W17 call libm per element (tanhf, erff, expf, logf), as a C
 * programmer writes them; without -ffast-math clang keeps those calls.
 * The reductions accumulate floats in f64 in 8 fixed lanes (element j into
 * lane j mod 8), tirc's order rule, which clang vectorizes without
 * fast-math flags; exp is libm's expf, the textbook. W10 and W11 are the
 * naive transposing loops (the output written in order, x read with a
 * stride of one row), which clang -O3 does not block.
 * The *_2t kernels split the rows over the threads of libgomp's
 * GOMP_parallel (the runtime tirc's generated code calls, bench/PARALLEL.md);
 * the thread count is libgomp's (OMP_NUM_THREADS or omp_set_num_threads). */
#ifndef TIRC_BENCH_KERNELS_H
#define TIRC_BENCH_KERNELS_H
#include <stdint.h>
#define ROWS 4096
#define COLS 4096
#define SR 8
#define SC 8
#define W6R 16384
#define W6C 1000
#define W7R 16384
#define W7C 1024
#define W8N (1l << 26)
#define W9R 8192
#define W9C 4096
#define W10N 8192
#define TR 4096
#define TC 1024

void c_w1(const float *restrict a, const float *restrict b, float *restrict out);
void c_w2(const float *restrict a, const float *restrict b, float *restrict out);
void c_w2_nt(const float *restrict a, const float *restrict b, float *restrict out);
void c_w3(const float *restrict a, const float *restrict b, const float *restrict c, float *restrict out);
void c_w3_unfused(const float *restrict a, const float *restrict b, const float *restrict c,
                  float *restrict t1, float *restrict t2, float *restrict out);
void c_w4(const float *restrict a, const float *restrict b, float *restrict out);
void c_w5(const int32_t *restrict a, const int32_t *restrict b, int32_t *restrict out);

void c_w6(const float *restrict x, float *restrict out);
void c_w7(const float *restrict x, const float *restrict g, const float *restrict b, float *restrict out);
void c_w8(const float *restrict x, float *restrict out);
void c_w9(const float *restrict x, float *restrict out);
void c_w10(const float *restrict x, float *restrict out);
void c_w10_tiled(const float *restrict x, float *restrict out); /* the best hand-written transpose */
void c_w11(const float *restrict x, const float *restrict b, float *restrict out);
void c_w12(const float *restrict x, float *restrict out);
void c_w13(const float *restrict x, float *restrict out);
void c_w14(const float *restrict x, float *restrict out);
void c_w15(const float *restrict x, float *restrict out);
void c_w16(const float *restrict x, int64_t *restrict out);
void c_w17(const float *restrict x, const float *restrict y, float *restrict out);

void c_w1_par(const float *a, const float *b, float *out);
void c_w2_par(const float *a, const float *b, float *out);
void c_w3_par(const float *a, const float *b, const float *c, float *out);
void c_w5_par(const int32_t *a, const int32_t *b, int32_t *out);
void c_w6_par(const float *x, float *out);
void c_w7_par(const float *x, const float *g, const float *b, float *out);
void c_w8_par(const float *x, float *out);
void c_w9_par(const float *x, float *out);
void c_w10_par(const float *x, float *out);
void c_w11_par(const float *x, const float *b, float *out);
#endif
