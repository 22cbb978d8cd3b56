#!/bin/sh
# Times a contraction's prologue (bench/contract/prologue.c) on one
# thread: fused against unfused, in one process. Run from the repository
# root after `make build`; REPS sets the repetitions.
set -eu
out=${OUT:-build/bench-prologue}
mkdir -p $out
bin/tirc -emit-llvm -target-cpu=native bench/contract/prologue.mlir -o $out/prologue.ll
clang -O3 -march=native -c $out/prologue.ll -o $out/prologue.o
clang -O2 bench/contract/prologue.c $out/prologue.o -o $out/prologue -lm -lgomp
OMP_NUM_THREADS=1 $out/prologue
