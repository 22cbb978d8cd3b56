package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Affine maps as linalg's indexing_maps hold them:
// `affine_map<(d0, d1)[s0] -> (d1, 0, d0 + s0)>`. The parser keeps an
// affine_map attribute as text (*OpaqueAttr); ParseAffineMap reads that
// text into its dims and result expressions, and AffineMap.String prints
// it back as mlir-opt does (`(d0, d1) -> (d1, 0)`, spaces after commas
// and around the arrow). A result that is one dim or one constant is what
// tirc's loop descriptions express (LinalgLoops); other expressions
// (d0 + d1, d0 floordiv 2) are kept, printed and counted for the
// verifier, but an op reading through them has no loop description.

// AffineExpr is one result of an affine map: a dim (Dim >= 0), a
// non-negative constant (Dim < 0, Const set), or an expression tirc does
// not model (Text set, Dims the dims it mentions).
type AffineExpr struct {
	Dim   int
	Const int64
	Text  string
	Dims  []int
}

// IsDim reports whether e is a single dim.
func (e AffineExpr) IsDim() bool { return e.Text == "" && e.Dim >= 0 }

// IsConst reports whether e is a single constant.
func (e AffineExpr) IsConst() bool { return e.Text == "" && e.Dim < 0 }

func (e AffineExpr) String() string {
	switch {
	case e.Text != "":
		return e.Text
	case e.Dim >= 0:
		return "d" + strconv.Itoa(e.Dim)
	}
	return strconv.FormatInt(e.Const, 10)
}

// AffineMap is `(d0, ..., dn-1)[s0, ...] -> (results)`.
type AffineMap struct {
	NumDims, NumSyms int
	Results          []AffineExpr
}

// String prints the map as MLIR does inside affine_map<...>.
func (m *AffineMap) String() string {
	var sb strings.Builder
	sb.WriteString("(")
	for i := range m.NumDims {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "d%d", i)
	}
	sb.WriteString(")")
	if m.NumSyms > 0 {
		sb.WriteString("[")
		for i := range m.NumSyms {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "s%d", i)
		}
		sb.WriteString("]")
	}
	sb.WriteString(" -> (")
	for i, r := range m.Results {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(r.String())
	}
	sb.WriteString(")")
	return sb.String()
}

// Attr is the map as the attribute `affine_map<...>`.
func (m *AffineMap) Attr() Attr { return &OpaqueAttr{Text: "affine_map<" + m.String() + ">"} }

// IsProjectedPermutation reports whether every result is a distinct dim
// (MLIR's isProjectedPermutation, allowZeroInResults: constant 0s are
// allowed when zeros is set).
func (m *AffineMap) IsProjectedPermutation(zeros bool) bool {
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		switch {
		case r.IsDim():
			if seen[r.Dim] {
				return false
			}
			seen[r.Dim] = true
		case zeros && r.IsConst() && r.Const == 0:
		default:
			return false
		}
	}
	return true
}

// IdentityMap is `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
func IdentityMap(n int) *AffineMap {
	m := &AffineMap{NumDims: n}
	for i := range n {
		m.Results = append(m.Results, AffineExpr{Dim: i})
	}
	return m
}

// AffineMapOf reads an `affine_map<...>` attribute; ok is false for any
// other attribute or a malformed map (err then says why).
func AffineMapOf(a Attr) (m *AffineMap, err error) {
	o, isText := a.(*OpaqueAttr)
	if !isText || !strings.HasPrefix(o.Text, "affine_map<") || !strings.HasSuffix(o.Text, ">") {
		return nil, fmt.Errorf("expected an affine_map attribute")
	}
	return ParseAffineMap(o.Text[len("affine_map<") : len(o.Text)-1])
}

// ParseAffineMap reads `(d0, d1)[s0] -> (exprs)`, the text inside
// affine_map<...>.
func ParseAffineMap(text string) (*AffineMap, error) {
	dimsText, rest, ok := cutGroup(strings.TrimSpace(text), '(', ')')
	if !ok {
		return nil, fmt.Errorf("expected '(' to begin the dim list of an affine map")
	}
	m := &AffineMap{}
	names := map[string]int{}
	dims := splitTop(dimsText)
	for i, d := range dims {
		names[d] = i
	}
	m.NumDims = len(dims)
	syms := map[string]bool{}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "[") {
		var symText string
		symText, rest, _ = cutGroup(rest, '[', ']')
		for _, s := range splitTop(symText) {
			syms[s] = true
		}
		m.NumSyms = len(syms)
		rest = strings.TrimSpace(rest)
	}
	rest, ok = strings.CutPrefix(rest, "->")
	if !ok {
		return nil, fmt.Errorf("expected '->' in an affine map")
	}
	resText, tail, ok := cutGroup(strings.TrimSpace(rest), '(', ')')
	if !ok || strings.TrimSpace(tail) != "" {
		return nil, fmt.Errorf("expected '(' to begin the results of an affine map")
	}
	for _, r := range splitTop(resText) {
		e, err := parseAffineExpr(r, names, syms)
		if err != nil {
			return nil, err
		}
		m.Results = append(m.Results, e)
	}
	return m, nil
}

// parseAffineExpr classifies one result: a dim name, an integer, or an
// expression kept as text (its identifiers must be dims or symbols).
func parseAffineExpr(s string, dims map[string]int, syms map[string]bool) (AffineExpr, error) {
	if d, ok := dims[s]; ok {
		return AffineExpr{Dim: d}, nil
	}
	if c, err := strconv.ParseInt(s, 10, 64); err == nil {
		return AffineExpr{Dim: -1, Const: c}, nil
	}
	e := AffineExpr{Dim: -1}
	toks := affineTokens(s)
	var sb strings.Builder
	for i, w := range toks {
		if i > 0 && w != ")" && toks[i-1] != "(" && !(toks[i-1] == "-" && (i == 1 || strings.Contains("+-*(", toks[i-2]))) {
			sb.WriteByte(' ')
		}
		switch d, isDim := dims[w]; {
		case isDim:
			e.Dims = append(e.Dims, d)
			fmt.Fprintf(&sb, "d%d", d)
		case syms[w] || strings.Contains("+-*()", w) || w == "floordiv" || w == "ceildiv" || w == "mod" || w[0] >= '0' && w[0] <= '9':
			sb.WriteString(w)
		default:
			return e, fmt.Errorf("use of undeclared identifier '%s' in an affine map", w)
		}
	}
	e.Text = sb.String()
	return e, nil
}

// cutGroup splits "(a, b) rest" into "a, b" and " rest" for the brackets
// open and close, nesting counted.
func cutGroup(s string, open, close byte) (inner, rest string, ok bool) {
	if len(s) == 0 || s[0] != open {
		return "", s, false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:], true
			}
		}
	}
	return "", s, false
}

// splitTop splits s at its top-level commas, trimming each part; "" gives
// no parts.
func splitTop(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// LinalgLoops is the loop description of a linalg structured op: one loop
// per iterator, and per operand (ins, then outs) the map of its
// indexing_map; the results are the outs' maps (destination-passing
// style: result i is outs operand i's new value). A dim result reads
// that loop's index, a constant c reads index c of a dimension that must
// hold at least c+1 elements (a Window with no loop). It returns nil when
// a map has an expression tirc does not model, or the counts disagree
// (the verifier reports those).
func LinalgLoops(iters []IterKind, maps []*AffineMap, numIns int) *Loops {
	l := &Loops{Iter: iters}
	for _, m := range maps {
		if m == nil || m.NumDims != len(iters) {
			return nil
		}
		dm := make([]DimMap, len(m.Results))
		for d, r := range m.Results {
			switch {
			case r.IsDim():
				dm[d] = Dim(r.Dim)
			case r.IsConst() && r.Const >= 0:
				dm[d] = DimMap{Loop: -1, Offset: r.Const, Kind: Window, Limit: r.Const + 1}
			default:
				return nil
			}
		}
		l.Operands = append(l.Operands, dm)
	}
	if numIns > len(maps) {
		return nil
	}
	l.Results = l.Operands[numIns:]
	return l
}

// Eval is the expression's value at the dims' values (symbols are
// unknown: ok false), MLIR's semantics of floordiv, ceildiv and mod.
func (e AffineExpr) Eval(dims []int64) (int64, bool) {
	switch {
	case e.IsDim():
		if e.Dim >= len(dims) {
			return 0, false
		}
		return dims[e.Dim], true
	case e.IsConst():
		return e.Const, true
	}
	ev := &affineEval{toks: affineTokens(e.Text), dims: dims}
	v := ev.sum()
	return v, ev.ok && ev.pos == len(ev.toks)
}

// affineEval evaluates an affine expression's tokens by recursive descent.
type affineEval struct {
	toks []string
	pos  int
	dims []int64
	ok   bool
}

func affineTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case strings.IndexByte("+-*()", c) >= 0:
			out = append(out, s[i:i+1])
			i++
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\n+-*()", s[j]) < 0 {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

func (ev *affineEval) peek() string {
	if ev.pos < len(ev.toks) {
		return ev.toks[ev.pos]
	}
	return ""
}

func (ev *affineEval) sum() int64 {
	ev.ok = true
	v := ev.product()
	for ev.ok {
		switch ev.peek() {
		case "+":
			ev.pos++
			v += ev.product()
		case "-":
			ev.pos++
			v -= ev.product()
		default:
			return v
		}
	}
	return v
}

func (ev *affineEval) product() int64 {
	v := ev.factor()
	for ev.ok {
		op := ev.peek()
		if op != "*" && op != "floordiv" && op != "ceildiv" && op != "mod" {
			return v
		}
		ev.pos++
		w := ev.factor()
		switch {
		case op == "*":
			v *= w
		case w == 0:
			ev.ok = false
		case op == "floordiv":
			v = floorDivInt(v, w)
		case op == "ceildiv":
			v = -floorDivInt(-v, w)
		default:
			v -= w * floorDivInt(v, w)
		}
	}
	return v
}

func floorDivInt(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (ev *affineEval) factor() int64 {
	t := ev.peek()
	ev.pos++
	switch {
	case t == "-":
		return -ev.factor()
	case t == "(":
		ok := ev.ok
		v := ev.sum()
		ev.ok = ev.ok && ok && ev.peek() == ")"
		ev.pos++
		return v
	case len(t) > 1 && t[0] == 'd':
		if i, err := strconv.Atoi(t[1:]); err == nil && i < len(ev.dims) {
			return ev.dims[i]
		}
	default:
		if c, err := strconv.ParseInt(t, 10, 64); err == nil {
			return c
		}
	}
	ev.ok = false
	return 0
}
