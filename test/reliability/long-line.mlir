// A diagnostic on a huge line echoes a window of it around the column, not
// the whole line (issue 19 item 7: a 50 MB line gave 100 MB of stderr).
// RUN: %python -c "import sys; sys.stdout.write('func.func @f() {\n  %%0 = \"tir.neg\"(' + ' ' * 20000000 + '%%x) : (tensor<4xf32>) -> tensor<4xf32>\n  return\n}\n')" > %t.mlir
// RUN: not tirc %t.mlir 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: test $(wc -c < %t.err) -lt 1000
// CHECK: long-line.mlir.tmp.mlir:2:20000018: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}...{{ +}}%x) : (tensor<4xf32>) -> tensor<4xf32>{{$}}
// CHECK-NEXT: {{^ +}}^{{$}}
