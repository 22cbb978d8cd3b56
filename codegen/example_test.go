package codegen_test

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir/asm"
)

// Lowering a module to LLVM IR and its C header: the entry point takes
// descriptors and returns a status; the three ops are one fused loop nest
// (a fast row-major version and a strided one).
func ExampleEmit() {
	m, d := asm.ParseString(`
func.func @bias_relu(%x: tensor<?x128xf32>, %b: tensor<128xf32>) -> tensor<?x128xf32> {
  %zero = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %t = "tir.add"(%x, %b) : (tensor<?x128xf32>, tensor<128xf32>) -> tensor<?x128xf32>
  %y = "tir.max"(%t, %zero) : (tensor<?x128xf32>, tensor<f32>) -> tensor<?x128xf32>
  return %y : tensor<?x128xf32>
}`, asm.ParseOptions{})
	if d != nil {
		fmt.Println(d)
		return
	}
	opts := codegen.DefaultOptions()
	opts.TargetTriple = "x86_64-pc-linux-gnu"
	ll, ds := codegen.Emit(m, opts)
	if ds.HasErrors() {
		fmt.Println(ds)
		return
	}
	for _, line := range strings.Split(string(ll), "\n") {
		if strings.HasPrefix(line, "define") {
			fmt.Println(line[:strings.Index(line, "(")])
		}
	}
	h, _ := cabi.EmitCHeader(m)
	for _, line := range strings.Split(string(h), "\n") {
		if strings.HasPrefix(line, "int32_t") {
			fmt.Println(line)
		}
	}
	// Output:
	// define internal i32 @tirc.check.arg.f32.d.128
	// define internal i32 @tirc.check.arg.f32.128
	// define internal i8* @tirc.alloc
	// define internal i32 @tirc.result.f32.2
	// define internal i64 @bias_relu.nest1
	// define internal i64 @bias_relu.nest2.strided
	// define internal void @bias_relu.nest1.omp
	// define internal i64 @bias_relu.nest1.run
	// define internal void @bias_relu.nest2.strided.omp
	// define internal i64 @bias_relu.nest2.strided.run
	// define internal void @tirc.report.2
	// define internal void @tirc.release
	// define i32 @bias_relu
	// define weak void @tirc_free
	// int32_t bias_relu(const tirc_desc_f32_2d *x, const tirc_desc_f32_1d *b, tirc_desc_f32_2d *res0);
}
