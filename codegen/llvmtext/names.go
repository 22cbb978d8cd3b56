package llvmtext

import (
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// GlobalIdent is name as LLVM IR writes a global's: @name, quoted when
// it is not a plain name.
func GlobalIdent(name string) string {
	if PlainName(name) {
		return "@" + name
	}
	return llvm.NewGlobal(name, types.I8).Ident()
}

// EscapeString writes s as LLVM's c"..." holds it: printable ASCII but '"'
// and '\\' as is, any other byte as \XX.
func EscapeString(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ' ' <= c && c <= '~' && c != '"' && c != '\\' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('\\')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&0x0F])
	}
	return b.String()
}
