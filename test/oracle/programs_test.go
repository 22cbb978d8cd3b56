package oracle_test

import "testing"

// What each part of SPEC 3e is waiting for, by the branch building it.
const (
	pendingGeneric = "linalg.generic, linalg.map and linalg.reduce lower (branch linalg)"
	pendingNamed   = "linalg's named ops lower (branch named)"
	pendingTensor  = "the tensor ops lower (branch tensor)"
	pendingSCF     = "scf.for, scf.if and scf.while lower (branch scf)"
)

// programs are fixed functions in the styles MLIR front ends write:
// destination-passing style with tensor.empty and linalg.fill, named ops,
// reshapes and slices, loops carrying tensors.
var programs = []Func{
	{
		// arith and math on tensors: what tirc lowered before SPEC 3e,
		// and a check of the harness itself.
		Name:    "arith_on_tensors",
		Args:    []string{"tensor<3x5xf32>", "tensor<3x5xf32>", "tensor<7xi32>"},
		Results: []string{"tensor<3x5xf32>", "tensor<7xi32>"},
		Body: `  %s = arith.mulf %arg0, %arg1 : tensor<3x5xf32>
  %t = math.tanh %s : tensor<3x5xf32>
  %u = arith.subf %t, %arg0 : tensor<3x5xf32>
  %v = arith.muli %arg2, %arg2 : tensor<7xi32>
  %w = arith.maxsi %v, %arg2 : tensor<7xi32>
  return %u, %w : tensor<3x5xf32>, tensor<7xi32>`,
	},
	{
		Name:    "row_tanh_dot",
		Args:    []string{"tensor<5x7xf32>", "tensor<7xf32>"},
		Results: []string{"tensor<5xf32>"},
		Reduce:  7,
		Body: `  %e = tensor.empty() : tensor<5xf32>
  %z = arith.constant 0.0 : f32
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%arg0, %arg1 : tensor<5x7xf32>, tensor<7xf32>) outs(%i : tensor<5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %t = math.tanh %p : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>`,
	},
	{
		Name:    "softmax_rows",
		Args:    []string{"tensor<4x9xf32>"},
		Results: []string{"tensor<4x9xf32>"},
		Reduce:  9,
		Body: `  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.reduce ins(%arg0 : tensor<4x9xf32>) outs(%m0 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %v = arith.maximumf %in, %acc : f32
      linalg.yield %v : f32
    }
  %e2 = tensor.empty() : tensor<4x9xf32>
  %mb = linalg.broadcast ins(%m : tensor<4xf32>) outs(%e2 : tensor<4x9xf32>) dimensions = [1]
  %d = linalg.map { arith.subf } ins(%arg0, %mb : tensor<4x9xf32>, tensor<4x9xf32>) outs(%e2 : tensor<4x9xf32>)
  %x = linalg.map { math.exp } ins(%d : tensor<4x9xf32>) outs(%e2 : tensor<4x9xf32>)
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<4x9xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1]
  %sb = linalg.broadcast ins(%s : tensor<4xf32>) outs(%e2 : tensor<4x9xf32>) dimensions = [1]
  %r = linalg.map { arith.divf } ins(%x, %sb : tensor<4x9xf32>, tensor<4x9xf32>) outs(%e2 : tensor<4x9xf32>)
  return %r : tensor<4x9xf32>`,
	},
	{
		Name:    "matmul_bias_relu",
		Args:    []string{"tensor<6x5xf32>", "tensor<5x3xf32>", "tensor<3xf32>"},
		Results: []string{"tensor<6x3xf32>"},
		Reduce:  5,
		Body: `  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x3xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<6x3xf32>) -> tensor<6x3xf32>
  %mm = linalg.matmul ins(%arg0, %arg1 : tensor<6x5xf32>, tensor<5x3xf32>) outs(%i : tensor<6x3xf32>) -> tensor<6x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %arg2 : tensor<6x3xf32>, tensor<3xf32>) outs(%e : tensor<6x3xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<6x3xf32>
  return %r : tensor<6x3xf32>`,
	},
	{
		Name:    "batch_matmul_transpose_i32",
		Args:    []string{"tensor<2x3x4xi32>", "tensor<2x4x5xi32>"},
		Results: []string{"tensor<5x3x2xi32>"},
		Body: `  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x3x5xi32>
  %i = linalg.fill ins(%zero : i32) outs(%e : tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
  %mm = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x3x4xi32>, tensor<2x4x5xi32>) outs(%i : tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
  %e2 = tensor.empty() : tensor<5x3x2xi32>
  %t = linalg.transpose ins(%mm : tensor<2x3x5xi32>) outs(%e2 : tensor<5x3x2xi32>) permutation = [2, 1, 0]
  return %t : tensor<5x3x2xi32>`,
	},
	{
		Name:    "generic_index",
		Args:    []string{"tensor<3x4xi32>"},
		Results: []string{"tensor<3x4xi32>"},
		Body: `  %e = tensor.empty() : tensor<3x4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%arg0 : tensor<3x4xi32>) outs(%e : tensor<3x4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ij = arith.muli %i, %j : index
    %v = arith.index_cast %ij : index to i32
    %s = arith.addi %x, %v : i32
    linalg.yield %s : i32
  } -> tensor<3x4xi32>
  return %r : tensor<3x4xi32>`,
	},
	{
		Name:    "slices_and_reshapes",
		Args:    []string{"tensor<6x8xf32>", "tensor<2x3xf32>"},
		Results: []string{"tensor<3x2x8xf32>", "tensor<12xf32>"},
		Body: `  %s = tensor.extract_slice %arg0[1, 2] [4, 3] [1, 2] : tensor<6x8xf32> to tensor<4x3xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<4x3xf32> into tensor<12xf32>
  %ins = tensor.insert_slice %arg1 into %arg0[3, 1] [2, 3] [2, 1] : tensor<2x3xf32> into tensor<6x8xf32>
  %x = tensor.expand_shape %ins [[0, 1], [2]] output_shape [3, 2, 8] : tensor<6x8xf32> into tensor<3x2x8xf32>
  return %x, %c : tensor<3x2x8xf32>, tensor<12xf32>`,
	},
	{
		Name:    "extract_insert_pad",
		Args:    []string{"tensor<3x4xi32>"},
		Results: []string{"tensor<5x7xi32>"},
		Body: `  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = tensor.extract %arg0[%c1, %c2] : tensor<3x4xi32>
  %w = arith.muli %v, %v : i32
  %t = tensor.insert %w into %arg0[%c2, %c1] : tensor<3x4xi32>
  %pad = arith.constant -7 : i32
  %p = tensor.pad %t low[1, 2] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : i32
  } : tensor<3x4xi32> to tensor<5x7xi32>
  return %p : tensor<5x7xi32>`,
	},
	{
		// A pad whose value depends on the indices, then a 2-d window sum
		// (maps that sum loops) over it, then an integer row sum (a fold
		// of 16 lanes) and a float row sum of 19 rows (8 side by side).
		Name:    "pad_by_index_conv2d",
		Args:    []string{"tensor<6x30xf32>", "tensor<3x3xf32>", "tensor<19x40xi32>", "tensor<19x33xf32>"},
		Results: []string{"tensor<6x30xf32>", "tensor<19xi32>", "tensor<19xf32>"},
		Reduce:  33,
		Body: `  %p = tensor.pad %arg0 low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %n = arith.index_cast %k : index to i32
    %f = arith.sitofp %n : i32 to f32
    %h = arith.constant 0.25 : f32
    %v = arith.mulf %f, %h : f32
    tensor.yield %v : f32
  } : tensor<6x30xf32> to tensor<8x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x30xf32>
  %i0 = linalg.fill ins(%zero : f32) outs(%e : tensor<6x30xf32>) -> tensor<6x30xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %arg1 : tensor<8x32xf32>, tensor<3x3xf32>) outs(%i0 : tensor<6x30xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %m = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<6x30xf32>
  %ie = tensor.empty() : tensor<19xi32>
  %iz = arith.constant 0 : i32
  %ii = linalg.fill ins(%iz : i32) outs(%ie : tensor<19xi32>) -> tensor<19xi32>
  %is = linalg.reduce { arith.addi } ins(%arg2 : tensor<19x40xi32>) outs(%ii : tensor<19xi32>) dimensions = [1]
  %fe = tensor.empty() : tensor<19xf32>
  %fi = linalg.fill ins(%zero : f32) outs(%fe : tensor<19xf32>) -> tensor<19xf32>
  %fs = linalg.reduce { arith.addf } ins(%arg3 : tensor<19x33xf32>) outs(%fi : tensor<19xf32>) dimensions = [1]
  return %c, %is, %fs : tensor<6x30xf32>, tensor<19xi32>, tensor<19xf32>`,
	},
	{
		// Loops and branches on arith over tensors alone, so that the scf
		// lowering is checked without the linalg and tensor ops.
		Name:    "for_accumulate",
		Args:    []string{"tensor<8xi32>", "tensor<8xi32>"},
		Results: []string{"tensor<8xi32>"},
		Body: `  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %iv = %c0 to %c5 step %c1 iter_args(%t = %arg0) -> (tensor<8xi32>) {
    %u = arith.addi %t, %arg1 : tensor<8xi32>
    %v = arith.muli %u, %arg1 : tensor<8xi32>
    scf.yield %v : tensor<8xi32>
  }
  return %r : tensor<8xi32>`,
	},
	{
		Name:    "for_two_carried",
		Args:    []string{"tensor<4x3xf32>"},
		Results: []string{"tensor<4x3xf32>"},
		Body: `  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant dense<0.5> : tensor<4x3xf32>
  %r:2 = scf.for %iv = %c0 to %c3 step %c1 iter_args(%t = %arg0, %k = %half) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %u = arith.mulf %t, %k : tensor<4x3xf32>
    %w = math.tanh %u : tensor<4x3xf32>
    %k2 = arith.addf %k, %half : tensor<4x3xf32>
    scf.yield %w, %k2 : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0 : tensor<4x3xf32>`,
	},
	{
		Name:    "if_select_branch",
		Args:    []string{"tensor<4x4xf32>", "tensor<f32>"},
		Results: []string{"tensor<4x4xf32>"},
		Body: `  %x = tensor.extract %arg1[] : tensor<f32>
  %zero = arith.constant 0.0 : f32
  %pos = arith.cmpf ogt, %x, %zero : f32
  %r = scf.if %pos -> (tensor<4x4xf32>) {
    %t = arith.mulf %arg0, %arg0 : tensor<4x4xf32>
    scf.yield %t : tensor<4x4xf32>
  } else {
    %n = arith.negf %arg0 : tensor<4x4xf32>
    scf.yield %n : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>`,
	},
	{
		Name:    "while_doubling",
		Args:    []string{"tensor<6xf32>"},
		Results: []string{"tensor<6xf32>"},
		Body: `  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %r:2 = scf.while (%t = %arg0, %i = %c0) : (tensor<6xf32>, i32) -> (tensor<6xf32>, i32) {
    %go = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%go) %t, %i : tensor<6xf32>, i32
  } do {
  ^bb0(%u: tensor<6xf32>, %j: i32):
    %d = arith.addf %u, %u : tensor<6xf32>
    %k = arith.addi %j, %c1 : i32
    scf.yield %d, %k : tensor<6xf32>, i32
  }
  return %r#0 : tensor<6xf32>`,
	},
	{
		Name:    "for_map_slices",
		Args:    []string{"tensor<8xi32>", "tensor<8xi32>"},
		Results: []string{"tensor<8xi32>"},
		Body: `  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %iv = %c0 to %c4 step %c1 iter_args(%t = %arg0) -> (tensor<8xi32>) {
    %s = tensor.extract_slice %t[%iv] [4] [1] : tensor<8xi32> to tensor<4xi32>
    %b = tensor.extract_slice %arg1[0] [4] [1] : tensor<8xi32> to tensor<4xi32>
    %e = tensor.empty() : tensor<4xi32>
    %m = linalg.map { arith.addi } ins(%s, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>)
    %u = tensor.insert_slice %m into %t[%iv] [4] [1] : tensor<4xi32> into tensor<8xi32>
    scf.yield %u : tensor<8xi32>
  }
  return %r : tensor<8xi32>`,
	},
}

// TestPrograms runs the fixed programs under tirc and the oracle.
func TestPrograms(t *testing.T) {
	t.Parallel() // each test is one module per side: the two run side by side
	check(t, programs)
}
