package vmath

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestLogTableReduction checks what logDD relies on: for every z of each
// interval of the log table, r = fma(z, invc, -1) is exact and |r| <
// 2^-8 (so its polynomial's degree suffices), and the table's -log(invc)
// agrees with Go's math.
func TestLogTableReduction(t *testing.T) {
	tab := logTable()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 1 << logTableBits {
		lo := logOff + uint64(i)<<(52-logTableBits)
		width := uint64(1) << (52 - logTableBits)
		invc := tab[0][i]
		zs := []uint64{lo, lo + width - 1}
		for range 200 {
			zs = append(zs, lo+rng.Uint64N(width))
		}
		for _, bits := range zs {
			z := math.Float64frombits(bits)
			r := math.FMA(z, invc, -1)
			exact := new(big.Float).SetPrec(200).Mul(big.NewFloat(z), big.NewFloat(invc))
			exact.Sub(exact, big.NewFloat(1))
			if e, _ := exact.Float64(); e != r || new(big.Float).SetFloat64(r).Cmp(exact) != 0 {
				t.Fatalf("interval %d: z = %v, invc = %v: z*invc - 1 = %v is not exact (%v)", i, z, invc, r, exact)
			}
			if math.Abs(r) >= 0x1p-8 {
				t.Fatalf("interval %d: z = %v: |r| = %v >= 2^-8", i, z, r)
			}
		}
		if h, l := tab[1][i], tab[2][i]; math.Abs(h+math.Log(invc)) > 0x1p-52*math.Abs(h) || math.Abs(l) > 0x1p-53*math.Abs(h) {
			t.Fatalf("interval %d: -log(%v) = %v + %v, Go's math has %v", i, invc, h, l, -math.Log(invc))
		}
	}
	// ln 2 as computed by bigLn against math.Ln2 (the nearest double)
	if ln2DD[0] != math.Ln2 || math.Abs(ln2DD[1]) > 0x1p-53*math.Ln2 {
		t.Errorf("ln2 = %v + %v", ln2DD[0], ln2DD[1])
	}
	if invLn2DD[0] != math.Log2E || invLn10DD[0] != math.Log10E {
		t.Errorf("1/ln2 = %v, 1/ln10 = %v", invLn2DD[0], invLn10DD[0])
	}
}
