// Every usage error is one line "tirc: error: ..." and exit code 2, and
// nothing is written (issue 19 item 7, issue 17 item 3): flags that write
// different files, flags that would be silently ignored, pipelines that
// cannot be built.
// RUN: rm -f %t.out
// RUN: (tirc %s -emit-llvm -emit-c-driver -o %t.out; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: {{^}}tirc: error: -emit-llvm and -emit-c-driver write different files; run tirc once for each
// DRIVER-NEXT: exit=2
// RUN: test ! -e %t.out
// RUN: (tirc %s -emit-llvm -emit-c-header; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: {{^}}tirc: error: -emit-llvm and -emit-c-header write different files; run tirc once for each
// HEADER-NEXT: exit=2
// RUN: (tirc %s -pass-pipeline='builtin.module(cse)' -cse; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: {{^}}tirc: error: -pass-pipeline cannot be combined with pass flags (-cse); put every pass in the pipeline
// PIPE-NEXT: exit=2
// RUN: (tirc %s -pass-pipeline='builtin.module(cse)' -infer-shapes; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=PIPE2
// PIPE2: {{^}}tirc: error: -pass-pipeline cannot be combined with pass flags (-infer-shapes)
// PIPE2-NEXT: exit=2
// RUN: (tirc %s -arg-shapes='@usage:0=4'; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: {{^}}tirc: error: -arg-shapes: 'arg-shapes' is an option of the infer-shapes pass, which is not in the pipeline (add -infer-shapes)
// ARGS-NEXT: exit=2
// RUN: (tirc %s -target-cpu=skylake -emit-c-header; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: {{^}}tirc: error: -target-cpu only applies to -emit-llvm, which is not given
// CPU-NEXT: exit=2
// RUN: (tirc %s -verify -emit-llvm; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: {{^}}tirc: error: -verify writes nothing; it cannot be combined with -emit-llvm
// VERIFY-NEXT: exit=2

func.func @usage(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
