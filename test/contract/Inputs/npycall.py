"""Calls one function of a program built with tirc's C driver
(-emit-c-driver) on NumPy arrays, through .npy files in the working
directory: shared by the contraction tests' scripts."""
import os
import sys
import subprocess

import numpy as np


def call(prog, fn, ins, nout, threads):
    """Runs fn of prog on ins with OMP_NUM_THREADS=threads: its nout
    outputs, or (status, stderr) when it exits non-zero."""
    names = []
    for i, x in enumerate(ins):
        names.append("in%d.npy" % i)
        np.save(names[-1], x)
    outs = ["out%d.npy" % i for i in range(nout)]
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    args = [prog, "-f", fn] + names
    for o in outs:
        args += ["-o", o]
    r = subprocess.run(args, capture_output=True, text=True, env=env)
    if r.returncode:
        return r.returncode, r.stderr
    return [np.load(o) for o in outs]


class Batch:
    """Calls of a program built with tirc's C driver and batch_main.c,
    queued by call() and run by run(): one process per thread count, each
    running all of its calls (through .npy files named after the call, in
    the directory dir)."""

    def __init__(self, prog, dir="."):
        self.prog, self.dir = os.path.abspath(prog), dir
        self.calls = []  # (threads, driver arguments, output files)

    def path(self, name):
        return os.path.join(self.dir, name)

    def call(self, fn, ins, nout=1, threads=1):
        """Queues fn on ins; returns the call's number in run()'s results."""
        n = len(self.calls)
        names = []
        for i, x in enumerate(ins):
            names.append("c%d_in%d.npy" % (n, i))
            np.save(self.path(names[-1]), x)
        outs = ["c%d_out%d.npy" % (n, i) for i in range(nout)]
        args = ["-f", fn] + names
        for o in outs:
            args += ["-o", o]
        self.calls.append((threads, args, outs))
        return n

    def run(self):
        """(results, errors): results[n] are call n's outputs, or (status,
        stderr) when it failed or did not run; errors says which processes
        exited non-zero (a sanitizer's report, a leak at exit)."""
        results, errors = [None] * len(self.calls), []
        for th in sorted({c[0] for c in self.calls}):
            mine = [n for n, c in enumerate(self.calls) if c[0] == th]
            with open(self.path("calls%d.txt" % th), "w") as f:
                for n in mine:
                    f.write(" ".join(["c%d.err" % n] + self.calls[n][1]) + "\n")
            env = dict(os.environ, OMP_NUM_THREADS=str(th))
            r = subprocess.run([self.prog, "calls%d.txt" % th], capture_output=True, text=True, env=env, cwd=self.dir)
            statuses = [int(s) for s in r.stdout.split()]
            for n, st in zip(mine, statuses):
                with open(self.path("c%d.err" % n)) as f:
                    err = f.read()
                results[n] = [np.load(self.path(o)) for o in self.calls[n][2]] if st == 0 else (st, err)
            for n in mine[len(statuses):]:
                results[n] = (r.returncode or -1, "not run: the process ended before it")
            if r.returncode or len(statuses) != len(mine):
                # A report during a call is in that call's stderr file.
                last = self.path("c%d.err" % mine[len(statuses)]) if len(statuses) < len(mine) else None
                err = r.stderr
                if last and os.path.exists(last):
                    with open(last) as f:
                        err = f.read() + err
                errors.append("%s on %d threads: status %d after %d of %d calls: %s" % (
                    self.prog, th, r.returncode, len(statuses), len(mine), err[-4000:]))
        return results, errors

    def finish(self, pending, failures):
        """Runs the queued calls, then each pending (check, call numbers)
        on those calls' results, and exits: 1 with the failures (a check's
        or a process's) printed, or when nothing was checked; else 0 with
        how many calls and checks ran."""
        results, errors = self.run()
        failures += errors
        for f, calls in pending:
            f([results[n] for n in calls])
        for f in failures:
            print("FAIL:", f)
        print("%d calls, %d checks" % (len(self.calls), len(pending)))
        sys.exit(1 if failures or not pending else 0)
