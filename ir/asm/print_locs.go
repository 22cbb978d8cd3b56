package asm

import (
	"slices"
	"strconv"

	"github.com/tirc/tirc/ir"
)

// Location aliases of -mlir-print-debuginfo, numbered and placed as
// mlir-opt-19 does: every distinct location (and each location inside
// one) is an alias #loc, #loc1, ..., numbered by depth (a location's depth
// is one more than its deepest part's; file locations, unknown and names
// without a child are 0), then by first appearance (the module, then each
// function, its arguments and its ops). Ops, functions and the module
// print loc(#locN); arguments print their location inline with its parts
// as aliases. The aliases of arguments (and their parts) are defined
// before the module, the others after it.

// locAlias is one aliased location.
type locAlias struct {
	node  *locNode
	name  string
	depth int
	visit int
	top   bool // an argument's location or part of one
}

// locAliases maps the inline text of each location to its alias.
type locAliases struct {
	byKey map[string]*locAlias
	order []*locAlias // by alias number
}

// newLocAliases collects the locations m prints with DebugInfo.
func newLocAliases(m *ir.Module) *locAliases {
	la := &locAliases{byKey: map[string]*locAlias{}}
	la.add(locText(m.Loc, moduleLocPos(m)), false)
	for _, f := range m.Funcs {
		la.add(locText(f.Loc, f.Pos), false)
		if !f.External {
			for i, a := range f.Args() {
				la.add(locText(argLocText(f, i), a.Pos), true)
			}
		}
		for op := f.First(); op != nil; op = op.Next() {
			la.add(locText(op.Loc, op.Pos), false)
		}
	}
	for _, a := range la.byKey {
		la.order = append(la.order, a)
	}
	slices.SortFunc(la.order, func(a, b *locAlias) int {
		if a.depth != b.depth {
			return a.depth - b.depth
		}
		return a.visit - b.visit
	})
	for i, a := range la.order {
		a.name = "#loc"
		if i > 0 {
			a.name += strconv.Itoa(i)
		}
	}
	return la
}

// add visits the location written as text ("" for none).
func (la *locAliases) add(text string, top bool) {
	if text == "" {
		return
	}
	if n := parseLocString(text); n != nil {
		la.visit(n, top)
	}
}

func (la *locAliases) visit(n *locNode, top bool) int {
	key := n.String()
	if a, ok := la.byKey[key]; ok {
		if top && !a.top {
			la.markTop(a.node)
		}
		return a.depth
	}
	a := &locAlias{node: n, visit: len(la.byKey), top: top}
	la.byKey[key] = a
	for _, k := range locParts(n) {
		a.depth = max(a.depth, la.visit(k, top)+1)
	}
	return a.depth
}

func (la *locAliases) markTop(n *locNode) {
	la.byKey[n.String()].top = true
	for _, k := range locParts(n) {
		la.markTop(k)
	}
}

// locParts are the locations inside n that get aliases of their own.
func locParts(n *locNode) []*locNode {
	switch n.kind {
	case 'n':
		if n.kids[0].kind == 'u' {
			return nil
		}
		return n.kids
	case 'c', 'F':
		return n.kids
	}
	return nil
}

// alias is the alias of a location, "" if it has none.
func (la *locAliases) alias(n *locNode) string {
	if a := la.byKey[n.String()]; a != nil {
		return a.name
	}
	return ""
}

// appendDefs prints the definitions of the aliases placed before (top)
// or after the module.
func (la *locAliases) appendDefs(b []byte, top bool) []byte {
	for _, a := range la.order {
		if a.top == top {
			b = append(b, a.name...)
			b = append(b, " = loc("...)
			b = a.node.appendTo(b, la.alias)
			b = append(b, ")\n"...)
		}
	}
	return b
}

// appendRef prints loc(...) of an op, function or the module: its alias.
func (la *locAliases) appendRef(b []byte, text string) []byte {
	n := parseLocString(text)
	if n == nil {
		return append(append(append(b, " loc("...), text...), ')')
	}
	b = append(b, " loc("...)
	if a := la.alias(n); a != "" {
		b = append(b, a...)
	} else {
		b = n.appendTo(b, la.alias)
	}
	return append(b, ')')
}

// appendInline prints loc(...) of an argument: inline, its parts as
// aliases.
func (la *locAliases) appendInline(b []byte, text string) []byte {
	n := parseLocString(text)
	if n == nil {
		return append(append(append(b, " loc("...), text...), ')')
	}
	b = append(b, " loc("...)
	b = n.appendTo(b, la.alias)
	return append(b, ')')
}

// locText is a location's inline text: l, or the source position at.
func locText(l string, at ir.Pos) string {
	if l != "" || at.File == nil || at.File.Built() {
		return l
	}
	b := ir.AppendQuoted(nil, at.File.Name)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(at.Line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(at.Col), 10)
	return string(b)
}

// moduleLocPos is where the module is: its keyword, or "file":0:0 for an
// implicit one (as mlir-opt).
func moduleLocPos(m *ir.Module) ir.Pos {
	if !m.Explicit {
		return ir.Pos{File: m.Src}
	}
	return m.Pos
}

func argLocText(f *ir.Func, i int) string {
	if i < len(f.ArgLocs) {
		return f.ArgLocs[i]
	}
	return ""
}
