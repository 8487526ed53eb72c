"""GitHub: the Action run as a workflow runs it, and Markdown posted where GitHub renders it."""

from __future__ import annotations

import html
import html.parser
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import cmarkgfm
import yaml

from skill_catalog.diff.render import MARKER
from tests.environment import REPO

# The GitHub Action ------------------------------------------------------------------------------


ACTION = REPO / ".github" / "actions" / "skill-catalog" / "action.yml"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class ActionRun:
    """Runs the action's shell steps as a composite action would, with the commands of the
    skipped steps (setup-python, the package install) provided by this test environment."""

    def __init__(self, tmp_path: Path, workdir: Path) -> None:
        self.workdir = workdir
        home = Path(tempfile.mkdtemp(prefix="action-", dir=tmp_path))
        self.temp = home / "runner-temp"
        self.temp.mkdir()
        self.bin = home / "bin"
        self.bin.mkdir()
        shim = self.bin / "skill-catalog"
        shim.write_text(
            f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c "
            "'import sys; from skill_catalog.cli import main; main()' \"$@\"\n",
            encoding="utf-8")
        shim.chmod(0o755)
        (self.bin / "python").symlink_to(sys.executable)
        self.outputs: dict[str, dict[str, str]] = {}
        self.logs: dict[str, subprocess.CompletedProcess[str]] = {}

    def env(self, step: dict[str, Any], inputs: dict[str, str], github: dict[str, str],
            output_file: Path) -> dict[str, str]:
        def evaluate(match: re.Match[str]) -> str:
            scope, _, rest = match.group(1).partition(".")
            if scope == "inputs":
                return inputs[rest]
            if scope == "github":
                return github.get(rest, "")
            step_id, _, name = rest.partition(".outputs.")
            return self.outputs.get(step_id, {}).get(name, "")

        env = {**os.environ, "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}",
               "PYTHONPATH": str(REPO), "GITHUB_OUTPUT": str(output_file),
               "GITHUB_ACTION_PATH": str(ACTION.parent), "RUNNER_TEMP": str(self.temp),
               "GITHUB_ACTIONS": "true"}
        env.pop("SKILL_CATALOG_NO_SHARED", None)
        for key, value in (step.get("env") or {}).items():
            env[key] = EXPRESSION.sub(evaluate, str(value))
        return env

    def run(self, given: dict[str, str], github: dict[str, str] | None = None,
            only: set[str] | None = None) -> int:
        """Run the shell steps (or those whose id is in ``only``) until one fails; its code."""
        action = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
        inputs = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
        assert set(given) <= set(inputs), set(given) - set(inputs)
        inputs.update(given)
        github = {"event_name": "push", "base_ref": "", **(github or {})}
        for index, step in enumerate(action["runs"]["steps"]):
            step_id = step.get("id", f"step{index}")
            if "run" not in step or step_id == "install" or (only and step_id not in only):
                continue
            output_file = self.temp / f"output-{step_id}"
            output_file.write_text("", encoding="utf-8")
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                cwd=self.workdir, env=self.env(step, inputs, github, output_file),
                capture_output=True, text=True, timeout=600, check=False)
            self.logs[step_id] = done
            self.outputs[step_id] = dict(
                line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
            if done.returncode != 0:
                return done.returncode
        return 0

    def stdout(self, step_id: str) -> str:
        return self.logs[step_id].stdout


# Markdown posted where GitHub renders it ---------------------------------------------------------


MARKDOWN_TAGS = {"h3", "h4", "p", "ul", "li", "strong", "em", "code"}


class MarkdownText(html.parser.HTMLParser):
    """The tags, comments and text (outside code spans) of rendered Markdown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.comments: list[str] = []
        self.text: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._code += tag == "code"

    def handle_endtag(self, tag: str) -> None:
        self._code -= tag == "code"

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.text.append(data)


def markdown_problems(source: str) -> list[str]:
    """What makes the diff's Markdown not inert (tests/test_diff_markdown.py): rendered with
    cmark-gfm, GitHub's parser, raw HTML let through so that any would show."""
    problems = []
    lines = source.splitlines()
    if lines[0] != MARKER or source.count("<!--") != 1 or source.count("-->") != 1:
        problems.append("the marker is not alone on the first line")
    rendered = cmarkgfm.github_flavored_markdown_to_html(
        source, options=cmarkgfm.cmark.Options.CMARK_OPT_UNSAFE)
    parsed = MarkdownText()
    parsed.feed(rendered)
    if set(parsed.tags) - MARKDOWN_TAGS:
        problems.append(f"tags {set(parsed.tags) - MARKDOWN_TAGS}")
    if parsed.comments != [MARKER[4:-3]]:
        problems.append(f"comments {parsed.comments}")
    if parsed.tags.count("h3") != 1 or parsed.tags.count("h4") > 6:
        problems.append("a heading was injected")
    prose = "".join(parsed.text)
    for pattern, what in ((r"@\w", "mention"), (r"#\d", "issue reference"),
                          (r"://", "URL"), (r"(?i)www\.", "www link")):
        if re.search(pattern, prose):
            problems.append(what)
    return problems
