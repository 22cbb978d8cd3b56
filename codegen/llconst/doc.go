// Package llconst makes the LLVM types and constants that codegen and
// the vector math (vmath) both build: vector types of n lanes, integer
// and float constants splatted across them, and the small i64 and i32
// constants every function asks for, made once. It imports only llir.
package llconst
