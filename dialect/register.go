package dialect

import "github.com/tirc/tirc/ir"

// All lists every op table, in the order they are registered.
var All = [][]*Op{TirOps, ReduceOps, MoveOps, ContractOps, ArithOps, MathOps, TosaOps, FuncOps, TensorOps, ScfOps, CfOps, TestOps, OIListOps, LinalgOps, LinalgMapOps, LinalgNamedOps}

// rows maps the name of every registered row to the row.
var rows = map[string]*Op{}

func init() {
	// MLIR's test dialect accepts ops it does not define; the others
	// report unknown ops.
	ir.RegisterDialect("test", true)
	ir.RegisterDialect("builtin", false)
	for _, table := range All {
		for _, r := range table {
			ir.MustRegister(r.Def())
			rows[r.Name] = r
		}
	}
}

// rowOf returns the row op was registered from, or nil.
func rowOf(op *ir.Op) *Op {
	if op.Def == nil {
		return nil
	}
	return rows[op.Def.Name]
}
