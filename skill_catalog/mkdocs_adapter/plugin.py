"""The MkDocs adapter: ``plugins: [skill-catalog: {roots: [...]}]`` in an existing site.

Installed with ``pip install 'skill-catalog[mkdocs]'`` and registered as the ``skill-catalog``
entry point of ``mkdocs.plugins``. One build of the site runs the catalog's pipeline once
(``skill_catalog.load(roots, config)``) and adds:

- ``<path>/index.md``: every skill with its description and status (the only nav entry);
- ``<path>/<slug>/index.md`` per skill: metadata, body, files, the routes that install it (with
  the outputs: those of ``skill-catalog build``'s pages whose files the site serves),
  diagnostics. These pages stay out of the nav (``InclusionLevel.NOT_IN_NAV``): a nav entry
  per skill would make every page of the site embed the whole list;
- ``<path>/<slug>/raw/``: the skill's files, as the catalog publishes them;
- the catalog's machine-readable outputs (``catalog.json``, ``search-index.json``, ``llms.txt``,
  ``prompts/``, ``.well-known/``, ``skills/<slug>.zip``), unless ``outputs: false``.

How untrusted content is kept out of MkDocs' Markdown is in
:mod:`skill_catalog.mkdocs_adapter.pages`; how files reach ``site_dir`` is in
:mod:`skill_catalog.mkdocs_adapter.outputs`. This is the only module that imports MkDocs;
docs/mkdocs.md is the user's guide.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from skill_catalog.api import load
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, ConfigError, load_config, with_base_url
from skill_catalog.display.human import count
from skill_catalog.fs.names import name_key
from skill_catalog.mkdocs_adapter.outputs import Staging, copy_raw_files, publish, write_outputs
from skill_catalog.mkdocs_adapter.pages import (
    CSS,
    PLACEHOLDER,
    STYLESHEET,
    SkillPage,
    index_fragments,
    index_frame,
    page_routes,
    relative_url,
    skill_fragments,
    skill_frame,
)
from skill_catalog.model import Diagnostic
from skill_catalog.reporting.text import format_diagnostic
from skill_catalog.site import Dates, InstallRoutes, OutputError, SiteContext, page_environment

log = get_plugin_logger(__name__)

_SEGMENT = r"[A-Za-z0-9_][A-Za-z0-9._-]*"
_PATH = re.compile(rf"^{_SEGMENT}(/{_SEGMENT})*$")
DEFAULT_INDEX_TITLE = "Skills"


class SkillCatalogConfig(base.Config):  # type: ignore[no-untyped-call]
    """The plugin's options in ``mkdocs.yml``."""

    roots = c.ListOfItems(c.Type(str))
    """Library folders (or skill folders), relative to the folder of mkdocs.yml. Required."""
    config = c.Optional(c.File(exists=True))
    """A skill-catalog.yml whose settings apply (extensions, rules, limits, include/exclude,
    title, base_url); its own ``roots`` are ignored."""
    path = c.Type(str, default="skills")
    """URL prefix of the generated pages."""
    nav_title = c.Type(str, default="Skills")
    """Title of the one nav entry (the index); empty: no nav entry."""
    outputs = c.Type(bool, default=True)
    """Write the machine-readable outputs into the site."""


@dc.dataclass(slots=True)
class _Build:
    """What one build of the site knows between the ``files`` and ``post_build`` events."""

    catalog: Catalog
    ctx: SiteContext
    staging: Staging
    index_uri: str
    index_url: str
    pages: dict[str, SkillPage]
    """src_uri -> skill page."""
    notes: list[Diagnostic]
    """What the catalog's files left out (SC040), for the index page and the log."""
    env: jinja2.Environment
    """The site's template environment, which renders the pages' fragments."""
    routes: InstallRoutes | None = None
    """The skills' install routes, when the outputs are written."""
    owned: set[str] = dc.field(default_factory=set)
    """Paths in site_dir that MkDocs writes (the staged files never replace them)."""
    owned_keys: frozenset[str] = frozenset()
    """The same, case-folded."""

    def served(self, path: str) -> bool:
        """Whether the staged file at ``path`` reaches the site (MkDocs writes none there)."""
        return name_key(path) not in self.owned_keys


def _nav_paths(item: Any) -> Iterator[str]:
    """Every path or URL a nav configuration mentions."""
    if isinstance(item, str):
        yield item
    elif isinstance(item, dict):
        for value in item.values():
            yield from _nav_paths(value)
    elif isinstance(item, list):
        for value in item:
            yield from _nav_paths(value)


def mentions_index(nav: Any, prefix: str) -> bool:
    """Does the nav already point at the index page (``<prefix>/index.md`` or ``<prefix>/``)?"""
    wanted = {f"{prefix}/index.md", f"{prefix}/", prefix}
    for path in _nav_paths(nav):
        normalised = path.strip()
        while normalised.startswith(("./", "/")):
            normalised = normalised[1:] if normalised[0] == "/" else normalised[2:]
        if normalised in wanted:
            return True
    return False


def url_prefix(value: str) -> str:
    """The ``path`` option checked: relative, ``/``-separated, no segment starting with ``.``."""
    prefix = value.strip().strip("/")
    if not _PATH.match(prefix):
        raise PluginError(f"skill-catalog: 'path' must be a relative URL path such as 'skills' "
                          f"(letters, digits, '.', '_', '-'; no segment starting with '.'), "
                          f"not {value!r}")
    return prefix


class SkillCatalogPlugin(BasePlugin[SkillCatalogConfig]):  # type: ignore[no-untyped-call]
    """Adds the skill catalog to a MkDocs site (see the module docstring)."""

    def __init__(self) -> None:
        self.roots: list[Path] = []
        self.settings = Config()
        self.prefix = "skills"
        self._build: _Build | None = None

    # Configuration ---------------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.prefix = url_prefix(self.config.path)
        folder = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
        if not self.config.roots:
            raise PluginError("skill-catalog: 'roots' lists no folder")
        self.roots = [Path(os.path.abspath(folder / root)) for root in self.config.roots]
        missing = [str(root) for root in self.roots if not root.exists()]
        if missing:
            raise PluginError(f"skill-catalog: no such root: {', '.join(missing)}")
        self.settings = self._settings(config)
        config.extra_css.append(f"{self.prefix}/{STYLESHEET}")
        title = self.config.nav_title.strip()
        if title and isinstance(config.nav, list) and not mentions_index(config.nav, self.prefix):
            config.nav.append({title: f"{self.prefix}/index.md"})
        return config

    def _settings(self, config: MkDocsConfig) -> Config:
        """The skill-catalog configuration: the given file, else the defaults with the site's
        name as title; the site's ``site_url`` is the base URL unless the file sets one."""
        try:
            if self.config.config:
                settings = load_config(Path(self.config.config))
            else:
                settings = Config(title=config.site_name)
            if settings.base_url is None and config.site_url:
                settings = with_base_url(settings, config.site_url)
        except ConfigError as exc:
            raise PluginError(f"skill-catalog: {exc}") from None
        return settings

    # Pages -----------------------------------------------------------------------------------

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        catalog = load(self.roots, self.settings)
        staging = Staging.create()
        try:
            self._build = self._add_pages(files, config, catalog, staging)
        except BaseException:
            staging.discard()
            raise
        valid = len(catalog.valid_skills)
        log.info(f"{count(len(catalog), 'skill')} ({valid} valid, {len(catalog) - valid} "
                 f"invalid) under {self.prefix}/")
        return files

    def _add_pages(self, files: Files, config: MkDocsConfig, catalog: Catalog,
                   staging: Staging) -> _Build:
        ctx = SiteContext.create(catalog)
        # MkDocs empties site_dir before a build: no previous catalog.json dates the skills,
        # git (or SOURCE_DATE_EPOCH) does (docs/mkdocs.md).
        dates = Dates.create([s.skill for s in ctx.skills], catalog.roots)
        taken = {name_key(f.dest_uri): f.src_uri for f in files}
        in_nav = InclusionLevel.UNDEFINED if self.config.nav_title.strip() else (
            InclusionLevel.NOT_IN_NAV)
        index_src = f"{self.prefix}/index.md"
        self._generated(files, config, f"{self.prefix}/{STYLESHEET}", CSS,
                        InclusionLevel.NOT_IN_NAV, taken)
        pages: dict[str, SkillPage] = {}
        site_skills = []
        for site_skill in ctx.skills:
            page_dir = f"{self.prefix}/{site_skill.slug}/"
            file = self._generated(files, config, page_dir + "index.md",
                                   skill_frame(site_skill.skill, install=self.config.outputs),
                                   InclusionLevel.NOT_IN_NAV, taken)
            site_skill = dc.replace(site_skill, url=file.url)
            site_skills.append(site_skill)
            archive = (relative_url(site_skill.archive, file.url)
                       if self.config.outputs and site_skill.published else None)
            pages[file.src_uri] = SkillPage(site_skill, copy_raw_files(site_skill, page_dir,
                                                                       staging), archive,
                                            install_section=self.config.outputs,
                                            last_changed=dates.last_changed(site_skill, None))
        ctx = dc.replace(ctx, skills=tuple(site_skills))  # ``published`` follows
        routes = InstallRoutes.create(ctx) if self.config.outputs else None
        # The outputs are staged now, so that what they leave out is on the index page too.
        if self.config.outputs:
            notes = write_outputs(ctx, staging.out, staging.notes, dates, routes)
        else:
            notes = [note for s in ctx.skills for note in staging.notes.get(s.slug, ())]
        index = self._generated(files, config, index_src, index_frame(
            self._index_title, library_problems=bool(catalog.diagnostics or notes)),
            in_nav, taken)
        # The catalog's own templates: the config's ``theme`` is the site's, not this one's.
        return _Build(catalog, ctx, staging, index.src_uri, index.url, pages, notes,
                      page_environment(), routes)

    @property
    def _index_title(self) -> str:
        return self.config.nav_title.strip() or DEFAULT_INDEX_TITLE

    @staticmethod
    def _generated(files: Files, config: MkDocsConfig, src_uri: str, content: str,
                   inclusion: InclusionLevel, taken: dict[str, str]) -> File:
        """Add a generated file, refusing to shadow a file of the site."""
        file = File.generated(config, src_uri, content=content, inclusion=inclusion)
        clash = files.get_file_from_path(src_uri)
        owner = clash.src_uri if clash is not None else taken.get(name_key(file.dest_uri))
        if owner is not None:
            raise PluginError(f"skill-catalog: the generated page {src_uri} would replace "
                              f"{owner} of the site; set the plugin's 'path' to a folder the "
                              "site does not use")
        taken[name_key(file.dest_uri)] = src_uri
        files.append(file)
        return file

    def _own(self, files: Files, config: MkDocsConfig) -> None:
        """Note the paths MkDocs writes: every file of the site, once all plugins have added
        theirs, and the theme's templates."""
        if self._build is not None:
            owned = {f.dest_uri for f in files
                     if f.inclusion.is_included()}  # type: ignore[no-untyped-call]
            self._build.owned = owned | set(config.theme.static_templates) | {"sitemap.xml.gz"}
            self._build.owned_keys = frozenset(name_key(path) for path in self._build.owned)

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        # After every plugin's on_files and before the pages are rendered, which leave out
        # the install routes to files the site has its own of.
        self._own(files, config)
        return nav

    def on_env(self, env: jinja2.Environment, /, *, config: MkDocsConfig,
               files: Files) -> jinja2.Environment:
        self._own(files, config)  # again, in case a plugin added files since
        return env

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str:
        build = self._build
        if build is None:
            return html
        src_uri = page.file.src_uri
        if src_uri == build.index_uri:
            fragments = index_fragments(
                self._index_title, self.settings.description, build.ctx.skills,
                build.index_url, build.catalog, build.notes, build.env,
                outputs=self.config.outputs)
        elif src_uri in build.pages:
            skill_page = build.pages[src_uri]
            if build.routes is not None:
                skill_page = dc.replace(skill_page, install=page_routes(
                    build.routes, skill_page.site_skill, build.served))
            fragments = skill_fragments(skill_page, build.catalog, build.env)
        else:
            return html
        for part, fragment in fragments.items():
            marker = PLACEHOLDER.format(part=part)
            if marker not in html:
                log.warning(f"{src_uri}: the {part} of the page is missing: another plugin or "
                            "extension changed the generated Markdown")
            html = html.replace(marker, fragment, 1)
        return html

    # Files beside the pages ------------------------------------------------------------------

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        build, self._build = self._build, None
        if build is None:
            return
        try:
            moved, skipped = publish(build.staging, Path(config.site_dir), build.owned)
        except (OSError, OutputError) as exc:
            raise PluginError(f"skill-catalog: cannot write the catalog's files: {exc}") from exc
        finally:
            build.staging.discard()
        for note in build.notes:  # not MkDocs warnings: a PNG left out of one index is usual
            log.info(format_diagnostic(note))
        for relpath in skipped:
            log.info(f"{relpath} not written: the MkDocs site has its own")
        log.info(f"{count(moved, 'file')} written beside the pages")

    def on_build_error(self, *, error: Exception) -> None:
        build, self._build = self._build, None
        if build is not None:
            build.staging.discard()

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig,
                 builder: Callable[..., Any]) -> LiveReloadServer:
        """Rebuild when a skill or the skill-catalog configuration changes."""
        for root in self.roots:
            server.watch(str(root))
        if self.config.config:
            server.watch(str(self.config.config))
        return server
