// -o is atomic: a failed run (parse error, verifier error, failure in the
// last chunk) leaves an existing output file byte-for-byte unchanged; a
// successful one replaces it; an unwritable output path is a clear error
// with exit code 1. (mlir-opt-19 deletes the file on failure.)
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'precious\x00\xff\n')" > %t.d/keep
// RUN: cp %t.d/keep %t.d/out.mlir
// RUN: printf 'func.func @f() {\n  return\n' > %t.d/syntax.mlir
// RUN: not tirc %t.d/syntax.mlir -o %t.d/out.mlir
// RUN: cmp %t.d/keep %t.d/out.mlir
// RUN: printf 'func.func @f() -> i32 {\n  return\n}\n' > %t.d/verify.mlir
// RUN: not tirc %t.d/verify.mlir -o %t.d/out.mlir
// RUN: cmp %t.d/keep %t.d/out.mlir
// RUN: printf 'func.func @f() {\n  return\n}\n// -----\nfunc.func @g() -> i32 {\n  return\n}\n' > %t.d/last.mlir
// RUN: not tirc -split-input-file %t.d/last.mlir -o %t.d/out.mlir
// RUN: cmp %t.d/keep %t.d/out.mlir
// RUN: not tirc -split-input-file -verify-diagnostics %t.d/last.mlir -o %t.d/out.mlir
// RUN: cmp %t.d/keep %t.d/out.mlir
// No temporary file is left behind.
// RUN: ls -A %t.d | FileCheck --check-prefix=LS %s
// LS-NOT: .tirc-out
// A successful run replaces the file.
// RUN: tirc %s -o %t.d/out.mlir
// RUN: FileCheck --check-prefix=NEW %s < %t.d/out.mlir
// NEW: func.func @ok
// Unwritable outputs.
// RUN: (tirc %s -o %t.d/no/such/dir/out.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=NODIR %s
// NODIR: tirc: error: cannot write output '{{.*}}out.mlir': {{.*}}no such file or directory
// NODIR-NEXT: exit=1
// RUN: (tirc %s -o %t.d/keep/out.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=NOTDIR %s
// NOTDIR: tirc: error: cannot write output '{{.*}}out.mlir': {{.*}}not a directory
// NOTDIR-NEXT: exit=1
// RUN: (tirc %s -o %t.d; echo "exit=$?") 2>&1 | FileCheck --check-prefix=ISDIR %s
// ISDIR: tirc: error: cannot write output '{{.*}}': it is a directory
// ISDIR-NEXT: exit=1
// -o through a symbolic link writes the file it names; the link stays.
// RUN: rm -rf %t.l && mkdir -p %t.l/sub && echo old > %t.l/sub/real.mlir
// RUN: ln -s sub/real.mlir %t.l/link.mlir
// RUN: tirc %s -o %t.l/link.mlir
// RUN: test -L %t.l/link.mlir
// RUN: FileCheck --check-prefix=NEW %s < %t.l/sub/real.mlir
// RUN: ls -A %t.l %t.l/sub | FileCheck --check-prefix=LS %s
// A closed standard output loses nothing silently: exit 1.
// RUN: (tirc %s >&-; echo "exit=$?" >&2) 2>&1 | FileCheck --check-prefix=CLOSED %s
// CLOSED: tirc: error: cannot write to standard output: it is closed (bad file descriptor)
// CLOSED-NEXT: exit=1

func.func @ok() {
  return
}
