package ir

import (
	"strings"

	"github.com/tirc/tirc/internal/suggest"
)

// SuggestOpName returns the registered op name the user most likely meant
// by name, or "" when no reading is clearly likelier than the others. It
// feeds "did you mean 'tir.add'?" hints.
func SuggestOpName(name string) string {
	return suggestOpName(name, RegisteredOps())
}

// suggestOpName ranks the known ops by the reading of name they imply,
// likeliest first:
//
//  1. the same name but for case and separators ("tir.Add",
//     "tir.broadcastInDim");
//  2. the same dialect, and one of the op's aliases (OpDef.Aliases, NumPy's
//     and XLA's names: "tir.maximum" -> "tir.max", "tir.where" ->
//     "tir.select"), or every typed word (of at least three letters) is a
//     word of the op ("tir.sum" -> "tir.reduce_sum"; a prefix counts a
//     little less: "tir.reduce_maximum" -> "tir.reduce_max"), fewest
//     unmatched words first;
//  3. the same dialect, and a plausible typo of the op's name
//     (suggest.Plausible), common slips first: a doubled or dropped
//     repeated letter, two letters swapped, a neighbouring key. In names
//     of up to four letters a single substitution of keys far apart is
//     not a slip but another word ("tir.sum" is not "tir.sub");
//  4. the same dialect, and some words in common;
//  5. another dialect's op of that name or alias ("tir.call" ->
//     "func.call"; from a dialect whose name is a typo of the typed one
//     first: "tri.add" -> "tir.add", not "tosa.add"), or a typo of the
//     whole name.
//
// Two candidates equally likely at the best rank give no suggestion: a
// wrong hint costs the user more than none.
func suggestOpName(name string, known []*OpDef) string {
	dialect, word := splitOpName(name)
	nword := normalizeWord(word)
	type rank struct{ tier, score int }
	best, bestRank, tie := "", rank{tier: 1 << 30}, false
	consider := func(cand string, r rank) {
		switch {
		case r.tier < bestRank.tier || r.tier == bestRank.tier && r.score < bestRank.score:
			best, bestRank, tie = cand, r, false
		case r == bestRank && cand != best:
			tie = true
		}
	}
	for _, k := range known {
		if k.Name == name {
			return ""
		}
		kd, kw := splitOpName(k.Name)
		alias := normalizeWord(kw) == nword
		for _, a := range k.Aliases {
			alias = alias || normalizeWord(a) == nword
		}
		switch {
		case kd == dialect && normalizeWord(kw) == nword:
			consider(k.Name, rank{0, 0})
		case kd == dialect && alias:
			consider(k.Name, rank{1, 0})
		case kd == dialect:
			s, all, ok := wordMatch(word, kw)
			switch {
			case ok && all:
				consider(k.Name, rank{1, s})
			case typoOK(word, kw):
				s, _ := typoScore(word, kw)
				consider(k.Name, rank{2, s})
			case ok:
				consider(k.Name, rank{3, s})
			}
		case alias:
			// a typo of the dialect first: "tri.add" is tir.add, not tosa.add
			if _, ok := typoScore(dialect, kd); ok {
				consider(k.Name, rank{4, 0})
			} else {
				consider(k.Name, rank{4, 1})
			}
		default:
			if s, ok := typoScore(name, k.Name); ok {
				consider(k.Name, rank{5, s})
			}
		}
	}
	if tie {
		return ""
	}
	return best
}

func splitOpName(name string) (dialect, word string) {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i], name[i+1:]
	}
	return "", name
}

// normalizeWord drops case and separators: "broadcastInDim" and
// "broadcast-in-dim" both become "broadcastindim".
func normalizeWord(w string) string {
	var b strings.Builder
	for _, w := range words(w) {
		b.WriteString(w)
	}
	return b.String()
}

// words splits an op name into lower-case words at '_', '-', '.' and
// camelCase boundaries.
func words(s string) []string {
	var out []string
	start := 0
	flush := func(end int) {
		if end > start {
			out = append(out, strings.ToLower(s[start:end]))
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c == '-' || c == '.':
			flush(i)
			start = i + 1
		case c >= 'A' && c <= 'Z' && i > start && !(s[i-1] >= 'A' && s[i-1] <= 'Z'):
			flush(i)
			start = i
		}
	}
	flush(len(s))
	return out
}

// wordMatch reports whether typed and known have a word of at least three
// letters in common, or one such word a prefix of the other ("max" of
// "maximum"), scored by the words left unmatched on either side (two
// each) and the prefix matches (one each): lower is closer. all reports
// whether every typed word was matched.
func wordMatch(typed, known string) (score int, all, ok bool) {
	tw, kw := words(typed), words(known)
	score = 2 * (len(tw) + len(kw))
	used := make([]bool, len(kw))
	matched := 0
	for _, t := range tw {
		for j, k := range kw {
			short, long := t, k
			if len(short) > len(long) {
				short, long = long, short
			}
			if used[j] || len(short) < 3 || !strings.HasPrefix(long, short) {
				continue
			}
			used[j] = true
			matched++
			score -= 4
			if t != k {
				score++
			}
			break
		}
	}
	return score, matched == len(tw), matched > 0
}

// typoOK reports whether typed is a plausible typo of known.
func typoOK(typed, known string) bool {
	_, ok := typoScore(typed, known)
	return ok
}

// typoScore reports whether typed is a plausible typo of known (judged on
// the longer of the two, so a shared dialect prefix does not make "relu"
// look like "rem"), scored in tenths of an edit: lower is likelier.
func typoScore(typed, known string) (int, bool) {
	d := suggest.Distance(typed, known, 3)
	if d == 0 || !suggest.Plausible(max(len(typed), len(known)), d) {
		return 0, false
	}
	if d > 1 {
		return 10 * d, true
	}
	short := len(typed) <= 4 && len(known) <= 4
	switch {
	case len(typed) != len(known):
		// One letter inserted or dropped: likeliest when it repeats a
		// neighbour ("tir.mull", "tir.ad").
		long, s := typed, known
		if len(long) < len(s) {
			long, s = s, long
		}
		i := 0
		for i < len(s) && s[i] == long[i] {
			i++
		}
		if i > 0 && long[i] == long[i-1] || i+1 < len(long) && long[i] == long[i+1] {
			return 5, true
		}
		return 10, true
	default:
		i := 0
		for typed[i] == known[i] {
			i++
		}
		if i+1 < len(typed) && typed[i] != known[i] && typed[i+1] != known[i+1] {
			return 6, true // two neighbours swapped ("tir.sqtr")
		}
		if keysAdjacent(typed[i], known[i]) {
			return 7, true // a neighbouring key ("tir.nul")
		}
		if short {
			return 0, false // another word, not a slip ("tir.sum", "tir.sub")
		}
		return 12, true
	}
}

// keyRows is the QWERTY layout; each row is shifted right by about half a
// key from the one above.
var keyRows = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}

// keysAdjacent reports whether a and b are neighbouring keys of a QWERTY
// keyboard (same row side by side, or touching in the row above/below).
func keysAdjacent(a, b byte) bool {
	pos := func(c byte) (int, int) {
		c |= 0x20 // lower case
		for r, row := range keyRows {
			if i := strings.IndexByte(row, c); i >= 0 {
				return r, i
			}
		}
		return -1, -1
	}
	ra, ca := pos(a)
	rb, cb := pos(b)
	if ra < 0 || rb < 0 {
		return false
	}
	switch ra - rb {
	case 0:
		return ca-cb == 1 || cb-ca == 1
	case 1: // a is one row below b: it touches b's column and the next
		return ca == cb || ca == cb-1
	case -1:
		return cb == ca || cb == ca-1
	}
	return false
}
