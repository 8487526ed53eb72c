"""Processes and signals: forked workers, Ctrl-C and kill, GC pace, progress reports."""
