"""Answering a query from an index: the ranking rules that ``search.js`` mirrors.

1. A query whose words equal a skill's name (``PDF processing`` = ``pdf-processing``) puts
   that skill first.
2. Each query word adds the stored impact of its term, doubled; the last word, while it is
   still being typed (no space or punctuation after it), also matches longer terms starting
   with it, at single weight. A word counts once per skill: its best match.
3. When some skills match every word, only they are shown; otherwise every skill that
   matches a word is, those matching more words first.
4. Ties go to the lower document id (URL order), so results never depend on hash order.
"""

from __future__ import annotations

import bisect
import dataclasses as dc
import urllib.parse

from skill_catalog.search.index import IMPACT_SCALE, SearchIndex
from skill_catalog.search.text import MIN_PREFIX, STOPWORDS, is_word_char, name_key, stem, words

NAME_BONUS = 100 * 2 * IMPACT_SCALE
"""Added to the score of an exact name match: more than any sum of impacts."""


@dc.dataclass(slots=True, frozen=True)
class Hit:
    """One result: what to show and where it leads."""

    name: str
    description: str
    score: float
    url: str
    valid: bool

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "description": self.description, "score": self.score,
                "url": self.url, "valid": self.valid}


@dc.dataclass(slots=True, frozen=True)
class QueryWord:
    """One word of a query: the term it must equal, and the prefix it may extend."""

    exact: str | None
    prefix: str | None


def parse_query(text: str) -> list[QueryWord]:
    """The distinct searchable words of ``text`` (stop words only as an unfinished prefix)."""
    found = words(text)
    partial = bool(found) and is_word_char(text[-1])
    result: list[QueryWord] = []
    for i, word in enumerate(found):
        last = partial and i == len(found) - 1
        exact = None if word in STOPWORDS else stem(word)
        prefix = word if last and len(word) >= MIN_PREFIX else None
        entry = QueryWord(exact, prefix)
        if (exact or prefix) and entry not in result:
            result.append(entry)
    return result


def _prefixed(index: SearchIndex, prefix: str) -> list[str]:
    terms = index.sorted_terms
    start = bisect.bisect_left(terms, prefix)
    end = start
    while end < len(terms) and terms[end].startswith(prefix):
        end += 1
    return terms[start:end]


def rank(index: SearchIndex, text: str) -> list[tuple[int, int]]:
    """Every matching document as ``(doc id, score)``, best first (score in half-impacts)."""
    plan = parse_query(text)
    named = set(index.names.get(name_key(text), ()))
    scores: dict[int, int] = {}
    matched: dict[int, int] = {}
    for word in plan:
        best: dict[int, int] = {}
        if word.exact is not None:
            for doc, impact in index.postings.get(word.exact, ()):
                best[doc] = 2 * impact
        if word.prefix is not None:
            for term in _prefixed(index, word.prefix):
                if term == word.exact:
                    continue
                for doc, impact in index.postings[term]:
                    best[doc] = max(best.get(doc, 0), impact)
        for doc, value in best.items():
            scores[doc] = scores.get(doc, 0) + value
            matched[doc] = matched.get(doc, 0) + 1
    everything = [d for d, m in matched.items() if m == len(plan)] or list(matched)
    chosen = set(everything) | named
    ordered = sorted(chosen, key=lambda d: (d not in named, -matched.get(d, 0),
                                            -scores.get(d, 0), d))
    return [(d, scores.get(d, 0) + (NAME_BONUS if d in named else 0)) for d in ordered]


def query(index: SearchIndex, text: str, n: int | None = 5) -> list[Hit]:
    """The ``n`` best hits for ``text`` (all of them when ``n`` is None)."""
    ranked = rank(index, text)
    if n is not None:
        ranked = ranked[: max(n, 0)]
    hits = []
    for doc_id, score in ranked:
        doc = index.docs[doc_id]
        hits.append(Hit(name=doc.name, description=doc.description,
                        score=round(score / (2 * IMPACT_SCALE), 2),
                        url=urllib.parse.urljoin(index.base, doc.url) if index.base else doc.url,
                        valid=doc.valid))
    return hits
