package vmath

import (
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTrigConsts checks the table the reductions use against independent
// values: the first words of 2/pi (its hexadecimal expansion as fdlibm's
// two_over_pi lists it, 24 bits an entry), and pi/2 = P1 + P2 + P3 with
// each part the rounding of what the previous leave (P1 is Go's
// math.Pi/2; the sum matches math.Pi's decimal digits to 1e-48).
func TestTrigConsts(t *testing.T) {
	tab := trigConsts()
	fdlibm := []uint64{0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041}
	var got []uint64
	bits := new(big.Int)
	for _, w := range tab.words[1:4] {
		bits.Lsh(bits, 64).Or(bits, new(big.Int).SetUint64(w))
	}
	for i := range fdlibm {
		got = append(got, new(big.Int).Rsh(bits, uint(192-24*(i+1))).Uint64()&0xFFFFFF)
	}
	if diff := cmp.Diff(fdlibm, got); diff != "" {
		t.Errorf("2/pi (-want +got):\n%s", diff)
	}
	if tab.words[0] != 0 {
		t.Errorf("words[0] = %#x, want 0 (the zero word before the binary point)", tab.words[0])
	}
	if tab.pio2[0] != math.Pi/2 {
		t.Errorf("P1 = %v, want %v", tab.pio2[0], math.Pi/2)
	}
	for i := 1; i < 3; i++ {
		if r := math.Abs(tab.pio2[i] / tab.pio2[i-1]); r > 0x1p-52 {
			t.Errorf("|P%d/P%d| = %g, want below 2^-52", i+1, i, r)
		}
	}
	const piDigits = "1.5707963267948966192313216916397514420985846996875529"
	want, _ := new(big.Float).SetPrec(200).SetString(piDigits)
	sum := new(big.Float).SetPrec(200)
	for _, p := range tab.pio2 {
		sum.Add(sum, new(big.Float).SetFloat64(p))
	}
	diff, _ := new(big.Float).Sub(sum, want).Float64()
	if math.Abs(diff) > 1e-48 {
		t.Errorf("P1 + P2 + P3 - pi/2 = %g, want below 1e-48", diff)
	}
}
