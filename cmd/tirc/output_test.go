//go:build unix

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/internal/target"
	"github.com/tirc/tirc/ir/asm"
)

// Output through links, unwritable outputs, signals and a closed standard
// output (issue 19 item 7), on POSIX systems. Some tests run tirc as a
// process: the test binary itself (main_test.go).

// TestOutputThroughSymlink: -o through a symbolic link replaces the file
// the link names (atomically, in that file's directory) and keeps the
// link; a dangling link creates its file; a loop is an error.
func TestOutputThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.mlir", validModule)
	want := tirc(t, "", in).stdout
	other := filepath.Join(dir, "other")
	os.Mkdir(other, 0o755)
	target := writeFile(t, other, "real.mlir", "old\n")
	os.Chmod(target, 0o640)
	links := map[string]string{
		"abs":      target,
		"rel":      "other/real.mlir",
		"chain":    "abs",
		"dangling": "other/new.mlir",
	}
	for name, dest := range links {
		if err := os.Symlink(dest, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ link, file string }{
		{"abs", target}, {"rel", target}, {"chain", target}, {"dangling", filepath.Join(other, "new.mlir")},
	} {
		os.WriteFile(target, []byte("old\n"), 0o640)
		link := filepath.Join(dir, tt.link)
		if got := tirc(t, "", in, "-o", link); got.code != exitOK {
			t.Errorf("-o %s: %+v", tt.link, got)
			continue
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("-o %s: the link was replaced: %v, %v", tt.link, fi.Mode(), err)
		}
		if data, err := os.ReadFile(tt.file); err != nil || string(data) != want {
			t.Errorf("-o %s: %s holds %q, %v; want the output", tt.link, tt.file, data, err)
		}
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("the linked file's mode became %v, want 0640", fi.Mode().Perm())
	}
	for _, d := range []string{dir, other} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tirc-out-") {
				t.Errorf("temporary file left behind: %s", filepath.Join(d, e.Name()))
			}
		}
	}
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	got := tirc(t, "", in, "-o", loop)
	if got.code != exitFailure || !strings.Contains(got.stderr, "tirc: error: cannot write output '"+loop+"': too many levels of symbolic links") {
		t.Errorf("-o loop = %+v", got)
	}
}

// TestReadOnlyOutput: an existing file the user may not write is refused
// (exit 1, unchanged), also through a link, though its directory would
// allow replacing it. As root, which may write any file, the test runs
// tirc as the user nobody.
func TestReadOnlyOutput(t *testing.T) {
	if os.Geteuid() != 0 {
		readOnlyOutput(t, func(args ...string) result { return tirc(t, "", args...) }, t.TempDir(), func(string) {})
		return
	}
	// nobody needs to read the test binary and write the directory.
	dir, err := os.MkdirTemp("", "tirc-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o777)
	exe, _ := os.Executable()
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "tirc")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	const nobody = 65534
	run := func(args ...string) result {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "TIRC_TEST_MAIN=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("running tirc as nobody: %v", err)
		}
		return result{cmd.ProcessState.ExitCode(), out.String(), errb.String()}
	}
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o777)
	os.Chown(work, nobody, nobody)
	readOnlyOutput(t, run, work, func(p string) { os.Lchown(p, nobody, nobody) })
}

// readOnlyOutput runs the test in dir; own gives a file to the user tirc
// runs as.
func readOnlyOutput(t *testing.T, run func(args ...string) result, dir string, own func(string)) {
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte(validModule), 0o644); err != nil {
		t.Fatal(err)
	}
	ro := filepath.Join(dir, "ro.mlir")
	os.WriteFile(ro, []byte("old\n"), 0o444)
	link := filepath.Join(dir, "link")
	os.Symlink("ro.mlir", link)
	for _, p := range []string{in, ro, link} {
		own(p)
	}
	for _, out := range []string{ro, link} {
		got := run(in, "-o", out)
		if got.code != exitFailure || got.stderr != "tirc: error: cannot write output '"+out+"': permission denied\n" {
			t.Errorf("-o %s (mode 0444) = %+v, want exit 1 and permission denied", out, got)
		}
		if data, _ := os.ReadFile(ro); string(data) != "old\n" {
			t.Errorf("-o %s changed the read-only file to %q", out, data)
		}
	}
	// A writable one is replaced.
	os.Chmod(ro, 0o644)
	if got := run(in, "-o", link); got.code != exitOK {
		t.Errorf("-o %s (mode 0644) = %+v", link, got)
	}
}

// TestSignalRemovesTemp: SIGINT, SIGTERM or SIGHUP while the output is
// being written remove the temporary file, leave an existing output as it
// was, and end tirc by the signal.
func TestSignalRemovesTemp(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		dir := t.TempDir()
		in := writeFile(t, dir, "in.mlir", validModule)
		out := writeFile(t, dir, "out.ll", "old\n")
		cmd := tircCommand(t, "pause", in, "-o", out)
		stderr, _ := cmd.StderrPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stderr).ReadString('\n')
		if err != nil || line != "output open\n" {
			cmd.Process.Kill()
			t.Fatalf("tirc did not reach the open output: %q, %v", line, err)
		}
		if temps := tempFiles(dir); len(temps) != 1 {
			t.Errorf("%v: %d temporary files while writing, want 1", sig, len(temps))
		}
		cmd.Process.Signal(sig)
		go io.Copy(io.Discard, stderr)
		err = cmd.Wait()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if err == nil || !ws.Signaled() || ws.Signal() != sig {
			t.Errorf("%v: tirc ended with %v, want the signal", sig, err)
		}
		if temps := tempFiles(dir); len(temps) != 0 {
			t.Errorf("%v: temporary files left behind: %v", sig, temps)
		}
		if data, _ := os.ReadFile(out); string(data) != "old\n" {
			t.Errorf("%v: the output changed to %q", sig, data)
		}
	}
}

func tempFiles(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tirc-out-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestStdoutWriteFails: output lost on standard output -- closed (the Go
// runtime puts /dev/null in its place) or full -- is an error, exit 1;
// with -verify nothing is written, so nothing fails.
func TestStdoutWriteFails(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.mlir", validModule)
	tests := []struct {
		redirect string
		args     []string
		code     int
		stderr   string
	}{
		{">&-", nil, exitFailure, `^tirc: error: cannot write to standard output: it is closed \(bad file descriptor\); to discard the output, pass -o /dev/null .*\n$`},
		{">&-", []string{"-split-input-file"}, exitFailure, `^tirc: error: cannot write to standard output: it is closed`},
		{">&-", []string{"-verify"}, exitOK, `^$`},
		{">/dev/null", nil, exitOK, `^$`},
		{">/dev/full", nil, exitFailure, `^tirc: error: cannot write to standard output: no space left on device\n$`},
	}
	for _, tt := range tests {
		if strings.Contains(tt.redirect, "/dev/full") {
			if _, err := os.Stat("/dev/full"); err != nil {
				continue
			}
		}
		cmd := tircCommand(t, "1")
		cmd.Path = "/bin/sh"
		cmd.Args = append([]string{"sh", "-c", `exec "$0" "$@" ` + tt.redirect, tircCommand(t, "1").Path, in}, tt.args...)
		var errb strings.Builder
		cmd.Stderr = &errb
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code || !regexp.MustCompile(tt.stderr).MatchString(errb.String()) {
			t.Errorf("tirc %v %s = exit %d, stderr %q; want %d and %q", tt.args, tt.redirect, code, errb.String(), tt.code, tt.stderr)
		}
	}
}

// TestStdoutReadWriteDevNull: a parent that hands tirc /dev/null opened
// read-write (Python's subprocess.DEVNULL) cannot be told from a closed
// standard output; the error names -o /dev/null, which discards the output
// and succeeds.
func TestStdoutReadWriteDevNull(t *testing.T) {
	in := writeFile(t, t.TempDir(), "in.mlir", validModule)
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Skip("no /dev/null:", err)
	}
	defer null.Close()
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{in}, exitFailure, `^tirc: error: cannot write to standard output: it is closed .* pass -o /dev/null `},
		{[]string{in, "-o", os.DevNull}, exitOK, `^$`},
	}
	for _, tt := range tests {
		cmd := tircCommand(t, "1", tt.args...)
		cmd.Stdout = null
		var errb strings.Builder
		cmd.Stderr = &errb
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code || !regexp.MustCompile(tt.stderr).MatchString(errb.String()) {
			t.Errorf("tirc %v >read-write /dev/null = exit %d, stderr %q; want %d and %q", tt.args, code, errb.String(), tt.code, tt.stderr)
		}
	}
}

// TestEmitLLVMStreamsAllOrNothing: -emit-llvm writes each function as it
// is lowered, yet a lowering error in a later function leaves no output:
// standard output stays empty and an existing -o file keeps its content
// (no temporary file left behind). A module that lowers gives the same
// bytes on standard output, in a file and from codegen.Emit.
func TestEmitLLVMStreamsAllOrNothing(t *testing.T) {
	// More text than the output's buffers hold before the bad function.
	good := `func.func @first(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`
	for i := range 1000 {
		good += fmt.Sprintf(`func.func @dyn%d(%%a: tensor<?x4xf32>, %%b: tensor<4xf32>) -> tensor<?x4xf32> {
  %%0 = "tir.add"(%%a, %%b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %%0 : tensor<?x4xf32>
}
`, i)
	}
	late := good + `func.func @vectors(%a: vector<4xf32>, %b: vector<1xf32>) -> vector<4xf32> {
  %0 = "tir.add"(%a, %b) : (vector<4xf32>, vector<1xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}
`
	dir := t.TempDir()
	in := writeFile(t, dir, "late.mlir", late)
	out := writeFile(t, dir, "out.ll", "old\n")
	for _, args := range [][]string{{"-emit-llvm", in}, {"-emit-llvm", in, "-o", out}} {
		r := tirc(t, "", args...)
		if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "broadcasts between vector types") {
			t.Errorf("tirc %v = exit %d, stdout %q, stderr %q; want a failure with no output", args, r.code, r.stdout, r.stderr)
		}
	}
	if b, _ := os.ReadFile(out); string(b) != "old\n" {
		t.Errorf("a failed -emit-llvm changed %s to %q", out, b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("files left in %s: %v", dir, ents)
	}

	in = writeFile(t, dir, "good.mlir", good)
	m, d := asm.ParseString(good, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	opts := codegen.DefaultOptions() // and the host target, tirc's default
	host, err := target.Resolve("", codegen.HostTriple(), target.Host)
	if err != nil {
		t.Fatal(err)
	}
	opts.TargetCPU, opts.TargetFeatures = host.CPU, host.Features
	want, ds := codegen.Emit(m, opts)
	if ds.HasErrors() || len(want) < 2<<20 {
		t.Fatalf("%d bytes of LLVM IR, want more than the buffers hold; %v", len(want), ds)
	}
	r := tirc(t, "", "-emit-llvm", in)
	if diff := cmp.Diff(string(want), r.stdout); r.code != exitOK || diff != "" {
		t.Errorf("tirc -emit-llvm: exit %d, stdout differs from codegen.Emit (-want +got):\n%s", r.code, diff)
	}
	if r := tirc(t, "", "-emit-llvm", in, "-o", out); r.code != exitOK {
		t.Fatalf("tirc -emit-llvm -o: exit %d, %s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != string(want) {
		t.Errorf("tirc -emit-llvm -o wrote %d bytes, codegen.Emit %d, or other bytes", len(b), len(want))
	}
}

// TestDiscards: the null device needs no spool file (spoolLater); a
// regular file, a buffer and a pipe do.
func TestDiscards(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	regular, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tests := []struct {
		name string
		o    *output
		want bool
	}{
		{"stdout to /dev/null", &output{stdout: null}, true},
		{"-o /dev/null", &output{file: null}, true},
		{"stdout to a file", &output{stdout: regular}, false},
		{"stdout to a pipe", &output{stdout: w}, false},
		{"stdout to a buffer", &output{stdout: &strings.Builder{}}, false},
	}
	for _, tt := range tests {
		if got := tt.o.discards(); got != tt.want {
			t.Errorf("%s: discards() = %v, want %v", tt.name, got, tt.want)
		}
	}
}
