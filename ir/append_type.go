package ir

// The text of types and attributes, for package ir/asm's printer and for
// callers that build keys or text without an allocation per type. Types
// and attributes print themselves (their appendTo methods); the printer of
// ops and modules is package ir/asm's.

// AppendType appends t's textual form (as TypeString prints it) to b;
// a nil type appends <<NULL TYPE>>.
func AppendType(b []byte, t Type) []byte { return appendType(b, t) }

// AppendAttr appends an attribute in MLIR syntax, as its String method
// prints it; a nil attribute appends <<NULL ATTRIBUTE>>.
func AppendAttr(b []byte, a Attr) []byte { return appendAttr(b, a, false) }

// AppendAttrElided appends an attribute as AppendAttr does, without the
// type of an i64 integer or an f64 float (`3`, not `3 : i64`), as MLIR
// prints the elements of an array or a fused location's metadata.
func AppendAttrElided(b []byte, a Attr) []byte { return appendAttr(b, a, true) }

// AppendNamedAttr appends `name = value` (or the bare name of a unit
// attribute), as an attribute dictionary prints an entry.
func AppendNamedAttr(b []byte, na NamedAttr) []byte { return appendNamedAttr(b, na) }

// AppendNamedAttrs appends the entries of an attribute dictionary,
// comma-separated, without the braces.
func AppendNamedAttrs(b []byte, attrs []NamedAttr) []byte { return appendNamedAttrs(b, attrs) }

// AppendResultTypes appends the result types of a function type: `T`
// alone, or `(T, ...)`.
func AppendResultTypes(b []byte, results []Type) []byte { return appendResultTypes(b, results) }
