package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
)

// A random contraction: the op's text, its operands, NumPy's expression
// for the exact result (in float64 or int64, from the same data) and the
// number of terms each result element sums.
type contractCase struct {
	src  string
	args []*Tensor
	py   string // uses a0, a1, ... for the operands
	k    int64
}

// TestContractionsAgainstNumPy evaluates random tir.matmul (batch
// broadcasting, rank-1 promotion), tir.dot_general (i8 -> i32, f16 ->
// f32), tir.einsum (1-3 operands, size-1 broadcasting, repeated and
// summed subscripts) and tosa.matmul (zero points) and compares each
// result with NumPy's on the same data: integers exactly (wrapped in the
// result type), floats within the bound of summation in the accumulator
// type, |err| <= (k+1) u_acc sum|a*b| + u_result |exact|, against the
// exact result computed in float64 from the same elements.
func TestContractionsAgainstNumPy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(36, 1))
	gens := []func(*rand.Rand) contractCase{genMatmul, genDotGeneral, genEinsum, genTosaMatMul}
	var cases []contractCase
	var outs []*Tensor
	var py strings.Builder
	py.WriteString(numpyPrelude)
	for n := range 240 {
		c := gens[n%len(gens)](rng)
		f := parseFunc(t, c.src)
		out, err := Func(f, c.args)
		if err != nil {
			t.Fatalf("eval: %v\n%s", err, c.src)
		}
		cases, outs = append(cases, c), append(outs, out[0])
		fmt.Fprintf(&py, "def case():\n")
		for i, a := range c.args {
			wide := "np.int64"
			if a.Elem.IsFloat() {
				wide = "np.float64"
			}
			fmt.Fprintf(&py, "    a%d = %s.astype(%s)\n", i, pyArray(a), wide)
		}
		fmt.Fprintf(&py, "    r = %s\n", c.py)
		fmt.Fprintf(&py, "    if r.dtype.kind != 'f': return show(r) + ' 0'\n")
		py.WriteString("    return show(r) + ' ' + show(" + absExpr(c.py) + ")\n")
		py.WriteString("print(case())\n")
	}
	lines := runPython(t, python, py.String(), len(cases))
	for i, c := range cases {
		exact, abs, _ := strings.Cut(lines[i], " ")
		if msg := contractMismatch(outs[i], exact, abs, c.k); msg != "" {
			t.Errorf("%s\n%s\nargs %v", msg, c.src, c.args)
		}
	}
}

// absExpr is expr over the operands' absolute values.
func absExpr(expr string) string {
	for i := range 4 {
		expr = strings.ReplaceAll(expr, fmt.Sprintf("a%d", i), fmt.Sprintf("abs(a%d)", i))
	}
	return expr
}

// contractMismatch compares got with NumPy's exact result: integers
// exactly (wrapped), floats within the summation bound.
func contractMismatch(got *Tensor, exact, abs string, k int64) string {
	if !got.Elem.IsFloat() {
		return mismatch(got, exact, nil)
	}
	ef, af := strings.Split(exact, "|"), strings.Split(abs, "|")
	if msg := mismatch(got, exact, func(float64, float64) bool { return true }); msg != "" {
		return msg
	}
	uAcc := epsOf(ir.AccumulatorType(got.Elem)) / 2
	uRes := epsOf(got.Elem) / 2
	// half the spacing of the result type's subnormals (f16's are coarse)
	tiny := map[ir.ScalarKind]float64{ir.KindF16: 0x1p-25, ir.KindF32: 0x1p-150}[got.Elem.Kind]
	for j := range got.Len() {
		w, _ := strconv.ParseFloat(ef[j+1], 64)
		a, _ := strconv.ParseFloat(af[j+1], 64)
		if g := got.Floats[j]; math.Abs(g-w) > float64(k+1)*uAcc*a+uRes*math.Abs(w)+tiny {
			return fmt.Sprintf("element %d: eval %v, exact %v (sum |a*b| %v, %d terms)", j, g, w, a, k)
		}
	}
	return ""
}

var contractElems = []*ir.Scalar{ir.F32, ir.F64, ir.F16, ir.I8, ir.I32, ir.UI8}

// randTensor fills a tensor with small random values (integers wrapping
// now and then, floats with a spread of exponents).
func randTensor(rng *rand.Rand, e *ir.Scalar, shape []int64) *Tensor {
	x := New(e, shape...)
	for i := range x.Len() {
		if e.IsFloat() {
			x.Floats[i] = Round(math.Ldexp(rng.Float64()*2-1, rng.IntN(6)-2), e)
		} else {
			x.Ints[i] = ir.WrapInt(int64(rng.IntN(256)-128), e)
		}
	}
	return x
}

func tensorT(e *ir.Scalar, shape []int64) string { return ir.TypeString(ir.Tensor(e, shape...)) }

// contractFunc is a function applying one contraction to its arguments,
// with an unranked result (eval works out the shape).
func contractFunc(op, attrs string, args []*Tensor, res *ir.Scalar) string {
	var params, names, types []string
	for i, a := range args {
		params = append(params, fmt.Sprintf("%%a%d: %s", i, tensorT(a.Elem, a.Shape)))
		names = append(names, fmt.Sprintf("%%a%d", i))
		types = append(types, tensorT(a.Elem, a.Shape))
	}
	rt := "tensor<*x" + res.String() + ">"
	return fmt.Sprintf("func.func @f(%s) -> %s {\n  %%r = %s %s %s: (%s) -> %s\n  return %%r : %s\n}\n",
		strings.Join(params, ", "), rt, op, strings.Join(names, ", "), attrs, strings.Join(types, ", "), rt, rt)
}

func genMatmul(rng *rand.Rand) contractCase {
	e := contractElems[rng.IntN(len(contractElems))]
	m, n, k := int64(1+rng.IntN(4)), int64(1+rng.IntN(4)), int64(rng.IntN(6))
	batch := []int64{int64(1 + rng.IntN(3)), int64(1 + rng.IntN(3))}
	side := func(core []int64) []int64 {
		nb := rng.IntN(3)
		s := []int64{}
		for j := 2 - nb; j < 2; j++ {
			d := batch[j]
			if rng.IntN(3) == 0 {
				d = 1 // broadcast
			}
			s = append(s, d)
		}
		return append(s, core...)
	}
	a, b := side([]int64{m, k}), side([]int64{k, n})
	if rng.IntN(4) == 0 {
		a = []int64{k}
	}
	if rng.IntN(4) == 0 {
		b = []int64{k}
	}
	args := []*Tensor{randTensor(rng, e, a), randTensor(rng, e, b)}
	return contractCase{src: contractFunc("tir.matmul", "", args, e), args: args, py: "np.matmul(a0, a1)", k: k}
}

// letters names the loops of generated equations.
const letters = "abcdefghij"

func genDotGeneral(rng *rand.Rand) contractCase {
	in := contractElems[rng.IntN(len(contractElems))]
	out := in
	switch {
	case in == ir.I8 && rng.IntN(2) == 0:
		out = ir.I32
	case in == ir.F16 && rng.IntN(2) == 0:
		out = ir.F32
	}
	nb, nc, fl, fr := rng.IntN(3), rng.IntN(3), rng.IntN(3), rng.IntN(3)
	sizes := make([]int64, nb+nc+fl+fr)
	for i := range sizes {
		sizes[i] = int64(1 + rng.IntN(3))
	}
	// loops: batch, lhs free, rhs free, contracting (as dot_general's result)
	lhsLoops := append(append(seq(0, nb), seq(nb, nb+fl)...), seq(nb+fl+fr, nb+fl+fr+nc)...)
	rhsLoops := append(append(seq(0, nb), seq(nb+fl, nb+fl+fr)...), seq(nb+fl+fr, nb+fl+fr+nc)...)
	rng.Shuffle(len(lhsLoops), func(i, j int) { lhsLoops[i], lhsLoops[j] = lhsLoops[j], lhsLoops[i] })
	// free dims keep their order (they order the result)
	fixFree(lhsLoops, nb, nb+fl)
	rng.Shuffle(len(rhsLoops), func(i, j int) { rhsLoops[i], rhsLoops[j] = rhsLoops[j], rhsLoops[i] })
	fixFree(rhsLoops, nb+fl, nb+fl+fr)
	dimsOf := func(loops []int, lo, hi int) []int64 {
		out := make([]int64, hi-lo)
		for j, l := range loops {
			if l >= lo && l < hi {
				out[l-lo] = int64(j)
			}
		}
		return out
	}
	shapeOf := func(loops []int) []int64 {
		s := make([]int64, len(loops))
		for j, l := range loops {
			s[j] = sizes[l]
		}
		return s
	}
	attrs := fmt.Sprintf("{lhs_batching_dimensions = %s, rhs_batching_dimensions = %s, lhs_contracting_dimensions = %s, rhs_contracting_dimensions = %s} ",
		ir.I64Array(dimsOf(lhsLoops, 0, nb)...), ir.I64Array(dimsOf(rhsLoops, 0, nb)...),
		ir.I64Array(dimsOf(lhsLoops, nb+fl+fr, nb+fl+fr+nc)...), ir.I64Array(dimsOf(rhsLoops, nb+fl+fr, nb+fl+fr+nc)...))
	args := []*Tensor{randTensor(rng, in, shapeOf(lhsLoops)), randTensor(rng, in, shapeOf(rhsLoops))}
	k := int64(1)
	for _, s := range sizes[nb+fl+fr:] {
		k *= s
	}
	eq := fmt.Sprintf("%s,%s->%s", sub(lhsLoops), sub(rhsLoops), letters[:nb+fl+fr])
	return contractCase{src: contractFunc("tir.dot_general", attrs, args, out), args: args, py: fmt.Sprintf("np.einsum(%q, a0, a1)", eq), k: k}
}

func seq(lo, hi int) []int {
	var s []int
	for i := lo; i < hi; i++ {
		s = append(s, i)
	}
	return s
}

// fixFree puts the loops in [lo, hi) back in increasing order where they
// stand.
func fixFree(loops []int, lo, hi int) {
	next := lo
	for j, l := range loops {
		if l >= lo && l < hi {
			loops[j] = next
			next++
		}
	}
}

func sub(loops []int) string {
	var b strings.Builder
	for _, l := range loops {
		b.WriteByte(letters[l])
	}
	return b.String()
}

func genEinsum(rng *rand.Rand) contractCase {
	e := contractElems[rng.IntN(len(contractElems))]
	nl := 1 + rng.IntN(4)
	sizes := make([]int64, nl)
	for i := range sizes {
		sizes[i] = int64(1 + rng.IntN(3))
	}
	nops := 1 + rng.IntN(3)
	var subs []string
	var args []*Tensor
	used := map[byte]bool{}
	for range nops {
		r := rng.IntN(4)
		var s []byte
		var shape []int64
		for range r {
			l := rng.IntN(nl)
			s = append(s, letters[l])
			used[letters[l]] = true
			d := sizes[l]
			if rng.IntN(5) == 0 {
				d = 1 // broadcasts against its subscript
			}
			shape = append(shape, d)
		}
		for j, c := range s { // a diagonal's dims are equal (NumPy)
			if strings.Count(string(s), string(c)) > 1 {
				shape[j] = sizes[strings.IndexByte(letters, c)]
			}
		}
		subs = append(subs, string(s))
		args = append(args, randTensor(rng, e, shape))
	}
	var outL []byte
	for i := range nl {
		if used[letters[i]] && rng.IntN(2) == 0 {
			outL = append(outL, letters[i])
		}
	}
	rng.Shuffle(len(outL), func(i, j int) { outL[i], outL[j] = outL[j], outL[i] })
	eq := strings.Join(subs, ",") + "->" + string(outL)
	k := int64(1)
	for i := range nl {
		if used[letters[i]] && !strings.ContainsRune(string(outL), rune(letters[i])) {
			k *= sizes[i]
		}
	}
	names := make([]string, nops)
	for i := range names {
		names[i] = fmt.Sprintf("a%d", i)
	}
	py := fmt.Sprintf("np.asarray(np.einsum(%q, %s))", eq, strings.Join(names, ", "))
	if nops > 2 {
		k *= 2 // the product of three operands rounds once more in float64
	}
	return contractCase{src: contractFunc("tir.einsum", fmt.Sprintf("{equation = %q} ", eq), args, e), args: args, py: py, k: k}
}

func genTosaMatMul(rng *rand.Rand) contractCase {
	in, out := ir.F32, ir.F32
	switch rng.IntN(3) {
	case 1:
		in = ir.F16
	case 2:
		in, out = ir.I8, ir.I32
	}
	nb, m, n, k := int64(1+rng.IntN(2)), int64(1+rng.IntN(3)), int64(1+rng.IntN(3)), int64(1+rng.IntN(5))
	args := []*Tensor{randTensor(rng, in, []int64{nb, m, k}), randTensor(rng, in, []int64{nb, k, n})}
	attrs, py := "", "np.matmul(a0, a1)"
	if in == ir.I8 && rng.IntN(2) == 0 {
		azp, bzp := rng.IntN(256)-128, rng.IntN(256)-128
		attrs = fmt.Sprintf("{quantization_info = #tosa.matmul_quant<a_zp = %d, b_zp = %d>} ", azp, bzp)
		py = fmt.Sprintf("np.matmul(a0 - (%d), a1 - (%d))", azp, bzp)
	}
	return contractCase{src: contractFunc("tosa.matmul", attrs, args, out), args: args, py: py, k: k}
}
