// A dynamic function specialized with -arg-shapes: written once for any
// shapes, then made fully static for the shapes a deployment uses, so the
// generated code gets the static-shape fast path.
//
//   tirc -infer-shapes -arg-shapes='@scale_shift:0=8x16,1=16,2=1' examples/specialize.mlir
func.func @scale_shift(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %shift: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = "tir.mul"(%x, %scale) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y = "tir.add"(%s, %shift) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %e = "tir.exp"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
