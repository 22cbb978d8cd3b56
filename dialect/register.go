package dialect

import "github.com/tirc/tirc/ir"

// All lists every op table, in the order they are registered.
var All = [][]*Op{TirOps, ReduceOps, ArithOps, FuncOps, TensorOps, TestOps}

func init() {
	// MLIR's test dialect accepts ops it does not define; the others
	// report unknown ops.
	ir.RegisterDialect("test", true)
	ir.RegisterDialect("builtin", false)
	for _, table := range All {
		for _, r := range table {
			ir.MustRegister(r.Def())
		}
	}
}
