// -arg-shapes specializes dynamic arguments first, so a dynamic function
// becomes fully static in one run; callers' operands are cast to the new
// argument types.
// RUN: tirc -infer-shapes -arg-shapes='@scale_shift:0=8x16,1=16,2=1' %s | FileCheck %s
// RUN: tirc -pass-pipeline='builtin.module(infer-shapes{arg-shapes=@scale_shift:0=8x16,1=16,2=1})' %s | FileCheck %s
// RUN: tirc -infer-shapes -arg-shapes='@scale_shift:0=8x16,1=16,2=1' %s | tirc -verify
// Several functions, '?' keeps a dim dynamic, an unranked argument takes any rank:
// RUN: tirc -infer-shapes -arg-shapes='@scale_shift:0=?x16;@unranked:0=2x3' %s | FileCheck %s --check-prefix=MULTI
// Errors: unknown function, argument out of range, contradicting shape, bad syntax (exit 2).
// RUN: not tirc -infer-shapes -arg-shapes='@nope:0=4' %s 2>&1 | FileCheck %s --check-prefix=NOFUNC
// RUN: not tirc -infer-shapes -arg-shapes='@unranked:3=4' %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not tirc -infer-shapes -arg-shapes='@caller:0=4' %s 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not tirc -infer-shapes -arg-shapes='@f:0=4y' %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: tirc -infer-shapes -arg-shapes='@f:0=4y' %s; test $? = 2
// RUN: (tirc -arg-shapes='@caller:0=4' %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=NOPASS
// A shape beyond the limits of a written type is refused like one (issue 19
// item 4: it used to print a type tirc's own parser rejects), in the flag
// and in the pipeline text alike.
// RUN: (tirc -infer-shapes -arg-shapes='@scale_shift:0=576460752303423488x576460752303423488' -emit-llvm %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: (tirc -pass-pipeline='builtin.module(infer-shapes{arg-shapes=@scale_shift:0=576460752303423488x576460752303423488})' %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tirc: error: invalid value for -{{arg-shapes|pass-pipeline}}: {{.*}}the shape of argument #0 of @scale_shift: tensor type is too large: the product of its dimensions exceeds 576460752303423488
// HUGE-NEXT: exit=2

// CHECK-LABEL: func.func @scale_shift(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<1xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: tir.mul %arg0, %arg1 : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: tir.add %0, %arg2 : (tensor<8x16xf32>, tensor<1xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: tir.exp %1 : tensor<8x16xf32>
// CHECK-NEXT: return %2 : tensor<8x16xf32>
// MULTI-LABEL: func.func @scale_shift(%arg0: tensor<?x16xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> tensor<?x16xf32>
func.func @scale_shift(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %shift: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = "tir.mul"(%x, %scale) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y = "tir.add"(%s, %shift) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %e = "tir.exp"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @caller(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: %[[X:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<8x16xf32>
// CHECK-NEXT: %[[S:.*]] = tensor.cast %arg1 : tensor<?xf32> to tensor<16xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %arg1 : tensor<?xf32> to tensor<1xf32>
// CHECK-NEXT: call @scale_shift(%[[X]], %[[S]], %[[B]]) : (tensor<8x16xf32>, tensor<16xf32>, tensor<1xf32>) -> tensor<8x16xf32>
func.func @caller(%x: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = func.call @scale_shift(%x, %v, %v) : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// MULTI-LABEL: func.func @unranked(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32>
func.func @unranked(%x: tensor<*xi32>) -> tensor<*xi32> {
  %0 = "tir.abs"(%x) : (tensor<*xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// NOFUNC: error: -arg-shapes names @nope, but the module has no function of that name
// RANGE: error: 'func.func' op -arg-shapes gives argument #3, but @unranked has 1 argument(s)
// CONFLICT: error: 'func.func' op -arg-shapes gives argument #0 of @caller the shape '4', incompatible with its type 'tensor<?x?xf32>'
// CONFLICT-NOT: error
// SYNTAX: invalid value for -arg-shapes: '@f:0=4y': unexpected 'y' at column 7
// NOPASS: {{^}}tirc: error: -arg-shapes: 'arg-shapes' is an option of the infer-shapes pass, which is not in the pipeline (add -infer-shapes)
// NOPASS-NEXT: exit=2
