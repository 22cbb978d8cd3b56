//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNoClobber: -o never destroys the input or a .mlir source (issue 34
// item 9): the same file by any path is a usage error, generated code over
// an existing .mlir needs -f, and an empty standard input does not wipe an
// existing output. Every refused case leaves the files as they were.
func TestNoClobber(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := os.Symlink("prog.mlir", filepath.Join(dir, "link.mlir")); err != nil {
		t.Fatal(err)
	}
	type want struct {
		Code   int
		Stderr string // a substring
	}
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string // "file": prog.mlir opened as standard input; else /dev/null
		want  want
	}{
		{"same file", []string{"prog.mlir", "-o", "prog.mlir"}, "", want{exitUsage, "input file 'prog.mlir' is the same as output file 'prog.mlir'"}},
		{"same file, LLVM", []string{"-emit-llvm", "prog.mlir", "-o", "prog.mlir"}, "", want{exitUsage, "is the same as output file"}},
		{"same file, -f", []string{"-emit-llvm", "-f", "prog.mlir", "-o", "prog.mlir"}, "", want{exitUsage, "is the same as output file"}},
		{"another path", []string{"-emit-llvm", "prog.mlir", "-o", "sub/../prog.mlir"}, "", want{exitUsage, "output file 'sub/../prog.mlir'"}},
		{"symbolic link", []string{"prog.mlir", "-o", "link.mlir"}, "", want{exitUsage, "is the same as output file 'link.mlir'"}},
		{"hard link", []string{"prog.mlir", "-o", "hard.mlir"}, "", want{exitUsage, "is the same as output file 'hard.mlir'"}},
		{"standard input is the output", []string{"-o", "prog.mlir"}, "file", want{exitUsage, "input file '<stdin>' is the same as output file 'prog.mlir'"}},
		{"LLVM over a .mlir", []string{"-emit-llvm", "prog.mlir", "-o", "other.mlir"}, "", want{exitUsage, "output file 'other.mlir' is an existing .mlir file, which -emit-llvm would replace with LLVM IR; pass -f (--force)"}},
		{"header over a .mlir", []string{"-emit-c-header", "prog.mlir", "-o", "other.mlir"}, "", want{exitUsage, "-emit-c-header would replace with a C header"}},
		{"driver over a .mlir", []string{"-emit-c-driver", "prog.mlir", "-o", "other.mlir"}, "", want{exitUsage, "-emit-c-driver would replace with a C program"}},
		{"empty standard input", []string{"-o", "prog.mlir"}, "empty", want{exitFailure, "standard input is empty: not replacing 'prog.mlir'"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := validModule
			writeFile(t, dir, "prog.mlir", src)
			os.Remove(filepath.Join(dir, "hard.mlir"))
			if err := os.Link(filepath.Join(dir, "prog.mlir"), filepath.Join(dir, "hard.mlir")); err != nil {
				t.Fatal(err)
			}
			writeFile(t, dir, "other.mlir", "// keep me\n")
			stdin, _ := os.Open(os.DevNull)
			if tt.stdin == "file" {
				stdin.Close()
				stdin, _ = os.Open(filepath.Join(dir, "prog.mlir"))
			}
			defer stdin.Close()
			var out, errb bytes.Buffer
			code := run(inDir(dir, tt.args), stdin, &out, &errb)
			stderr := strings.ReplaceAll(errb.String(), dir+"/", "")
			got := want{code, tt.want.Stderr}
			if !strings.Contains(stderr, tt.want.Stderr) {
				got.Stderr = stderr
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tirc %s: (-want +got)\n%s", strings.Join(tt.args, " "), diff)
			}
			for name, text := range map[string]string{"prog.mlir": src, "other.mlir": "// keep me\n"} {
				if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != text {
					t.Errorf("tirc %s changed %s:\n%s", strings.Join(tt.args, " "), name, b)
				}
			}
		})
	}
}

// inDir makes the file arguments of a command line paths in dir.
func inDir(dir string, args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if !strings.HasPrefix(a, "-") {
			out[i] = dir + "/" + a // not Join, which would clean sub/../
		}
	}
	return out
}

// TestForceAndOrdinaryOutputs: what the guard must let through: -f over a
// .mlir, a new output, MLIR over another .mlir (the usual -o of a pass
// pipeline), LLVM IR over an existing .ll, and -f with an empty input.
func TestForceAndOrdinaryOutputs(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-emit-llvm", "-f", "prog.mlir", "-o", "other.mlir"},
		{"-emit-llvm", "--force", "prog.mlir", "-o", "other.mlir"},
		{"prog.mlir", "-o", "other.mlir"},
		{"-emit-llvm", "prog.mlir", "-o", "prog.ll"},
		{"-emit-llvm", "prog.mlir", "-o", "new.mlir.ll"},
		{"-f", "-o", "other.mlir"},
	} {
		writeFile(t, dir, "prog.mlir", validModule)
		writeFile(t, dir, "other.mlir", "// keep me\n")
		writeFile(t, dir, "prog.ll", "; old\n")
		null, _ := os.Open(os.DevNull)
		var out, errb bytes.Buffer
		if code := run(inDir(dir, args), null, &out, &errb); code != exitOK {
			t.Errorf("tirc %s: exit %d, %s", strings.Join(args, " "), code, errb.String())
		}
		null.Close()
	}
}

// TestTerminalStdin: reading standard input from a terminal says so on
// stderr, where a user who forgot the file name would otherwise wait in
// silence; a pipe or file says nothing.
func TestTerminalStdin(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		old := stdinIsTerminal
		stdinIsTerminal = func(*os.File) bool { return terminal }
		null, _ := os.Open(os.DevNull)
		var out, errb bytes.Buffer
		code := run([]string{"-verify"}, null, &out, &errb)
		null.Close()
		stdinIsTerminal = old
		said := strings.Contains(errb.String(), "reading MLIR from standard input (a terminal)")
		if code != exitOK || said != terminal {
			t.Errorf("terminal %v: exit %d, stderr %q", terminal, code, errb.String())
		}
	}
	null, _ := os.Open(os.DevNull)
	defer null.Close()
	if stdinIsTerminal(null) {
		t.Errorf("%s is taken for a terminal", os.DevNull)
	}
}
