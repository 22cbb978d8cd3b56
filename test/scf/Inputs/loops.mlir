// Programs with scf control flow, run natively by ../native.test against
// NumPy (loops.test.py).

// x <- x * 0.5 + y, n times: the carried tensor's buffer is the body's
// one nest's (fused mul and add), no copy per iteration.
func.func @halve(%x: tensor<?x5xf32>, %y: tensor<?x5xf32>, %n: i64) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %h = arith.constant dense<0.5> : tensor<f32>
  %r = scf.for %i = %c0 to %nn step %c1 iter_args(%a = %x) -> (tensor<?x5xf32>) {
    %m = tir.mul %a, %h : (tensor<?x5xf32>, tensor<f32>) -> tensor<?x5xf32>
    %p = tir.add %m, %y : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
    scf.yield %p : tensor<?x5xf32>
  }
  return %r : tensor<?x5xf32>
}
