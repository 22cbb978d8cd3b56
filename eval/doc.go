// Package eval is tirc's reference evaluator: it runs ops and functions on
// concrete tensors, slowly and obviously, so that constant folding,
// transformations and generated code can be checked against it.
//
// # Values
//
// A Tensor is a static shape, an element type and the elements in
// row-major order (integers and i1 in Ints, floats in Floats). Scalars
// (f32, i64 ...) are rank-0 tensors. FromDense/FromAttr and ToDense/Attr
// convert from and to constant attributes.
//
// # Numbers: one place per kernel
//
// Every elementwise op names a scalar kernel (ir.Kernel in its OpDef);
// Scalar implements each kernel once, as a row of a function table indexed
// by kernel (kernels.go: one function on floats, one on integers, or one
// on whole elements), and Op, Func and constant folding all call it. The numbers are SPEC section 3's:
//
//   - integers are two's complement of the element width and wrap (add,
//     sub, mul, neg, abs(MIN) = MIN, pow by repeated multiplication);
//   - div and rem truncate toward zero (C, LLVM sdiv/srem); a zero divisor
//     and MIN / -1 are faults (ErrDivByZero, ErrDivOverflow), while
//     MIN % -1 is its exact value 0 (NumPy's; srem alone would leave it
//     undefined): Op reports a RuntimeError naming the
//     op and the element, and folding must leave such an op alone;
//   - floats are IEEE in the element type: results are computed in
//     float64 (exact or correctly rounded there) and rounded once to
//     f32/f16/bf16 (Round avoids double rounding); rem is fmod; max/min
//     propagate NaN and order -0 < +0 (arith.maximumf, llvm.maximum);
//   - i1 is a boolean 0/1: and/or/xor are logic; tir's comparisons and
//     max/min order false < true; add/sub/mul wrap modulo 2 (LLVM's i1),
//     except where the op's row is Logical (tir): add is or, mul is and
//     (Kernel.OnBool), and sum and prod reductions are any and all;
//     arith.cmpi's signed predicates treat true as -1, as MLIR does;
//   - tir.cmp's lt/le/gt/ge are signed for integers and ordered for floats,
//     ne is unordered (true for NaN, NumPy's !=); arith.cmpi/cmpf use
//     MLIR's predicate names (Params.Pred);
//   - convert (Convert): x -> i1 is x != 0; float -> integer truncates,
//     saturates and maps NaN to 0 (fptosi.sat); integer -> float and
//     float -> float round to nearest even, once; integer -> integer
//     truncates or sign-extends, i1 zero-extends.
//
// # Loops
//
// Every computed op runs through one interpreter (loops.go) of its loop
// description (ir.Loops): the loop extents from the operand sizes and
// the result type's static sizes, then every iteration reads the operand
// elements its maps name and either stores the kernel's value (all loops
// parallel) or combines it into a result element (reductions). So
// elementwise ops, both broadcasting rules, broadcast_in_dim and the
// reductions share the code that decides sizes, strides and errors.
//
// Reductions (SPEC 3a) are the reference compiled code is checked
// against: float sums and means exactly (Shewchuk's partials, Python's
// math.fsum) and rounded once, so compiled code's order cannot be more
// accurate; integer sums and products wrap; max/min propagate NaN;
// argmax/argmin return the first extreme (the first NaN wins); f16 and
// bf16 accumulate in f32; an empty extent is the identity (sum 0, prod 1,
// mean NaN, any false, all true) or, for max/min/argmax/argmin, a
// RuntimeError naming the dimension.
//
// Contractions (SPEC 3d: matmul, dot_general, einsum, tosa.matmul) run
// through the same interpreter with their Reduce kind ReduceContract:
// the operands are converted to the accumulator type first (i8 x i8 ->
// i32 multiplies in i32 and wraps there), each term is the product
// (minus zero points) computed exactly where float64 holds it, and the
// terms are added in the iteration's index order in the accumulator type
// (f32, or f64; f16 and bf16 in f32), rounded after each add, then once
// to the result type. A contracted size that differs at run time is a
// RuntimeError in NumPy's matmul words.
//
// # Shapes
//
// Broadcastable ops broadcast NumPy's way (right-aligned, sizes equal or
// 1) or, for a binary op with broadcast_dimensions, XLA's InDim way (the
// lower-rank operand's dimension i goes to result dimension
// broadcast_dimensions[i], then degenerate-dimension broadcasting):
//
//	%r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>}
//	    : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
//	// [1, 2, 3, 4] + [[5, 6]] = [[6, 7], [7, 8], [8, 9], [9, 10]]
//
// Other elementwise ops (arith, unary tir ops) need equal shapes, scalar
// operands aside. tir.broadcast_in_dim follows StableHLO. Sizes are those
// of the run-time values, and a static size of the result type is the
// size operands broadcast to (as broadcast_in_dim's result type is):
// (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32> on two 1-element values
// gives 4 elements. Sizes that do not broadcast, to each other or to a
// static result size, are RuntimeErrors naming the op and, as NumPy does,
// the operands' shapes ("operands could not be broadcast together with
// shapes (3,4) (2,4)") — the checks compiled code makes where the types
// have '?'. A
// dynamic result dimension takes the broadcast of the operand sizes
// mapped to it (for broadcast_in_dim, the one operand size).
//
// # Folding
//
// Fold evaluates one op on constant operands and returns the constant
// result attribute (a splat when all elements are equal). It returns the
// RuntimeError instead of folding a fault; errors.Is(err, ErrDivByZero)
// and friends name the cause.
//
// # Functions
//
// Func checks its arguments against the argument types (element type,
// rank, static sizes), evaluates the body in order, and follows func.call
// into other functions of the module up to MaxCallDepth nested calls.
package eval
