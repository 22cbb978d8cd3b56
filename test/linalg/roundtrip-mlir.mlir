// mlir-opt-19 reads tirc's printed linalg ops back to the ops it prints
// for the original text (roundtrip.mlir's input; block argument names
// aside, which FileCheck's patterns leave open).
// REQUIRES: mlir-opt-19
// RUN: tirc %S/roundtrip.mlir | mlir-opt-19 -mlir-print-local-scope | FileCheck %S/roundtrip.mlir
// RUN: mlir-opt-19 -mlir-print-local-scope %S/roundtrip.mlir | FileCheck %S/roundtrip.mlir
