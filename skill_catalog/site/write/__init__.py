"""The write machinery: output folders, workers, reuse of the last build."""
