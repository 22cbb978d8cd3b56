package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir/asm"
)

// FuzzRun drives the whole command, in process, on stdin: every flag that
// takes no value (passes and code generation included, as they are added
// to passFlags and emitFlags) may be switched on by the fuzzer's mask.
// tirc must never report an internal error (exit code 3) or panic, and
// exit codes stay in {0, 1}. Seeds: every chunk of every .mlir file under
// test/.
func FuzzRun(f *testing.F) {
	filepath.WalkDir(filepath.Join("..", "..", "test"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return nil
		}
		// Small seeds keep the fuzzer's minimization fast: each chunk on
		// its own, and whole files only when short.
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		for _, c := range asm.SplitInput(data) {
			f.Add(data[c.Start:c.End], uint64(0))
		}
		if len(data) < 4<<10 {
			f.Add(data, uint64(1)) // -split-input-file
		}
		return nil
	})
	switches := fuzzSwitches()
	f.Fuzz(func(t *testing.T, data []byte, mask uint64) {
		args := []string{"-"}
		for i, s := range switches {
			if mask&(1<<uint(i)) != 0 {
				args = append(args, "-"+s)
			}
		}
		var out, errb bytes.Buffer
		code := run(args, bytes.NewReader(data), &out, &errb)
		if code != exitOK && code != exitFailure {
			t.Fatalf("tirc %q exited %d:\n%s\ninput:\n%q", args, code, errb.String(), data)
		}
	})
}

// fuzzSwitches lists the flags without a value that change what tirc
// does (not -help, -version, or output options), most useful first.
func fuzzSwitches() []string {
	skip := map[string]bool{"help": true, "h": true, "version": true}
	out := []string{"split-input-file", "verify-diagnostics", "allow-unregistered-dialect", "mlir-print-op-generic"}
	seen := map[string]bool{}
	for _, s := range out {
		seen[s] = true
	}
	for _, s := range flagSpecs() {
		if s.arg == "" && !skip[s.name] && !seen[s.name] && len(out) < 64 {
			out = append(out, s.name)
			seen[s.name] = true
		}
	}
	return out
}
