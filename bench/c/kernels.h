/* kernels.h -- tirc's own hand-written C versions of the workloads W1-W5
 * (shared/BENCH.md), the reference that tirc's generated code must match.
 * Shapes are compile-time constants, as in the static tensor types of
 * bench/workloads/wN.mlir.
 *   W1 out[R][C] = a[R][C] + b[C]            f32, row broadcast
 *   W2 out[R][C] = a[R][1] + b[1][C]         f32, outer broadcast (store-bound)
 *   W3 out = max((a + b) * c, 0)             f32, a,c [R][C], b[C]
 *   W4 out[SR][SC] = a[SR][SC] + b[SC]       f32, tiny, called W4_CALLS times
 *   W5 W1 in int32
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

void c_w1(const float *restrict a, const float *restrict b, float *restrict out);
void c_w2(const float *restrict a, const float *restrict b, float *restrict out);
void c_w2_nt(const float *restrict a, const float *restrict b, float *restrict out);
void c_w3(const float *restrict a, const float *restrict b, const float *restrict c, float *restrict out);
void c_w3_unfused(const float *restrict a, const float *restrict b, const float *restrict c,
                  float *restrict t1, float *restrict t2, float *restrict out);
void c_w4(const float *restrict a, const float *restrict b, float *restrict out);
void c_w5(const int32_t *restrict a, const int32_t *restrict b, int32_t *restrict out);

void c_w1_par(const float *a, const float *b, float *out);
void c_w2_par(const float *a, const float *b, float *out);
void c_w3_par(const float *a, const float *b, const float *c, float *out);
void c_w5_par(const int32_t *a, const int32_t *b, int32_t *out);
#endif
