package ir

// AppendType appends t's textual form (as TypeString prints it) to b, for
// callers that build keys or text without an allocation per type.
func AppendType(b []byte, t Type) []byte { return appendType(b, t) }

// AppendAttr appends an attribute in MLIR syntax, as its String method
// prints it.
func AppendAttr(b []byte, a Attr) []byte { return a.appendTo(b, false) }
