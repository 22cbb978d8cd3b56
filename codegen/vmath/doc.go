// Package vmath emits the vectorizable math kernels: exp, log, pow, the
// trigonometric and hyperbolic functions, erf, atan, rsqrt and sigmoid
// as straight-line llir code on a float scalar or vector, with no libm
// call, so that LLVM's loop vectorizer widens the loop around it, and
// with the same bits on every CPU (every multiply-add is llvm.fma).
//
// Kernels (New) emits them through an Emitter, which is codegen's
// builder; the module-level helpers they need (tirc.rem_pio2, the log
// table, vectorizable helper functions) are made once through its
// Module. It imports ir (the kernels' names) and llconst.
package vmath
