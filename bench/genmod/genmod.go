package genmod

import (
	"bufio"
	"fmt"
	"io"
)

// Options says what module Write generates.
type Options struct {
	Ops   int // ops in the module, in total (at least 1 per function)
	Funcs int // functions the ops are spread over (at least 1)
	// Dup makes every Dup-th op (Dup > 0) an exact copy of the op before
	// it, which -cse removes.
	Dup int
	// TOSA writes the module's twin in MLIR's TOSA dialect (the same DAG of
	// the same number of ops, %b as tensor<1x64xf32> since TOSA broadcasts
	// only between equal ranks), which `mlir-opt-19 --tosa-infer-shapes`
	// refines like `tirc -infer-shapes` refines the tir module.
	TOSA bool
	// MultiUse makes the DAG local: every third op takes the value two
	// ops back as its second operand, so that value has two users close
	// together (a chain whose nests do not all fuse), instead of value
	// i/2 from far back.
	MultiUse bool
	// DAG, when set, writes one function of Ops ops in that shape instead
	// (FanOut, FanIn, Diamond or ManyUse; Funcs, Dup, TOSA and MultiUse
	// are ignored).
	DAG string
}

// opNames are the broadcasting binary ops the generator cycles through;
// tosaNames are their TOSA counterparts (tosa.mul also needs its shift).
var (
	opNames   = []string{"tir.add", "tir.mul", "tir.sub", "tir.max", "tir.min"}
	tosaNames = []string{"tosa.add", "tosa.mul", "tosa.sub", "tosa.maximum", "tosa.minimum"}
)

// Write writes the module described by o to w.
func Write(w io.Writer, o Options) error {
	if o.Funcs < 1 {
		o.Funcs = 1
	}
	if o.Ops < o.Funcs {
		o.Ops = o.Funcs
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if o.DAG != "" {
		if err := writeDAG(bw, o); err != nil {
			return err
		}
		return bw.Flush()
	}
	per, extra := o.Ops/o.Funcs, o.Ops%o.Funcs
	for f := 0; f < o.Funcs; f++ {
		n := per
		if f < extra {
			n++
		}
		writeFunc(bw, f, n, o)
	}
	return bw.Flush()
}

const (
	arg     = "tensor<?x64xf32>"
	row     = "tensor<64xf32>"
	tosaRow = "tensor<1x64xf32>"
	loose   = "tensor<?x?xf32>"
)

// writeFunc writes function @f<idx> with n ops. Op i combines value i-1
// with an older value (the argument %b, %a, or value i/2; value i-2 with
// o.MultiUse), so the values form a DAG; an op that is a duplicate repeats
// op i-1's name and operands.
func writeFunc(w *bufio.Writer, idx, n int, o Options) {
	dup, tosa := o.Dup, o.TOSA
	names, rowType := opNames, row
	if tosa {
		names, rowType = tosaNames, tosaRow
	}
	fmt.Fprintf(w, "func.func @f%d(%%a: %s, %%b: %s) -> %s {\n", idx, arg, rowType, loose)
	type operand struct{ name, typ string }
	val := func(i int) operand { return operand{fmt.Sprintf("%%%d", i), loose} }
	var lastOp string
	var lastL, lastR operand
	for i := 0; i < n; i++ {
		op := names[i%len(names)]
		l := operand{"%a", arg}
		if i > 0 {
			l = val(i - 1)
		}
		var r operand
		switch i % 3 {
		case 0:
			r = operand{"%b", rowType}
		case 1:
			r = operand{"%a", arg}
		default:
			r = val(i / 2)
			if o.MultiUse {
				r = val(i - 2)
			}
		}
		if dup > 0 && i > 0 && i%dup == 0 {
			op, l, r = lastOp, lastL, lastR
		}
		attrs := ""
		if op == "tosa.mul" {
			attrs = " {shift = 0 : i8}"
		}
		fmt.Fprintf(w, "  %%%d = \"%s\"(%s, %s)%s : (%s, %s) -> %s\n", i, op, l.name, r.name, attrs, l.typ, r.typ, loose)
		lastOp, lastL, lastR = op, l, r
	}
	fmt.Fprintf(w, "  return %%%d : %s\n}\n", n-1, loose)
}
