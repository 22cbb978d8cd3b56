"""Calls one function of a program built with tirc's C driver
(-emit-c-driver) on NumPy arrays, through .npy files in the working
directory: shared by the contraction tests' scripts."""
import os
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
