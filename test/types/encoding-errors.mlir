// Encodings take part in type equality (mlir-opt-19 agrees:
// encoding-mlir-opt-19.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

// From MLIR's mlir/test/IR/traits.mlir: a result #0 with an encoding
// constrains every operand and result.
func.func @same_type_encoding(%t10 : tensor<10xf32>, %t20 : tensor<10xf32>) {
  // expected-error@+1 {{requires the same encoding for all operands and results}}
  "test.same_operand_and_result_type"(%t10, %t20) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32, "enc">
  return
}

// -----

// Without an encoding on result #0, MLIR does not compare encodings.
func.func @same_type_no_result_encoding(%t : tensor<10xf32, "a">, %u : tensor<10xf32, "b">) {
  "test.same_operand_and_result_type"(%t, %u) : (tensor<10xf32, "a">, tensor<10xf32, "b">) -> tensor<10xf32>
  return
}

// -----

func.func @different_encodings(%t : tensor<10xf32, "a">) -> tensor<10xf32, "b"> {
  // expected-error@+1 {{'arith.addf' op requires the same encoding for all operands and results}}
  %0 = "arith.addf"(%t, %t) : (tensor<10xf32, "a">, tensor<10xf32, "a">) -> tensor<10xf32, "b">
  return %0 : tensor<10xf32, "b">
}

// -----

func.func @return_type(%t : tensor<10xf32, "a">) -> tensor<10xf32> {
  // expected-error@+1 {{type of return operand 0 ('tensor<10xf32, "a">') doesn't match function result type ('tensor<10xf32>') in function @return_type}}
  return %t : tensor<10xf32, "a">
}

// -----

func.func @use_type(%t : tensor<10xf32, "a">) -> tensor<10xf32> { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'tensor<10xf32>' vs 'tensor<10xf32, "a">'}}
  return %t : tensor<10xf32>
}
