package main

import "github.com/tirc/tirc/ir"

// emitOptions holds the code generation flags (-emit-llvm, -emit-c-header,
// target options, runtime checks).
type emitOptions struct{}

// emitFlags returns the code generation flags.
func emitFlags() []*flagSpec { return nil }

// emit produces the output of a code generation flag; handled is false
// when none was given (the module is printed instead).
func emit(m *ir.Module, o *options) (out []byte, diags ir.Diagnostics, handled bool) {
	return nil, nil, false
}
