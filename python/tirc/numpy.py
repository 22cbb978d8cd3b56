"""tirc.numpy: the namespace of functions that tirc.jit traces.

A function given to tirc.jit may use plain ``numpy``: traced arrays
implement NumPy's dispatch protocols, so ``np.exp(x)`` on a traced x
records a tir op. This module is the same namespace for code that wants
to say so (``import tirc.numpy as tnp``); it is NumPy's own functions, so
the function still runs unchanged under NumPy.
"""

from numpy import *  # noqa: F401,F403
from numpy import newaxis  # noqa: F401
