"""The write machinery: the output tree written beside the old site, byte-stable serialisation."""
