// Ops with regions: blocks with arguments, nested and sibling regions,
// later blocks, empty regions and blocks, in the generic form and in a
// custom form (test.graph_region). tirc prints them as mlir-opt-19 does
// (mlir-opt-19-agrees.mlir compares the two; in the generic form
// mlir-opt-19 also numbers on across functions, tirc per function), and
// its output parses back to the same text, in both forms.
// RUN: tirc -allow-unregistered-dialect %s | FileCheck %s
// RUN: tirc -allow-unregistered-dialect %s | tirc -allow-unregistered-dialect - > %t.1.mlir
// RUN: tirc -allow-unregistered-dialect %s > %t.0.mlir
// RUN: diff %t.0.mlir %t.1.mlir
// RUN: tirc -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: tirc -allow-unregistered-dialect -mlir-print-op-generic %s | tirc -allow-unregistered-dialect - | diff %t.0.mlir -
// RUN: tirc -allow-unregistered-dialect -cse -dce %s | FileCheck %s --check-prefix=OPT

// CHECK-LABEL: func.func @nested(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = "test.foo"(%arg0) ({
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:      %2 = arith.addi %arg2, %arg0 : i32
// CHECK-NEXT:      "test.bar"(%2) ({
// CHECK-NEXT:      ^bb0(%arg4: i32):
// CHECK-NEXT:        %3 = arith.addi %arg4, %2 : i32
// CHECK-NEXT:        "test.yield"(%3) : (i32) -> ()
// CHECK-NEXT:      }) : (i32) -> ()
// CHECK-NEXT:      "test.yield"(%2) : (i32) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:      "test.yield"(%2) : (i32) -> ()
// CHECK-NEXT:    ^bb1(%3: i32):  // no predecessors
// CHECK-NEXT:      %4 = arith.muli %3, %3 : i32
// CHECK-NEXT:      "test.yield"(%4) : (i32) -> ()
// CHECK-NEXT:    }) : (i32) -> i32
// CHECK-NEXT:    %1 = "test.empty"() ({
// CHECK-NEXT:    }) : () -> i32
// CHECK-NEXT:    "test.empty_block"() ({
// CHECK-NEXT:    ^bb0:
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return %0 : i32

// GEN-LABEL: "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "nested"}> ({
// GEN-NEXT:  ^bb0(%arg0: i32, %arg1: i32):
// GEN-NEXT:    %0 = "test.foo"(%arg0) ({
// GEN-NEXT:    ^bb0(%arg2: i32, %arg3: i32):
// GEN-NEXT:      %5 = "arith.addi"(%arg2, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN-NEXT:      "test.bar"(%5) ({
// GEN-NEXT:      ^bb0(%arg4: i32):
// GEN-NEXT:        %6 = "arith.addi"(%arg4, %5)
// GEN:         }, {
// GEN-NEXT:      %2 = "arith.muli"(%arg0, %arg0)
// GEN:         ^bb1(%3: i32):  // no predecessors
// GEN-NEXT:      %4 = "arith.muli"(%3, %3)

func.func @nested(%a: i32, %b: i32) -> i32 {
  %0 = "test.foo"(%a) ({
  ^bb0(%x: i32, %y: i32):
    %1 = "arith.addi"(%x, %a) : (i32, i32) -> i32
    "test.bar"(%1) ({
    ^bb0(%z: i32):
      %5 = "arith.addi"(%z, %1) : (i32, i32) -> i32
      "test.yield"(%5) : (i32) -> ()
    }) : (i32) -> ()
    "test.yield"(%1) : (i32) -> ()
  }, {
    %2 = "arith.muli"(%a, %a) : (i32, i32) -> i32
    "test.yield"(%2) : (i32) -> ()
  ^bb1(%q: i32):
    %3 = "arith.muli"(%q, %q) : (i32, i32) -> i32
    "test.yield"(%3) : (i32) -> ()
  }) : (i32) -> i32
  %4 = "test.empty"() ({
  }) : () -> i32
  "test.empty_block"() ({
  ^bb0:
  }) : () -> ()
  return %0 : i32
}

// Suggested names are unique within a region and the regions around it;
// sibling regions reuse them.
// CHECK-LABEL: func.func @names
// CHECK:         %c1_i32 = arith.constant 1 : i32
// CHECK:         ^bb0(%arg1: i32):
// CHECK-NEXT:      %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:      %c2_i32 = arith.constant 2 : i32
// CHECK:         }, {
// CHECK-NEXT:      %c1_i32_1 = arith.constant 1 : i32
// CHECK:         %c1_i32_0 = arith.constant 1 : i32
func.func @names(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = "test.foo"(%a) ({
  ^bb0(%x: i32):
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    "test.yield"(%c1, %c2) : (i32, i32) -> ()
  }, {
    %c1 = arith.constant 1 : i32
    "test.yield"(%c1) : (i32) -> ()
  }) : (i32) -> i32
  %c2 = arith.constant 1 : i32
  "test.use"(%c, %c2) : (i32, i32) -> ()
  return %0 : i32
}

// A custom form with a region (attr-dict-with-keyword $region), a graph
// region: a value may be used before its definition there.
// CHECK-LABEL: func.func @graph
// CHECK-NEXT:    test.graph_region {
// CHECK-NEXT:      %0 = arith.addi %1, %arg0 : i32
// CHECK-NEXT:      %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:      "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    test.graph_region attributes {a = 1 : i64} {
// CHECK-NEXT:    }
// GEN-LABEL: sym_name = "graph"
// GEN:         "test.graph_region"() ({
func.func @graph(%a: i32) {
  test.graph_region {
    %0 = arith.addi %1, %a : i32
    %1 = arith.addi %a, %a : i32
    "test.use"(%0) : (i32) -> ()
  }
  test.graph_region attributes {a = 1} {
  }
  return
}

// CSE reuses a value from around a region inside it, merges within a
// block, keeps sibling regions apart and stops at IsolatedFromAbove (the
// constant inside test.isolated_one_region_op stays); DCE erases unused
// ops in regions.
// OPT-LABEL: func.func @cse
// OPT-NEXT:    %c7_i32 = arith.constant 7 : i32
// OPT-NEXT:    "test.parent"() ({
// OPT-NEXT:      "test.use"(%c7_i32, %c7_i32) : (i32, i32) -> ()
// OPT-NEXT:      "test.finish"() : () -> ()
// OPT-NEXT:    }) : () -> ()
// OPT-NEXT:    "test.parent1"() ({
// OPT-NEXT:      %1 = arith.muli %arg0, %arg0 : i32
// OPT-NEXT:      "test.use"(%1, %1) : (i32, i32) -> ()
// OPT-NEXT:      "test.finish"() : () -> ()
// OPT-NEXT:    }) : () -> ()
// OPT-NEXT:    "test.isolated_one_region_op"() ({
// OPT-NEXT:      %c7_i32_0 = arith.constant 7 : i32
// OPT-NEXT:      "test.use"(%c7_i32_0) : (i32) -> ()
// OPT-NEXT:      "test.finish"() : () -> ()
// OPT-NEXT:    }) : () -> ()
// OPT-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// OPT-NEXT:    return %c7_i32, %0 : i32, i32
func.func @cse(%a: i32) -> (i32, i32) {
  %0 = arith.constant 7 : i32
  "test.parent"() ({
    %1 = arith.constant 7 : i32
    %2 = arith.constant 7 : i32
    %dead = arith.subi %a, %a : i32
    "test.use"(%1, %2) : (i32, i32) -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  "test.parent1"() ({
    %3 = arith.muli %a, %a : i32
    %4 = arith.muli %a, %a : i32
    "test.use"(%3, %4) : (i32, i32) -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  "test.isolated_one_region_op"() ({
    %5 = arith.constant 7 : i32
    "test.use"(%5) : (i32) -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  %6 = arith.muli %a, %a : i32
  return %0, %6 : i32, i32
}

// NoTerminator: the block of test.single_no_terminator_op needs no
// terminator; its custom form prints an empty block as `{ }`.
// CHECK-LABEL: func.func @no_terminator
// CHECK-NEXT:    test.single_no_terminator_op : {
// CHECK-NEXT:      %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    test.single_no_terminator_op : {
// CHECK-NEXT:    }
func.func @no_terminator(%x: i32) {
  test.single_no_terminator_op : {
    %0 = arith.addi %x, %x : i32
  }
  "test.single_no_terminator_op"() ({
  ^bb0:
  }) : () -> ()
  return
}

// Branches between blocks, with mlir-opt-19's predecessor comments.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT:    "test.op"() ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT:    ^bb1:  // no predecessors
// CHECK-NEXT:      cf.br ^bb2(%arg0 : i32)
// CHECK-NEXT:    ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:      %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:      cf.br ^bb3
// CHECK-NEXT:    ^bb3:  // pred: ^bb2
// CHECK-NEXT:      "test.yield"(%1) : (i32) -> ()
// CHECK-NEXT:    }) : () -> ()
// GEN-LABEL: sym_name = "branches"
// GEN:         "cf.br"(%arg{{[0-9]+}})[^bb2] : (i32) -> ()
func.func @branches(%x: i32) {
  "test.op"() ({
  ^bb0(%a: i32):
    cf.br ^bb2(%a : i32)
  ^bb1:
    cf.br ^bb2(%x : i32)
  ^bb2(%b: i32):
    %0 = arith.addi %b, %b : i32
    cf.br ^bb3
  ^bb3:
    "test.yield"(%0) : (i32) -> ()
  }) : () -> ()
  return
}
