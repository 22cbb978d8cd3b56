// Image normalisation as vision models take their input:
//   y = (img.astype(np.float32) - mean) / std
// img is an H x W x 3 uint8 image (a .npy file of dtype uint8, read as ui8:
// a pixel of 200 is 200.0, not -56.0); mean and std hold one value per
// channel and broadcast along the last axis.
//
//   tirc -emit-llvm examples/normalize_image.mlir -o normalize_image.ll
func.func @normalize_image(%img: tensor<?x?x3xui8>, %mean: tensor<3xf32>, %std: tensor<3xf32>) -> tensor<?x?x3xf32> {
  %x = tir.convert %img : (tensor<?x?x3xui8>) -> tensor<?x?x3xf32>
  %c = tir.sub %x, %mean : (tensor<?x?x3xf32>, tensor<3xf32>) -> tensor<?x?x3xf32>
  %y = tir.div %c, %std : (tensor<?x?x3xf32>, tensor<3xf32>) -> tensor<?x?x3xf32>
  return %y : tensor<?x?x3xf32>
}
