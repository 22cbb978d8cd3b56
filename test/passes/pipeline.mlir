// The pass manager: textual pipelines, one flag per pass in order,
// -print-ir-after-all / -print-ir-after, timing and statistics reports, and
// clear errors for bad pipelines (exit code 2). -verify-each (mlir-opt's
// flag; there it turns the verifier after each pass on, the default) adds
// ir.Check after each pass and changes no output.
// RUN: tirc -pass-pipeline='builtin.module(infer-shapes,func.func(canonicalize,cse))' %s | FileCheck %s --check-prefix=OUT
// RUN: tirc -pass-pipeline='infer-shapes, func.func(canonicalize, cse)' %s | FileCheck %s --check-prefix=OUT
// RUN: tirc -infer-shapes -canonicalize -cse %s | FileCheck %s --check-prefix=OUT
// RUN: tirc -verify-each -infer-shapes -canonicalize -cse %s | FileCheck %s --check-prefix=OUT
// RUN: tirc -verify-each=false -infer-shapes -canonicalize -cse %s | FileCheck %s --check-prefix=OUT
// RUN: tirc -infer-shapes -canonicalize -cse -print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: tirc -infer-shapes -canonicalize -cse -print-ir-after=canonicalize %s 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: tirc -infer-shapes -canonicalize -mlir-timing %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// RUN: tirc -infer-shapes -canonicalize -cse -mlir-pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: not tirc -pass-pipeline='builtin.module(func.func(canonicalize,cze))' %s 2>&1 | FileCheck %s --check-prefix=BADPASS
// RUN: not tirc -pass-pipeline='builtin.module(func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// RUN: not tirc -pass-pipeline='builtin.module(func.func(infer-shapes))' %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not tirc -pass-pipeline='cse,,dce' %s 2>&1 | FileCheck %s --check-prefix=COMMA
// RUN: not tirc -pass-pipeline='infer-shapes{bondary=cast}' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: tirc -pass-pipeline='cse)' %s; test $? = 2
// RUN: (tirc -pass-pipeline='cse' -dce %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: tirc -help | FileCheck %s --check-prefix=HELP

// OUT-LABEL: func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<3x4xf32>
// OUT-NEXT: %[[A:.*]] = tir.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// OUT-NEXT: %[[M:.*]] = tir.mul %[[A]], %[[A]] :
// OUT-NEXT: return %[[M]]
func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>) -> tensor<?x?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  %1 = "tir.add"(%b, %a) : (tensor<3x1xf32>, tensor<?x4xf32>) -> tensor<?x?xf32>
  %2 = "tir.mul"(%0, %1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// DUMP: // -----// IR Dump After InferShapes (infer-shapes) //----- //
// DUMP: tir.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// DUMP: tir.add %arg1, %arg0 : (tensor<3x1xf32>, tensor<?x4xf32>) -> tensor<3x4xf32>
// DUMP: // -----// IR Dump After Canonicalize (canonicalize) //----- //
// DUMP: tir.add %arg0, %arg1 :
// DUMP: tir.add %arg0, %arg1 :
// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: tir.add %arg0, %arg1 :
// DUMP-NOT: tir.add
// DUMP: return

// AFTER-NOT: IR Dump After InferShapes
// AFTER: // -----// IR Dump After Canonicalize (canonicalize) //----- //
// AFTER-NOT: IR Dump After

// TIME: ... Execution time report ...
// TIME: Total Execution Time: {{[0-9.]+}} seconds
// TIME: ----Wall Time----  ----Name----
// TIME-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  InferShapes (infer-shapes)
// TIME-NEXT: (A) verifier
// TIME-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Canonicalize (canonicalize)
// TIME-NEXT: (A) verifier
// TIME-NEXT: 100.0%)  Total

// STATS: ... Pass statistics report ...
// STATS: InferShapes (infer-shapes)
// STATS-NEXT: (S) 3 num-values-refined
// STATS-NEXT: (S) 6 num-dims-refined
// STATS-NEXT: (S) 0 num-casts-inserted
// STATS-NEXT: (S) 1 num-signatures-updated
// STATS: Canonicalize (canonicalize)
// STATS-NEXT: (S) 0 num-folded
// STATS-NEXT: (S) 1 num-reordered
// STATS: CSE (cse)
// STATS-NEXT: (S) 1 num-cse'd

// BADPASS: tirc: error: invalid value for -pass-pipeline: invalid pass pipeline 'builtin.module(func.func(canonicalize,cze))': column 39: 'cze' does not refer to a registered pass; did you mean 'cse'?
// UNCLOSED: column 30: unexpected end of the pipeline (an unclosed '(' or '{'?)
// NESTED: column 26: 'infer-shapes' is a module pass: it cannot run nested in func.func(...)
// COMMA: column 5: unexpected ','; expected a pass name
// OPTION: column 14: pass 'infer-shapes' has no option 'bondary' (options: arg-shapes, boundary)
// BOTH: {{^}}tirc: error: -pass-pipeline cannot be combined with pass flags (-dce)
// BOTH-NEXT: exit=2

// HELP: Passes (run in the order given):
// HELP-NEXT: -canonicalize Fold constants
// HELP-NEXT: -cse Eliminate common subexpressions
// HELP-NEXT: -dce Erase side-effect-free ops
// HELP-NEXT: -infer-shapes Refine '?' dims
// HELP-NEXT: -arg-shapes=@f:0=4x8,1=8 first give these function arguments static shapes
// HELP-NEXT: -infer-shapes-boundary=mode at function results
// HELP-NEXT: -materialize-broadcasts Make broadcasting explicit
