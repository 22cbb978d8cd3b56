// Errors on integers of any width, complex, memref and scalable vector
// types, with mlir-opt-19's messages and positions (mlir-opt-19 agrees:
// builtin-mlir-opt-19.test).
// RUN: tirc -split-input-file -verify-diagnostics -allow-unregistered-dialect %s

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func private @wide(i16777216)

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func private @complex_index(complex<index>)

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func private @complex_complex(complex<complex<f32>>)

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
func.func private @vector_complex(vector<4xcomplex<f32>>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @memref_tensor(memref<4xtensor<4xf32>>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @memref_none(memref<4xnone>)

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @memref_map_rank(memref<4xf32, affine_map<(d0, d1) -> (d0)>>)

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @memref_strides_rank(memref<4x4xf32, strided<[1]>>)

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func private @scalable_zero(vector<4x[0]xf32>)

// -----

// expected-error @+1 {{invalid dimension}}
func.func private @scalable_dynamic(vector<[?]xf32>)

// -----

func.func @mix_scalable(%a: vector<[4]xi32>, %b: vector<4xi32>) {
  // expected-error @+1 {{'arith.addi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addi"(%a, %b) : (vector<[4]xi32>, vector<4xi32>) -> vector<[4]xi32>
  return
}

// -----

func.func @scalable_cast(%a: vector<[4]xi32>) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<[4]xi32> to vector<4xi64>
  return
}

// -----

func.func @scalable_const() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @wide_narrowing(%a: i128) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i128' and result type 'i65' are cast incompatible}}
  %0 = arith.extsi %a : i128 to i65
  return
}

// -----

func.func @index_cast_memref_float(%m: memref<4xindex>) {
  // expected-error @+1 {{'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'memref<4xf32>'}}
  %0 = arith.index_cast %m : memref<4xindex> to memref<4xf32>
  return
}

// -----

func.func @complex_add(%a: complex<f32>) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'complex<f32>'}}
  %0 = arith.addf %a, %a : complex<f32>
  return
}

// -----

func.func @signed_wide(%a: si128) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'si128'}}
  %0 = arith.addi %a, %a : si128
  return
}

// -----

func.func @bitcast_width(%a: i15) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i15' and result type 'f16' are cast incompatible}}
  %0 = arith.bitcast %a : i15 to f16
  return
}

// -----

func.func @unranked_layout() {
  // expected-error @+1 {{cannot have affine map for unranked memref type}}
  "test.op"() : () -> memref<*xf32, strided<[1]>>
  return
}

// -----

// tirc parses complex types but no constants of them (mlir-opt-19 refuses
// this one too: complex elements are written (re, im)).
func.func @dense_complex() {
  // expected-error @+1 {{}}
  "test.c"() {v = dense<1> : tensor<2xcomplex<f32>>} : () -> ()
  return
}

// -----

func.func @wide_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "test.c"() {a = 340282366920938463463374607431768211456 : i128} : () -> ()
  return
}

// -----

func.func @signed_wide_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "test.c"() {a = 170141183460469231731687303715884105728 : si128} : () -> ()
  return
}
