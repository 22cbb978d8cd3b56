package ir

import (
	"runtime"
	"sync"
)

// VerifyOptions configures the verifier.
type VerifyOptions struct {
	// AllowUnregistered accepts ops of unknown dialects (their contents
	// are not checked), as mlir-opt's -allow-unregistered-dialect.
	AllowUnregistered bool
}

// Verify checks a module and returns every error it finds, in source
// order, each at its op. The driver follows MLIR's order:
//
//  1. structure: unique function names, SSA values defined before use
//     and in the same function, typed values;
//  2. for each op, the traits' verifiers in declaration order, then the
//     op's own verifier, stopping at the op's first failure;
//  3. the terminator: a body must end with one, and the terminator's own
//     checks (the return against the signature) run, only when none of its
//     other ops failed (an error there usually explains it, as MLIR stops
//     at a function's first failure, and MLIR's negative tests often omit
//     the return or return what a failed op gave).
//
// It carries on across ops and functions; functions are verified in
// parallel and the results merged in order.
func Verify(m *Module, opts VerifyOptions) Diagnostics {
	if m == nil {
		return nil
	}
	var ds Diagnostics
	seen := make(map[string]*Func, len(m.Funcs))
	for _, f := range m.Funcs {
		if f == nil {
			continue
		}
		if prev := seen[f.Name]; prev != nil {
			ds = append(ds, Errorf(f.Pos, "redefinition of symbol named '%s'", f.Name).Note(prev.Pos, "see existing symbol definition here"))
			continue
		}
		seen[f.Name] = f
	}
	m.buildSymbols()
	perFunc := make([]Diagnostics, len(m.Funcs))
	ParallelFor(len(m.Funcs), func(i int) {
		if f := m.Funcs[i]; f != nil {
			perFunc[i] = VerifyFunc(f, opts)
		}
	})
	for _, fd := range perFunc {
		ds = append(ds, fd...)
	}
	return append(ds, verifyTopOps(m, opts)...)
}

// ParallelFor runs body(0..n-1) on up to GOMAXPROCS goroutines and waits.
// Bodies must only touch their own index's state. A panic in a body is
// re-raised on the caller's goroutine (as an *InternalError), so the
// command's recover sees it.
func ParallelFor(n int, body func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			body(i)
		}
		return
	}
	var next int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	// The panic of the lowest index is re-raised: bodies start in index
	// order, so that is the one a sequential run would have hit.
	var panicked *InternalError
	panicIdx := n
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := -1
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if i < panicIdx {
						panicked, panicIdx = Recovered(r, "", Pos{}), i
					}
					next = int64(n) // stop the other workers early
					mu.Unlock()
				}
			}()
			for {
				mu.Lock()
				i = int(next)
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				body(i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// VerifyFunc checks one function (see Verify).
func VerifyFunc(f *Func, opts VerifyOptions) Diagnostics {
	ds := verifySignatureLimits(f)
	if f.External {
		if f.Visibility == "" {
			ds = append(ds, f.Errorf("symbol declaration cannot have public visibility"))
		}
		return ds
	}
	defined := make([]bool, f.NumValues())
	for i, a := range f.args {
		switch {
		case a.typ == nil:
			ds = append(ds, f.Errorf("argument #%d has no type", i))
		case a.id < 0 || int(a.id) >= len(defined):
			ds = append(ds, f.Errorf("argument #%d has an invalid value ID", i))
		default:
			defined[a.id] = true
		}
	}
	var opDiags Diagnostics
	term := f.last // verified last, and only when the others pass
	if term == nil || term.Def == nil || !term.Has(TraitTerminator) {
		term = nil
	}
	if f.numOps >= parallelVerifyOps && !f.HasRegions() {
		opDiags = verifyOpsParallel(f, defined, term, opts)
	} else {
		rv := newRegionVerifier(f, opts)
		isDefined := func(v *Value, _ *Op) bool { return defined[v.id] }
		for op := f.first; op != nil; op = op.next {
			if op == term && len(opDiags) > 0 {
				break
			}
			d := verifyOp(f, op, len(defined), isDefined, opts)
			if d == nil && len(op.regions) > 0 {
				d = rv.regions(op)
			}
			if d != nil {
				opDiags = append(opDiags, d.Flatten()...)
			}
			for _, r := range op.results {
				if r.id >= 0 && int(r.id) < len(defined) {
					defined[r.id] = true
				}
			}
		}
	}
	ds = append(ds, opDiags...)
	opFailed := len(opDiags) > 0
	if opFailed {
		return ds
	}
	if f.last == nil {
		return append(ds, Errorf(f.Pos, "empty block: expect at least a terminator"))
	}
	if last := f.last; last.Def != nil && !last.Has(TraitTerminator) {
		ds = append(ds, Errorf(last.Pos, "block with no terminator, has %s", OpString(last)))
	}
	return ds
}

// verifySignatureLimits checks f's argument and result types against the
// limits of ShapeError (types built in Go or refined by a pass, which the
// parser never saw).
func verifySignatureLimits(f *Func) Diagnostics {
	var ds Diagnostics
	for i, a := range f.args {
		if a.typ != nil {
			if e := TypeError(a.typ); e != "" {
				ds = append(ds, f.Errorf("argument #%d has the type '%s': %s", i, TypeString(a.typ), e))
			}
		}
	}
	for i, t := range f.ResultTypes {
		if e := TypeError(t); e != "" {
			ds = append(ds, f.Errorf("result #%d has the type '%s': %s", i, TypeString(t), e))
		}
	}
	return ds
}

// verifyOp runs the structure checks, then the traits' verifiers in
// declaration order, then the op's own; it returns the first failure.
func verifyOp(f *Func, op *Op, numIDs int, dominates func(v *Value, user *Op) bool, opts VerifyOptions) *Diagnostic {
	defer func() {
		if r := recover(); r != nil {
			panic(Recovered(r, "the verifier of '"+op.Name+"'", op.Pos))
		}
	}()
	for i, v := range op.operands {
		switch {
		case v == nil:
			return op.Errorf("operand #%d is null", i)
		case v.typ == nil:
			return op.Errorf("operand #%d has no type", i)
		case v.Func() != f:
			return op.Errorf("operand #%d is not defined in this function", i)
		case v.id < 0 || int(v.id) >= numIDs:
			return op.Errorf("operand #%d has an invalid value ID", i)
		case !dominates(v, op):
			d := op.EmitErrorf("operand #%d does not dominate this use", i)
			if v.def != nil {
				d.Note(v.def.Pos, "operand defined here")
			}
			return d
		}
	}
	for i, r := range op.results {
		if r == nil || r.typ == nil {
			return op.Errorf("result #%d has no type", i)
		}
		if e := TypeError(r.typ); e != "" {
			return op.Errorf("result #%d has the type '%s': %s", i, TypeString(r.typ), e)
		}
	}
	if op.Def == nil {
		dialect := DialectOf(op.Name)
		known, allowUnknown := dialectInfo(dialect)
		switch {
		case known && !allowUnknown:
			d := op.EmitErrorf("unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", op.Name, dialect)
			if s := SuggestOpName(op.Name); s != "" {
				d.Fix = "did you mean '" + s + "'?"
			}
			return d
		case !known && !opts.AllowUnregistered:
			return op.EmitErrorf("operation '%s' of unregistered dialect '%s' (use -allow-unregistered-dialect to accept it)", op.Name, dialect)
		}
		return nil
	}
	if op.Def.Regions == 0 && len(op.regions) > 0 {
		return op.Errorf("requires zero regions")
	}
	for _, t := range op.Def.Traits {
		if t.Verify != nil {
			if d := t.Verify(op); d != nil {
				return d
			}
		}
	}
	if op.Def.Verify != nil {
		return op.Def.Verify(op)
	}
	return nil
}

// parallelVerifyOps is the function size from which its ops are verified
// on all cores: below it the goroutines cost more than they save.
const parallelVerifyOps = 16384

// verifyOpsParallel verifies the ops of one large function in chunks on
// all cores, with the same diagnostics, in the same order, as the
// sequential loop. Dominance in a single block is "defined by an earlier
// op": a sequential pass records, per value ID, the position of its
// defining op, so each chunk knows which values exist before its first op
// and marks the rest as it goes.
func verifyOpsParallel(f *Func, argDefined []bool, term *Op, opts VerifyOptions) Diagnostics {
	ops := f.OpList()
	defAt := make([]int32, len(argDefined)) // op index + 1 of the definition; 0 = argument or undefined
	for i, op := range ops {
		for _, r := range op.results {
			if r.id >= 0 && int(r.id) < len(defAt) {
				defAt[r.id] = int32(i + 1)
			}
		}
	}
	const chunk = 4096
	n := (len(ops) + chunk - 1) / chunk
	out := make([]Diagnostics, n)
	ParallelFor(n, func(c int) {
		lo, hi := c*chunk, min((c+1)*chunk, len(ops))
		for i, op := range ops[lo:hi] {
			if op == term {
				continue
			}
			at := int32(lo + i) // defined before op: an argument, or defined by an earlier op
			isDefined := func(v *Value, _ *Op) bool { return argDefined[v.id] || (defAt[v.id] > 0 && defAt[v.id] <= at) }
			if d := verifyOp(f, op, len(defAt), isDefined, opts); d != nil {
				out[c] = append(out[c], d.Flatten()...)
			}
		}
	})
	var ds Diagnostics
	for _, d := range out {
		ds = append(ds, d...)
	}
	if term != nil && len(ds) == 0 {
		isDefined := func(v *Value, _ *Op) bool { return argDefined[v.id] || defAt[v.id] > 0 }
		if d := verifyOp(f, term, len(defAt), isDefined, opts); d != nil {
			ds = append(ds, d.Flatten()...)
		}
	}
	return ds
}
