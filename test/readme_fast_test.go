package test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// libmInHotLoops are the libm functions whose calls mean slow generated
// code: fmaf is what llvm.fma becomes on a CPU without FMA (baseline
// x86-64), the others are math ops not lowered to polynomials.
var libmInHotLoops = regexp.MustCompile(`call\s+\S*\s*<(fmaf|fma|expf|exp|tanhf|erff)(@plt)?>`)

// TestREADMEPlainLinkLineIsFast builds examples/softmax.mlir with the
// README tour's own commands (its tirc line and plain `clang -O3` link
// line, nothing added) and checks that the program calls none of libm's
// fmaf, expf, tanhf or erff: tirc targets the host by default (SPEC §7
// "Targets"), so the exp polynomial's llvm.fma is an instruction.
func TestREADMEPlainLinkLineIsFast(t *testing.T) {
	root := repoRoot(t)
	for _, tool := range []string{"clang", "objdump"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, b := range readmeBlocks(string(data)) {
		if !strings.Contains(b.code, "for ex in softmax") {
			continue
		}
		for _, l := range strings.Split(b.code, "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "tirc ") || strings.HasPrefix(l, "clang ") {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) != 3 || !strings.Contains(lines[2], "clang -O3 build/$ex.ll build/$ex.c -o build/$ex -lm") {
		t.Fatalf("the README tour's build of softmax and layernorm is not the three lines this test knows (tirc -emit-llvm, tirc -emit-c-driver, clang -O3 ... -lm): %q", lines)
	}
	bin := buildTirc(t, root)
	dir := sandbox(t, root)
	cmd := exec.Command("bash", "-eo", "pipefail", "-c", "ex=softmax; mkdir -p build; "+strings.Join(lines, "; "))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the README's commands: %v\n%s", err, out)
	}
	dis, err := exec.Command("objdump", "-d", "--no-show-raw-insn", filepath.Join(dir, "build", "softmax")).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	calls := map[string]int{}
	for _, m := range libmInHotLoops.FindAllStringSubmatch(string(dis), -1) {
		calls[m[1]]++
	}
	if len(calls) > 0 {
		t.Errorf("the README's softmax calls libm (function: call sites): %v", calls)
	}
}
