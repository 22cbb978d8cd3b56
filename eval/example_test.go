package eval_test

import (
	"fmt"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// The XLA seed's composition example: a 4-vector plus a 1x2 matrix with
// broadcast_dimensions (0) is a 4x2 matrix.
func ExampleFunc() {
	m, d := asm.ParseString(`func.func @f(%v: tensor<4xi32>, %m: tensor<1x2xi32>) -> tensor<4x2xi32> {
  %r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return %r : tensor<4x2xi32>
}`, asm.ParseOptions{})
	if d != nil {
		fmt.Println(d)
		return
	}
	v := eval.Ints(ir.I32, []int64{4}, 1, 2, 3, 4)
	w := eval.Ints(ir.I32, []int64{1, 2}, 5, 6)
	out, err := eval.Func(m.Lookup("f"), []*eval.Tensor{v, w})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out[0])
	// Output: [[6, 7], [7, 8], [8, 9], [9, 10]]
}

// Scalar is the one definition of each elementwise operation's numbers.
func ExampleScalar() {
	p := eval.Params{Elem: ir.I8, Result: ir.I8}
	sum, _ := eval.Scalar(ir.KernelAdd, p, eval.Num{Int: 127}, eval.Num{Int: 1})
	quo, _ := eval.Scalar(ir.KernelDiv, p, eval.Num{Int: -7}, eval.Num{Int: 2})
	_, err := eval.Scalar(ir.KernelDiv, p, eval.Num{Int: -128}, eval.Num{Int: -1})
	fmt.Println(sum.Int, quo.Int, err)
	// Output: -128 -3 integer division overflow (MIN / -1)
}
