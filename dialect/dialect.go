package dialect

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Op is one row of an op table: everything about an op in one place.
// The row is an ir.OpDef (name, summary, aliases, traits, hooks, kernel,
// format) plus the argument lists and attributes its structural traits
// are derived from. Register turns a row into an ir.OpDef whose trait
// list follows MLIR's verification order: the operand/result counts
// implied by Operands and Results, then the type and attribute
// constraints ("OpInvariants"), then the row's Traits in order, then
// Verify.
type Op struct {
	ir.OpDef

	Operands []Arg
	Results  []Arg
	Attrs    []AttrSpec
}

// Arg is an operand or result with its type constraint. Only the last Arg
// of a list may be Variadic (zero or more values).
type Arg struct {
	Name     string
	Type     Constraint
	Variadic bool
}

// Constraint is a type constraint with MLIR's description, which appears
// in messages such as "operand #0 must be floating-point-like, but got ...".
type Constraint struct {
	Desc  string
	Match func(ir.Type) bool
}

// AttrSpec is an attribute an op reads. A missing required attribute is
// "requires attribute 'x'"; a wrong one "attribute 'x' failed to satisfy
// constraint: <Desc>".
type AttrSpec struct {
	Name     string
	Desc     string
	Check    func(ir.Attr) bool
	Optional bool
}

// Def builds the ir.OpDef for the row.
func (r *Op) Def() *ir.OpDef {
	var ts []*ir.Trait
	if len(r.Attrs) > 0 {
		ts = append(ts, inherentAttrs(r))
	}
	ts = append(ts, countTraits(r)...)
	if len(r.Operands) > 0 || len(r.Results) > 0 || len(r.Attrs) > 0 {
		ts = append(ts, invariants(r))
	}
	for _, t := range r.Traits {
		dup := false
		for _, x := range ts {
			if x == t {
				dup = true
			}
		}
		if !dup {
			ts = append(ts, t)
		}
	}
	d := r.OpDef
	d.Traits = ts
	return &d
}

// Register registers rows (and their dialects) with the ir registry.
func Register(rows ...*Op) error {
	for _, r := range rows {
		if err := ir.Register(r.Def()); err != nil {
			return err
		}
	}
	return nil
}

// countTraits derives MLIR's structural count traits from the argument
// lists, in ODS's order: the result count comes before the operand count
// (mlir-opt-19 reports "requires one result" for
// `"test.op_commutative"(%a) : (i32) -> ()`, not the operand count).
func countTraits(r *Op) []*ir.Trait {
	var ts []*ir.Trait
	if r.Regions != 0 { // ZeroRegions is checked by ir.Verify for every row
		if t := traits.RegionCount(r.Regions); t != nil {
			ts = append(ts, t)
		}
	}
	if n, variadic := fixedCount(r.Results); !variadic {
		switch n {
		case 0:
			ts = append(ts, zeroResults)
		case 1:
			ts = append(ts, traits.SingleResult)
		default:
			ts = append(ts, nResults(n))
		}
	} else if n > 0 {
		ts = append(ts, traits.AtLeastNResults(n))
	}
	if n, variadic := fixedCount(r.Operands); variadic {
		if n > 0 {
			ts = append(ts, traits.AtLeastNOperands(n))
		}
	} else {
		ts = append(ts, traits.NOperands(n))
	}
	return ts
}

func fixedCount(args []Arg) (int, bool) {
	if len(args) > 0 && args[len(args)-1].Variadic {
		return len(args) - 1, true
	}
	return len(args), false
}

var zeroResults = &ir.Trait{
	Name: "ZeroResults",
	Doc:  "The op has no results.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumResults() != 0 {
			return op.Errorf("requires zero results")
		}
		return nil
	},
}

func nResults(n int) *ir.Trait {
	return &ir.Trait{
		Name: fmt.Sprintf("NResults<%d>", n),
		Verify: func(op *ir.Op) *ir.Diagnostic {
			if op.NumResults() != n {
				return op.Errorf("expected %d results", n)
			}
			return nil
		},
	}
}

// inherentAttrs checks the attributes present against their constraints
// before anything else, as mlir-opt-19 does when it parses an op (its
// verifyInherentAttrs): `"arith.cmpi"(%a, %b, %c) {predicate = 10 : i64}`
// is refused for the predicate, not the operand count.
func inherentAttrs(r *Op) *ir.Trait {
	return &ir.Trait{
		Name: "InherentAttrs",
		Doc:  "The op's attributes present satisfy their constraints.",
		Verify: func(op *ir.Op) *ir.Diagnostic {
			for _, a := range r.Attrs {
				if v := op.Attr(a.Name); v != nil && a.Check != nil && !a.Check(v) {
					return op.Errorf("attribute '%s' failed to satisfy constraint: %s", a.Name, a.Desc)
				}
			}
			return nil
		},
	}
}

// invariants checks attributes, then operand types, then result types,
// with ODS's messages.
func invariants(r *Op) *ir.Trait {
	return &ir.Trait{
		Name: "OpInvariants",
		Doc:  "The op's attributes, operand types and result types satisfy its constraints.",
		Verify: func(op *ir.Op) *ir.Diagnostic {
			for _, a := range r.Attrs {
				v := op.Attr(a.Name)
				if v == nil {
					if a.Optional {
						continue
					}
					return op.Errorf("requires attribute '%s'", a.Name)
				}
				if a.Check != nil && !a.Check(v) {
					return op.Errorf("attribute '%s' failed to satisfy constraint: %s", a.Name, a.Desc)
				}
			}
			if d := checkArgs(op, "operand", r.Operands, op.Operands()); d != nil {
				return d
			}
			return checkArgs(op, "result", r.Results, op.Results())
		},
	}
}

func checkArgs(op *ir.Op, what string, args []Arg, vals []*ir.Value) *ir.Diagnostic {
	for i, v := range vals {
		t := v.Type()
		if len(args) == 0 {
			return nil
		}
		a := args[min(i, len(args)-1)]
		if i >= len(args) && !a.Variadic {
			return nil // a count trait reports this
		}
		if a.Type.Match != nil && !a.Type.Match(t) {
			desc := a.Type.Desc
			if a.Variadic {
				desc = "variadic of " + desc
			}
			return op.Errorf("%s #%d must be %s, but got '%s'", what, i, desc, ir.TypeString(t))
		}
	}
	return nil
}

// ---- type constraints ----

func elemIs(t ir.Type, pred func(*ir.Scalar) bool) bool {
	e := ir.ElementType(t)
	return e != nil && pred(e)
}

func isTensor(t ir.Type) bool      { _, ok := t.(*ir.TensorType); return ok }
func isInt(e *ir.Scalar) bool      { return e.IsInt() }
func isSignless(e *ir.Scalar) bool { return e.IsSignless() }
func isFloat(e *ir.Scalar) bool {
	return e.IsFloat()
}
func isBool(e *ir.Scalar) bool { return e == ir.I1 }

// The constraints used by the op tables, with MLIR's descriptions.
var (
	AnyType   = Constraint{"any type", nil}
	AnyTensor = Constraint{"tensor of any type values", isTensor}
	AnyShaped = Constraint{"shaped of any type values", ir.IsShapedOrMemRef}

	TensorOrVector      = Constraint{"tensor or vector of any type values", ir.IsShaped}
	IntTensorOrVector   = Constraint{"tensor or vector of integer values", func(t ir.Type) bool { return ir.IsShaped(t) && elemIs(t, isInt) }}
	FloatTensorOrVector = Constraint{"tensor or vector of floating-point values", func(t ir.Type) bool { return ir.IsShaped(t) && elemIs(t, isFloat) }}
	BoolTensorOrVector  = Constraint{"tensor or vector of 1-bit signless integer values", func(t ir.Type) bool { return ir.IsShaped(t) && elemIs(t, isBool) }}

	FloatLike           = Constraint{"floating-point-like", func(t ir.Type) bool { return elemIs(t, isFloat) }}
	SignlessIntegerLike = Constraint{"signless-integer-like", func(t ir.Type) bool { return elemIs(t, isSignless) }}
	// SignlessFixedWidthIntegerLike excludes index (arith's casts).
	SignlessFixedWidthIntegerLike = Constraint{"signless-fixed-width-integer-like", func(t ir.Type) bool {
		return elemIs(t, func(e *ir.Scalar) bool { return e.IsSignless() && e != ir.Index })
	}}
	IndexCastLike = Constraint{"signless-integer-like or memref of signless-integer", func(t ir.Type) bool { return elemOrMemRefIs(t, isSignless) }}
	BitcastLike   = Constraint{"signless-integer-or-float-like or memref of signless-integer or float", func(t ir.Type) bool {
		return elemOrMemRefIs(t, func(e *ir.Scalar) bool { return e.IsSignless() || e.IsFloat() })
	}}
	BoolLike = Constraint{"bool-like", func(t ir.Type) bool { return elemIs(t, isBool) }}
	I32      = Constraint{"32-bit signless integer", func(t ir.Type) bool { return t == ir.I32 }}
)

// ---- attribute constraints ----

// I64ArrayAttr accepts array<i64: ...>.
var I64ArrayAttr = func(a ir.Attr) bool {
	d, ok := a.(*ir.DenseArrayAttr)
	return ok && d.Elem == ir.I64
}

// oneOfStrings accepts a string attribute among names.
func oneOfStrings(names ...string) (string, func(ir.Attr) bool) {
	desc := "one of " + strings.Join(quoteAll(names), ", ")
	return desc, func(a ir.Attr) bool {
		s, ok := a.(ir.StringAttr)
		if !ok {
			return false
		}
		for _, n := range names {
			if string(s) == n {
				return true
			}
		}
		return false
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = `"` + s + `"`
	}
	return out
}
