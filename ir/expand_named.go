package ir

import "sync"

// Expansions are ops whose meaning is other ops: linalg's named ops
// (SPEC 3e) are tir rows with `outs` (a linalg.matmul is a tir.matmul
// added to its init). An expansion rewrites one op in place: it inserts
// the ops it stands for before it, replaces its results' uses, and
// erases it (with the producers of its operands it leaves dead, such as
// the tensor.empty of its `outs`). The evaluator and codegen expand a
// function before they run it, so the ops need no lowering of their
// own; printing and the passes see the ops as written.

// Expansion rewrites op as described above, or returns why it cannot.
type Expansion func(op *Op) *Diagnostic

// expansions maps op names to their expansions; registering replaces
// the map (copy on write), so a reader takes it once under the lock.
var expansions = struct {
	sync.RWMutex
	m map[string]Expansion
}{m: map[string]Expansion{}}

// RegisterExpansion makes fn the expansion of the ops called name.
func RegisterExpansion(name string, fn Expansion) {
	expansions.Lock()
	defer expansions.Unlock()
	m := make(map[string]Expansion, len(expansions.m)+1)
	for k, v := range expansions.m {
		m[k] = v
	}
	m[name] = fn
	expansions.m = m
}

func expansionTable() map[string]Expansion {
	expansions.RLock()
	defer expansions.RUnlock()
	return expansions.m
}

// Expand expands every op of f that has an expansion, nested ones
// included, last op first, so that an expansion sees the ops that
// define its operands as written (a linalg.matmul sees the linalg.fill
// of its init and folds it). It returns the first op that cannot be
// expanded.
func Expand(f *Func) *Diagnostic {
	table := expansionTable()
	found := false
	f.Walk(func(op *Op) { found = found || table[op.Name] != nil })
	if !found {
		return nil
	}
	ops := f.AllOps()
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if op.Func() != f {
			continue // erased by a later op's expansion
		}
		if fn := table[op.Name]; fn != nil {
			if d := fn(op); d != nil {
				return d
			}
		}
	}
	return nil
}

// ExpandModule expands every function of m.
func ExpandModule(m *Module) Diagnostics {
	var ds Diagnostics
	for _, f := range m.Funcs {
		if f.External {
			continue
		}
		if d := Expand(f); d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// HasExpansion reports whether the ops called name have an expansion.
func HasExpansion(name string) bool { return expansionTable()[name] != nil }
