"""What every output of a build receives: the catalog, the config, and each skill's place."""

from __future__ import annotations

import dataclasses as dc

from skill_catalog.catalog import Catalog
from skill_catalog.config import Config
from skill_catalog.model import Skill
from skill_catalog.site.urls import assign_slugs, skill_url
from skill_catalog.trust.policy import withheld


def public_text(text: str, catalog: Catalog) -> str:
    """``text`` (a diagnostic's message) as a published page or file may show it: each
    library root's absolute path replaced by the root's name, and the configuration folder's
    path dropped from the paths below it; no folder of the build machine is named."""
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

    @property
    def published(self) -> bool:
        """Whether prompts, discovery indexes, marketplaces and archives carry the skill: it
        is valid and not withheld."""
        return self.skill.valid and self.withheld is None

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
        the config's ``publish_internal`` is false (no output of the site names them); a valid
        skill the config's ``trust.withhold`` withholds is shown, not published."""
        shown = catalog.skills
        if not catalog.config.publish_internal:
            shown = tuple(s for s in shown if not is_internal(s))
        slugs = assign_slugs(shown)
        trust = catalog.config.trust
        skills = tuple(SiteSkill(s, slugs[id(s)], skill_url(slugs[id(s)]),
                                 withheld(s, trust.withhold, trust.withhold_secrets)
                                 if s.valid else None) for s in shown)
        return cls(catalog, catalog.config, skills)
