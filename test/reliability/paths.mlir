// Input paths that are not readable regular files: a clear error naming
// the path, exit code 1. (Unreadable-by-permission files are tested in
// cmd/tirc's Go tests, which know whether they run as root.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: (tirc %t.dir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=DIR %s
// DIR: tirc: error: input '{{.*}}.dir' is a directory, not a file
// DIR-NEXT: exit=1
// RUN: (tirc %t.dir/missing.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: tirc: error: could not open input file '{{.*}}missing.mlir': no such file or directory
// MISSING-NEXT: exit=1
// RUN: (tirc /dev/null; echo "exit=$?") 2>&1 | FileCheck --check-prefix=DEV %s
// DEV: tirc: error: input '/dev/null' is not a regular file
// DEV-NEXT: exit=1
// RUN: mkfifo %t.dir/fifo
// RUN: (tirc %t.dir/fifo; echo "exit=$?") 2>&1 | FileCheck --check-prefix=FIFO %s
// FIFO: tirc: error: input '{{.*}}fifo' is not a regular file
// FIFO-NEXT: exit=1
// An empty file is a valid, empty module.
// RUN: touch %t.dir/empty.mlir
// RUN: (tirc %t.dir/empty.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=EMPTY %s
// EMPTY: module {
// EMPTY: exit=0
