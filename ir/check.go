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
//   - every operand is a value of this function defined before the op
//     (arguments, or results of an earlier op: dominance in the single
//     block), with a type;
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
	if f.External {
		if f.first != nil || f.last != nil {
			c.errorf("@%s: an external function has a body", f.Name)
		}
		return
	}

	// The op list, and each op's results.
	var ops []*Op
	index := make(map[*Op]int, f.numOps) // position of each op in the list
	var prev *Op
	cycle := false
	for op := f.first; op != nil; op = op.next {
		k := len(ops)
		if j, ok := index[op]; ok {
			c.errorf("@%s: op #%d is op #%d again (a cycle in the op list)", f.Name, k, j)
			cycle = true
			break
		}
		index[op] = k
		ops = append(ops, op)
		name := checkedOp(f, k, op)
		if op.prev != prev {
			c.errorf("%s: Prev is %s, want %s", name, opRef(op.prev), opRef(prev))
		}
		if op.fn != f {
			c.errorf("%s: Func is %s, want @%s", name, funcName(op.fn), f.Name)
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
			if int(r.index) != i {
				c.errorf("%s: Index %d, want %d", what, r.index, i)
			}
			claim(r, what)
		}
		prev = op
	}
	if f.last != prev && !cycle {
		c.errorf("@%s: Last is %s, want the end of the op list (%s)", f.Name, opRef(f.last), opRef(prev))
	}
	if len(ops) != f.numOps && !cycle {
		c.errorf("@%s: NumOps %d, want %d (the ops in the list)", f.Name, f.numOps, len(ops))
	}

	// Operands: defined in f before their use; every slot in its
	// value's use-list.
	defined := make([]bool, n)
	for _, a := range f.args {
		if owns(owner, a) {
			defined[a.id] = true
		}
	}
	for k, op := range ops {
		for i, v := range op.operands {
			what := fmt.Sprintf("%s operand #%d", checkedOp(f, k, op), i)
			if v == nil {
				c.errorf("%s is nil", what)
				continue
			}
			switch {
			case !owns(owner, v):
				c.errorf("%s: %s is not a value of @%s (its Func is %s)", what, checkedValue(v), f.Name, funcName(v.Func()))
			case !defined[v.id]:
				c.errorf("%s: %s is used before its definition", what, checkedValue(v))
			}
			if v.typ == nil {
				c.errorf("%s: %s has no type", what, checkedValue(v))
			}
		}
		for _, r := range op.results {
			if owns(owner, r) {
				defined[r.id] = true
			}
		}
	}

	// Use-lists: each use names a slot of an op in f that holds the value,
	// and no slot twice. With as many distinct uses as slots holding
	// values of f, every such slot is listed.
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
