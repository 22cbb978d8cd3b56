#!/usr/bin/env bash
# bench/run.sh -- `make bench`: tirc's generated code against the project's
# hand-written C (clang -O3 -march=native), the MLIR 19 pipeline, NumPy and
# the memory bandwidth, then the compiler's own speed against mlir-opt-19.
# Everything timed in one run; ratios are taken within one process where
# possible (bench/c/driver.c times all variants of a workload round-robin).
# Prints one table and writes it to BENCH.md with the date, CPU and commands.
#
#   make bench            # full run (a few minutes)
#   QUICK=1 make bench    # smoke run: fewer repetitions, no 1M-op module
# env: REPS (11) W4_CALLS (1000000) T_REPS (3: W10/W11), QUICK
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$root/bin:/usr/local/go/bin:$PATH"
out=build/bench
rm -rf "$out" && mkdir -p "$out"
quick=${QUICK:-0}
if [ "$quick" = 1 ]; then
  export REPS=${REPS:-5} W4_CALLS=${W4_CALLS:-200000} W4_REPS=${W4_REPS:-5} NUMPY_W4_REPS=1 T_REPS=${T_REPS:-2} NUMPY_T_REPS=1
else
  export REPS=${REPS:-11} W4_CALLS=${W4_CALLS:-1000000}
fi
CC=clang
command -v clang-19 >/dev/null && CC=clang-19 # the peers' compiler, for a like-for-like comparison
CFLAGS="-O3 -march=native"
log() { echo "== $*" >&2; }

# 1. Generated code: tirc -emit-llvm of bench/workloads/wN.mlir, checks on
#    (wN) and off (wN_nochk), compiled like the C kernels.
workloads="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"
[ -n "${WORKLOADS:-}" ] && workloads=$WORKLOADS
log "tirc -emit-llvm bench/workloads/w1-w17.mlir (checks on and off); $CC $CFLAGS"
objs=()
for w in $workloads; do
  tirc -emit-llvm bench/workloads/w$w.mlir -o $out/w$w.ll
  sed "s/@w$w\b/@w${w}_nochk/" bench/workloads/w$w.mlir > $out/w${w}_nochk.mlir
  tirc -emit-llvm -no-runtime-checks $out/w${w}_nochk.mlir -o $out/w${w}_nochk.ll
  for v in w$w w${w}_nochk; do
    $CC $CFLAGS -c $out/$v.ll -o $out/$v.o
    objs+=("$out/$v.o")
  done
done
$CC $CFLAGS -c bench/c/kernels.c -o $out/kernels.o

# 1b. The user's path: the README's link line, nothing added (Debian's
#     clang -O3, no -march: tirc's default target is the host), as wN_user;
#     and tirc -target-cpu=portable (one object for every x86-64 level,
#     chosen at the first call), as wN_port.
user_workloads=$(for w in $workloads; do [ "$w" != 10 ] && [ "$w" != 11 ] && echo "$w"; done)
log "the user's path: tirc -emit-llvm; clang -O3 (README); -target-cpu=portable"
for w in $user_workloads; do
  sed "s/@w$w\b/@w${w}_user/" bench/workloads/w$w.mlir > $out/w${w}_user.mlir
  tirc -emit-llvm $out/w${w}_user.mlir -o $out/w${w}_user.ll
  clang -O3 -c $out/w${w}_user.ll -o $out/w${w}_user.o
  objs+=("$out/w${w}_user.o")
  sed "s/@w$w\b/@w${w}_port/" bench/workloads/w$w.mlir > $out/w${w}_port.mlir
  if tirc -emit-llvm -target-cpu=portable $out/w${w}_port.mlir -o $out/w${w}_port.ll 2> $out/port.err; then
    clang -O3 -c $out/w${w}_port.ll -o $out/w${w}_port.o
    objs+=("$out/w${w}_port.o")
  else
    log "tirc -target-cpu=portable failed for w$w: $(head -1 $out/port.err)"
  fi
done

# 2. The MLIR 19 pipeline (shared/peers/mlir/PIPELINE.md), where installed.
have_pipeline=0
command -v mlir-opt-19 >/dev/null && command -v mlir-translate-19 >/dev/null && command -v clang-19 >/dev/null && have_pipeline=1
lower=(--convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata --lower-affine
       --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm --convert-func-to-llvm
       --convert-cf-to-llvm --reconcile-unrealized-casts)
# mlir_build W LAYOUT: bench/mlir/wW.mlir through the pipeline to
# $out/mlir_wW[_dyn].o; prints the object's path.
mlir_build() {
  local w=$1 layout=$2 fuse=() tosa=0 libm=()
  [ $w = 3 ] && fuse=(--linalg-fuse-elementwise-ops)
  # W6-W9 are TOSA (what a frontend hands MLIR): tosa-to-linalg first.
  grep -q 'tosa\.' bench/mlir/w$w.mlir && tosa=1 fuse=(--linalg-fuse-elementwise-ops)
  # W10/W11: tosa.transpose becomes linalg.transpose, a named op that
  # fuses with W11's add only once generalized (else a temporary).
  [ $w = 10 ] || [ $w = 11 ] && fuse=(--linalg-generalize-named-ops "${fuse[@]}")
  # W12-W17, W20: tanh and erf have no LLVM intrinsic: libm, as MLIR lowers them.
  [ $w -ge 12 ] && libm=(--convert-math-to-libm)
  # Static identity layouts, and "_dyn": strides and offset read from the
  # descriptor at run time, like tirc's ABI.
  local name=mlir_w$w opts="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
  if [ $layout = dyn ]; then name=mlir_w${w}_dyn; opts="bufferize-function-boundaries"; fi
  sed "s/@mlir_w$w(/@$name(/" bench/mlir/w$w.mlir > $out/$name.src.mlir
  if [ $tosa = 1 ]; then
    mlir-opt-19 $out/$name.src.mlir \
      --pass-pipeline="builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))" \
      -o $out/$name.linalg.mlir
    mv $out/$name.linalg.mlir $out/$name.src.mlir
  fi
  mlir-opt-19 $out/$name.src.mlir "${fuse[@]}" --eliminate-empty-tensors "--one-shot-bufferize=$opts" \
    --drop-equivalent-buffer-results --buffer-deallocation-pipeline --convert-bufferization-to-memref \
    -o $out/$name.bufferized.mlir
  mlir-opt-19 $out/$name.bufferized.mlir "${libm[@]}" "${lower[@]}" -o $out/$name.llvm.mlir
  mlir-translate-19 --mlir-to-llvmir $out/$name.llvm.mlir -o $out/$name.ll
  clang-19 $CFLAGS -Wno-override-module -c $out/$name.ll -o $out/$name.o
  echo $out/$name.o
}
if [ $have_pipeline = 1 ]; then
  log "MLIR 19 pipeline: mlir-opt-19 | mlir-translate-19 | clang-19 $CFLAGS"
  for w in $workloads; do
    layouts="static dyn"
    [ $w -ge 12 ] && layouts=static # W12-W17: compute-bound, layouts do not matter
    for layout in $layouts; do
      objs+=("$(mlir_build $w $layout)")
    done
  done
else
  log "mlir-opt-19 not installed: the MLIR pipeline is skipped"
fi

# 3. One process times every variant of each workload round-robin.
log "driver: C kernels, MLIR, tirc (1 and 2 threads) -- REPS=$REPS"
$CC $CFLAGS -Ibench/c bench/c/driver.c $out/kernels.o "${objs[@]}" -o $out/driver -lm -lgomp
$out/driver > $out/driver.tsv 2> $out/driver.log || { cat $out/driver.log >&2; echo "bench: the driver failed (an output mismatch?)" >&2; exit 1; }
grep -v '^RESULT' $out/driver.log >&2 || true

# 3b. Contractions, W18-W22 (shared/BENCH.md, issue 36): tirc where it
#     lowers them (also on the user's path), the MLIR 19 pipeline
#     (linalg.matmul to loops; W20's takes a minute a call, left out under
#     QUICK), NumPy with OpenBLAS on one thread, and one core's FMA peak.
cworkloads="18 19 20 21 22"
[ -n "${CWORKLOADS:-}" ] && cworkloads=$CWORKLOADS
creps=5
[ "$quick" = 1 ] && creps=3
cobjs=()
log "contractions: tirc -emit-llvm bench/workloads/w18-w22.mlir; the MLIR 19 pipeline"
for w in $cworkloads; do
  if tirc -emit-llvm bench/workloads/w$w.mlir -o $out/w$w.ll 2> $out/contract.err; then
    $CC $CFLAGS -c $out/w$w.ll -o $out/w$w.o
    sed "s/@w$w\b/@w${w}_user/" bench/workloads/w$w.mlir > $out/w${w}_user.mlir
    tirc -emit-llvm $out/w${w}_user.mlir -o $out/w${w}_user.ll
    clang -O3 -c $out/w${w}_user.ll -o $out/w${w}_user.o
    cobjs+=("$out/w$w.o" "$out/w${w}_user.o")
  else
    log "tirc does not lower w$w: $(head -1 $out/contract.err)"
  fi
  if [ $have_pipeline = 1 ] && { [ "$quick" != 1 ] || [ $w != 20 ]; }; then
    cobjs+=("$(mlir_build $w static)")
  fi
done
$CC $CFLAGS -Ibench/c bench/c/contract.c "${cobjs[@]}" -o $out/contract -lm -lgomp
REPS=$creps $out/contract $(for w in $cworkloads; do printf 'W%s ' $w; done) > $out/contract.tsv 2> $out/contract.log ||
  { cat $out/contract.log >&2; echo "bench: the contraction driver failed (a wrong result?)" >&2; exit 1; }
cat $out/contract.log >&2
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  log "contractions in NumPy (OpenBLAS's own kernel choice, one thread)"
  env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 OPENBLAS_VERBOSE=2 REPS=$creps \
    /usr/bin/python3 bench/numpy/contract.py $(for w in $cworkloads; do printf 'W%s ' $w; done) \
    > $out/contract_numpy.out 2> $out/contract_numpy.log ||
    { cat $out/contract_numpy.log >&2; echo "bench: NumPy's contractions failed" >&2; exit 1; }
  grep -v '^Core:' $out/contract_numpy.out > $out/contract_numpy.tsv || true
  core=$(cat $out/contract_numpy.out $out/contract_numpy.log | sed -n 's/^Core: *//p' | head -1)
  printf 'BLASCORE\t%s\n' "${core:-not reported}" >> $out/contract_numpy.tsv
  grep -v '^Core:' $out/contract_numpy.log >&2 || true
fi

# 4. NumPy, with the C kernel timed in the same Python process, and W4
#    called from Python through tirc's package (python/tirc).
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  log "NumPy (/usr/bin/python3)"
  $CC $CFLAGS -shared -fPIC bench/c/kernels.c -o $out/kernels.so -lgomp -lm
  TIRC_BENCH_KERNELS_SO=$root/$out/kernels.so TIRC_BENCH_PY_CACHE=$root/$out/py-cache \
    /usr/bin/python3 bench/numpy/bench.py > $out/numpy.tsv 2> $out/numpy.log ||
    { cat $out/numpy.log >&2; echo "bench: NumPy failed (an output mismatch?)" >&2; exit 1; }
else
  log "python3-numpy not installed: NumPy is skipped"
  : > $out/numpy.tsv
fi

# 4b. tirc.jit from Python (issue 38): W4's call and a softmax through a
#     cached jit function against tirc.compile's and NumPy, and the time
#     to trace and compile softmax (python/bench/jit_bench.py).
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  log "tirc.jit (python/bench/jit_bench.py)"
  jreps=7
  [ "$quick" = 1 ] && jreps=3
  TIRC_CACHE_DIR=$root/$out/jit-cache REPS=$jreps /usr/bin/python3 python/bench/jit_bench.py > $out/jit.txt 2> $out/jit.log ||
    { cat $out/jit.log >&2; echo "bench: tirc.jit failed" >&2; exit 1; }
  cat $out/jit.txt >&2
fi

# 5. Memory bandwidth (STREAM-like), 1 and 2 threads.
log "bandwidth probe"
$CC $CFLAGS -Ibench/c bench/c/stream.c -o $out/stream -lgomp
nelem=$((1 << 25))
[ "$quick" = 1 ] && nelem=$((1 << 24))
{ $out/stream $nelem 1 5; $out/stream $nelem 2 5; } > $out/stream.tsv 2> $out/stream.log

# 6. The compiler: generated modules, tirc against mlir-opt-19.
log "compiler speed"
go build -o $out/genmodule ./bench/cmd/genmodule
sizes="10000 100000 1000000"
[ "$quick" = 1 ] && sizes="10000 100000"
: > $out/compiler.tsv
measure() { # label tool args...
  local label=$1; shift
  local best="" mem=""
  # Best of 3 (MEASURE_REPS); a run under a second is the noisiest on a
  # shared VM (0.14 and 0.19 s for the same 10k-op module in two runs of
  # the same build), so then best of 9, for every tool alike.
  local reps=${MEASURE_REPS:-3} r=0
  while [ $r -lt $reps ]; do
    r=$((r + 1))
    # Wall time from bash's microsecond clock (time's %e has 10 ms steps,
    # 5% of a 0.2 s run); peak RSS from /usr/bin/time.
    local t0=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o $out/time.txt "$@" > /dev/null 2> $out/cmd.err || { echo "bench: $* failed:" >&2; cat $out/cmd.err >&2; return 1; }
    local t1=$EPOCHREALTIME m
    read -r m < $out/time.txt
    local t
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t mem=$m; fi
    if [ $r = 1 ] && [ -z "${MEASURE_REPS:-}" ] && awk "BEGIN{exit !($t < 1)}"; then reps=9; fi
  done
  printf 'COMPILE\t%s\t%s\t%s\n' "$label" "$best" "$mem" >> $out/compiler.tsv
}
have_mlir=0
command -v mlir-opt-19 >/dev/null && have_mlir=1
for n in $sizes; do
  $out/genmodule -ops $n -o $out/m$n.mlir
  measure "parse+verify+print $n ops|tirc" tirc $out/m$n.mlir
  [ $have_mlir = 1 ] && measure "parse+verify+print $n ops|mlir-opt-19" mlir-opt-19 -allow-unregistered-dialect $out/m$n.mlir
  measure "infer-shapes $n ops|tirc" tirc -infer-shapes $out/m$n.mlir
  # mlir-opt-19's nearest step: --tosa-infer-shapes on the module's TOSA twin
  # (the same DAG; both refine every result to tensor<?x64xf32>).
  if [ $have_mlir = 1 ]; then
    $out/genmodule -ops $n -tosa -o $out/t$n.mlir
    measure "infer-shapes $n ops|mlir-opt-19" mlir-opt-19 --tosa-infer-shapes $out/t$n.mlir
  fi
done
# infer-shapes + emit-llvm at 10k..1M ops, on make bench's module and on a
# DAG whose multi-use values have their users close together (every third
# op reads the value two back), so nests do not all fuse (issue 18
# measured 77 KB per op there). The sizes are timed in turn, three rounds
# (a run under a second three times a round), and each keeps its best:
# this VM's speed drifts by a third within minutes (W4 took 5.5 and 10.8
# ns/call in two runs of one build), which sizes timed minutes apart
# would read as growth per op. Code generation peaks at 1.5 KB per op at
# 1M ops; the 1M modules are lowered only with 8 GB of memory available.
# And the fan-out DAG of issue 34 (v_i = v_{i-2} op v_{i-1}, one function),
# whose lowering once kept 5 KB per op alive; its 1M module (about 3 min)
# is lowered in the first round only.
for n in $sizes; do
  $out/genmodule -ops $n -multiuse -o $out/d$n.mlir
  $out/genmodule -ops $n -dag fanout -o $out/fan$n.mlir
done
for round in 1 2 3; do
  for n in $sizes; do
    if [ $n -gt 100000 ] && [ "$(awk '/^MemAvailable:/ {print int($2 / 1048576)}' /proc/meminfo)" -lt 8 ]; then
      [ $round = 1 ] && log "less than 8 GB of memory available: emit-llvm of $n ops skipped"
      continue
    fi
    k=1
    [ $n -le 10000 ] && k=3
    MEASURE_REPS=$k measure "infer-shapes + emit-llvm $n ops|tirc" tirc -infer-shapes -emit-llvm $out/m$n.mlir -arg-shapes=@f0:0=64x64
    MEASURE_REPS=$k measure "infer-shapes + emit-llvm $n ops, multi-use DAG|tirc" tirc -infer-shapes -emit-llvm $out/d$n.mlir
    if [ $n -le 100000 ] || [ $round = 1 ]; then
      MEASURE_REPS=$k measure "infer-shapes + emit-llvm $n ops, fan-out DAG|tirc" tirc -infer-shapes -emit-llvm $out/fan$n.mlir
    fi
  done
done
for n in $sizes; do rm -f $out/d$n.mlir $out/fan$n.mlir; done
# Many small functions (each gets its entries and nests): one-op functions.
nf=100000 # issue 18: 100k one-op functions
[ "$quick" = 1 ] && nf=5000
$out/genmodule -ops $nf -funcs $nf -o $out/one.mlir
MEASURE_REPS=1 measure "infer-shapes + emit-llvm, $nf one-op functions (one run)|tirc" tirc -infer-shapes -emit-llvm $out/one.mlir
# Time to a native object: tirc, then clang -O3 on its output, for a
# 500-op module with dynamic shapes and its static twin (-arg-shapes).
if command -v clang-19 >/dev/null; then
  $out/genmodule -ops 500 -o $out/m500.mlir
  for kind in dynamic static; do
    shapes=()
    [ $kind = static ] && shapes=(-arg-shapes=@f0:0=64x64)
    measure "500 ops, $kind shapes: tirc -infer-shapes -emit-llvm|tirc" tirc -infer-shapes -emit-llvm "${shapes[@]}" $out/m500.mlir
    tirc -infer-shapes -emit-llvm "${shapes[@]}" $out/m500.mlir -o $out/m500.$kind.ll
    printf 'IRSIZE\t%s\t%s\t%s\n' $kind "$(wc -c < $out/m500.$kind.ll)" "$(grep -c '^define' $out/m500.$kind.ll)" >> $out/compiler.tsv
    MEASURE_REPS=1 measure "500 ops, $kind shapes: clang-19 -O3 -c of tirc's output (one run)|tirc" clang-19 -O3 -march=native -c $out/m500.$kind.ll -o $out/m500.$kind.o
  done
fi
$out/genmodule -ops 200000 -funcs 2000 -dup 3 -o $out/many.mlir
[ $have_mlir = 1 ] && $out/genmodule -ops 200000 -funcs 2000 -dup 3 -tosa -o $out/tmany.mlir
nproc=$(nproc)
measure "canonicalize+cse, 2000 funcs x 100 ops, 1 thread|tirc" env GOMAXPROCS=1 tirc -canonicalize -cse $out/many.mlir
measure "canonicalize+cse, 2000 funcs x 100 ops, $nproc threads|tirc" tirc -canonicalize -cse $out/many.mlir
# mlir-opt-19 on the TOSA twin (it removes the same duplicates).
if [ $have_mlir = 1 ]; then
  measure "canonicalize+cse, 2000 funcs x 100 ops, 1 thread|mlir-opt-19" mlir-opt-19 --mlir-disable-threading --canonicalize --cse $out/tmany.mlir
  measure "canonicalize+cse, 2000 funcs x 100 ops, $nproc threads|mlir-opt-19" mlir-opt-19 --canonicalize --cse $out/tmany.mlir
fi
# The passes alone, from each tool's -mlir-timing report (median of 7, 3 if
# QUICK): tirc's total is the passes and the verifier after each; mlir-opt's
# total minus its Parser and Output lines. Thread counts and tools alternate
# within each repetition, so load from other tenants hits them alike.
treps=7
[ "$quick" = 1 ] && treps=3
: > $out/passes.raw
for r in $(seq $treps); do
  for p in 1 $nproc; do
    GOMAXPROCS=$p tirc -canonicalize -cse -mlir-timing $out/many.mlir -o /dev/null 2>&1 |
      sed -n "s/.*Total Execution Time: \([0-9.]*\) seconds.*/tirc $p \1/p" >> $out/passes.raw
    if [ $have_mlir = 1 ]; then
      thr=()
      [ $p = 1 ] && thr=(--mlir-disable-threading)
      mlir-opt-19 "${thr[@]}" --canonicalize --cse --mlir-timing $out/tmany.mlir -o /dev/null 2>&1 |
        awk -v p=$p '/Total Execution Time/ {t = $4} $NF == "Parser" || $NF == "Output" {io += $1} END {print "mlir-opt-19", p, t - io}' >> $out/passes.raw
    fi
  done
done
for tool in tirc mlir-opt-19; do
  for p in 1 $nproc; do
    awk -v t=$tool -v p=$p '$1 == t && $2 == p {print $3}' $out/passes.raw | sort -g |
      awk -v t=$tool -v p=$p '{v[NR] = $1} END {if (NR) printf "PASSES\t%s\t%s\t%s\n", t, p, v[int((NR + 1) / 2)]}' >> $out/compiler.tsv
  done
done
[ $have_mlir = 1 ] && measure "parse+verify+print 2000 funcs x 100 ops|mlir-opt-19" mlir-opt-19 -allow-unregistered-dialect $out/many.mlir
measure "parse+verify+print 2000 funcs x 100 ops|tirc" tirc $out/many.mlir

# 7. The table, printed and written to BENCH.md.
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
  echo "compilers: $($CC --version | head -1); tirc $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "settings: REPS=$REPS W4_CALLS=$W4_CALLS QUICK=$quick"
} > $out/env.txt
/usr/bin/python3 bench/report.py $out > $out/BENCH.md
cat $out/BENCH.md
# The History section (measurements of past changes, moved out of the
# comments) is kept as written.
sed -n '/^## History$/,$p' BENCH.md | { read -r h && { echo; echo "$h"; cat; }; } >> $out/BENCH.md || true
if [ "$quick" = 1 ]; then
  log "QUICK=1: BENCH.md left unchanged (the table is in $out/BENCH.md)"
else
  cp $out/BENCH.md BENCH.md
  log "wrote BENCH.md"
fi
