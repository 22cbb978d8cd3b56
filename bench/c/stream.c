/* stream.c -- the machine's memory bandwidth, the ceiling of W1-W3 and W5.
 *
 * STREAM-style kernels over float arrays much larger than the last-level
 * cache, counting bytes as STREAM does (each element read or written once,
 * no write-allocate) -- the same logical bytes as driver.c, so a workload's
 * time can never beat bytes / (this rate):
 *   copy     c = a            the pattern of W1, W5 (one read, one write stream)
 *   fill     c = s            the pattern of W2 (a write stream)
 *   triad    a = b + s * c    the pattern of W3 (two reads, one write)
 *   read     sum(a)           the pattern of W8, W9 (one read stream, no write)
 * and each again with non-temporal vector stores (copy_nt, fill_nt,
 * triad_nt), which skip reading the written lines into the cache: whether
 * that is faster for copies depends on the machine, and decides tirc's
 * -nontemporal-store-bound-only.
 * Threads come from libgomp's GOMP_parallel, as in the generated code; each
 * thread first-touches its own part of the arrays.
 * Usage: stream NELEM THREADS REPS   (floats per array)
 * Prints: BW <TAB> kernel <TAB> threads <TAB> median_GBps <TAB> best_GBps */
#include "bench.h"
#include "streamk.h"

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
int omp_get_thread_num(void);
int omp_get_num_threads(void);

enum { COPY, COPY_NT, FILL, FILL_NT, TRIAD, TRIAD_NT, READ, INIT, NKERNELS };
static const char *names[] = {"copy", "copy_nt", "fill", "fill_nt", "triad", "triad_nt", "read", "init"};
static const int streams[] = {2, 2, 1, 1, 3, 3, 1, 3};
static volatile float sink; /* keeps the read kernel's sums */
static float *A, *B, *C;
static long nelem;

static void body(void *p) {
  int k = *(const int *)p;
  long t = omp_get_thread_num(), n = omp_get_num_threads();
  long per = (nelem / n + 15) & ~15l; /* multiple of 16 floats keeps 64-byte alignment */
  long lo = t * per < nelem ? t * per : nelem, hi = lo + per < nelem ? lo + per : nelem;
  float *restrict a = A, *restrict b = B, *restrict c = C;
  const float s = 3.0f;
  /* The parts start 64-byte aligned: the vector loops need no prologue. */
  switch (k) {
  case COPY: streamk_copy(a, c, lo, hi); break;
  case COPY_NT: streamk_copy_nt(a, c, lo, hi); break;
  case FILL: streamk_fill(c, s, lo, hi); break;
  case FILL_NT: streamk_fill_nt(c, s, lo, hi); break;
  case TRIAD: streamk_triad(a, b, c, s, lo, hi); break;
  case TRIAD_NT: streamk_triad_nt(a, b, c, s, lo, hi); break;
  case READ: sink = streamk_read(a, lo, hi); break; /* the read limit of W8, W9 */
  case INIT: for (long i = lo; i < hi; i++) a[i] = 1, b[i] = 2, c[i] = 0.5f; break;
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: stream NELEM THREADS REPS\n");
    return 2;
  }
  nelem = atol(argv[1]);
  int threads = atoi(argv[2]), reps = atoi(argv[3]);
  size_t bytes = sizeof(float) * (size_t)nelem;
  if (posix_memalign((void **)&A, 4096, bytes) || posix_memalign((void **)&B, 4096, bytes) ||
      posix_memalign((void **)&C, 4096, bytes)) {
    fprintf(stderr, "stream: out of memory\n");
    return 2;
  }
  int k = INIT;
  GOMP_parallel(body, &k, (unsigned)threads, 0);
  uint64_t *t = calloc((size_t)reps, sizeof(uint64_t));
  for (k = COPY; k < INIT; k++) {
    GOMP_parallel(body, &k, (unsigned)threads, 0); /* warm-up */
    for (int r = 0; r < reps; r++) {
      uint64_t t0 = bench_now();
      GOMP_parallel(body, &k, (unsigned)threads, 0);
      t[r] = bench_now() - t0;
    }
    qsort(t, (size_t)reps, sizeof(uint64_t), bench_cmp);
    double moved = (double)streams[k] * (double)bytes;
    double med = reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2.0;
    fprintf(stderr, "  %-8s %d thread(s): median %6.2f GB/s, best %6.2f GB/s\n", names[k], threads,
            moved / med, moved / t[0]);
    printf("BW\t%s\t%d\t%.3f\t%.3f\n", names[k], threads, moved / med, moved / t[0]);
  }
  return 0;
}
