package passes

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// The pass table, every pass's one row (name, summary, description,
// options, statistics, the function that runs it), as Go's compile.go and
// MLIR's Passes.td declare passes. Adding a pass is adding a row here;
// -help, the pipeline parser and the README read it. (Register exists for
// tests that need a pass of their own.)
func init() { MustRegister(builtin...) }

// builtin holds the built-in passes, one row each, in the order -help lists
// them.
var builtin = []*Pass{
	{
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
	{
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
	{
		Name:    "cse",
		Summary: "Eliminate common subexpressions (Commutative-aware)",
		Description: `Replaces every side-effect-free op that repeats an earlier one (same op,
attributes, operands and result types) with the earlier op's results, then
erases the repeats. Operands of Commutative ops are compared in any order:
"tir.add"(%a, %b) and "tir.add"(%b, %a) merge. func.call is never merged.`,
		Statistics: []Statistic{{"num-cse'd", "Number of ops CSE'd"}},
		Func:       CSE,
	},
	{
		Name:    "dce",
		Summary: "Erase side-effect-free ops whose results are unused",
		Description: `Walks each function body backwards and erases every op whose results are
all unused and that has no effect besides them (ops that declare the Pure
trait: not calls, terminators or unregistered ops). A chain of dead ops
disappears in one run.`,
		Statistics: []Statistic{{"num-erased", "Number of ops erased"}},
		Func:       DCE,
	},
	{
		Name:    "materialize-broadcasts",
		Summary: "Make broadcasting explicit: tir.broadcast_in_dim ops followed by same-shape elementwise ops",
		Description: `Rewrites every broadcasting elementwise op (implicit NumPy/MLIR broadcasting
and XLA InDim broadcasting with broadcast_dimensions) into XLA's explicit
form: each operand whose shape differs from the result's goes through a
tir.broadcast_in_dim to the result shape, and the op drops
broadcast_dimensions. A second run changes nothing.

Dynamic result dimensions: an operand is always expanded to the result
rank, and broadcast along every static result dimension; along a '?'
result dimension it keeps its own size (1 or '?'), because
broadcast_in_dim cannot name a size only known from another operand. The
op's own run-time checked broadcasting completes those dimensions, so
the numbers are unchanged; fully static programs become fully explicit.`,
		Statistics: []Statistic{
			{"num-ops", "Number of broadcasting ops rewritten"},
			{"num-broadcasts", "Number of tir.broadcast_in_dim ops inserted"},
		},
		Func: materialize,
	},
}

// materialize adapts MaterializeBroadcastsStats (passes/materialize.go) to
// the table, with its statistics.
func materialize(f *ir.Func, c *Context) (bool, ir.Diagnostics) {
	st := MaterializeBroadcastsStats(f)
	c.Count("num-ops", st.Ops)
	c.Count("num-broadcasts", st.Broadcasts)
	return st.Ops > 0, nil
}
