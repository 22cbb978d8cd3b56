package codegen

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// emitBoth emits m in order printing on another goroutine (printq.go),
// and in shards of one function each on four goroutines per core; it
// fails t unless the texts and the diagnostics are inOrder's and ds,
// what emitting in order on one core gave (emitInOrder).
func emitBoth(t *testing.T, name string, m *ir.Module, o Options, inOrder []byte, ds ir.Diagnostics) (shards int) {
	t.Helper()
	defer func(ops, cores int) { minShardOps, shardCores = ops, cores }(minShardOps, shardCores)
	minShardOps, shardCores = 1<<30, 2
	async, ads := Emit(m, o)
	minShardOps, shardCores = 1, 4
	shards = len(cutShards(bodies(m), shardCores))
	sharded, sds := Emit(m, o)
	for _, c := range []struct {
		how   string
		text  []byte
		diags ir.Diagnostics
	}{{"printed on another goroutine", async, ads}, {"sharded", sharded, sds}} {
		if diff := cmp.Diff(ds.Error(), c.diags.Error()); diff != "" {
			t.Fatalf("%s: the diagnostics differ (-in order +%s):\n%s", name, c.how, diff)
		}
		if !bytes.Equal(inOrder, c.text) {
			t.Fatalf("%s: the text differs (-in order +%s):\n%s", name, c.how, cmp.Diff(string(inOrder), string(c.text)))
		}
	}
	return shards
}

// TestShardsMatchInOrder: lowering a module's functions in shards, or in
// order while another goroutine prints, gives the text lowering and
// printing them in order gives, byte for byte, for every module of the
// test corpus, with the options that shape the IR most.
func TestShardsMatchInOrder(t *testing.T) {
	sharded := 0
	for _, c := range corpusModules(t) {
		for i, o := range corpusOptions {
			text, ds := c.inOrder(i)
			if emitBoth(t, c.path, c.m, o, text, ds) > 1 {
				sharded++
			}
		}
	}
	if sharded < 100 {
		t.Errorf("only %d modules had more than one shard", sharded)
	}
	t.Logf("%d modules of several shards identical", sharded)
}

// TestShardsManyFunctions: a module made of the test corpus, each module
// that lowers there three times over with its symbols renamed, lowers in
// shards of one function to the same text as in order. Shards then find
// most of what they need (nests, helpers, formats) made by others, while
// they run, and wait for their turn for the rest. Under the race
// detector (make unit's race run) the corpus is there once, with the
// options that share the most between shards (threads and streaming
// stores from tiny sizes on): every shard still meets the others' nests
// and helpers, at a ninth of the cost.
func TestShardsManyFunctions(t *testing.T) {
	copies, opts := 3, corpusOptions[:]
	if raceEnabled {
		copies, opts = 1, corpusOptions[2:]
	}
	m, funcs := corpusInOne(t, copies)
	if funcs < 100*copies {
		t.Fatalf("only %d functions", funcs)
	}
	for _, o := range opts {
		text, ds := emitInOrder(m, o)
		emitBoth(t, "the corpus in one module", m, o, text, ds)
	}
}

var (
	symbolDef = regexp.MustCompile(`func\.func\s+(?:private\s+|public\s+|nested\s+)?@([A-Za-z_][A-Za-z0-9_$.]*)`)
	symbolRef = regexp.MustCompile(`@([A-Za-z_][A-Za-z0-9_$.]*)`)
	// aliasDef is an attribute or type alias definition (#map = ...), which
	// a second copy of the chunk would define again.
	aliasDef = regexp.MustCompile(`(?m)^[#!][A-Za-z_][A-Za-z0-9_$.-]*\s*=`)
)

// corpusInOne is one module holding copies of every corpus module that
// codegen lowers after -infer-shapes (its functions renamed: f becomes
// f_c<chunk>_r<copy>), and the number of its functions.
func corpusInOne(t *testing.T, copies int) (*ir.Module, int) {
	t.Helper()
	chunks, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		t.Fatal(err)
	}
	infer := passes.Lookup("infer-shapes")
	refine := func(text string) (*ir.Module, bool) {
		m, d := asm.ParseString(text, asm.ParseOptions{})
		if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
			return nil, false
		}
		res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: infer}}}).Run(m, passes.RunOptions{})
		return m, res.Internal == nil && !res.Diags.HasErrors()
	}
	var all strings.Builder
	for i, c := range chunks {
		text := string(c.Text)
		if strings.Contains(text, "module") || strings.Contains(text, `@"`) || aliasDef.MatchString(text) {
			continue // a module op, a quoted name or an alias (#map = ...): not renamed here
		}
		names := map[string]bool{}
		for _, d := range symbolDef.FindAllStringSubmatch(text, -1) {
			names[d[1]] = true
		}
		if len(names) == 0 {
			continue
		}
		if m, ok := refine(text); !ok {
			continue
		} else if _, ds := Emit(m, DefaultOptions()); ds.HasErrors() {
			continue
		}
		for r := range copies {
			renamed := symbolRef.ReplaceAllStringFunc(text, func(ref string) string {
				if names[ref[1:]] {
					return fmt.Sprintf("%s_c%d_r%d", ref, i, r)
				}
				return ref
			})
			all.WriteString(renamed)
			all.WriteString("\n")
		}
	}
	m, ok := refine(all.String())
	if !ok {
		t.Fatal("the corpus in one module does not verify and refine")
	}
	n := 0
	for _, f := range m.Funcs {
		if !f.External {
			n++
		}
	}
	return m, n
}
