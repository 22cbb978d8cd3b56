"""`python -m tirc ARGS...` (and the `tirc` command pip installs with the
package): runs the tirc compiler that the package uses (see find_tirc)
with ARGS, its output and exit status unchanged:

    python -m tirc --version
    python -m tirc examples/bias_relu.mlir -verify

With no compiler found it says how to point the package at one and exits
with status 127 (a shell's "command not found").
"""

import os
import subprocess
import sys

from ._build import find_tirc

NOT_FOUND = 127


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        tirc = find_tirc()
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return NOT_FOUND
    if argv is None and os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(tirc, [tirc] + args)  # the compiler's own process: signals, stdin and status are its
    r = subprocess.run([tirc] + args)
    return r.returncode if r.returncode >= 0 else 128 - r.returncode


if __name__ == "__main__":
    sys.exit(main())
