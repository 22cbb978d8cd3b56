/* ---- the command line (codegen/c/npy_main.c, after the generated table) ---- */

/* tirc_default is the function run without -f: the first one the driver
 * can call (tirc refuses to emit a driver without one). */
static const tirc_entry *tirc_default(void) {
  for (int i = 0; i < tirc_num_entries; i++)
    if (tirc_entries[i].unsupported == NULL)
      return &tirc_entries[i];
  return &tirc_entries[0];
}

static void tirc_usage(FILE *o) {
  fprintf(o,
          "usage: %s [-f FUNC] [-o OUT.npy]... [--print] IN.npy...\n"
          "\n"
          "Runs a function of %s, compiled by tirc, on NumPy .npy files.\n"
          "One input file per argument, in order (a scalar argument reads a 0-d array);\n"
          "one -o per result (written as .npy, C order). Without -o, results are printed.\n"
          "\n"
          "options:\n"
          "  -f, --function FUNC  the function to run (default: @%s)\n"
          "  -o, --output FILE    write the next result to FILE; give one per result\n"
          "  -p, --print          print the results as text (also with -o)\n"
          "  -h, --help           show this help\n"
          "\n"
          "functions:\n",
          tirc_prog, tirc_source, tirc_default()->name);
  for (int i = 0; i < tirc_num_entries; i++) {
    const tirc_entry *e = &tirc_entries[i];
    fprintf(o, "  @%s%s\n", e->name, e->signature);
    if (e->unsupported != NULL)
      fprintf(o, "      (cannot be run by this driver: %s)\n", e->unsupported);
  }
  fprintf(o,
          "\n"
          "dtypes: bool=i1, int8..int64=i8..i64 (and si8..si64), uint8..uint64=ui8..ui64,\n"
          "int64=index, float16/32/64=f16/f32/f64;\n"
          "C or Fortran order, either byte order. bf16 has no NumPy dtype.\n"
          "exit status: 0 ok; 1 the function failed (its message is printed);\n"
          "2 bad command line or input file.\n");
}

static void tirc_usage_error(const char *fmt, const char *arg) __attribute__((noreturn));
static void tirc_usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", tirc_prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, " (see %s --help)\n", tirc_prog);
  exit(TIRC_EXIT_USAGE);
}

/* tirc_option matches argv[*i] against a value option -s/--long, as
 * "-s V", "-sV", "--long V" or "--long=V"; it returns the value or NULL. */
static const char *tirc_option(int argc, char **argv, int *i, const char *s, const char *l) {
  const char *a = argv[*i];
  size_t n = strlen(l);
  if (strcmp(a, s) == 0 || strcmp(a, l) == 0) {
    if (*i + 1 >= argc)
      tirc_usage_error("option '%s' needs a value", a);
    return argv[++*i];
  }
  if (strncmp(a, l, n) == 0 && a[n] == '=')
    return a + n + 1;
  if (strncmp(a, s, 2) == 0 && a[2] != 0)
    return a + 2;
  return NULL;
}

static const char *tirc_status_text(int32_t st) {
  switch (st) {
  case 1: return "size mismatch or broadcast failure at run time";
  case 2: return "integer division by zero or MIN / -1";
  case 3: return "out of memory";
  case 4: return "an argument contradicts the static type";
  }
  return "unknown status";
}

int main(int argc, char **argv) {
  if (argc > 0 && argv[0] != NULL) {
    const char *slash = strrchr(argv[0], '/');
    tirc_prog = slash != NULL ? slash + 1 : argv[0];
  }
  const char *func = NULL, *v;
  const char **outs = calloc((size_t)argc + 1, sizeof *outs);
  const char **ins = calloc((size_t)argc + 1, sizeof *ins);
  int nouts = 0, nins = 0;
  bool print = false, files_only = false;
  if (outs == NULL || ins == NULL)
    tirc_die("out of memory");
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (files_only || a[0] != '-' || a[1] == 0) {
      ins[nins++] = a;
    } else if (strcmp(a, "--") == 0) {
      files_only = true;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0) {
      tirc_usage(stdout);
      return TIRC_EXIT_OK;
    } else if (strcmp(a, "-p") == 0 || strcmp(a, "--print") == 0) {
      print = true;
    } else if ((v = tirc_option(argc, argv, &i, "-f", "--function")) != NULL) {
      func = v[0] == '@' ? v + 1 : v;
    } else if ((v = tirc_option(argc, argv, &i, "-o", "--output")) != NULL) {
      outs[nouts++] = v;
    } else {
      tirc_usage_error("unknown option '%s'", a);
    }
  }
  const tirc_entry *e = tirc_default();
  if (func != NULL) {
    e = NULL;
    for (int i = 0; i < tirc_num_entries; i++)
      if (strcmp(tirc_entries[i].name, func) == 0)
        e = &tirc_entries[i];
    if (e == NULL) {
      fprintf(stderr, "%s: error: %s has no public function @%s; it has", tirc_prog, tirc_source, func);
      for (int i = 0; i < tirc_num_entries; i++)
        fprintf(stderr, "%s @%s", i ? "," : "", tirc_entries[i].name);
      fputc('\n', stderr);
      return TIRC_EXIT_USAGE;
    }
  }
  if (e->unsupported != NULL)
    tirc_die("this driver cannot run @%s: %s", e->name, e->unsupported);
  if (nins != e->nargs) {
    fprintf(stderr, "%s: error: @%s takes %d argument%s, got %d input file%s\n  @%s%s\n", tirc_prog, e->name,
            e->nargs, e->nargs == 1 ? "" : "s", nins, nins == 1 ? "" : "s", e->name, e->signature);
    return TIRC_EXIT_USAGE;
  }
  if (nouts != 0 && nouts != e->nresults) {
    fprintf(stderr, "%s: error: @%s returns %d result%s; give one -o per result (got %d)\n", tirc_prog, e->name,
            e->nresults, e->nresults == 1 ? "" : "s", nouts);
    return TIRC_EXIT_USAGE;
  }
  tirc_array *in = calloc((size_t)e->nargs + 1, sizeof *in);
  if (in == NULL)
    tirc_die("out of memory");
  for (int i = 0; i < e->nargs; i++) {
    tirc_read_npy(ins[i], &in[i]);
    tirc_check(&in[i], &e->args[i], e->name, i);
  }
  tirc_outputs out = {e->name, nouts > 0 ? outs : NULL, print || nouts == 0};
  int32_t st = e->call(in, &out);
  for (int i = 0; i < e->nargs; i++)
    free(in[i].data);
  free(in);
  free(ins);
  free(outs);
  if (st != 0) {
    fflush(stdout);
    fprintf(stderr, "%s: error: @%s failed with status %d (%s)\n", tirc_prog, e->name, (int)st,
            tirc_status_text(st));
    return TIRC_EXIT_FAILED;
  }
  return TIRC_EXIT_OK;
}
