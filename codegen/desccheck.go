package codegen

import (
	"fmt"
	"strconv"
	"strings"

	llvm "github.com/llir/llvm/ir"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/ir"
)

// Hostile descriptors. With Options.Checks every entry point checks what
// a caller hands it before any of it is read or written, and answers a
// bad call with status 4 and a message instead of a crash:
//
//   - a NULL pointer where tirc reads or writes: a tensor's descriptor
//     (argument or result), a vector argument, a scalar or vector result,
//     the aligned pointer of an argument that has elements, a bare
//     entry's pointer to a tensor that has elements;
//   - a negative size (static sizes must be equal to the type's);
//   - offset and strides whose elements do not all lie within 2^63 bytes
//     of each other (the address of an element would overflow);
//   - a caller-allocated result whose strides make two of its elements
//     share memory: sorted by their absolute value, each stride of a
//     dimension of more than one element must exceed the extent of the
//     dimensions before it. (This rule also refuses some interleaved
//     layouts that do not overlap; copy into a plain buffer instead.)
//
// What stays the caller's duty, as with any C function: that each buffer
// is as long as its descriptor claims, that results do not alias
// arguments, that pointers point at live memory of the right element type
// and alignment. Without checks every problem above is undefined
// behaviour, as in MLIR.

// The checks of a function's descriptors are made in module-level
// functions, so that a module of many functions (or of many calls to
// external ones) does not repeat a few hundred instructions per
// descriptor; clang inlines one called once. who names the function and
// what the value in their messages ("f" and "argument #0" print
// "f: argument #0"): a function has one string of its own, and the
// others are the module's ("argument #0" once for all functions). They
// return 0 or, having printed why, the status.
//
//	i32 tirc.check.arg.<elem>.<sizes>(desc*, i8* who, i8* what)
//	    an argument's descriptor of that type (its static sizes are in
//	    the messages)
//	i32 tirc.result.<elem>.<rank>(desc*, i8* who, i8* what, i8** owned, i64 size...)
//	    a result's: when its aligned pointer is NULL, allocates the
//	    buffer (*owned is the pointer to free) and fills the descriptor,
//	    else checks the caller's descriptor against the sizes

// descChecker returns the checker of argument descriptors of type t.
func (mc *moduleCtx) descChecker(t *ir.TensorType) *llvm.Func {
	var name strings.Builder
	name.WriteString("tirc.check.arg." + cabi.ElemName(t.Elem))
	for _, s := range t.Shape {
		if s < 0 {
			name.WriteString(".d")
		} else {
			name.WriteString("." + strconv.FormatInt(s, 10))
		}
	}
	if f := mc.helper(name.String()); f != nil {
		return f
	}
	fc, desc := mc.descHelper(name.String(), t)
	// The messages read "<who><message>": what is empty.
	fc.checkNotNull(desc, "'s descriptor")
	fc.readDesc(desc, t, "", true)
	return fc.finishHelper()
}

// resultMaker returns the function making the descriptor of a result of
// t's element type and rank (see above).
func (mc *moduleCtx) resultMaker(t *ir.TensorType) *llvm.Func {
	name := "tirc.result." + cabi.ElemName(t.Elem) + "." + strconv.Itoa(len(t.Shape))
	if f := mc.helper(name); f != nil {
		return f
	}
	owned := llvm.NewParam("owned", types.NewPointer(i8p))
	params := []*llvm.Param{owned}
	var sizes []value.Value
	for d := range t.Shape {
		p := llvm.NewParam("size"+strconv.Itoa(d), types.I64)
		params = append(params, p)
		sizes = append(sizes, p)
	}
	fc, desc := mc.descHelper(name, t, params...)
	bl := fc.bl
	st := mc.descType(t.Elem, len(t.Shape))
	elemPtr := types.NewPointer(storageType(t.Elem))
	in := bl.b.NewLoad(elemPtr, bl.fieldPtr(st, desc, 1, -1))
	bl.ifElse(bl.b.NewICmp(enum.IPredNE, in, constant.NewNull(elemPtr)), "caller", func() {
		if !mc.opts.Checks {
			return
		}
		strides := make([]value.Value, len(t.Shape))
		for d := range t.Shape {
			got := bl.b.NewLoad(types.I64, bl.fieldPtr(st, desc, 3, d))
			fc.fail(bl.icmp(enum.IPredNE, got, sizes[d]), StatusDesc,
				fmt.Sprintf(": caller-allocated descriptor has the wrong size, dimension %d, sizes %%lld and %%lld", d), got, sizes[d])
			strides[d] = bl.b.NewLoad(types.I64, bl.fieldPtr(st, desc, 4, d))
		}
		off := bl.b.NewLoad(types.I64, bl.fieldPtr(st, desc, 2, -1))
		fc.checkLayout(t, in, off, sizes, strides, "", true)
	}, func() {
		aligned := fc.alloc(t.Elem, sizes, owned, "")
		raw := bl.b.NewLoad(i8p, owned)
		store(bl.b, bl.b.NewBitCast(raw, elemPtr), bl.fieldPtr(st, desc, 0, -1))
		store(bl.b, aligned, bl.fieldPtr(st, desc, 1, -1))
		store(bl.b, i64c(0), bl.fieldPtr(st, desc, 2, -1))
		strides := fc.bl.contig(sizes)
		for d := range t.Shape {
			store(bl.b, sizes[d], bl.fieldPtr(st, desc, 3, d))
			store(bl.b, strides[d], bl.fieldPtr(st, desc, 4, d))
		}
	})
	return fc.finishHelper()
}

// descHelper begins the module's function called name, taking a pointer
// to a descriptor of type t, who, and the extra parameters; its funcCtx
// has no tirc function (f is nil), so readDesc checks inline in it.
func (mc *moduleCtx) descHelper(name string, t *ir.TensorType, extra ...*llvm.Param) (*funcCtx, *llvm.Param) {
	desc := llvm.NewParam("desc", types.NewPointer(mc.descType(t.Elem, len(t.Shape))))
	desc.Attrs = append(desc.Attrs, enum.ParamAttrNoCapture)
	who, what := llvm.NewParam("who", i8p), llvm.NewParam("what", i8p)
	f := mc.m.NewFunc(mc.symbol(name), types.I32, append([]*llvm.Param{desc, who, what}, extra...)...)
	f.Linkage = enum.LinkageInternal
	mc.funcAttrs(f)
	mc.publishHelper(name, f)
	fc := &funcCtx{llfunc: llfunc{mod: mc, fn: f, who: who, what: what, failPrefix: "tirc: error: %s: %s"}}
	fc.bl = newBuilder(mc, f)
	fc.exit = fc.bl.block("exit")
	fc.status = fc.bl.alloca(types.I32)
	store(fc.bl.entry, i32c(0), fc.status)
	return fc, desc
}

// finishHelper ends a function begun by descHelper and prints it.
func (fc *funcCtx) finishHelper() *llvm.Func {
	fc.bl.b.NewBr(fc.exit)
	fc.emitExit()
	fc.bl.finish()
	fc.mod.finish(fc.fn)
	return fc.fn
}

// nonEmpty is true when every size is non-zero (sizes are not negative).
func (bl *builder) nonEmpty(sizes []value.Value) value.Value {
	var all value.Value = constant.True
	for _, s := range sizes {
		all = bl.and(all, bl.icmp(enum.IPredNE, s, i64c(0)))
	}
	return all
}

// checkLayout checks the data pointer, offset and strides of a descriptor
// whose sizes are checked already: its elements must lie within 2^63
// bytes (no address computation overflows), an argument with elements
// must have a data pointer, and the elements of an output must not share
// memory. Empty tensors are not read or written, so they pass.
func (fc *llfunc) checkLayout(t *ir.TensorType, aligned, offset value.Value, sizes, strides []value.Value, what string, output bool) {
	if !fc.mod.opts.Checks {
		return
	}
	bl := fc.bl
	full := bl.nonEmpty(sizes)
	if !output {
		null := constant.NewNull(aligned.Type().(*types.PointerType))
		fc.fail(bl.and(full, bl.b.NewICmp(enum.IPredEQ, aligned, null)), StatusDesc,
			escape(what)+": the descriptor's aligned pointer is NULL, but the tensor has elements")
	}
	// The lowest and highest element offsets, in bytes, overflow-checked.
	var ovf value.Value = constant.False
	lo, hi := offset, offset
	extents := make([]value.Value, len(sizes)) // |(size-1) * stride|, as unsigned
	for d := range sizes {
		e, o := bl.mulOverflow(bl.b.NewSub(sizes[d], i64c(1)), strides[d])
		ovf = bl.or(ovf, o)
		neg := bl.b.NewICmp(enum.IPredSLT, e, i64c(0))
		var o1, o2 value.Value
		lo, o1 = bl.addOverflow(lo, bl.b.NewSelect(neg, e, i64c(0)))
		hi, o2 = bl.addOverflow(hi, bl.b.NewSelect(neg, i64c(0), e))
		ovf = bl.or(ovf, bl.or(o1, o2))
		extents[d] = bl.b.NewSelect(neg, bl.b.NewSub(i64c(0), e), e)
	}
	esz := i64c(byteSize(t.Elem))
	_, o1 := bl.mulOverflow(lo, esz)
	_, o2 := bl.mulOverflow(hi, esz)
	ovf = bl.or(ovf, bl.or(o1, o2))
	fc.fail(bl.and(full, ovf), StatusDesc,
		escape(what)+": the descriptor's offset and strides put its elements more than 2^63 bytes apart")
	if !output {
		return
	}
	// Dimension k overlaps when it has more than one element and its
	// stride does not exceed the extent of the dimensions ordered before
	// it by (|stride|, index).
	abs := make([]value.Value, len(sizes))
	many := make([]value.Value, len(sizes))
	for d := range sizes {
		neg := bl.b.NewICmp(enum.IPredSLT, strides[d], i64c(0))
		abs[d] = bl.b.NewSelect(neg, bl.b.NewSub(i64c(0), strides[d]), strides[d])
		many[d] = bl.b.NewICmp(enum.IPredUGT, sizes[d], i64c(1))
	}
	for k := range sizes {
		var before value.Value = i64c(0)
		for j := range sizes {
			if j == k {
				continue
			}
			pred := enum.IPredULT
			if j < k {
				pred = enum.IPredULE
			}
			in := bl.and(many[j], bl.b.NewICmp(pred, abs[j], abs[k]))
			before = bl.b.NewAdd(before, bl.b.NewSelect(in, extents[j], i64c(0)))
		}
		shared := bl.and(many[k], bl.b.NewICmp(enum.IPredULE, abs[k], before))
		fc.fail(bl.and(full, shared), StatusDesc,
			fmt.Sprintf("%s: the strides of the caller's descriptor make elements share memory, dimension %d, stride %%lld: an output's elements must be distinct", escape(what), k), strides[k])
	}
}

// mulOverflow returns x*y and whether the signed product overflowed.
func (bl *builder) mulOverflow(x, y value.Value) (value.Value, value.Value) {
	return bl.withOverflow("llvm.smul.with.overflow.i64", x, y)
}

// addOverflow returns x+y and whether the signed sum overflowed.
func (bl *builder) addOverflow(x, y value.Value) (value.Value, value.Value) {
	return bl.withOverflow("llvm.sadd.with.overflow.i64", x, y)
}

func (bl *builder) withOverflow(name string, x, y value.Value) (value.Value, value.Value) {
	f := bl.mod.intrinsic(name, types.NewStruct(types.I64, types.I1), types.I64, types.I64)
	r := bl.b.NewCall(f, x, y)
	return bl.b.NewExtractValue(r, 0), bl.b.NewExtractValue(r, 1)
}
