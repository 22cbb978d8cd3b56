// W11: out = x.T + b in TOSA (b as 1x8192, TOSA's rank-equal broadcast);
// --linalg-fuse-elementwise-ops fuses the transpose into the add.
func.func @mlir_w11(%x: tensor<8192x8192xf32>, %b: tensor<1x8192xf32>, %out: tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
    attributes {llvm.emit_c_interface} {
  %perm = "tosa.const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %t = tosa.transpose %x, %perm : (tensor<8192x8192xf32>, tensor<2xi32>) -> tensor<8192x8192xf32>
  %s = tosa.add %t, %b : (tensor<8192x8192xf32>, tensor<1x8192xf32>) -> tensor<8192x8192xf32>
  %res = bufferization.materialize_in_destination %s in %out : (tensor<8192x8192xf32>, tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %res : tensor<8192x8192xf32>
}
