// The checks of a descriptor are one module-level function per type
// (codegen/desccheck.go): two functions with arguments of the same type
// call one checker, results of one element type and rank one result
// function, and each message's format is defined once. A function passes
// its name to the first %s, a string of its own (@f.str0: named after
// the function, codegen/module.go ownSymbol), and the value checked
// to the second, a string of the module's: "argument #0" is defined once
// for f and g (test/codegen/hostile.test runs the messages).
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s | FileCheck %s --check-prefix=ONCE
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// REQUIRES: opt-14

// CHECK: @[[F:f\.str[0-9]+]] = {{.*}} c"f\00"
// CHECK: @[[NEG:\.str[0-9]+]] = {{.*}} c"tirc: error: %s: %s: descriptor has a negative size, dimension 0, size %lld\0A\00"
// CHECK-LABEL: define internal i32 @tirc.check.arg.f32.d.4(%tirc.desc.float.2* nocapture %desc, i8* %who, i8* %what)
// CHECK: @[[NEG]],
// CHECK: @[[A0:\.str[0-9]+]] = {{.*}} c"argument #0\00"
// CHECK: @[[R0:\.str[0-9]+]] = {{.*}} c"result #0\00"
// CHECK-LABEL: define internal i32 @tirc.result.f32.2(%tirc.desc.float.2* nocapture %desc, i8* %who, i8* %what, i8** %owned, i64 %size0, i64 %size1)
// CHECK-LABEL: define i32 @f(
// CHECK: call i32 @tirc.check.arg.f32.d.4(%tirc.desc.float.2* %arg0, i8* getelementptr inbounds ({{.*}} @[[F]], i64 0, i64 0), i8* getelementptr inbounds ({{.*}} @[[A0]],
// CHECK: call i32 @tirc.result.f32.2(%tirc.desc.float.2* %res0, i8* getelementptr inbounds ({{.*}} @[[F]], i64 0, i64 0), i8* getelementptr inbounds ({{.*}} @[[R0]],
// CHECK: @[[G:g\.str[0-9]+]] = {{.*}} c"g\00"
// CHECK-LABEL: define i32 @g(
// CHECK: call i32 @tirc.check.arg.f32.d.4(%tirc.desc.float.2* %arg0, i8* getelementptr inbounds ({{.*}} @[[G]], i64 0, i64 0), i8* getelementptr inbounds ({{.*}} @[[A0]],
// CHECK: call i32 @tirc.result.f32.2(%tirc.desc.float.2* %res0, i8* getelementptr inbounds ({{.*}} @[[G]], i64 0, i64 0), i8* getelementptr inbounds ({{.*}} @[[R0]],

// The checker, the result function, the format and the value's name are
// each defined once.
// ONCE: c"tirc: error: %s: %s: descriptor has a negative size
// ONCE-NOT: c"tirc: error: %s: %s: descriptor has a negative size
// ONCE: define internal i32 @tirc.check.arg.f32.d.4(
// ONCE-NOT: define internal i32 @tirc.check.arg.f32.d.4(
// ONCE: c"argument #0\00"
// ONCE-NOT: c"argument #0\00"
// ONCE: define internal i32 @tirc.result.f32.2(
// ONCE-NOT: define internal i32 @tirc.check.arg.f32.d.4(
// ONCE-NOT: define internal i32 @tirc.result.f32.2(
// ONCE-NOT: c"argument #0\00"
func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tir.neg"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @g(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tir.abs"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
