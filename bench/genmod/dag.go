package genmod

import (
	"bufio"
	"fmt"
)

// DAG shapes for Options.DAG: one function of Ops broadcasting ops on
// tensor<?x16xf32> values, each shape stressing another part of fusion
// planning and code generation.
const (
	// FanOut: v_i = op(v_{i-2}, v_{i-1}), every value read by the next
	// two ops (issue 34's fan-out DAG).
	FanOut = "fanout"
	// FanIn: s_i = op(s_{i-1}, t_i) with t_i = op(%a, %b): every value
	// has one user, so the tree of the last one has every t as a leaf.
	FanIn = "fanin"
	// Diamond: x = op(p, %b); y = op(x, %a); z = op(x, x); p = op(y, z),
	// repeated: x has two users that meet again.
	Diamond = "diamond"
	// ManyUse: v_0 = op(%a, %b); v_i = op(v_{i-1}, v_0): one value read
	// by every op.
	ManyUse = "manyuse"
)

// DAGs lists the shapes Options.DAG accepts.
var DAGs = []string{FanOut, FanIn, Diamond, ManyUse}

const dagType = "tensor<?x16xf32>"

// writeDAG writes function @f of o.Ops ops in the shape o.DAG.
func writeDAG(w *bufio.Writer, o Options) error {
	n := max(o.Ops, 1)
	fmt.Fprintf(w, "func.func @f(%%a: %s, %%b: %s) -> %s {\n", dagType, dagType, dagType)
	i := 0
	emit := func(l, r string) string {
		v := fmt.Sprintf("%%%d", i)
		fmt.Fprintf(w, "  %s = \"%s\"(%s, %s) : (%s, %s) -> %s\n", v, opNames[i%len(opNames)], l, r, dagType, dagType, dagType)
		i++
		return v
	}
	last := "%a"
	switch o.DAG {
	case FanOut:
		p2, p1 := "%a", "%b"
		for i < n {
			p2, p1 = p1, emit(p2, p1)
		}
		last = p1
	case FanIn:
		s := emit("%a", "%b")
		for i+1 < n {
			s = emit(s, emit("%a", "%b"))
		}
		last = s
	case Diamond:
		p := "%a"
		for i+3 < n {
			x := emit(p, "%b")
			y := emit(x, "%a")
			z := emit(x, x)
			p = emit(y, z)
		}
		last = p
	case ManyUse:
		v0 := emit("%a", "%b")
		last = v0
		for i < n {
			last = emit(last, v0)
		}
	default:
		return fmt.Errorf("unknown DAG shape %q (want one of %v)", o.DAG, DAGs)
	}
	fmt.Fprintf(w, "  return %s : %s\n}\n", last, dagType)
	return nil
}
