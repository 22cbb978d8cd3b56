package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// Bare-pointer entries (MLIR's use-bare-ptr-memref-call-conv, beside the
// descriptor ABI rather than instead of it). A public function whose
// tensors all have static shapes also gets
//
//	int32_t f_bare(const float *arg0, const float *arg1, float *res0);
//
// taking each tensor as a pointer to its first element, row-major and
// contiguous, results allocated by the caller (never NULL, unless the
// result has no elements) and not aliasing the arguments; scalars as in
// f. It fills descriptors on its stack and calls f, which clang inlines:
// the descriptor checks then fold away, and a call on a small tensor costs
// what a hand-written C function costs (W4 of BENCH.md). The status and
// messages are f's. A module that already defines f_bare keeps it, and f
// gets no bare entry.

// emitBare defines f's bare-pointer entry name, calling entry (f), and
// returns it.
func (mc *moduleCtx) emitBare(f *ir.Func, name string, entry *llvm.Func) *llvm.Func {
	var ps []*llvm.Param
	var tensors []*ir.TensorType // nil for the other parameters
	param := func(t ir.Type, label string, isResult bool) {
		tt, ok := t.(*ir.TensorType)
		if !ok {
			at, _ := mc.abiType(t, isResult) // checked when f was declared
			ps = append(ps, llvm.NewParam(label, at))
			tensors = append(tensors, nil)
			return
		}
		p := llvm.NewParam(label, types.NewPointer(storageType(tt.Elem)))
		p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrNoCapture)
		if !isResult {
			p.Attrs = append(p.Attrs, enum.ParamAttrReadOnly)
		} else if n, _ := ir.NumElements(tt.Shape); n > 0 && !mc.opts.Checks {
			p.Attrs = append(p.Attrs, enum.ParamAttrNonNull) // with checks a NULL one is reported
		}
		ps = append(ps, p)
		tensors = append(tensors, tt)
	}
	for i, a := range f.Args() {
		param(a.Type(), fmt.Sprintf("arg%d", i), false)
	}
	nargs := len(ps)
	for i, t := range f.ResultTypes {
		param(t, fmt.Sprintf("res%d", i), true)
	}
	fn := mc.newFunc(name, types.I32, ps...) // name is reserved by declare
	mc.funcAttrs(fn)
	bl := newBuilder(mc, fn)
	if mc.opts.Checks {
		mc.checkBarePointers(bl, f, name, ps, tensors, nargs)
	}
	b := bl.b
	args := make([]value.Value, len(ps))
	for i, p := range ps {
		t := tensors[i]
		if t == nil {
			args[i] = p
			continue
		}
		var ptr value.Value = p
		if i >= nargs {
			if n, _ := ir.NumElements(t.Shape); n == 0 {
				// A result without elements may come as NULL, which
				// the descriptor ABI would read as "allocate it".
				dummy := bl.alloca(storageType(t.Elem))
				ptr = b.NewSelect(b.NewICmp(enum.IPredEQ, p, constant.NewNull(p.Typ.(*types.PointerType))), dummy, p)
			}
		}
		st := mc.descType(t.Elem, len(t.Shape))
		d := bl.alloca(st)
		field := func(i, j int) value.Value { return bl.fieldPtr(st, d, i, j) }
		store(b, ptr, field(0, -1))
		store(b, ptr, field(1, -1))
		store(b, i64c(0), field(2, -1))
		if r := len(t.Shape); r > 0 {
			// Sizes and strides in one vector store, the shape of the
			// fast entry's check, so that clang forwards it and the
			// check folds.
			fields := make([]constant.Constant, 2*r)
			stride := int64(1)
			for k := r - 1; k >= 0; k-- {
				fields[k], fields[r+k] = i64c(t.Shape[k]), i64c(stride)
				stride *= t.Shape[k]
			}
			vt := types.NewVector(uint64(2*r), types.I64)
			st := store(b, constant.NewVector(vt, fields...), b.NewBitCast(field(3, 0), types.NewPointer(vt)))
			st.Align = 8
		}
		args[i] = d
	}
	call := b.NewCall(entry, args...)
	if mc.lookupDecl(f.Name).general != "" {
		// f is its small fast entry (fastentry.go): inlined, its checks
		// of these descriptors fold to constants.
		call.FuncAttrs = append(call.FuncAttrs, enum.FuncAttrAlwaysInline)
	}
	b.NewRet(call)
	bl.finish()
	return fn
}

// checkBarePointers returns status 4 with a message when a pointer to a
// tensor that has elements is NULL (desccheck.go): for a result, the
// descriptor ABI would read NULL as "allocate it" and lose the result. One
// branch on the hot path; the cold one finds the culprit.
func (mc *moduleCtx) checkBarePointers(bl *builder, f *ir.Func, name string, ps []*llvm.Param, tensors []*ir.TensorType, nargs int) {
	var anyNull value.Value = constant.False
	var nulls []value.Value
	var whats []string
	for i, p := range ps {
		t := tensors[i]
		if t == nil {
			continue
		}
		if n, _ := ir.NumElements(t.Shape); n == 0 {
			continue
		}
		what := fmt.Sprintf("argument #%d", i)
		if i >= nargs {
			what = fmt.Sprintf("result #%d", i-nargs)
		}
		null := bl.b.NewICmp(enum.IPredEQ, p, constant.NewNull(p.Typ.(*types.PointerType)))
		anyNull = bl.or(anyNull, null)
		nulls = append(nulls, null)
		whats = append(whats, what+" is a NULL pointer, but the tensor "+ir.TypeString(t)+" has elements")
	}
	if len(nulls) == 0 {
		return
	}
	bl.ifThen(anyNull, "null", func() {
		for i, null := range nulls {
			bl.ifThen(null, "null.report", func() {
				format := mc.ownString(f, "tirc: error: "+escape(name)+": "+escape(whats[i])+"\n")
				bl.b.NewCall(mc.dprintf(), bl.b.NewLoad(types.I32, mc.errorFD()), format)
				bl.b.NewRet(i32c(StatusDesc))
			})
		}
		bl.b.NewUnreachable()
	})
}
