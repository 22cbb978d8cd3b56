/* The .npy runtime of tirc's C driver (tirc -emit-c-driver).
 *
 * codegen/driver.go embeds this file at the top of every driver it emits,
 * then the module's descriptor types, prototypes, one call wrapper per entry
 * point and the table of entry points, then npy_main.c (the command line).
 *
 * It reads NumPy .npy files (format versions 1.0, 2.0 and 3.0: the magic
 * "\x93NUMPY", two version bytes, a little-endian header length of 2 bytes
 * (1.0) or 4 bytes (2.0, 3.0), then a Python dict literal
 * {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } padded with
 * spaces and ended by '\n', then the raw elements). Data is read once into a
 * 64-byte aligned buffer and described by strides in elements, so a
 * Fortran-order file becomes column-major strides, never a copy; big-endian
 * files are byte-swapped in place. Results are written as version 1.0, C
 * order, in the host's byte order, with the data 64-byte aligned as NumPy
 * does.
 *
 * dtypes (SPEC section 7): bool <-> i1, int8..int64 <-> i8..i64 and
 * si8..si64, uint8..uint64 <-> ui8..ui64, int64 <-> index,
 * float16/32/64 <-> f16/f32/f64. bf16 has no NumPy dtype.
 *
 * Every problem with the command line or an input file ends the program with
 * a one-line message "<prog>: error: ..." and exit status 2. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TIRC_MAX_RANK 64 /* NumPy's NPY_MAXDIMS */
#define TIRC_MAX_ELEMENTS ((int64_t)1 << 59) /* tirc's ir.MaxElements */

/* Exit statuses of the driver. */
enum { TIRC_EXIT_OK = 0, TIRC_EXIT_FAILED = 1, TIRC_EXIT_USAGE = 2 };

/* Element types, in the order of the table below. */
enum tirc_elem {
  TIRC_I1, TIRC_I8, TIRC_I16, TIRC_I32, TIRC_I64, TIRC_INDEX,
  TIRC_SI8, TIRC_SI16, TIRC_SI32, TIRC_SI64,
  TIRC_UI8, TIRC_UI16, TIRC_UI32, TIRC_UI64,
  TIRC_F16, TIRC_BF16, TIRC_F32, TIRC_F64
};

/* How each element type is stored and which NumPy dtype holds it. */
static const struct {
  const char *mlir;  /* tirc's spelling */
  const char *dtype; /* NumPy's name; NULL for bf16 */
  char kind;         /* NumPy's kind character: b, i, u, f */
  int size;          /* bytes per element */
} tirc_elems[] = {
    [TIRC_I1] = {"i1", "bool", 'b', 1},
    [TIRC_I8] = {"i8", "int8", 'i', 1},
    [TIRC_I16] = {"i16", "int16", 'i', 2},
    [TIRC_I32] = {"i32", "int32", 'i', 4},
    [TIRC_I64] = {"i64", "int64", 'i', 8},
    [TIRC_INDEX] = {"index", "int64", 'i', 8},
    [TIRC_SI8] = {"si8", "int8", 'i', 1},
    [TIRC_SI16] = {"si16", "int16", 'i', 2},
    [TIRC_SI32] = {"si32", "int32", 'i', 4},
    [TIRC_SI64] = {"si64", "int64", 'i', 8},
    [TIRC_UI8] = {"ui8", "uint8", 'u', 1},
    [TIRC_UI16] = {"ui16", "uint16", 'u', 2},
    [TIRC_UI32] = {"ui32", "uint32", 'u', 4},
    [TIRC_UI64] = {"ui64", "uint64", 'u', 8},
    [TIRC_F16] = {"f16", "float16", 'f', 2},
    [TIRC_BF16] = {"bf16", NULL, 0, 2},
    [TIRC_F32] = {"f32", "float32", 'f', 4},
    [TIRC_F64] = {"f64", "float64", 'f', 8},
};

/* An array read from a .npy file (or a result to write). */
typedef struct {
  const char *path;
  char descr[16];  /* the file's dtype descriptor, e.g. "<f4" */
  int elem;        /* enum tirc_elem; -1 when no tirc type matches */
  int rank;
  int64_t shape[TIRC_MAX_RANK];
  int64_t strides[TIRC_MAX_RANK]; /* in elements */
  void *data;                     /* 64-byte aligned; owned */
} tirc_array;

/* One argument or result of an entry point, as its signature says. */
typedef struct {
  const char *type;    /* MLIR spelling, e.g. "tensor<?x128xf32>" */
  int elem;            /* enum tirc_elem */
  int rank;            /* 0 for scalars */
  const int64_t *dims; /* static sizes, -1 for '?' */
  bool scalar;         /* passed by value (arguments) or pointer (results) */
} tirc_param;

/* Where results go: one -o path each (or none), and whether to print. */
typedef struct {
  const char *func;
  const char **paths; /* NULL: no files */
  bool print;
} tirc_outputs;

/* An entry point: a row of the table the generated code defines. */
typedef struct {
  const char *name;      /* without '@' */
  const char *signature; /* "(tensor<...>, ...) -> (...)" */
  int nargs, nresults;
  const tirc_param *args, *results;
  int32_t (*call)(tirc_array *in, const tirc_outputs *out);
  const char *unsupported; /* why the driver cannot call it, or NULL */
} tirc_entry;

static const char *tirc_prog = "driver";

static void tirc_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void tirc_die(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fprintf(stderr, "%s: error: ", tirc_prog);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(TIRC_EXIT_USAGE);
}

static bool tirc_host_little_endian(void) {
  const uint16_t one = 1;
  return *(const unsigned char *)&one == 1;
}

/* tirc_shape_string formats a shape as Python does: (), (3,), (2, 3). */
static const char *tirc_shape_string(char *buf, size_t n, int rank, const int64_t *shape) {
  size_t k = 0;
  k += snprintf(buf + k, n - k, "(");
  for (int i = 0; i < rank && k < n; i++) {
    if (shape[i] < 0)
      k += snprintf(buf + k, n - k, "%s?", i ? ", " : "");
    else
      k += snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
  }
  if (k < n)
    snprintf(buf + k, n - k, rank == 1 ? ",)" : ")");
  return buf;
}

/* ---- reading ---- */

/* The header parser works on the dict literal NumPy writes (and what a
 * hand-written header would plausibly contain): keys and strings in ' or
 * ", True/False, tuples of integers, optional trailing commas. */
typedef struct {
  const char *path;
  const char *p;
} tirc_lexer;

static void tirc_bad_header(const tirc_lexer *lx, const char *what) {
  char near[24];
  size_t n = strcspn(lx->p, "\n");
  if (n > sizeof near - 1)
    n = sizeof near - 1;
  memcpy(near, lx->p, n);
  near[n] = 0;
  tirc_die("%s: malformed .npy header: %s at '%s'", lx->path, what, near);
}

static void tirc_skip_space(tirc_lexer *lx) {
  while (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\n' || *lx->p == '\r')
    lx->p++;
}

static void tirc_expect(tirc_lexer *lx, char c) {
  char what[32];
  tirc_skip_space(lx);
  if (*lx->p != c) {
    snprintf(what, sizeof what, "expected '%c'", c);
    tirc_bad_header(lx, what);
  }
  lx->p++;
}

/* tirc_string reads a quoted string into buf. */
static void tirc_string(tirc_lexer *lx, char *buf, size_t n) {
  tirc_skip_space(lx);
  char q = *lx->p;
  if (q != '\'' && q != '"')
    tirc_bad_header(lx, "expected a string");
  const char *end = strchr(lx->p + 1, q);
  if (end == NULL)
    tirc_bad_header(lx, "unterminated string");
  size_t len = (size_t)(end - lx->p - 1);
  if (len >= n)
    tirc_bad_header(lx, "string too long");
  memcpy(buf, lx->p + 1, len);
  buf[len] = 0;
  lx->p = end + 1;
}

static bool tirc_accept(tirc_lexer *lx, char c) {
  tirc_skip_space(lx);
  if (*lx->p != c)
    return false;
  lx->p++;
  return true;
}

/* tirc_elem_of maps a dtype descriptor ("<f4", "|b1") to an element type,
 * or -1. *swap is set when the data is in the other byte order. */
static int tirc_elem_of(const char *descr, bool *swap) {
  char order = descr[0], kind = descr[1];
  char *end;
  long size = strtol(descr + 2, &end, 10);
  if (descr[0] == 0 || descr[1] == 0 || *end != 0 || end == descr + 2)
    return -1;
  bool little = tirc_host_little_endian();
  *swap = size > 1 && ((order == '<' && !little) || (order == '>' && little));
  if (order != '<' && order != '>' && order != '|' && order != '=')
    return -1;
  if (kind == 'b' && size == 1)
    return TIRC_I1;
  if (kind == 'i') {
    switch (size) {
    case 1: return TIRC_I8;
    case 2: return TIRC_I16;
    case 4: return TIRC_I32;
    case 8: return TIRC_I64;
    }
  }
  if (kind == 'u') {
    switch (size) {
    case 1: return TIRC_UI8;
    case 2: return TIRC_UI16;
    case 4: return TIRC_UI32;
    case 8: return TIRC_UI64;
    }
  }
  if (kind == 'f') {
    switch (size) {
    case 2: return TIRC_F16;
    case 4: return TIRC_F32;
    case 8: return TIRC_F64;
    }
  }
  return -1;
}

/* tirc_dtype_name names a descriptor for messages: "float64 ('<f8')". */
static const char *tirc_dtype_name(char *buf, size_t n, const char *descr) {
  static const struct { char kind; const char *name; } kinds[] = {
      {'b', "bool"}, {'i', "int"}, {'u', "uint"}, {'f', "float"},
      {'c', "complex"}, {'U', "str"}, {'S', "bytes"}, {'V', "void"},
      {'M', "datetime"}, {'m', "timedelta"}, {'O', "object"}};
  const char *name = NULL;
  long size = descr[0] && descr[1] ? strtol(descr + 2, NULL, 10) : 0;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (descr[0] && descr[1] == kinds[i].kind)
      name = kinds[i].name;
  if (name == NULL)
    snprintf(buf, n, "'%s'", descr);
  else if (descr[1] == 'b')
    snprintf(buf, n, "bool ('%s')", descr);
  else if (strchr("iufc", descr[1]) != NULL)
    snprintf(buf, n, "%s%ld ('%s')", name, size * 8, descr);
  else
    snprintf(buf, n, "%s ('%s')", name, descr);
  return buf;
}

static void *tirc_alloc(size_t bytes) {
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 1) != 0)
    tirc_die("out of memory (%zu bytes)", bytes);
  return p;
}

static void tirc_byteswap(unsigned char *p, int64_t n, int size) {
  for (int64_t i = 0; i < n; i++, p += size)
    for (int j = 0; j < size / 2; j++) {
      unsigned char t = p[j];
      p[j] = p[size - 1 - j];
      p[size - 1 - j] = t;
    }
}

/* tirc_read_npy reads a whole .npy file into a. */
static void tirc_read_npy(const char *path, tirc_array *a) {
  memset(a, 0, sizeof *a);
  a->path = path;
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    tirc_die("%s: cannot open: %s", path, strerror(errno));
  unsigned char pre[12];
  if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0)
    tirc_die("%s: not a NumPy .npy file (it does not start with \"\\x93NUMPY\")", path);
  int major = pre[6], minor = pre[7];
  uint32_t hlen;
  if (major == 1 && minor == 0) {
    hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8;
  } else if ((major == 2 || major == 3) && minor == 0) {
    if (fread(pre + 10, 1, 2, f) != 2)
      tirc_die("%s: truncated .npy header", path);
    hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8 | (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
  } else {
    tirc_die("%s: unsupported .npy format version %d.%d (1.0, 2.0 and 3.0 are supported)", path, major, minor);
  }
  if (hlen > (1u << 24))
    tirc_die("%s: .npy header of %u bytes is too large", path, hlen);
  char *header = malloc(hlen + 1);
  if (header == NULL)
    tirc_die("out of memory");
  if (fread(header, 1, hlen, f) != hlen)
    tirc_die("%s: truncated .npy header (%u bytes announced)", path, hlen);
  header[hlen] = 0;
  if (strlen(header) != hlen)
    tirc_die("%s: malformed .npy header: it contains a NUL byte", path);

  char shape[TIRC_MAX_RANK * 22 + 4];
  tirc_lexer lx = {path, header};
  bool have_descr = false, have_order = false, have_shape = false, fortran = false;
  tirc_expect(&lx, '{');
  while (!tirc_accept(&lx, '}')) {
    char key[32];
    tirc_string(&lx, key, sizeof key);
    tirc_expect(&lx, ':');
    tirc_skip_space(&lx);
    if (strcmp(key, "descr") == 0) {
      if (*lx.p == '[')
        tirc_die("%s: structured dtypes are not supported (the file's 'descr' is a list of fields)", path);
      tirc_string(&lx, a->descr, sizeof a->descr);
      have_descr = true;
    } else if (strcmp(key, "fortran_order") == 0) {
      if (strncmp(lx.p, "True", 4) == 0)
        fortran = true;
      else if (strncmp(lx.p, "False", 5) != 0)
        tirc_bad_header(&lx, "expected True or False");
      lx.p += fortran ? 4 : 5;
      have_order = true;
    } else if (strcmp(key, "shape") == 0) {
      tirc_expect(&lx, '(');
      while (!tirc_accept(&lx, ')')) {
        tirc_skip_space(&lx);
        if (*lx.p < '0' || *lx.p > '9')
          tirc_bad_header(&lx, "expected a dimension size");
        errno = 0;
        char *end;
        long long d = strtoll(lx.p, &end, 10);
        if (errno != 0)
          tirc_bad_header(&lx, "dimension size out of range");
        if (a->rank == TIRC_MAX_RANK)
          tirc_die("%s: more than %d dimensions", path, TIRC_MAX_RANK);
        a->shape[a->rank++] = d;
        lx.p = end;
        if (*lx.p == 'L') /* Python 2 longs */
          lx.p++;
        if (!tirc_accept(&lx, ',')) {
          tirc_expect(&lx, ')');
          break;
        }
      }
      have_shape = true;
    } else {
      tirc_die("%s: malformed .npy header: unexpected key '%s'", path, key);
    }
    if (!tirc_accept(&lx, ',')) {
      tirc_expect(&lx, '}');
      break;
    }
  }
  if (!have_descr || !have_order || !have_shape)
    tirc_die("%s: malformed .npy header: missing '%s'", path,
             !have_descr ? "descr" : !have_order ? "fortran_order" : "shape");
  free(header);

  bool swap = false;
  a->elem = tirc_elem_of(a->descr, &swap);
  int size = a->elem >= 0 ? tirc_elems[a->elem].size : 1;
  /* The product of the non-zero sizes first, overflow-checked against
   * tirc's limit on a tensor's elements (2^59, so that byte counts fit in
   * an int64): a zero size makes the array empty, but the strides of the
   * other dimensions are still computed. Every product below is then
   * bounded by it. */
  int64_t nonzero = 1;
  for (int i = 0; i < a->rank; i++)
    if (a->shape[i] != 0) {
      if (a->shape[i] > TIRC_MAX_ELEMENTS / nonzero)
        tirc_die("%s: the array is too large: the product of its dimensions %s exceeds %lld", path,
                 tirc_shape_string(shape, sizeof shape, a->rank, a->shape), (long long)TIRC_MAX_ELEMENTS);
      nonzero *= a->shape[i];
    }
  int64_t n = 1;
  for (int i = 0; i < a->rank; i++)
    n *= a->shape[i];
  if (a->rank > 0) {
    int64_t s = 1;
    for (int k = 0; k < a->rank; k++) {
      int i = fortran ? k : a->rank - 1 - k;
      a->strides[i] = s;
      if (a->shape[i] != 0)
        s *= a->shape[i];
    }
  }
  if (a->elem < 0) { /* reported against the signature; no data needed */
    fclose(f);
    return;
  }
  size_t bytes = (size_t)n * (size_t)size;
  a->data = tirc_alloc(bytes);
  size_t got = fread(a->data, 1, bytes, f);
  if (got != bytes)
    tirc_die("%s: truncated: the header announces %lld elements (%zu bytes of data), the file holds %zu bytes",
             path, (long long)n, bytes, got);
  fclose(f);
  if (swap)
    tirc_byteswap(a->data, n, size);
}

/* tirc_check ends the program unless array a fits parameter p (argument i
 * of func). */
static void tirc_check(const tirc_array *a, const tirc_param *p, const char *func, int i) {
  char got[64], shape[TIRC_MAX_RANK * 22 + 4];
  /* Same NumPy dtype: int64 files also hold index and si64, int8 si8, ... */
  if (tirc_elems[a->elem].kind != tirc_elems[p->elem].kind || tirc_elems[a->elem].size != tirc_elems[p->elem].size)
    tirc_die("%s: argument %d of @%s is %s, which needs dtype %s ('%c%c%d'); the file holds %s",
             a->path, i, func, p->type, tirc_elems[p->elem].dtype,
             tirc_elems[p->elem].size == 1 ? '|' : (tirc_host_little_endian() ? '<' : '>'),
             tirc_elems[p->elem].kind, tirc_elems[p->elem].size, tirc_dtype_name(got, sizeof got, a->descr));
  if (p->scalar && a->rank != 0)
    tirc_die("%s: argument %d of @%s is the scalar %s, which needs a 0-d array (e.g. np.save(path, np.%s(1))); the file holds shape %s",
             a->path, i, func, p->type, tirc_elems[p->elem].dtype, tirc_shape_string(shape, sizeof shape, a->rank, a->shape));
  if (a->rank != p->rank)
    tirc_die("%s: argument %d of @%s is %s (rank %d); the file holds shape %s (rank %d)",
             a->path, i, func, p->type, p->rank, tirc_shape_string(shape, sizeof shape, a->rank, a->shape), a->rank);
  for (int d = 0; d < p->rank; d++)
    if (p->dims[d] >= 0 && a->shape[d] != p->dims[d])
      tirc_die("%s: argument %d of @%s is %s; the file holds shape %s: dimension %d is %lld, expected %lld",
               a->path, i, func, p->type, tirc_shape_string(shape, sizeof shape, a->rank, a->shape), d,
               (long long)a->shape[d], (long long)p->dims[d]);
}

/* ---- writing ---- */

/* tirc_next advances the row-major index idx over shape; false at the end. */
static bool tirc_next(int rank, const int64_t *shape, int64_t *idx) {
  for (int d = rank - 1; d >= 0; d--) {
    if (++idx[d] < shape[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

static int64_t tirc_numel(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++)
    n *= shape[i];
  return n;
}

/* tirc_write_npy writes a strided array as a version 1.0, C-order file. */
static void tirc_write_npy(const char *path, int elem, int rank, const int64_t *shape, const int64_t *strides,
                           const void *base) {
  char shp[TIRC_MAX_RANK * 22 + 4], header[TIRC_MAX_RANK * 22 + 128];
  int size = tirc_elems[elem].size;
  char order = size == 1 ? '|' : (tirc_host_little_endian() ? '<' : '>');
  int n = snprintf(header, sizeof header, "{'descr': '%c%c%d', 'fortran_order': False, 'shape': %s, }", order,
                   tirc_elems[elem].kind, size, tirc_shape_string(shp, sizeof shp, rank, shape));
  int total = 10 + n + 1; /* magic, version, length, dict, '\n' */
  int pad = (64 - total % 64) % 64;
  memset(header + n, ' ', (size_t)pad);
  header[n + pad] = '\n';
  int hlen = n + pad + 1;
  FILE *f = fopen(path, "wb");
  if (f == NULL)
    tirc_die("%s: cannot create: %s", path, strerror(errno));
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
  fwrite(pre, 1, 10, f);
  fwrite(header, 1, (size_t)hlen, f);
  int64_t count = tirc_numel(rank, shape);
  bool contiguous = true;
  int64_t want = 1;
  for (int d = rank - 1; d >= 0; d--) {
    if (shape[d] != 1 && strides[d] != want)
      contiguous = false;
    want *= shape[d];
  }
  if (count > 0 && contiguous) {
    fwrite(base, (size_t)size, (size_t)count, f);
  } else if (count > 0) {
    int64_t idx[TIRC_MAX_RANK] = {0};
    do {
      int64_t off = 0;
      for (int d = 0; d < rank; d++)
        off += idx[d] * strides[d];
      fwrite((const char *)base + off * size, (size_t)size, 1, f);
    } while (tirc_next(rank, shape, idx));
  }
  if (ferror(f) || fclose(f) != 0)
    tirc_die("%s: write failed: %s", path, strerror(errno));
}

/* ---- printing ---- */

static float tirc_f16_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | man << 13; /* inf, nan */
  } else if (exp != 0) {
    bits = sign | (exp + 112) << 23 | man << 13;
  } else if (man == 0) {
    bits = sign;
  } else { /* subnormal: normalize */
    int e = -1;
    do {
      e++;
      man <<= 1;
    } while ((man & 0x400) == 0);
    bits = sign | (uint32_t)(112 - e) << 23 | (man & 0x3ff) << 13;
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* tirc_format_elem formats one element into buf (at least 32 bytes). */
static int tirc_format_elem(char *buf, size_t n, int elem, const void *p) {
  switch (elem) {
  case TIRC_I1: return snprintf(buf, n, "%s", *(const uint8_t *)p ? "true" : "false");
  case TIRC_I8:
  case TIRC_SI8: return snprintf(buf, n, "%d", *(const int8_t *)p);
  case TIRC_I16:
  case TIRC_SI16: return snprintf(buf, n, "%d", *(const int16_t *)p);
  case TIRC_I32:
  case TIRC_SI32: return snprintf(buf, n, "%d", *(const int32_t *)p);
  case TIRC_I64:
  case TIRC_SI64:
  case TIRC_INDEX: return snprintf(buf, n, "%lld", (long long)*(const int64_t *)p);
  case TIRC_UI8: return snprintf(buf, n, "%u", (unsigned)*(const uint8_t *)p);
  case TIRC_UI16: return snprintf(buf, n, "%u", (unsigned)*(const uint16_t *)p);
  case TIRC_UI32: return snprintf(buf, n, "%lu", (unsigned long)*(const uint32_t *)p);
  case TIRC_UI64: return snprintf(buf, n, "%llu", (unsigned long long)*(const uint64_t *)p);
  case TIRC_F16: return snprintf(buf, n, "%g", tirc_f16_to_float(*(const uint16_t *)p));
  case TIRC_F32: return snprintf(buf, n, "%g", *(const float *)p);
  case TIRC_F64: return snprintf(buf, n, "%g", *(const double *)p);
  }
  return snprintf(buf, n, "?");
}

/* tirc_print_rec prints dims d.. NumPy-style: nested brackets, rows
 * wrapped at 75 columns; with summarize, only the first and last 3 entries
 * of long dimensions (as NumPy does past 1000 elements). *col is the
 * current output column. */
static void tirc_print_rec(FILE *o, int elem, int rank, const int64_t *shape, const int64_t *strides,
                           const char *p, int d, bool summarize, int *col) {
  char buf[40];
  if (d == rank) {
    *col += tirc_format_elem(buf, sizeof buf, elem, p);
    fputs(buf, o);
    return;
  }
  fputc('[', o);
  ++*col;
  for (int64_t i = 0; i < shape[d]; i++) {
    bool skip = summarize && shape[d] > 6 && i == 3;
    const char *q = p + i * strides[d] * tirc_elems[elem].size;
    if (i > 0 && d == rank - 1) {
      int w = skip ? 3 : tirc_format_elem(buf, sizeof buf, elem, q);
      fputc(',', o);
      if (*col + 2 + w > 75) {
        fprintf(o, "\n%*s", d + 1, "");
        *col = d + 1;
      } else {
        fputc(' ', o);
        *col += 2;
      }
    } else if (i > 0) {
      fputc(',', o);
      for (int k = d + 1; k < rank; k++)
        fputc('\n', o);
      fprintf(o, "%*s", d + 1, "");
      *col = d + 1;
    }
    if (skip) {
      fputs("...", o);
      *col += 3;
      i = shape[d] - 4;
      continue;
    }
    tirc_print_rec(o, elem, rank, shape, strides, q, d + 1, summarize, col);
  }
  fputc(']', o);
  ++*col;
}

static void tirc_print(FILE *o, const char *label, const tirc_param *p, int rank, const int64_t *shape,
                       const int64_t *strides, const void *base) {
  fprintf(o, "%s: ", label);
  if (p->scalar) {
    fputs(p->type, o);
  } else {
    fputs("tensor<", o);
    for (int i = 0; i < rank; i++)
      fprintf(o, "%lldx", (long long)shape[i]);
    fprintf(o, "%s>", tirc_elems[p->elem].mlir);
  }
  fputc('\n', o);
  int col = 0;
  tirc_print_rec(o, p->elem, rank, shape, strides, base, 0, tirc_numel(rank, shape) > 1000, &col);
  fputc('\n', o);
}

/* tirc_result hands result i of the called function to its -o file and/or
 * the printer. Called by the generated wrappers. */
static void tirc_result(const tirc_outputs *out, const tirc_param *p, int i, int rank, const int64_t *shape,
                        const int64_t *strides, const void *base) {
  if (base == NULL && tirc_numel(rank, shape) != 0)
    tirc_die("@%s returned status 0 but no data for result %d", out->func, i);
  if (out->paths != NULL)
    tirc_write_npy(out->paths[i], p->elem, rank, shape, strides, base);
  if (out->print) {
    char label[32];
    snprintf(label, sizeof label, "result %d", i);
    tirc_print(stdout, label, p, rank, shape, strides, base);
  }
}

/* ---- the module's entry points follow (generated by tirc) ---- */
