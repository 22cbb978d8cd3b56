package asm_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// manyFuncs is a module of n functions of k ops each, large enough for
// function bodies to be parsed in parallel.
func manyFuncs(n, k int) string {
	var sb strings.Builder
	for f := 0; f < n; f++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: tensor<4x?xf32>, %%b: tensor<?xf32>) -> tensor<4x?xf32> attributes {n = %d : i64} {\n", f, f)
		prev := "%a"
		for i := 0; i < k; i++ {
			fmt.Fprintf(&sb, "  %%%d = \"tir.add\"(%s, %%b) {note = \"{%d}\"} : (tensor<4x?xf32>, tensor<?xf32>) -> tensor<4x?xf32> // }\n", i, prev, i)
			prev = fmt.Sprintf("%%%d", i)
		}
		if f%7 == 3 {
			fmt.Fprintf(&sb, "  %%r = func.call @f%d(%s, %%b) : (tensor<4x?xf32>, tensor<?xf32>) -> tensor<4x?xf32>\n", f-1, prev)
			prev = "%r"
		}
		fmt.Fprintf(&sb, "  return %s : tensor<4x?xf32>\n}\n", prev)
		if f%11 == 5 {
			fmt.Fprintf(&sb, "func.func private @decl%d(tensor<4xf32>) -> tensor<4xf32>\n", f)
		}
	}
	return sb.String()
}

// outcome is what parsing produced: the printed module or the error.
func outcome(text string, sequential bool) string {
	m, err := asm.Parse(ir.NewSource("in.mlir", []byte(text)), asm.ParseOptions{Sequential: sequential})
	if err != nil {
		return "error: " + err.Error()
	}
	return m.String()
}

// Parsing bodies in parallel gives the module, or the first error, that
// the sequential parser gives: on a valid module, on hand-made breakages
// in several places, and on random single-byte mutations.
func TestParallelParseMatchesSequential(t *testing.T) {
	base := manyFuncs(300, 20)
	if len(base) < 300<<10 {
		t.Fatalf("input of %d bytes is too small to take the parallel path", len(base))
	}
	cases := map[string]string{
		"valid":                   base,
		"error in a late body":    strings.Replace(base, `"tir.add"(%5, %b)`, `"tir.add"(%5, %zz)`, 2000),
		"undefined value at end":  base[:len(base)/2] + strings.Replace(base[len(base)/2:], "return %19", "return %99", 1),
		"bad type in a signature": strings.Replace(base, "func.func @f250(%a: tensor<4x?xf32>", "func.func @f250(%a: tensor<4x?xf33>", 1),
		"two errors":              strings.Replace(strings.Replace(base, "@f280(%a: tensor<4x?xf32>", "@f280(%a: tensor<4x?>", 1), `%3 = "tir.add"(%2, %b) {note = "{3}"}`, `%3 = "tir.add"(%2, %b) {note = 3"}`, 1),
		"unterminated body":       base[:len(base)-3],
		"alias after a body":      base + "!t = tensor<4xf32>\nfunc.func @g(%x: !t) -> !t {\n  return %x : !t\n}\n",
		"alias before bodies":     "!t = tensor<4xf32>\n" + base + "func.func @g(%x: !t) -> !t {\n  return %x : !t\n}\n",
		"module wrapper":          "module {\n" + base + "}\n",
		"location alias before":   "#l = loc(\"x.py\":1:2)\n" + strings.Replace(base, "-> tensor<4x?xf32> // }", "-> tensor<4x?xf32> loc(#l) // }", 500),
		"location alias after":    strings.Replace(base, "-> tensor<4x?xf32> // }", "-> tensor<4x?xf32> loc(#l) // }", 500) + "#l = loc(fused[\"x.py\":1:2, \"y.py\":3:4])\n",
		"undefined location":      strings.Replace(base, "-> tensor<4x?xf32> // }", "-> tensor<4x?xf32> loc(#l) // }", 500),
		"second block":            strings.Replace(base, "  return %19 : tensor<4x?xf32>\n}\nfunc.func @f200", "^bb1:\n  return %19 : tensor<4x?xf32>\n}\nfunc.func @f200", 1),
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(outcome(text, true), outcome(text, false)); diff != "" {
				t.Errorf("(-sequential +parallel):\n%s", diff)
			}
		})
	}
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("{}()<>\"%@:=,x?0123456789 \n/-^#!\\$.'`")
	for i := 0; i < 120; i++ {
		b := []byte(base)
		for j := 0; j < 1+rng.Intn(3); j++ {
			b[rng.Intn(len(b))] = alphabet[rng.Intn(len(alphabet))]
		}
		text := string(b)
		if diff := cmp.Diff(outcome(text, true), outcome(text, false)); diff != "" {
			t.Errorf("mutation %d (-sequential +parallel):\n%s", i, diff)
		}
	}
}
