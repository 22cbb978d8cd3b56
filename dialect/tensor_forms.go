package dialect

import (
	"math"
	"strconv"

	"github.com/tirc/tirc/ir"
)

// The pieces of the tensor dialect's custom forms that several ops share:
// MLIR's mixed static/dynamic index lists (`[%o, 4]`, whose generic form
// is a `static_*` dense array with kDynamic where an operand stands) and
// reassociation lists (`[[0, 1], [2]]`).

// KDynamic is MLIR's ShapedType::kDynamic, the value a static_* array
// holds where the list has an SSA operand.
const KDynamic = math.MinInt64

// MixedList is one mixed static/dynamic list of an op: Static holds every
// entry, KDynamic where the next of Values stands.
type MixedList struct {
	Static []int64
	Values []*ir.Value
}

// At returns entry i: its static value, or (0, v) when it is the SSA
// value v.
func (m MixedList) At(i int) (int64, *ir.Value) {
	if m.Static[i] != KDynamic {
		return m.Static[i], nil
	}
	k := 0
	for _, s := range m.Static[:i] {
		if s == KDynamic {
			k++
		}
	}
	if k < len(m.Values) {
		return 0, m.Values[k]
	}
	return 0, nil
}

// Len is the number of entries.
func (m MixedList) Len() int { return len(m.Static) }

// numDynamic counts the KDynamic entries of s.
func numDynamic(s []int64) int {
	n := 0
	for _, x := range s {
		if x == KDynamic {
			n++
		}
	}
	return n
}

// parseMixedList parses `[` (operand | integer) (`,` ...)* `]`, adding the
// operands to the op, and returns the static entries (KDynamic for each
// operand).
func parseMixedList(p ir.OpParser) ([]int64, bool) {
	if !p.Parse("[", "expected '['") {
		return nil, false
	}
	static := []int64{}
	if p.ParseOptional("]") {
		return static, true
	}
	for {
		if p.AtOperand() {
			if !p.ParseOperand() {
				return nil, false
			}
			static = append(static, KDynamic)
		} else {
			at := p.Pos()
			a, ok := p.ParseAttr().(*ir.IntAttr)
			if !ok {
				if !p.Failed() {
					p.ErrorAt(at, "expected SSA value or integer")
				}
				return nil, false
			}
			static = append(static, a.Value)
		}
		if !p.ParseOptional(",") {
			break
		}
	}
	return static, p.Parse("]", "expected ']'")
}

// printMixedList prints `[a, %b, ...]`, the operands vals in the order
// of static's KDynamic entries.
func printMixedList(p ir.OpPrinter, static []int64, vals []*ir.Value) {
	p.Str("[")
	k := 0
	for i, s := range static {
		if i > 0 {
			p.Str(", ")
		}
		if s == KDynamic && k < len(vals) {
			p.Operand(vals[k])
			k++
			continue
		}
		p.Str(strconv.FormatInt(s, 10))
	}
	p.Str("]")
}

// staticArray returns the i64 dense array attribute name of op (nil if
// absent or of another kind).
func staticArray(op *ir.Op, name string) []int64 {
	if d, ok := op.Attr(name).(*ir.DenseArrayAttr); ok && d.Elem == ir.I64 {
		return d.Ints
	}
	return nil
}

// segmentSizes returns op's operandSegmentSizes when they are n
// non-negative sizes adding up to its operand count.
func segmentSizes(op *ir.Op, n int) ([]int, bool) {
	d, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || d.Elem != ir.I32 || len(d.Ints) != n {
		return nil, false
	}
	out := make([]int, n)
	sum := 0
	for i, s := range d.Ints {
		if s < 0 {
			return nil, false
		}
		out[i] = int(s)
		sum += int(s)
	}
	return out, sum == op.NumOperands()
}

// segments splits op's operands by its operandSegmentSizes.
func segments(op *ir.Op, n int) ([][]*ir.Value, bool) {
	sizes, ok := segmentSizes(op, n)
	if !ok {
		return nil, false
	}
	out := make([][]*ir.Value, n)
	at := 0
	for i, s := range sizes {
		out[i] = op.Operands()[at : at+s]
		at += s
	}
	return out, true
}

// segmentAttr is the operandSegmentSizes attribute of the sizes.
func segmentAttr(sizes ...int) *ir.DenseArrayAttr {
	d := &ir.DenseArrayAttr{Elem: ir.I32}
	for _, s := range sizes {
		d.Ints = append(d.Ints, int64(s))
	}
	return d
}

// Reassociation returns a reshape's reassociation groups (nil, false when
// the attribute is not an array of arrays of integers).
func Reassociation(op *ir.Op) ([][]int64, bool) {
	a, ok := op.Attr(ReassociationAttr).(ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([][]int64, len(a))
	for i, g := range a {
		ga, ok := g.(ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		for _, x := range ga {
			n, ok := x.(*ir.IntAttr)
			if !ok {
				return nil, false
			}
			out[i] = append(out[i], n.Value)
		}
	}
	return out, true
}

// reassociationAttr checks the attribute constraint of `reassociation`
// (MLIR's IndexListArrayAttr).
func reassociationAttr(a ir.Attr) bool {
	arr, ok := a.(ir.ArrayAttr)
	if !ok {
		return false
	}
	for _, g := range arr {
		ga, ok := g.(ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, x := range ga {
			if n, ok := x.(*ir.IntAttr); !ok || n.Type != ir.I64 {
				return false
			}
		}
	}
	return true
}

// printReassociation prints ` [[0, 1], [2]]`.
func printReassociation(p ir.OpPrinter, groups [][]int64) {
	p.Str(" [")
	for i, g := range groups {
		if i > 0 {
			p.Str(", ")
		}
		p.Str("[" + joinInt64s(g) + "]")
	}
	p.Str("]")
}
