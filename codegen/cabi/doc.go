// Package cabi is the C side of the native ABI: the C header of a
// module's entry points (EmitCHeader, tirc -emit-c-header), the C driver
// that runs them on NumPy .npy files (EmitCDriver, tirc -emit-c-driver,
// with its C sources in c/), and the rules for the names the ABI uses:
// which function names may be public (CheckName: C identifiers that are
// no keyword, reserved or C library name), the LLVM names of private
// functions (PrivateSymbol), bare-pointer entries (BareName), descriptor
// typedefs (DescName, ElemName), element types in C (CElemType) and the
// error file descriptor's global (ErrorFDSymbol).
//
// It imports only tirc's ir: codegen lowers to LLVM with these names, and
// the header and driver need no LLVM.
package cabi
