package ir

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSuggestOpNameRanking checks the ranking on a table of ops that
// includes reductions, so that intent ("tir.sum" means a sum) is tested
// whatever ops are registered today. TestSuggestOpName (package dialect)
// runs the same function on the real registry.
func TestSuggestOpNameRanking(t *testing.T) {
	var known []*OpDef
	for _, n := range []string{"tir.add", "tir.and", "tir.sub", "tir.mul", "tir.max", "tir.min",
		"tir.reduce_sum", "tir.reduce_max", "tir.reduce_min", "tir.broadcast_in_dim",
		"arith.addf", "arith.addi", "func.call", "func.return"} {
		known = append(known, &OpDef{Name: n})
	}
	known[4].Aliases = []string{"maximum"}
	tests := []struct{ typed, want string }{
		{"tir.sum", "tir.reduce_sum"},            // a word in common, not 'tir.sub' at distance 1
		{"tir.maximum", "tir.max"},               // an alias beats the word 'max' of tir.reduce_max
		{"tir.reduce_maximum", "tir.reduce_max"}, // fewest unmatched words
		{"tir.reduce", ""},                       // three reductions: ambiguous
		{"tir.ad", "tir.add"},                    // dropped repeated letter beats 'tir.and'
		{"tir.mull", "tir.mul"},
		{"tir.nul", "tir.mul"}, // neighbouring key
		{"tir.mux", ""},        // u/a far apart on a three-letter name
		{"tir.Add", "tir.add"},
		{"tir.broadcastInDim", "tir.broadcast_in_dim"},
		{"tir.broadcast", "tir.broadcast_in_dim"},
		{"tir.call", "func.call"}, // another dialect's op of that name
		{"tri.add", "tir.add"},    // a typo in the dialect
		{"arith.add", ""},         // addf or addi: the types decide, not the name
		{"arith.adf", "arith.addf"},
		{"func.retrun", "func.return"},
		{"tir.add", ""}, // known: nothing to suggest
		{"tir.relu", ""},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, suggestOpName(tt.typed, known)); diff != "" {
			t.Errorf("suggestOpName(%q) (-want +got):\n%s", tt.typed, diff)
		}
	}
}

func TestKeysAdjacent(t *testing.T) {
	tests := []struct {
		a, b byte
		want bool
	}{
		{'m', 'n', true}, {'n', 'b', true}, {'m', 'b', false}, {'a', 'q', true}, {'a', 'w', true},
		{'q', 'a', true}, {'z', 's', true}, {'p', 'l', true}, {'u', 'a', false}, {'1', 'q', false},
	}
	for _, tt := range tests {
		if got := keysAdjacent(tt.a, tt.b); got != tt.want {
			t.Errorf("keysAdjacent(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
