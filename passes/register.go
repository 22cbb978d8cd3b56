package passes

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// The pass table. Adding a pass is adding a row here (or calling Register
// from another package); -help, the pipeline parser and the README read it.
func init() {
	MustRegister(
		&Pass{
			Name:    "infer-shapes",
			Summary: "Refine '?' dims and unranked results to static shapes the traits prove",
			Description: `Forward through every function (callees before callers), each op's result
types are met with what its traits and its own inference prove from the
operand types: Broadcastable inference (including (?, 5) -> 5),
ElementwiseMappable and Same*Shape propagation, tir.broadcast_in_dim,
tensor.cast, constants. A declared static size is never loosened. Where a
refined value reaches a use that needs its old type, the boundary option
decides: 'signature' (default) refines the function's result types and
updates every call site, 'cast' inserts tensor.cast back to the declared
type. arith ops, whose operand and result types must be equal, are refined
together (less static operands are cast to the joined type); operands of
calls are cast to the callee's argument types; operands of unregistered ops
keep their types through a cast. arg-shapes first gives function arguments
static shapes (@f:0=4x8,1=8;@g:0=2), so a dynamic function becomes fully
static in one run. A static mismatch that refinement exposes is reported as
the verifier's error at the op.`,
			Options: []*Option{
				{Name: "arg-shapes", Arg: "@f:0=4x8,1=8", Flag: "arg-shapes",
					Help:  "first give these function arguments static shapes",
					Check: func(v string) error { _, err := ParseArgShapes(v); return err }},
				{Name: "boundary", Arg: "mode", Flag: "infer-shapes-boundary", Default: BoundarySignature,
					Help: "at function results: signature (refine it and the call sites) or cast (back to the declared type)",
					Check: func(v string) error {
						if v != BoundarySignature && v != BoundaryCast {
							return fmt.Errorf("'%s' is not one of: signature, cast", v)
						}
						return nil
					}},
			},
			Statistics: []Statistic{
				{"num-values-refined", "Number of values whose type became more static"},
				{"num-dims-refined", "Number of dimensions that became static"},
				{"num-casts-inserted", "Number of tensor.cast ops inserted at exact-type uses"},
				{"num-signatures-updated", "Number of function signatures refined (arg-shapes or results)"},
			},
			Module: InferShapes,
		},
		&Pass{
			Name:    "canonicalize",
			Summary: "Fold constants, order commutative operands, remove identities and no-op casts",
			Description: `Repeats until nothing changes: folds Pure ops whose operands are all
constants and that package eval computes from their row (elementwise ops,
broadcast_in_dim, reductions), with eval's numbers (NumPy's: integers wrap,
floats IEEE in the declared type) on splat and dense constants with
broadcasting; an op whose result would be a run-time error (integer
division by zero, MIN / -1, an empty maximum) is left for the run-time
check. Removes data movement and reductions that move nothing (a reduction
over no dims or over size-1 dims kept by keepdims; the loop description
decides) and runs the ops' own patterns (reductions drop size-1 dims kept
by keepdims). Puts constant operands of Commutative ops last and orders the
others by definition, so that cse merges add(a, b) with add(b, a). Replaces
x + 0, x - 0, x * 1, x / 1, x | 0, x ^ 0, x & -1, max(x, x), min(x, x),
and/or(x, x) by x when the result type equals x's type. Removes casts to
the same type and merges chained casts. Then erases unused Pure ops.`,
			Options: []*Option{
				{Name: "max-iterations", Arg: "n", Default: "10", Help: "rounds over the body at most",
					Check: func(v string) error {
						var n int
						if _, err := fmt.Sscanf(v, "%d", &n); err != nil || n <= 0 || fmt.Sprint(n) != v {
							return fmt.Errorf("'%s' is not a positive integer", v)
						}
						return nil
					}},
			},
			Statistics: []Statistic{
				{"num-folded", "Number of ops folded to constants"},
				{"num-reordered", "Number of commutative ops whose operands were reordered"},
				{"num-identities", "Number of identity operations removed"},
				{"num-noops", "Number of ops that move nothing removed"},
				{"num-op-patterns", "Number of ops rewritten by their own patterns"},
				{"num-casts-folded", "Number of casts removed or merged"},
				{"num-erased", "Number of unused ops erased"},
			},
			Func: Canonicalize,
		},
		csePass,
		dcePass,
		&Pass{
			Name:        "materialize-broadcasts",
			Summary:     MaterializeSummary,
			Description: MaterializeDescription,
			Statistics: []Statistic{
				{"num-ops", "Number of broadcasting ops rewritten"},
				{"num-broadcasts", "Number of tir.broadcast_in_dim ops inserted"},
			},
			Func: materialize,
		},
	)
}

// materialize adapts MaterializeBroadcastsStats (passes/materialize.go) to
// the table, with its statistics.
func materialize(f *ir.Func, c *Context) (bool, ir.Diagnostics) {
	st := MaterializeBroadcastsStats(f)
	c.Count("num-ops", st.Ops)
	c.Count("num-broadcasts", st.Broadcasts)
	return st.Ops > 0, nil
}
