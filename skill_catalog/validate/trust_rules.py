"""Trust signals (codes ST0xx): what a skill could make an agent do. They never make a skill
invalid; a skill's trust status (clean, notice, warning, danger) is their own verdict."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from skill_catalog.codes.registry import Finding, RuleContext, library_rule, skill_rule
from skill_catalog.model import Severity, Skill
from skill_catalog.trust import hidden
from skill_catalog.trust.scan import Hit, scan
from skill_catalog.trust.segments import char_name, escape

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO


def _by_code(skill: Skill) -> dict[str, list[Hit]]:
    """Every hit of one scan of ``skill``, by rule code (in the scan's order)."""
    found: dict[str, list[Hit]] = {}
    for hit in scan(skill):
        found.setdefault(hit.code, []).append(hit)
    return found


def _hits(skill: Skill, code: str, ctx: RuleContext) -> Iterator[Finding]:
    """The hits of one rule, from the one scan of the skill that all the ST rules share
    through the context they are given (:meth:`RuleContext.once`)."""
    for hit in ctx.once(_by_code, skill).get(code, ()):
        yield Finding(hit.message, hit.line, hit.column, hit.file)


def _rule(code: str, severity: Severity, title: str, fix: str, summary: str) -> None:
    def check(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
        return _hits(skill, code, ctx)

    check.__doc__ = summary
    check.__name__ = title.replace("-", "_")
    skill_rule(code, severity, title, fix=fix, source="skill-catalog trust")(check)


_rule("ST001", E, "hidden-tag-characters",
      "Remove the invisible characters: retype the line.",
      "Unicode tag characters (or runs of variation selectors) spell text an agent reads and a "
      "person does not see; the message shows what they spell.")
_rule("ST002", E, "bidi-control",
      "Remove the bidirectional controls; write right-to-left text in its natural order.",
      "Bidirectional override, embedding or isolate controls make text (or code) display in "
      "another order than it is read (Trojan Source).")
_rule("ST003", W, "invisible-characters",
      "Remove the zero-width or invisible characters.",
      "Zero-width or other invisible format characters outside their legitimate uses (emoji "
      "ZWJ sequences, joiners in scripts that shape letters, a leading byte order mark).")
_rule("ST004", W, "hidden-instructions",
      "Move the text into visible prose, or remove it.",
      "An HTML comment, a hidden element or a Markdown comment addresses the agent with "
      "something to do, where a person reading the rendered page does not see it.")
_rule("ST006", W, "look-alike-text",
      "Write the name, host or package in plain ASCII letters (or check that it is the one "
      "meant).",
      "A word, package name, host or URL mixes Latin with look-alike letters of another "
      "script (`reqуests`, `gіthub.com`), or a host is written with a Latin look-alike "
      "(`loɡin.example.com`): it reads as one name and installs or opens another.")
_rule("ST010", E, "override-instructions",
      "Remove the instruction: a skill adds to what the agent does, it does not replace the "
      "user's or the system's instructions.",
      "Tells the agent to ignore or replace its earlier instructions (prompt injection).")
_rule("ST011", E, "conceal-from-user",
      "Remove the instruction: an agent must be able to tell its user what it does.",
      "Tells the agent to hide what it does from its user, or to act secretly.")
_rule("ST012", E, "role-marker",
      "Remove the role or system marker.",
      "Imitates a system prompt or chat role marker (`<|im_start|>system`, `[SYSTEM]`, "
      "`</system>`) in the instructions.")
_rule("ST013", W, "priority-claim",
      "Describe when the skill applies instead of claiming priority over other skills.",
      "Claims to run first, for every request, or over every other skill.")
_rule("ST014", W, "disable-safety",
      "Leave confirmations and safety checks to the user.",
      "Turns off confirmations, permission prompts, sandboxes or safety checks "
      "(`--dangerously-skip-permissions`, `--yolo`, approval `never`), also in settings a "
      "script writes (a whole tool allowed: `Bash`, Cursor's `Shell(*)`, opencode's `bash: "
      "allow`; a mode built at run time or decoded from a blob) or a hook that claims "
      "permission.")
_rule("ST015", W, "agent-directive",
      "Remove it: say what the skill does in SKILL.md, where its reader sees it.",
      "A comment of a script, a data file (`.txt`, `.json`, `.yaml`, `.csv`...) or text a "
      "script prints addresses the agent (\"Note for AI assistants:\", \"Agent: you are "
      "cleared to...\"): a file a person reads as code or data speaking to the agent.")
_rule("ST016", N, "describes-attacks",
      "Nothing to do if the text is documentation; if the skill is meant to do it, say so "
      "outside the section about attacks.",
      "An instruction or command another ST rule would report, quoted where the text says it "
      "is about attacks or what not to do (a section or block introduced as an attack, an "
      "anti-pattern or a red flag; a reference file named or titled so, other than SKILL.md): "
      "a notice that the skill describes attacks, not a warning that it performs them. Text "
      "hidden from readers is never excused.")
_rule("ST020", E, "download-and-execute",
      "Ship the script in scripts/ (pinned, reviewable), or download to a file, verify its "
      "checksum, then run it.",
      "Downloads code and runs it in one step (`curl | sh`, `iwr | iex`, `exec(urlopen(...))`) "
      "from a host that is not a known vendor installer, or over several statements of a "
      "program in any language (Go `http.Get` .. `os.WriteFile` .. `exec.Command`), through a "
      "shell named by a variable or an alias, a command assembled from pieces, a Dockerfile "
      "`ADD` then `RUN`, or across the skill's own files (one script saves, another runs).")
_rule("ST021", E, "decode-and-execute",
      "Ship the code in clear text.",
      "Decodes a payload (base64, hex, compressed) and runs it.")
_rule("ST022", E, "remote-shell",
      "Remove it.",
      "Opens a reverse shell or grants remote access (`/dev/tcp`, `nc -e`, an appended "
      "authorized_keys entry).")
_rule("ST023", E, "credential-exfiltration",
      "Remove it; send a credential only to the service it belongs to.",
      "Reads credentials (`~/.ssh`, `~/.aws`, credential stores, password-manager exports, the "
      "whole environment, tokens) and sends them off the machine (an upload, a URL's query, a "
      "header, a paste or webhook site, a raw IP address), in one statement or through "
      "variables, files and the skill's own files; or hands the environment to a public web "
      "bundle, or a token to another registry.")
_rule("ST024", E, "destructive-command",
      "Limit the command to paths inside the work folder (./build, $TMPDIR/...).",
      "Deletes or overwrites outside the work folder: the file system root, the home folder, "
      "system folders, disks; also once the script's own values are filled in (a variable "
      "defaulting to `$HOME` or `/`, an unset one before `/*`, the home folder's parent, a "
      "disk chosen by `lsblk`, a list file naming `~`), in any language.")
_rule("ST025", W, "persistence",
      "Tell the user what to add and where, instead of changing it.",
      "Installs something to run again later: shell profiles, cron, launch agents, services, "
      "startup entries, a `.pth` file in site-packages, a wrapper put ahead of `git` on the "
      "PATH, a hook in an agent's global settings running a script, Node's `--require`, "
      "`~/.ssh/rc`.")
_rule("ST026", E, "cover-tracks",
      "Remove it.",
      "Removes traces: shell history, system logs, the script itself.")
_rule("ST027", N, "unpinned-install",
      "Pin the version (pkg==1.2.3, pkg@1.2.3, a commit) or list it as a requirement; prefer "
      "a checked installer to `curl | sh`.",
      "Installs unpinned packages, or runs a vendor's installer fetched from a URL, at run "
      "time.")
_rule("ST028", W, "untrusted-package-source",
      "Install from the package index by name and version, or pin the archive or repository "
      "to a hash or commit; never add an index over plain http or one that outranks PyPI.",
      "Installs a package from somewhere its name and version do not pin: an archive URL, a git "
      "branch, a downloaded file, an extra package index (`--extra-index-url`: a package of the "
      "same name there wins), an index or repository over plain http, a registry on an unknown "
      "host made the user's default, or a source whose checksums or signatures are switched "
      "off (`GONOSUMDB=*`, `--allow-unauthenticated`).")
_rule("ST029", W, "weakens-security",
      "Turn the protection back on, or tell the user what to change and why; for a "
      "certificate error, configure the CA bundle instead of switching checks off.",
      "Switches a protection of the machine off: TLS certificate verification (`verify=False`, "
      "`NODE_TLS_REJECT_UNAUTHORIZED=0`, `http.sslVerify false`, `--trusted-host`, "
      "`InsecureSkipVerify`, `VERIFY_NONE`, a trust-all TrustManager, skip-TLS flags, "
      "insecure registries, a downloaded root CA), SELinux, the firewall, the audit daemon, "
      "antivirus, Gatekeeper, a setuid bit, world-writable system folders, passwordless sudo "
      "for every command, PAM or SSH authentication, the Docker daemon on TCP without TLS.")
_rule("ST060", W, "force-push",
      "Push without --force, or use --force-with-lease on a branch of your own; leave "
      "rewriting a shared branch, and its protection, to the user.",
      "Force-pushes over a shared branch (`main`, `master`, `develop`...), every branch or tag "
      "(`--all`, `--mirror`, `--tags`, `--prune`) or the current branch unnamed, a forced "
      "refspec (`+src:dst`) in a git library or a hosting API, a shared branch or every "
      "listed ref deleted, or removes a branch's protection: history others share is "
      "rewritten on the remote.")
_rule("ST030", E, "secret",
      "Remove the secret, revoke it, and read it from the environment instead.",
      "A credential in a known format (cloud key, token, private key); placeholders and "
      "documentation examples are not reported, and the secret is shown redacted.")
_rule("ST031", W, "possible-secret",
      "Remove the value, revoke it if real, and read it from the environment instead.",
      "A quoted, random-looking value assigned to a name that says secret, password, token or "
      "key.")
_rule("ST040", E, "svg-script",
      "Remove the script and event handlers from the image.",
      "An SVG image carries script or event handlers.")
_rule("ST041", W, "binary-executable",
      "Ship source code instead, or document where the binary comes from and its checksum.",
      "An executable or compiled binary inside the skill: nobody can review what it does.")
_rule("ST042", W, "archive",
      "Unpack the archive into the skill folder, so that its files can be reviewed.",
      "An archive inside the skill: its contents are not reviewed with the skill.")
_rule("ST044", W, "unread-text",
      "Keep the files a reviewer must read as UTF-8 text within the limits, or leave them out.",
      "Text the scan or the catalog did not read whole: a file past the size limit (1 MiB "
      "read), text files past the limit of 2,000 a skill, files past the skill's file limit, "
      "an unreadable file, or text with bytes that are not UTF-8 (shown as binary, so a reader "
      "does not see it). A reviewer must know what was not read.")
_rule("ST043", N, "html-script",
      "Review what the script does before opening the page.",
      "An HTML file carries script.")

_UNRESTRICTED = re.compile(r"^(?:Bash|Bash\(\*\)|Bash\(\*:\*\)|Bash\(:\*\)|\*|shell|"
                           r"run_shell_command|Shell)$")
_SHELL_FENCE = re.compile(r"^ {0,3}(?:```|~~~)\s*(?:sh|bash|shell|zsh|console|powershell|ps1|"
                          r"pwsh|python|py|node|js|cmd|fish)?\s*$", re.MULTILINE)
_RUNS = re.compile(r"^ {0,3}(?:```|~~~)\s*(?:sh|bash|shell|zsh|console|powershell|ps1|pwsh|"
                   r"cmd|fish)\b|`(?:\./|bash |sh |python3? |node |npx |uv |npm |git |make )",
                   re.MULTILINE)


_RUNS_WORDS = re.compile(
    r"\b(?:run|runs|running|execute[sd]?|executing|commands?|terminal|shell|cli|"
    r"build(?:s|ing)?|tests?|testing|deploy\w*|install\w*|lint\w*|compil\w+|format\w*|"
    r"git|npm|pnpm|yarn|npx|pip|uv|docker|kubectl|helm|make|cargo|go|pytest|gh|az|aws|"
    r"gcloud|terraform|ansible|ssh|curl)\b", re.IGNORECASE)
"""Words of a skill's description or body that say its job is running commands: unrestricted
Bash is then what it needs, not a warning by itself (issue 35)."""
_DANGEROUS_TOOL = re.compile(
    r"^Bash\(\s*(?:(?:sudo|doas|su|pkexec)\b|(?:rm|shred|dd|mkfs\S*|fdisk|parted|chmod|chown|"
    r"chgrp|crontab|systemctl|launchctl|iptables|ufw|setenforce|visudo|passwd|usermod)"
    r"(?:\s|:|\)|$)|(?:sh|bash|zsh|dash|ksh|eval|exec|xargs|env|nohup)(?::\s*\*\s*\)|\s*\*?\s*\)|\s+-c\b)|"
    r"(?:python\S*|node|perl|ruby)"
    r"\s+-[ce]\b|git\s+(?:push\s+(?:\S+\s+)*(?:--force|-f)\b|reset\s+--hard|clean\s+-\w*f|"
    r"filter-(?:branch|repo))|curl\b[^)]*\||"
    # a command that runs whatever it is given: another host's shell, a container with the
    # host's rights, any package fetched and run, git settings that run commands (hooks,
    # `!` aliases, core.sshCommand), a command per input line
    r"(?:ssh|mosh|docker\s+(?:run|exec)|podman\s+(?:run|exec)|kubectl\s+(?:exec|delete|"
    r"apply|debug)|git\s+config(?!\s+(?:--get|--list|-l\b|--show))|parallel|"
    r"terraform\s+(?:destroy|apply)|helm\s+(?:uninstall|delete)|aws\s+s3\s+rm|gsutil\s+rm)"
    r"(?:\s|:|\)|$)|(?:npx|bunx|pnpm\s+dlx|yarn\s+dlx|uvx|pipx\s+run)\s*(?::\s*)?\*?\s*\))|"
    r"^(?:Write|Edit|MultiEdit|NotebookEdit)\(\s*(?:/(?:\*\*?)?\s*\)|/(?:etc|usr|bin|sbin|"
    r"boot|lib|var|System|Library)\b|~/?\**\s*\)|~/\.(?:ssh|aws|gnupg|kube|docker|config|"
    r"bashrc|zshrc|profile|bash_profile|zprofile|claude|codex|gemini|cursor)\b|"
    r"\$HOME|//|\*\*\s*\))", re.IGNORECASE)
"""A narrow ``Bash(...)`` grant that is dangerous all the same: privilege (``sudo``), deletion
or disk writes (``rm``, ``dd``, ``mkfs``), permissions (``chmod``, ``chown``), a shell or
evaluator that runs anything (``sh``, ``eval``, ``python -c``), persistence (``crontab``,
``systemctl``), or history rewritten (``git push --force``, ``git reset --hard``); a command
that runs whatever it is given (``ssh``, ``docker run``, ``kubectl exec``, ``git config``,
any package through ``npx:*``), mass deletion (``kubectl delete``, ``terraform destroy``);
writes to system folders, the home folder's settings and keys, or anywhere
(``Write(/etc/**)``, ``Edit(~/.ssh/**)``, ``Write(**)``)."""


def _tools(value: Any) -> list[str]:
    if isinstance(value, str):
        return re.findall(r"[^\s,()]+(?:\([^)]*\))?", value)
    if isinstance(value, list):
        return [str(v).strip() for v in value]
    return []


@skill_rule("ST050", W, "broad-allowed-tools", source="skill-catalog trust",
            fix="Narrow allowed-tools to the commands the skill runs (`Bash(git:*)`), or drop "
                "Bash when it runs none.")
def broad_allowed_tools(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``allowed-tools`` grants an unrestricted shell to a skill that runs no command and
    whose description and body say nothing of running commands."""
    tools = _tools(skill.frontmatter.get("allowed-tools"))
    broad = [t for t in tools if _UNRESTRICTED.match(t)]
    if not broad:
        return
    if skill.files_in("scripts") or any(f.has_shebang for f in skill.files):
        return
    body = skill.read_body()
    if _RUNS.search(body):
        return
    description = skill.frontmatter.get("description")
    if _RUNS_WORDS.search(f"{description if isinstance(description, str) else ''}\n{body}"):
        return  # its stated job is running commands
    yield Finding(f"allowed-tools grants {broad[0]!r} (any command, without asking) but the "
                  "skill has no script and shows no command to run: narrow it "
                  "(`Bash(git:*)`) or drop it", skill.line_of("allowed-tools"))


@skill_rule("ST051", W, "dangerous-allowed-tools", source="skill-catalog trust",
            fix="Drop the grant and let the agent ask each time, or narrow it to the exact "
                "command the skill needs (`Bash(npm test)`).")
def dangerous_allowed_tools(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``allowed-tools`` grants, without asking, a command that can escalate privilege, delete
    or overwrite data, change permissions, run anything (a shell, ``eval``, ``python -c``,
    ``ssh``, ``docker run``, ``git config``, any package through ``npx:*``), persist, delete
    in bulk (``kubectl delete``, ``terraform destroy``), or rewrite shared history
    (`Bash(sudo:*)`, `Bash(rm:*)`, `Bash(sh:*)`, `Bash(git push --force:*)`), or writes to
    system folders, keys and shell start-up files, or anywhere (`Write(/etc/**)`,
    `Edit(~/.ssh/**)`, `Write(**)`)."""
    tools = _tools(skill.frontmatter.get("allowed-tools"))
    dangerous = [t for t in tools if _DANGEROUS_TOOL.match(t.strip())]
    if dangerous:
        yield Finding(f"allowed-tools grants {', '.join(repr(t) for t in dangerous[:5])} "
                      "without asking: each can do harm well beyond what the skill describes; "
                      "drop it, or narrow it to the exact command", skill.line_of("allowed-tools"))


@library_rule("ST005", E, "look-alike-name",
              fix="Write the name in one script (ASCII letters, digits and hyphens); rename a "
                  "skill that imitates another.")
def look_alike_name(skills: Sequence[Skill], ctx: RuleContext
                    ) -> Iterator[tuple[Skill, Finding]]:
    """A skill name mixes Latin with look-alike letters of another script, or imitates another
    skill's name (a Cyrillic `а` for a Latin `a`)."""
    plain: dict[str, Skill] = {}
    for skill in skills:
        if skill.name is not None and skill.name.isascii():
            plain.setdefault(skill.name.casefold(), skill)
    for skill in skills:
        name = skill.name
        if name is None or name.isascii():
            continue
        shape = hidden.skeleton(name)
        other = plain.get(shape)
        odd = sorted({f"{c} ({char_name(c)})" for c in name if not c.isascii()})
        if other is not None:
            yield skill, Finding(
                f"the name '{escape(name)}' looks like the name of the skill at "
                f"{other.relpath} ({other.name!r}) but is written with {', '.join(odd)}",
                skill.line_of("name"))
        elif hidden.mixed_script(name):
            yield skill, Finding(
                f"the name '{escape(name)}' mixes Latin letters with look-alikes from another "
                f"script: {', '.join(odd)}; it reads as {shape!r}", skill.line_of("name"))
