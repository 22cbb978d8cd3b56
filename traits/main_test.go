package traits_test

// The tests parse MLIR text, which needs the ops registered.
import _ "github.com/tirc/tirc/dialect"
