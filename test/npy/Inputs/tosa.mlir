// A TOSA program as TOSA users write it (tosa.test): mlir-opt-19 prints it,
// and tirc compiles mlir-opt-19's output unchanged with -infer-shapes
// -emit-llvm; the C driver runs it on .npy files written by Inputs/tosa.py,
// which also computes NumPy's results. Equal-rank broadcasting throughout;
// ? rows where the file decides.
func.func @floats(%x: tensor<?x16xf32>, %b: tensor<1x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xi1>, tensor<?x16xi32>, tensor<?x16xi8>) {
  %sum = tosa.add %x, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %diff = tosa.sub %x, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %prod = tosa.mul %x, %b {shift = 0 : i8} : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %ax = tosa.abs %x : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %pw = tosa.pow %ax, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %hi = tosa.maximum %x, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %lo = tosa.minimum %x, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %cl = tosa.clamp %x {min_int = 0 : i64, max_int = 0 : i64, min_fp = -0.75 : f32, max_fp = 1.25 : f32} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %fl = tosa.floor %x : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %ce = tosa.ceil %x : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %ng = tosa.negate %x : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %gt = tosa.greater %x, %b : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xi1>
  %sel = tosa.select %gt, %x, %b : (tensor<?x16xi1>, tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %big = tosa.mul %x, %b {shift = 0 : i8} : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32>
  %scaled = tosa.add %big, %big : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %i = tosa.cast %scaled : (tensor<?x16xf32>) -> tensor<?x16xi32>
  %s = tosa.cast %scaled : (tensor<?x16xf32>) -> tensor<?x16xi8>
  return %sum, %diff, %prod, %pw, %hi, %lo, %cl, %fl, %ce, %ng, %sel, %gt, %i, %s : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xi1>, tensor<?x16xi32>, tensor<?x16xi8>
}

func.func @transcendental(%p: tensor<8x16xf32>, %x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = tosa.exp %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %l = tosa.log %p : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = tosa.reciprocal %p : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %q = tosa.rsqrt %p : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %sg = tosa.sigmoid %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %th = tosa.tanh %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %er = tosa.erf %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %sn = tosa.sin %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %cs = tosa.cos %x : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %pw = tosa.pow %p, %x : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %e, %l, %r, %q, %sg, %th, %er, %sn, %cs, %pw : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

func.func @ints(%i: tensor<?x16xi32>, %j: tensor<1x16xi32>, %k: tensor<?x16xi32>) -> (tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi1>, tensor<?x16xf32>) {
  %sum = tosa.add %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %prod = tosa.mul %i, %i {shift = 0 : i8} : (tensor<?x16xi32>, tensor<?x16xi32>) -> tensor<?x16xi32>
  %rprod = tosa.mul %i, %j {shift = 5 : i8} : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %quo = tosa.int_div %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %and = tosa.bitwise_and %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %or = tosa.bitwise_or %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %xor = tosa.bitwise_xor %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi32>
  %not = tosa.bitwise_not %i : (tensor<?x16xi32>) -> tensor<?x16xi32>
  %shl = tosa.logical_left_shift %i, %k : (tensor<?x16xi32>, tensor<?x16xi32>) -> tensor<?x16xi32>
  %shr = tosa.logical_right_shift %i, %k : (tensor<?x16xi32>, tensor<?x16xi32>) -> tensor<?x16xi32>
  %sra = tosa.arithmetic_right_shift %i, %k {round = true} : (tensor<?x16xi32>, tensor<?x16xi32>) -> tensor<?x16xi32>
  %clz = tosa.clz %i : (tensor<?x16xi32>) -> tensor<?x16xi32>
  %abs = tosa.abs %i : (tensor<?x16xi32>) -> tensor<?x16xi32>
  %neg = tosa.negate %i : (tensor<?x16xi32>) -> tensor<?x16xi32>
  %cl = tosa.clamp %i {min_int = -100000 : i64, max_int = 100000 : i64, min_fp = 0.0 : f32, max_fp = 0.0 : f32} : (tensor<?x16xi32>) -> tensor<?x16xi32>
  %ge = tosa.greater_equal %i, %j : (tensor<?x16xi32>, tensor<1x16xi32>) -> tensor<?x16xi1>
  %f = tosa.cast %i : (tensor<?x16xi32>) -> tensor<?x16xf32>
  return %sum, %prod, %rprod, %quo, %and, %or, %xor, %not, %shl, %shr, %sra, %clz, %abs, %neg, %cl, %ge, %f : tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xi1>, tensor<?x16xf32>
}

func.func @narrow(%a: tensor<32xi8>, %b: tensor<32xi8>, %u: tensor<32xui8>, %v: tensor<32xui8>) -> (tensor<32xi32>, tensor<32xi16>, tensor<32xui8>, tensor<32xui8>, tensor<32xi1>, tensor<32xi1>) {
  %w = tosa.mul %a, %b {shift = 3 : i8} : (tensor<32xi8>, tensor<32xi8>) -> tensor<32xi32>
  %h = tosa.mul %a, %b {shift = 0 : i8} : (tensor<32xi8>, tensor<32xi8>) -> tensor<32xi16>
  %s = tosa.add %u, %v : (tensor<32xui8>, tensor<32xui8>) -> tensor<32xui8>
  %m = tosa.maximum %u, %v : (tensor<32xui8>, tensor<32xui8>) -> tensor<32xui8>
  %g = tosa.greater %u, %v : (tensor<32xui8>, tensor<32xui8>) -> tensor<32xi1>
  %e = tosa.equal %a, %b : (tensor<32xi8>, tensor<32xi8>) -> tensor<32xi1>
  return %w, %h, %s, %m, %g, %e : tensor<32xi32>, tensor<32xi16>, tensor<32xui8>, tensor<32xui8>, tensor<32xi1>, tensor<32xi1>
}

func.func @logic(%c: tensor<6x5xi1>, %d: tensor<6x1xi1>) -> (tensor<6x5xi1>, tensor<6x5xi1>, tensor<6x5xi1>, tensor<6x5xi1>, tensor<1x5xi1>, tensor<6x1xi1>) {
  %and = tosa.logical_and %c, %d : (tensor<6x5xi1>, tensor<6x1xi1>) -> tensor<6x5xi1>
  %or = tosa.logical_or %c, %d : (tensor<6x5xi1>, tensor<6x1xi1>) -> tensor<6x5xi1>
  %xor = tosa.logical_xor %c, %d : (tensor<6x5xi1>, tensor<6x1xi1>) -> tensor<6x5xi1>
  %not = tosa.logical_not %c : (tensor<6x5xi1>) -> tensor<6x5xi1>
  %all = tosa.reduce_all %c {axis = 0 : i32} : (tensor<6x5xi1>) -> tensor<1x5xi1>
  %any = tosa.reduce_any %c {axis = 1 : i32} : (tensor<6x5xi1>) -> tensor<6x1xi1>
  return %and, %or, %xor, %not, %all, %any : tensor<6x5xi1>, tensor<6x5xi1>, tensor<6x5xi1>, tensor<6x5xi1>, tensor<1x5xi1>, tensor<6x1xi1>
}

// Reductions keep the axis as size 1, so the result broadcasts back: a
// softmax over the last axis and the column statistics; tosa.reshape drops
// the kept axis.
func.func @reductions(%x: tensor<?x16xf32>, %i: tensor<?x16xi32>) -> (tensor<?x16xf32>, tensor<1x16xf32>, tensor<1x16xf32>, tensor<?x1xf32>, tensor<1x16xi32>, tensor<?x1xi32>, tensor<16xf32>, tensor<?xi32>) {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<?x16xf32>) -> tensor<?x1xf32>
  %d = tosa.sub %x, %m : (tensor<?x16xf32>, tensor<?x1xf32>) -> tensor<?x16xf32>
  %e = tosa.exp %d : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<?x16xf32>) -> tensor<?x1xf32>
  %r = tosa.reciprocal %s : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %sm = tosa.mul %e, %r {shift = 0 : i8} : (tensor<?x16xf32>, tensor<?x1xf32>) -> tensor<?x16xf32>
  %cs = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<?x16xf32>) -> tensor<1x16xf32>
  %cmin = tosa.reduce_min %x {axis = 0 : i32} : (tensor<?x16xf32>) -> tensor<1x16xf32>
  %p = tosa.reduce_prod %x {axis = 1 : i32} : (tensor<?x16xf32>) -> tensor<?x1xf32>
  %is = tosa.reduce_sum %i {axis = 0 : i32} : (tensor<?x16xi32>) -> tensor<1x16xi32>
  %ip = tosa.reduce_prod %i {axis = 1 : i32} : (tensor<?x16xi32>) -> tensor<?x1xi32>
  %flat = tosa.reshape %cs {new_shape = array<i64: 16>} : (tensor<1x16xf32>) -> tensor<16xf32>
  %rows = tosa.reshape %ip {new_shape = array<i64: -1>} : (tensor<?x1xi32>) -> tensor<?xi32>
  return %sm, %cs, %cmin, %p, %is, %ip, %flat, %rows : tensor<?x16xf32>, tensor<1x16xf32>, tensor<1x16xf32>, tensor<?x1xf32>, tensor<1x16xi32>, tensor<?x1xi32>, tensor<16xf32>, tensor<?xi32>
}
