// func.call, func.return and tensor.cast verify as mlir-opt-19 does
// (test/dialect/mlir-opt-19-agrees.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func private @callee(tensor<4xf32>) -> tensor<?xf32>

func.func @call_ok(%a: tensor<4xf32>) -> tensor<?xf32> {
  %0 = func.call @callee(%a) : (tensor<4xf32>) -> tensor<?xf32>
  %1 = "func.call"(%a) {callee = @callee} : (tensor<4xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----
func.func private @callee(tensor<4xf32>) -> tensor<?xf32>

func.func @call_operand_type(%a: tensor<?xf32>) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'tensor<4xf32>', but provided 'tensor<?xf32>' for operand number 0}}
  %0 = func.call @callee(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----
func.func private @callee(tensor<4xf32>) -> tensor<?xf32>

func.func @call_result_type(%a: tensor<4xf32>) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'tensor<4xf32>'}}
  // expected-note @+1 {{function result types: 'tensor<?xf32>'}}
  %0 = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func private @callee(tensor<4xf32>) -> tensor<?xf32>

func.func @call_operand_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @callee(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----
func.func @call_unknown(%a: tensor<4xf32>) {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  %0 = func.call @nowhere(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @return_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  return
}

// -----
func.func @return_type(%a: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<?xf32>') in function @return_type}}
  return %a : tensor<4xf32>
}

// -----
func.func @cast_ok(%a: tensor<4xf32>, %u: tensor<*xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<4xf32>
  %2 = tensor.cast %u : tensor<*xf32> to tensor<3x?xf32>
  %3 = tensor.cast %1 : tensor<4xf32> to tensor<*xf32>
  return %0 : tensor<?xf32>
}

// -----
func.func @cast_static_mismatch(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<5xf32>
  return
}

// -----
func.func @cast_rank_mismatch(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4x1xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<4x1xf32>
  return
}

// -----
func.func @cast_element_mismatch(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xf64>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<4xf64>
  return
}

// -----
func.func @cast_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "tensor.cast"(%v) : (vector<4xf32>) -> tensor<4xf32>
  return
}
