package plan_test

import (
	"testing"

	"github.com/tirc/tirc/codegen/plan"
)

// TestStreams: a nest's row-major version emits non-temporal stores
// (and so fences, or makes its row group fence) only where its
// innermost loop can take the vectors, or its tiles.
func TestStreams(t *testing.T) {
	nt := plan.Store{Kind: plan.NonTemporal, VF: 16}
	ntIf := plan.Store{Kind: plan.NonTemporalIf, VF: 16}
	tests := []struct {
		name string
		f    plan.StreamFacts
		want bool
	}{
		{"ordinary store", plan.StreamFacts{Loops: 1, Trip: 1 << 20, Strides: []int64{1, 1}}, false},
		{"streams", plan.StreamFacts{Store: nt, Loops: 1, Trip: 1 << 20, Strides: []int64{1, 1}}, true},
		{"at run time", plan.StreamFacts{Store: ntIf, Loops: 2, Trip: D, Strides: []int64{1, 0}}, true},
		{"a reduction", plan.StreamFacts{Store: nt, Reduces: true, Loops: 1, Trip: 1 << 20, Strides: []int64{1, 1}}, false},
		{"no loops", plan.StreamFacts{Store: nt}, false},
		{"tiled", plan.StreamFacts{Store: nt, Tiled: true, Loops: 2}, true},
		{"shorter than two vectors", plan.StreamFacts{Store: nt, Loops: 2, Trip: 31, Strides: []int64{1, 1}}, false},
		{"two vectors", plan.StreamFacts{Store: nt, Loops: 2, Trip: 32, Strides: []int64{1, 1}}, true},
		{"strided output", plan.StreamFacts{Store: nt, Loops: 2, Trip: 64, Strides: []int64{2, 1}}, false},
		{"a stride known at run time", plan.StreamFacts{Store: nt, Loops: 2, Trip: 64, Strides: []int64{1, D}}, false},
	}
	for _, tt := range tests {
		if got := plan.Streams(tt.f); got != tt.want {
			t.Errorf("%s: Streams = %v, want %v", tt.name, got, tt.want)
		}
	}
}
