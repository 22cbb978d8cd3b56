package ir

import (
	"fmt"
	"strings"
)

// Check reports every broken invariant of m's in-memory representation,
// as Go's ssa/check.go and go/ssa's sanity.go do: it is a debugging aid for
// passes, separate from Verify, which judges the user's program. A module
// the parser built, or any pass left, passes Check; a failure is a bug in
// tirc. It returns nil or a *CheckError listing every problem, each
// phrased "got X, want Y" where it can be.
//
// The invariants, per function:
//
//   - the op list is well linked: each op's prev and next agree with its
//     neighbours, each op's Func is the function, the list ends at Last and
//     holds NumOps ops;
//   - every value (argument or result) has an ID in [0, NumValues) that no
//     other value of the function has; an argument has no defining op and
//     its own index and function; a result's defining op is the op listing
//     it, at its index, so its Func is the op's;
//   - the same holds for the op list of every block in the ops' regions
//     (each op's Block is its block; regions, blocks and block arguments
//     point back to their owners; successors are blocks of the same
//     region);
//   - every operand is a value of this function that dominates the op
//     (arguments, results of an earlier op of its block or of a block
//     around it, arguments of those blocks; in graph regions and
//     regions of unregistered ops any value of the block), with a type;
//   - the use-lists and the operands agree exactly: every use names an
//     operand slot holding the value, every operand slot is in its value's
//     use-list once;
//   - an op's Def is the registered row for its name (nil only for a name
//     the registry does not know), and it has a source position.
//
// Per module: every function has Module == m.
func Check(m *Module) error {
	if m == nil {
		return nil
	}
	c := &checker{}
	for i, f := range m.Funcs {
		if f == nil {
			c.errorf("function #%d is nil", i)
			continue
		}
		switch {
		case f.Module == nil:
			c.errorf("@%s: Module is nil, want the module holding it", f.Name)
		case f.Module != m:
			c.errorf("@%s: Module is another module, want the module holding it", f.Name)
		}
		c.fn(f)
	}
	for _, t := range m.Ops {
		if t.Op == nil || t.Op.fn == nil || t.Op.fn.first != t.Op || t.Op.fn.Module != m {
			c.errorf("a top-level op is not the one op of a holder function of the module")
			continue
		}
		c.fn(t.Op.fn)
	}
	return c.result()
}

// CheckFunc is Check for one function.
func CheckFunc(f *Func) error {
	c := &checker{}
	c.fn(f)
	return c.result()
}

// CheckError lists the invariants Check found broken.
type CheckError struct {
	Problems []string
}

func (e *CheckError) Error() string {
	return fmt.Sprintf("%d broken IR invariant(s):\n  %s", len(e.Problems), strings.Join(e.Problems, "\n  "))
}

// maxCheckProblems bounds the report: one broken pointer can make every
// later op wrong.
const maxCheckProblems = 100

type checker struct {
	problems []string
	dropped  int
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.problems) >= maxCheckProblems {
		c.dropped++
		return
	}
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker) result() error {
	if len(c.problems) == 0 {
		return nil
	}
	if c.dropped > 0 {
		c.problems = append(c.problems, fmt.Sprintf("(%d more not shown)", c.dropped))
	}
	return &CheckError{Problems: c.problems}
}

// checkedOp names an op in a problem: "@f op #3 'tir.add' (f.mlir:4:8)". It
// never prints the op, which may be broken.
func checkedOp(f *Func, k int, op *Op) string {
	s := fmt.Sprintf("@%s op #%d '%s'", f.Name, k, op.Name)
	if op.Pos.IsValid() && !op.Pos.File.built {
		s += " (" + op.Pos.String() + ")"
	}
	return s
}

// checkedValue names a value in a problem without printing its op.
func checkedValue(v *Value) string {
	if v == nil {
		return "<nil>"
	}
	if v.def == nil {
		return fmt.Sprintf("argument #%d (ID %d)", v.index, v.id)
	}
	return fmt.Sprintf("result #%d of '%s' (ID %d)", v.index, v.def.Name, v.id)
}

func (c *checker) fn(f *Func) {
	n := int(f.nextID)
	owner := make([]*Value, n) // the value holding each ID
	claim := func(v *Value, what string) {
		switch {
		case v.id < 0 || int(v.id) >= n:
			c.errorf("%s: ID %d, want one in [0, %d)", what, v.id, n)
		case owner[v.id] != nil:
			c.errorf("%s: ID %d, which %s already has", what, v.id, checkedValue(owner[v.id]))
		default:
			owner[v.id] = v
		}
		if e := typeProblem(v.typ); e != "" {
			c.errorf("%s: %s", what, e)
		}
	}
	c.args(f, claim)
	if f.External {
		if f.first != nil || f.last != nil {
			c.errorf("@%s: an external function has a body", f.Name)
		}
		return
	}

	// The op lists (the body's, then each block's in the regions, in
	// pre-order), each op's results and each block's arguments.
	cs := &checkState{c: c, f: f, claim: claim, index: make(map[*Op]int, f.numOps)}
	cs.list(f.first, f.last, f.numOps, nil, "@"+f.Name)
	ops := cs.ops

	// Operands: values of f that dominate the op (defined before it in
	// its block or in a block around it; no order in graph regions and
	// regions of unregistered ops; uses in a region's later blocks, which
	// nothing branches to, are not checked).
	defined := make([]bool, n)
	for _, a := range f.args {
		if owns(owner, a) {
			defined[a.id] = true
		}
	}
	cs.owner, cs.defined = owner, defined
	if !cs.cycle {
		cs.operands(f.first, true, true)
	}

	c.useLists(f, ops, owner, cs.index)
}

// args checks f's arguments: no defining op, owned by f, numbered in
// order, and each claims its ID.
func (c *checker) args(f *Func, claim func(v *Value, what string)) {
	for i, a := range f.args {
		what := fmt.Sprintf("@%s argument #%d", f.Name, i)
		if a == nil {
			c.errorf("%s is nil", what)
			continue
		}
		if a.def != nil {
			c.errorf("%s: defined by '%s', want no defining op", what, a.def.Name)
		}
		if a.fn != f {
			c.errorf("%s: Func is %s, want @%s", what, funcName(a.fn), f.Name)
		}
		if int(a.index) != i {
			c.errorf("%s: Index %d, want %d", what, a.index, i)
		}
		claim(a, what)
	}
}

// useLists checks the use-lists of f's values: each use names a slot of
// an op in f (ops, their places in index) that holds the value, and no
// slot twice. With as many distinct uses as slots holding values of f,
// every such slot is listed.
func (c *checker) useLists(f *Func, ops []*Op, owner []*Value, index map[*Op]int) {
	slots := 0
	for _, op := range ops {
		for _, v := range op.operands {
			if owns(owner, v) {
				slots++
			}
		}
	}
	seen := make(map[Use]bool, slots)
	for _, v := range owner {
		if v == nil {
			continue
		}
		for _, u := range v.uses {
			what := fmt.Sprintf("the use-list of %s", checkedValue(v))
			_, inF := index[u.Op]
			switch {
			case u.Op == nil:
				c.errorf("%s: a use with no op", what)
				continue
			case !inF:
				c.errorf("%s: a use by '%s', which is not in the op list of @%s", what, u.Op.Name, f.Name)
				continue
			case u.Index < 0 || u.Index >= len(u.Op.operands):
				c.errorf("%s: operand #%d of '%s', which has %d operands", what, u.Index, u.Op.Name, len(u.Op.operands))
				continue
			case u.Op.operands[u.Index] != v:
				c.errorf("%s: operand #%d of '%s' holds %s, want this value", what, u.Index, u.Op.Name, checkedValue(u.Op.operands[u.Index]))
				continue
			case seen[u]:
				c.errorf("%s: operand #%d of '%s' listed twice", what, u.Index, u.Op.Name)
				continue
			}
			seen[u] = true
		}
	}
	if len(seen) != slots {
		for k, op := range ops {
			for i, v := range op.operands {
				if owns(owner, v) && !seen[Use{op, i}] {
					c.errorf("%s operand #%d: missing from the use-list of %s", checkedOp(f, k, op), i, checkedValue(v))
				}
			}
		}
	}
}

// owns reports whether v is the value holding its ID in f.
func owns(owner []*Value, v *Value) bool {
	return v != nil && v.id >= 0 && int(v.id) < len(owner) && owner[v.id] == v
}

func funcName(f *Func) string {
	if f == nil {
		return "nil"
	}
	return "@" + f.Name
}

func opRef(op *Op) string {
	if op == nil {
		return "nil"
	}
	return "'" + op.Name + "'"
}

// typeProblem says what is wrong with a value's type, or "".
func typeProblem(t Type) string {
	switch t := t.(type) {
	case nil:
		return "no type"
	case *TensorType:
		if t == nil || t.Elem == nil {
			return "a tensor type without an element type"
		}
		if t.Unranked && len(t.Shape) > 0 {
			return fmt.Sprintf("an unranked tensor type with %d dims, want none", len(t.Shape))
		}
	case *VectorType:
		if t == nil || t.Elem == nil {
			return "a vector type without an element type"
		}
	}
	return TypeError(t)
}

// checkState walks the op lists of one function for Check.
type checkState struct {
	c       *checker
	f       *Func
	claim   func(v *Value, what string)
	ops     []*Op
	index   map[*Op]int // position of each op in ops
	cycle   bool        // an op list has a cycle: the operand walk would not end
	owner   []*Value
	defined []bool
}

// list checks one op list (the body's when b is nil) and recurses into
// the regions of its ops.
func (cs *checkState) list(first, last *Op, numOps int, b *Block, where string) {
	c, f := cs.c, cs.f
	var prev *Op
	count := 0
	for op := first; op != nil; op = op.next {
		k := len(cs.ops)
		if j, ok := cs.index[op]; ok {
			c.errorf("%s: op #%d is op #%d again (a cycle in the op list)", where, k, j)
			cs.cycle = true
			return
		}
		cs.index[op] = k
		cs.ops = append(cs.ops, op)
		count++
		name := checkedOp(f, k, op)
		if op.prev != prev {
			c.errorf("%s: Prev is %s, want %s", name, opRef(op.prev), opRef(prev))
		}
		if op.fn != f {
			c.errorf("%s: Func is %s, want @%s", name, funcName(op.fn), f.Name)
		}
		if op.block != b {
			c.errorf("%s: Block is not the block listing it", name)
		}
		if def := LookupOp(op.Name); op.Def != def {
			switch {
			case def == nil:
				c.errorf("%s: has a row (%s), but no op of that name is registered", name, op.Def.Name)
			case op.Def == nil:
				c.errorf("%s: no row, want the registered row of '%s'", name, op.Name)
			default:
				c.errorf("%s: row '%s', want the registered row of '%s'", name, op.Def.Name, op.Name)
			}
		}
		if !op.Pos.IsValid() {
			c.errorf("%s: no source position", name)
		}
		for i, r := range op.results {
			what := fmt.Sprintf("%s result #%d", name, i)
			if r == nil {
				c.errorf("%s is nil", what)
				continue
			}
			if r.def != op {
				c.errorf("%s: defined by %s, want the op listing it", what, opRef(r.def))
			}
			if r.fn != nil {
				c.errorf("%s: has an argument's Func (%s), want none (a result's Func is its op's)", what, funcName(r.fn))
			}
			if r.block != nil {
				c.errorf("%s: has a block argument's Block, want none", what)
			}
			if int(r.index) != i {
				c.errorf("%s: Index %d, want %d", what, r.index, i)
			}
			cs.claim(r, what)
		}
		for i, sb := range op.succs {
			if sb == nil || b == nil || sb.region != b.region {
				c.errorf("%s: successor #%d is not a block of the op's region", name, i)
			}
		}
		cs.regions(op, name)
		prev = op
	}
	if last != prev {
		c.errorf("%s: Last is %s, want the end of the op list (%s)", where, opRef(last), opRef(prev))
	}
	if numOps != count {
		c.errorf("%s: NumOps %d, want %d (the ops in the list)", where, numOps, count)
	}
}

// regions checks the regions of op: owned by op, blocks owned by their
// region, block arguments owned by their block.
func (cs *checkState) regions(op *Op, name string) {
	for i, r := range op.regions {
		rn := fmt.Sprintf("%s region #%d", name, i)
		if r == nil {
			cs.c.errorf("%s is nil", rn)
			continue
		}
		if r.parent != op {
			cs.c.errorf("%s: ParentOp is %s, want the op holding it", rn, opRef(r.parent))
		}
		for j, b := range r.blocks {
			bn := fmt.Sprintf("%s block #%d", rn, j)
			if b.region != r {
				cs.c.errorf("%s: Region is not the region holding it", bn)
			}
			for k, a := range b.args {
				what := fmt.Sprintf("%s argument #%d", bn, k)
				switch {
				case a == nil:
					cs.c.errorf("%s is nil", what)
					continue
				case a.block != b || a.def != nil || a.fn != nil:
					cs.c.errorf("%s: owned by another block or op, want this block", what)
				case int(a.index) != k:
					cs.c.errorf("%s: Index %d, want %d", what, a.index, k)
				}
				cs.claim(a, what)
			}
			cs.list(b.first, b.last, b.numOps, b, bn)
		}
	}
}

// operands checks the operands of the ops from first on, in a block
// whose values are ordered (ssa) and reachable, then unmarks the block's
// values on the way out.
func (cs *checkState) operands(first *Op, ssa, reachable bool) {
	mark := func(op *Op, on bool) {
		for _, r := range op.results {
			if owns(cs.owner, r) {
				cs.defined[r.id] = on
			}
		}
	}
	if !ssa {
		for op := first; op != nil; op = op.next {
			mark(op, true)
		}
	}
	for op := first; op != nil; op = op.next {
		k := cs.index[op]
		for i, v := range op.operands {
			what := fmt.Sprintf("%s operand #%d", checkedOp(cs.f, k, op), i)
			if v == nil {
				cs.c.errorf("%s is nil", what)
				continue
			}
			switch {
			case !owns(cs.owner, v):
				cs.c.errorf("%s: %s is not a value of @%s (its Func is %s)", what, checkedValue(v), cs.f.Name, funcName(v.Func()))
			case reachable && !cs.defined[v.id]:
				cs.c.errorf("%s: %s is used before its definition", what, checkedValue(v))
			}
			if v.typ == nil {
				cs.c.errorf("%s: %s has no type", what, checkedValue(v))
			}
		}
		for _, r := range op.regions {
			if r == nil {
				continue
			}
			ordered := op.Def != nil && !op.Has(TraitGraphRegion)
			for j, b := range r.blocks {
				for _, a := range b.args {
					if owns(cs.owner, a) {
						cs.defined[a.id] = true
					}
				}
				cs.operands(b.first, ordered, j == 0)
				for _, a := range b.args {
					if owns(cs.owner, a) {
						cs.defined[a.id] = false
					}
				}
			}
		}
		mark(op, true)
	}
	if first != nil && first.block != nil {
		for op := first; op != nil; op = op.next {
			mark(op, false)
		}
	}
}
