package main

import "github.com/tirc/tirc/ir"

// driverOptions holds the flags of the emitted C driver (-emit-c-driver).
type driverOptions struct{}

// driverFlags returns the C driver flags.
func driverFlags() []*flagSpec { return nil }

// emitDriver produces the C driver when asked; handled is false otherwise.
func emitDriver(m *ir.Module, o *options) (out []byte, diags ir.Diagnostics, handled bool) {
	return nil, nil, false
}
