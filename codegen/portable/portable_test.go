package portable

import (
	"strings"
	"testing"
)

// TestMultiversionNames: Multiversion renames the functions it copies
// wherever they are called (quoted names too), but not a global, a
// declaration or text inside a string constant, and its suffixes avoid the
// module's names.
func TestMultiversionNames(t *testing.T) {
	src := `source_filename = "tirc"
target triple = "x86_64-pc-linux-gnu"

@.str0 = private unnamed_addr constant [10 x i8] c"calls @f\22\00"

define internal i32 @"g h"(i32 %x) nounwind {
entry:
  ret i32 %x
}

define internal i32 @g(i32 %x) nounwind {
entry:
  ret i32 %x
}

define internal i32 @g.x86_64(i32 %x) nounwind {
entry:
  ret i32 %x
}

define i32 @f(i32* nocapture %p, i32 %n) nounwind {
entry:
  %a = call i32 @"g h"(i32 %n)
  %b = call i32 @g.x86_64(i32 %a)
  %c = call i32 @ext(i32 %b)
  %d = call i32 @g(i32 %c)
  ret i32 %c
}

define weak void @tirc_free(i8* %desc) nounwind {
entry:
  ret void
}

declare i32 @ext(i32 %0)
`
	out, err := Multiversion([]byte(src), "tirc_error_fd")
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		// @g's copy would be @g.x86_64, a name of the module: the suffixes
		// take a prefix.
		`define internal i32 @"g h.px86_64_v3"(i32 %x) nounwind #1 {`,
		`define internal i32 @g.x86_64.px86_64_v4(i32 %x) nounwind #2 {`,
		`define internal i32 @f.px86_64(i32* nocapture %p, i32 %n) nounwind #0 {`,
		`%a = call i32 @"g h.px86_64_v4"(i32 %n)`,
		`%b = call i32 @g.x86_64.px86_64_v4(i32 %a)`,
		`%c = call i32 @ext(i32 %b)`,
		`%d = call i32 @g.px86_64(i32 %c)`,
		`c"calls @f\22\00"`,
		"define i32 @f(i32* nocapture %p, i32 %n) nounwind {\nentry:\n  %level = call i32 @tirc.level.get()",
		`%r3 = musttail call i32 @f.px86_64_v4(i32* %p, i32 %n)`,
		"define weak void @tirc_free(i8* %desc) nounwind {",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Multiversion's output lacks %q", want)
		}
	}
	for name, n := range map[string]int{"define weak void @tirc_free": 1, "declare i32 @ext": 1, "@.str0 = ": 1, "define internal i32 @f.": 3} {
		if c := strings.Count(got, name); c != n {
			t.Errorf("%q appears %d times, want %d", name, c, n)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

func TestCallArgs(t *testing.T) {
	tests := []struct{ params, want string }{
		{"", ""},
		{"i32 %x", "i32 %x"},
		{"%tirc.desc.float.2* nocapture %arg0, float* noalias readonly %p, i64 %n", "%tirc.desc.float.2* %arg0, float* %p, i64 %n"},
		{"{ i64, i1 } %s, <4 x float> %v, [2 x i64] %a", "{ i64, i1 } %s, <4 x float> %v, [2 x i64] %a"},
	}
	for _, tt := range tests {
		if got := callArgs(tt.params); got != tt.want {
			t.Errorf("callArgs(%q) = %q, want %q", tt.params, got, tt.want)
		}
	}
}
