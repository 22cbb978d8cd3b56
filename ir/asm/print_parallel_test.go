package asm_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// A module with many functions is printed on all cores, a window of
// functions at a time; the text must be exactly what printing the
// functions one after the other gives, also for a function whose text is
// larger than the printer's buffer.
func TestParallelPrintMatchesSequential(t *testing.T) {
	var sb strings.Builder
	for f := 0; f < 150; f++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: tensor<4xf32>) -> tensor<4xf32> {\n", f)
		fmt.Fprintf(&sb, "  %%cst = arith.constant dense<%d.5> : tensor<4xf32>\n", f)
		n := 140
		if f == 70 {
			n = 2000
		}
		prev := writeChain(&sb, n, "%a", "%%v%d", "  %s = \"tir.add\"(%s, %%cst) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n")
		fmt.Fprintf(&sb, "  return %s : tensor<4xf32>\n}\n", prev)
	}
	m, perr := asm.ParseString(sb.String(), asm.ParseOptions{})
	if perr != nil {
		t.Fatal(perr)
	}
	for _, generic := range []bool{false, true} {
		var par bytes.Buffer
		asm.Print(&par, m, asm.PrintOptions{Generic: generic})
		var seq strings.Builder
		seq.WriteString(strings.Split(par.String(), "\n")[0] + "\n") // module header
		for _, f := range m.Funcs {
			one := &ir.Module{Funcs: []*ir.Func{f}}
			var b bytes.Buffer
			asm.Print(&b, one, asm.PrintOptions{Generic: generic})
			lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
			seq.WriteString(strings.Join(lines[1:len(lines)-1], "\n") + "\n")
		}
		lines := strings.Split(strings.TrimRight(par.String(), "\n"), "\n")
		seq.WriteString(lines[len(lines)-1] + "\n\n")
		if diff := cmp.Diff(seq.String(), par.String()); diff != "" {
			t.Errorf("generic=%v: parallel printing differs (-sequential +parallel):\n%s", generic, diff)
		}
	}
}

// A function with many ops is printed on all cores, a run of ops at a
// time; a module in the printer's own form must print back unchanged,
// small (printed in order) and large (in pieces, with a partial last one).
func TestParallelPrintOfOneLargeFunction(t *testing.T) {
	for _, n := range []int{10, 20*1024 + 123} {
		var sb strings.Builder
		sb.WriteString("module {\n  func.func @big(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n")
		sb.WriteString("    %cst = arith.constant dense<1.500000e+00> : tensor<4xf32>\n")
		prev := writeChain(&sb, n, "%arg0", "%%%d", "    %s = tir.add %s, %%cst : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n")
		fmt.Fprintf(&sb, "    return %s : tensor<4xf32>\n  }\n}\n\n", prev)
		m, perr := asm.ParseString(sb.String(), asm.ParseOptions{})
		if perr != nil {
			t.Fatal(perr)
		}
		var out bytes.Buffer
		asm.Print(&out, m, asm.PrintOptions{})
		if diff := cmp.Diff(sb.String(), out.String()); diff != "" {
			t.Errorf("%d ops (-input +printed):\n%s", n, diff)
		}
	}
}

// writeChain writes n ops to w, each reading the value before it (first,
// for the first op): line formats an op from its result's name (name with
// the op's index) and its operand's. It returns the last result's name.
func writeChain(w io.Writer, n int, first, name, line string) string {
	prev := first
	for i := 0; i < n; i++ {
		v := fmt.Sprintf(name, i)
		fmt.Fprintf(w, line, v, prev)
		prev = v
	}
	return prev
}
