"""When two file names are the same file: the one key every output compares names by.

macOS (APFS and HFS+, by default) and Windows ignore letter case, and macOS also ignores
Unicode normalisation: ``café.md`` written with a precomposed ``é`` (NFC) and with ``e`` and a
combining accent (NFD) are one file there, as ``Notes.md`` and ``notes.md`` are. A zip, a
site or a checkout holding both loses one of them on such a machine (an unzip overwrites it, a
clone shows a modified file). :func:`name_key` is the canonical caseless form (Unicode's
``NFD(casefold(NFD(name)))``): two names with the same key are one name.
"""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """The key of ``name`` (a file name or a ``/``-separated path): equal for names that
    differ only in letter case or Unicode normalisation. The same object for a name that
    folding leaves as it is (most names), so sets of keys hold no second copy of them."""
    if name.isascii():
        folded = name.lower()
    else:
        folded = unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())
    return name if folded == name else folded
