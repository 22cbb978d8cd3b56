/* data.h -- deterministic inputs of the workloads. bench/numpy/bench.py
 * computes the same values with the same float32 operations, so both
 * harnesses can compare their outputs with the C kernels bit for bit.
 * Values are of mixed sign, so W3's ReLU takes both branches. */
#ifndef TIRC_BENCH_DATA_H
#define TIRC_BENCH_DATA_H
#include <stdint.h>

static inline float gen_a(long k) { return (float)((k * 7919) % 2001) / 1000.0f - 1.0f; }
static inline float gen_b(long j) { return (float)(j % 37) / 16.0f - 1.0f; }
static inline float gen_c(long k) { return (float)((k * 104729 + 7) % 1999) / 999.0f - 1.0f; }
static inline int32_t gen_ai(long k) { return (int32_t)((k * 7919) % 200001) - 100000; }
static inline int32_t gen_bi(long j) { return (int32_t)(j * 3 - 5000); }
#endif
