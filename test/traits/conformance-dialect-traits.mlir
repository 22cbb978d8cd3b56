// MLIR's own Broadcastable tests (mlir/test/Dialect/traits.mlir, kept in
// shared/conformance) pass unchanged.
// REQUIRES: shared
// RUN: tirc -split-input-file -verify-diagnostics %shared/conformance/mlir-Dialect-traits.mlir
