package codegen

// recentMap is a map that forgets what was not looked up for a while,
// for the tables a long function fills as it is lowered (its own message
// strings, the values its builder computes once): each op adds a few
// entries that only the ops near it look up again, so a table that kept
// them all would grow with the function. Entries are in two generations
// of up to recentLimit each: a lookup keeps an entry for another
// generation, and an entry not looked up in a whole generation is
// dropped. Below recentLimit entries nothing is dropped, so the tables
// of an ordinary function behave as plain maps; past it, a forgotten
// entry is made again (the same value computed again, the same message
// defined again under a new name).
type recentMap[K comparable, V any] struct {
	cur, old map[K]V
	// added counts the entries put since the start (a test hook reads it).
	added int
}

// recentLimit is how many entries a generation holds.
var recentLimit = 1 << 14

func (m *recentMap[K, V]) get(k K) (V, bool) {
	if v, ok := m.cur[k]; ok {
		return v, true
	}
	v, ok := m.old[k]
	if ok {
		m.put(k, v)
	}
	return v, ok
}

func (m *recentMap[K, V]) put(k K, v V) {
	if m.cur == nil {
		m.cur = map[K]V{}
	}
	m.cur[k] = v
	m.added++
	if len(m.cur) >= recentLimit {
		m.old, m.cur = m.cur, nil
	}
}

// len is the number of entries held (a key in both generations counts
// twice).
func (m *recentMap[K, V]) len() int { return len(m.cur) + len(m.old) }
