// mlir-opt-19 gives the same verdicts and messages as tirc on the arith,
// func and tensor tests.
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/arith-verify.mlir -o /dev/null
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/func-tensor.mlir -o /dev/null
