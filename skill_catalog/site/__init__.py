"""The static catalog: pages, search, machine-readable outputs and archives, from one build.

Its parts form layers, each importing only those below it: ``build``, ``reuse``, ``pages``,
``outputs``, ``publish``, ``markdown``, ``write``, ``context``, ``urls`` (docs/architecture.md).
"""
