package ir

import (
	"fmt"
	"strings"
)

// Linear indexing maps: an affine map result built from dims, constants,
// + and - and multiplication by a constant is Const + sum Coef[k]*d_k,
// as a convolution reads its input (`(d0, d1) -> (d0 + d1)`,
// `d0 * 2 + d1`). ir.Loops models a result that is one dim or one
// constant, which every lowering reads (fusion, nests, broadcasts);
// LinearLoops models every such map, for the lowerings that run an op's
// body point by point in its loops (codegen's serial region kernels,
// eval). As MLIR's linalg derives loop bounds from shapes
// (createLoopRanges over the inverse of the concatenated maps), a loop's
// extent is the size of the first operand dimension that reads it alone
// (coefficient 1, no constant); every other dimension is checked: one
// reading the loop alone must have that size, and any other result's
// range of indices must lie inside its dimension.

// Linear is Const + sum over k of Coef[k] * d_k.
type Linear struct {
	Const int64
	Coef  []int64
}

// Linear is e over n dims; ok is false for an expression that is not a
// sum of dims times constants (floordiv, ceildiv, mod, symbols).
func (e AffineExpr) Linear(n int) (Linear, bool) {
	l := Linear{Coef: make([]int64, n)}
	switch {
	case e.IsDim():
		if e.Dim >= n {
			return l, false
		}
		l.Coef[e.Dim] = 1
		return l, true
	case e.IsConst():
		l.Const = e.Const
		return l, true
	}
	for _, t := range affineTokens(e.Text) {
		if t == "floordiv" || t == "ceildiv" || t == "mod" || t[0] == 's' {
			return l, false
		}
	}
	// An expression of +, - and * by constants is linear: its value at
	// the origin is the constant, at each unit vector the constant plus
	// that dim's coefficient.
	dims := make([]int64, n)
	c, ok := e.Eval(dims)
	if !ok {
		return l, false
	}
	l.Const = c
	for k := range n {
		dims[k] = 1
		v, ok := e.Eval(dims)
		dims[k] = 0
		if !ok {
			return l, false
		}
		l.Coef[k] = v - c
	}
	return l, true
}

// LinearOf is a DimMap of an op with n loops as a Linear.
func LinearOf(m DimMap, n int) Linear {
	l := Linear{Const: m.Offset, Coef: make([]int64, n)}
	if m.Loop >= 0 {
		l.Coef[m.Loop] = m.Stride
	}
	return l
}

// Loop is the loop l reads alone (index d_k itself), or -1.
func (l Linear) Loop() int {
	loop := -1
	for k, c := range l.Coef {
		switch {
		case c == 0:
		case c == 1 && loop < 0:
			loop = k
		default:
			return -1
		}
	}
	if l.Const != 0 {
		return -1
	}
	return loop
}

// At is l's value at the loop indices idx.
func (l Linear) At(idx []int64) int64 {
	v := l.Const
	for k, c := range l.Coef {
		v += c * idx[k]
	}
	return v
}

// Range is the least and greatest value l takes over loops of the
// extents ext (all positive).
func (l Linear) Range(ext []int64) (lo, hi int64) {
	lo, hi = l.Const, l.Const
	for k, c := range l.Coef {
		if t := c * (ext[k] - 1); t < 0 {
			lo += t
		} else {
			hi += t
		}
	}
	return lo, hi
}

// LinearLoops is an op's loops with linear indexing maps: the iterators,
// one Linear per dimension of each operand (nil for a scalar operand),
// the results' maps (the outs'), and the loops the body's linalg.index
// ops read, as in Loops.
type LinearLoops struct {
	Iter     []IterKind
	Operands [][]Linear
	Results  [][]Linear
	Indices  []int
}

// LinalgLinearLoops is LinalgLoops for linear maps; nil when a map is not
// linear or the counts disagree.
func LinalgLinearLoops(iters []IterKind, maps []*AffineMap, numIns int) *LinearLoops {
	l := &LinearLoops{Iter: iters}
	for _, m := range maps {
		if m == nil || m.NumDims != len(iters) || m.NumSyms != 0 {
			return nil
		}
		lm := make([]Linear, len(m.Results))
		for d, r := range m.Results {
			var ok bool
			if lm[d], ok = r.Linear(len(iters)); !ok {
				return nil
			}
		}
		l.Operands = append(l.Operands, lm)
	}
	if numIns > len(maps) {
		return nil
	}
	l.Results = l.Operands[numIns:]
	return l
}

// Linear is l's maps as Linears (a Window's limit and a Broadcast's size
// 1 are not kept: only the ops of linalg's maps, whose dimensions are
// Exact or constant, are run from a LinearLoops).
func (l *Loops) Linear() *LinearLoops {
	n := l.NumLoops()
	conv := func(ms [][]DimMap) [][]Linear {
		out := make([][]Linear, len(ms))
		for k, m := range ms {
			if m == nil {
				continue
			}
			out[k] = make([]Linear, len(m))
			for d, dm := range m {
				out[k][d] = LinearOf(dm, n)
			}
		}
		return out
	}
	return &LinearLoops{Iter: l.Iter, Operands: conv(l.Operands), Results: conv(l.Results), Indices: l.Indices}
}

// LinearSizeMessage is the error of operand k's dimension d, of size
// size, over loop i that an earlier dimension gave extent ext (sizes as
// text, so that native code can print run-time sizes with a format).
func LinearSizeMessage(k, d, loop int, size, ext string) string {
	return fmt.Sprintf("operand #%d has size %s in dimension %d, but loop d%d runs %s times", k, size, d, loop, ext)
}

// LinearRangeMessage is the error of operand k's dimension d, of size
// size, that the map reads at indices lo to hi (lo "": a constant map,
// which reads index hi).
func LinearRangeMessage(k, d int, size, lo, hi string) string {
	at := "index " + hi
	if lo != "" {
		at = "indices " + lo + " to " + hi
	}
	return fmt.Sprintf("operand #%d has size %s in dimension %d, but its indexing map reads %s", k, size, d, at)
}

// Extents is each loop's extent for operands of the given shapes (nil
// for a scalar operand), and the first error the checks above find ("" if
// none), in the order native code checks them: the dimensions in operand
// order (a constant index whether or not the loops run), then the other
// ranges when every loop runs.
func (l *LinearLoops) Extents(shapes [][]int64) ([]int64, string) {
	ext := make([]int64, len(l.Iter))
	for i := range ext {
		ext[i] = -1
	}
	for k, maps := range l.Operands {
		for d, m := range maps {
			size := shapes[k][d]
			switch i := m.Loop(); {
			case m.IsConst():
				if m.Const < 0 || size <= m.Const {
					return nil, LinearRangeMessage(k, d, fmt.Sprint(size), "", fmt.Sprint(m.Const))
				}
			case i < 0:
			case ext[i] < 0:
				ext[i] = size
			case ext[i] != size:
				return nil, LinearSizeMessage(k, d, i, fmt.Sprint(size), fmt.Sprint(ext[i]))
			}
		}
	}
	for i, e := range ext {
		if e < 0 {
			return nil, fmt.Sprintf("has loop d%d that no operand dimension sizes", i)
		}
		if e == 0 {
			return ext, "" // no iteration reads anything
		}
	}
	for k, maps := range l.Operands {
		for d, m := range maps {
			if m.Loop() >= 0 || m.IsConst() {
				continue
			}
			if lo, hi := m.Range(ext); lo < 0 || hi >= shapes[k][d] {
				return nil, LinearRangeMessage(k, d, fmt.Sprint(shapes[k][d]), fmt.Sprint(lo), fmt.Sprint(hi))
			}
		}
	}
	return ext, ""
}

// IsConst reports whether l reads one index whatever the loops.
func (l Linear) IsConst() bool {
	for _, c := range l.Coef {
		if c != 0 {
			return false
		}
	}
	return true
}

// String prints l's maps as affine expressions (for messages and tests).
func (l Linear) String() string {
	var parts []string
	for k, c := range l.Coef {
		switch c {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("d%d", k))
		default:
			parts = append(parts, fmt.Sprintf("d%d * %d", k, c))
		}
	}
	if l.Const != 0 || len(parts) == 0 {
		parts = append(parts, fmt.Sprint(l.Const))
	}
	return strings.Join(parts, " + ")
}
