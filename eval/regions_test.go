package eval_test

import (
	"strings"
	"testing"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// eval refuses an op with regions with an error at the op, not a panic.
func TestFuncRefusesRegions(t *testing.T) {
	m, d := asm.ParseString(`func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  test.graph_region {
    %0 = arith.addf %x, %x : tensor<2xf32>
  }
  return %x : tensor<2xf32>
}`, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	_, err := eval.Func(m.Funcs[0], []*eval.Tensor{eval.New(ir.F32, 2)})
	if err == nil || !strings.Contains(err.Error(), "'test.graph_region' op has regions, which eval does not run") {
		t.Fatalf("got %v", err)
	}
}
