/* Writes the inputs of `make demo` as NumPy .npy files, so the demo needs
 * no Python: x.npy, float32 [2, 128], and b.npy, float32 [128], into the
 * directory given as argument. Load them in NumPy with np.load to check.
 *
 * A .npy file (format version 1.0) is the magic "\x93NUMPY", the version
 * bytes 1 0, a 2-byte little-endian header length, a Python dict literal
 * padded with spaces to a multiple of 64 bytes and ended by '\n', then the
 * elements in C order. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int write_f32(const char *dir, const char *name, const char *shape, const float *v, int n) {
  char path[4096], header[128];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int len = snprintf(header, sizeof header, "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", shape);
  while ((10 + len + 1) % 64 != 0)
    header[len++] = ' ';
  header[len++] = '\n';
  FILE *f = fopen(path, "wb");
  if (f == NULL) {
    perror(path);
    return 1;
  }
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)len, (unsigned char)(len >> 8)};
  fwrite(pre, 1, sizeof pre, f);
  fwrite(header, 1, (size_t)len, f);
  for (int i = 0; i < n; i++) { /* little-endian, whatever the host */
    uint32_t bits;
    memcpy(&bits, &v[i], 4);
    unsigned char b[4] = {bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >> 24};
    fwrite(b, 1, 4, f);
  }
  return fclose(f) != 0;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  float x[2 * 128], b[128];
  for (int j = 0; j < 128; j++) {
    b[j] = (float)(j % 4) * 0.5f - 0.75f; /* -0.75 -0.25 0.25 0.75 ... */
    x[j] = (float)(j % 8) - 4.0f;         /* row 0: -4 .. 3 */
    x[128 + j] = (float)j / 16.0f;        /* row 1: 0 .. 7.9375 */
  }
  return write_f32(dir, "x.npy", "(2, 128)", x, 2 * 128) | write_f32(dir, "b.npy", "(128,)", b, 128);
}
