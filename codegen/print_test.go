package codegen

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/codegen/llvmtext"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// corpusModules are the modules of the test corpus that parse and
// verify, each also after -infer-shapes (refined) where that succeeds:
// what the corpus tests of this package emit. They are read once for all
// of them (emitting does not change a module).
func corpusModules(t *testing.T) []*corpusModule {
	t.Helper()
	corpus.once.Do(func() { corpus.mods, corpus.err = readCorpusModules() })
	if corpus.err != nil {
		t.Fatal(corpus.err)
	}
	return corpus.mods
}

var corpus struct {
	once sync.Once
	mods []*corpusModule
	err  error
}

func readCorpusModules() ([]*corpusModule, error) { return readModules(filepath.Join("..", "test")) }

// readModules parses every chunk of the .mlir files below roots, as
// written and after -infer-shapes (when that changes nothing wrong).
func readModules(roots ...string) ([]*corpusModule, error) {
	var chunks []testcorpus.Chunk
	for _, root := range roots {
		cs, err := testcorpus.Chunks(root)
		if err != nil {
			return nil, err
		}
		chunks = append(chunks, cs...)
	}
	infer := passes.Lookup("infer-shapes")
	var out []*corpusModule
	for _, c := range chunks {
		for _, refine := range []bool{false, true} {
			m, d := asm.ParseString(string(c.Text), asm.ParseOptions{})
			if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
				break
			}
			if refine {
				res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: infer}}}).Run(m, passes.RunOptions{Check: true})
				if res.Internal != nil || res.Diags.HasErrors() {
					continue
				}
			}
			out = append(out, &corpusModule{path: c.Path, refined: refine, m: m})
		}
	}
	return out, nil
}

type corpusModule struct {
	path    string
	refined bool
	m       *ir.Module
	emitted [len(corpusOptions)]*emitResult
}

type emitResult struct {
	text  []byte
	diags ir.Diagnostics
}

// inOrder is what Emit gives for the module under corpusOptions[i],
// lowering and printing its functions in order on one core: the
// reference the corpus tests compare the other ways of emitting with
// (llir's printer, shards, shared nests, spilled bodies), emitted once
// for all of them.
func (c *corpusModule) inOrder(i int) ([]byte, ir.Diagnostics) {
	if c.emitted[i] == nil {
		text, ds := emitInOrder(c.m, corpusOptions[i])
		c.emitted[i] = &emitResult{text, ds}
	}
	return c.emitted[i].text, c.emitted[i].diags
}

// emitInOrder emits m lowering and printing its functions in order on
// one core.
func emitInOrder(m *ir.Module, o Options) ([]byte, ir.Diagnostics) {
	defer func(ops, cores int) { minShardOps, shardCores = ops, cores }(minShardOps, shardCores)
	minShardOps, shardCores = 1, 1
	return Emit(m, o)
}

// corpusOptions shape the IR most: checks on and off, threads and
// streaming stores from tiny sizes on.
var corpusOptions = [...]Options{DefaultOptions(), {Checks: false}, {Checks: true, ParallelMin: 16, NonTemporalMin: 64}}

// TestPrinterMatchesLLIR: the faster printer (llvmtext) writes exactly
// what llir/llvm's printer writes, for every module of the test corpus
// that codegen lowers, with the options that shape the IR most (checks
// on and off, threads and streaming stores from tiny sizes on), before
// and after -infer-shapes.
func TestPrinterMatchesLLIR(t *testing.T) {
	compared := 0
	for _, c := range corpusModules(t) {
		for i, o := range corpusOptions {
			fast, ds := c.inOrder(i)
			if ds.HasErrors() {
				continue
			}
			llvmtext.LLIROnly = true
			slow, _ := Emit(c.m, o)
			llvmtext.LLIROnly = false
			if diff := cmp.Diff(string(slow), string(fast)); diff != "" {
				t.Fatalf("%s: the printer differs from llir's (-llir +printer):\n%s", c.path, diff)
			}
			compared++
		}
	}
	if compared < 300 {
		t.Errorf("only %d modules compared", compared)
	}
	t.Logf("%d emitted modules identical", compared)
}
