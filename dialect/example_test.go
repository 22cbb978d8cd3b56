package dialect_test

import (
	"fmt"
	"os"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/traits"
)

// A new op with existing traits is one table row: operands, results and
// traits. The verifier driver, -explain, shape refinement and the printer
// all pick it up from the registry.
func ExampleRegister_newOp() {
	ir.RegisterDialect("demo", false)
	err := dialect.Register(&dialect.Op{
		OpDef: ir.OpDef{
			Name:    "demo.axpy",
			Summary: "a * x + y (broadcast)",
			Traits:  []*ir.Trait{traits.Broadcastable, traits.SameOperandsElementType},
		},
		Operands: []dialect.Arg{{Name: "a", Type: dialect.FloatTensorOrVector}, {Name: "x", Type: dialect.FloatTensorOrVector}, {Name: "y", Type: dialect.FloatTensorOrVector}},
		Results:  []dialect.Arg{{Name: "r", Type: dialect.FloatTensorOrVector}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, perr := asm.ParseString(`
func.func @f(%a: tensor<f32>, %x: tensor<8x1xf32>, %y: tensor<3xf32>) -> tensor<8x4xf32> {
  %0 = "demo.axpy"(%a, %x, %y) : (tensor<f32>, tensor<8x1xf32>, tensor<3xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}`, asm.ParseOptions{})
	if perr != nil {
		perr.Render(os.Stdout)
		return
	}
	ir.Verify(m, ir.VerifyOptions{}).Render(os.Stdout)
	// Output:
	// <string>:3:8: error: 'demo.axpy' op result type '8x4' not broadcast compatible with broadcasted operands's shapes '8x3'
	//   %0 = "demo.axpy"(%a, %x, %y) : (tensor<f32>, tensor<8x1xf32>, tensor<3xf32>) -> tensor<8x4xf32>
	//        ^
	// <string>:3:8: fix-it: did you mean 'tensor<8x3xf32>'? (the inferred result type)
}

// A new trait is a value with a verifier; ops list it like any other.
// Traits may require others (here SingleResult): an op whose trait list
// breaks that is refused at registration.
func ExampleRegister_newTrait() {
	nonEmpty := &ir.Trait{
		Name:     "NonEmpty",
		Doc:      "The result has at least one element.",
		Requires: []*ir.Trait{traits.SingleResult},
		Verify: func(op *ir.Op) *ir.Diagnostic {
			shape, ranked := ir.Shape(op.Result(0).Type())
			if n, ok := ir.NumElements(shape); ranked && ok && n == 0 {
				return op.Errorf("result must not be empty")
			}
			return nil
		},
	}
	ir.RegisterDialect("demo2", false)
	err := dialect.Register(&dialect.Op{OpDef: ir.OpDef{Name: "demo2.bad", Traits: []*ir.Trait{nonEmpty}}})
	fmt.Println(err)
	err = dialect.Register(&dialect.Op{
		OpDef: ir.OpDef{
			Name:   "demo2.iota",
			Traits: []*ir.Trait{traits.SingleResult, nonEmpty},
		},
		Results: []dialect.Arg{{Name: "r", Type: dialect.AnyTensor}},
	})
	fmt.Println(err)
	m, _ := asm.ParseString(`
func.func @f() -> tensor<0xi32> {
  %0 = "demo2.iota"() : () -> tensor<0xi32>
  return %0 : tensor<0xi32>
}`, asm.ParseOptions{})
	for _, d := range ir.Verify(m, ir.VerifyOptions{}) {
		fmt.Println(d.Msg)
	}
	// Output:
	// op 'demo2.bad': trait NonEmpty requires trait SingleResult
	// <nil>
	// 'demo2.iota' op result must not be empty
}
