// W10: out = x.T in TOSA (tosa.transpose through tosa-to-linalg: a
// linalg.transpose, lowered to the two plain loops).
func.func @mlir_w10(%x: tensor<8192x8192xf32>, %out: tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
    attributes {llvm.emit_c_interface} {
  %perm = "tosa.const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %t = tosa.transpose %x, %perm : (tensor<8192x8192xf32>, tensor<2xi32>) -> tensor<8192x8192xf32>
  %res = bufferization.materialize_in_destination %t in %out : (tensor<8192x8192xf32>, tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %res : tensor<8192x8192xf32>
}
