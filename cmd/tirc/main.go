// Command tirc parses, verifies, transforms and compiles tensor IR written
// in MLIR's textual syntax. See tirc -help and the README.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
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
	debugInfo         bool // -mlir-print-debuginfo
	localScope        bool // -mlir-print-local-scope
	showHelp          bool
	showVersion       bool
	explain           bool
	force             bool     // -f: replace an existing .mlir file with LLVM IR or C
	given             []string // names of the flags on the command line, once each

	stderr  io.Writer     // where pass dumps and timing reports go
	passes  passOptions   // flags of passes.go
	codegen emitOptions   // flags of emit.go
	driver  driverOptions // flags of driver.go
}

// flagSpecs lists every flag: the general ones here, then those of the
// pass manager (passes.go) and of code generation (emit.go).
func flagSpecs() []*flagSpec {
	specs := append(generalFlags(), explainFlags()...)
	specs = append(specs, passFlags()...)
	specs = append(specs, emitFlags()...)
	return append(specs, driverFlags()...)
}

func generalFlags() []*flagSpec {
	gen := "General"
	return []*flagSpec{
		{name: "o", arg: "file", section: gen, help: "write the output to file (atomically; '-' is stdout)",
			set: func(o *options, v string) error { o.output = v; return nil }},
		{name: "f", section: gen, help: "let -o replace an existing .mlir file with LLVM IR or C, or with the module of an empty standard input",
			set: func(o *options, _ string) error { o.force = true; return nil }},
		{name: "force", section: gen, help: "same as -f",
			set: func(o *options, _ string) error { o.force = true; return nil }},
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
		{name: "mlir-print-debuginfo", section: gen, help: "print a location on every op, function, argument and the module, with #loc aliases as mlir-opt (inline with -mlir-print-local-scope)",
			set: func(o *options, _ string) error { o.debugInfo = true; return nil }},
		{name: "mlir-print-local-scope", section: gen, help: "print locations and affine maps inline, without #loc and #map aliases",
			set: func(o *options, _ string) error { o.localScope = true; return nil }},
		{name: "help", section: gen, help: "list every flag and pass",
			set: func(o *options, _ string) error { o.showHelp = true; return nil }},
		{name: "h", section: gen, help: "same as -help",
			set: func(o *options, _ string) error { o.showHelp = true; return nil }},
		{name: "version", section: gen, help: "print the version",
			set: func(o *options, _ string) error { o.showVersion = true; return nil }},
	}
}

func main() {
	removeTempsOnSignal()
	var stdout io.Writer = os.Stdout
	if stdoutClosed() {
		stdout = closedWriter{}
	}
	os.Exit(run(os.Args[1:], os.Stdin, stdout, os.Stderr))
}

// closedWriter stands for a standard output that was closed: every write
// fails, so the output is not silently lost. /dev/null opened read-write by
// the parent (Python's subprocess.DEVNULL) looks the same as the runtime's
// stand-in (stdoutClosed), so the message says how to discard on purpose.
type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) {
	return 0, errors.New("it is closed (bad file descriptor); to discard the output, " +
		"pass -o /dev/null (a read-write /dev/null, such as Python's subprocess.DEVNULL, looks the same)")
}

// Exit codes (SPEC section 1).
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitInternal = 3
)

// testHookOutputOpen, when set by a test, runs once the output is open
// (its temporary file exists).
var testHookOutputOpen func()

// run is the whole command; it never panics: an internal error is
// reported with exit code 3.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			e := ir.Recovered(r, "", ir.Pos{})
			if _, broken := e.Value.(*ir.CheckError); len(e.Stack) == 0 && !broken {
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
	if err := checkUsage(&o, specs); err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitUsage
	}
	if err := checkClobber(&o, stdin); err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitUsage
	}
	if readsTerminal(o.input, stdin) {
		fmt.Fprintln(stderr, "tirc: reading MLIR from standard input (a terminal); end it with Ctrl-D, or give an input file")
	}
	src, err := readInput(o.input, stdin)
	if err == nil {
		err = checkEmptyStdin(&o, src)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tirc: error: %v\n", err)
		return exitFailure
	}
	tuneGC(len(src.Data), o.codegen.llvm)
	var out *output
	if !o.verifyOnly {
		// One chunk writes only once it has succeeded: standard output
		// can be streamed.
		stream := !o.splitInputFile && !o.verifyDiagnostics
		if out, err = openOutput(o.output, stdout, stream); err != nil {
			fmt.Fprintf(stderr, "tirc: error: %v\n", err)
			return exitFailure
		}
		defer out.abort() // no-op after commit; removes the temporary file otherwise (also on a panic)
		if o.codegen.llvm && !o.verifyDiagnostics {
			out.spoolLater() // -emit-llvm writes as it goes (processChunk)
		}
		if testHookOutputOpen != nil {
			testHookOutputOpen()
		}
	}
	var w io.Writer = io.Discard
	if out != nil {
		w = out
	}
	if !process(src, &o, stderr, w) {
		return exitFailure
	}
	if out == nil {
		return exitOK
	}
	if err := out.commit(); err != nil {
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

// process runs every chunk, writing the output of each successful one to
// out (nil with -verify); ok is false when anything failed (diagnostics
// have been written to stderr).
func process(src *ir.Source, o *options, stderr io.Writer, out io.Writer) bool {
	chunks := []asm.Chunk{{Start: 0, End: len(src.Data), Line: 1}}
	if o.splitInputFile {
		chunks = asm.SplitInput(src.Data)
	}
	ok := true
	for i, c := range chunks {
		if i > 0 {
			io.WriteString(out, "// -----\n")
		}
		diags := processChunk(src, c, o, out)
		if o.verifyDiagnostics {
			exps, perrs := asm.ParseExpectations(src, c.Start, c.End, c.Line)
			failures := append(perrs, asm.CheckExpectations(exps, diags)...)
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
	}
	return ok
}

// processChunk parses, verifies, transforms and prints (or compiles) one
// chunk into w; nothing is written when it fails.
func processChunk(src *ir.Source, c asm.Chunk, o *options, w io.Writer) ir.Diagnostics {
	m, perr := asm.ParseRange(src, c.Start, c.End, c.Line, asm.ParseOptions{AllowUnregistered: o.allowUnregistered})
	if perr != nil {
		return ir.Diagnostics{perr}
	}
	if ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: o.allowUnregistered}); ds.HasErrors() {
		if o.explain {
			ds = append(explainModule(m), ds...)
		}
		return ds
	}
	if lowers(o) {
		if ds := codegen.CheckTypes(m); ds.HasErrors() { // before the passes meet them
			return ds
		}
	}
	ds := runPasses(m, o)
	if o.explain {
		ds = append(explainModule(m), ds...)
	}
	if ds.HasErrors() || o.verifyOnly {
		return ds
	}
	out, eds, handled := emitDriver(m, o)
	if !handled {
		// A failed chunk fails the run, whose output is then discarded:
		// -emit-llvm can write as it goes (the output spools, see run),
		// unless -verify-diagnostics expects the failure.
		out, eds, handled = emit(m, o, w, !o.verifyDiagnostics)
	}
	if handled {
		ds = append(ds, eds...)
		if !ds.HasErrors() && out != nil {
			out.WriteTo(w)
		}
		return ds
	}
	asm.Print(w, m, asm.PrintOptions{Generic: o.generic, DebugInfo: o.debugInfo, LocalScope: o.localScope})
	return ds
}

// tuneGC trades memory for time by input size. A compiler run is
// short-lived and allocates mostly long-lived IR, so collecting half as
// often saves ~10% of the time on modules up to ~100k ops; beyond 16 MB of
// input the default keeps peak memory near 2x the IR (about 600 bytes per
// op) instead of 3x. -emit-llvm beyond 16 MB also collects half as often,
// under a soft memory limit of 16 bytes per input byte (1.5 KB per op of
// generic text; 1 GB at least): collecting more often instead (GOGC=75)
// made a million ops in one function spend a quarter of their time
// marking a heap larger than the cache, 1.4x the time per op of 100k
// (9.9-11.3 s against 8.7-10.0 with the limit, peak 1.30 against 1.43 GB).
// The same holds when lowering runs in shards on every core, where the
// collector's work no longer hides on an idle one (100k one-op functions:
// 4.7-5.0 s at GOGC=100, 3.5-3.8 s at 200). GOGC or GOMEMLIMIT in the
// environment overrides all of this.
func tuneGC(inputSize int, emitLLVM bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	switch {
	case inputSize <= 16<<20:
		debug.SetGCPercent(200)
	case emitLLVM:
		debug.SetMemoryLimit(max(1<<30, int64(inputSize)*16))
		debug.SetGCPercent(200)
	}
}
