"""Processes and signals: forked workers, Ctrl-C and kill, the garbage collector's pace,
progress reports."""
