// Verifier messages of the arith ops beyond the four basic operations, as
// mlir-opt-19 gives them (arith-mlir-opt-19.test runs this file through it).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @extf_narrows(%x: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @trunci_widens(%a: i16) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i16' and result type 'i32' are cast incompatible}}
  %0 = arith.trunci %a : i16 to i32
  return
}

// -----

func.func @extsi_index(%a: index) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : index to i64
  return
}

// -----

func.func @extsi_same_width(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op operand type 'vector<4xi32>' and result type 'vector<4xi32>' are cast incompatible}}
  %0 = "arith.extsi"(%a) : (vector<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @cast_tensor_dims(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = "arith.extsi"(%a) : (tensor<4xi32>) -> tensor<?xi64>
  return
}

// -----

func.func @cast_shapes(%a: vector<2xf16>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : vector<2xf16> to vector<3xf32>
  return
}

// -----

func.func @sitofp_to_int(%a: i32) {
  // expected-error @+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.sitofp %a : i32 to i64
  return
}

// -----

func.func @index_cast_twice(%a: index) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %a : index to index
  return
}

// -----

func.func @bitcast_width(%a: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @bitcast_index(%a: index) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %a : index to i64
  return
}

// -----

func.func @shift_types(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.shli' op requires the same type for all operands and results}}
  %0 = "arith.shli"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @divui_float(%x: f32) {
  // expected-error @+1 {{'arith.divui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.divui %x, %x : f32
  return
}

// -----

func.func @maxnumf_int(%a: i32) {
  // expected-error @+1 {{'arith.maxnumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.maxnumf %a, %a : i32
  return
}

// -----

func.func @addui_extended_carry(%a: i32) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %r:2 = arith.addui_extended %a, %a : i32, i32
  return
}

// -----

func.func @addui_extended_scalar_carry(%a: vector<8xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, i1
  return
}

// -----

func.func @mulsi_extended_types(%a: i32) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @mului_extended_results(%a: i32) {
  // expected-error @+1 {{'arith.mului_extended' op expected 2 results}}
  %0 = "arith.mului_extended"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @bind_two_results(%a: i32) {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = arith.addui_extended %a, %a : i32, i1
  return
}

// -----

func.func @negf_type(%x: f32) {
  // expected-error @+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%x) : (f32) -> f64
  return
}

// -----

// The custom forms parse as MLIR's generated parsers do: a fixed number
// of operands, then ':'.
func.func @three_operands(%a: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addf %a, %a, %a : f32
  return
}

// -----

func.func @paren_operands(%a: f32) {
  // expected-error @+1 {{expected SSA operand}}
  %0 = arith.addf(%a, %a) : f32
  return
}

// -----

func.func @no_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi %a, %a : i32
  return
}

// -----

func.func @float_predicate_on_cmpf(%a: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq,}}
  %0 = arith.cmpf sge, %a, %a : f32
  return
}

// -----

// A string is a typed attribute (of type none) in MLIR.
func.func @string_constant() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = "xyz"} : () -> i32
  return
}

// -----

// Casts keep the tensor encoding.
func.func @extf_encoding(%x: tensor<2xf32, "foo">) {
  // expected-error @+1 {{'arith.extf' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xf64, "bar">' are cast incompatible}}
  %0 = arith.extf %x : tensor<2xf32, "foo"> to tensor<2xf64, "bar">
  return
}

// -----

func.func @select_encoding(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}
