"""Diagnostic codes: the rule registry (each code's stage, severity, fix and check) and the
codes that discovery and parsing emit; a leaf that imports no rule module."""
