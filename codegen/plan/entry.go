package plan

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// NewEntry decides whether f gets a fast entry: a second body for calls
// whose descriptors have the static sizes, row-major layouts and the
// caller's result buffers, which runs the nests with constant strides and
// tail-calls the general body on anything else (a small static function
// called in a loop then pays for nothing around its nest). f qualifies
// when it is public, its tensors are static, and every op is a constant,
// a fused op, or a nest whose value is returned once; no nest may run on
// threads (parallelMin: 1 means always) or stream (ntMin), which the
// general body decides. fusion is f's fusion plan, asked for only once
// the signature qualifies.
func NewEntry(f *ir.Func, fusion func() *Fusion, parallelMin, ntMin int64) Entry {
	switch {
	case f.External:
		return Entry{Reason: "external"}
	case f.Visibility == "private":
		return Entry{Reason: "private"}
	case parallelMin == 1:
		return Entry{Reason: "threads always"}
	}
	for _, a := range f.Args() {
		if !static(a.Type()) {
			return Entry{Reason: "a dynamic argument"}
		}
	}
	for _, t := range f.ResultTypes {
		if _, ok := t.(*ir.TensorType); !ok || !static(t) {
			return Entry{Reason: "a result that is not a static tensor"}
		}
	}
	fu := fusion()
	fusible := func(op *ir.Op) bool { return op != nil && op.NumResults() > 0 && fu.Loops[op.Result(0).ID()] != nil }
	returned := map[*ir.Value]bool{}
	for op := range f.Ops() {
		switch {
		case op.Has(ir.TraitTerminator):
			for _, v := range op.Operands() {
				if returned[v] || !fusible(v.Def()) || len(v.Uses()) != 1 {
					return Entry{Reason: "a result not computed by its own nest"}
				}
				returned[v] = true
			}
		case op.Has(traits.ConstantLike):
		case fusible(op):
			if why := fastNest(op, fu, parallelMin, ntMin); why != "" {
				return Entry{Reason: why}
			}
		default:
			return Entry{Reason: "an op other than a constant or a nest: " + op.Name}
		}
	}
	return Entry{Fast: true, Reason: "static, every result one nest"}
}

// fastNest is why a nest keeps f from a fast entry, or "".
func fastNest(op *ir.Op, fu *Fusion, parallelMin, ntMin int64) string {
	for _, r := range op.Results() {
		n, ok := ir.NumElements(r.Type().(*ir.TensorType).Shape)
		switch {
		case !ok:
			return "a dynamic shape"
		case parallelMin > 0 && n >= parallelMin:
			return "a nest that may run on threads"
		case ntMin > 0 && n*ByteSize(ir.ElementType(r.Type())) >= ntMin:
			return "a nest that may stream"
		}
		uses := r.Uses()
		if len(uses) != 1 || (!uses[0].Op.Has(ir.TraitTerminator) && !fu.Inlined[r.ID()]) {
			return "a value computed into a buffer"
		}
	}
	return ""
}

func static(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.TensorType:
		return !t.Unranked && ir.IsStatic(t.Shape)
	case *ir.Scalar:
		return true
	}
	return false
}
