"""How a long run tells its caller how far it has got.

A :data:`Progress` is called as ``progress(stage, done, total)``. The stages of a build come
in this order, each at least once:

- ``"finding"`` (``0, 0``): the library's folders are being walked;
- ``"reading"``: skills parsed and checked, or restored from the cache (``done`` of
  ``total``, ending at ``total``);
- ``"writing"``: skills whose files are written or kept (``done`` of ``total``);
- ``"finishing"`` (``0, 0``): the site-wide files, and the new site put in place.

A load (:func:`skill_catalog.load`) reports the first two. ``done`` never goes down within a
stage, and a stage may be reported many times a millisecond: a caller that draws something
should throttle itself (:func:`skill_catalog.cli.build.progress_bar` does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

Progress = Callable[[str, int, int], None]

FINDING: Final = "finding"
READING: Final = "reading"
WRITING: Final = "writing"
FINISHING: Final = "finishing"
STAGES: Final = (FINDING, READING, WRITING, FINISHING)
