// MLIR's test-dialect trait ops (SPEC section 4): every Same* message,
// ElementwiseMappable's four messages, the count and ODS type-constraint
// messages, and the valid cases next to them, one op per split. The cases
// and verdicts were probed on mlir-opt-19, which still gives the same
// verdicts (test/traits/mlir-opt-19-agrees.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @same_operand_element_type_1() {
  // expected-error @+1 {{'test.same_operand_element_type' op expected 2 operands, but found 0}}
  %r = "test.same_operand_element_type"() : () -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_element_type_2() {
  // expected-error @+1 {{'test.same_operand_element_type' op requires one result}}
  "test.same_operand_element_type"() : () -> ()
  return
}
// -----
func.func @same_operand_element_type_3(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op expected 2 operands, but found 1}}
  %r = "test.same_operand_element_type"(%a0) : (f32) -> f32
  return
}
// -----
func.func @same_operand_element_type_4(%a0: f32, %a1: f32, %a2: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op expected 2 operands, but found 3}}
  %r = "test.same_operand_element_type"(%a0, %a1, %a2) : (f32, f32, f32) -> f32
  return
}
// -----
func.func @same_operand_element_type_5(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires one result}}
  "test.same_operand_element_type"(%a0, %a1) : (f32, f32) -> ()
  return
}
// -----
func.func @same_operand_element_type_6(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires one result}}
  %r:2 = "test.same_operand_element_type"(%a0, %a1) : (f32, f32) -> (f32, f32)
  return
}
// -----
func.func @same_operand_element_type_7(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires one result}}
  "test.same_operand_element_type"(%a0) : (f32) -> ()
  return
}
// -----
func.func @same_operand_element_type_8(%a0: f32, %a1: i32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires one result}}
  "test.same_operand_element_type"(%a0, %a1) : (f32, i32) -> ()
  return
}
// -----
func.func @same_operand_element_type_9(%a0: f32, %a1: i32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (f32, i32) -> f32
  return
}
// -----
func.func @same_operand_element_type_10(%a0: i32, %a1: f32) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (i32, f32) -> f32
  return
}
// -----
func.func @same_operand_element_type_11(%a0: f32, %a1: f32) {
  %r = "test.same_operand_element_type"(%a0, %a1) : (f32, f32) -> i32
  return
}
// -----
func.func @same_operand_element_type_12(%a0: tensor<1xf32>, %a1: vector<2xf32>) {
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<1xf32>, vector<2xf32>) -> i1
  return
}
// -----
func.func @same_operand_element_type_13(%a0: tensor<1xf32>, %a1: tensor<*xf32>) {
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<1xf32>, tensor<*xf32>) -> i1
  return
}
// -----
func.func @same_operand_element_type_14(%a0: tensor<4xf32>, %a1: tensor<4xf16>) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}
// -----
func.func @same_operand_element_type_15(%a0: i32, %a1: index) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (i32, index) -> i32
  return
}
// -----
func.func @same_operand_element_type_16(%a0: tensor<4xi32>, %a1: i32) {
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<4xi32>, i32) -> vector<2xf64>
  return
}
// -----
func.func @same_operand_element_type_17(%a0: f32, %a1: f32, %a2: i32) {
  // expected-error @+1 {{'test.same_operand_element_type' op expected 2 operands, but found 3}}
  %r = "test.same_operand_element_type"(%a0, %a1, %a2) : (f32, f32, i32) -> f32
  return
}
// -----
func.func @same_operand_element_type_18(%a0: tensor<4xbf16>, %a1: f16) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<4xbf16>, f16) -> f16
  return
}
// -----
func.func @same_operand_element_type_19(%a0: tensor<4xi8>, %a1: tensor<4xi16>) {
  // expected-error @+1 {{'test.same_operand_element_type' op requires the same element type for all operands}}
  %r = "test.same_operand_element_type"(%a0, %a1) : (tensor<4xi8>, tensor<4xi16>) -> i1
  return
}
// -----
func.func @same_operand_shape_20() {
  // expected-error @+1 {{'test.same_operand_shape' op expected 1 or more operands, but found 0}}
  "test.same_operand_shape"() : () -> ()
  return
}
// -----
func.func @same_operand_shape_21(%a0: tensor<1xf32>) {
  "test.same_operand_shape"(%a0) : (tensor<1xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_22(%a0: tensor<1xf32>, %a1: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires the same shape for all operands}}
  "test.same_operand_shape"(%a0, %a1) : (tensor<1xf32>, tensor<2xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_23(%a0: tensor<1xf32>, %a1: vector<1xf32>) {
  "test.same_operand_shape"(%a0, %a1) : (tensor<1xf32>, vector<1xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_24(%a0: tensor<1xf32>, %a1: tensor<1xi32>) {
  "test.same_operand_shape"(%a0, %a1) : (tensor<1xf32>, tensor<1xi32>) -> ()
  return
}
// -----
func.func @same_operand_shape_25(%a0: tensor<1xf32>, %a1: i32) {
  // expected-error @+1 {{'test.same_operand_shape' op operand #1 must be variadic of shaped of any type values, but got 'i32'}}
  "test.same_operand_shape"(%a0, %a1) : (tensor<1xf32>, i32) -> ()
  return
}
// -----
func.func @same_operand_shape_26(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_shape' op operand #0 must be variadic of shaped of any type values, but got 'i32'}}
  "test.same_operand_shape"(%a0) : (i32) -> ()
  return
}
// -----
func.func @same_operand_shape_27(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'test.same_operand_shape' op operand #0 must be variadic of shaped of any type values, but got 'f32'}}
  "test.same_operand_shape"(%a0, %a1) : (f32, f32) -> ()
  return
}
// -----
func.func @same_operand_shape_28(%a0: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires zero results}}
  %r = "test.same_operand_shape"(%a0) : (tensor<1xf32>) -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_shape_29(%a0: tensor<?xf32>, %a1: tensor<5xf32>) {
  "test.same_operand_shape"(%a0, %a1) : (tensor<?xf32>, tensor<5xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_30(%a0: tensor<2xf32>, %a1: tensor<?xf32>, %a2: tensor<3xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires the same shape for all operands}}
  "test.same_operand_shape"(%a0, %a1, %a2) : (tensor<2xf32>, tensor<?xf32>, tensor<3xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_31(%a0: tensor<*xf32>, %a1: tensor<5x5xf32>) {
  "test.same_operand_shape"(%a0, %a1) : (tensor<*xf32>, tensor<5x5xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_32(%a0: tensor<2x3xf32>, %a1: tensor<3x2xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires the same shape for all operands}}
  "test.same_operand_shape"(%a0, %a1) : (tensor<2x3xf32>, tensor<3x2xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_33(%a0: tensor<f32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires the same shape for all operands}}
  "test.same_operand_shape"(%a0, %a1) : (tensor<f32>, tensor<1xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_34(%a0: tensor<f32>, %a1: tensor<f32>) {
  "test.same_operand_shape"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> ()
  return
}
// -----
func.func @same_operand_shape_35(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_shape' op requires zero results}}
  %r = "test.same_operand_shape"(%a0) : (i32) -> i32
  return
}
// -----
func.func @same_operand_shape_36() {
  // expected-error @+1 {{'test.same_operand_shape' op requires zero results}}
  %r = "test.same_operand_shape"() : () -> i32
  return
}
// -----
func.func @same_operand_shape_37() {
  // expected-error @+1 {{'test.same_operand_shape' op requires zero results}}
  %r = "test.same_operand_shape"() : () -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_shape_38(%a0: i32, %a1: tensor<1xf32>, %a2: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op operand #0 must be variadic of shaped of any type values, but got 'i32'}}
  "test.same_operand_shape"(%a0, %a1, %a2) : (i32, tensor<1xf32>, tensor<2xf32>) -> ()
  return
}
// -----
func.func @same_operand_shape_39(%a0: tensor<1xf32>, %a1: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_shape' op requires zero results}}
  %r = "test.same_operand_shape"(%a0, %a1) : (tensor<1xf32>, tensor<2xf32>) -> i32
  return
}
// -----
func.func @same_operand_and_result_shape_40() {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op expected 1 or more operands, but found 0}}
  "test.same_operand_and_result_shape"() : () -> ()
  return
}
// -----
func.func @same_operand_and_result_shape_41() {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op expected 1 or more operands, but found 0}}
  %r = "test.same_operand_and_result_shape"() : () -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_42(%a0: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op expected 1 or more results}}
  "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> ()
  return
}
// -----
func.func @same_operand_and_result_shape_43(%a0: tensor<1xf32>) {
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_44(%a0: tensor<1xf32>) {
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> vector<1xi8>
  return
}
// -----
func.func @same_operand_and_result_shape_45(%a0: tensor<1xf32>, %a1: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r = "test.same_operand_and_result_shape"(%a0, %a1) : (tensor<1xf32>, tensor<2xf32>) -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_46(%a0: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> tensor<2xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_47(%a0: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r:2 = "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> (tensor<1xf32>, tensor<2xf32>)
  return
}
// -----
func.func @same_operand_and_result_shape_48(%a0: tensor<?xf32>, %a1: tensor<10xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r = "test.same_operand_and_result_shape"(%a0, %a1) : (tensor<?xf32>, tensor<10xf32>) -> tensor<3xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_49(%a0: tensor<?xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r:2 = "test.same_operand_and_result_shape"(%a0) : (tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return
}
// -----
func.func @same_operand_and_result_shape_50(%a0: tensor<*xf32>) {
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<*xf32>) -> tensor<3x3xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_51(%a0: tensor<*xf32>, %a1: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r = "test.same_operand_and_result_shape"(%a0, %a1) : (tensor<*xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_52(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op operand #0 must be variadic of shaped of any type values, but got 'f32'}}
  %r = "test.same_operand_and_result_shape"(%a0) : (f32) -> f32
  return
}
// -----
func.func @same_operand_and_result_shape_53(%a0: tensor<1xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op result #0 must be variadic of shaped of any type values, but got 'f32'}}
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<1xf32>) -> f32
  return
}
// -----
func.func @same_operand_and_result_shape_54(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op operand #0 must be variadic of shaped of any type values, but got 'f32'}}
  %r = "test.same_operand_and_result_shape"(%a0) : (f32) -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_and_result_shape_55(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op operand #0 must be variadic of shaped of any type values, but got 'i32'}}
  "test.same_operand_and_result_shape"(%a0) : (i32) -> ()
  return
}
// -----
func.func @same_operand_and_result_shape_56() {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op result #0 must be variadic of shaped of any type values, but got 'i32'}}
  %r = "test.same_operand_and_result_shape"() : () -> i32
  return
}
// -----
func.func @same_operand_and_result_shape_57(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op operand #0 must be variadic of shaped of any type values, but got 'f32'}}
  %r:2 = "test.same_operand_and_result_shape"(%a0) : (f32) -> (tensor<2xf32>, i32)
  return
}
// -----
func.func @same_operand_and_result_shape_58(%a0: tensor<1xf32>, %a1: tensor<2xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op result #0 must be variadic of shaped of any type values, but got 'i32'}}
  %r = "test.same_operand_and_result_shape"(%a0, %a1) : (tensor<1xf32>, tensor<2xf32>) -> i32
  return
}
// -----
func.func @same_operand_and_result_shape_59(%a0: tensor<f32>) {
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %r = "test.same_operand_and_result_shape"(%a0) : (tensor<f32>) -> tensor<1xf32>
  return
}
// -----
func.func @same_operand_and_result_type_60() {
  // expected-error @+1 {{'test.same_operand_and_result_type' op expected 1 or more operands, but found 0}}
  "test.same_operand_and_result_type"() : () -> ()
  return
}
// -----
func.func @same_operand_and_result_type_61() {
  // expected-error @+1 {{'test.same_operand_and_result_type' op expected 1 or more operands, but found 0}}
  %r = "test.same_operand_and_result_type"() : () -> f32
  return
}
// -----
func.func @same_operand_and_result_type_62(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op expected 1 or more results}}
  "test.same_operand_and_result_type"(%a0) : (f32) -> ()
  return
}
// -----
func.func @same_operand_and_result_type_63(%a0: i32) {
  %r = "test.same_operand_and_result_type"(%a0) : (i32) -> i32
  return
}
// -----
func.func @same_operand_and_result_type_64(%a0: i32, %a1: i32) {
  %r = "test.same_operand_and_result_type"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @same_operand_and_result_type_65(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (i32) -> i64
  return
}
// -----
func.func @same_operand_and_result_type_66(%a0: i64) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (i64) -> i32
  return
}
// -----
func.func @same_operand_and_result_type_67(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r:2 = "test.same_operand_and_result_type"(%a0) : (i32) -> (i32, i64)
  return
}
// -----
func.func @same_operand_and_result_type_68(%a0: tensor<10xf32>, %a1: tensor<20xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0, %a1) : (tensor<10xf32>, tensor<20xf32>) -> tensor<10xf32>
  return
}
// -----
func.func @same_operand_and_result_type_69(%a0: tensor<2xf32>, %a1: tensor<3xf32>) {
  %r = "test.same_operand_and_result_type"(%a0, %a1) : (tensor<2xf32>, tensor<3xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @same_operand_and_result_type_70(%a0: tensor<?xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r:2 = "test.same_operand_and_result_type"(%a0) : (tensor<?xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  return
}
// -----
func.func @same_operand_and_result_type_71(%a0: tensor<*xf32>) {
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<*xf32>) -> tensor<2x3xf32>
  return
}
// -----
func.func @same_operand_and_result_type_72(%a0: tensor<2x3xf32>, %a1: tensor<*xf32>) {
  %r = "test.same_operand_and_result_type"(%a0, %a1) : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @same_operand_and_result_type_73(%a0: tensor<4xf32>) {
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @same_operand_and_result_type_74(%a0: vector<4xf32>) {
  %r = "test.same_operand_and_result_type"(%a0) : (vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @same_operand_and_result_type_75(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<4xf32>) -> f32
  return
}
// -----
func.func @same_operand_and_result_type_76(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (f32) -> tensor<4xf32>
  return
}
// -----
func.func @same_operand_and_result_type_77(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<4xf32>) -> tensor<4xf16>
  return
}
// -----
func.func @same_operand_and_result_type_78(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<4xf32>) -> tensor<4x1xf32>
  return
}
// -----
func.func @same_operand_and_result_type_79(%a0: tensor<f32>) {
  // expected-error @+1 {{'test.same_operand_and_result_type' op requires the same type for all operands and results}}
  %r = "test.same_operand_and_result_type"(%a0) : (tensor<f32>) -> f32
  return
}
// -----
func.func @same_operand_and_result_element_type_80() {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op expected 1 or more operands, but found 0}}
  "test.same_operand_and_result_element_type"() : () -> ()
  return
}
// -----
func.func @same_operand_and_result_element_type_81() {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op expected 1 or more operands, but found 0}}
  %r = "test.same_operand_and_result_element_type"() : () -> f32
  return
}
// -----
func.func @same_operand_and_result_element_type_82(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op expected 1 or more results}}
  "test.same_operand_and_result_element_type"(%a0) : (f32) -> ()
  return
}
// -----
func.func @same_operand_and_result_element_type_83(%a0: f32) {
  %r = "test.same_operand_and_result_element_type"(%a0) : (f32) -> f32
  return
}
// -----
func.func @same_operand_and_result_element_type_84(%a0: f32, %a1: tensor<2xf32>) {
  %r = "test.same_operand_and_result_element_type"(%a0, %a1) : (f32, tensor<2xf32>) -> vector<3xf32>
  return
}
// -----
func.func @same_operand_and_result_element_type_85(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r = "test.same_operand_and_result_element_type"(%a0) : (f32) -> i32
  return
}
// -----
func.func @same_operand_and_result_element_type_86(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r = "test.same_operand_and_result_element_type"(%a0) : (i32) -> f32
  return
}
// -----
func.func @same_operand_and_result_element_type_87(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r:2 = "test.same_operand_and_result_element_type"(%a0) : (f32) -> (f32, i32)
  return
}
// -----
func.func @same_operand_and_result_element_type_88(%a0: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r:2 = "test.same_operand_and_result_element_type"(%a0) : (f32) -> (i32, f32)
  return
}
// -----
func.func @same_operand_and_result_element_type_89(%a0: i32, %a1: f32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r:2 = "test.same_operand_and_result_element_type"(%a0, %a1) : (i32, f32) -> (f32, i32)
  return
}
// -----
func.func @same_operand_and_result_element_type_90(%a0: tensor<2xf32>, %a1: tensor<2xf16>) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r = "test.same_operand_and_result_element_type"(%a0, %a1) : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}
// -----
func.func @same_operand_and_result_element_type_91(%a0: tensor<*xf32>, %a1: tensor<?x?xf32>) {
  %r:2 = "test.same_operand_and_result_element_type"(%a0, %a1) : (tensor<*xf32>, tensor<?x?xf32>) -> (tensor<5xf32>, f32)
  return
}
// -----
func.func @same_operand_and_result_element_type_92(%a0: i32) {
  // expected-error @+1 {{'test.same_operand_and_result_element_type' op requires the same element type for all operands and results}}
  %r = "test.same_operand_and_result_element_type"(%a0) : (i32) -> index
  return
}
// -----
func.func @same_operand_and_result_element_type_93(%a0: f32, %a1: f32, %a2: f32, %a3: f32) {
  %r:3 = "test.same_operand_and_result_element_type"(%a0, %a1, %a2, %a3) : (f32, f32, f32, f32) -> (f32, f32, f32)
  return
}
// -----
func.func @elementwise_mappable_94() {
  "test.elementwise_mappable"() : () -> ()
  return
}
// -----
func.func @elementwise_mappable_95(%a0: f32) {
  %r = "test.elementwise_mappable"(%a0) : (f32) -> f32
  return
}
// -----
func.func @elementwise_mappable_96(%a0: i32, %a1: f32) {
  %r = "test.elementwise_mappable"(%a0, %a1) : (i32, f32) -> i64
  return
}
// -----
func.func @elementwise_mappable_97() {
  %r = "test.elementwise_mappable"() : () -> f32
  return
}
// -----
func.func @elementwise_mappable_98(%a0: f32) {
  "test.elementwise_mappable"(%a0) : (f32) -> ()
  return
}
// -----
func.func @elementwise_mappable_99(%a0: tensor<4xf32>) {
  %r = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> tensor<4xi32>
  return
}
// -----
func.func @elementwise_mappable_100(%a0: tensor<4xf32>, %a1: f32) {
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_101(%a0: tensor<4xf32>, %a1: vector<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_102(%a0: vector<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_103(%a0: tensor<4xf32>, %a1: tensor<5xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_104(%a0: tensor<?xf32>, %a1: tensor<5xf32>) {
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}
// -----
func.func @elementwise_mappable_105(%a0: tensor<2xf32>, %a1: tensor<?xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<2xf32>, tensor<?xf32>) -> tensor<3xf32>
  return
}
// -----
func.func @elementwise_mappable_106(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "test.elementwise_mappable"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @elementwise_mappable_107(%a0: tensor<*xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (tensor<*xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_108(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @elementwise_mappable_109(%a0: vector<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (vector<4xf32>) -> vector<4x1xf32>
  return
}
// -----
func.func @elementwise_mappable_110(%a0: f32) {
  // expected-error @+1 {{'test.elementwise_mappable' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %r = "test.elementwise_mappable"(%a0) : (f32) -> tensor<f32>
  return
}
// -----
func.func @elementwise_mappable_111(%a0: tensor<f32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %r = "test.elementwise_mappable"(%a0) : (tensor<f32>) -> f32
  return
}
// -----
func.func @elementwise_mappable_112(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> (f32, tensor<4xf32>)
  return
}
// -----
func.func @elementwise_mappable_113(%a0: vector<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  "test.elementwise_mappable"(%a0) : (vector<4xf32>) -> ()
  return
}
// -----
func.func @elementwise_mappable_114() {
  // expected-error @+1 {{'test.elementwise_mappable' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %r = "test.elementwise_mappable"() : () -> tensor<4xf32>
  return
}
// -----
func.func @elementwise_mappable_115(%a0: tensor<2x3xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}
// -----
func.func @elementwise_mappable_116(%a0: tensor<?x3xf32>) {
  %r = "test.elementwise_mappable"(%a0) : (tensor<?x3xf32>) -> tensor<2x?xf32>
  return
}
// -----
func.func @elementwise_mappable_117(%a0: tensor<f32>) {
  %r = "test.elementwise_mappable"(%a0) : (tensor<f32>) -> tensor<f32>
  return
}
// -----
func.func @elementwise_mappable_118(%a0: tensor<f32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r = "test.elementwise_mappable"(%a0) : (tensor<f32>) -> tensor<1xf32>
  return
}
// -----
func.func @elementwise_mappable_119(%a0: tensor<4xf32>) {
  %r:2 = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>)
  return
}
// -----
func.func @elementwise_mappable_120(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<5xi1>)
  return
}
// -----
func.func @elementwise_mappable_121(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'test.elementwise_mappable' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = "test.elementwise_mappable"(%a0) : (tensor<4xf32>) -> (vector<4xf32>, f32)
  return
}
// -----
func.func @op_commutative_122() {
  // expected-error @+1 {{'test.op_commutative' op requires one result}}
  "test.op_commutative"() : () -> ()
  return
}
// -----
func.func @op_commutative_123() {
  // expected-error @+1 {{'test.op_commutative' op expected 4 operands, but found 0}}
  %r = "test.op_commutative"() : () -> i32
  return
}
// -----
func.func @op_commutative_124(%a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_125(%a0: i32, %a1: i32, %a2: i32) {
  // expected-error @+1 {{'test.op_commutative' op expected 4 operands, but found 3}}
  %r = "test.op_commutative"(%a0, %a1, %a2) : (i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_126(%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32) {
  // expected-error @+1 {{'test.op_commutative' op expected 4 operands, but found 5}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3, %a4) : (i32, i32, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_127(%a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op requires one result}}
  "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i32) -> ()
  return
}
// -----
func.func @op_commutative_128(%a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op requires one result}}
  %r:2 = "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i32) -> (i32, i32)
  return
}
// -----
func.func @op_commutative_129(%a0: f32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'f32'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (f32, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_130(%a0: i32, %a1: i32, %a2: i32, %a3: i64) {
  // expected-error @+1 {{'test.op_commutative' op operand #3 must be 32-bit signless integer, but got 'i64'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i64) -> i32
  return
}
// -----
func.func @op_commutative_131(%a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i32) -> i64
  return
}
// -----
func.func @op_commutative_132(%a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op result #0 must be 32-bit signless integer, but got 'tensor<i32>'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (i32, i32, i32, i32) -> tensor<i32>
  return
}
// -----
func.func @op_commutative_133(%a0: tensor<i32>, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'tensor<i32>'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (tensor<i32>, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_134(%a0: vector<1xi32>, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'vector<1xi32>'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (vector<1xi32>, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_135(%a0: index, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'index'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (index, i32, i32, i32) -> i32
  return
}
// -----
func.func @op_commutative_136(%a0: f32, %a1: f32, %a2: f32, %a3: f32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'f32'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (f32, f32, f32, f32) -> f32
  return
}
// -----
func.func @op_commutative_137(%a0: f32, %a1: i32, %a2: i32) {
  // expected-error @+1 {{'test.op_commutative' op requires one result}}
  "test.op_commutative"(%a0, %a1, %a2) : (f32, i32, i32) -> ()
  return
}
// -----
func.func @op_commutative_138(%a0: f32, %a1: i32, %a2: i32, %a3: i32) {
  // expected-error @+1 {{'test.op_commutative' op operand #0 must be 32-bit signless integer, but got 'f32'}}
  %r = "test.op_commutative"(%a0, %a1, %a2, %a3) : (f32, i32, i32, i32) -> f32
  return
}
