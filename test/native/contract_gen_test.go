package native_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// The contractions (SPEC 3d): tir.matmul with NumPy's batch broadcasting
// and rank-1 operands, tir.dot_general with batching and contracting
// dims, tir.einsum on 2-3 operands and tosa.matmul with zero points, on
// every element type the op's verifier takes (probeElems with
// contractProbes). Their operands are the value drawn on, new arguments
// (random layouts and stride-0 dims per call), constants or transposed
// views, of at most maxContractDim elements per dim. Codegen sums K in a
// fixed order, one fused multiply-add per term from k = 0, as eval does:
// the results are compared exactly.

// maxContractDim bounds each dim of a contraction, and maxContractWork
// the product of its loop extents, so that compile and run time stay
// those of the other ops.
const (
	maxContractDim  = 40
	maxContractWork = 40 * 40 * 40
)

// contractsDrawn counts the contractions drawn by op and element types
// (logged by logCoverage).
var contractsDrawn = map[string]int{}

// contractProbe is one instance of a contraction: a 2x3 by 3x4 product
// (1x2x3 by 1x3x4 for TOSA).
type contractProbe struct {
	attrs    string
	a, b, to []int64
}

var contractProbes = map[string]contractProbe{
	"tir.matmul": {"", []int64{2, 3}, []int64{3, 4}, []int64{2, 4}},
	"tir.dot_general": {"lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>",
		[]int64{2, 3}, []int64{3, 4}, []int64{2, 4}},
	"tir.einsum":  {`equation = "ij,jk->ik"`, []int64{2, 3}, []int64{3, 4}, []int64{2, 4}},
	"tosa.matmul": {"", []int64{1, 2, 3}, []int64{1, 3, 4}, []int64{1, 2, 4}},
}

// contractElems are the result element types a contraction takes with
// operands of element type e.
func contractElems(name string, e *ir.Scalar) []*ir.Scalar {
	p, ok := contractProbes[name]
	if !ok {
		return nil
	}
	var outs []*ir.Scalar
	for _, r := range allElems {
		ins := []ir.Type{ir.Tensor(e, p.a...), ir.Tensor(e, p.b...)}
		if probe(name, p.attrs, ins, []ir.Type{ir.Tensor(r, p.to...)}) != nil {
			outs = append(outs, r)
		}
	}
	return outs
}

// contractDim is the size of one new contraction dim: mostly small, some
// past a vector's lanes, a few up to maxContractDim; at most budget.
func (g *gen) contractDim(budget int64) int64 {
	var n int64
	switch k := g.rng.IntN(20); {
	case k < 10:
		n = int64(1 + g.rng.IntN(4))
	case k < 17:
		n = int64(5 + g.rng.IntN(12))
	default:
		n = int64(17 + g.rng.IntN(maxContractDim-16))
	}
	return max(1, min(n, budget))
}

// contractElems are the operand and result element types of the next
// contraction op: those drawn least so far (x's where it is one of
// them), so that a run draws each op on every element type it takes.
func (g *gen) contractElems(op *genOp, xe *ir.Scalar) (*ir.Scalar, *ir.Scalar) {
	var best [][2]*ir.Scalar
	least := -1
	for _, e := range allElems {
		for _, r := range op.to[e] {
			n := contractsDrawn[op.name+" "+e.String()+"->"+r.String()]
			if least < 0 || n < least {
				best, least = nil, n
			}
			if n == least {
				best = append(best, [2]*ir.Scalar{e, r})
			}
		}
	}
	for _, p := range best {
		if p[0] == xe && g.chance(2) {
			return p[0], p[1]
		}
	}
	p := best[g.rng.IntN(len(best))]
	return p[0], p[1]
}

// contractable reports whether x can be a contraction's first operand
// of element type e: its dims are small.
func contractable(e *ir.Scalar, x *value, ranks ...int) bool {
	if x.elem() != e || x.scalar || !slices.Contains(ranks, len(x.shape)) {
		return false
	}
	work := int64(1)
	for _, s := range x.shape {
		if s > maxContractDim {
			return false
		}
		work *= max(s, 1)
	}
	return work <= maxContractWork
}

// contract adds a contraction drawn on x (its first operand when it fits).
func (g *gen) contract(op *genOp, x *value) {
	if g.scalars {
		g.binary(x)
		return
	}
	e, r := g.contractElems(op, x.elem())
	contractsDrawn[op.name+" "+e.String()+"->"+r.String()]++
	if op.name == "tir.matmul" {
		g.matmul(op, x, e)
		return
	}
	var f letterForm
	switch op.name {
	case "tir.dot_general":
		f = g.dotGeneralForm(e, x)
	case "tir.einsum":
		f = g.einsumForm(e, x)
	case "tosa.matmul":
		f = g.tosaMatmulForm(x, e)
	default:
		g.binary(x)
		return
	}
	var operands []*value
	for k, ls := range f.ins {
		if k == 0 && f.useX {
			operands = append(operands, x)
			continue
		}
		operands = append(operands, g.contractOperand(e, f.shapeOf(ls)))
	}
	g.emit(op.name, operands, f.attrs, g.resultType(r, f.declOut(operands), f.shapeOf(f.out)), f.shapeOf(f.out))
}

// contractOperand is a new operand of element type e and shape s: an
// argument (laid out at random by each call), a constant or a transposed
// view of an argument.
func (g *gen) contractOperand(e *ir.Scalar, s []int64) *value {
	switch {
	case g.chance(6):
		return g.newConst(e, s, false)
	case len(s) >= 2 && g.chance(4):
		perm := g.rng.Perm(len(s))
		src := make([]int64, len(s))
		for i, d := range perm {
			src[d] = s[i]
		}
		a := g.fineArg(e, src)
		decl := make([]int64, len(s))
		for i, d := range perm {
			decl[i] = a.typ.Shape[d]
		}
		return g.moved("tir.transpose", a, []*value{a}, "permutation = "+ints(int64s(perm)), &ir.TensorType{Shape: decl, Elem: e}, slices.Clone(s))
	}
	return g.fineArg(e, s)
}

// fineArg is a new argument with full-significand float data.
func (g *gen) fineArg(e *ir.Scalar, s []int64) *value {
	v := g.newArg(e, s, false)
	g.args[len(g.args)-1].fine = true
	return v
}

// matmul adds a tir.matmul: ...xMxK @ ...xKxN with NumPy's batch
// broadcasting (size-1 and missing batch dims on either side), or a
// rank-1 operand.
func (g *gen) matmul(op *genOp, x *value, e *ir.Scalar) {
	var a []int64
	work := int64(1)
	useX := contractable(e, x, 1, 2, 3, 4) && !g.chance(4)
	if useX {
		a = slices.Clone(x.shape)
	} else {
		a = make([]int64, 1+g.rng.IntN(4))
		for i := range a {
			a[i] = g.contractDim(maxContractWork / work)
			work *= a[i]
		}
	}
	work = 1
	for _, s := range a {
		work *= max(s, 1)
	}
	k := a[len(a)-1]
	b := []int64{k}
	if !g.chance(4) {
		// batch dims aligned from the right with a's, each equal, 1 or
		// broadcast against a's 1
		ab := a[:max(0, len(a)-2)]
		nb := g.rng.IntN(3)
		bb := make([]int64, nb)
		for i := range bb {
			j := len(ab) - nb + i
			switch {
			case j >= 0 && ab[j] > 1 && g.chance(3):
				bb[i] = 1
			case j >= 0 && ab[j] > 1:
				bb[i] = ab[j]
			default:
				bb[i] = g.contractDim(maxContractWork / work)
				work *= max(bb[i], 1)
			}
		}
		b = append(append(bb, k), g.contractDim(maxContractWork/work))
	}
	var operands []*value
	if useX {
		operands = append(operands, x)
	} else {
		operands = append(operands, g.contractOperand(e, a))
	}
	operands = append(operands, g.contractOperand(e, b))
	act := matmulShape(operands[0].shape, operands[1].shape)
	decl := matmulShape(operands[0].typ.Shape, operands[1].typ.Shape)
	g.emit(op.name, operands, "", g.resultType(e, decl, act), act)
}

// matmulShape is NumPy's matmul result shape for operand shapes a and b
// (declared or actual).
func matmulShape(a, b []int64) []int64 {
	var ab, bb, m, n []int64
	if len(a) >= 2 {
		ab, m = a[:len(a)-2], a[len(a)-2:len(a)-1]
	}
	if len(b) >= 2 {
		bb, n = b[:len(b)-2], b[len(b)-1:]
	}
	return slices.Concat(bcast(ab, bb), m, n)
}

// letterForm is a contraction whose dims are named by letters, as an
// einsum equation names them: a letter's dims have one size.
type letterForm struct {
	ins   [][]byte
	out   []byte
	size  map[byte]int64
	attrs string
	useX  bool // the value drawn on is operand 0
}

func (f *letterForm) shapeOf(ls []byte) []int64 {
	s := make([]int64, len(ls))
	for i, l := range ls {
		s[i] = f.size[l]
	}
	return s
}

// declOut is the declared result shape: a dim is static where an
// operand's dim of its letter is.
func (f *letterForm) declOut(operands []*value) []int64 {
	s := make([]int64, len(f.out))
	for i, l := range f.out {
		s[i] = ir.Dynamic
		for k, ls := range f.ins {
			if j := slices.Index(ls, l); j >= 0 && operands[k].typ.Shape[j] >= 0 {
				s[i] = operands[k].typ.Shape[j]
			}
		}
	}
	return s
}

// newLetters names dims: x's (when useX) or n new ones, and sizes them.
func (g *gen) newLetters(f *letterForm, x *value, n int) []byte {
	var ls []byte
	work := int64(1)
	for _, s := range f.size {
		work *= max(s, 1)
	}
	for i := range n {
		l := byte('a' + len(f.size))
		if x != nil {
			f.size[l] = x.shape[i]
		} else {
			f.size[l] = g.contractDim(maxContractWork / work)
		}
		work *= max(f.size[l], 1)
		ls = append(ls, l)
	}
	return ls
}

// dotGeneralForm draws a dot_general: each lhs dim batching, contracting
// or free; the rhs has the batching and contracting dims in any order and
// free dims of its own.
func (g *gen) dotGeneralForm(e *ir.Scalar, x *value) letterForm {
	f := letterForm{size: map[byte]int64{}}
	var lhs []byte
	if contractable(e, x, 1, 2, 3, 4) && !g.chance(4) {
		f.useX, lhs = true, g.newLetters(&f, x, len(x.shape))
	} else {
		lhs = g.newLetters(&f, nil, 1+g.rng.IntN(4))
	}
	var batch, contract, free []byte
	for i, l := range lhs {
		switch k := g.rng.IntN(5); {
		case i == len(lhs)-1 && len(contract) == 0 || k < 2:
			contract = append(contract, l)
		case k < 3:
			batch = append(batch, l)
		default:
			free = append(free, l)
		}
	}
	shuffle := func(ls []byte) []byte {
		ls = slices.Clone(ls)
		g.rng.Shuffle(len(ls), func(i, j int) { ls[i], ls[j] = ls[j], ls[i] })
		return ls
	}
	batch, contract = shuffle(batch), shuffle(contract)
	rfree := g.newLetters(&f, nil, min(g.rng.IntN(3), 4-len(batch)-len(contract)))
	rhs := shuffle(slices.Concat(batch, contract, rfree))
	f.ins = [][]byte{lhs, rhs}
	// the result: batch dims, lhs free dims, rhs free dims, each in order
	f.out = slices.Concat(batch, free, slices.DeleteFunc(slices.Clone(rhs), func(l byte) bool { return !slices.Contains(rfree, l) }))
	pos := func(ls, of []byte) []int64 {
		var p []int64
		for _, l := range of {
			p = append(p, int64(slices.Index(ls, l)))
		}
		return p
	}
	f.attrs = fmt.Sprintf("lhs_batching_dimensions = %s, rhs_batching_dimensions = %s, lhs_contracting_dimensions = %s, rhs_contracting_dimensions = %s",
		ints(pos(lhs, batch)), ints(pos(rhs, batch)), ints(pos(lhs, contract)), ints(pos(rhs, contract)))
	return f
}

// einsumForm draws an einsum of 2-3 operands (no ellipsis, no letter
// twice in an operand): each operand's letters are earlier operands'
// or new; the output is some of the letters in any order.
func (g *gen) einsumForm(e *ir.Scalar, x *value) letterForm {
	f := letterForm{size: map[byte]int64{}}
	if contractable(e, x, 0, 1, 2, 3) && !g.chance(4) {
		f.useX = true
		f.ins = append(f.ins, g.newLetters(&f, x, len(x.shape)))
	} else {
		f.ins = append(f.ins, g.newLetters(&f, nil, g.rng.IntN(4)))
	}
	for range 1 + g.rng.IntN(2) {
		var ls []byte
		for _, l := range g.rng.Perm(len(f.size)) {
			if len(ls) < 3 && g.chance(2) {
				ls = append(ls, byte('a'+l))
			}
		}
		ls = append(ls, g.newLetters(&f, nil, g.rng.IntN(3-len(ls)+1))...)
		g.rng.Shuffle(len(ls), func(i, j int) { ls[i], ls[j] = ls[j], ls[i] })
		f.ins = append(f.ins, ls)
	}
	for _, l := range g.rng.Perm(len(f.size)) {
		if g.chance(2) {
			f.out = append(f.out, byte('a'+l))
		}
	}
	var in []string
	for _, ls := range f.ins {
		in = append(in, string(ls))
	}
	f.attrs = fmt.Sprintf("equation = %q", strings.Join(in, ",")+"->"+string(f.out))
	return f
}

// tosaMatmulForm draws a tosa.matmul, [N,H,C] x [N,C,W] -> [N,H,W], with
// zero points on integers (TOSA's i8 -> i32) at times.
func (g *gen) tosaMatmulForm(x *value, e *ir.Scalar) letterForm {
	f := letterForm{size: map[byte]int64{}}
	var a []byte
	if contractable(e, x, 3) && !g.chance(4) {
		f.useX, a = true, g.newLetters(&f, x, 3)
	} else {
		a = g.newLetters(&f, nil, 3)
	}
	w := g.newLetters(&f, nil, 1)[0]
	f.ins = [][]byte{a, {a[0], a[2], w}}
	f.out = []byte{a[0], a[1], w}
	if e.IsInt() && g.chance(2) {
		f.attrs = fmt.Sprintf("quantization_info = #tosa.matmul_quant<a_zp = %d, b_zp = %d>", g.rng.IntN(256)-128, g.rng.IntN(256)-128)
	}
	return f
}

// TestContractionForms: every contraction is drawn on every element type
// its verifier takes, in forms that verify, evaluate and lower (the
// native run is TestRandomProgramsNative's).
func TestContractionForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 36))
	var src strings.Builder
	var progs []*program
	for _, op := range opTable {
		if op.kind != kindContraction {
			continue
		}
		if len(op.to) < 10 || !op.accepts(ir.F32) || !op.accepts(ir.I8) {
			t.Errorf("%s takes only %v", op.name, op.to)
		}
		var takes []string
		for _, e := range allElems {
			if !op.accepts(e) {
				continue
			}
			takes = append(takes, fmt.Sprintf("%s->%v", e, op.to[e]))
			for i := range 3 {
				g := &gen{rng: rng, ops: map[string]int{}}
				x := g.newArg(e, g.randomShape(1+rng.IntN(3)), false)
				g.contract(op, x)
				if g.ops[op.name] != 1 {
					t.Fatalf("%s on %s: not drawn", op.name, e)
				}
				p := g.program(fmt.Sprintf("c%d_%s_%d", len(progs), e, i), false)
				src.WriteString(p.text)
				progs = append(progs, p)
			}
		}
		t.Logf("%s: %s", op.name, strings.Join(takes, " "))
	}
	m, pd := asm.ParseString(src.String(), asm.ParseOptions{})
	if pd != nil {
		t.Fatal(pd)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, p := range progs {
		if err := makeCalls(rng, p, m.Lookup(p.name)); err != nil {
			t.Errorf("eval: %v\n%s", err, p.text)
		}
	}
	if _, ds := codegen.Emit(m, codegen.DefaultOptions()); ds.HasErrors() {
		t.Errorf("codegen: %v", ds)
	}
}
