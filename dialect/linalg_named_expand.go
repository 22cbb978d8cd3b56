package dialect

import (
	"math"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The named ops compute by expansion (ir.Expand) into rows with kernels:
//
//	linalg.matmul / batch_matmul / matvec   tir.matmul (tir.dot_general reading a
//	                                        transposed input's source), plus the
//	                                        init with arith's add (nothing when it is
//	                                        a tensor.empty or a linalg.fill of +0;
//	                                        tir.add of a 0-d splat of another fill)
//	the other contractions (vecmat, dot,    tir.dot_general, plus the init
//	matmul_transpose_a, ...)
//	linalg.fill                             tensor.splat
//	linalg.copy                             its input (cast)
//	linalg.transpose                        tir.transpose
//	linalg.broadcast                        tir.broadcast_in_dim
//	linalg.elemwise_unary / _binary,        arith and math ops on the init's type
//	linalg.add, exp, ... (elementwise)
//
// Inputs of another element type are cast first, as the ops' `cast`
// (#linalg.type_fn) says: signed (default) or unsigned. The sum of a
// contraction starts from 0 and the init is added once at the end;
// linalg starts the sum from the init, so float results may differ in
// the last bits (integers are exact either way).

func init() {
	own := map[string]func(*ir.Op, *namedExpansion) *ir.Value{
		"linalg.fill": expandFill, "linalg.copy": expandCopy,
		"linalg.transpose": expandTranspose, "linalg.broadcast": expandBroadcast,
	}
	for name, s := range namedSpecs {
		fn := own[name]
		switch {
		case s.sig != "":
			fn = expandContraction
		case s.fn != nil || s.fixed != "":
			fn = expandElemwise
		}
		ir.RegisterExpansion(name, func(op *ir.Op) *ir.Diagnostic { return expandNamed(op, fn) })
	}
}

// namedExpansion is one op's expansion in progress: the first error.
type namedExpansion struct {
	op  *ir.Op
	err *ir.Diagnostic
}

func expandNamed(op *ir.Op, fn func(*ir.Op, *namedExpansion) *ir.Value) *ir.Diagnostic {
	if op.NumResults() != 1 || !ir.IsRankedTensor(op.Result(0).Type()) {
		return op.Errorf("is lowered on ranked tensors only (destination-passing style with a tensor init)")
	}
	x := &namedExpansion{op: op}
	v := fn(op, x)
	if x.err != nil {
		return x.err
	}
	res := op.Result(0)
	if !ir.TypeEqual(v.Type(), res.Type()) {
		v = x.insert("tensor.cast", []*ir.Value{v}, res.Type(), nil)
	}
	res.ReplaceAllUsesWith(v)
	operands := slices.Clone(op.Operands())
	op.Erase()
	for _, w := range operands {
		eraseIfDead(w.Def())
	}
	return nil
}

// eraseIfDead erases a pure op whose results are unused, and then the
// producers of its operands it leaves dead (the tensor.empty under a
// linalg.fill).
func eraseIfDead(op *ir.Op) {
	if op == nil || op.Func() == nil || !op.Has(traits.Pure) {
		return
	}
	for _, r := range op.Results() {
		if r.HasUses() {
			return
		}
	}
	operands := slices.Clone(op.Operands())
	op.Erase()
	for _, w := range operands {
		eraseIfDead(w.Def())
	}
}

// insert adds the op name(operands) : t before the op being expanded,
// at its position (diagnostics, run-time errors and -print-plan point
// at the linalg op).
func (x *namedExpansion) insert(name string, operands []*ir.Value, t ir.Type, attrs ir.Attrs) *ir.Value {
	n := ir.NewOp(name, operands, []ir.Type{t}, attrs)
	n.Pos = x.op.Pos
	x.op.Func().InsertBefore(x.op, n)
	return n.Result(0)
}

func (x *namedExpansion) fail(format string, args ...any) *ir.Value {
	if x.err == nil {
		x.err = x.op.Errorf(format, args...)
	}
	return x.op.Operand(x.op.NumOperands() - 1) // any value: the error wins
}

// cast converts v's elements to e with the arith cast linalg's type_fn
// cast_signed (or cast_unsigned) stands for.
func (x *namedExpansion) cast(v *ir.Value, e *ir.Scalar, unsigned bool) *ir.Value {
	from := ir.ElementType(v.Type())
	if from == e || from == nil {
		return v
	}
	return x.insert(castOpName(from, e, unsigned), []*ir.Value{v}, ir.WithElem(v.Type(), e), nil)
}

// castOpName is the arith op of linalg's cast_signed (or cast_unsigned)
// from one element type to another.
func castOpName(from, to *ir.Scalar, unsigned bool) string {
	name := "arith."
	switch {
	case from.IsFloat() && to.IsFloat() && to.Bits() > from.Bits():
		name += "extf"
	case from.IsFloat() && to.IsFloat():
		name += "truncf"
	case to.IsFloat() && unsigned:
		name += "uitofp"
	case to.IsFloat():
		name += "sitofp"
	case from.IsFloat() && unsigned:
		name += "fptoui"
	case from.IsFloat():
		name += "fptosi"
	case from == ir.Index || to == ir.Index:
		name += map[bool]string{false: "index_cast", true: "index_castui"}[unsigned]
	case to.Bits() < from.Bits():
		name += "trunci"
	case unsigned:
		name += "extui"
	default:
		name += "extsi"
	}
	return name
}

// shaped makes a scalar v a tensor of the result's type (tensor.splat;
// static shapes only).
func (x *namedExpansion) shaped(v *ir.Value) *ir.Value {
	if ir.IsShaped(v.Type()) {
		return v
	}
	t := x.op.Result(0).Type()
	if s, _ := ir.Shape(t); !ir.IsStatic(s) {
		return x.fail("has a scalar input and the dynamic result type '%s': tirc lowers that with static shapes only", ir.TypeString(t))
	}
	return x.insert("tensor.splat", []*ir.Value{v}, t, nil)
}

// expandContraction: tir.matmul of the inputs cast to the init's element
// type, plus the init.
func expandContraction(op *ir.Op, x *namedExpansion) *ir.Value {
	t := op.Result(0).Type()
	e := ir.ElementType(t)
	mm := x.product(op, e)
	init := op.Operand(2)
	switch d := init.Def(); {
	case d != nil && d.Name == "tensor.empty":
		return mm
	case d != nil && d.Name == "linalg.fill" && d.NumOperands() == 2 && !ir.IsShaped(d.Operand(0).Type()):
		if isPositiveZero(d.Operand(0)) {
			return mm // the sum starts from +0 as it is
		}
		c := x.cast(d.Operand(0), e, linalgCastUnsigned(d))
		c0 := x.insert("tensor.splat", []*ir.Value{c}, ir.Tensor(e), nil)
		return x.insert("tir.add", []*ir.Value{mm, c0}, t, nil)
	}
	// arith's add, not tir's: the init has the result's shape, which
	// an init of size 1 must not broadcast to.
	add := "arith.addi"
	switch {
	case e.IsFloat():
		add = "arith.addf"
	case e == ir.I1:
		add = "arith.ori"
	}
	return x.insert(add, []*ir.Value{init, mm}, t, nil)
}

// isPositiveZero reports whether v is the constant 0 (+0.0 for floats).
func isPositiveZero(v *ir.Value) bool {
	d := v.Def()
	if d == nil || !d.Has(traits.ConstantLike) {
		return false
	}
	switch c := d.Attr("value").(type) {
	case *ir.IntAttr:
		return c.Value == 0 && c.Big == nil
	case *ir.FloatAttr:
		return c.Value == 0 && !math.Signbit(c.Value)
	}
	return false
}

// product is the contraction's sum of products, of the inputs cast to
// e: tir.matmul for matmul, batch_matmul and matvec, tir.dot_general
// with the dimension numbers of the op's dims otherwise, and when an
// input is a linalg.transpose, which dot_general then reads as it is
// (x·wᵀ makes no transposed copy).
func (x *namedExpansion) product(op *ir.Op, e *ir.Scalar) *ir.Value {
	t := op.Result(0).Type()
	unsigned := linalgCastUnsigned(op)
	in := [2]*ir.Value{op.Operand(0), op.Operand(1)}
	var perms [2][]int64
	for k, v := range in {
		if d := v.Def(); d != nil && d.Name == "linalg.transpose" && d.NumResults() == 1 && ir.IsRankedTensor(d.Operand(0).Type()) {
			if p, ok := d.Attr(linalgPermutationAttr).(*ir.DenseArrayAttr); ok && isPermutation(p.Ints) {
				in[k], perms[k] = d.Operand(0), p.Ints
			}
		}
	}
	a, b := x.cast(in[0], e, unsigned), x.cast(in[1], e, unsigned)
	plain := map[string]bool{"linalg.matmul": true, "linalg.batch_matmul": true, "linalg.matvec": true}
	if perms[0] == nil && perms[1] == nil && plain[op.Name] {
		return x.insert("tir.matmul", []*ir.Value{a, b}, t, nil)
	}
	// Each input's batch dims (its letters in the other input and the
	// output) and contracted dims (not in the output), through the
	// transpose it reads; dot_general's result is batch, then the lhs's
	// free dims, then the rhs's: the order of linalg's output for every
	// row of the table.
	lhs, out, _ := strings.Cut(namedSpecs[op.Name].sig, "->")
	subs := strings.Split(lhs, ",")
	var batch, contract [2][]int64
	for k, sub := range subs {
		other := subs[1-k]
		for i, c := range sub {
			d := int64(i)
			if perms[k] != nil {
				d = perms[k][i]
			}
			switch {
			case !strings.ContainsRune(out, c):
				contract[k] = append(contract[k], d)
			case strings.ContainsRune(other, c):
				batch[k] = append(batch[k], d)
			}
		}
	}
	var attrs ir.Attrs
	if batch[0] != nil {
		attrs.Set(LhsBatchingAttr, ir.I64Array(batch[0]...))
		attrs.Set(RhsBatchingAttr, ir.I64Array(batch[1]...))
	}
	attrs.Set(LhsContractingAttr, ir.I64Array(contract[0]...))
	attrs.Set(RhsContractingAttr, ir.I64Array(contract[1]...))
	return x.insert("tir.dot_general", []*ir.Value{a, b}, t, attrs)
}

func expandFill(op *ir.Op, x *namedExpansion) *ir.Value {
	e := ir.ElementType(op.Result(0).Type())
	return x.shaped(x.cast(op.Operand(0), e, linalgCastUnsigned(op)))
}

func expandCopy(op *ir.Op, x *namedExpansion) *ir.Value {
	e := ir.ElementType(op.Result(0).Type())
	return x.shaped(x.cast(op.Operand(0), e, linalgCastUnsigned(op)))
}

func expandTranspose(op *ir.Op, x *namedExpansion) *ir.Value {
	var attrs ir.Attrs
	attrs.Set(PermutationAttr, op.Attr(linalgPermutationAttr))
	return x.insert("tir.transpose", []*ir.Value{op.Operand(0)}, op.Result(0).Type(), attrs)
}

// expandBroadcast: the input's dims go to the init's dims that are not
// added.
func expandBroadcast(op *ir.Op, x *namedExpansion) *ir.Value {
	added, _ := op.Attr(linalgDimensionsAttr).(*ir.DenseArrayAttr)
	s, _ := ir.Shape(op.Result(0).Type())
	kept := []int64{}
	for i := range int64(len(s)) {
		if added == nil || !slices.Contains(added.Ints, i) {
			kept = append(kept, i)
		}
	}
	var attrs ir.Attrs
	attrs.Set(traits.BroadcastDimsAttr, ir.I64Array(kept...))
	return x.insert("tir.broadcast_in_dim", []*ir.Value{op.Operand(0)}, op.Result(0).Type(), attrs)
}

// linalgFn is an elemwise function's op on floats and on integers (""
// where MLIR 19's region builder has none: its op refuses the type).
type linalgFn struct{ float, int string }

// linalgFns are the elemwise functions' ops, MLIR 19's (reciprocal is
// its arith.divf of 1; square its arith.mulf).
var linalgFns = map[string]linalgFn{
	"exp": {"math.exp", ""}, "log": {"math.log", ""}, "abs": {"math.absf", ""},
	"ceil": {"math.ceil", ""}, "floor": {"math.floor", ""}, "negf": {"arith.negf", ""},
	"round": {"math.round", ""}, "sqrt": {"math.sqrt", ""}, "rsqrt": {"math.rsqrt", ""},
	"tanh": {"math.tanh", ""}, "erf": {"math.erf", ""}, "reciprocal": {"tosa.reciprocal", ""},
	"square": {"arith.mulf", ""},
	"add":    {"arith.addf", "arith.addi"}, "sub": {"arith.subf", "arith.subi"}, "mul": {"arith.mulf", "arith.muli"},
	"div": {"arith.divf", "arith.divsi"}, "div_unsigned": {"", "arith.divui"},
	"max_signed": {"arith.maximumf", "arith.maxsi"}, "min_signed": {"arith.minimumf", "arith.minsi"},
	"max_unsigned": {"arith.maximumf", "arith.maxui"}, "min_unsigned": {"arith.minimumf", "arith.minui"},
	"powf": {"math.powf", ""},
}

// verifyElemwiseFn refuses a function on an element type it has no op
// for, with the message of the op MLIR's region builder makes.
func verifyElemwiseFn(op *ir.Op) *ir.Diagnostic {
	e := ir.ElementType(op.Operand(op.NumOperands() - 1).Type())
	if e == nil {
		return nil
	}
	fun := linalgFun(op)
	fn := linalgFns[fun]
	switch {
	case e.IsFloat() && fn.float == "":
		return ir.Errorf(op.Pos, "'%s' op operand #0 must be signless-integer-like, but got '%s'", fn.int, ir.TypeString(e))
	case !e.IsFloat() && fn.int == "":
		name := map[string]string{"reciprocal": "arith.divf"}[fun]
		if name == "" {
			name = fn.float
		}
		return ir.Errorf(op.Pos, "'%s' op operand #0 must be floating-point-like, but got '%s'", name, ir.TypeString(e))
	}
	return nil
}

// expandElemwise: fun of the inputs, each cast to the init's element
// type and made a tensor of its shape.
func expandElemwise(op *ir.Op, x *namedExpansion) *ir.Value {
	t := op.Result(0).Type()
	e := ir.ElementType(t)
	fun := linalgFun(op)
	var args []*ir.Value
	for _, v := range op.Operands()[:op.NumOperands()-1] {
		args = append(args, x.shaped(x.cast(v, e, linalgCastUnsigned(op))))
	}
	if fun == "square" {
		args = append(args, args[0])
	}
	name := linalgFns[fun].float
	if !e.IsFloat() {
		name = linalgFns[fun].int
	}
	return x.insert(name, args, t, nil)
}
