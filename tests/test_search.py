"""Search: tokenizing, ranking on a small library written for it, the written index (round
trip, determinism, hostile strings, bad input), the CLI, and distinctive words on real skills."""

from __future__ import annotations

import json
import random
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skill_catalog import load
from skill_catalog.catalog import Catalog
from skill_catalog.cli import cli
from skill_catalog.model import Skill
from skill_catalog.parse.outline import headings
from skill_catalog.search import (
    Doc,
    IndexFormatError,
    SearchIndex,
    build_index,
    load_index,
    query,
    write_index,
)
from skill_catalog.search.files import (
    INDEX_FILE,
    decode_postings,
    encode_postings,
    index_files,
    plan_shards,
    url_checksum,
)
from skill_catalog.search.index import FORMAT, VERSION
from skill_catalog.search.rank import parse_query
from skill_catalog.search.text import name_key, stem, terms, words
from tests.browser import serve
from tests.environment import REPO
from tests.helpers.libraries import write_skill

FIXTURES = REPO / "tests" / "fixtures" / "search"
LIBRARY = FIXTURES / "library"
QUERIES = json.loads((FIXTURES / "queries.json").read_text(encoding="utf-8"))


def _url(skill: Skill) -> str:
    return f"skills/{skill.dir.name}/"


@pytest.fixture(scope="module")
def skills() -> list[Skill]:
    return list(load([LIBRARY]).skills)


@pytest.fixture(scope="module")
def index(skills: list[Skill]) -> SearchIndex:
    return build_index(skills, url_for=_url)


# ---- text ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("PDF-Forms", ["pdf", "forms"]),
    ("Ｐｄｆ ﬁles", ["pdf", "files"]),           # NFKC: full-width letters, ligature
    ("naïve Café", ["naive", "cafe"]),              # diacritics dropped: cafe finds café
    ("Ελληνικά Ёлка ǖ Å", ["ελληνικα", "елка", "u", "a"]),
    ("øl straße łódź", ["øl", "straße", "łodz"]),     # not accented forms: kept
    ("हिन्दी कुल", ["हिन्दी", "कुल"]),                   # other marks tell words apart: kept
    ("C++ & C#, v2.0", ["c", "c", "v2", "0"]),
    ("snake_case", ["snake", "case"]),
    ("日本語 テキスト", ["日本語", "テキスト"]),
    ("", []),
])
def test_words(text: str, expected: list[str]) -> None:
    assert words(text) == expected


@pytest.mark.parametrize(("word", "expected"), [
    ("skills", "skill"), ("queries", "query"), ("processes", "process"), ("boxes", "box"),
    ("matches", "match"), ("class", "class"), ("status", "status"), ("analysis", "analysis"),
    ("gas", "gas"), ("pdfs", "pdf"), ("kubernetes", "kubernete"), ("is", "is"),
])
def test_stem(word: str, expected: str) -> None:
    assert stem(word) == expected


def test_terms_drop_stop_words_and_names_join_words() -> None:
    assert terms("Use when the user fills PDF forms") == ["user", "fill", "pdf", "form"]
    assert name_key(" PDF  Processing ") == name_key("pdf_processing") == "pdf-processing"


def test_headings_outside_fences_only() -> None:
    body = ("# Title\n#NotAHeading\n  ## Indented two ##\n```sh\n# comment in code\n```\n"
            "~~~~\n# tilde fenced\n```\n# still fenced\n~~~~\n####### seven\n### Last ###   \n")
    assert headings(body) == ["Title", "Indented two", "Last"]


def test_parse_query_prefix_only_for_an_unfinished_last_word() -> None:
    plan = parse_query("deploy kubern")
    assert [(w.exact, w.prefix) for w in plan] == [("deploy", None), ("kubern", "kubern")]
    assert [w.prefix for w in parse_query("deploy kubern ")] == [None, None]
    assert [w.prefix for w in parse_query("deploy ku")] == [None, None]  # too short
    # a stop word is only a prefix (e.g. "use" on the way to "user")
    assert [(w.exact, w.prefix) for w in parse_query("use")] == [(None, "use")]
    assert parse_query("the and ") == []


# ---- ranking ------------------------------------------------------------------------------

@pytest.mark.parametrize("case", QUERIES, ids=[q["query"] for q in QUERIES])
def test_ranking_on_the_fixture_library(index: SearchIndex, case: dict[str, Any]) -> None:
    hits = query(index, case["query"], n=None)
    names = [h.name for h in hits]
    if "first" in case:
        assert names[:1] == [case["first"]], names
        assert hits[0].valid is case.get("valid", True)
    if "all" in case:
        assert sorted(names) == sorted(case["all"])


def test_exact_name_first_in_any_case(tmp_path: Path) -> None:
    """A skill whose name is the query beats others that say the word more often."""
    write_skill(tmp_path, "git", "name: git\ndescription: Version control help. Use when stuck.")
    for i in range(3):
        write_skill(tmp_path, f"git-tool-{i}",
                    f"name: git-tool-{i}\ndescription: Git git git rebase git bisect git.")
    index = build_index(load([tmp_path]).skills, url_for=_url)
    for text in ("git", "GIT", "Git", " git "):
        assert query(index, text)[0].name == "git"
    assert query(index, "Git Tool 2")[0].name == "git-tool-2"


def test_accents_are_folded_in_the_index_and_the_query(tmp_path: Path) -> None:
    """``cafe`` finds the skill named ``café-notes`` (its page is ``skills/cafe-notes/``), by
    name and by word, and an accented query finds unaccented text."""
    write_skill(tmp_path, "café-notes", "name: café-notes\ndescription: Notes taken at the "
                "Crème brûlée tasting. Use when writing menus.")
    write_skill(tmp_path, "resume", "name: resume\ndescription: Write a resume. Use when asked.")
    index = build_index(load([tmp_path]).skills, url_for=_url)
    for text in ("cafe", "CAFE notes", "cafe-notes", "café", "creme brulee", "caf"):
        assert [h.name for h in query(index, text)] == ["café-notes"], text
    assert [h.name for h in query(index, "résumé")] == ["resume"]


def test_n_limits_and_hits_carry_what_the_cli_prints(index: SearchIndex) -> None:
    assert len(query(index, "pdf", n=2)) == 2
    assert query(index, "pdf", n=0) == []
    hit = query(index, "mojibake")[0]
    assert hit.as_dict() == {"name": "csv-cleaning", "description": hit.description,
                             "score": hit.score, "url": "skills/csv-cleaning/", "valid": True}
    assert hit.description.startswith("Clean messy CSV")
    assert hit.score > 0


def test_all_words_first_then_any(index: SearchIndex) -> None:
    """Skills matching every word are the only results; when none does, any word counts."""
    assert [h.name for h in query(index, "pdf flattening", n=None)] == ["pdf-forms"]
    loose = [h.name for h in query(index, "flattening mojibake", n=None)]
    assert sorted(loose) == ["csv-cleaning", "pdf-forms"]


def test_catalog_search_matches_seed_004_shape() -> None:
    catalog = load([LIBRARY])
    hits = catalog.search("Readiness Probes", n=1)
    assert [(h.name, h.url.endswith("kubernetes-deploy/SKILL.md")) for h in hits] == [
        ("kubernetes-deploy", True)]
    assert len(catalog.search("pdf")) == 3


def test_empty_library_and_empty_query() -> None:
    empty = build_index([], url_for=_url)
    assert query(empty, "anything") == []
    assert query(build_index(load([LIBRARY]).skills, url_for=_url), "   ") == []


# ---- the written index --------------------------------------------------------------------

def test_round_trip_gives_the_in_memory_results(index: SearchIndex, tmp_path: Path) -> None:
    written = write_index(index, tmp_path)
    assert written[0] == INDEX_FILE
    assert {"search/meta.js", "search/docs.js"} <= set(written)
    assert all((tmp_path / rel).is_file() for rel in written)
    sources: list[str | Path] = [tmp_path, tmp_path / INDEX_FILE, str(tmp_path / INDEX_FILE),
                                 tmp_path.as_uri() + "/"]
    for source in sources:
        loaded = load_index(source)
        for case in QUERIES:
            mine = [(h.name, h.score, h.valid) for h in query(index, case["query"], n=None)]
            theirs = [(h.name, h.score, h.valid) for h in query(loaded, case["query"], n=None)]
            assert mine == theirs, (source, case["query"])
        # relative URLs resolve against where the index was read from
        url = query(loaded, "mojibake")[0].url
        assert url == (tmp_path / "skills" / "csv-cleaning").as_uri() + "/"


def test_index_over_http(index: SearchIndex, tmp_path: Path) -> None:
    write_index(index, tmp_path)
    with serve(tmp_path) as base:
        for source in (base, base + INDEX_FILE):
            hits = query(load_index(source), "changelog")
            assert [(h.name, h.url) for h in hits] == [
                ("release-notes", base + "skills/release-notes/")]
        with pytest.raises(IndexFormatError, match="cannot read"):
            load_index(base + "missing.json")


def test_output_is_deterministic(skills: list[Skill], tmp_path: Path) -> None:
    """Same skills in any order -> byte-identical files."""
    shuffled = list(skills)
    random.Random(7).shuffle(shuffled)
    outputs = []
    for i, group in enumerate((skills, shuffled)):
        out = tmp_path / str(i)
        written = write_index(build_index(group, url_for=_url), out)
        outputs.append({rel: (out / rel).read_bytes() for rel in written})
    assert outputs[0] == outputs[1]
    assert b"\r" not in b"".join(outputs[0].values())


def test_browser_files_are_scripts_with_no_markup(index: SearchIndex, tmp_path: Path) -> None:
    """Hostile names and descriptions end up only as escaped JSON strings in the scripts."""
    written = write_index(index, tmp_path)
    scripts = [rel for rel in written if rel.endswith(".js")]
    for rel in scripts:
        text = (tmp_path / rel).read_text(encoding="utf-8")
        assert text.startswith("window.skillSearchData=window.skillSearchData||{};")
        assert "<" not in text
        assert text.isascii()
    payload = json.loads((tmp_path / INDEX_FILE).read_text(encoding="utf-8"))
    hostile = [d for d in payload["docs"] if d["name"].startswith("<img")]
    assert hostile[0]["description"].startswith("</script><script>window.pwned=1</script>")
    assert query(load_index(tmp_path), "<img src=x onerror=alert(1)>")[0].name == (
        "<img src=x onerror=alert(1)>")


def test_shards_cover_every_term_once(index: SearchIndex, tmp_path: Path) -> None:
    write_index(index, tmp_path)
    meta_js = (tmp_path / "search" / "meta.js").read_text(encoding="utf-8")
    meta = json.loads(meta_js.split("=", 2)[2].rstrip(";\n"))
    keys = meta["keys"]
    assert meta["count"] == len(index.docs)
    assert meta["sum"] == url_checksum(d.url for d in index.docs)
    seen: dict[str, str] = {}
    for key in keys:
        name = key if key.isascii() and key.isalnum() else None
        files = list((tmp_path / "search").glob(f"t-{name}.js" if name else "u-*.js"))
        assert files, key
    for term in [*index.postings, *index.names]:
        owner = max((k for k in keys if term.startswith(k)), key=len)
        seen[term] = owner
    assert set(seen) == set(index.postings) | set(index.names)


def test_plan_shards_splits_large_groups() -> None:
    entries = {f"ab{i:04d}": 100 for i in range(400)} | {"ab": 10, "b": 10, "é": 10}
    plan = plan_shards(entries)
    assert plan["b"] == ["b"]
    assert plan["é"] == ["é"]
    assert plan["ab"] == ["ab"]            # the short term stays at the split point
    assert all(sum(entries[m] for m in members) <= 16_384 for members in plan.values())
    assert sorted(m for members in plan.values() for m in members) == sorted(entries)


def test_postings_encoding_round_trips() -> None:
    pairs = [(0, 5), (3, 1), (4, 200), (1000, 7)]
    assert encode_postings(pairs) == [0, 5, 3, 1, 1, 200, 996, 7]
    assert decode_postings(encode_postings(pairs)) == pairs
    assert encode_postings([]) == []


def index_payload(index: SearchIndex) -> dict[str, Any]:
    """The reference: the whole index as the JSON object ``search-index.json`` must hold
    (``index_files`` writes it piece by piece)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "docs": [{"url": d.url, "name": d.name, "description": d.description,
                  "valid": d.valid} for d in index.docs],
        "terms": {t: encode_postings(p) for t, p in index.postings.items()},
        "names": {k: list(v) for k, v in index.names.items()},
        "browser": "search/meta.js",
    }


def test_files_are_canonical_json_even_for_keys_to_escape() -> None:
    """The files' JSON, assembled from pieces, is exactly what ``json.dumps`` writes for the
    same data (keys sorted, no spaces, ASCII only), ``<`` escaped in the scripts."""
    keys = ["plain", "<script>", 'quo"te', "back\\slash", "é", "日本", "\u2028", "\ud800",
            "\x00", "", "z" * 7, "zz"]
    index = SearchIndex(
        docs=[Doc(url=f"{k}/", name=k, description=k * 2, valid=i % 2 == 0)
              for i, k in enumerate(keys)],
        postings={k: [(i, i + 1), (i + 3, 200), (1000 + i, 1)] for i, k in enumerate(keys)}
        | {"no-postings": []},
        names={k: [i] for i, k in enumerate(keys)} | {"no-docs": []})

    def canonical(data: Any) -> str:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    files = dict(index_files(index))
    full = files.pop(INDEX_FILE)
    assert full == canonical(index_payload(index)) + "\n"
    assert index_files(index, browser=False) == [(INDEX_FILE, full)]
    assert files
    for rel, text in files.items():
        start = text.index("]=", len("window.skillSearchData=window.skillSearchData||{};")) + 2
        assert text.endswith(";\n"), rel
        payload = text[start:-2]
        assert payload == canonical(json.loads(payload)).replace("<", "\\u003c"), rel


@pytest.mark.parametrize(("content", "message"), [
    ("[]", "not a skill-catalog search index"),
    ('{"format": "skill-catalog-search-index", "version": 99}', "version 99"),
    ('{"format": "skill-catalog-search-index", "version": 2, "docs": {}, "terms": {},'
     ' "names": {}}', "'docs' must be a list"),
    ('{"format": "skill-catalog-search-index", "version": 2, "docs": [], "terms":'
     ' {"x": [0, 1]}, "names": {}}', "bad postings"),
    ('{"format": "skill-catalog-search-index", "version": 2, "docs": [], "terms":'
     ' {"x": [0, "1"]}, "names": {}}', "non-negative integers"),
    ('{"format": "skill-catalog-search-index", "version": 2, "docs": [], "terms": {},'
     ' "names": {"x": [3]}}', "out of range"),
    ("not json", "not JSON"),
    ("[" * 100_000, "not JSON"),
])
def test_load_rejects_what_is_not_an_index(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "index.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(IndexFormatError, match=message):
        load_index(path)


def test_load_refuses_other_schemes_missing_files_and_large_files(
        index: SearchIndex, tmp_path: Path) -> None:
    for source in ("ftp://example.invalid/index.json", "data:application/json,[]",
                   "javascript:alert(1)"):
        with pytest.raises(IndexFormatError, match="only http, https and file"):
            load_index(source)
    with pytest.raises(IndexFormatError, match="cannot read"):
        load_index(tmp_path / "nowhere.json")
    write_index(index, tmp_path)
    with pytest.raises(IndexFormatError, match="larger than 100 bytes"):
        load_index(tmp_path, limit=100)
    quoted = urllib.parse.quote(str(tmp_path / INDEX_FILE))
    assert load_index("file://" + quoted).docs == index.docs


# ---- the command --------------------------------------------------------------------------

def test_cli_text_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["search", "PDF", str(LIBRARY)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("pdf  ")
    result = runner.invoke(cli, ["search", "spreadsheets", str(LIBRARY), "-n", "1",
                                 "--format", "json"])
    data = json.loads(result.output)
    assert [set(hit) for hit in data] == [{"name", "description", "score", "url", "valid"}]
    result = runner.invoke(cli, ["search", "mainframe", str(LIBRARY)])
    assert "Legacy Exporter  (invalid)" in result.output


def test_cli_with_index_and_exit_codes(index: SearchIndex, tmp_path: Path) -> None:
    write_index(index, tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["search", "changelog", "--index", str(tmp_path), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[0]["url"] == (
        tmp_path / "skills" / "release-notes").as_uri() + "/"
    assert runner.invoke(cli, ["search", "qqqzzzx", "--index", str(tmp_path)]).exit_code == 1
    bad = runner.invoke(cli, ["search", "x", "--index", "ftp://example.invalid/"])
    assert bad.exit_code == 2
    assert "only http, https and file" in bad.output
    both = runner.invoke(cli, ["search", "x", str(LIBRARY), "--index", str(tmp_path)])
    assert both.exit_code == 2


# ---- real skills --------------------------------------------------------------------------

@pytest.mark.slow
def test_distinctive_words_find_real_skills(corpus_catalog: Catalog) -> None:
    """Two of a skill's rarest description words put it in the top 3, for nearly every skill
    in a fixed sample of the shared corpus (a miss is a word shared with a near-duplicate)."""
    skills = [s for s in corpus_catalog.skills if s.description]
    index = build_index(skills, url_for=lambda s: f"{s.root.name}/{s.relpath}/")
    frequency = {t: len(p) for t, p in index.postings.items()}
    sample = random.Random(2024).sample(skills, 150)
    found = 0
    for skill in sample:
        candidates = {w for w in words(skill.description or "") if len(w) > 3}
        rare = sorted(candidates, key=lambda w: (frequency.get(stem(w), 10**9), w))[:2]
        if any(h.name == skill.key for h in query(index, " ".join(rare) + " ", n=3)):
            found += 1
    assert found / len(sample) >= 0.9, found
