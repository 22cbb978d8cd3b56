// The tensor ops verify as mlir-opt-19 does, with its messages
// (mlir-opt-19-agrees.mlir runs this file through mlir-opt-19). A static
// slice out of bounds is valid, as in MLIR 19: running it is an error.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @valid(%t: tensor<8x16xf32>, %i: index) {
  %0 = tensor.extract_slice %t[6, 4] [4, 2] [1, 1] : tensor<8x16xf32> to tensor<4x2xf32>
  %1 = tensor.extract_slice %t[0, 4] [1, 1] [1, 1] : tensor<8x16xf32> to tensor<f32>
  %2 = tensor.extract_slice %t[0, 1] [1, 2] [1, 0] : tensor<8x16xf32> to tensor<2xf32>
  %3 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, %i, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  %4 = tensor.collapse_shape %t [[0], [1]] : tensor<8x16xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @empty_missing_size() {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<?x8xf32>
  return
}

// -----

func.func @empty_extra_size(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %e = tensor.empty(%i) : tensor<4x8xf32>
  return
}

// -----

func.func @extract_indices(%t: tensor<8x16xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %e = tensor.extract %t[%i] : tensor<8x16xf32>
  return
}

// -----

func.func @insert_indices(%x: f32, %t: tensor<?xf32>) {
  // expected-error@+1 {{incorrect number of indices}}
  %0 = tensor.insert %x into %t[] : tensor<?xf32>
  return
}

// -----

func.func @from_elements_count(%i: index) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 1 operands present, but expected 2}}
  %e = tensor.from_elements %i : tensor<2xindex>
  return
}

// -----

func.func @from_elements_unranked(%i: i32) {
  // expected-error@+1 {{'tensor.from_elements' invalid kind of type specified}}
  %0 = tensor.from_elements %i : tensor<*xi32>
  return
}

// -----

func.func @collapse_maps(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %e = tensor.collapse_shape %t [[0], [1]] : tensor<8x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_order(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %e = tensor.collapse_shape %t [[1, 0]] : tensor<8x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_too_many(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
  %e = tensor.collapse_shape %t [[0, 1, 2]] : tensor<8x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_elem(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<128xf32>', but got 'tensor<128xi32>'}}
  %e = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xi32>
  return
}

// -----

func.func @collapse_static(%t: tensor<2x3x2x4x5xf32>) {
  // expected-error@+1 {{expected dimension 2 of collapsed type to be static value of 40}}
  %0 = tensor.collapse_shape %t [[0], [1], [2, 3, 4]] : tensor<2x3x2x4x5xf32> into tensor<2x3x20xf32>
  return
}

// -----

func.func @collapse_to_dynamic(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 128}}
  %e = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<?xf32>
  return
}

// -----

func.func @expand_size(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 1 of collapsed type to be static value of 17}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x17xf32>
  return
}

// -----

func.func @expand_dynamic(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x?x16xf32>
  return
}

// -----

func.func @expand_mixed(%t: tensor<?x?xf32>, %n: index) {
  // expected-error@+1 {{expected dimension 1 of collapsed type to be static value of 5}}
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 4, 5] : tensor<?x?xf32> into tensor<?x4x5xf32>
  return
}

// -----

func.func @expand_elem(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed type to be 'tensor<8x16xi32>', but got 'tensor<8x16xf32>'}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xi32>
  return
}

// -----

func.func @expand_output_rank(%t: tensor<2xf32>) {
  // expected-error@+1 {{expected number of static shape dims to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1, 2]] output_shape [1, 2] : tensor<2xf32> into tensor<1x1x2xf32>
  return
}

// -----

func.func @expand_output_values(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %e = "tensor.expand_shape"(%t) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 4, 16>}> : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
  return
}

// -----

func.func @slice_rank(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 4] [4, 2] [1, 1] : tensor<8x16xf32> to tensor<4x2x1xf32>
  return
}

// -----

func.func @slice_size(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x2xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 4] [4, 2] [1, 1] : tensor<8x16xf32> to tensor<8xf32>
  return
}

// -----

func.func @slice_dynamic_size(%t: tensor<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<?x16xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [%i, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  return
}

// -----

func.func @slice_elem(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 4] [4, 2] [1, 1] : tensor<8x16xf32> to tensor<4x2xi32>
  return
}

// -----

func.func @slice_negative_offset(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[0, -1] [1, 2] [1, 1] : tensor<8x16xf32> to tensor<2xf32>
  return
}

// -----

func.func @slice_negative_size(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[0, 4] [-1, 2] [1, 1] : tensor<8x16xf32> to tensor<4x2xf32>
  return
}

// -----

func.func @slice_offsets(%t: tensor<?x?x?xf32>, %a: index, %b: index) {
  // expected-error@+1 {{expected 3 offset values}}
  %0 = tensor.extract_slice %t[0, 0] [%a, %b] [1, 1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return
}

// -----

func.func @slice_dynamic_offsets(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected 1 dynamic offset values}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 4>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 2>}> : (tensor<8x16xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @insert_slice_dest(%t: tensor<8x16xf32>, %d: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %0 = "tensor.insert_slice"(%d, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<8x16xf32>) -> tensor<8x?xf32>
  return
}

// -----

func.func @insert_slice_static(%s: tensor<4x4x4xf32>, %t: tensor<8x16x4xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<?x4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0, 0, 0][%i, 4, 4][1, 1, 1] : tensor<4x4x4xf32> into tensor<8x16x4xf32>
  return
}

// -----

func.func @insert_slice_offsets(%s: tensor<?x?xf32>, %t: tensor<?x?x?xf32>, %a: index, %b: index) {
  // expected-error@+1 {{expected 3 offset values}}
  %0 = tensor.insert_slice %s into %t[0, 0] [%a, %b] [1, 1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return
}

// -----

func.func @generate_extents(%m: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{must have as many index operands as dynamic extents in the result type}}
  %t = tensor.generate %m {
  ^bb0(%i: index, %j: index, %k: index):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_args(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_arg_type(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{all body arguments must be index}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: i64):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_yield(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{body must be terminated with a `yield` operation of the tensor element type}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    %e = arith.constant 8 : i32
    tensor.yield %e : i32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @pad_type(%t: tensor<?x2x3x4xi32>, %i: index, %v: i32) -> tensor<?x?x?x8xf32> {
  // expected-error@+1 {{specified type 'tensor<?x?x?x8xf32>' does not match the inferred type 'tensor<?x?x?x9xi32>}}
  %0 = tensor.pad %t low[1, %i, 2, 2] high[1, 2, %i, 3] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %v : i32
  } : tensor<?x2x3x4xi32> to tensor<?x?x?x8xf32>
  return %0 : tensor<?x?x?x8xf32>
}

// -----

func.func @pad_static_dynamic(%t: tensor<8x16xf32>, %v: f32) {
  // expected-error@+1 {{specified type 'tensor<11x?xf32>' does not match the inferred type 'tensor<11x21xf32>'}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  return
}

// -----

func.func @pad_lists(%t: tensor<8x16xf32>, %v: f32) {
  // expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<8x16xf32>', specified resultType is 'tensor<11x21xf32>'}}
  %0 = tensor.pad %t low[1] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<8x16xf32> to tensor<11x21xf32>
  return
}

// -----

func.func @pad_block_args(%t: tensor<?x4xi32>, %v: i32) -> tensor<?x9xi32> {
  // expected-error@+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %v : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @pad_block_arg_type(%t: tensor<?x4xi32>, %v: i32) -> tensor<?x9xi32> {
  // expected-error@+1 {{op expected block argument 1 to be an index}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: i32, %b: i32):
    tensor.yield %v : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @pad_yield_type(%t: tensor<?x4xi32>, %v: i8) -> tensor<?x9xi32> {
  // expected-error@+1 {{op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : i8
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @yield_parent(%v: f32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  "tensor.yield"(%v) : (f32) -> ()
  return
}

// -----

func.func @splat_sizes(%v: f32, %n: index) -> tensor<?x4x?xf32> {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 2}}
  %s = tensor.splat %v[%n] : tensor<?x4x?xf32>
  return %s : tensor<?x4x?xf32>
}

// -----

func.func @splat_memref(%v: f32) {
  // expected-error @+1 {{invalid kind of type specified}}
  %s = tensor.splat %v : memref<4xf32>
  return
}
