package passes_test

import (
	"fmt"
	"os"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// A pipeline in MLIR's textual syntax, run on a parsed module: the
// function is specialized to a 2x4 argument and refined, then printed.
func Example_pipeline() {
	m, d := asm.ParseString(`
func.func @f(%x: tensor<?x?xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "tir.add"(%x, %b) : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<*xf32>
  %1 = "tir.add"(%x, %b) : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = "tir.mul"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %2 : tensor<*xf32>
}`, asm.ParseOptions{})
	if d != nil {
		fmt.Println(d)
		return
	}
	pl, err := passes.ParsePipeline("builtin.module(infer-shapes{arg-shapes=@f:0=2x4},func.func(cse))")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := pl.Run(m, passes.RunOptions{Check: true})
	if res.Internal != nil || res.Diags.HasErrors() {
		fmt.Println(res.Internal, res.Diags)
		return
	}
	asm.Print(os.Stdout, m, asm.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<2x4xf32>, %arg1: tensor<4xf32>) -> tensor<2x4xf32> {
	//     %0 = tir.add %arg0, %arg1 : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
	//     %1 = tir.mul %0, %0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
	//     return %1 : tensor<2x4xf32>
	//   }
	// }
}
