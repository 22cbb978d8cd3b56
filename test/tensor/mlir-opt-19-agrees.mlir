// mlir-opt-19 prints roundtrip.mlir exactly as tirc does, in the custom
// and in the generic form; it gives invalid.mlir's verdicts and messages;
// and it reads tirc's printed forms back.
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 %S/roundtrip.mlir > %t.want && tirc %S/roundtrip.mlir > %t.got && diff %t.want %t.got
// RUN: mlir-opt-19 -mlir-print-op-generic %S/roundtrip.mlir > %t.want && tirc -mlir-print-op-generic %S/roundtrip.mlir > %t.got && diff %t.want %t.got
// RUN: tirc %S/roundtrip.mlir | mlir-opt-19 | tirc > %t.again && tirc %S/roundtrip.mlir | diff - %t.again
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/invalid.mlir -o /dev/null
// RUN: mlir-opt-19 %S/Inputs/tensor_ops.mlir -o /dev/null
// RUN: mlir-opt-19 %S/splat.mlir > %t.want && tirc %S/splat.mlir > %t.got && diff %t.want %t.got
// RUN: sed -n '/^func.func @insert_and_empty/,/^}/p' %S/canonicalize.mlir > %t.canon.mlir
// RUN: mlir-opt-19 -canonicalize %t.canon.mlir > %t.want && tirc -canonicalize %t.canon.mlir > %t.got && diff %t.want %t.got
