package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// MLIR's test ops of the oilist directive (TestOps.td): clauses that may
// come in any order, each at most once, printed in declaration order.

// oiKind is what follows a clause's keyword.
type oiKind int

const (
	oiUnit      oiKind = iota // nothing: the keyword sets a unit attribute
	oiOperand                 // `%x : T`
	oiParenList               // `(%x, %y : T, U)`
	oiOptParen                // ` (%x) `, an optional i32 (MLIR's custom<CustomOptionalOperand>, trailing blank included)
)

// oiClause is one clause; operand clauses are the op's operand groups,
// in order.
type oiClause struct {
	keyword string
	kind    oiKind
	attr    string // the unit attribute of an oiUnit clause
}

func oilistOp(name string, clauses ...oiClause) *Op {
	groups := 0
	for _, c := range clauses {
		if c.kind != oiUnit {
			groups++
		}
	}
	row := &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: "MLIR's test op of the oilist directive",
			Format: oilistForm(clauses, groups),
		},
		Operands: []Arg{{"operands", AnyType, true}},
	}
	for _, c := range clauses {
		if c.kind == oiUnit {
			row.Inherent = append(row.Inherent, c.attr)
		}
	}
	if groups > 0 {
		row.Inherent = append(row.Inherent, "operandSegmentSizes")
		row.Traits = []*ir.Trait{traits.AttrSizedOperandSegments(groups)}
	}
	return row
}

// OIListOps are the oilist test ops of MLIR's IR/traits.mlir.
var OIListOps = []*Op{
	oilistOp("test.oilist_with_keywords_only",
		oiClause{"keyword", oiUnit, "keyword"}, oiClause{"otherKeyword", oiUnit, "otherKeyword"},
		oiClause{"thirdKeyword", oiUnit, "diffNameUnitAttrKeyword"}),
	oilistOp("test.oilist_with_simple_args",
		oiClause{"keyword", oiOperand, ""}, oiClause{"otherKeyword", oiOperand, ""}, oiClause{"thirdKeyword", oiOperand, ""}),
	oilistOp("test.oilist_variadic_with_parens",
		oiClause{"keyword", oiParenList, ""}, oiClause{"otherKeyword", oiParenList, ""}, oiClause{"thirdKeyword", oiParenList, ""}),
	oilistOp("test.oilist_custom",
		oiClause{"private", oiParenList, ""}, oiClause{"reduction", oiOptParen, ""}, oiClause{"nowait", oiUnit, "nowait"}),
}

func oilistForm(clauses []oiClause, groups int) *ir.Format {
	return &ir.Format{
		Name: "oilist(clauses) attr-dict",
		Parse: func(p ir.OpParser) *ir.Op {
			sizes := make([]int64, groups)
			types := make([][]ir.Type, groups)
			parsedAt := make([]int, groups) // first operand index of each group in text order
			seen := make([]bool, len(clauses))
			for {
				i := oiNext(p, clauses, seen)
				if i < 0 {
					break
				}
				seen[i] = true
				c := clauses[i]
				if c.kind == oiUnit {
					p.SetAttr(c.attr, ir.UnitAttr{})
					continue
				}
				g := oiGroup(clauses, i)
				parsedAt[g] = p.NumOperands()
				types[g] = oiParseClause(p, c)
				if p.Failed() {
					return nil
				}
				sizes[g] = int64(len(types[g]))
			}
			p.ParseOptionalAttrDict()
			var order []int
			var all []ir.Type
			for g := range groups {
				for k := range types[g] {
					order = append(order, parsedAt[g]+k)
				}
				all = append(all, types[g]...)
			}
			p.PermuteOperands(order)
			if groups > 0 {
				p.SetAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: sizes})
			}
			return p.Build(all, nil)
		},
		Print: func(p ir.OpPrinter, op *ir.Op) bool {
			a, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
			if groups > 0 && (a == nil || len(a.Ints) != groups) || op.NumResults() != 0 {
				return false
			}
			elided := []string{"operandSegmentSizes"}
			at := 0
			for i, c := range clauses {
				if c.kind == oiUnit {
					elided = append(elided, c.attr)
					if op.Attr(c.attr) != nil {
						p.Str(" " + c.keyword)
					}
					continue
				}
				n := int(a.Ints[oiGroup(clauses, i)])
				if n < 0 || at+n > op.NumOperands() {
					return false
				}
				if n > 0 {
					oiPrintClause(p, c, op.Operands()[at:at+n])
				}
				at += n
			}
			p.OptionalAttrDict(op.Attrs, elided...)
			return true
		},
	}
}

// oiNext consumes the keyword of a clause not seen yet and returns its
// index, or -1.
func oiNext(p ir.OpParser, clauses []oiClause, seen []bool) int {
	for i, c := range clauses {
		if !seen[i] && p.ParseOptionalKeyword(c.keyword) {
			return i
		}
	}
	return -1
}

// oiGroup is the operand group of operand clause i.
func oiGroup(clauses []oiClause, i int) int {
	g := 0
	for _, c := range clauses[:i] {
		if c.kind != oiUnit {
			g++
		}
	}
	return g
}

// oiParseClause parses what follows an operand clause's keyword and
// returns its operand types.
func oiParseClause(p ir.OpParser, c oiClause) []ir.Type {
	switch c.kind {
	case oiOperand:
		if !p.ParseOperand() {
			return nil
		}
		if t := p.ParseColonType("a type"); t != nil {
			return []ir.Type{t}
		}
	case oiParenList:
		n := p.NumOperands()
		if !p.Parse("(", "expected '('") || !p.ParseOperands() {
			return nil
		}
		if !p.Parse(":", "expected ':'") {
			return nil
		}
		ts := p.ParseTypeList()
		if len(ts) != p.NumOperands()-n {
			p.Errorf("expected %d types", p.NumOperands()-n)
			return nil
		}
		if p.Parse(")", "expected ')'") {
			return ts
		}
	case oiOptParen:
		if p.Parse("(", "expected '('") && p.ParseOperand() && p.Parse(")", "expected ')'") {
			return []ir.Type{ir.I32}
		}
	}
	return nil
}

func oiPrintClause(p ir.OpPrinter, c oiClause, vs []*ir.Value) {
	p.Str(" " + c.keyword)
	switch c.kind {
	case oiOperand:
		p.Str(" ")
		p.Operand(vs[0])
		p.Str(" : ")
		p.Type(vs[0].Type())
	case oiParenList:
		p.Str("(")
		p.Operands(vs)
		p.Str(" : ")
		for i, v := range vs {
			if i > 0 {
				p.Str(", ")
			}
			p.Type(v.Type())
		}
		p.Str(")")
	case oiOptParen:
		p.Str(" (")
		p.Operand(vs[0])
		p.Str(") ")
	}
}
