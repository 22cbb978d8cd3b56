package asm_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// chainModule is a function of n broadcasting adds, each using the
// previous result: the shape of the compiler-speed benchmark (make bench).
func chainModule(n int) []byte { return chainModuleIn(n, `"tir.add"(%s, %%b)`) }

// chainModuleIn writes the ops in the given form (a format with the
// previous value's name as its argument).
func chainModuleIn(n int, form string) []byte {
	var sb strings.Builder
	sb.WriteString("func.func @big(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {\n")
	prev := "%a"
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "  %%%d = "+form+" : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>\n", i, prev)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&sb, "  return %s : tensor<4x8xf32>\n}\n", prev)
	return []byte(sb.String())
}

// BenchmarkParseVerifyPrint measures tirc's default job on 100k ops.
func BenchmarkParseVerifyPrint(b *testing.B) {
	src := ir.NewSource("big.mlir", chainModule(100_000))
	benchParseVerifyPrint(b, src)
}

// BenchmarkParseVerifyPrintShortForm is the same job on the same ops
// written in tir's short form, as tirc prints them.
func BenchmarkParseVerifyPrintShortForm(b *testing.B) {
	src := ir.NewSource("big.mlir", chainModuleIn(100_000, "tir.add %s, %%b"))
	benchParseVerifyPrint(b, src)
}

// BenchmarkParseVerifyPrintManyFuncs measures the same job on 2000
// functions of 50 ops, where bodies are parsed, verified and printed on
// all cores.
func BenchmarkParseVerifyPrintManyFuncs(b *testing.B) {
	var sb strings.Builder
	for f := 0; f < 2000; f++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: tensor<4x8xf32>, %%b: tensor<8xf32>) -> tensor<4x8xf32> {\n", f)
		prev := "%a"
		for i := 0; i < 50; i++ {
			fmt.Fprintf(&sb, "  %%%d = \"tir.add\"(%s, %%b) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>\n", i, prev)
			prev = fmt.Sprintf("%%%d", i)
		}
		fmt.Fprintf(&sb, "  return %s : tensor<4x8xf32>\n}\n", prev)
	}
	src := ir.NewSource("many.mlir", []byte(sb.String()))
	benchParseVerifyPrint(b, src)
}

// benchParseVerifyPrint runs tirc's default job on src b.N times.
func benchParseVerifyPrint(b *testing.B, src *ir.Source) {
	b.SetBytes(int64(len(src.Data)))
	for i := 0; i < b.N; i++ {
		m, err := asm.Parse(src, asm.ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
			b.Fatal(ds)
		}
		asm.Print(io.Discard, m, asm.PrintOptions{})
	}
}
