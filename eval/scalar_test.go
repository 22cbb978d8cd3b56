package eval

import (
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// Expected values are hand-computed or closed forms (two's complement
// arithmetic, C's truncating division, IEEE rounding of exactly known
// values), never the evaluator's own output.

func TestScalarInts(t *testing.T) {
	const minI64 = math.MinInt64
	tests := []struct {
		name    string
		k       ir.Kernel
		e       *ir.Scalar
		args    []int64
		want    int64
		wantErr error
	}{
		{"i8 add wraps", ir.KernelAdd, ir.I8, []int64{127, 1}, -128, nil},
		{"i8 sub wraps", ir.KernelSub, ir.I8, []int64{-128, 1}, 127, nil},
		{"i16 mul wraps", ir.KernelMul, ir.I16, []int64{300, 300}, 90000 - 65536, nil},
		{"i32 mul wraps", ir.KernelMul, ir.I32, []int64{65536, 65536}, 0, nil},
		{"i64 add wraps", ir.KernelAdd, ir.I64, []int64{math.MaxInt64, 1}, minI64, nil},
		{"index add wraps", ir.KernelAdd, ir.Index, []int64{math.MaxInt64, 1}, minI64, nil},
		{"div truncates -7/2", ir.KernelDiv, ir.I32, []int64{-7, 2}, -3, nil},
		{"div truncates 7/-2", ir.KernelDiv, ir.I32, []int64{7, -2}, -3, nil},
		{"rem sign of dividend -7%2", ir.KernelRem, ir.I32, []int64{-7, 2}, -1, nil},
		{"rem sign of dividend 7%-2", ir.KernelRem, ir.I32, []int64{7, -2}, 1, nil},
		{"div by zero", ir.KernelDiv, ir.I32, []int64{1, 0}, 0, ErrDivByZero},
		{"rem by zero", ir.KernelRem, ir.I8, []int64{1, 0}, 0, ErrDivByZero},
		{"i8 MIN/-1", ir.KernelDiv, ir.I8, []int64{-128, -1}, 0, ErrDivOverflow},
		{"i8 MIN%-1 is 0 (NumPy)", ir.KernelRem, ir.I8, []int64{-128, -1}, 0, nil},
		{"i64 MIN/-1", ir.KernelDiv, ir.I64, []int64{minI64, -1}, 0, ErrDivOverflow},
		{"i32 -128/-1 is fine", ir.KernelDiv, ir.I32, []int64{-128, -1}, 128, nil},
		{"i8 neg MIN wraps", ir.KernelNeg, ir.I8, []int64{-128}, -128, nil},
		{"i8 abs MIN wraps", ir.KernelAbs, ir.I8, []int64{-128}, -128, nil},
		{"i32 abs", ir.KernelAbs, ir.I32, []int64{-5}, 5, nil},
		{"max signed", ir.KernelMax, ir.I32, []int64{-1, 0}, 0, nil},
		{"min signed", ir.KernelMin, ir.I32, []int64{-1, 0}, -1, nil},
		{"and", ir.KernelAnd, ir.I8, []int64{0b1100, 0b1010}, 0b1000, nil},
		{"or", ir.KernelOr, ir.I8, []int64{0b1100, 0b1010}, 0b1110, nil},
		{"xor", ir.KernelXor, ir.I8, []int64{0b1100, 0b1010}, 0b0110, nil},
		{"i1 and", ir.KernelAnd, ir.I1, []int64{1, 0}, 0, nil},
		{"i1 or", ir.KernelOr, ir.I1, []int64{1, 0}, 1, nil},
		{"i1 xor", ir.KernelXor, ir.I1, []int64{1, 1}, 0, nil},
		{"i1 add wraps mod 2", ir.KernelAdd, ir.I1, []int64{1, 1}, 0, nil},
		{"i1 max false<true", ir.KernelMax, ir.I1, []int64{0, 1}, 1, nil},
		{"pow 3^4", ir.KernelPow, ir.I32, []int64{3, 4}, 81, nil},
		{"pow i8 2^7 wraps", ir.KernelPow, ir.I8, []int64{2, 7}, -128, nil},
		{"pow (-1)^-3", ir.KernelPow, ir.I32, []int64{-1, -3}, -1, nil},
		{"pow 2^-1", ir.KernelPow, ir.I32, []int64{2, -1}, 0, ErrNegativePow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := make([]Num, len(tc.args))
			for i, a := range tc.args {
				args[i] = Num{Int: a}
			}
			got, err := Scalar(tc.k, Params{Elem: tc.e, Result: tc.e}, args...)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error = %v, want %v", err, tc.wantErr)
			}
			if err == nil {
				if diff := cmp.Diff(tc.want, got.Int); diff != "" {
					t.Errorf("(-want +got)\n%s", diff)
				}
			}
		})
	}
}

func TestScalarFloats(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negZero := math.Copysign(0, -1)
	tests := []struct {
		name string
		k    ir.Kernel
		e    *ir.Scalar
		args []float64
		want float64
	}{
		{"f64 add", ir.KernelAdd, ir.F64, []float64{0.1, 0.2}, 0.30000000000000004},
		// 0.1f + 0.2f rounds to the float32 nearest 0.3: 0x3e99999a.
		{"f32 add rounds", ir.KernelAdd, ir.F32, []float64{float64(float32(0.1)), float64(float32(0.2))}, float64(math.Float32frombits(0x3e99999a))},
		// f32: 2^24 + 1 is not representable; ties to even gives 2^24.
		{"f32 add tie even", ir.KernelAdd, ir.F32, []float64{1 << 24, 1}, 1 << 24},
		// f16 ulp at 1 is 2^-10: 1 + 2^-11 ties to 1, 1 + 3*2^-11 to 1 + 2^-9.
		{"f16 add tie to even down", ir.KernelAdd, ir.F16, []float64{1, 0x1p-11}, 1},
		{"f16 add tie to even up", ir.KernelAdd, ir.F16, []float64{1, 0x3p-11}, 1 + 0x1p-9},
		{"f16 overflow to inf", ir.KernelAdd, ir.F16, []float64{65504, 16}, inf},
		{"f16 max stays", ir.KernelAdd, ir.F16, []float64{65504, 8}, 65504},
		// bf16 has 8 significant bits: ulp at 1 is 2^-7.
		{"bf16 add rounds", ir.KernelAdd, ir.BF16, []float64{1, 0x1p-8}, 1},
		{"bf16 add rounds up", ir.KernelAdd, ir.BF16, []float64{1, 0x3p-8}, 1 + 0x1p-6},
		{"f32 div", ir.KernelDiv, ir.F32, []float64{1, 3}, float64(float32(1.0 / 3))},
		{"div by zero is inf", ir.KernelDiv, ir.F64, []float64{1, 0}, inf},
		{"rem is fmod", ir.KernelRem, ir.F64, []float64{-7.5, 2}, -1.5},
		{"pow", ir.KernelPow, ir.F32, []float64{2, 10}, 1024},
		{"max NaN", ir.KernelMax, ir.F32, []float64{nan, 1}, nan},
		{"min NaN", ir.KernelMin, ir.F32, []float64{1, nan}, nan},
		{"max NaN +Inf", ir.KernelMax, ir.F64, []float64{nan, inf}, nan},
		{"min -Inf NaN", ir.KernelMin, ir.F64, []float64{-inf, nan}, nan},
		{"max -0 +0", ir.KernelMax, ir.F64, []float64{negZero, 0}, 0},
		{"min +0 -0", ir.KernelMin, ir.F64, []float64{0, negZero}, negZero},
		{"neg", ir.KernelNeg, ir.F32, []float64{0}, negZero},
		{"abs", ir.KernelAbs, ir.F32, []float64{-2.5}, 2.5},
		{"exp 0", ir.KernelExp, ir.F32, []float64{0}, 1},
		{"log 1", ir.KernelLog, ir.F32, []float64{1}, 0},
		{"log 0", ir.KernelLog, ir.F64, []float64{0}, -inf},
		{"sqrt 2 in f32", ir.KernelSqrt, ir.F32, []float64{2}, 1.41421353816986083984375},
		{"sqrt -1", ir.KernelSqrt, ir.F64, []float64{-1}, nan},
		{"tanh 0", ir.KernelTanh, ir.F64, []float64{0}, 0},
		{"tanh large", ir.KernelTanh, ir.F32, []float64{50}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := make([]Num, len(tc.args))
			for i, a := range tc.args {
				args[i] = Num{Float: a}
			}
			got, err := Scalar(tc.k, Params{Elem: tc.e, Result: tc.e}, args...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(math.Float64bits(tc.want), math.Float64bits(got.Float)); diff != "" && !(math.IsNaN(tc.want) && math.IsNaN(got.Float)) {
				t.Errorf("got %v, want %v", got.Float, tc.want)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		pred string
		e    *ir.Scalar
		a, b Num
		want bool
	}{
		{"lt", ir.I8, Num{Int: -1}, Num{Int: 0}, true},
		{"ge", ir.I32, Num{Int: 5}, Num{Int: 5}, true},
		{"ult", ir.I8, Num{Int: -1}, Num{Int: 0}, false}, // 0xff > 0 unsigned
		{"ugt", ir.I8, Num{Int: -1}, Num{Int: 0}, true},
		{"slt", ir.I1, Num{Int: 1}, Num{Int: 0}, true}, // MLIR: true is -1
		{"lt", ir.I1, Num{Int: 1}, Num{Int: 0}, false}, // tir: false < true
		{"ult", ir.I64, Num{Int: -1}, Num{Int: 1}, false},
		{"eq", ir.F32, Num{Float: nan}, Num{Float: nan}, false},
		{"ne", ir.F32, Num{Float: nan}, Num{Float: 1}, true},
		{"lt", ir.F32, Num{Float: nan}, Num{Float: 1}, false},
		{"one", ir.F32, Num{Float: nan}, Num{Float: 1}, false},
		{"une", ir.F32, Num{Float: nan}, Num{Float: 1}, true},
		{"ult", ir.F32, Num{Float: nan}, Num{Float: 1}, true},
		{"ult", ir.F32, Num{Float: 2}, Num{Float: 1}, false},
		{"uno", ir.F64, Num{Float: nan}, Num{Float: 1}, true},
		{"ord", ir.F64, Num{Float: 0}, Num{Float: 1}, true},
		{"true", ir.F64, Num{Float: nan}, Num{Float: 1}, true},
		{"false", ir.F64, Num{Float: 0}, Num{Float: 0}, false},
		{"oge", ir.F64, Num{Float: 0}, Num{Float: math.Copysign(0, -1)}, true},
	}
	for _, tc := range tests {
		got, err := Scalar(ir.KernelCmp, Params{Elem: tc.e, Result: ir.I1, Pred: tc.pred}, tc.a, tc.b)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.pred, tc.e, err)
		}
		if diff := cmp.Diff(tc.want, got.Int == 1); diff != "" {
			t.Errorf("%s on %v %v %v: (-want +got)\n%s", tc.pred, tc.e, tc.a, tc.b, diff)
		}
	}
	if _, err := Scalar(ir.KernelCmp, Params{Elem: ir.I32, Pred: "bogus"}, Num{}, Num{}); !errors.Is(err, ErrBadPredicate) {
		t.Errorf("unknown predicate: err = %v", err)
	}
}

func TestConvert(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name     string
		x        Num
		from, to *ir.Scalar
		want     Num
	}{
		{"f32 -> i32 truncates", Num{Float: 3.7}, ir.F32, ir.I32, Num{Int: 3}},
		{"f32 -> i32 truncates toward zero", Num{Float: -3.7}, ir.F32, ir.I32, Num{Int: -3}},
		{"f64 -> i32 saturates high", Num{Float: 1e10}, ir.F64, ir.I32, Num{Int: math.MaxInt32}},
		{"f64 -> i32 saturates low", Num{Float: -1e10}, ir.F64, ir.I32, Num{Int: math.MinInt32}},
		{"f64 -> i64 saturates", Num{Float: 1e19}, ir.F64, ir.I64, Num{Int: math.MaxInt64}},
		{"f64 -> i64 -2^63 exact", Num{Float: -0x1p63}, ir.F64, ir.I64, Num{Int: math.MinInt64}},
		{"inf -> i8", Num{Float: inf}, ir.F32, ir.I8, Num{Int: 127}},
		{"NaN -> i32 is 0", Num{Float: nan}, ir.F32, ir.I32, Num{Int: 0}},
		{"0.5 -> i1 is true", Num{Float: 0.5}, ir.F32, ir.I1, Num{Int: 1}},
		{"NaN -> i1 is true", Num{Float: nan}, ir.F32, ir.I1, Num{Int: 1}},
		{"-0 -> i1 is false", Num{Float: math.Copysign(0, -1)}, ir.F32, ir.I1, Num{Int: 0}},
		{"i32 256 -> i8 truncates", Num{Int: 256}, ir.I32, ir.I8, Num{Int: 0}},
		{"i32 200 -> i8 wraps", Num{Int: 200}, ir.I32, ir.I8, Num{Int: -56}},
		{"i8 -1 -> i32 sign-extends", Num{Int: -1}, ir.I8, ir.I32, Num{Int: -1}},
		{"i32 2 -> i1 is x != 0", Num{Int: 2}, ir.I32, ir.I1, Num{Int: 1}},
		{"i1 true -> i32 zero-extends", Num{Int: 1}, ir.I1, ir.I32, Num{Int: 1}},
		{"i1 true -> f32 is 1", Num{Int: 1}, ir.I1, ir.F32, Num{Float: 1}},
		{"i64 2^53+1 -> f64 ties even", Num{Int: 1<<53 + 1}, ir.I64, ir.F64, Num{Float: 1 << 53}},
		{"i32 2^24+1 -> f32 ties even", Num{Int: 1<<24 + 1}, ir.I32, ir.F32, Num{Float: 1 << 24}},
		{"i32 2^24+3 -> f32 ties even up", Num{Int: 1<<24 + 3}, ir.I32, ir.F32, Num{Float: 1<<24 + 4}},
		{"i32 2049 -> f16", Num{Int: 2049}, ir.I32, ir.F16, Num{Float: 2048}},
		{"i32 2051 -> f16", Num{Int: 2051}, ir.I32, ir.F16, Num{Float: 2052}},
		{"i32 65519 -> f16 max", Num{Int: 65519}, ir.I32, ir.F16, Num{Float: 65504}},
		{"i32 65520 -> f16 inf", Num{Int: 65520}, ir.I32, ir.F16, Num{Float: inf}},
		{"i32 257 -> bf16", Num{Int: 257}, ir.I32, ir.BF16, Num{Float: 256}},
		// 2^62 + 2^54 + 1 is just above the bf16 midpoint 2^62 * (1 + 2^-8),
		// so it rounds up; going through float64 would drop the 1 and
		// then tie to even, down to 2^62.
		{"i64 -> bf16 one rounding", Num{Int: 1<<62 + 1<<54 + 1}, ir.I64, ir.BF16, Num{Float: 0x1p62 + 0x1p55}},
		{"f64 -> f32", Num{Float: 0.1}, ir.F64, ir.F32, Num{Float: float64(float32(0.1))}},
		{"f32 -> f64 exact", Num{Float: float64(float32(0.1))}, ir.F32, ir.F64, Num{Float: float64(float32(0.1))}},
		// Just above the f16 midpoint between 1 and 1+2^-10: rounding to
		// f32 first would land on the midpoint and then tie down to 1.
		{"f64 -> f16 no double rounding", Num{Float: 1 + 0x1p-11 + 0x1p-40}, ir.F64, ir.F16, Num{Float: 1 + 0x1p-10}},
		{"f64 -> bf16 no double rounding", Num{Float: 1 + 0x1p-8 + 0x1p-40}, ir.F64, ir.BF16, Num{Float: 1 + 0x1p-7}},
		{"f32 -> f16 overflow", Num{Float: 1e5}, ir.F32, ir.F16, Num{Float: inf}},
		{"f64 -> f16 subnormal", Num{Float: 0x1p-24}, ir.F64, ir.F16, Num{Float: 0x1p-24}},
		{"f64 -> f16 underflow", Num{Float: 0x1p-26}, ir.F64, ir.F16, Num{Float: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Scalar(ir.KernelConvert, Params{Elem: tc.from, Result: tc.to}, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestUnsignedExhaustive checks every pair of ui8 and of i8/si8 values
// against Go's own uint8 and int8 arithmetic (division, order, wrap), and
// the conversions of every ui8 value against Go's conversions.
func TestUnsignedExhaustive(t *testing.T) {
	u := Params{Elem: ir.UI8, Result: ir.UI8}
	for a := range 256 {
		for b := range 256 {
			x, y := uint8(a), uint8(b)
			want := map[ir.Kernel]uint8{ir.KernelAdd: x + y, ir.KernelSub: x - y, ir.KernelMul: x * y,
				ir.KernelMax: max(x, y), ir.KernelMin: min(x, y), ir.KernelAnd: x & y, ir.KernelXor: x ^ y}
			if y != 0 {
				want[ir.KernelDiv], want[ir.KernelRem] = x/y, x%y
			}
			for k, w := range want {
				got, err := Scalar(k, u, Num{Int: int64(x)}, Num{Int: int64(y)})
				if err != nil || got.Int != int64(w) {
					t.Fatalf("ui8 %v(%d, %d) = %d, %v; want %d", k, x, y, got.Int, err, w)
				}
			}
			for pred, w := range map[string]bool{"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y, "eq": x == y, "ne": x != y} {
				got, err := Scalar(ir.KernelCmp, Params{Elem: ir.UI8, Result: ir.I1, Pred: pred}, Num{Int: int64(x)}, Num{Int: int64(y)})
				if err != nil || (got.Int == 1) != w {
					t.Fatalf("ui8 cmp %s(%d, %d) = %d, %v; want %v", pred, x, y, got.Int, err, w)
				}
			}
			// The same bits read as signed: i8 (signless) and si8 agree.
			sx, sy := int8(x), int8(y)
			for _, e := range []*ir.Scalar{ir.I8, ir.SI8} {
				p := Params{Elem: e, Result: e}
				got, _ := Scalar(ir.KernelMax, p, Num{Int: int64(sx)}, Num{Int: int64(sy)})
				if got.Int != int64(max(sx, sy)) {
					t.Fatalf("%s max(%d, %d) = %d", e, sx, sy, got.Int)
				}
			}
		}
		x := uint8(a)
		for _, c := range []struct {
			to   *ir.Scalar
			want Num
		}{
			{ir.UI16, Num{Int: int64(uint16(x))}},
			{ir.I16, Num{Int: int64(int16(x))}}, // zero-extended: 255 stays 255
			{ir.I8, Num{Int: int64(int8(x))}},   // the bits: 255 is -1
			{ir.SI32, Num{Int: int64(int32(x))}},
			{ir.F32, Num{Float: float64(float32(x))}},
			{ir.I1, Num{Int: map[bool]int64{true: 1}[x != 0]}},
		} {
			if got := Convert(Num{Int: int64(x)}, ir.UI8, c.to); got != c.want {
				t.Fatalf("convert ui8 %d to %s = %+v, want %+v", x, c.to, got, c.want)
			}
		}
		// Signed sources sign-extend into unsigned targets: int8(-1) -> 65535.
		sx := int8(x)
		if got := Convert(Num{Int: int64(sx)}, ir.I8, ir.UI16); got.Int != int64(uint16(int16(sx))) {
			t.Fatalf("convert i8 %d to ui16 = %d, want %d", sx, got.Int, uint16(int16(sx)))
		}
	}
}

func TestUnsignedWide(t *testing.T) {
	big := uint64(math.MaxUint64) - 4 // above 2^63: held as its bits
	f := 1.5e19
	tests := []struct {
		name string
		k    ir.Kernel
		e    *ir.Scalar
		args []uint64
		want uint64
	}{
		{"ui64 div above 2^63", ir.KernelDiv, ir.UI64, []uint64{big, 3}, big / 3},
		{"ui64 rem above 2^63", ir.KernelRem, ir.UI64, []uint64{big, 7}, big % 7},
		{"ui64 max", ir.KernelMax, ir.UI64, []uint64{big, 1}, big},
		{"ui64 min", ir.KernelMin, ir.UI64, []uint64{big, 1}, 1},
		{"ui32 sub wraps", ir.KernelSub, ir.UI32, []uint64{0, 1}, math.MaxUint32},
		{"ui16 abs is the identity", ir.KernelAbs, ir.UI16, []uint64{65535}, 65535},
		{"ui8 neg wraps", ir.KernelNeg, ir.UI8, []uint64{1}, 255},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := make([]Num, len(tc.args))
			for i, a := range tc.args {
				args[i] = Num{Int: int64(a)}
			}
			got, err := Scalar(tc.k, Params{Elem: tc.e, Result: tc.e}, args...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, uint64(got.Int)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
	convs := []struct {
		name     string
		x        Num
		from, to *ir.Scalar
		want     Num
	}{
		{"ui64 above 2^63 to f64", Num{Int: int64(big)}, ir.UI64, ir.F64, Num{Float: float64(big)}},
		{"ui64 above 2^63 to f32", Num{Int: int64(big)}, ir.UI64, ir.F32, Num{Float: float64(float32(big))}},
		{"f64 above 2^63 to ui64", Num{Float: f}, ir.F64, ir.UI64, Num{Int: int64(uint64(f))}},
		{"f32 above the range to ui8 saturates", Num{Float: 300}, ir.F32, ir.UI8, Num{Int: 255}},
		{"negative f32 to ui8 saturates at 0", Num{Float: -3.5}, ir.F32, ir.UI8, Num{Int: 0}},
		{"f64 to ui64 saturates", Num{Float: 1e30}, ir.F64, ir.UI64, Num{Int: -1}},
		{"NaN to ui32 is 0", Num{Float: math.NaN()}, ir.F64, ir.UI32, Num{Int: 0}},
		{"f32 to si8 saturates", Num{Float: -1000}, ir.F32, ir.SI8, Num{Int: -128}},
		{"ui32 max to i64 zero-extends", Num{Int: math.MaxUint32}, ir.UI32, ir.I64, Num{Int: math.MaxUint32}},
		{"si32 -1 to ui64 sign-extends", Num{Int: -1}, ir.SI32, ir.UI64, Num{Int: -1}},
	}
	for _, c := range convs {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, Convert(c.x, c.from, c.to)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestArithKernels checks the integer kernels arith brings with values
// computed by hand from MLIR's definitions (and agreeing with mlir-opt-19's
// constant folding, see test/dialect/arith-canonicalize.mlir): rounding of
// ceildiv and floordiv, shifts by the width or more (NumPy's values for
// LLVM's poison), the high halves of double-width products, carries.
func TestArithKernels(t *testing.T) {
	s, u := ir.Signed, ir.Unsigned
	tests := []struct {
		name string
		k    ir.Kernel
		e    *ir.Scalar
		sign ir.Signedness
		args []int64
		want int64
	}{
		{"ceildivsi -7/2", ir.KernelCeilDiv, ir.I32, s, []int64{-7, 2}, -3},
		{"ceildivsi 7/2", ir.KernelCeilDiv, ir.I32, s, []int64{7, 2}, 4},
		{"ceildivsi 7/-2", ir.KernelCeilDiv, ir.I32, s, []int64{7, -2}, -3},
		{"ceildivsi -7/-2", ir.KernelCeilDiv, ir.I32, s, []int64{-7, -2}, 4},
		{"ceildivsi exact", ir.KernelCeilDiv, ir.I32, s, []int64{-8, 2}, -4},
		{"ceildivui -7 is 2^32-7", ir.KernelCeilDiv, ir.I32, u, []int64{-7, 2}, 2147483645},
		{"floordivsi -7/2", ir.KernelFloorDiv, ir.I32, s, []int64{-7, 2}, -4},
		{"divui -1/2 reads 255", ir.KernelDiv, ir.I8, u, []int64{-1, 2}, 127},
		{"remui -1%7 reads 255", ir.KernelRem, ir.I8, u, []int64{-1, 7}, 3},
		{"maxui -1 above 1", ir.KernelMax, ir.I8, u, []int64{-1, 1}, -1},
		{"maxsi on i1: true is -1", ir.KernelMax, ir.I1, s, []int64{1, 0}, 0},
		{"shli", ir.KernelShl, ir.I8, s, []int64{3, 2}, 12},
		{"shli wraps", ir.KernelShl, ir.I8, s, []int64{3, 7}, -128},
		{"shli by the width", ir.KernelShl, ir.I8, s, []int64{3, 8}, 0},
		{"shli by a negative amount (huge)", ir.KernelShl, ir.I8, s, []int64{3, -1}, 0},
		{"shrsi keeps the sign", ir.KernelShr, ir.I32, s, []int64{-7, 2}, -2},
		{"shrsi beyond the width", ir.KernelShr, ir.I32, s, []int64{-7, 40}, -1},
		{"shrui", ir.KernelShr, ir.I32, u, []int64{-7, 2}, 1073741822},
		{"shrui beyond the width", ir.KernelShr, ir.I32, u, []int64{-7, 32}, 0},
		{"mulsi high of -2 * 3 (i8)", ir.KernelMulHigh, ir.I8, s, []int64{-2, 3}, -1},
		{"mului high of 254 * 3 (i8)", ir.KernelMulHigh, ir.I8, u, []int64{-2, 3}, 2},
		{"mulsi high (i64)", ir.KernelMulHigh, ir.I64, s, []int64{math.MinInt64, 2}, -1},
		{"mului high (i64)", ir.KernelMulHigh, ir.I64, u, []int64{-1, -1}, -2},
		{"ctlz", ir.KernelCtlz, ir.I16, s, []int64{1}, 15},
		{"ctlz of 0 is the width", ir.KernelCtlz, ir.I16, s, []int64{0}, 16},
		{"cttz", ir.KernelCttz, ir.I32, s, []int64{8}, 3},
		{"cttz of 0 is the width", ir.KernelCttz, ir.I32, s, []int64{0}, 32},
		{"ctpop of -1", ir.KernelCtpop, ir.I8, s, []int64{-1}, 8},
		{"not", ir.KernelNot, ir.I8, s, []int64{5}, -6},
		{"not on i1", ir.KernelNot, ir.I1, s, []int64{1}, 0},
		// TOSA: arithmetic_right_shift with round, mul with shift
		{"shr_round adds the last bit out", ir.KernelShrRound, ir.I32, s, []int64{7, 1, 1}, 4},
		{"shr_round without round", ir.KernelShrRound, ir.I32, s, []int64{7, 1, 0}, 3},
		{"shr_round of a negative", ir.KernelShrRound, ir.I32, s, []int64{-7, 1, 1}, -3},
		{"shr_round by 0", ir.KernelShrRound, ir.I32, s, []int64{5, 0, 1}, 5},
		{"mul_shift rounds", ir.KernelMulShift, ir.I32, s, []int64{3, 5, 2}, 4},
		{"mul_shift rounds a tie up", ir.KernelMulShift, ir.I32, s, []int64{-3, 1, 1}, -1},
		{"mul_shift of the 64-bit product", ir.KernelMulShift, ir.I32, s, []int64{math.MaxInt32, math.MaxInt32, 31}, 2147483646},
		{"mul_shift 0 wraps", ir.KernelMulShift, ir.I32, s, []int64{1 << 20, 1 << 20, 0}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := make([]Num, len(tc.args))
			for i, a := range tc.args {
				args[i] = Num{Int: ir.WrapInt(a, tc.e)}
			}
			got, err := Scalar(tc.k, Params{Elem: tc.e, Result: tc.e, Sign: tc.sign}, args...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(ir.WrapInt(tc.want, tc.e), got.Int); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
	carry := func(a, b int64, e *ir.Scalar) int64 {
		got, _ := Scalar(ir.KernelAddCarry, Params{Elem: e, Result: ir.I1, Sign: u}, Num{Int: ir.WrapInt(a, e)}, Num{Int: ir.WrapInt(b, e)})
		return got.Int
	}
	for _, c := range []struct {
		a, b int64
		e    *ir.Scalar
		want int64
	}{{200, 100, ir.I8, 1}, {100, 100, ir.I8, 0}, {-1, 1, ir.I64, 1}, {1, 2, ir.I64, 0}, {1, 1, ir.I1, 1}} {
		if got := carry(c.a, c.b, c.e); got != c.want {
			t.Errorf("carry of %d + %d in %s = %d, want %d", c.a, c.b, c.e, got, c.want)
		}
	}
	// casts: a trunci to i1 keeps the low bit (convert says x != 0);
	// extsi of an i1 true is -1.
	if got := Cast(Num{Int: 2}, ir.I8, ir.I1, ir.Signless); got.Int != 0 {
		t.Errorf("trunci 2 to i1 = %d, want 0", got.Int)
	}
	if got := Cast(Num{Int: 1}, ir.I1, ir.I8, ir.Signed); got.Int != -1 {
		t.Errorf("extsi true to i8 = %d, want -1", got.Int)
	}
	if got := Cast(Num{Int: 1}, ir.I1, ir.I8, ir.Unsigned); got.Int != 1 {
		t.Errorf("extui true to i8 = %d, want 1", got.Int)
	}
	if got := Cast(Num{Int: -1}, ir.I32, ir.F64, ir.Unsigned); got.Float != 4294967295 {
		t.Errorf("uitofp -1 : i32 = %v, want 4294967295", got.Float)
	}
	// tosa.cast: floats to integers round to nearest even and saturate
	for _, c := range []struct {
		x    float64
		want int64
	}{{2.5, 2}, {3.5, 4}, {-0.5, 0}, {-2.5, -2}, {1e10, math.MaxInt32}, {-1e10, math.MinInt32}, {math.NaN(), 0}} {
		got, err := Scalar(ir.KernelCastRound, Params{Elem: ir.F32, Result: ir.I32}, Num{Float: c.x})
		if err != nil || got.Int != c.want {
			t.Errorf("tosa.cast %v to i32 = %d (%v), want %d", c.x, got.Int, err, c.want)
		}
	}
}
