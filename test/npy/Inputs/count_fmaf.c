// Linked with -Wl,--wrap=fmaf: counts the calls of libm's fmaf, which
// only the baseline x86-64 level of a portable object makes (the others
// have an FMA instruction), and prints the count at exit.
#include <stdio.h>

float __real_fmaf(float, float, float);

static long calls;

float __wrap_fmaf(float a, float b, float c) {
  calls++;
  return __real_fmaf(a, b, c);
}

__attribute__((destructor)) static void report(void) { fprintf(stderr, "fmaf calls: %ld\n", calls); }
