package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// llfunc is an LLVM function being built, with its failure paths: the
// status slot and the exit block every failure branches to, the message
// a failure leaves for the exit block to print, and in a fast entry the
// general body a failed check tail-calls instead. A tirc function's
// lowering (funcCtx) and the module's checkers (desccheck.go) build on
// it.
type llfunc struct {
	mod *moduleCtx
	f   *ir.Func // the tirc function; nil in a module helper
	fn  *llvm.Func
	bl  *builder
	// status is the i32 slot of the status returned, exit the block
	// returning it.
	status value.Value
	exit   *llvm.Block
	// who is the string a failure message names its function by (the
	// function's name; whoName), or in a descriptor checker
	// (desccheck.go) the parameter naming the function; there what is
	// the parameter naming the checked value ("argument #0"), printed
	// after it.
	who        value.Value
	what       value.Value
	failPrefix string // the messages' start: "tirc: error: %s: " when empty
	// failMsg and failArgs are the i8* and i64 slots where a failure
	// path leaves its message and values for the exit block (fail).
	failMsg  value.Value
	failArgs []value.Value
	// general is the general body a fast entry (fastentry.go) tail-calls
	// on a failure instead of reporting it; nil in the general body.
	general value.Value
}

// fail emits: if cond, print "tirc: error: <func>: <msg>" (a printf
// format whose %lld take rt) to @tirc_error_fd (stderr unless the caller
// chose another), set the status and leave through the exit block. The
// function's name is passed to a "%s", so that every function of a
// module shares each format.
func (fc *llfunc) fail(cond value.Value, status int64, msg string, rt ...value.Value) {
	fc.failAs(cond, status, msg, false, rt...)
}

// failAs is fail; with common, the message's format is the module's,
// shared by every function that reports it (a result's NULL descriptor),
// instead of the function's own (format).
func (fc *llfunc) failAs(cond value.Value, status int64, msg string, common bool, rt ...value.Value) {
	if c, ok := cond.(*constant.Int); ok && c.X.Sign() == 0 {
		return
	}
	bl := fc.bl
	if fc.general != nil {
		fc.fallBackUnless(bl.b.NewXor(cond, constant.True))
		return
	}
	if fc.what != nil {
		rt = append([]value.Value{fc.what}, rt...)
	}
	bl.ifThen(cond, "fail", func() {
		fc.whoName()
		prefix := fc.failPrefix
		if prefix == "" {
			prefix = "tirc: error: %s: "
		}
		format := fc.format(prefix+msg+"\n", common)
		if !allI64(rt) {
			fd := bl.b.NewLoad(types.I32, fc.mod.errorFD())
			args := append([]value.Value{fd, format, fc.who}, rt...)
			bl.b.NewCall(fc.mod.dprintf(), args...)
		} else {
			// The exit block prints it: a long function has a failure
			// path per check, and each is three stores and a branch.
			if fc.failMsg == nil {
				fc.failMsg = bl.alloca(i8p)
				store(bl.entry, constant.NewNull(i8p), fc.failMsg)
			}
			store(bl.b, format, fc.failMsg)
			for i, a := range rt {
				for len(fc.failArgs) <= i {
					fc.failArgs = append(fc.failArgs, bl.alloca(types.I64))
				}
				store(bl.b, a, fc.failArgs[i])
			}
		}
		store(bl.b, i32c(status), fc.status)
		bl.b.NewBr(fc.exit)
	})
}

// format returns a failure message's format: in a tirc function, its own
// string (its messages name its ops' locations: no other function has
// them), unless common; in the module's helpers, the module's.
func (fc *llfunc) format(s string, common bool) value.Value {
	if fc.f == nil || common {
		return fc.mod.cstring(s)
	}
	return fc.mod.ownString(fc.f, s)
}

// whoName returns the string naming the function in its messages,
// defining it on first use.
func (fc *llfunc) whoName() value.Value {
	if fc.who == nil {
		fc.who = fc.mod.ownString(fc.f, fc.f.Name)
	}
	return fc.who
}

func allI64(vs []value.Value) bool {
	for _, v := range vs {
		if t, ok := v.Type().(*types.IntType); !ok || t.BitSize != 64 {
			return false
		}
	}
	return true
}

// reportFailure prints the message a failure path left (fail), with the
// values of its %lld: the format ignores the ones past its own.
func (fc *llfunc) reportFailure() {
	if fc.failMsg == nil {
		return
	}
	bl := fc.bl
	args := []value.Value{bl.b.NewLoad(i8p, fc.failMsg), fc.who}
	for _, a := range fc.failArgs {
		args = append(args, bl.b.NewLoad(types.I64, a))
	}
	// Most messages have at most two values: padded to two, one reporter
	// serves almost every module (a format ignores values it does not
	// print).
	for len(args) < 2+minReportValues {
		args = append(args, i64c(0))
	}
	bl.b.NewCall(fc.mod.reporter(len(args)-2), args...)
}

const minReportValues = 2

// failWith leaves through the exit block with status st unless it is 0.
// The status is stored either way (no block of its own per check): it is
// 0 until a check fails, and a failed check leaves at once.
func (fc *llfunc) failWith(st value.Value) {
	bl := fc.bl
	store(bl.b, st, fc.status)
	ok := bl.block("ok")
	bl.b.NewCondBr(bl.b.NewICmp(enum.IPredNE, st, i32c(0)), fc.exit, ok)
	bl.b = ok
}

// checkNotNull fails with status 4 when the pointer p is NULL.
func (fc *llfunc) checkNotNull(p value.Value, what string) {
	if !fc.mod.opts.Checks {
		return
	}
	null := constant.NewNull(p.Type().(*types.PointerType))
	// Every function checks its results' descriptors: one format for all.
	fc.failAs(fc.bl.b.NewICmp(enum.IPredEQ, p, null), StatusDesc, escape(what)+" is a NULL pointer", true)
}

// fallBackUnless continues when cond holds and otherwise returns what
// f.general returns for the same arguments (a tail call).
func (fc *llfunc) fallBackUnless(cond value.Value) {
	if c, ok := cond.(*constant.Int); ok && c.X.Sign() != 0 {
		return
	}
	bl := fc.bl
	slow, cont := bl.block("general"), bl.block("fast")
	bl.b.NewCondBr(cond, cont, slow)
	args := make([]value.Value, len(fc.fn.Params))
	for i, p := range fc.fn.Params {
		args[i] = p
	}
	call := slow.NewCall(fc.general, args...)
	call.Tail = enum.TailTail
	slow.NewRet(call)
	bl.b = cont
}
