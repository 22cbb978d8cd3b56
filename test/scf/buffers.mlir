// The buffers of loop-carried tensors (codegen/scf.go): a static tensor
// is double-buffered (the body's nest writes into the loop's spare,
// allocated on the first iteration; the buffers swap roles at the latch,
// nothing is freed per iteration), a dynamic one takes over the buffer
// its nest allocated (the replaced one is freed). Both spare and owner
// are freed after the loop or at exit.
// RUN: tirc -emit-llvm %s | FileCheck %s

// CHECK-LABEL: define i32 @fixed(
// CHECK:       scf.for.body:
// CHECK-NOT:   call void @free
// CHECK:       scf.spare:
// CHECK-NEXT:    call i8* @tirc.alloc(i64 320,
// CHECK-NOT:   call void @free
// CHECK:         call i64 @fixed.nest
// CHECK-NOT:   call void @free
// CHECK:         br label %scf.for.header
func.func @fixed(%x: tensor<64xf32>, %y: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<64xf32>) {
    %m = tir.mul %a, %h : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
    %p = tir.add %m, %y : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %p : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// CHECK-LABEL: define i32 @dynamic(
// CHECK:       scf.for.body:
// CHECK:         call i8* @tirc.alloc(
// CHECK:         call i64 @dynamic.nest
// CHECK:         call void @free(
// CHECK-NEXT:    [[RAW:%[0-9]+]] = load i8*, i8** [[TEMP:%slot.[0-9]+]]
// CHECK-NEXT:    store i8* null, i8** [[TEMP]]
// CHECK-NEXT:    store i8* [[RAW]], i8** [[OWNER:%slot.[0-9]+]]
// CHECK:         br label %scf.for.header
func.func @dynamic(%x: tensor<?xf32>, %y: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<?xf32>) {
    %m = tir.mul %a, %h : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %p = tir.add %m, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %p : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
