// Package codegen lowers verified tirc modules to LLVM IR.
package codegen

import _ "github.com/llir/llvm/ir" // LLVM IR construction
