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

// The sum of x * i over i < n as an f64 scalar iter_arg, beside a tensor
// one (the row sums of x, accumulated n times).
func.func @accumulate(%x: tensor<4x3xf64>, %n: i64) -> (f64, tensor<4xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %z = arith.constant 0.0 : f64
  %zt = arith.constant dense<0.0> : tensor<4xf64>
  %r:2 = scf.for %i = %c0 to %nn step %c1 iter_args(%s = %z, %t = %zt) -> (f64, tensor<4xf64>) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %s1 = arith.addf %s, %fi : f64
    %rs = tir.reduce_sum %x {dims = array<i64: 1>} : (tensor<4x3xf64>) -> tensor<4xf64>
    %t1 = tir.add %t, %rs : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    scf.yield %s1, %t1 : f64, tensor<4xf64>
  }
  return %r#0, %r#1 : f64, tensor<4xf64>
}

// An if selecting between two tensor computations, by a scalar flag.
func.func @choose(%x: tensor<6xf32>, %flag: i64) -> tensor<6xf32> {
  %zero = arith.constant 0 : i64
  %c = arith.cmpi ne, %flag, %zero : i64
  %r = scf.if %c -> (tensor<6xf32>) {
    %e = tir.exp %x : (tensor<6xf32>) -> tensor<6xf32>
    %a = tir.add %e, %x : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
    scf.yield %a : tensor<6xf32>
  } else {
    %m = tir.mul %x, %x : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
    scf.yield %m : tensor<6xf32>
  } 
  return %r : tensor<6xf32>
}

// A while loop: the steps of the Collatz sequence from n to 1, and the
// largest value on the way.
func.func @collatz(%n: i64) -> (i64, i64) {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:3 = scf.while (%v = %n, %k = %zero, %m = %n) : (i64, i64, i64) -> (i64, i64, i64) {
    %go = arith.cmpi sgt, %v, %one : i64
    scf.condition(%go) %v, %k, %m : i64, i64, i64
  } do {
  ^bb0(%v: i64, %k: i64, %m: i64):
    %rem = arith.remsi %v, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divsi %v, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %v, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    }
    %k1 = arith.addi %k, %one : i64
    %m1 = arith.maxsi %m, %next : i64
    scf.yield %next, %k1, %m1 : i64, i64, i64
  }
  return %r#1, %r#2 : i64, i64
}

// Nested loops: the inner loop's carried tensor is the outer one's
// yielded value (its buffer passes on), and a swap of two carried
// tensors (each iteration's buffers change places, no copy).
func.func @nested(%x: tensor<8xf32>, %y: tensor<8xf32>, %n: i64) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %nn = arith.index_cast %n : i64 to index
  %q = arith.constant dense<0.25> : tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %nn step %c1 iter_args(%a = %x, %b = %y) -> (tensor<8xf32>, tensor<8xf32>) {
    %in = scf.for %j = %c0 to %c3 step %c1 iter_args(%u = %a) -> (tensor<8xf32>) {
      %w = tir.mul %u, %q : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %v = tir.add %w, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      scf.yield %v : tensor<8xf32>
    }
    scf.yield %b, %in : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// A while loop carrying a tensor: the before block computes t + 1 and
// passes it on (to the after block, or as the result), the after block
// halves it; k counts the trips up to n.
func.func @whilet(%x: tensor<3x2xf64>, %n: i64) -> (tensor<3x2xf64>, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c1 = arith.constant dense<1.0> : tensor<f64>
  %h = arith.constant dense<0.5> : tensor<f64>
  %r:2 = scf.while (%t = %x, %k = %zero) : (tensor<3x2xf64>, i64) -> (tensor<3x2xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    %t1 = tir.add %t, %c1 : (tensor<3x2xf64>, tensor<f64>) -> tensor<3x2xf64>
    scf.condition(%go) %t1, %k : tensor<3x2xf64>, i64
  } do {
  ^bb0(%t: tensor<3x2xf64>, %k: i64):
    %t2 = tir.mul %t, %h : (tensor<3x2xf64>, tensor<f64>) -> tensor<3x2xf64>
    %k1 = arith.addi %k, %one : i64
    scf.yield %t2, %k1 : tensor<3x2xf64>, i64
  }
  return %r#0, %r#1 : tensor<3x2xf64>, i64
}

// The same, passing the carried tensor itself on.
func.func @whilep(%x: tensor<3xf64>, %n: i64) -> tensor<3xf64> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %h = arith.constant dense<0.5> : tensor<f64>
  %r:2 = scf.while (%t = %x, %k = %zero) : (tensor<3xf64>, i64) -> (tensor<3xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    scf.condition(%go) %t, %k : tensor<3xf64>, i64
  } do {
  ^bb0(%t: tensor<3xf64>, %k: i64):
    %t2 = tir.mul %t, %h : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
    %k1 = arith.addi %k, %one : i64
    scf.yield %t2, %k1 : tensor<3xf64>, i64
  }
  return %r#0 : tensor<3xf64>
}

// A contraction in a loop body: v <- (a @ v) * 0.5 + v, n times (the
// matmul's buffer is the body's, freed each iteration; the fused
// consumer's takes over as the carried value).
func.func @power(%a: tensor<16x16xf64>, %v: tensor<16x3xf64>, %n: i64) -> tensor<16x3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %h = arith.constant dense<0.5> : tensor<f64>
  %r = scf.for %i = %c0 to %nn step %c1 iter_args(%w = %v) -> (tensor<16x3xf64>) {
    %m = tir.matmul %a, %w : (tensor<16x16xf64>, tensor<16x3xf64>) -> tensor<16x3xf64>
    %s = tir.mul %m, %h : (tensor<16x3xf64>, tensor<f64>) -> tensor<16x3xf64>
    %t = tir.add %s, %w : (tensor<16x3xf64>, tensor<16x3xf64>) -> tensor<16x3xf64>
    scf.yield %t : tensor<16x3xf64>
  }
  return %r : tensor<16x3xf64>
}

// An i32 induction variable and a step given at run time: a step that is
// not positive is an error (status 1), not an endless loop.
func.func @steps(%x: tensor<3xf32>, %s: i32) -> tensor<3xf32> {
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %r = scf.for %i = %c0 to %c9 step %s iter_args(%a = %x) -> (tensor<3xf32>) : i32 {
    %m = tir.add %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    scf.yield %m : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// A contraction before a loop read by the body's nest: the nest must not
// compute in place over the contraction's result (it runs again).
func.func @outer_mm(%a: tensor<8x8xf64>, %b: tensor<8x8xf64>, %n: i64) -> tensor<8x8xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %m = tir.matmul %a, %b : (tensor<8x8xf64>, tensor<8x8xf64>) -> tensor<8x8xf64>
  %r = scf.for %i = %c0 to %nn step %c1 iter_args(%w = %a) -> (tensor<8x8xf64>) {
    %t = tir.add %m, %w : (tensor<8x8xf64>, tensor<8x8xf64>) -> tensor<8x8xf64>
    scf.yield %t : tensor<8x8xf64>
  }
  return %r : tensor<8x8xf64>
}

// A loop's init that is a view of a buffer another result still needs:
// the loop copies it rather than taking the buffer over.
func.func @shared_init(%x: tensor<2x3xf32>, %n: i64) -> (tensor<2x3xf32>, tensor<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %u = tir.add %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = tir.reshape %u : (tensor<2x3xf32>) -> tensor<6xf32>
  %r = scf.for %i = %c0 to %nn step %c1 iter_args(%a = %v) -> (tensor<6xf32>) {
    %t = tir.add %a, %a : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
    scf.yield %t : tensor<6xf32>
  }
  return %u, %r : tensor<2x3xf32>, tensor<6xf32>
}

// A while loop passing its carried tensors on crosswise, the first one
// twice (the condition's second use of it is a copy): after the block
// gets (b, a, a) and yields (a + b, b * c, and the third unused).
func.func @whiles(%x: tensor<?xf64>, %y: tensor<?xf64>, %n: i64) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %h = arith.constant dense<0.5> : tensor<f64>
  %r:4 = scf.while (%a = %x, %b = %y, %k = %zero) : (tensor<?xf64>, tensor<?xf64>, i64) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    scf.condition(%go) %b, %a, %a, %k : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, i64
  } do {
  ^bb0(%b: tensor<?xf64>, %a: tensor<?xf64>, %c: tensor<?xf64>, %k: i64):
    %s = tir.add %a, %b : tensor<?xf64>
    %m = tir.mul %b, %c : tensor<?xf64>
    %t = tir.mul %m, %h : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
    %k1 = arith.addi %k, %one : i64
    scf.yield %s, %t, %k1 : tensor<?xf64>, tensor<?xf64>, i64
  }
  return %r#0, %r#1, %r#2 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}

// A slice at offset 0 of a buffer the body allocated, yielded (by a loop
// and by an if): the slice is a strided view of that buffer, which the
// receiver would read row-major, so it is copied, not taken over.
func.func @slice_carry(%x: tensor<2x2xf32>, %n: i64) -> tensor<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i64 to index
  %two = arith.constant dense<2.0> : tensor<f32>
  %r = scf.for %i = %c0 to %nn step %c1 iter_args(%a = %x) -> (tensor<2x2xf32>) {
    %p = tensor.pad %a low[0, 0] high[2, 2] {
    ^bb0(%i0: index, %i1: index):
      %z = arith.constant 1.0 : f32
      tensor.yield %z : f32
    } : tensor<2x2xf32> to tensor<4x4xf32>
    %q = tir.mul %p, %two : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
    %v = tensor.extract_slice %q[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    scf.yield %v : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

func.func @slice_arm(%x: tensor<2x2xf32>, %flag: i64) -> tensor<2x2xf32> {
  %zero = arith.constant 0 : i64
  %c = arith.cmpi ne, %flag, %zero : i64
  %two = arith.constant dense<2.0> : tensor<f32>
  %r = scf.if %c -> (tensor<2x2xf32>) {
    %p = tensor.pad %x low[0, 0] high[2, 2] {
    ^bb0(%i0: index, %i1: index):
      %z = arith.constant 1.0 : f32
      tensor.yield %z : f32
    } : tensor<2x2xf32> to tensor<4x4xf32>
    %q = tir.mul %p, %two : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
    %v = tensor.extract_slice %q[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    scf.yield %v : tensor<2x2xf32>
  } else {
    scf.yield %x : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}
