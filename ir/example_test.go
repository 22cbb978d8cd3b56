package ir_test

import (
	"fmt"
	"os"

	_ "github.com/tirc/tirc/dialect" // registers the tir, arith, func, tensor and test ops
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// Build a function with the Go API and print it in MLIR's syntax.
func ExampleNewFunc() {
	x := ir.Tensor(ir.F32, ir.Dynamic, 4)
	b := ir.Tensor(ir.F32, 4)
	f := ir.NewFunc("bias", []ir.Type{x, b}, []ir.Type{x})
	add := ir.NewOp("tir.add", []*ir.Value{f.Arg(0), f.Arg(1)}, []ir.Type{x}, nil)
	f.Append(add)
	f.Append(ir.NewOp("func.return", []*ir.Value{add.Result(0)}, nil, nil))
	m := ir.NewModule()
	m.AddFunc(f)
	if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
		ds.Render(os.Stdout)
	}
	fmt.Print(m)
	// Output:
	// module {
	//   func.func @bias(%arg0: tensor<?x4xf32>, %arg1: tensor<4xf32>) -> tensor<?x4xf32> {
	//     %0 = tir.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
	//     return %0 : tensor<?x4xf32>
	//   }
	// }
}

// Parse a module, verify it, and render every diagnostic like mlir-opt.
func ExampleVerify() {
	m, perr := asm.ParseString(`
func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  %0 = "tir.add"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`, asm.ParseOptions{})
	if perr != nil {
		perr.Render(os.Stdout)
		return
	}
	ir.Verify(m, ir.VerifyOptions{}).Render(os.Stdout)
	// Output:
	// <string>:3:8: error: 'tir.add' op operands don't have broadcast-compatible shapes
	//   %0 = "tir.add"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
	//        ^
}

// Ops built in Go have no source text: messages name the function and the
// op's index, and show the op as printed. An unknown op name is kept (for
// unregistered dialects) and fails verification.
func ExampleNewOp_diagnostics() {
	t := ir.Tensor(ir.F32, 4)
	f := ir.NewFunc("f", []ir.Type{t, ir.Tensor(ir.F32, 3)}, []ir.Type{t})
	sum := ir.NewOp("tir.maximum", []*ir.Value{f.Arg(0), f.Arg(0)}, []ir.Type{t}, nil)
	fmt.Println(sum.Def == nil)
	add := ir.NewOp("tir.add", []*ir.Value{sum.Result(0), f.Arg(1)}, []ir.Type{t}, nil)
	f.Append(sum)
	f.Append(add)
	f.Append(ir.NewOp("func.return", []*ir.Value{add.Result(0)}, nil, nil))
	m := ir.NewModule()
	m.AddFunc(f)
	ir.Verify(m, ir.VerifyOptions{}).Render(os.Stdout)
	// Output:
	// true
	// @f op #0: error: unregistered operation 'tir.maximum' found in dialect ('tir') that does not allow unknown operations
	// %0 = "tir.maximum"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
	// ^
	// @f op #0: fix-it: did you mean 'tir.max'?
	// @f op #1: error: 'tir.add' op operands don't have broadcast-compatible shapes
	// %1 = "tir.add"(%0, %arg1) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
	// ^
}
