"""Real agent CLIs as the oracle: run each pinned tool against a loopback model stub in a tree
the test builds, and read the skill listing it sends (see ``tests/test_realtools.py``).

:mod:`.stub` is the model API stand-in, :mod:`.agents` knows how to install, start and read
each tool, :mod:`.trees` builds the probe trees. Benchmarks import these too.
"""
