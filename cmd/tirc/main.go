// Command tirc parses, verifies, transforms and compiles tensor IR written
// in MLIR's textual syntax. See tirc -help and the README.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// options is the parsed command line.
type options struct {
	input             string
	output            string
	verifyOnly        bool
	splitInputFile    bool
	verifyDiagnostics bool
	allowUnregistered bool
	generic           bool
	showHelp          bool
	showVersion       bool
	explain           bool

	stderr  io.Writer   // where pass dumps and timing reports go
	passes  passOptions // flags of passes.go
	codegen emitOptions // flags of emit.go
}

// flagSpecs lists every flag: the general ones here, then those of the
// pass manager (passes.go) and of code generation (emit.go).
func flagSpecs() []*flagSpec {
	specs := append(generalFlags(), explainFlags()...)
	specs = append(specs, passFlags()...)
	return append(specs, emitFlags()...)
}

func generalFlags() []*flagSpec {
	gen := "General"
	return []*flagSpec{
		{name: "o", arg: "file", section: gen, help: "write the output to file (atomically; '-' is stdout)",
			set: func(o *options, v string) error { o.output = v; return nil }},
		{name: "verify", section: gen, help: "parse and verify only; print nothing on success",
			set: func(o *options, _ string) error { o.verifyOnly = true; return nil }},
		{name: "split-input-file", section: gen, help: "process each chunk between '// -----' lines independently",
			set: func(o *options, _ string) error { o.splitInputFile = true; return nil }},
		{name: "verify-diagnostics", section: gen, help: "check diagnostics against expected-error/warning/note/remark comments",
			set: func(o *options, _ string) error { o.verifyDiagnostics = true; return nil }},
		{name: "allow-unregistered-dialect", section: gen, help: "accept ops and types of unknown dialects",
			set: func(o *options, _ string) error { o.allowUnregistered = true; return nil }},
		{name: "mlir-print-op-generic", section: gen, help: "print every op in MLIR's generic form (also -print-op-generic)",
			set: func(o *options, _ string) error { o.generic = true; return nil }},
		{name: "print-op-generic", section: gen, help: "same as -mlir-print-op-generic",
			set: func(o *options, _ string) error { o.generic = true; return nil }},
		{name: "help", section: gen, help: "list every flag and pass",
			set: func(o *options, _ string) error { o.showHelp = true; return nil }},
		{name: "h", section: gen, help: "same as -help",
			set: func(o *options, _ string) error { o.showHelp = true; return nil }},
		{name: "version", section: gen, help: "print the version",
			set: func(o *options, _ string) error { o.showVersion = true; return nil }},
	}
}

func main() {
	// A compiler run is short-lived and allocates mostly long-lived IR:
	// collecting half as often saves ~10% of the time on large modules and
	// keeps peak memory below mlir-opt-19's (measured in make bench).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes (SPEC section 1).
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitInternal = 3
)

// run is the whole command; it never panics: an internal error is
// reported with exit code 3.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			e := ir.Recovered(r, "", ir.Pos{})
			if len(e.Stack) == 0 {
				e.Stack = debug.Stack()
			}
			fmt.Fprintf(stderr, "tirc: internal error: %v\n%s\nThis is a bug in tirc, not in your input. Please report it as a bug, attaching the input file and the command line.\n", e, e.Stack)
			code = exitInternal
		}
	}()
	_ = dialect.All // the dialects register themselves
	specs := flagSpecs()
	o := options{stderr: stderr}
	if err := parseArgs(args, specs, &o); err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitUsage
	}
	if o.showHelp {
		printHelp(stdout, specs)
		return exitOK
	}
	if o.showVersion {
		fmt.Fprintf(stdout, "tirc version %s\n", version)
		return exitOK
	}
	src, err := readInput(o.input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitFailure
	}
	out, ok := process(src, &o, stderr)
	if !ok {
		return exitFailure
	}
	if o.verifyOnly {
		return exitOK
	}
	if err := writeOutput(o.output, out, stdout); err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// readInput reads the input file, or stdin for "" and "-". Directories,
// devices and other non-regular paths are refused.
func readInput(path string, stdin io.Reader) (*ir.Source, error) {
	if path == "" || path == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("could not read standard input: %v", err)
		}
		return ir.NewSource("<stdin>", data), nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("could not open input file '%s': %v", path, unwrapPathError(err))
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("input '%s' is a directory, not a file", path)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("input '%s' is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("could not read input file '%s': %v", path, unwrapPathError(err))
	}
	return ir.NewSource(path, data), nil
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// process runs every chunk and returns the output text; ok is false when
// anything failed (diagnostics have been written to stderr).
func process(src *ir.Source, o *options, stderr io.Writer) ([]byte, bool) {
	chunks := []ir.Chunk{{Start: 0, End: len(src.Data), Line: 1}}
	if o.splitInputFile {
		chunks = ir.SplitInput(src.Data)
	}
	var out bytes.Buffer
	ok := true
	for i, c := range chunks {
		if i > 0 {
			out.WriteString("// -----\n")
		}
		text, diags := processChunk(src, c, o)
		if o.verifyDiagnostics {
			exps, perrs := ir.ParseExpectations(src, c.Start, c.End, c.Line)
			failures := append(perrs, ir.CheckExpectations(exps, diags)...)
			failures.Render(stderr)
			if len(failures) > 0 {
				ok = false
			}
		} else {
			diags.Render(stderr)
			if diags.HasErrors() {
				ok = false
			}
		}
		if !diags.HasErrors() {
			out.Write(text)
		}
	}
	return out.Bytes(), ok
}

// processChunk parses, verifies, transforms and prints (or compiles) one
// chunk.
func processChunk(src *ir.Source, c ir.Chunk, o *options) ([]byte, ir.Diagnostics) {
	m, perr := ir.ParseRange(src, c.Start, c.End, c.Line, ir.ParseOptions{AllowUnregistered: o.allowUnregistered})
	if perr != nil {
		return nil, ir.Diagnostics{perr}
	}
	if ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: o.allowUnregistered}); ds.HasErrors() {
		if o.explain {
			ds = append(explainModule(m), ds...)
		}
		return nil, ds
	}
	ds := runPasses(m, o)
	if o.explain {
		ds = append(explainModule(m), ds...)
	}
	if ds.HasErrors() || o.verifyOnly {
		return nil, ds
	}
	if out, eds, handled := emit(m, o); handled {
		return out, append(ds, eds...)
	}
	var buf bytes.Buffer
	ir.Print(&buf, m, ir.PrintOptions{Generic: o.generic})
	return buf.Bytes(), ds
}

// writeOutput writes data to path atomically: a temporary file in the same
// directory, renamed over the target only when complete, so a failed run
// never leaves a truncated or clobbered file. "" and "-" mean stdout;
// existing non-regular targets (/dev/null, a pipe) are written in place.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" || path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return fmt.Errorf("cannot write output '%s': it is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(err))
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".tirc-out-*")
	if err != nil {
		return fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(err))
	}
	tmpName := tmp.Name()
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		mode := os.FileMode(0o644)
		if fi, err := os.Stat(path); err == nil {
			mode = fi.Mode().Perm()
		}
		werr = os.Chmod(tmpName, mode)
	}
	if werr == nil {
		werr = os.Rename(tmpName, path)
	}
	if werr != nil {
		os.Remove(tmpName)
		return fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(werr))
	}
	return nil
}
