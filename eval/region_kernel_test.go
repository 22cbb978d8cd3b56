package eval_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// eval runs linalg bodies per iteration in index order: maps permute,
// project and broadcast, constants index a dimension, outs' values start
// reductions, linalg.index reads the loops, and a fault names the linalg
// op. The wanted values are worked out by hand.
func TestRegionKernel(t *testing.T) {
	x := eval.Floats(ir.F32, []int64{2, 3}, 1, 2, 3, 4, 5, 6)
	for _, tc := range []struct {
		name, body string
		args       []*eval.Tensor
		want       []float64
		wantErr    string
	}{{
		name: "transpose plus a row broadcast",
		body: `%r = tensor.empty() : tensor<3x2xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%r : tensor<3x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<3x2xf32>`,
		args: []*eval.Tensor{x, eval.Floats(ir.F32, []int64{3}, 10, 20, 30)},
		want: []float64{11, 14, 22, 25, 33, 36},
	}, {
		name: "column sums from the outs' values, constant index 0",
		body: `%0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
      ins(%a, %b : tensor<2x3xf32>, tensor<1x3xf32>) outs(%c : tensor<3xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>`,
		args: []*eval.Tensor{x, eval.Floats(ir.F32, []int64{1, 3}, 1, 10, 100), eval.Floats(ir.F32, []int64{3}, 0.5, 0.5, 0.5)},
		want: []float64{5.5, 70.5, 900.5},
	}, {
		name: "reduce with the init first, then a map reading linalg.index",
		body: `%m = linalg.reduce { arith.maximumf } ins(%a : tensor<2x3xf32>) outs(%c : tensor<3xf32>) dimensions = [0]
  %e = tensor.empty() : tensor<3xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%v: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.subf %v, %f : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>`,
		args: []*eval.Tensor{x, eval.Floats(ir.F32, []int64{1, 3}, 0, 0, 0), eval.Floats(ir.F32, []int64{3}, 0, 9, 0)},
		want: []float64{4, 8, 4},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			rt := "tensor<3x2xf32>"
			if !strings.Contains(tc.body, "3x2") {
				rt = "tensor<3xf32>"
			}
			src := "func.func @f(%a: tensor<2x3xf32>, %b: " + ir.TypeString(tc.args[1].Type()) + ", %c: tensor<3xf32>) -> " + rt + " {\n  " + tc.body + "\n  return %0 : " + rt + "\n}\n"
			m, d := asm.ParseString(src, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("%v\n%s", d, src)
			}
			if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
				t.Fatalf("%v\n%s", ds, src)
			}
			args := tc.args
			if len(args) == 2 {
				args = append(args, eval.New(ir.F32, 3))
			}
			out, err := eval.Func(m.Funcs[0], args)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, out[0].Floats); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A division by zero in a body is a run-time error naming the linalg op.
func TestRegionKernelFault(t *testing.T) {
	m, d := asm.ParseString(`func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.map { arith.divsi } ins(%a, %b : tensor<3xi32>, tensor<3xi32>) outs(%a : tensor<3xi32>)
  return %0 : tensor<3xi32>
}`, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	_, err := eval.Func(m.Funcs[0], []*eval.Tensor{eval.Ints(ir.I32, []int64{3}, 4, 5, 6), eval.Ints(ir.I32, []int64{3}, 2, 0, 1)})
	if err == nil || !strings.Contains(err.Error(), "'linalg.map' op integer division by zero at iteration [1]") {
		t.Fatalf("got %v", err)
	}
}

// Maps that sum loops (a convolution's window): the loops' extents come
// from the dimensions read by one loop alone, the input is read at the
// sum, and a window beyond the input is a run-time error naming the
// indices read. The wanted values are the definition, summed in Go.
func TestRegionKernelLinearMaps(t *testing.T) {
	const src = `func.func @f(%x: tensor<?xi32>, %w: tensor<3xi32>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1 - 1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<?xi32>, tensor<3xi32>) outs(%o : tensor<?xi32>) {
  ^bb0(%a: i32, %b: i32, %acc: i32):
    %p = arith.muli %a, %b : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %0 : tensor<?xi32>
}`
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	x := []int64{3, -1, 4, 1, -5, 9, 2, -6, 5}
	w := []int64{2, 7, -3}
	o := []int64{1, 2, 3, 4}
	// The stride-2 window starts at 2*i - 1: index -1 for i = 0.
	_, err := eval.Func(m.Funcs[0], []*eval.Tensor{eval.Ints(ir.I32, []int64{9}, x...), eval.Ints(ir.I32, []int64{3}, w...), eval.Ints(ir.I32, []int64{4}, o...)})
	if err == nil || !strings.Contains(err.Error(), "operand #0 has size 9 in dimension 0, but its indexing map reads indices -1 to 7") {
		t.Fatalf("got %v", err)
	}
	// Starting at i = 1 (the output shifted): out[i] = o[i] + sum_j x[2i+1+j] w[j].
	const shifted = "d0 * 2 + d1 + 1"
	m, d = asm.ParseString(strings.Replace(src, "d0 * 2 + d1 - 1", shifted, 1), asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	var want []int64
	for i, acc := range o[:3] {
		for j, wj := range w {
			acc += x[2*i+1+j] * wj
		}
		want = append(want, acc)
	}
	out, err := eval.Func(m.Funcs[0], []*eval.Tensor{eval.Ints(ir.I32, []int64{9}, x...), eval.Ints(ir.I32, []int64{3}, w...), eval.Ints(ir.I32, []int64{3}, o[:3]...)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, out[0].Ints); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
