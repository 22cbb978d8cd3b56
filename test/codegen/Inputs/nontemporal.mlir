// Inputs of nontemporal.test: store-bound outer broadcasts (W2's shape,
// small) in f32, i8 and i1, with odd row lengths so the non-temporal
// loop has a prologue and an epilogue.
func.func @outer(%a: tensor<50x1xf32>, %b: tensor<1x37xf32>) -> tensor<50x37xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<50x1xf32>, tensor<1x37xf32>) -> tensor<50x37xf32>
  return %0 : tensor<50x37xf32>
}
func.func @outer_i8(%a: tensor<50x1xi8>, %b: tensor<1x150xi8>) -> (tensor<50x150xi8>, tensor<50x150xi1>) {
  %0 = "tir.mul"(%a, %b) : (tensor<50x1xi8>, tensor<1x150xi8>) -> tensor<50x150xi8>
  %1 = "tir.cmp"(%a, %b) {predicate = "lt"} : (tensor<50x1xi8>, tensor<1x150xi8>) -> tensor<50x150xi1>
  return %0, %1 : tensor<50x150xi8>, tensor<50x150xi1>
}
// Copy-like: W3's fused chain. Non-temporal stores by default, ordinary
// ones under -nontemporal-store-bound-only.
func.func @copy_like(%a: tensor<50x37xf32>, %b: tensor<37xf32>, %c: tensor<50x37xf32>) -> tensor<50x37xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<50x37xf32>, tensor<37xf32>) -> tensor<50x37xf32>
  %1 = "tir.mul"(%0, %c) : (tensor<50x37xf32>, tensor<50x37xf32>) -> tensor<50x37xf32>
  %z = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "tir.max"(%1, %z) : (tensor<50x37xf32>, tensor<f32>) -> tensor<50x37xf32>
  return %2 : tensor<50x37xf32>
}
// Rows of 5 are too short for 16-float vectors: ordinary stores.
func.func @short_rows(%a: tensor<200x5xf32>, %b: tensor<5xf32>) -> tensor<200x5xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<200x5xf32>, tensor<5xf32>) -> tensor<200x5xf32>
  return %0 : tensor<200x5xf32>
}
// A dynamic batch dimension: the output's size is tested at run time.
func.func @dyn_rows(%a: tensor<?x37xf32>, %b: tensor<37xf32>) -> tensor<?x37xf32> {
  %0 = "tir.mul"(%a, %b) : (tensor<?x37xf32>, tensor<37xf32>) -> tensor<?x37xf32>
  return %0 : tensor<?x37xf32>
}
// Every size dynamic: the inner strides are only known at run time, and
// the nest keeps the ordinary loop.
func.func @dyn_all(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// Row groups: the group's function fences once when a member may stream
// (group_nt's output is 4 KB), not at all when none does (group_small).
func.func @group_nt(%x: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<16x64xf32>) -> tensor<16x1xf32>
  %d = tir.sub %x, %m : (tensor<16x64xf32>, tensor<16x1xf32>) -> tensor<16x64xf32>
  return %d : tensor<16x64xf32>
}
func.func @group_small(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %d = tir.sub %x, %m : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x4xf32>
  return %d : tensor<4x4xf32>
}
