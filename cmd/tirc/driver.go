package main

import (
	"bytes"
	"io"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/ir"
)

// driverOptions holds the flags of the emitted C driver (-emit-c-driver).
type driverOptions struct {
	emit bool
}

// driverFlags returns the C driver flags.
func driverFlags() []*flagSpec {
	return []*flagSpec{
		{name: "emit-c-driver", section: "Code generation",
			help: "write a C program that runs the public functions on NumPy .npy files (see its --help); " +
				"pass the same -infer-shapes/-arg-shapes as to -emit-llvm",
			set: func(o *options, _ string) error { o.driver.emit = true; return nil }},
	}
}

// emitDriver produces the C driver when asked; handled is false otherwise.
func emitDriver(m *ir.Module, o *options) (out io.WriterTo, diags ir.Diagnostics, handled bool) {
	if !o.driver.emit {
		return nil, nil, false
	}
	d, diags := cabi.EmitCDriver(m)
	return bytes.NewReader(d), diags, true
}
