"""The search index: documents, and for each term the documents it scores in.

Scores are computed once, at build time (BM25F over name, description and headings), and
stored as small integers ("impacts"). Querying is then only adding integers, the same in
Python and in the browser, so the CLI, ``Catalog.search`` and the page rank alike.
"""

from __future__ import annotations

import dataclasses as dc
import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain
from pathlib import Path

from skill_catalog.model import Skill
from skill_catalog.parse.outline import outline
from skill_catalog.process.gc_tuning import paused_collections
from skill_catalog.search.text import name_key, terms
from skill_catalog.spec.limits import MAX_DESCRIPTION

FORMAT = "skill-catalog-search-index"
VERSION = 2
MAX_FIELD_CHARS = 8192
"""Characters of a field that are indexed; bounds the work on hostile input."""


@dc.dataclass(slots=True, frozen=True)
class Field:
    """How much a match in one field counts: ``weight``, and ``b`` (BM25's length damping)."""

    weight: float
    b: float


FIELDS: dict[str, Field] = {
    "name": Field(weight=5.0, b=0.3),
    "description": Field(weight=2.0, b=0.75),
    "headings": Field(weight=1.0, b=0.75),
}
K1 = 1.2
IMPACT_SCALE = 10
"""A stored impact is ``round(BM25F score * IMPACT_SCALE)``, at least 1."""


@dc.dataclass(slots=True, frozen=True)
class Doc:
    """One skill as the index shows it."""

    url: str
    name: str
    description: str
    valid: bool


@dc.dataclass(slots=True)
class SearchIndex:
    """Documents sorted by ``url`` (their position is their id), term postings, exact names.

    ``postings[term]`` is a list of ``(doc id, impact)`` in ascending doc id order;
    ``names[name_key]`` the doc ids whose name equals that key.
    """

    docs: list[Doc]
    postings: dict[str, list[tuple[int, int]]]
    names: dict[str, list[int]]
    base: str = ""
    """Where the index was read from (a URL); documents' relative URLs resolve against it."""
    _sorted_terms: list[str] | None = dc.field(default=None, repr=False, compare=False)

    @property
    def sorted_terms(self) -> list[str]:
        """Every term, sorted (for prefix matching)."""
        if self._sorted_terms is None:
            self._sorted_terms = sorted(self.postings)
        return self._sorted_terms


def local_url(skill: Skill) -> str:
    """A skill's address when it is read from disk rather than a site: its SKILL.md, relative
    to the current folder when under it."""
    path = skill.skill_md
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return os.path.normpath(path).replace(os.sep, "/")


def _short(text: str) -> str:
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1] + "…"


@dc.dataclass(slots=True, frozen=True)
class Document:
    """What the index holds of one skill: everything it is built from."""

    url: str
    name: str
    description: str
    valid: bool
    headings: str
    """The body's section headings, one a line (at most :data:`MAX_FIELD_CHARS`)."""


def documents(skills: Sequence[Skill], *, url_for: Callable[[Skill], str]) -> list[Document]:
    """The skills as the index sees them, in index order (see :func:`build_index`)."""
    entries = sorted(
        ((url_for(s), s) for s in skills), key=lambda e: (e[0], e[1].key, e[1].relpath))
    return [Document(url, s.key, s.description or "", s.valid,
                     _outline(s).replace("\n", " \n")[:MAX_FIELD_CHARS])
            for url, s in entries]


def _outline(skill: Skill) -> str:
    """The skill's outline: as its load took it, else from its body."""
    return skill.outline if skill.outline is not None else outline(skill.read_body())


def _fields(document: Document) -> dict[str, list[str]]:
    return {
        "name": terms(document.name[:MAX_FIELD_CHARS]),
        "description": terms(document.description[:MAX_FIELD_CHARS]),
        "headings": terms(document.headings),
    }


def _term_weights(fields: list[dict[str, list[str]]]) -> list[dict[str, float]]:
    """For each document, its terms' frequencies weighted and normalised by field length
    (BM25F's combined term frequency), terms in order of first occurrence."""
    count = len(fields)
    specs = [(name, spec.weight, 1 - spec.b, spec.b,
              (sum(len(d[name]) for d in fields) / count if count else 0.0) or 1.0)
             for name, spec in FIELDS.items()]
    weights: list[dict[str, float]] = []
    for doc_fields in fields:
        weighted: dict[str, float] = {}
        for name, weight, keep, b, average in specs:
            words = doc_fields[name]
            norm = keep + b * len(words) / average
            for term, tf in Counter(words).items():
                weighted[term] = weighted.get(term, 0.0) + weight * tf / norm
        weights.append(weighted)
    return weights


def build_index(skills: Sequence[Skill], *, url_for: Callable[[Skill], str]) -> SearchIndex:
    """Index every skill (invalid ones too: hits say ``valid=False``).

    :param url_for: the link to a skill's page; on the site it must equal the ``href`` of the
        skill's entry in the index page's list, which is how the page finds the entry.
    """
    return index_documents(documents(skills, url_for=url_for))


def index_documents(documents: Sequence[Document]) -> SearchIndex:
    """The index of :func:`documents`' result."""
    # ~60 postings a skill, each a tuple that stays and forms no cycle: collections would
    # only walk them (about a sixth of the time at 2,000 skills, more in a larger process).
    with paused_collections():
        return _build_index(documents)


def _build_index(documents: Sequence[Document]) -> SearchIndex:
    docs = [Doc(url=d.url, name=d.name, description=_short(d.description), valid=d.valid)
            for d in documents]
    weights = _term_weights([_fields(d) for d in documents])
    count = len(docs)
    frequency = Counter(chain.from_iterable(weights))  # documents holding each term
    postings: dict[str, list[tuple[int, int]]] = {term: [] for term in frequency}
    idfs = {term: math.log(1 + (count - df + 0.5) / (df + 0.5)) for term, df in frequency.items()}
    saturation = K1 + 1
    for doc_id, weighted in enumerate(weights):
        for term, wtf in weighted.items():
            impact = round(idfs[term] * wtf * saturation / (wtf + K1) * IMPACT_SCALE)
            postings[term].append((doc_id, impact or 1))  # impact >= 0: scores are positive
    names: dict[str, list[int]] = {}
    for doc_id, doc in enumerate(docs):
        key = name_key(doc.name)
        if key:
            names.setdefault(key, []).append(doc_id)
    return SearchIndex(docs=docs, postings=postings, names=names)
