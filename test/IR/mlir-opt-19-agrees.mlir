// mlir-opt-19 gives the same verdicts as tirc on vector-sizes.mlir and
// invalid-regions.mlir, prints ops with regions as tirc does, and
// reports the errors of wrong-token.mlir at the same lines and columns as
// tirc (its POS lines). mlir-opt-19 -split-input-file prints
// positions relative to each chunk ("within split at F:N offset :L:C"), so
// they are made absolute first.
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/vector-sizes.mlir -o /dev/null
// Regions: the same verdicts and messages on invalid-regions.mlir, and
// the same printed text for regions.mlir's first functions (custom form).
// RUN: mlir-opt-19 -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/invalid-regions.mlir -o /dev/null
// RUN: mlir-opt-19 -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/invalid-scf.mlir -o /dev/null
// RUN: mlir-opt-19 -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/invalid-branches.mlir -o /dev/null
// RUN: mlir-opt-19 -allow-unregistered-dialect %S/../../ir/testdata/regions.mlir > %t.regions.mlir
// RUN: tirc -allow-unregistered-dialect %S/../../ir/testdata/regions.mlir | diff %t.regions.mlir -
// RUN: not mlir-opt-19 -allow-unregistered-dialect -split-input-file %S/wrong-token.mlir 2>&1 \
// RUN:   | %python -c "import re, sys; [print(re.sub(r'within split at ([^:]+):(\d+) offset :(\d+):', lambda m: '%%s:%%d:' %% (m[1], int(m[2]) + int(m[3]) - 1), l), end='') for l in sys.stdin]" \
// RUN:   | FileCheck --check-prefix=POS %S/wrong-token.mlir
// RUN: not mlir-opt-19 -allow-unregistered-dialect -split-input-file %S/trailing-comma.mlir 2>&1 \
// RUN:   | %python -c "import re, sys; [print(re.sub(r'within split at ([^:]+):(\d+) offset :(\d+):', lambda m: '%%s:%%d:' %% (m[1], int(m[2]) + int(m[3]) - 1), l), end='') for l in sys.stdin]" \
// RUN:   | FileCheck --check-prefixes=POS,MSG %S/trailing-comma.mlir
