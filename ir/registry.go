package ir

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Trait is a property shared by many ops, with hooks that work on any op
// carrying it (MLIR's OpTrait). A trait is one value: op.Has(t) is a pointer
// comparison. Package traits defines them; ir only runs the hooks.
type Trait struct {
	// Name is MLIR's name for the trait ("Broadcastable").
	Name string
	// Doc states the trait's rules in a sentence or two.
	Doc string
	// Requires lists traits an op must also carry to carry this one.
	Requires []*Trait
	// Conflicts lists traits an op carrying this one must not carry.
	Conflicts []*Trait
	// Verify checks op against the trait's rules; nil means no rule.
	Verify func(op *Op) *Diagnostic
	// VerifyRegion checks op once the ops of its regions have been
	// verified (MLIR's verifyRegionTrait): rules about what the regions
	// hold, such as their terminator.
	VerifyRegion func(op *Op) *Diagnostic
	// Infer returns the result types the trait proves from the operand
	// types (most refined first), or nil when it proves nothing. Shape
	// refinement uses it.
	Infer func(op *Op) []Type
	// Loops describes the iteration space of the ops carrying the trait
	// (loops.go), or is nil; an op row's own Loops hook takes precedence.
	Loops func(op *Op) *Loops
}

func (t *Trait) String() string { return t.Name }

// TraitTerminator marks ops that end a block (MLIR's IsTerminator). It lives
// in ir because the structure checks need it; package traits re-exports it.
var TraitTerminator = &Trait{
	Name: "Terminator",
	Doc:  "The op ends its block: it must be the last op of the function body.",
	Verify: func(op *Op) *Diagnostic {
		if op.fn != nil && op.next != nil {
			return op.Errorf("must be the last operation in the parent block")
		}
		return nil
	},
}

// OpDef is the definition of an op: one row of a dialect's table.
type OpDef struct {
	// Name is the full op name, "tir.add".
	Name string
	// Summary is the op's semantics in one line ("lhs + rhs, broadcast").
	Summary string
	// Aliases are other names users write for the op (NumPy's, XLA's:
	// "maximum" for tir.max), for "did you mean" hints.
	Aliases []string
	// Traits in declaration order; the verifier runs them in this order.
	Traits []*Trait
	// Verify is the op's own verifier, run after the traits'.
	Verify func(op *Op) *Diagnostic
	// Infer returns refined result types from the operand types (and
	// attributes), or nil; it runs after the traits' Infer hooks.
	Infer func(op *Op) []Type
	// Kernel is the scalar function computed at every iteration of the
	// op's loops (elementwise ops; KernelIdentity for data movement and
	// reductions). KernelNone: the op has no value semantics of its own.
	Kernel Kernel
	// KernelArgs returns constant operands the kernel reads after the
	// op's own, taken from its attributes (TOSA clamp's bounds, mul's
	// shift), as scalar attributes of the kernel's element type.
	KernelArgs func(op *Op) []Attr
	// Kernels are the kernels of each result of an op with several
	// (arith.addui_extended: add and add_carry, over the same loops);
	// nil: Kernel computes the one result.
	Kernels []Kernel
	// Loops returns the op's loop description (loops.go); nil means the
	// first trait's hook decides (Broadcastable, ElementwiseMappable).
	Loops func(op *Op) *Loops
	// Reduce is how the iterations of the reduction loops combine into
	// one result element (ReduceNone for ops without reduction loops).
	Reduce Reduce
	// Canonicalize rewrites the op in place into a simpler equivalent
	// and reports whether it did (the op's own canonicalization
	// patterns, run by the canonicalize pass beside its generic ones).
	Canonicalize func(op *Op) bool
	// Sign is how the kernel reads integer operands where it matters
	// (division, order, extension, conversion): Signed or Unsigned as the
	// op says (arith.divsi, arith.divui), or Signless: by their element
	// type (ui types and i1 unsigned, the others signed).
	Sign Signedness
	// Logical makes i1 elements NumPy booleans (Kernel.OnBool: add is
	// or, mul is and), as tir's ops read them; without it i1 arithmetic
	// wraps modulo 2, as arith's ops (LLVM's i1) do.
	Logical bool
	// Format is the op's custom assembly form (nil: generic form only).
	Format *Format
	// Predicates names the values of an integer `predicate` attribute
	// (index = value), as arith.cmpi's enum.
	Predicates []string
	// Inherent lists attributes printed as properties `<{...}>` in the
	// generic form (MLIR 19 does that for its own ops).
	Inherent []string
	// Defaults are the values of default-valued inherent attributes
	// (MLIR's DefaultValuedAttr properties: arith.addf's fastmath =
	// #arith.fastmath<none>): ops built by the parser or NewOp get the
	// ones they lack, so the generic form prints them as mlir-opt does.
	Defaults []NamedAttr
	// ResultName suggests a printed name for the op's result ("cst"), as
	// MLIR's OpAsmOpInterface does; "" means numbered. ResultNames are
	// the names of each result of an op with several ("sum",
	// "overflow"). Neither is used by the generic form.
	ResultName  func(op *Op) string
	ResultNames []string
	// BlockArgNames suggests printed names for the arguments of the
	// entry block of op's region r (MLIR's getAsmBlockArgumentNames:
	// linalg's bodies name theirs %in, %out), made unique as result
	// names are; "" or a missing entry means %argN. The generic form
	// does not use it.
	BlockArgNames func(op *Op, r int) []string
	// Regions is the number of regions the op has (-1: any number). An
	// op with regions in the text but 0 here fails with MLIR's "requires
	// zero regions"; other counts are checked by traits.RegionCount.
	Regions int
}

// KernelOf is the kernel computing result r.
func (d *OpDef) KernelOf(r int) Kernel {
	if d.Kernels != nil {
		if r < len(d.Kernels) {
			return d.Kernels[r]
		}
		return KernelNone
	}
	if r == 0 {
		return d.Kernel
	}
	return KernelNone
}

// KernelOn is the kernel computing result r from operands whose element
// type is e: KernelOf, read as logic on booleans where the row is Logical.
func (d *OpDef) KernelOn(r int, e *Scalar) Kernel {
	k := d.KernelOf(r)
	if d.Logical && e == I1 {
		return k.OnBool()
	}
	return k
}

// WithDefaults returns attrs with the definition's default-valued
// attributes added where missing.
func (d *OpDef) WithDefaults(attrs Attrs) Attrs {
	for _, na := range d.Defaults {
		if attrs.Get(na.Name) == nil {
			attrs.Set(na.Name, na.Value)
		}
	}
	return attrs
}

// Has reports whether the definition carries trait t.
func (d *OpDef) Has(t *Trait) bool {
	for _, x := range d.Traits {
		if x == t {
			return true
		}
	}
	return false
}

// Dialect returns the dialect prefix of the op name ("tir").
func (d *OpDef) Dialect() string { return DialectOf(d.Name) }

// DialectOf returns the part of an op name before the first dot.
func DialectOf(name string) string {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}

var registry = struct {
	sync.RWMutex
	ops      map[string]*OpDef
	dialects map[string]bool // dialect name -> allows unknown ops
}{ops: map[string]*OpDef{}, dialects: map[string]bool{}}

// Register adds an op definition to the registry. It refuses a duplicate
// name, a name without a dialect prefix, and an inconsistent trait set: a
// trait whose required traits are missing, or two conflicting traits.
func Register(d *OpDef) error {
	if d == nil || DialectOf(d.Name) == "" || strings.HasSuffix(d.Name, ".") {
		return fmt.Errorf("op name must be 'dialect.op'")
	}
	if err := CheckTraits(d.Name, d.Traits); err != nil {
		return err
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.ops[d.Name]; dup {
		return fmt.Errorf("op '%s' is already registered", d.Name)
	}
	registry.ops[d.Name] = d
	if _, ok := registry.dialects[d.Dialect()]; !ok {
		registry.dialects[d.Dialect()] = false
	}
	return nil
}

// MustRegister registers every definition and panics on an inconsistent
// one; it is meant for package initialization of a fixed op table, where a
// mistake is a programming error caught by any test.
func MustRegister(defs ...*OpDef) {
	for _, d := range defs {
		if err := Register(d); err != nil {
			panic("ir.MustRegister: " + err.Error())
		}
	}
}

// CheckTraits reports the first inconsistency of a trait list: a nil or
// repeated trait, a missing required trait, or two conflicting traits.
func CheckTraits(opName string, ts []*Trait) error {
	for i, t := range ts {
		if t == nil {
			return fmt.Errorf("op '%s': trait #%d is nil", opName, i)
		}
		for _, u := range ts[:i] {
			if u == t {
				return fmt.Errorf("op '%s': trait %s is listed twice", opName, t.Name)
			}
		}
	}
	has := func(t *Trait) bool {
		for _, x := range ts {
			if x == t {
				return true
			}
		}
		return false
	}
	for _, t := range ts {
		for _, r := range t.Requires {
			if !has(r) {
				return fmt.Errorf("op '%s': trait %s requires trait %s", opName, t.Name, r.Name)
			}
		}
		for _, c := range t.Conflicts {
			if has(c) {
				return fmt.Errorf("op '%s': trait %s conflicts with trait %s", opName, t.Name, c.Name)
			}
		}
	}
	return nil
}

// RegisterDialect declares a dialect as known. Unknown ops of a known
// dialect are errors unless allowUnknownOps is set (MLIR's test dialect
// allows them, for instance).
func RegisterDialect(name string, allowUnknownOps bool) {
	registry.Lock()
	registry.dialects[name] = allowUnknownOps
	registry.Unlock()
}

func dialectInfo(name string) (known, allowUnknownOps bool) {
	registry.RLock()
	allow, ok := registry.dialects[name]
	registry.RUnlock()
	return ok, allow
}

// LookupOp returns the registered definition of name, or nil.
func LookupOp(name string) *OpDef {
	registry.RLock()
	d := registry.ops[name]
	registry.RUnlock()
	return d
}

// KnownDialect reports whether any op of dialect name is registered.
func KnownDialect(name string) bool {
	known, _ := dialectInfo(name)
	return known
}

// RegisteredOps returns every registered definition, sorted by name.
func RegisteredOps() []*OpDef {
	registry.RLock()
	defs := make([]*OpDef, 0, len(registry.ops))
	for _, d := range registry.ops {
		defs = append(defs, d)
	}
	registry.RUnlock()
	sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	return defs
}

// CmpPredicate is the comparison a KernelCmp op makes: its `predicate`
// attribute (tir's name, or an index into the row's Predicates as arith's
// enum), or the row's one predicate (tosa.greater).
func CmpPredicate(op *Op) (string, bool) {
	if op.Def == nil {
		return "", false
	}
	switch a := op.Attr("predicate").(type) {
	case StringAttr:
		return string(a), true
	case *IntAttr:
		if a.Value >= 0 && a.Value < int64(len(op.Def.Predicates)) {
			return op.Def.Predicates[a.Value], true
		}
		return "", false
	case nil:
		if len(op.Def.Predicates) == 1 {
			return op.Def.Predicates[0], true
		}
	}
	return "", false
}
