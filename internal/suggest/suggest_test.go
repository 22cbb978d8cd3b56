package suggest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		max  int
		want int
	}{
		{"", "", 0, 0},
		{"add", "add", 0, 0},
		{"ad", "add", 0, 1},
		{"sqtr", "sqrt", 0, 1}, // a transposition is one edit
		{"ab", "ba", 0, 1},
		{"kitten", "sitting", 0, 3},
		{"ca", "abc", 0, 3},         // optimal string alignment, not full Damerau (2)
		{"kitten", "sitting", 2, 2}, // bounded: any value >= max
		{"a", "abcdef", 3, 3},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b, tt.max); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.max, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	cands := []string{"cse", "dce", "canonicalize", "infer-shapes", "verify"}
	tests := []struct{ name, want string }{
		{"cze", "cse"},
		{"canonicalise", "canonicalize"},
		{"infer-shape", "infer-shapes"},
		{"verfy", "verify"},
		{"xyz", ""},
		{"ce", ""}, // one edit from both cse and dce, and too short to tell
		{"inline", ""},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Closest(tt.name, cands)); diff != "" {
			t.Errorf("Closest(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}
