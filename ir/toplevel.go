package ir

// Ops other than functions at the top level of a module (MLIR's symbol
// ops, `"test.symbol"() {sym_name = "x"} : () -> ()`). tirc keeps each in a
// hidden function of its own (Op.Func is that holder, not in Module.Funcs),
// so that its regions have a function to number their values; such an op
// has no operands and no results. Passes and codegen work on Funcs only;
// codegen refuses a module with top-level ops.

// TopOp is an op at the top level of a module, printed before function
// Before (len(Funcs): after the last one) to keep the source order.
type TopOp struct {
	Op     *Op
	Before int
}

// parseTopOp parses a generic op at the top level of m.
func (p *parser) parseTopOp(m *Module) {
	start := p.tok
	holder := &Func{Pos: p.pos(), Module: m}
	p.beginFunc(holder)
	p.parseOp(holder, nil)
	p.fn = nil
	if p.failed() {
		return
	}
	p.finishFunc()
	op := holder.first
	if op == nil || p.failed() {
		return
	}
	if op.NumOperands() > 0 || op.NumResults() > 0 {
		p.failAt(start, "tirc supports top-level ops without operands and results only")
		return
	}
	m.Ops = append(m.Ops, TopOp{Op: op, Before: len(m.Funcs)})
}

// verifyTopOps verifies the top-level ops of m.
func verifyTopOps(m *Module, opts VerifyOptions) Diagnostics {
	var ds Diagnostics
	never := func(*Value, *Op) bool { return false }
	for _, t := range m.Ops {
		f := t.Op.fn
		if f == nil {
			ds = append(ds, t.Op.Errorf("top-level op has no holder function"))
			continue
		}
		d := verifyOp(f, t.Op, f.NumValues(), never, opts)
		if d == nil && len(t.Op.regions) > 0 {
			d = newRegionVerifier(f, opts).regions(t.Op)
		}
		if d != nil {
			ds = append(ds, d.Flatten()...)
		}
	}
	return ds
}

// topOps prints the top-level ops to print before function i.
func (pr *printer) topOps(m *Module, i int) {
	for _, t := range m.Ops {
		if t.Before == i && t.Op.fn != nil {
			pr.nameValues(t.Op.fn)
			pr.newline()
			pr.op(t.Op)
		}
	}
}
