package native_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
)

// layout is how one tensor is laid out in memory for the native call: the
// descriptor's strides (in elements) and offset.
type layout struct {
	fortran bool   // column-major rather than row-major
	mult    int64  // every stride multiplied (padding between elements)
	neg     []bool // dimensions walked backwards (negative stride)
	zero    int    // dimension with stride 0 (its data is constant), or -1
	plain   bool   // offset 0 and no margin (with row-major: the fast entry's layout)
}

func randomLayout(rng *rand.Rand, rank int) layout {
	l := layout{mult: 1, zero: -1, neg: make([]bool, rank)}
	switch rng.IntN(5) {
	case 0, 1: // row-major, contiguous
	case 2:
		l.mult = 2
	case 3:
		l.fortran = true
	case 4:
		l.fortran = rng.IntN(2) == 0
		l.mult = int64(1 + rng.IntN(3))
		for d := range l.neg {
			l.neg[d] = rng.IntN(2) == 0
		}
	}
	return l
}

// place returns the strides, the offset and the buffer length (with a
// margin on each side) of shape laid out as l.
func (l layout) place(shape []int64) (strides []int64, offset, length int64) {
	r := len(shape)
	strides = make([]int64, r)
	acc := int64(1)
	for i := range r {
		d := r - 1 - i
		if l.fortran {
			d = i
		}
		if d == l.zero {
			continue
		}
		strides[d] = acc * l.mult
		acc *= max(shape[d], 1)
	}
	lo, hi := int64(0), int64(0)
	for d := range r {
		if l.neg != nil && l.neg[d] {
			strides[d] = -strides[d]
		}
		ext := (shape[d] - 1) * strides[d]
		if shape[d] == 0 {
			ext = 0
		}
		lo += min(0, ext)
		hi += max(0, ext)
	}
	margin := int64(2)
	if l.plain {
		margin = 0
	}
	return strides, margin - lo, margin - lo + hi + 1 + margin
}

// resAlloc is how a result is passed: callee-allocated (nil) or a caller
// buffer laid out as the layout says.
type resAlloc *layout

// call is one native call of a program.
type call struct {
	in      []*eval.Tensor
	layouts []layout
	want    []*eval.Tensor // when status is 0
	status  int            // expected with checks on
	results []resAlloc
	// resShapes, when set, are the sizes of caller-allocated results
	// (a wrong one makes a "bad result" call)
	resShapes [][]int64
	what      string // "base", "resized", "bad descriptor", "bad result"
	where     string // the op eval reports failing, when status is 1 or 2
}

// cElem is the C storage type of an element as the driver holds it: the
// emitted header's (cabi.CElemType), but floats as their bits (in a
// union with the float) and ui64 as int64_t (the same bits, printed
// through the signed value eval holds).
func cElem(e *ir.Scalar) string {
	switch e {
	case ir.F32:
		return "uint32_t"
	case ir.F64:
		return "uint64_t"
	case ir.UI64:
		return "int64_t"
	}
	return cabi.CElemType(e)
}

// kind is the element kind the driver's printer knows (integers printed
// as signed numbers of their width; compareResult wraps them to the type).
func kind(e *ir.Scalar) int {
	switch {
	case e == ir.I1:
		return 0
	case e.IsInt() && e.Bits() == 8:
		return 1
	case e.IsInt() && e.Bits() == 16:
		return 2
	case e.IsInt() && e.Bits() == 32:
		return 3
	case e.IsInt():
		return 4
	case e == ir.F16 || e == ir.BF16:
		return 5
	case e == ir.F32:
		return 6
	}
	return 7
}

// bits is element i of t as the C initializer of its storage.
func bits(t *eval.Tensor, i int) string {
	switch t.Elem {
	case ir.F16:
		return fmt.Sprintf("0x%04x", ir.F32ToF16(float32(t.Floats[i])))
	case ir.BF16:
		return fmt.Sprintf("0x%04x", ir.F32ToBF16(float32(t.Floats[i])))
	case ir.F32:
		return fmt.Sprintf("0x%08xu", math.Float32bits(float32(t.Floats[i])))
	case ir.F64:
		return fmt.Sprintf("0x%016xull", math.Float64bits(t.Floats[i]))
	}
	v := t.Ints[i]
	if v == math.MinInt64 {
		return "(-9223372036854775807LL - 1)"
	}
	return fmt.Sprintf("%dLL", v)
}

func descType(t *ir.TensorType) string {
	return fmt.Sprintf("tirc_desc_%s_%dd", t.Elem, len(t.Shape))
}

func numElems(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// writeDesc declares buffer and descriptor name for tensor t laid out as l.
func writeDesc(b *strings.Builder, name string, typ *ir.TensorType, shape []int64, l layout, t *eval.Tensor) {
	strides, offset, length := l.place(shape)
	buf := make([]string, length)
	for i := range buf {
		buf[i] = "0"
	}
	if t != nil {
		idx := make([]int64, len(shape))
		for i := range t.Len() {
			off := offset
			for d := range shape {
				off += idx[d] * strides[d]
			}
			buf[off] = bits(t, i)
			for d := len(shape) - 1; d >= 0; d-- {
				idx[d]++
				if idx[d] < shape[d] {
					break
				}
				idx[d] = 0
			}
		}
	}
	fmt.Fprintf(b, "    static %s %s_buf[%d] = {%s};\n", cElem(typ.Elem), name, length, strings.Join(buf, ","))
	fmt.Fprintf(b, "    %s %s;\n    memset(&%s, 0, sizeof %s);\n", descType(typ), name, name, name)
	fmt.Fprintf(b, "    %s.allocated = %s.aligned = (void *)%s_buf;\n    %s.offset = %d;\n", name, name, name, name, offset)
	for d := range shape {
		fmt.Fprintf(b, "    %s.sizes[%d] = %d; %s.strides[%d] = %d;\n", name, d, shape[d], name, d, strides[d])
	}
}

const driverHead = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "progs.h"

static float f32b(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double f64b(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* Any descriptor: the sizes, then the strides, follow the offset. */
typedef struct { char *allocated; char *aligned; int64_t offset; int64_t rest[16]; } gdesc;

/* out prints result k of call c: its sizes, then every element in
   row-major order (integers in decimal, floats as their bits in hex). */
static void out(int c, int k, const void *desc, int rank, int kind) {
  const gdesc *d = desc;
  static const int size[] = {1, 1, 2, 4, 8, 2, 4, 8};
  int64_t idx[8] = {0}, n = 1;
  printf("c%d r%d", c, k);
  for (int i = 0; i < rank; i++) { printf(" %lld", (long long)d->rest[i]); n *= d->rest[i]; }
  printf(" :");
  for (int64_t j = 0; j < n; j++) {
    int64_t off = d->offset;
    for (int i = 0; i < rank; i++) off += idx[i] * d->rest[rank + i];
    const char *p = d->aligned + off * size[kind];
    switch (kind) {
    case 0: printf(" %d", *(const uint8_t *)p); break;
    case 1: printf(" %d", *(const int8_t *)p); break;
    case 2: printf(" %d", *(const int16_t *)p); break;
    case 3: printf(" %d", *(const int32_t *)p); break;
    case 4: printf(" %lld", (long long)*(const int64_t *)p); break;
    case 5: printf(" %x", *(const uint16_t *)p); break;
    case 6: printf(" %x", *(const uint32_t *)p); break;
    default: printf(" %llx", (unsigned long long)*(const uint64_t *)p); break;
    }
    for (int i = rank - 1; i >= 0; i--) {
      if (++idx[i] < d->rest[i]) break;
      idx[i] = 0;
    }
  }
  printf("\n");
}

int main(int argc, char **argv) {
  int checks = argc > 1 ? atoi(argv[1]) : 1;
  int st;
  setvbuf(stdout, NULL, _IOFBF, 1 << 20);
  (void)checks;
`

// driver writes the C program making every call of every program. Calls
// expected to fail run only when the binary is given 1 (checks on). Before
// each call a marker line "@c<i>" goes to stderr (unbuffered, as the
// generated code's messages) so that messages can be attributed to calls.
func driver(progs []*program) string {
	var b strings.Builder
	b.WriteString(driverHead)
	c := 0
	for _, p := range progs {
		for _, cl := range p.calls {
			fmt.Fprintf(&b, "  /* c%d: %s, %s call */\n", c, p.name, cl.what)
			if cl.status != 0 {
				b.WriteString("  if (checks) {\n")
			} else {
				b.WriteString("  {\n")
			}
			fmt.Fprintf(&b, "    fprintf(stderr, \"@c%d\\n\");\n", c)
			var params []string
			for k, a := range p.args {
				if a.v.scalar {
					params = append(params, scalarLit(cl.in[k]))
					continue
				}
				name := fmt.Sprintf("a%d", k)
				writeDesc(&b, name, a.v.typ, cl.in[k].Shape, cl.layouts[k], cl.in[k])
				params = append(params, "&"+name)
			}
			var nulls []string
			callee := make([]bool, len(p.results))
			for k, rt := range p.results {
				name := fmt.Sprintf("r%d", k)
				switch {
				case p.resScalar[k]:
					fmt.Fprintf(&b, "    %s %s;\n    memset(&%s, 0, sizeof %s);\n", cScalar(rt.Elem), name, name, name)
				case cl.resShapes != nil && cl.results[k] != nil:
					writeDesc(&b, name, rt, cl.resShapes[k], *cl.results[k], nil)
				case cl.status == 0 && cl.results[k] != nil:
					writeDesc(&b, name, rt, cl.want[k].Shape, *cl.results[k], nil)
				default:
					callee[k] = true
					nulls = append(nulls, fmt.Sprintf("r%d.aligned == NULL", k))
					fmt.Fprintf(&b, "    %s %s;\n    memset(&%s, 0, sizeof %s);\n", descType(rt), name, name, name)
				}
				params = append(params, "&"+name)
			}
			fmt.Fprintf(&b, "    st = %s(%s);\n", p.name, strings.Join(params, ", "))
			if len(nulls) == 0 {
				nulls = []string{"1"}
			}
			fmt.Fprintf(&b, "    printf(\"c%d status %%d %%d\\n\", st, %s);\n", c, strings.Join(nulls, " && "))
			b.WriteString("    if (st == 0) {\n")
			for k, rt := range p.results {
				if p.resScalar[k] {
					fmt.Fprintf(&b, "      { gdesc g; memset(&g, 0, sizeof g); g.aligned = (char *)&r%d; out(%d, %d, &g, 0, %d); }\n", k, c, k, kind(rt.Elem))
					continue
				}
				fmt.Fprintf(&b, "      out(%d, %d, &r%d, %d, %d);\n", c, k, k, len(rt.Shape), kind(rt.Elem))
				if callee[k] {
					fmt.Fprintf(&b, "      tirc_free(&r%d);\n", k)
				}
			}
			b.WriteString("    }\n  }\n")
			c++
		}
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// cScalar is the C type of a scalar passed by value or through a pointer.
func cScalar(e *ir.Scalar) string {
	switch e {
	case ir.I1:
		return "bool"
	case ir.F32:
		return "float"
	case ir.F64:
		return "double"
	}
	return cElem(e)
}

// scalarLit is the C expression of rank-0 tensor t's value.
func scalarLit(t *eval.Tensor) string {
	switch t.Elem {
	case ir.F32:
		return "f32b(" + bits(t, 0) + ")"
	case ir.F64:
		return "f64b(" + bits(t, 0) + ")"
	case ir.F16, ir.BF16:
		return "(uint16_t)" + bits(t, 0)
	}
	return "(" + cScalar(t.Elem) + ")" + bits(t, 0)
}
