// mlir-opt-19 gives invalid.mlir's expected diagnostics too (the oracle of
// its messages).
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/invalid.mlir
