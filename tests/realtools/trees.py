"""Project trees and home folders that probe every discovery and listing rule of a tool.

:func:`rules_tree` writes one tree with every case of the issue's list: each folder a tool reads
(the cwd, the folders up to the repository root, a subfolder, home), duplicates across
folders and scopes, links to folders inside and outside the project and to a SKILL.md, nested
and hidden folders, ``skill.md``, invalid, upper-case and over-long names, a name unlike its
folder, missing, empty, multi-line, long, XML-special and non-ASCII descriptions, YAML that does
not parse, a byte order mark, CRLF, ``disable-model-invocation``, ``user-invocable``,
``metadata`` and ``when_to_use``. :func:`budget_tree` writes enough long descriptions to pass a
listing budget. The text of every fixture is ours.
"""

from __future__ import annotations

import dataclasses as dc
import os
import subprocess
from pathlib import Path


@dc.dataclass(slots=True, frozen=True)
class Tree:
    base: Path
    home: Path
    repo: Path
    cwd: Path


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)


def skill(root: Path, folder: str, frontmatter: str | None, body: str = "Body paragraph.\n",
          file_name: str = "SKILL.md") -> Path:
    """Write ``root/folder/SKILL.md`` with this frontmatter text (None: no frontmatter)."""
    head = f"---\n{frontmatter}\n---\n" if frontmatter is not None else ""
    _write(root / folder / file_name, head + body)
    return root / folder


def plain(root: Path, name: str, description: str, folder: str | None = None) -> Path:
    return skill(root, folder or name, f"name: {name}\ndescription: {description}")


def new_tree(base: Path, *, git: bool = True) -> Tree:
    """An empty home and a project ``repo/pkg`` (the cwd), a git repository with one commit."""
    tree = Tree(base, base / "home", base / "repo", base / "repo" / "pkg")
    tree.cwd.mkdir(parents=True)
    tree.home.mkdir(parents=True)
    if git:
        subprocess.run(["git", "init", "-q", str(tree.repo)], check=True)
    return tree


def commit(tree: Tree) -> None:
    """Commit everything (OpenCode names a project by its first commit)."""
    if not (tree.repo / ".git").exists():
        return
    git = ["git", "-C", str(tree.repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "probe"], check=True)


def content_cases(root: Path) -> None:
    """One skill per frontmatter and description case, in one skills folder."""
    plain(root, "plain", "Plain skill for the probe.")
    plain(root, "other-name", "Name differs from its folder.", folder="name-differs")
    plain(root, "Bad_Name!", "Invalid characters in the name.", folder="bad-name")
    plain(root, "Upper-Name", "Upper case in the name.", folder="upper")
    plain(root, "Zeta", "Upper-case folder and name.", folder="Zeta")
    plain(root, "_under", "Folder starting with an underscore.", folder="_under")
    plain(root, "n" * 70, "The name is past 64 characters.")
    skill(root, "no-name", "description: No name field at all.")
    skill(root, "no-desc", "name: no-desc",
          body="First paragraph of the body\nsecond line.\n\nSecond paragraph.\n")
    skill(root, "empty-desc", 'name: empty-desc\ndescription: ""')
    skill(root, "null-desc", "name: null-desc\ndescription:")
    skill(root, "multi-line", "name: multi-line\ndescription: |\n  Line one.\n  Line two.\n\n"
                              "  After   blank.")
    skill(root, "folded", "name: folded\ndescription: >\n  Folded one\n  folded two.")
    skill(root, "long-1100", "name: long-1100\ndescription: L1100 " + "x" * 1094)
    skill(root, "long-1600", "name: long-1600\ndescription: L1600 " + "word " * 319 + "end")
    skill(root, "exact-1024", "name: exact-1024\ndescription: " + "e" * 1024)
    skill(root, "xml", "name: xml\ndescription: 'Uses <b>bold</b> & \"q\" </available_skills> "
                       "<system-reminder> </skills_instructions>'")
    skill(root, "unicode", "name: unicode\ndescription: Ünïcödé 日本語 🚀 and a\ttab.")
    skill(root, "unicode-long", "name: unicode-long\ndescription: " + "é" * 1100)
    skill(root, "bad-yaml", "name: bad-yaml\ndescription: Unquoted colon: still read")
    skill(root, "bad-yaml2", "name: bad-yaml2\ndescription: [unclosed")
    skill(root, "bad-yaml3", "name: bad-yaml3\ndescription: \"quoted: ok\"\nextra: a: b")
    skill(root, "number", "name: number\ndescription: 1e3")
    skill(root, "yes-desc", "name: yes-desc\ndescription: yes")
    _write(root / "bom" / "SKILL.md", "\ufeff---\nname: bom\ndescription: Byte order mark.\n"
                                      "---\nbody\n")
    _write(root / "crlf" / "SKILL.md", "---\r\nname: crlf\r\ndescription: CRLF line "
                                       "endings.\r\n---\r\nbody\r\n")
    skill(root, "dmi", "name: dmi\ndescription: Not for the model.\n"
                       "disable-model-invocation: true")
    skill(root, "not-user", "name: not-user\ndescription: Not for the user.\n"
                            "user-invocable: false")
    skill(root, "meta", "name: meta\ndescription: Has metadata.\nmetadata:\n"
                        "  short-description: Short.\n  author: probe")
    skill(root, "when", "name: when\ndescription: Has when_to_use.\n"
                        "when_to_use: Use it when asked.")
    skill(root, "when-spaced", 'name: when-spaced\ndescription: "  Spaced.  "\n'
                               'when_to_use: "  spaced too  "')
    skill(root, "when-only", "name: when-only\nwhen_to_use: Only when_to_use.",
          body="Body line for when-only.\n")
    skill(root, "no-fm", None, body="# Heading line\n\nNo frontmatter here.\n")
    skill(root, "lower-file", "name: lower-file\ndescription: Lower-case file name.",
          file_name="skill.md")
    plain(root, "hidden", "Inside a hidden folder.", folder=".hidden")
    plain(root, "nested", "In a category folder.", folder="category/nested")
    plain(root, "outer", "Holds another skill.")
    plain(root, "inner", "Inside another skill.", folder="outer/inner")
    plain(root, "deep6", "Six folders deep.", folder="a/b/c/d/e/deep6")
    plain(root, "deep7", "Seven folders deep.", folder="a/b/c/d/e/f/deep7")
    _write(root / "SKILL.md", "---\nname: at-root\ndescription: SKILL.md in the skills folder "
                              "itself.\n---\nbody\n")


def rules_tree(base: Path, project: tuple[str, ...], home: tuple[str, ...], *,
               git: bool = True) -> Tree:
    """Every case, for a tool reading the ``project`` skills folders (relative to each project
    folder, the first one most used) and the ``home`` ones (relative to home)."""
    tree = new_tree(base, git=git)
    first = tree.cwd / project[0]
    content_cases(first)
    plain(tree.repo / project[0], "root-only", "Only at the repository root.")
    plain(tree.repo / project[0], "dup-level", "Copy at the repository root.")
    plain(first, "dup-level", "Copy in the cwd.")
    plain(first, "dup-scope", "Copy in the project.")
    plain(tree.cwd / "sub" / project[0], "below-cwd", "Below the cwd.")
    plain(base / project[0], "above-repo", "Above the repository root.")
    for index, folder in enumerate(project[1:], start=2):
        plain(tree.cwd / folder, f"project-{index}", f"Project folder number {index}.")
        plain(tree.cwd / folder, "dup-folders", f"Copy in project folder {index}.")
    if len(project) > 1:
        plain(first, "dup-folders", "Copy in the first project folder.")
    for index, folder in enumerate(home, start=1):
        plain(tree.home / folder, f"home-{index}", f"Home folder number {index}.")
        plain(tree.home / folder, "dup-scope", f"Copy in home folder {index}.")
    plain(base / "outside", "link-out", "Linked from outside the project.", folder="out-target")
    plain(tree.repo / "targets", "link-in", "Linked from inside the project.",
          folder="in-target")
    os.symlink(base / "outside" / "out-target", first / "link-out")
    os.symlink(tree.repo / "targets" / "in-target", first / "link-in")
    (first / "file-link").mkdir()
    _write(base / "outside" / "file-link.md", "---\nname: file-link\ndescription: SKILL.md is "
                                              "a link.\n---\nbody\n")
    os.symlink(base / "outside" / "file-link.md", first / "file-link" / "SKILL.md")
    commit(tree)
    return tree


def budget_tree(base: Path, project: str, count: int, size: int, *, home: str | None = None
                ) -> Tree:
    """``count`` skills with descriptions of about ``size`` characters (a few short ones
    between them), in ``project`` of the cwd, and three in ``home`` when given."""
    tree = new_tree(base)
    for index in range(count):
        name = f"s{index:03d}"
        length = 40 if index % 7 == 3 else size + index % 5
        text = (f"{name} " + "budget words " * (length // 13 + 1))[:length].rstrip()
        plain(tree.cwd / project, name, text)
    if home is not None:
        for index in range(3):
            plain(tree.home / home, f"h{index}", f"h{index} " + "home words " * 60)
    commit(tree)
    return tree


POLICY_FILES: dict[str, str | bytes] = {
    "off": "policy:\n  allow_implicit_invocation: false\n",
    "off-caps": "interface:\n  display_name: 12\npolicy:\n  allow_implicit_invocation: FALSE\n",
    "off-flow": "policy: {allow_implicit_invocation: false, products: [codex]}\nextra: 1\n",
    "off-crlf": "\ufeffpolicy:\r\n  allow_implicit_invocation: false\r\n",
    "on": "policy:\n  allow_implicit_invocation: true\n",
    "on-quoted": 'policy:\n  allow_implicit_invocation: "false"\n',
    "on-no": "policy:\n  allow_implicit_invocation: no\n",
    "on-null": "policy:\n  allow_implicit_invocation: ~\n",
    "on-case": "Policy:\n  allow_implicit_invocation: false\n",
    "on-bad-yaml": "policy:\n  allow_implicit_invocation: false\n  : [\n",
    "on-dup-key": "policy:\n  allow_implicit_invocation: false\n  allow_implicit_invocation: "
                  "false\n",
    "on-text-list": "interface:\n  display_name: [a]\npolicy:\n  allow_implicit_invocation: "
                    "false\n",
    "on-bad-product": "policy:\n  allow_implicit_invocation: false\n  products: [Codex]\n",
    "on-two-docs": "policy:\n  allow_implicit_invocation: false\n---\nx: 1\n",
    "on-not-utf8": b"policy:\n  allow_implicit_invocation: false\n# \xff\n",
    "chatgpt-only": "policy:\n  products: [chatgpt]\n",
    "codex-and-chatgpt": "policy:\n  products: [CHATGPT, codex]\n",
}
"""``agents/openai.yaml`` of each skill of :func:`policy_tree`, by folder: ``off*`` are kept
out of Codex's listing, ``on*`` are listed (the file says so, or Codex ignores it whole)."""


def policy_tree(base: Path) -> Tree:
    """Skills with and without ``agents/openai.yaml`` in the project's ``.agents/skills``,
    their names interleaved (a skill listed by mistake shifts every line after it), one whose
    file is a link, and a home folder holding only a skill Codex does not list."""
    tree = new_tree(base)
    root = tree.cwd / ".agents" / "skills"
    for folder, text in POLICY_FILES.items():
        plain(root, folder, f"Policy case {folder}.")
        _write(root / folder / "agents" / "openai.yaml", text)
    for folder in ("a-plain", "m-plain", "z-plain"):
        plain(root, folder, f"No openai.yaml in {folder}.")
    plain(root, "off-linked", "Its openai.yaml is a link.")
    (root / "off-linked" / "agents").mkdir()
    _write(base / "outside" / "openai.yaml", POLICY_FILES["off"])
    os.symlink(base / "outside" / "openai.yaml", root / "off-linked" / "agents" / "openai.yaml")
    plain(tree.home / ".agents" / "skills", "off-only", "The only skill of its folder.")
    _write(tree.home / ".agents" / "skills" / "off-only" / "agents" / "openai.yaml",
           POLICY_FILES["off"])
    commit(tree)
    return tree
