"""Rules emitted while finding and reading skills (codes SC0xx): a table the rule registry
reads when it is imported, so that discovery and parsing can emit these codes through it
without importing the rule modules."""

from __future__ import annotations

from typing import Any

from skill_catalog.model import Severity

DECLARED: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
"""(arguments, keyword arguments) of each declared rule, registered by the registry."""


def declare(*args: Any, **kwargs: Any) -> None:
    DECLARED.append((args, kwargs))


E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO

# Reading SKILL.md
declare("SC001", W, "lowercase-skill-md", "The skill file is named skill.md, not SKILL.md.",
        "Rename the file to SKILL.md: Claude Code, Codex, Crush and OpenCode match the name "
        "case-sensitively and will not see skill.md.", stage="discovery")
declare("SC010", E, "empty-file", "SKILL.md is empty.",
        "Write the frontmatter (---, name:, description:, ---) and the instructions: with no "
        "name and description no agent lists the skill.",
        stage="parse")
declare("SC011", E, "not-utf8", "SKILL.md is not UTF-8 (UTF-16/32, Latin-1, ...).",
        "Re-save the file as UTF-8 without a byte order mark: skills-ref and the agent tools "
        "read SKILL.md as UTF-8, and find no frontmatter in anything else.", stage="parse")
declare("SC012", E, "binary-file", "SKILL.md holds NUL bytes: it is binary, not text.",
        "Replace the file with UTF-8 Markdown text (a NUL byte means it is not text: saved in "
        "another format, or the wrong file).", stage="parse")
declare("SC013", W, "utf8-bom", "SKILL.md starts with a UTF-8 byte order mark.",
        "Re-save without the BOM: skills-ref and several agent tools then see no frontmatter.",
        stage="parse")
declare("SC014", N, "line-endings", "SKILL.md uses CRLF or lone CR line endings.",
        "Convert to LF line endings (e.g. `git add --renormalize` with `* text=auto`): tools "
        "that match the --- fences with '\\n' see no frontmatter, and lone CR endings break most "
        "YAML readers.", stage="parse")
declare("SC015", E, "file-too-large",
        "SKILL.md is larger than limits.max_skill_md_bytes: it is not read.",
        "Move material into references/ files (an agent reads the whole SKILL.md into its "
        "context); raise limits.max_skill_md_bytes if intended.", stage="parse")
declare("SC016", E, "symlink-placeholder",
        "SKILL.md holds only a path: a symbolic link checked out as a plain file.",
        "Recreate the symbolic link (git config core.symlinks true; a checkout without it, or "
        "on Windows, writes each link as a file holding its target's path) or copy the real "
        "file.",
        stage="parse")
declare("SC020", E, "no-frontmatter", "SKILL.md must start with YAML frontmatter (---).",
        "Put a line holding only --- first, then the name and description keys, then ---: "
        "agents read the skill's name and description from there.",
        stage="parse", source="skills-ref")
declare("SC021", E, "frontmatter-not-closed",
        "SKILL.md frontmatter not properly closed with ---.",
        "Add a line holding only --- after the last frontmatter key.", stage="parse",
        source="skills-ref")
declare("SC022", E, "invalid-yaml", "Invalid YAML in frontmatter.",
        "Fix the YAML at the line shown: the message names the mistake found there (an "
        "unclosed '[', '{' or quote, a tab, an indentation no key above has). A plain value "
        "cannot hold ': ' or start with '*', '&', '!', '%', '@' or '`', and one that starts "
        "with a quote, '[' or '{' ends where they close: quote the whole value, or write it "
        "as a folded block (>).",
        stage="parse", source="skills-ref")
declare("SC023", E, "frontmatter-not-mapping", "SKILL.md frontmatter must be a YAML mapping.",
        "Write the frontmatter as 'key: value' lines (name:, description:, ...).",
        stage="parse", source="skills-ref")
declare("SC024", E, "duplicate-key", "A frontmatter key is given twice.",
        "Keep one of the two; YAML readers disagree on which one wins (PyYAML keeps the last, "
        "strictyaml and js-yaml refuse the file).", stage="parse")
declare("SC025", E, "yaml-limits", "The frontmatter exceeds a safety limit (aliases, nesting, "
        "size): it is not read.", "Remove YAML anchors and aliases and deep nesting; "
        "frontmatter is metadata, keep it small (the limits keep a crafted file from exhausting "
        "the build's memory).", stage="parse")
declare("SC026", W, "yaml-value-read-as-text",
        "A frontmatter value has no plain form (an integer of more than 100 digits, .nan, .inf, "
        "a date that does not exist, !!binary, !!set, !!omap, !!pairs, a key that is not a "
        "string, a merge key): it is read as the text or list the message names.",
        "Quote the value (or the key), write a list or mapping without a tag, or write the "
        "merged keys out: agent tools' YAML readers disagree on all of these.", stage="parse")

# Discovery
declare("SC030", E, "root-missing", "A root given to skill-catalog does not exist, or is a "
        "file other than a SKILL.md.",
        "Check the path (and the roots list of the config): a root is a library folder, a skill "
        "folder or a SKILL.md.", stage="discovery")
declare("SC031", W, "link-outside-root", "A symbolic link points outside the library root.",
        "Nothing outside the roots is read: copy the target into the library, or add its folder "
        "as another root.", stage="discovery")
declare("SC032", W, "broken-link", "A symbolic link points nowhere.",
        "Remove the link or fix its target: nothing behind it is read, by the catalog or by "
        "agent tools.", stage="discovery")
declare("SC033", W, "link-loop", "A symbolic link points back to a folder above it.",
        "Remove the link: it makes the tree infinite.", stage="discovery")
declare("SC034", N, "folder-alias", "A folder is reached twice (through a link).",
        "Nothing to do: it is listed once, under the first path in sorted order.",
        stage="discovery")
declare("SC035", W, "special-file", "A FIFO, device or socket sits in the library.",
        "Remove it: only regular files and folders belong in a skill library.",
        stage="discovery")
declare("SC036", E, "unreadable", "A file or folder cannot be read.",
        "Fix its permissions (the build user needs read access).", stage="discovery")
declare("SC037", W, "too-deep", "A folder lies deeper than limits.max_depth.",
        "Flatten the library, or raise limits.max_depth in the config: the walk does not go "
        "deeper, so skills below it are not found.", stage="discovery")
declare("SC038", W, "too-many-entries", "The library holds more entries than limits.max_entries.",
        "Exclude generated folders, or raise limits.max_entries in the config: the walk stops "
        "there, so skills beyond it are not found.",
        stage="discovery")
declare("SC039", W, "too-many-files", "A skill folder holds more files than the inventory lists.",
        "Move bulk data out of the skill, or raise limits.max_files_per_skill: the files "
        "beyond the limit are not listed, zipped or published.",
        stage="discovery")
declare("SC041", W, "link-into-skipped-folder",
        "A symbolic link points into a folder the walk never searches (.git, node_modules, "
        "__pycache__, .hg, .svn, a site skill-catalog built), or into the folder of a skill the "
        "configuration leaves out (include, exclude); or, in a site built with "
        "publish_internal: false, a file of a shown skill reaches an internal skill's bytes "
        "(a symbolic link into its folder, a hard link to one of its files).",
        "Nothing in those folders is read or published, through a link either (a checkout's "
        ".git/config can hold a CI token): copy the file the skill needs into its folder.",
        stage="discovery")
declare("SC042", N, "folder-not-searched",
        "A folder was not searched for skills: its name is one the walk skips (.git, "
        "node_modules, __pycache__, .hg, .svn), or it is a site skill-catalog built here.",
        "Nothing to do if it holds no skill; move a skill kept there to a folder of its own.",
        stage="discovery")
declare("SC043", W, "site-marker-not-trusted",
        "A folder holds the file .skill-catalog-site but is not a site skill-catalog built "
        "here: it is searched for skills like any folder.",
        "Delete the file: only the build writes it, with its build state beside the site (a "
        "copied or committed marker cannot hide a folder from the catalog).",
        stage="discovery")

# Building the site
declare("SC040", W, "not-published",
        "A file or a skill was left out of some of the site's copies (the skill's zip, its raw "
        "copies and pages, the .well-known discovery indexes, the prompt files and "
        "marketplaces); the message says which and why.",
        "It depends on the reason given. A file that is not UTF-8 text, an HTML file, or an "
        "SVG or XML file that could run code in a browser, is only left out of "
        ".well-known/skills (npx skills would corrupt it, a host would run it): nothing to do, "
        "the zips carry it. A file name with a backslash, a control "
        "character or bytes that are not UTF-8, or two names that differ only in letter case: "
        "rename the file. A file that cannot be read: fix its permissions. A skill whose name is "
        "not lowercase ASCII letters, digits and hyphens, or that another skill publishes "
        "already: rename it, to be listed in the discovery indexes. The rest of the skill is "
        "published. A skill withheld by the trust policy (`trust.withhold`): review its trust "
        "findings, then fix them or accept them with a reason (docs/trust.md); its page stays "
        "published.", stage="build")
declare("SC050", W, "plugin-root-config",
        "A Claude Code plugin was left out of a marketplace: its root folder (the skill's "
        "folder, or the folder its skills share; for the site's marketplace, the folder of the "
        "skill's zip) holds a file or folder Claude Code reads as plugin configuration (hooks/, "
        ".mcp.json, agents/, commands/, bin/, settings.json...), or, for the site's, the skill "
        "is named as one (hooks, skills...), which would load, or run, in every session of "
        "whoever installs it without the skill being used.",
        "Move the files named out of the folder (a skill's own hooks, MCP servers or agents are "
        "not part of a skill: an agent reads only SKILL.md and the files it links), or rename "
        "the folder or the skill; for a plugin of several skills, keep them in a folder that "
        "holds nothing else of that kind, never the repository's top. The skill's zip still "
        "serves Claude.ai and the other install routes, and with marketplace.group_by the "
        "site's plugin zips carry each skill under skills/<name>/, where Claude Code reads no "
        "configuration.", stage="build")
declare("SC051", W, "plugin-name-collision",
        "Two different folders or metadata values (or a value and a skill's name) make the same "
        "Claude Code plugin name once lowercased with hyphens (a/b and a-b, tools_ and tools, "
        "PDF and pdf): the plugin is made for none of them, so that no skill joins a plugin "
        "others installed.",
        "Rename the folder or write the value so that each plugin name comes from one folder or "
        "value only (write the value exactly as the other skills of the plugin do), or choose "
        "another marketplace.group_by.", stage="build")
