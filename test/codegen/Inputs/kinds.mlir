// Inputs of kinds.test: element types, scalars, vectors, calls and the
// numbers of SPEC section 3, checked against closed forms in kinds_main.c.
func.func @vec(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = arith.addf %a, %b : vector<4xf32>
  %1 = "tir.sqrt"(%0) : (vector<4xf32>) -> vector<4xf32>
  return %1 : vector<4xf32>
}
func.func @scalars(%x: i32, %y: f64, %h: f16, %p: i1) -> (i32, f64, f16, i1) {
  %c = arith.constant 3 : i32
  %0 = arith.muli %x, %c : i32
  %1 = arith.addf %y, %y : f64
  %2 = arith.addf %h, %h : f16
  %t = arith.constant true
  %3 = arith.xori %p, %t : i1
  return %0, %1, %2, %3 : i32, f64, f16, i1
}
func.func private @twice(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = "tir.add"(%a, %a) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @calls(%a: tensor<5xf64>) -> tensor<5xf64> {
  %c = "tensor.cast"(%a) : (tensor<5xf64>) -> tensor<?xf64>
  %0 = func.call @twice(%c) : (tensor<?xf64>) -> tensor<?xf64>
  %1 = func.call @twice(%0) : (tensor<?xf64>) -> tensor<?xf64>
  %2 = "tensor.cast"(%1) : (tensor<?xf64>) -> tensor<5xf64>
  return %2 : tensor<5xf64>
}
func.func @convert(%a: tensor<6xf32>) -> (tensor<6xi8>, tensor<6xi1>, tensor<6xf16>, tensor<6xbf16>) {
  %0 = "tir.convert"(%a) : (tensor<6xf32>) -> tensor<6xi8>
  %1 = "tir.convert"(%a) : (tensor<6xf32>) -> tensor<6xi1>
  %2 = "tir.convert"(%a) : (tensor<6xf32>) -> tensor<6xf16>
  %3 = "tir.convert"(%a) : (tensor<6xf32>) -> tensor<6xbf16>
  return %0, %1, %2, %3 : tensor<6xi8>, tensor<6xi1>, tensor<6xf16>, tensor<6xbf16>
}
func.func @ints(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xindex>) {
  %0 = "tir.div"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "tir.rem"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "tir.abs"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  %3 = "tir.convert"(%a) : (tensor<4xi32>) -> tensor<4xindex>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xindex>
}
func.func @floats(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = "tir.max"(%a, %b) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %1 = "tir.min"(%a, %b) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %2 = "tir.rem"(%a, %b) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}
func.func @rank0(%a: tensor<f32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = "tir.mul"(%b, %a) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
