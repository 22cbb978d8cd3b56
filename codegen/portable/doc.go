// Package portable turns the LLVM text of a module lowered without
// target attributes into a portable object (Multiversion): each function
// copied for the x86-64 levels x86-64, x86-64-v3 and x86-64-v4, and each
// entry point a dispatcher choosing the level at its first call with
// cpuid (TIRC_TARGET forces one). It works on text alone and imports only
// llvmtext.
package portable
