package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/internal/target"
	"github.com/tirc/tirc/ir"
)

// emitOptions holds the code generation flags (-emit-llvm, -emit-c-header,
// target options, runtime checks).
type emitOptions struct {
	llvm, header bool
	plan         bool // -print-plan: planned as -emit-llvm plans, nothing lowered: the plans printed
	noChecks     bool
	triple, cpu  string
	target       target.Target // cpu resolved (resolveTarget)
	parallelMin  *int64        // -parallel-threshold; nil = the default
	ntMin        *int64        // -nontemporal-threshold; nil = the default
	ntStoreBound bool          // -nontemporal-store-bound-only
	sanitize     string        // -sanitize
}

// emitFlags returns the code generation flags.
func emitFlags() []*flagSpec {
	cg := codegenSection
	return []*flagSpec{
		{name: "emit-llvm", section: cg, help: "write the module as textual LLVM IR (native ABI: see README); build with clang -O3 prog.ll main.c -lm",
			set: func(o *options, _ string) error { o.codegen.llvm = true; return nil }},
		{name: "print-plan", section: cg, help: "print how each function is lowered, as -emit-llvm would (loop nests, row groups, reductions, tiles, stores, threads) with the reason of each decision; takes -emit-llvm's options",
			set: func(o *options, _ string) error { o.codegen.plan = true; return nil }},
		{name: "emit-c-header", section: cg, help: "write a C header declaring the public functions, their descriptor types and tirc_free",
			set: func(o *options, _ string) error { o.codegen.header = true; return nil }},
		{name: "no-runtime-checks", section: cg, needs: "emit-llvm", help: "omit the run-time checks of sizes, descriptors and integer division (a wrong call is then undefined behaviour)",
			set: func(o *options, _ string) error { o.codegen.noChecks = true; return nil }},
		countFlag("parallel-threshold", "n", "element count", fmt.Sprintf("run loop nests of at least n elements on libgomp's threads when linked with -lgomp (default %d; 0: always one thread)", codegen.DefaultParallelMin), func(o *options) **int64 { return &o.codegen.parallelMin }),
		countFlag("nontemporal-threshold", "bytes", "byte count", fmt.Sprintf("use non-temporal vector stores in loop nests writing at least this many bytes (default %d; 0: never)", codegen.DefaultNonTemporalMin), func(o *options) **int64 { return &o.codegen.ntMin }),
		{name: "nontemporal-store-bound-only", section: cg, needs: "emit-llvm", help: "use non-temporal stores only where the inputs are at most an eighth of the output (for machines where make bench shows copy_nt slower than copy)",
			set: func(o *options, _ string) error { o.codegen.ntStoreBound = true; return nil }},
		{name: "sanitize", arg: "address", section: cg, needs: "emit-llvm",
			help: "mark every generated function for AddressSanitizer (sanitize_address), which clang -fsanitize=address then instruments: see README",
			set: func(o *options, v string) error {
				if v != "address" {
					return fmt.Errorf("'%s' is not a sanitizer tirc supports (address)", v)
				}
				o.codegen.sanitize = v
				return nil
			}},
		nameFlag("target-triple", "triple", "target triple", "LLVM target triple of -emit-llvm (default: the host's, e.g. x86_64-pc-linux-gnu)", func(o *options) *string { return &o.codegen.triple }),
		nameFlag("target-cpu", "cpu", "target CPU", "LLVM CPU of the generated functions, e.g. skylake; host (the default) or native: this machine's CPU and features; portable: x86-64, x86-64-v3 and x86-64-v4 in one object, chosen at the first call (TIRC_TARGET=x86-64|x86-64-v3|x86-64-v4 forces one)", func(o *options) *string { return &o.codegen.cpu }),
	}
}

const codegenSection = "Code generation"

// countFlag is a code generation flag taking a non-negative count.
func countFlag(name, arg, what, help string, dst func(*options) **int64) *flagSpec {
	return &flagSpec{name: name, arg: arg, section: codegenSection, help: help, needs: "emit-llvm",
		set: func(o *options, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("invalid -%s '%s': want a non-negative %s", name, v, what)
			}
			*dst(o) = &n
			return nil
		}}
}

// nameFlag is a code generation flag taking an LLVM name (no blanks or
// quotes, which would break the emitted IR).
func nameFlag(name, arg, what, help string, dst func(*options) *string) *flagSpec {
	return &flagSpec{name: name, arg: arg, section: codegenSection, help: help, needs: "emit-llvm",
		set: func(o *options, v string) error {
			if strings.TrimSpace(v) == "" || strings.ContainsAny(v, " \t\"\\") {
				return fmt.Errorf("invalid %s '%s'", what, v)
			}
			*dst(o) = v
			return nil
		}}
}

// resolveTarget resolves -target-cpu for -emit-llvm: the host's CPU and
// features by default (or host, native), portable, or a CPU name LLVM
// knows (an unknown one is a usage error).
func resolveTarget(c *emitOptions) error {
	if !c.llvm && !c.plan {
		return nil
	}
	triple := c.triple
	if triple == "" {
		triple = codegen.HostTriple()
	}
	t, err := target.Resolve(c.cpu, triple, target.Host)
	if err != nil {
		return &usageError{fmt.Sprintf("invalid value for -target-cpu: %v", err)}
	}
	c.target = t
	return nil
}

// emit produces the output of a code generation flag; handled is false
// when none was given (the module is printed instead). With stream (w
// discards what it got when the run fails), -emit-llvm writes into w as
// it goes and out is nil; otherwise out holds the output.
func emit(m *ir.Module, o *options, w io.Writer, stream bool) (out io.WriterTo, diags ir.Diagnostics, handled bool) {
	c := &o.codegen
	switch {
	case c.header:
		h, diags := cabi.EmitCHeader(m)
		return bytes.NewReader(h), diags, true
	case c.plan:
		var b bytes.Buffer
		diags, err := codegen.PrintPlan(&b, m, c.options())
		if err != nil {
			diags = append(diags, ir.Errorf(m.Pos, "printing the plan: %v", err))
		}
		return &b, diags, true
	case c.llvm:
		opts := c.options()
		if stream {
			diags, err := codegen.EmitTo(w, m, opts)
			if err != nil && !diags.HasErrors() {
				// The output reports its own write errors at commit.
				diags = append(diags, ir.Errorf(m.Pos, "writing LLVM IR: %v", err))
			}
			return nil, diags, true
		}
		t, diags := codegen.EmitText(m, opts)
		if t == nil {
			return nil, diags, true
		}
		return t, diags, true
	}
	return nil, nil, false
}

// lowers reports whether the run lowers the module (LLVM IR, a C header
// or driver), which needs types codegen handles.
func lowers(o *options) bool {
	return o.codegen.llvm || o.codegen.plan || o.codegen.header || o.driver.emit
}

// options are the codegen options the flags ask for.
func (c *emitOptions) options() codegen.Options {
	opts := codegen.DefaultOptions()
	opts.Checks, opts.TargetTriple = !c.noChecks, c.triple
	opts.TargetCPU, opts.TargetFeatures, opts.Portable = c.target.CPU, c.target.Features, c.target.Portable
	if c.parallelMin != nil {
		opts.ParallelMin = *c.parallelMin
	}
	if c.ntMin != nil {
		opts.NonTemporalMin = *c.ntMin
	}
	opts.NonTemporalStoreBoundOnly = c.ntStoreBound
	opts.SanitizeAddress = c.sanitize == "address"
	return opts
}
