// Reserved names (codegen/cabi/names.go, README "The native ABI"): a public
// function or external declaration is a symbol of the linked program and a
// name in the C header, so -emit-llvm, -emit-c-header and -emit-c-driver
// refuse the same names, at the function, exit 1 (issue 19 item 1).
// RUN: tirc -emit-llvm -split-input-file -verify-diagnostics %s
// RUN: tirc -emit-c-header -split-input-file -verify-diagnostics %s
// RUN: tirc -emit-c-driver -split-input-file -verify-diagnostics %s
// RUN: (tirc -emit-llvm %s -o %t.ll; echo "exit=$?") | FileCheck --check-prefix=EXIT %s
// EXIT: exit=1

// clang lowers a zero fill to a call of memset, which this would replace.
// expected-error @+1 {{function name '@memset' is a name of the C library (<string.h>): a public function would replace the library's symbol in the linked program, or break the generated header; rename it, or make the function private}}
func.func @memset(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@exit' is a name of the C library (<stdlib.h>)}}
func.func @exit(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@memcpy' is a name of the C library (<string.h>)}}
func.func @memcpy(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// A libm function LLVM calls for its math intrinsics.
// expected-error @+1 {{function name '@expf' is a name of the C library (<math.h>)}}
func.func @expf(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// POSIX names too.
// expected-error @+1 {{function name '@write' is a name of the C library (<unistd.h>)}}
func.func @write(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@stderr' is a name of the C library (<stdio.h>)}}
func.func @stderr(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@int64_t' is a name of the C library (<stdint.h>)}}
func.func @int64_t(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@int' is a keyword of C or C++; rename it, or make the function private}}
func.func @int(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// The header is C++ too.
// expected-error @+1 {{function name '@class' is a keyword of C or C++}}
func.func @class(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@__udivti3' is reserved to the C implementation (it begins with '_' or contains "__")}}
func.func @__udivti3(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@_Tensor' is reserved to the C implementation}}
func.func @_Tensor(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@tirc_free' is one of tirc's own names (tirc, tirc_...)}}
func.func @tirc_free(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@TIRC_DESC_F32_1D' is one of tirc's own names}}
func.func @TIRC_DESC_F32_1D(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@GOMP_parallel' is in the OpenMP runtime's namespace (GOMP_...), which generated code calls}}
func.func @GOMP_parallel(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@omp_get_thread_num' is in the OpenMP runtime's namespace (omp_...)}}
func.func @omp_get_thread_num(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@main' clashes with the program's main()}}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// expected-error @+1 {{function name '@llvm.exp.f32' is not a C identifier}}
func.func @"llvm.exp.f32"(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----
// An external declaration names a C function of the program: the same rule.
// expected-error @+1 {{function name '@malloc' is a name of the C library (<stdlib.h>)}}
func.func private @malloc(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @calls(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @malloc(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
