"""shard.py DIR K N: runs shard K (0 <= K < N) of the unittest tests
discovered in DIR, so that lit runs the package's tests as N parallel
tests (package-K.test) instead of one long one.

The tests are cut into units, sorted by name: a class with class-level
fixtures (setUpClass) is one unit, so its fixture runs once; any other
test method is a unit of its own. Unit i goes to shard i % N, so every
discovered test runs in exactly one shard, and a module that fails to
import (unittest's _FailedTest) fails the shard that it falls to. The
output is unittest's ("Ran M tests ... OK"), after a line naming the
shard and how many of all the tests it holds.
"""
import sys
import unittest


def tests(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from tests(t)
        else:
            yield t


def units(all_tests):
    """The tests grouped into units, in name order."""
    groups = {}
    for t in all_tests:
        cls = type(t)
        own_fixture = "setUpClass" in vars(cls) or "tearDownClass" in vars(cls)
        key = "%s.%s" % (cls.__module__, cls.__qualname__) if own_fixture else t.id()
        groups.setdefault(key, []).append(t)
    return [sorted(groups[k], key=lambda t: t.id()) for k in sorted(groups)]


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: shard.py DIR K N")
    top, k, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if not 0 <= k < n:
        sys.exit("shard.py: K must be in [0, N), got K=%d N=%d" % (k, n))
    all_tests = list(tests(unittest.defaultTestLoader.discover(top)))
    mine = [t for i, u in enumerate(units(all_tests)) if i % n == k for t in u]
    print("shard %d of %d: %d of %d tests" % (k, n, len(mine), len(all_tests)), file=sys.stderr, flush=True)
    result = unittest.TextTestRunner(verbosity=1).run(unittest.TestSuite(mine))
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
