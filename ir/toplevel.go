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
