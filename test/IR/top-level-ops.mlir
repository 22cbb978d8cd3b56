// Ops other than functions at the top level of a module (MLIR's symbol
// ops) parse, verify and print in source order between the functions, in
// both forms; -emit-llvm refuses them at their location.
// RUN: tirc -allow-unregistered-dialect %s | FileCheck %s
// RUN: tirc -allow-unregistered-dialect -mlir-print-op-generic %s | tirc -allow-unregistered-dialect - | FileCheck %s
// RUN: not tirc -allow-unregistered-dialect -emit-llvm %s 2>&1 | FileCheck %s --check-prefix=LLVM

// CHECK:      module {
// CHECK-NEXT:   "test.symbol"() <{sym_name = "a", sym_visibility = "private"}> : () -> ()
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.symbol_scope"() ({
// CHECK-NEXT:     "test.symbol"() <{sym_name = "b"}> : () -> ()
// CHECK-NEXT:     "test.finish"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// LLVM: top-level-ops.mlir:[[@LINE+1]]:1: error: 'test.symbol' op is an op at the top level of the module: codegen lowers functions only
"test.symbol"() {sym_name = "a", sym_visibility = "private"} : () -> ()
func.func @f() {
  return
}
"test.symbol_scope"() ({
  "test.symbol"() {sym_name = "b"} : () -> ()
  "test.finish"() : () -> ()
}) : () -> ()
