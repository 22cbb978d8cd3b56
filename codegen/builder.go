package codegen

import (
	"fmt"
	"strconv"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/codegen/vmath"
	"github.com/tirc/tirc/ir"
)

// builder emits the body of one LLVM function. It owns the insertion
// block, unique block names, allocas (all in the entry block) and loops
// (with their phi back edges); every other piece of codegen emits
// instructions through it.
type builder struct {
	// B builds the scalar kernels at the insertion point (package
	// scalar); the builder is its Env.
	scalar.B
	mod   *moduleCtx
	fn    *llvm.Func
	entry *llvm.Block // allocas only; branched to the first body block at the end
	first *llvm.Block // the first body block
	b     *llvm.Block // insertion block
	// names counts the blocks made per base name (block): a few bases
	// each, so a list searched from the end, not a map per function.
	names []nameCount
	// nameSlots names every alloca (slot.0, slot.1, ...; slots so far):
	// a function whose blocks are printed while it is built (stream.go)
	// prints its entry block last, so what is in it cannot be numbered.
	nameSlots bool
	slots     int
	// depth counts the branches and loops being built around the
	// insertion point; memo holds what once computed at depth 0.
	depth int
	memo  recentMap[any, value.Value]
	// cse makes icmp, mul and selectI64 once per operands (a nest's
	// builder: short-lived, unlike a long function's, whose memo would
	// grow with its ops).
	cse bool
}

func newBuilder(mod *moduleCtx, fn *llvm.Func) *builder {
	bl := &builder{mod: mod, fn: fn, names: make([]nameCount, 0, 8)}
	bl.B = scalar.B{Env: bl}
	bl.entry = fn.NewBlock("entry")
	bl.b = bl.block("body")
	bl.first = bl.b
	return bl
}

// Block, SetBlock, NewBlock, Intrinsic, MaxMinFunc and Math are the
// scalar kernels' Env (RegionKernel is region_kernel.go's).
func (bl *builder) Block() *llvm.Block               { return bl.b }
func (bl *builder) SetBlock(b *llvm.Block)           { bl.b = b }
func (bl *builder) NewBlock(base string) *llvm.Block { return bl.block(base) }
func (bl *builder) Intrinsic(name string, ret types.Type, params ...types.Type) *llvm.Func {
	return bl.mod.intrinsic(name, ret, params...)
}
func (bl *builder) MaxMinFunc(k ir.Kernel, t types.Type) *llvm.Func { return bl.mod.maxMinFunc(k, t) }
func (bl *builder) Math() vmath.Kernels                             { return bl.math() }

// finish closes the entry block; call it once the body is complete.
func (bl *builder) finish() {
	bl.entry.NewBr(bl.first)
}

// block returns a new block named after base, unique in the function.
func (bl *builder) block(base string) *llvm.Block {
	n := 0
	for i := len(bl.names) - 1; i >= 0; i-- {
		if bl.names[i].base == base {
			n = bl.names[i].n
			bl.names[i].n++
			break
		}
	}
	if n == 0 {
		bl.names = append(bl.names, nameCount{base, 1})
	}
	name := base
	if n > 0 {
		name = fmt.Sprintf("%s%d", base, n)
	}
	b := bl.fn.NewBlock(name)
	b.Insts = bl.mod.spareList()
	return b
}

type nameCount struct {
	base string
	n    int
}

// alloca reserves a stack slot in the entry block.
func (bl *builder) alloca(t types.Type) *llvm.InstAlloca {
	a := bl.entry.NewAlloca(t)
	if bl.nameSlots {
		a.SetName("slot." + strconv.Itoa(bl.slots))
		bl.slots++
	}
	return a
}

// once returns what f computes, computed once per key while the
// insertion point is outside every branch and loop: such a value
// dominates everything built after it. Inside a branch or a loop, f
// runs every time.
func (bl *builder) once(key any, f func() value.Value) value.Value {
	if bl.depth > 0 {
		return f()
	}
	if v, ok := bl.memo.get(key); ok {
		return v
	}
	v := f()
	bl.memo.put(key, v)
	return v
}

// ifThen emits `if cond { then() }` and continues after it.
func (bl *builder) ifThen(cond value.Value, base string, then func()) {
	tb, cont := bl.block(base), bl.block(base+".end")
	bl.b.NewCondBr(cond, tb, cont)
	bl.b = tb
	bl.depth++
	then()
	bl.depth--
	if bl.b.Term == nil {
		bl.b.NewBr(cont)
	}
	bl.b = cont
}

// ifElse emits `if cond { then() } else { els() }`.
func (bl *builder) ifElse(cond value.Value, base string, then, els func()) {
	tb, eb, cont := bl.block(base+".then"), bl.block(base+".else"), bl.block(base+".end")
	bl.b.NewCondBr(cond, tb, eb)
	bl.b = tb
	bl.depth++
	then()
	if bl.b.Term == nil {
		bl.b.NewBr(cont)
	}
	bl.b = eb
	els()
	bl.depth--
	if bl.b.Term == nil {
		bl.b.NewBr(cont)
	}
	bl.b = cont
}

// loop emits `for i := 0; i < n; i++ { body(i) }` with an i64 induction
// variable (nsw increment). The phi's back edge names the block where
// the body really ends.
// It returns the back edge (nil when the loop runs once and is not
// emitted), for loop metadata.
func (bl *builder) loop(n value.Value, base string, body func(i value.Value)) *llvm.TermBr {
	return bl.loopFrom(i64c(0), n, base, body)
}

// loopFrom emits `for i := from; i < n; i++ { body(i) }`.
func (bl *builder) loopFrom(from, n value.Value, base string, body func(i value.Value)) *llvm.TermBr {
	if isConst(from, 0) && isConst(n, 1) {
		body(i64c(0))
		return nil
	}
	pre := bl.b
	header, bodyB, exit := bl.block(base+".header"), bl.block(base+".body"), bl.block(base+".exit")
	pre.NewBr(header)
	i := header.NewPhi(llvm.NewIncoming(from, pre))
	header.NewCondBr(header.NewICmp(enum.IPredSLT, i, n), bodyB, exit)
	bl.b = bodyB
	bl.depth++
	body(i)
	bl.depth--
	next := bl.b.NewAdd(i, i64c(1))
	next.OverflowFlags = []enum.OverflowFlag{enum.OverflowFlagNSW}
	back := bl.b.NewBr(header)
	i.Incs = append(i.Incs, llvm.NewIncoming(next, bl.b))
	bl.b = exit
	return back
}

// Integer helpers that fold constants, so static shapes yield constant
// trip counts and strides.

func (bl *builder) mul(x, y value.Value) value.Value {
	a, aok := constVal(x)
	c, cok := constVal(y)
	switch {
	case aok && cok:
		return i64c(a * c)
	case aok && a == 1:
		return y
	case cok && c == 1:
		return x
	case (aok && a == 0) || (cok && c == 0):
		return i64c(0)
	}
	if !bl.cse {
		return bl.b.NewMul(x, y)
	}
	return bl.once(opKey{"mul", operand(x), operand(y), nil}, func() value.Value { return bl.b.NewMul(x, y) })
}

func (bl *builder) add(x, y value.Value) value.Value {
	a, aok := constVal(x)
	c, cok := constVal(y)
	switch {
	case aok && cok:
		return i64c(a + c)
	case aok && a == 0:
		return y
	case cok && c == 0:
		return x
	}
	return bl.b.NewAdd(x, y)
}

// icmp folds constant comparisons of i64 values.
func (bl *builder) icmp(p enum.IPred, x, y value.Value) value.Value {
	a, aok := constVal(x)
	c, cok := constVal(y)
	if aok && cok {
		var r bool
		switch p {
		case enum.IPredEQ:
			r = a == c
		case enum.IPredNE:
			r = a != c
		case enum.IPredSLT:
			r = a < c
		default:
			return bl.b.NewICmp(p, x, y)
		}
		return constant.NewBool(r)
	}
	// In a nest (cse), outside branches and loops, once per operands: a
	// nest asks for "size == 1" of a dimension once per operand it
	// broadcasts.
	if !bl.cse {
		return bl.b.NewICmp(p, x, y)
	}
	return bl.once(opKey{"icmp" + p.String(), operand(x), operand(y), nil}, func() value.Value { return bl.b.NewICmp(p, x, y) })
}

// opKey keys an instruction by its operation and operands (builder.once).
type opKey struct {
	op      string
	x, y, z any
}

// operand keys a value: a constant i64 by its number (each constant is
// a new object), anything else by identity.
func operand(v value.Value) any {
	if c, ok := constVal(v); ok {
		return c
	}
	return v
}

func (bl *builder) and(x, y value.Value) value.Value {
	if c, ok := x.(*constant.Int); ok {
		if c.X.Sign() == 0 {
			return x
		}
		return y
	}
	if c, ok := y.(*constant.Int); ok {
		if c.X.Sign() == 0 {
			return y
		}
		return x
	}
	return bl.b.NewAnd(x, y)
}

func (bl *builder) or(x, y value.Value) value.Value {
	if c, ok := x.(*constant.Int); ok {
		if c.X.Sign() == 0 {
			return y
		}
		return x
	}
	if c, ok := y.(*constant.Int); ok {
		if c.X.Sign() == 0 {
			return x
		}
		return y
	}
	return bl.b.NewOr(x, y)
}

func (bl *builder) selectI64(cond, x, y value.Value) value.Value {
	if c, ok := cond.(*constant.Int); ok {
		if c.X.Sign() != 0 {
			return x
		}
		return y
	}
	if !bl.cse {
		return bl.b.NewSelect(cond, x, y)
	}
	return bl.once(opKey{"select", cond, operand(x), operand(y)}, func() value.Value { return bl.b.NewSelect(cond, x, y) })
}

// gep is an inbounds element offset of a storage pointer.
func (bl *builder) gep(elem types.Type, p, idx value.Value) value.Value {
	if isConst(idx, 0) {
		return p
	}
	g := bl.b.NewGetElementPtr(elem, p, idx)
	g.InBounds = true
	return g
}

// field loads field i (and array index j >= 0) of a descriptor.
func (bl *builder) fieldPtr(st *types.StructType, desc value.Value, i, j int) value.Value {
	idx := []value.Value{i32c(0), i32c(int64(i))}
	if j >= 0 {
		idx = append(idx, i64c(int64(j)))
	}
	g := bl.b.NewGetElementPtr(st, desc, idx...)
	g.InBounds = true
	return g
}

// store appends `store src, dst` to b, as b.NewStore does. llir's check
// of the operands' types compares pointer types by printing them, a few
// percent of lowering a module of small functions; sameType compares
// them without (llir still checks, with its message, what it refuses).
func store(b *llvm.Block, src, dst value.Value) *llvm.InstStore {
	pt, ok := dst.Type().(*types.PointerType)
	if !ok || !sameType(src.Type(), pt.ElemType) {
		return b.NewStore(src, dst)
	}
	inst := &llvm.InstStore{Src: src, Dst: dst}
	b.Insts = append(b.Insts, inst)
	return inst
}

// sameType reports whether a and b are the same type, as llir's Equal
// does, without printing pointer types.
func sameType(a, b types.Type) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *types.PointerType:
		b, ok := b.(*types.PointerType)
		if !ok || a.TypeName != b.TypeName || a.AddrSpace != b.AddrSpace {
			return false
		}
		return a.TypeName != "" || sameType(a.ElemType, b.ElemType)
	case *types.IntType:
		b, ok := b.(*types.IntType)
		return ok && a.BitSize == b.BitSize && a.TypeName == b.TypeName
	}
	return a.Equal(b)
}
