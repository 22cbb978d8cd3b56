// 100k nested brackets (mlir-opt-19 crashes with SIGSEGV on 100k nested
// `tensor<`): a clear error, exit code 1, no stack overflow. The inputs are
// generated; this file's own text is not parsed.
// RUN: %python -c "print('func.func @f(%%a: ' + 'tensor<' * 100000 + 'f32' + '>' * 100000 + ') { return }')" > %t.tensor.mlir
// RUN: (tirc %t.tensor.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=TENSOR %s
// TENSOR: tensor.mlir:1:25: error: tensor element type must be a scalar (an integer, index, float or complex type), not a tensor
// TENSOR: exit=1

// RUN: %python -c "print('func.func @f() {\n  %%0 = \"t.x\"() {a = ' + '[' * 100000 + ']' * 100000 + '} : () -> i1\n  return\n}')" > %t.array.mlir
// RUN: (tirc -allow-unregistered-dialect %t.array.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=ARRAY %s
// ARRAY: array.mlir:2:276: error: nesting too deep: more than 256 levels
// ARRAY: exit=1

// RUN: %python -c "print('func.func @f() {\n  %%0 = \"t.x\"() {a = ' + '{a = ' * 100000 + '}' * 100000 + '} : () -> i1\n  return\n}')" > %t.dict.mlir
// RUN: (tirc -allow-unregistered-dialect %t.dict.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=DICT %s
// DICT: dict.mlir:2:{{[0-9]+}}: error: nesting too deep: more than 256 levels
// DICT: exit=1

// RUN: %python -c "print('func.func @f() {\n  %%0 = \"t.x\"() {a = dense<' + '[' * 100000 + '1' + ']' * 100000 + '> : tensor<1xi32>} : () -> i1\n  return\n}')" > %t.dense.mlir
// RUN: (tirc -allow-unregistered-dialect %t.dense.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=DENSE %s
// DENSE: dense.mlir:2:{{[0-9]+}}: error: nesting too deep: more than 256 levels
// DENSE: exit=1

// RUN: %python -c "print('func.func @f() {\n  %%0 = \"t.x\"() : () -> !t.x<' + '<' * 100000 + '>' * 100000 + '>\n  return\n}')" > %t.opaque.mlir
// RUN: (tirc -allow-unregistered-dialect %t.opaque.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=OPAQUE %s
// OPAQUE: opaque.mlir:2:{{[0-9]+}}: error: nesting too deep: more than 256 levels
// OPAQUE: exit=1

// RUN: %python -c "print('func.func @f() {\n  return loc(' + 'fused[' * 100000 + ']' * 100000 + ')\n}')" > %t.loc.mlir
// RUN: (tirc %t.loc.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=LOC %s
// LOC: loc.mlir:2:{{[0-9]+}}: error: nesting too deep: more than 256 levels
// LOC: exit=1

// RUN: %python -c "print('func.func @f(%%a: ' + '(' * 100000 + 'i32' + ')' * 100000 + ') { return }')" > %t.paren.mlir
// RUN: (tirc %t.paren.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=PAREN %s
// PAREN: paren.mlir:1:274: error: nesting too deep: more than 256 levels
// PAREN: exit=1
