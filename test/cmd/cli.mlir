// The command line, as mlir-opt users type it: flags before or after the
// input, stdin as '-' or no file, --version, -help, and exit codes
// (0 success, 1 bad input, 2 usage error).
// RUN: tirc %s -mlir-print-op-generic | FileCheck --check-prefix=GENERIC %s
// RUN: tirc -mlir-print-op-generic %s | FileCheck --check-prefix=GENERIC %s
// RUN: tirc --mlir-print-op-generic - < %s | FileCheck --check-prefix=GENERIC %s
// RUN: tirc < %s | FileCheck --check-prefix=CUSTOM %s
// GENERIC: "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "cli"}>
// CUSTOM: func.func @cli(%arg0: tensor<4xf32>) -> tensor<4xf32> {

// RUN: tirc %s -verify -o %t.out && test ! -s %t.out -o ! -e %t.out
// RUN: tirc --version | FileCheck --check-prefix=VERSION %s
// VERSION: tirc version {{[^ ]+$}}
// RUN: tirc -help | FileCheck --check-prefix=HELP %s
// HELP: USAGE: tirc [flags] [input.mlir | -] [flags]
// HELP: -split-input-file
// HELP: -verify-diagnostics

// RUN: (tirc -no-such-flag %s; echo "exit=$?") 2>&1 | FileCheck --check-prefix=BADFLAG %s
// BADFLAG: tirc: error: unknown flag '-no-such-flag' (see tirc -help)
// BADFLAG-NEXT: exit=2
// RUN: (tirc %s %s; echo "exit=$?") 2>&1 | FileCheck --check-prefix=TWO %s
// TWO: tirc: error: too many input files
// TWO-NEXT: exit=2
// RUN: (printf 'func.func @f() -> i32 {\n  return\n}\n' | tirc -verify; echo "exit=$?") 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: <stdin>:2:3: error:
// BAD: exit=1

func.func @cli(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
