package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tirc/tirc/ir"
)

// Nothing is ever lost: -o may not name the input itself, nor replace a
// .mlir source with generated LLVM IR or C by accident.

// checkClobber refuses, before any input is read, an output file that is
// the input (by any path: links, ./, a redirected standard input), as gcc
// refuses "input file is the same as output file"; and, unless -f is
// given, an existing .mlir file as the output of -emit-llvm,
// -emit-c-header or -emit-c-driver, which would replace a source with
// generated code. Both are usage errors.
func checkClobber(o *options, stdin io.Reader) error {
	if o.output == "" || o.output == "-" || o.verifyOnly {
		return nil
	}
	target, err := resolveLinks(o.output)
	if err != nil {
		return nil // openOutput reports it
	}
	out, err := os.Stat(target)
	if err != nil || !out.Mode().IsRegular() {
		return nil
	}
	in, name := inputInfo(o.input, stdin)
	if in != nil && os.SameFile(in, out) {
		return &usageError{fmt.Sprintf("input file '%s' is the same as output file '%s'", name, o.output)}
	}
	if generated := generatedKind(o); generated != "" && !o.force && filepath.Ext(target) == ".mlir" {
		return &usageError{fmt.Sprintf("output file '%s' is an existing .mlir file, which %s would replace with %s; pass -f (--force) to replace it", o.output, generatedFlag(o), generated)}
	}
	return nil
}

// inputInfo is the input file's FileInfo and name: the named file, or
// standard input when it is a file (nil when it is not, or is missing).
func inputInfo(path string, stdin io.Reader) (os.FileInfo, string) {
	if path != "" && path != "-" {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, path
		}
		return fi, path
	}
	if f, ok := stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi, "<stdin>"
		}
	}
	return nil, "<stdin>"
}

// generatedKind names what the command writes when it is not MLIR.
func generatedKind(o *options) string {
	switch {
	case o.codegen.llvm:
		return "LLVM IR"
	case o.codegen.header:
		return "a C header"
	case o.codegen.plan:
		return "the plan"
	case o.driver.emit:
		return "a C program"
	}
	return ""
}

func generatedFlag(o *options) string {
	switch {
	case o.codegen.llvm:
		return "-emit-llvm"
	case o.codegen.header:
		return "-emit-c-header"
	case o.codegen.plan:
		return "-print-plan"
	}
	return "-emit-c-driver"
}

// checkEmptyStdin refuses to replace an existing, non-empty output file
// with what an empty standard input gives (an empty module), unless -f is
// given: `tirc -o prog.mlir` with the input file forgotten would
// otherwise wipe prog.mlir, as it does with mlir-opt.
func checkEmptyStdin(o *options, src *ir.Source) error {
	if o.force || len(src.Data) != 0 || (o.input != "" && o.input != "-") || o.output == "" || o.output == "-" || o.verifyOnly {
		return nil
	}
	target, err := resolveLinks(o.output)
	if err != nil {
		return nil
	}
	if fi, err := os.Stat(target); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
		return fmt.Errorf("standard input is empty: not replacing '%s' with an empty module (was the input file forgotten? -f replaces it)", o.output)
	}
	return nil
}

// stdinIsTerminal reports whether f is a terminal: a character device
// other than /dev/null (a variable, so that tests can stand in for one).
var stdinIsTerminal = func(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// readsTerminal reports whether tirc is about to read its input from a
// terminal, where a user who forgot the file name would wait in silence.
func readsTerminal(path string, stdin io.Reader) bool {
	f, ok := stdin.(*os.File)
	return ok && (path == "" || path == "-") && stdinIsTerminal(f)
}
