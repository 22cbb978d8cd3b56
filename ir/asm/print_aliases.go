package asm

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Affine map aliases, as mlir-opt-19 prints them by default: every
// distinct `affine_map<...>` becomes #map, #map1, ... in the order of its
// first use in the text (MLIR's AliasInitializer visits attributes in
// print order, and maps have no aliased parts, so they keep that order),
// defined at the top of the output before the module; uses print the
// alias. In the generic form MLIR visits an op's regions first, then its
// attributes as one dictionary sorted by name (genericMapOrder).
// -mlir-print-local-scope prints them inline; modules without an affine
// map in an attribute or a memref layout are streamed unchanged.

const affineMapPrefix = "affine_map<"

// hasAffineMaps reports whether an attribute of m or of one of its ops
// (at any depth of arrays and dictionaries) is an affine map.
func hasAffineMaps(m *ir.Module) bool {
	if attrsHaveMap(m.Attrs) {
		return true
	}
	found := false
	visit := func(op *ir.Op) {
		if !found && (attrsHaveMap(op.Attrs) || valuesHaveMap(op.Results())) {
			found = true
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				found = found || valuesHaveMap(b.Args())
			}
		}
	}
	for _, f := range m.Funcs {
		if found || attrsHaveMap(f.Attrs) || valuesHaveMap(f.Args()) {
			return true
		}
		f.Walk(visit)
	}
	for _, op := range m.Ops {
		if found {
			break
		}
		op.Op.Walk(visit)
	}
	return found
}

// valuesHaveMap reports whether one of vs is a memref with an affine map
// layout (every type with a map types a value: an argument or a result).
func valuesHaveMap(vs []*ir.Value) bool {
	for _, v := range vs {
		if v == nil {
			continue
		}
		t, ok := v.Type().(*ir.MemRefType)
		for ok {
			if attrHasMap(t.Layout) {
				return true
			}
			t, ok = t.Elem.(*ir.MemRefType)
		}
	}
	return false
}

func attrsHaveMap(attrs ir.Attrs) bool {
	for _, na := range attrs {
		if attrHasMap(na.Value) {
			return true
		}
	}
	return false
}

func attrHasMap(a ir.Attr) bool {
	switch a := a.(type) {
	case *ir.OpaqueAttr:
		return len(a.Text) > len(affineMapPrefix) && a.Text[:len(affineMapPrefix)] == affineMapPrefix
	case ir.ArrayAttr:
		for _, e := range a {
			if attrHasMap(e) {
				return true
			}
		}
	case ir.DictAttr:
		return attrsHaveMap(ir.Attrs(a))
	}
	return false
}

// aliasMaps writes text with its affine maps (outside string literals)
// replaced by aliases whose definitions come first, after the location
// aliases defined at the top (#loc < #map, as MLIR orders aliases of one
// depth by name).
func aliasMaps(w io.Writer, text []byte, order []string) error {
	var body []byte
	var defs []byte
	ids := map[string]int{}
	for _, m := range order {
		if _, ok := ids[m]; !ok {
			ids[m] = len(ids)
		}
	}
	defined := make([]bool, len(ids))
	last := 0
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '"':
			i = skipQuoted(text, i)
		case text[i] == 'a' && bytes.HasPrefix(text[i:], []byte(affineMapPrefix)) && (i == 0 || !isIdentByte(text[i-1])):
			end := mapEnd(text, i+len(affineMapPrefix))
			if end < 0 {
				continue
			}
			m := string(text[i:end])
			id, ok := ids[m]
			if !ok {
				id = len(ids)
				ids[m] = id
				defined = append(defined, false)
			}
			defined[id] = true
			body = appendMapAlias(append(body, text[last:i]...), id)
			last = end
			i = end - 1
		}
	}
	if len(ids) == 0 {
		_, err := w.Write(text)
		return err
	}
	body = append(body, text[last:]...)
	byID := make([]string, len(ids))
	for m, id := range ids {
		byID[id] = m
	}
	for id, m := range byID {
		if defined[id] { // a map of the pre-pass that did not print has no alias
			defs = append(appendMapAlias(defs, id), " = "...)
			defs = append(append(defs, m...), '\n')
		}
	}
	top := 0 // the location aliases defined before the module stay first
	for bytes.HasPrefix(body[top:], []byte("#loc")) {
		nl := bytes.IndexByte(body[top:], '\n')
		if nl < 0 {
			break
		}
		top += nl + 1
	}
	for _, part := range [][]byte{body[:top], defs, body[top:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}

// genericMapOrder lists m's affine maps in the order MLIR's alias
// initializer meets them in the generic form: the ops of each region
// before the attributes of the op holding it, an op's attributes (and a
// dictionary's entries) sorted by name.
func genericMapOrder(m *ir.Module) []string {
	var order []string
	var visitAttr func(a ir.Attr)
	visitAttrs := func(attrs ir.Attrs) {
		sorted := slices.Clone(attrs)
		slices.SortStableFunc(sorted, func(x, y ir.NamedAttr) int { return strings.Compare(x.Name, y.Name) })
		for _, na := range sorted {
			visitAttr(na.Value)
		}
	}
	visitAttr = func(a ir.Attr) {
		switch a := a.(type) {
		case *ir.OpaqueAttr:
			if attrHasMap(a) {
				order = append(order, a.Text)
			}
		case ir.ArrayAttr:
			for _, e := range a {
				visitAttr(e)
			}
		case ir.DictAttr:
			visitAttrs(ir.Attrs(a))
		}
	}
	var visitOp func(op *ir.Op)
	visitOp = func(op *ir.Op) {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for o := b.First(); o != nil; o = o.Next() {
					visitOp(o)
				}
			}
		}
		visitAttrs(op.Attrs)
	}
	for i := 0; i <= len(m.Funcs); i++ {
		for _, t := range m.Ops {
			if t.Before == i {
				visitOp(t.Op)
			}
		}
		if i < len(m.Funcs) {
			f := m.Funcs[i]
			for op := f.First(); op != nil; op = op.Next() {
				visitOp(op)
			}
			visitAttrs(f.Attrs)
		}
	}
	visitAttrs(m.Attrs)
	return order
}

func appendMapAlias(b []byte, id int) []byte {
	b = append(b, "#map"...)
	if id > 0 {
		b = strconv.AppendInt(b, int64(id), 10)
	}
	return b
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// skipQuoted returns the index of the quote closing the string literal
// opened at text[i].
func skipQuoted(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(text)
}

// mapEnd returns the index after the '>' closing an affine_map< whose
// contents start at text[i] (an arrow's '>' closes nothing), or -1.
func mapEnd(text []byte, i int) int {
	depth := 1
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '<':
			depth++
		case '>':
			if text[j-1] == '-' {
				continue
			}
			depth--
			if depth == 0 {
				return j + 1
			}
		case '\n', '"':
			return -1
		}
	}
	return -1
}
