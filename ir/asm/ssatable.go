package asm

// ssaTable maps SSA names (%x, %0, %arg3) of one function to their
// definitions. Machine-written IR names almost every value %N, so a name
// that is a decimal number indexes a slice; other names use a map. This
// halves the parser's time spent on names for large modules. The first
// few other names (a function's arguments: %a, %b) are a list, searched
// in order: a map per function was a tenth of the parser's allocations
// for a module of many small functions.
type ssaTable struct {
	num   []ssaDef // by number; vals == nil means not defined
	few   []namedDef
	named map[string]ssaDef // the names after the first fewNamed
	limit int               // largest number stored in num: larger ones use the map
}

type namedDef struct {
	name string
	def  ssaDef
}

const fewNamed = 8

// newSSATable bounds the slice by the input size: a definition "%N = "
// takes at least 5 bytes, so a well-formed function of inputSize bytes
// has fewer than inputSize/4 numbered values, and a hostile "%999999999"
// cannot make the slice large.
func newSSATable(inputSize int) ssaTable {
	return ssaTable{limit: inputSize/4 + 64}
}

// number returns the value of a name "%N" with N decimal without leading
// zeros, or -1.
func (t *ssaTable) number(name []byte) int {
	if len(name) < 2 || len(name) > 10 || name[0] != '%' || (name[1] == '0' && len(name) > 2) {
		return -1
	}
	n := 0
	for _, c := range name[1:] {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	if n > t.limit {
		return -1
	}
	return n
}

func (t *ssaTable) get(name []byte) (ssaDef, bool) {
	if n := t.number(name); n >= 0 {
		if n < len(t.num) && t.num[n].vals != nil {
			return t.num[n], true
		}
		return ssaDef{}, false
	}
	for i := range t.few {
		if t.few[i].name == string(name) {
			return t.few[i].def, true
		}
	}
	d, ok := t.named[string(name)]
	return d, ok
}

// reserve makes room for the numbers below n (at most the limit), so a
// body of n lines, which defines fewer than about n numbered values, is
// parsed without growing the table.
func (t *ssaTable) reserve(n int) {
	n = min(n, t.limit+1)
	if n > len(t.num) {
		grown := make([]ssaDef, n)
		copy(grown, t.num)
		t.num = grown
	}
}

func (t *ssaTable) put(name []byte, d ssaDef) {
	if n := t.number(name); n >= 0 {
		if n >= len(t.num) {
			t.reserve(max(n+1, 2*len(t.num), 64))
		}
		t.num[n] = d
		return
	}
	for i := range t.few {
		if t.few[i].name == string(name) {
			t.few[i].def = d
			return
		}
	}
	if _, ok := t.named[string(name)]; !ok && len(t.few) < fewNamed {
		t.few = append(t.few, namedDef{string(name), d})
		return
	}
	if t.named == nil {
		t.named = map[string]ssaDef{}
	}
	t.named[string(name)] = d
}

// del forgets a name (the end of the region that defined it).
func (t *ssaTable) del(name []byte) {
	if n := t.number(name); n >= 0 {
		if n < len(t.num) {
			t.num[n] = ssaDef{}
		}
		return
	}
	for i := range t.few {
		if t.few[i].name == string(name) {
			t.few = append(t.few[:i], t.few[i+1:]...)
			return
		}
	}
	delete(t.named, string(name))
}
