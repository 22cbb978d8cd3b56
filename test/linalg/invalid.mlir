// MLIR 19's verifier messages for linalg.generic, linalg.map and
// linalg.reduce (each checked against mlir-opt-19).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @nmaps(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @mapdims(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected indexing_map #1 to have 2 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0) -> (d0, d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @rank(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected operand rank (2) to match the result rank of indexing_map #1 (1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @nyield(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-error @+1 {{expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %x : f32, f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @yieldtype(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = arith.fptosi %x : f32 to i32
    // expected-error @+1 {{type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %i : i32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @nargs(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected as many non-induction variable region arguments as the number of input/output operands}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @argtype(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: i32, %o: f32):
    linalg.yield %o : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @size(%a: tensor<4x8xf32>, %e: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{inferred input/output operand #1 has shape's dimension #1 to be 8, but found 9}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x9xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %o : f32
  } -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @loops(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected indexing_map #0 to have 1 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @sum(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{inferred input/output operand #1 has shape's dimension #0 to be greater than or equal to 11, but found 4}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + d1, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @const(%a: tensor<4x1xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 4, but found 1}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 3)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @restype(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected type of operand #1 ('tensor<4x8xf32>') to match type of corresponding result ('tensor<4x8xf64>')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf64>
  return %e : tensor<4x8xf32>
}

// -----

func.func @iterator(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{custom op 'linalg.generic' unexpected iterator_type (foo)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "foo"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %o : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @noiters(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @map_arity(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 2 and 1}}
  %m = linalg.map ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) (%x: f32) { linalg.yield %x : f32 }
  return %m : tensor<4x8xf32>
}

// -----

func.func @map_type(%a: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.map' op expected element type of input 'f32' to match bbArg type 'i32'}}
  %m = linalg.map ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) (%x: i32) {
    %f = arith.sitofp %x : i32 to f32
    linalg.yield %f : f32
  }
  return %m : tensor<4x8xf32>
}

// -----

func.func @map_shape(%a: tensor<4x9xf32>, %e: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.map' op expected shape of input (4, 9) to match shape of output (4, 8)}}
  %m = linalg.map ins(%a : tensor<4x9xf32>) outs(%e : tensor<4x8xf32>) (%x: f32) { linalg.yield %x : f32 }
  return %m : tensor<4x8xf32>
}

// -----

func.func @reduce_range(%a: tensor<4x8xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4xf32>) dimensions = [2] (%x: f32, %y: f32) { linalg.yield %x : f32 }
  return %m : tensor<4xf32>
}

// -----

func.func @reduce_init(%a: tensor<4x8xf32>, %e: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<8xf32>) dimensions = [1] (%x: f32, %y: f32) { linalg.yield %x : f32 }
  return %m : tensor<8xf32>
}

// -----

func.func @reduce_rank(%a: tensor<4x8xf32>, %e: tensor<4x1xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'linalg.reduce' op number of dimensions after reduction 1 doesn't match the init rank 2}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x1xf32>) dimensions = [1] (%x: f32, %y: f32) { linalg.yield %x : f32 }
  return %m : tensor<4x1xf32>
}

// -----

func.func @reduce_args(%a: tensor<4x8xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op mismatching number of operands and block arguments}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4xf32>) dimensions = [1] (%x: f32) { linalg.yield %x : f32 }
  return %m : tensor<4xf32>
}

// -----

func.func @reduce_argtype(%a: tensor<4x8xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op input element type 'f32' does not match corresponding block argument type 'i32'}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4xf32>) dimensions = [1] (%x: i32, %y: f32) { linalg.yield %y : f32 }
  return %m : tensor<4xf32>
}

// -----

func.func @yield_outside(%a: f32) -> f32 {
  // expected-error @+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %a : f32
}

// -----

func.func @index_dim(%e: tensor<4x8xi64>) -> tensor<4x8xi64> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x8xi64>) {
  ^bb0(%o: i64):
    // expected-error @+1 {{'linalg.index' op expected dim (2) to be lower than the number of loops (2) of the enclosing LinalgOp}}
    %i = linalg.index 2 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<4x8xi64>
  return %0 : tensor<4x8xi64>
}

// -----

// A memref operand has its rank and element type, as a tensor's.
func.func @memref_rank(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand rank (2) to match the result rank of indexing_map #0 (1)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %o : f32
  }
  return
}

// -----

// The body's ops are verified before linalg.generic's own rules.
func.func @yield_before_args(%e: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%o: i32):
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %o : i32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @index_negative(%e: tensor<4xi64>) -> tensor<4xi64> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xi64>) {
  ^bb0(%o: i64):
    // expected-error @+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %i = linalg.index -2 : index
    linalg.yield %o : i64
  } -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @empty_body(%e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expects to have 1 region with 1 block}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negative_index(%a: tensor<6xf32>, %e: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (4 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @mixed(%a: tensor<4x4xf32>, %c: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op expected to have pure tensor or buffer semantics}}
  linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// -----

func.func @scalar_init(%a: tensor<4x4xf32>, %c: f32) {
  // expected-error @+1 {{'linalg.matmul' op operand #2 must be variadic of shaped of any type values, but got 'f32'}}
  linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : f32)
  return
}

// -----

func.func @no_outs(%a: tensor<4x4xf32>) {
  // expected-error @+3 {{region expects 3 args, got 2}}
  %r = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>)
         -> (tensor<4x4xf32>)
  return
}

// -----

func.func @reduce_dims_order(%a: tensor<4x8x2xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %m = linalg.reduce ins(%a : tensor<4x8x2xf32>) outs(%e : tensor<4xf32>) dimensions = [2, 1] (%x: f32, %y: f32) {
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return %m : tensor<4xf32>
}

// -----

func.func @reduce_shapes(%a: tensor<4x8xf32>, %b: tensor<5x8xf32>, %e: tensor<4xf32>, %f: tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>) {
  // expected-error @+1 {{'linalg.reduce' op expects all inputs to have the same shapes. Shape at input-index 1 is not equal to the shape at input-index 0.}}
  %m:2 = linalg.reduce ins(%a, %b : tensor<4x8xf32>, tensor<5x8xf32>) outs(%e, %f : tensor<4xf32>, tensor<5xf32>) dimensions = [1] (%x: f32, %y: f32, %z: f32, %w: f32) {
    linalg.yield %z, %w : f32, f32
  }
  return %m#0, %m#1 : tensor<4xf32>, tensor<5xf32>
}

// -----

func.func @reduce_out_type(%a: tensor<4x8xf32>, %e: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op output element type 'f64' does not match corresponding block argument type 'f32'}}
  %m = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4xf64>) dimensions = [1] (%x: f32, %y: f32) {
    linalg.yield %y : f32
  }
  // Not reported: mlir-opt-19 stops at a function's first failure.
  return %m : tensor<4xf64>
}

// -----

func.func @map_nothing() {
  // expected-error @+1 {{'linalg.map' op expected 1 or more operands, but found 0}}
  linalg.map { arith.mulf }
  return
}

// -----

func.func @transpose_nothing() {
  // expected-error @+1 {{'linalg.transpose' op expected 2 operands, but found 0}}
  linalg.transpose permutation = [0]
  return
}

// -----

func.func @broadcast_named() {
  // expected-error @+1 {{cannot name an operation with no results}}
  %b = linalg.broadcast dimensions = [0]
  return
}

// -----

func.func @undotted(%a: f32) {
  // expected-error @+1 {{custom op 'addf' is unknown (tried 'func.addf' as well)}}
  %0 = addf %a, %a : f32
  return
}
