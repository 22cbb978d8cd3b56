// Uses a value that is not defined: tirc -verify exits with status 1.
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %b : tensor<4xf32>
}
