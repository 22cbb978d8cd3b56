// linalg.generic, linalg.map and linalg.reduce print as mlir-opt-19 prints
// them (affine maps inline with -mlir-print-local-scope, see
// IR/affine-map-aliases.mlir for their aliases; body
// arguments named %in, %out, %init as mlir-opt names them, see
// block-arg-names.mlir);
// the output parses back to the same text, in the custom and the generic
// form, and mlir-opt-19 reads tirc's output to the same ops.
// RUN: tirc -mlir-print-local-scope %s | FileCheck %s
// RUN: tirc %s | tirc -mlir-print-local-scope | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc -mlir-print-local-scope | FileCheck %s
// RUN: tirc -mlir-print-op-generic -mlir-print-local-scope %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x1xf32>) outs(%[[E]] : tensor<4x8xf32>) attrs =  {foo = 1 : i32} {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<4x8xf32>
// CHECK: linalg.generic {doc = "row sums", indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], library_call = "rowsum"} ins(%arg2 : tensor<8x4xf32>) outs(%arg3 : tensor<4xf32>) {
// CHECK: } -> tensor<4xf32>
// GENERIC: "linalg.generic"(%arg0, %arg1, %{{.*}}) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC: }) {foo = 1 : i32} : (tensor<4x8xf32>, tensor<8x1xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @generic(%a: tensor<4x8xf32>, %b: tensor<8x1xf32>, %c: tensor<8x4xf32>, %init: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x1xf32>) outs(%e : tensor<4x8xf32>) attrs = {foo = 1 : i32} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {iterator_types = ["parallel", "reduction"], indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], library_call = "rowsum", doc = "row sums"}
      ins(%c : tensor<8x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4xf32>
}

// Two results, a scalar input and no ins.
// CHECK-LABEL: func.func @two
// CHECK: %{{.*}}:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : f32) outs(%arg0, %arg0 : tensor<4xf32>, tensor<4xf32>) {
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK-NEXT: } -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg0 : tensor<4xf32>) {
func.func @two(%o: tensor<4xf32>, %s: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : f32) outs(%o, %o : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %p: f32, %q: f32):
    linalg.yield %x, %p : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%o : tensor<4xf32>) {
  ^bb0(%p: f32):
    linalg.yield %p : f32
  } -> tensor<4xf32>
  return %0#0, %1 : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @map_reduce
// CHECK: %mapped = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) {foo}
// CHECK-NEXT: %mapped_0 = linalg.map ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>)
// CHECK-NEXT: (%[[A:.*]]: f32) {
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[N]], %[[A]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %mapped_1 = linalg.map { arith.negf } ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>)
// CHECK-NEXT: %reduced = linalg.reduce { arith.maximumf } ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4xf32>) dimensions = [1]  {bar}
// CHECK-NEXT: %reduced_2 = linalg.reduce ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4xf32>) dimensions = [1] {{$}}
// CHECK-NEXT: (%[[I:.*]]: f32, %[[C:.*]]: f32) {
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[I]], %[[C]] : f32
// CHECK-NEXT: linalg.yield %[[D]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %reduced_3 = linalg.reduce { arith.addf } ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4xf32>) dimensions = [1] {{$}}
// GENERIC: sym_name = "map_reduce"
// GENERIC: "linalg.reduce"(%arg0, %arg2) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0(%[[I:.*]]: f32, %[[C:.*]]: f32):
// GENERIC-NEXT: "arith.maximumf"(%[[C]], %[[I]])
func.func @map_reduce(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>, %i: tensor<4xf32>) -> tensor<4x8xf32> {
  %m = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {foo}
  %m2 = linalg.map ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) (%x: f32) {
    %n = arith.negf %x : f32
    %p = arith.mulf %n, %x : f32
    linalg.yield %p : f32
  }
  %m3 = linalg.map ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) (%x: f32) {
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  %r = linalg.reduce { arith.maximumf } ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1] {bar}
  %r2 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1] (%x: f32, %y: f32) {
    %n = arith.subf %x, %y : f32
    linalg.yield %n : f32
  }
  %r3 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1] (%x: f32, %y: f32) {
    %n = arith.addf %y, %x : f32
    linalg.yield %n : f32
  }
  return %m : tensor<4x8xf32>
}

// The op's dictionary may be an attribute alias (`linalg.generic #trait`),
// as MLIR's own Linalg tests write it.
#trait_bcast = {
  indexing_maps = [affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
// CHECK-LABEL: func.func @trait_alias
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<f32>) outs(%{{.*}} : tensor<3x4xf32>)
func.func @trait_alias(%a: tensor<f32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = linalg.generic #trait_bcast ins(%a : tensor<f32>) outs(%b : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
