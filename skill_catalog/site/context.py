"""What every output of a build receives: the catalog, the config, and each skill's place."""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Sequence

from skill_catalog.catalog import Catalog
from skill_catalog.codes.registry import emit
from skill_catalog.config import Config, Trust
from skill_catalog.fs.walk import is_within
from skill_catalog.model import Diagnostic, Skill
from skill_catalog.site.urls import assign_slugs, skill_url
from skill_catalog.trust.policy import in_frontmatter, settle
from skill_catalog.trust.secrets import redact_secrets


def public_text(text: str, catalog: Catalog) -> str:
    """``text`` (a diagnostic's message) as a published page or file may show it: each
    library root's absolute path replaced by the root's name, and the configuration folder's
    path dropped from the paths below it; no folder of the build machine is named; and every
    credential it quotes from a skill (a link target, a path, a value) redacted."""
    text = redact_secrets(text)
    if "/" not in text:
        return text
    for root in sorted(catalog.roots, key=lambda r: -len(str(r.absolute()))):
        text = text.replace(str(root.absolute()), root.name)
    folder = str(catalog.config.folder.absolute())
    return text.replace(folder + "/", "") if folder != "/" else text


def is_internal(skill: Skill) -> bool:
    """Whether the skill's ``metadata.internal`` is true: the boolean, which ``npx skills``
    reads (it hides such skills unless named with ``--skill`` or ``INSTALL_INTERNAL_SKILLS=1``),
    or the string ``"true"`` (any case), the spec's metadata being strings."""
    metadata = skill.frontmatter.get("metadata")
    value = metadata.get("internal") if isinstance(metadata, dict) else None
    return value is True or (isinstance(value, str) and value.strip().lower() == "true")


INTERNAL_LINK = ("link into the folder of an internal skill, which this site does not publish "
                 "(publish_internal: false); left out of every output")


@dc.dataclass(slots=True, frozen=True)
class _Internal:
    """Where the internal skills' bytes lie: their folders (real paths) and their files'
    identities (device, inode: a hard link is the same file under another name)."""

    folders: tuple[str, ...]
    inodes: frozenset[tuple[int, int]]

    @classmethod
    def of(cls, internal: Sequence[Skill]) -> _Internal:
        inodes: set[tuple[int, int]] = set()
        for skill in internal:
            for item in skill.files:
                try:
                    st = os.stat(skill.dir / item.relpath)
                except OSError:
                    continue
                inodes.add((st.st_dev, st.st_ino))
        return cls(tuple(os.path.realpath(s.dir) for s in internal), frozenset(inodes))

    def reaches(self, path: str, own: str) -> bool:
        """Whether ``path`` is, or lies in, an internal skill's bytes: its real path is in an
        internal folder (unless the shown skill's own folder ``own`` holds it more closely: a
        public skill nested in an internal one), or it is a hard link to an internal file."""
        real = os.path.realpath(path)
        if any(is_within(real, folder) and not (is_within(real, own) and len(own) > len(folder))
               for folder in self.folders):
            return True
        try:
            st = os.stat(path)
        except OSError:
            return False
        return st.st_nlink > 1 and (st.st_dev, st.st_ino) in self.inodes


def _without_internal(skill: Skill, internal: _Internal, trust: Trust) -> Skill:
    """``skill`` less the files (and the diagnostics about links) that reach an internal
    skill's bytes, each named in an SC041 on its own path, its trust settled again on what
    is left; the same skill when none does."""
    own = os.path.realpath(skill.dir)
    files = tuple(f for f in skill.files
                  if not internal.reaches(os.path.join(skill.dir, f.relpath), own))
    hidden = [d for d in skill.diagnostics if d.file is not None and d.file != skill.skill_md
              and internal.reaches(str(d.file), own)]
    if len(files) == len(skill.files) and not hidden:
        return skill
    kept = {f.relpath for f in files}
    notes: list[Diagnostic] = [emit("SC041", INTERNAL_LINK, file=skill.dir / f.relpath)
                               for f in skill.files if f.relpath not in kept]
    notes += [emit("SC041", INTERNAL_LINK, file=d.file) for d in hidden
              if d.file is not None and os.path.isdir(d.file)]
    diagnostics = (*(d for d in skill.diagnostics if d not in hidden), *notes)
    kept_skill = dc.replace(skill, files=files, diagnostics=diagnostics)
    return dc.replace(kept_skill, verdict=settle(kept_skill, trust.withhold,
                                                 trust.withhold_secrets))


@dc.dataclass(slots=True, frozen=True)
class SiteSkill:
    skill: Skill
    slug: str
    url: str
    """The skill's page relative to the site root: ``skills/<slug>/``."""
    withheld: str | None = None
    """Why a valid skill is kept out of the prompts, indexes, marketplaces and archives (its
    trust status under the config's ``trust.withhold``, a secret under
    ``trust.withhold_secrets``), or None."""
    secrets: tuple[Diagnostic, ...] = ()
    """The credentials ``trust.withhold_secrets`` withholds the skill for (its ST030 findings
    not accepted; valid or not): the site then shows none of its content, only its name, its
    description when the frontmatter holds no secret, and its files' names and sizes."""

    @property
    def content_shown(self) -> bool:
        """Whether the site may show the skill's content (its body, its files' text and raw
        copies, its search text): the one place that tells a skill withheld for a secret from
        one withheld for its trust status, whose page keeps its content for review."""
        return not self.secrets

    @property
    def frontmatter_shown(self) -> bool:
        """Whether the site may show the skill's description and frontmatter: no withheld
        secret is in its frontmatter."""
        return not any(in_frontmatter(self.skill, d) for d in self.secrets)

    @property
    def description(self) -> str | None:
        """The skill's description as the site may show it (None: none, or withheld)."""
        return self.skill.description if self.frontmatter_shown else None

    @property
    def published(self) -> bool:
        """Whether prompts, discovery indexes, marketplaces and archives carry the skill: it
        is valid and not withheld."""
        return self.skill.valid and self.withheld is None

    @property
    def page(self) -> str:
        """The skill's page as the site's own pages link it: ``skills/<slug>/index.html`` (a
        link to the folder shows a listing when the site is opened from disk; published URLs,
        in ``catalog.json``, the sitemap and the indexes, stay :attr:`url`)."""
        return self.url + "index.html"

    @property
    def archive(self) -> str:
        """The skill's zip relative to the site root: ``skills/<slug>.zip``."""
        return f"skills/{self.slug}.zip"


@dc.dataclass(slots=True, frozen=True)
class SiteContext:
    catalog: Catalog
    config: Config
    skills: tuple[SiteSkill, ...]
    published: tuple[SiteSkill, ...] = dc.field(init=False)
    """The valid skills not withheld by the trust policy: the ones prompts, well-known indexes,
    marketplaces and archives carry (taken from :attr:`skills` once, and again by
    ``dc.replace``: the load has given every skill its diagnostics; several outputs go over
    them)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "published", tuple(s for s in self.skills if s.published))

    @property
    def base_url(self) -> str | None:
        """The public URL of the site, ending with ``/`` (None when not configured)."""
        return self.config.base_url

    def public(self, text: str) -> str:
        """:func:`public_text` for this catalog."""
        return public_text(text, self.catalog)

    def absolute(self, relative: str) -> str:
        """``relative`` made absolute with the base URL, or left relative without one."""
        return (self.base_url or "") + relative

    @classmethod
    def create(cls, catalog: Catalog) -> SiteContext:
        """The skills a site shows: every skill of ``catalog``, less the internal ones when
        the config's ``publish_internal`` is false (no output of the site names them, and no
        shown skill carries their bytes through a symbolic link, a hard link or a linked
        folder); a valid skill the config's ``trust.withhold`` withholds is shown, not
        published."""
        shown = catalog.skills
        if not catalog.config.publish_internal:
            internal = [s for s in shown if is_internal(s)]
            shown = tuple(s for s in shown if not is_internal(s))
            if internal:
                reach = _Internal.of(internal)
                shown = tuple(_without_internal(s, reach, catalog.config.trust)
                              for s in shown)
        slugs = assign_slugs(shown)
        skills = tuple(SiteSkill(s, slugs[id(s)], skill_url(slugs[id(s)]),
                                 s.trust.withheld if s.valid else None, s.trust.secrets)
                       for s in shown)
        return cls(catalog, catalog.config, skills)
