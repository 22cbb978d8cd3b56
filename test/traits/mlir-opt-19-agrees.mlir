// mlir-opt-19 gives the same verdicts and messages as tirc on the trait tests
// that lie outside the SPEC section 4 points (the files that say so). Those
// files use only MLIR ops (test dialect, func), so MLIR is the judge here.
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/broadcastable-infer-dim.mlir -o /dev/null
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/broadcastable-result-table.mlir -o /dev/null
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/broadcastable-unranked-size0.mlir -o /dev/null
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/same-elementwise-traits.mlir -o /dev/null
// RUN: mlir-opt-19 -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/ir-traits-subset.mlir | FileCheck %S/ir-traits-subset.mlir
