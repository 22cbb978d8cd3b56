// Package codegen lowers verified tirc modules to textual LLVM IR built
// with github.com/llir/llvm (typed pointers, accepted by LLVM 14 and 19).
// The C header of the native ABI and the .npy C driver are cabi's.
//
// # The native ABI
//
// Every function with a body becomes an LLVM function of the same name
// returning an i32 status; private functions get internal linkage. A
// public name is a symbol of the linked program and a C name, so it must
// be a C identifier that no C or C++ keyword, C library or POSIX header,
// the C implementation (_X, __), main, tirc (tirc_*) or libgomp (GOMP_*,
// omp_*) claims; a private function whose name is one of those or an
// LLVM intrinsic's is renamed tirc.private.<name>, and tirc's internal
// symbols (f.general, f.nest1, .str0) all contain a '.' (cabi's names.go). A tensor
// of rank R and element type T is passed as a pointer to a descriptor laid
// out like MLIR's memref descriptor, strides and offset in elements:
//
//	typedef struct { T *allocated; T *aligned; int64_t offset;
//	                 int64_t sizes[R]; int64_t strides[R]; } tirc_desc_T_Rd;
//	int32_t f(const tirc_desc_f32_2d *arg0, ..., tirc_desc_f32_2d *res0, ...);
//
// Element (i0, ..., iR-1) lives at aligned + offset + Σ ik*strides[k], so
// views, Fortran order and stride-0 (broadcast) inputs work. Scalars are
// passed by value (f16 as its uint16_t bits), results by pointer; a tirc
// vector is passed as a pointer to its elements. i1 is one byte (0/1),
// f16 and bf16 are 16-bit patterns, index is int64_t.
//
// Results are callee-allocated by default: when res->aligned is NULL on
// entry, the callee allocates a 64-byte aligned row-major buffer, fills the
// descriptor, and the caller releases it with tirc_free(res) (defined weak
// in every module, so several modules link together). When res->aligned
// is not NULL the callee writes into the caller's buffer, honouring its
// offset and strides, after checking its sizes (status 4). Results must
// not alias arguments. Status: 0 ok, 1 incompatible run-time sizes, 2
// integer division by zero or MIN / -1, 3 out of memory, 4 a descriptor
// contradicting the static type; the reason goes to stderr as
//
//	tirc: error: bias_relu: prog.mlir:3:8: 'tir.add' op operands could not be broadcast
//	together with shapes (3,128) (5,128) (dimension 0 of operand #0 has size 3, not 5)
//
// On failure, callee-allocated results are freed and their pointers set
// to NULL; temporaries are always freed. Link with -lm.
//
// A public function whose tensors all have static shapes also gets a
// bare-pointer entry f_bare (bare.go): a pointer to each tensor's first
// element, row-major, results in the caller's buffers; it fills
// descriptors on its stack and calls f inlined, so the checks fold away.
//
// # Lowering
//
// A function body is lowered op by op (func.go). Splat constants and
// scalars are LLVM constants or values, never buffers; dense constants are
// private globals; tensor.cast re-labels a view (a dynamic size becoming
// static is checked); func.call passes descriptors and propagates a failed
// callee's status. The tensor dialect's slices and reshapes are views too
// (tensor_ops.go): a base offset, sizes and strides read at run time and
// checked; insert_slice and insert write into their destination's buffer
// when this is its last use and the buffer is its own, else into a copy.
//
// Every op with a loop description and a kernel (ir.Computable: see
// ir/loops.go) is lowered as a loop nest over its own loops (nest.go),
// reading each operand through its maps: a broadcast dimension with
// stride 0, a reduced one as a reduction loop. Parallel ops are fused: an
// op whose result has exactly one use, by another nest's op, is computed
// inside its user's nest, and so is a cheap value with up to four users
// (its tree at most 8 kernel units: x - mean, exp(x - max)), recomputed in
// each rather than written to a temporary and read back; everything else
// -- a reduction, an expensive or many-used value, a return, a call
// operand -- is computed once into a buffer (the return's own buffer when
// it is returned once). One nest reads at most 32 operands: a wider tree
// computes its widest subtrees into buffers first. The fused ops form an
// expression tree whose leaves are buffers or scalars; the maps compose
// along the tree, so each leaf dimension reads at its loop with its
// stride, or stride 0 where it broadcasts, and broadcasting copies
// nothing. W3 of BENCH.md, max((a + b) * c, 0), becomes one loop nest
// with no allocation but the result's:
//
//	loop.body:
//	  %a = load float, float* %pa
//	  %b = load float, float* %pb          ; b's row stride is 0
//	  %c = load float, float* %pc
//	  %s = fadd float %a, %b
//	  %p = fmul float %s, %c
//	  ... max(%p, 0.0), NaN propagating ...
//	  store float %r, float* %pout
//
// A reduction's nest (reduce.go) accumulates its fused tree over its
// reduction loops: in a vector of W lanes when they are innermost (element j
// into lane j mod W, lanes combined in a fixed tree; a short tail of a
// static row is unrolled with constant lanes, the same lanes), in a scratch
// row when parallel loops follow (column sums, read in memory order), in
// fixed blocks shared by the threads when nothing is parallel (a full sum).
// Float sums accumulate in f64 (Kahan-compensated for f64 data); the order
// depends on the logical indices only, so the bits do not change with
// threads, alignment, strides or checks. Consecutive nests over the same
// rows that read each other only at the row being computed -- softmax's max,
// sum and division, layer norm's four -- run as one row group (group.go),
// block by block of rows, so each block is read from memory once; a value
// two members would both compute at some cost (exp(x - max) in softmax) is
// computed once per block into a scratch block of rows per thread that stays
// in the cache (groupshare.go). When the first member reduces rows that the
// second computes over (softmax's max, then exp(x - max)), the group is
// pipelined: the second member's loop carries the first one row ahead, so
// loading the next row overlaps computing this one (rider.go). exp on f32 is
// an f32 polynomial with fused multiply-adds, not a libm call per lane, so
// it vectorizes; so are exp on f64, exp2, expm1, the logarithms and powf
// (branch-free, f32 computed in f64), and tanh, sigmoid, erf, atan, atan2
// and rsqrt (polynomials, selects and a division, f64 within 1 ulp by
// error-free transformations with fma, f32 in f64 or compensated f32), all
// within SPEC §7's ulp bounds, which test/mathacc measures: package vmath
// emits them (mathglue.go). sin, cos and tan are polynomials too; their
// rare branch for huge arguments would stop the loop vectorizer, so a
// scalar one calls a module function whose vector variants
// (vector-function ABI) the vectorizer calls, one per vector
// (vectorizable.go).
//
// Each scalar operation is written once (package scalar: the intrinsic
// its ir.Kernel row names, or one case for a kernel with its own IR) and
// works on scalars and LLVM vectors alike, so lowering an
// op is its table row's Kernel, never per-op loop code. NumPy's maximum
// and minimum of two float values, eleven instructions, are a call of a
// module-level alwaysinline helper per type (tirc.max.f32): the same code
// once LLVM has inlined it, a third less text in a module of maxima. f16 and bf16
// compute in f32 and round to their type after every operation (bf16 is
// stored as i16: llir has no bfloat). Integer division never traps: a zero
// divisor or MIN / -1 is replaced and reported through fault bits the
// nest returns (status 2 with checks on).
//
// A loop nest is its own internal alwaysinline function whose parameters
// are the captured buffers, sizes and strides (constants stay constants),
// so the output pointer carries noalias. One builder (builder.go) owns
// blocks, unique names and phi back-edges. The nest has a fast path for
// row-major inputs (checked at run time when a layout is not known), in
// which adjacent dimensions with the same broadcast pattern collapse into
// one loop and the innermost loop has unit stride; other layouts take the
// general strided path. Nests are shared (nestcache.go): a nest whose
// fused tree computes the same ops on the same types with the same maps,
// and whose captured values repeat the same pattern (equal where another
// nest's are equal, the same constants where it has constants), calls the
// function an earlier nest of the module built, with its own arguments;
// row groups' functions likewise. In a long function, or many small ones,
// most nests are one of a few hundred kinds. A fast path whose output is contiguous along the
// innermost loop but reads an operand with stride 1 along the loop
// outside it (x.T, NCHW -> NHWC) runs those two loops blocked
// (transpose.go): 8x8 blocks loaded as contiguous vectors and transposed
// in registers, in tiles of the inner loop. A transposed, sliced or
// broadcast operand is otherwise only other strides and offsets of the
// consumer's nest: never a copy.
//
// A small public function with static types whose results each come from
// one nest also gets a fast entry (fastentry.go): one vectorisable check
// that every descriptor has the static sizes and a row-major layout and
// that the caller allocated the results, then the nests with constant
// strides; anything else tail-calls the full body, f.general. Large nests
// run on libgomp's threads (parallel.go: a call is one line to the nest's
// runner, which every function calling the nest shares); nests writing more than the
// last-level cache use non-temporal stores (nontemporal.go).
//
// # Plans
//
// Codegen plans, then emits: the decisions -- which values fuse into
// their user's nest, the fast entry, a reduction's accumulator, chains
// and blocks, transposed tiles, non-temporal stores, threads, fences,
// layouts, row groups, region folds, contractions and their fusions,
// buffer hand-offs -- are functions of package plan over plain facts
// (static sizes and strides, Dynamic where the run time decides). Before
// a function is emitted, plan.PlanCarries and plan.Prepass plan it from
// the IR alone: every nest it builds in the order it builds them
// (copies, fills and the nests of scf bodies included), each with its
// loops, layout, row-major version, store, threads and fence; its row
// groups; its contractions; how its scf ops and inserts hand buffers on.
// The emitter walks that plan: it takes each nest and contraction in
// order (planrec.go: nestLayout, contractRec) and builds what it says,
// emitting the run-time test where a decision is taken at run time, and
// fails on anything the plan does not list. What it builds is checked
// against the plan (the layout always, the rest under checkPlan in the
// tests). A
// function's plan is plain data, printed by PrintPlan (tirc
// -print-plan). A row group is emitted by rowsEmitter (group.go), the
// failure paths of an LLVM function by llfunc (failpath.go), the tensor
// dialect's ops by tensorLowering (tensor_ops.go), the ops with regions
// and their buffers' owners by scfEmitter (scf*.go), and the text a
// context writes by textOut (textout.go).
//
// # Files by job
//
// Lowering to llir objects: codegen.go (Emit, the module loop), module.go
// (what functions share), shard.go (a module's functions lowered in
// parallel, in shards that change the module in turn, giving the same
// text as in order), func.go (a function body, op by op; what is
// asked again and again -- an argument's layout, a buffer's byte size,
// the thread count -- is computed once where it dominates the rest,
// builder.once), nestcache.go (shared nests), nest.go
// (the fusion trees and one nest, built in steps: newNest, captureViews,
// markNoAlias, nestParams, iterate, fenceNonTemporal), group.go,
// reduce.go, move.go, transpose.go, kernel.go (the max/min helpers),
// builder.go, types.go, parallel.go, nontemporal.go, fastentry.go,
// bare.go, desccheck.go, errorfd.go. Printing: output.go and stream.go
// hand the llir objects to llvmtext as soon as a function is built, and
// the body of a tirc function while it is built (between two ops, its
// complete blocks), so memory does not grow with the length of a
// function; functions lowered in order (not in shards) print on a
// goroutine of their own. Targets: every function carries the target CPU
// and features as attribute group #0 (module.go, funcAttrs).
//
// The rooms below codegen, each a package that imports less than it:
// llvmtext (the LLVM text printer, llir only), cabi (the C header, the C
// driver and the ABI's names, ir only), vmath (the vectorizable math
// kernels, through the builder as a vmath.Emitter), scalar (each
// ir.Kernel's scalar semantics as LLVM instructions, with the builder as
// its Env, embedded in it), llconst (llir types
// and constants both make) and portable (the portable object: the
// module's text with each function copied per x86-64 level and each
// entry point a dispatcher).
//
// # Run-time checks
//
// With Options.Checks (the default; tirc -no-runtime-checks turns them
// off) the generated code checks descriptor sizes against static types at
// entry, and that pointers, offsets and strides are usable (desccheck.go:
// no NULL where data is needed, no address overflow, no output element
// sharing memory with another), broadcast compatibility of dynamic sizes
// before each nest, caller-allocated result sizes, casts to static sizes,
// and integer division. The checks of a descriptor are made by module-level
// functions, one per type (tirc.check.arg.*, tirc.result.*), and a
// failure's message is a format shared by the module's functions, which
// pass their name to its "%s". Unranked tensors never reach codegen: they
// are an error suggesting -infer-shapes or -arg-shapes.
package codegen
