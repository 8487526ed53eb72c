"""The write machinery: output folders, workers, serialisation."""
