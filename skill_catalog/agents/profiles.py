"""One profile per agent tool: which skills and instruction files it loads, as data.

Sources: ../shared/reference/agent-tools-discovery.md (tags [src] read in source, [doc] official
docs, [re] reverse engineered, [inf] inferred) and the seed design notes 000-004. A new tool is
one more entry in :data:`PROFILES`; docs/agents.md is generated from this table.
"""

from __future__ import annotations

from skill_catalog.agents.tool_profile import InstructionRules, Profile, Root, Verified
from skill_catalog.model import Budget
from skill_catalog.observed import claude_code, codex, copilot, gemini_cli, opencode

DEFAULT_PROFILE = "agent-cpp"
"""The tool ``skill-catalog instructions`` describes when none is named (seed 000)."""

_CLAUDE_DIR = "${CLAUDE_CONFIG_DIR:-~/.claude}"
_XDG = "${XDG_CONFIG_HOME:-~/.config}"
_CODEX_HOME = "${CODEX_HOME:-~/.codex}"
_GEMINI_HOME = "${GEMINI_CLI_HOME:-~}"
_OPENCODE_NO_CLAUDE = (
    "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS", "OPENCODE_DISABLE_CLAUDE_CODE",
    "OPENCODE_DISABLE_EXTERNAL_SKILLS")
_OPENCODE_NO_EXTERNAL = ("OPENCODE_DISABLE_EXTERNAL_SKILLS",)
_OPENCODE_NO_PROJECT = ("OPENCODE_DISABLE_PROJECT_CONFIG",)
_NO_CRUSH_DIR = ("CRUSH_SKILLS_DIR",)
_SPEC_REJECTS = ("frontmatter", "yaml", "name", "name-pattern", "name-is-folder", "description",
                 "description-length")
_CRUSH_REJECTS = ("frontmatter", "yaml", "metadata-strings", "name", "name-pattern-any-case",
                  "name-is-folder-any-case", "description", "description-length",
                  "compatibility-length")
# Crush's default context paths; Crush sorts them (byte order) before looking them up.
_CRUSH_CONTEXT = tuple(sorted((
    ".github/copilot-instructions.md", ".cursorrules", ".cursor/rules/**/*", "CLAUDE.md",
    "CLAUDE.local.md", "GEMINI.md", "gemini.md", "crush.md", "crush.local.md", "Crush.md",
    "Crush.local.md", "CRUSH.md", "CRUSH.local.md", "AGENTS.md", "agents.md", "Agents.md")))
_CRUSH_INSTRUCTIONS = InstructionRules(
    global_files=(Root(f"{_XDG}/crush/CRUSH.md", "global"), Root(f"{_XDG}/AGENTS.md", "global")),
    names=_CRUSH_CONTEXT, walk_up="none", casefold_paths=True)


def _each(prefix: str, folders: tuple[str, ...], suffix: str, scope: str,
          unless_env: tuple[str, ...] = ()) -> tuple[Root, ...]:
    return tuple(Root(f"{prefix}/{f}/{suffix}", scope, unless_env) for f in folders)


_PROFILES = (
    Profile(
        name="claude-code",
        title="Claude Code",
        source=f"[run] {claude_code.PACKAGE} {claude_code.VERSION} against a model stub "
               "(tests/test_realtools.py); [doc] code.claude.com docs (skills.md, memory.md)",
        roots=(
            Root("/etc/claude-code/.claude/skills", "managed",
                 unless_env=("CLAUDE_CODE_DISABLE_POLICY_SKILLS",), documented=True),
            Root(f"{_CLAUDE_DIR}/skills", "personal"),
            Root("{dir}/.claude/skills", "project"),
        ),
        walk_up="git-root",
        extra_template="{extra}/.claude/skills",
        extra_setting="--add-dir",
        same_file="realpath",
        key="folder",
        duplicates="scope-precedence",
        scope_order=("managed", "personal", "project", "extra"),
        budget=Budget(unit="chars", context_fraction=claude_code.CONTEXT_SHARE,
                      fallback=claude_code.DEFAULT_BUDGET,
                      per_entry_chars=claude_code.DESCRIPTION_CAP, strategy="drop-descriptions"),
        observed="claude-code",
        instructions=InstructionRules(
            global_files=(
                Root("/etc/claude-code/CLAUDE.md", "managed"),
                Root(f"{_CLAUDE_DIR}/CLAUDE.md", "personal"),
                Root(f"{_CLAUDE_DIR}/rules/*.md", "personal"),
            ),
            names=("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md", ".claude/rules/**/*.md"),
            walk_up="fs-root",
            order="root-first",
            unless_env=("CLAUDE_CODE_DISABLE_CLAUDE_MDS",),
        ),
        notes=(
            "[run] Precedence is personal > project, and a nearer project folder beats a "
            "farther one; the skill is known by its folder (`name` is only shown, as "
            "`folder (name)`). The managed folder (`/etc/claude-code`) comes first by the docs.",
            "[run] `.claude/skills` from the cwd up to the git root, or to `/` outside a "
            "repository; one level (`<name>/SKILL.md`), hidden folders read, linked folders and "
            "a linked SKILL.md followed, the same file reached twice loaded once. Category "
            "folders, skills inside skills, `skill.md` and `.claude/skills` below the cwd are "
            "not loaded at start. `.agents/skills` is not read.",
            "[run] Nothing is refused: YAML that does not parse is read leniently (an unquoted "
            "`: ` passes), no frontmatter means the first body line is the description, a "
            "byte order mark or CRLF is fine, any name goes. `disable-model-invocation` keeps "
            "a skill out of the model's listing (it stays a /command).",
            "[run] Listing order: personal, then each project folder from the cwd up, each "
            "sorted by folder as `localeCompare` sorts, then Claude Code's own skills. "
            "Budget: 30,000 characters with the default model, floor(context tokens x 4 x 1%) "
            f"for another (8,000 for 200,000 tokens), `{claude_code.BUDGET_ENV}` when set; "
            "its own skills take 6,074 first, then each skill keeps its description while it "
            "fits, in listing order (a fresh install has no usage history), else it is listed "
            "by name only. Descriptions are capped at 1,536 characters.",
            "[doc] `--add-dir` folders rank below the project.",
            "[inf] `~/.claude/CLAUDE.md` and `rules/` move with `CLAUDE_CONFIG_DIR`; "
            "`.claude/rules/**/*.md` is read in every ancestor, after CLAUDE.local.md.",
        ),
        unverified=frozenset({"extra_template"}),
        verified=Verified(claude_code.PACKAGE, claude_code.VERSION),
    ),
    Profile(
        name="opencode",
        title="OpenCode",
        source=f"[run] {opencode.PACKAGE} {opencode.VERSION} against a model stub "
               "(tests/test_realtools.py); "
               "[src] anomalyco/opencode packages/opencode/src/skill/index.ts, "
               "config/markdown.ts",
        roots=(
            Root("~/.claude/skills", "global", _OPENCODE_NO_CLAUDE, scan_hidden=True),
            Root("~/.agents/skills", "global", _OPENCODE_NO_EXTERNAL, scan_hidden=True),
            Root("{dir}/.claude/skills", "project", _OPENCODE_NO_CLAUDE, scan_hidden=True),
            Root("{dir}/.agents/skills", "project", _OPENCODE_NO_EXTERNAL, scan_hidden=True),
            Root(f"{_XDG}/opencode/skill", "global"),
            Root(f"{_XDG}/opencode/skills", "global"),
            Root("{dir}/.opencode/skill", "project", _OPENCODE_NO_PROJECT),
            Root("{dir}/.opencode/skills", "project", _OPENCODE_NO_PROJECT),
            Root("~/.opencode/skill", "global"),
            Root("~/.opencode/skills", "global"),
            Root("${OPENCODE_CONFIG_DIR}/skill", "global"),
            Root("${OPENCODE_CONFIG_DIR}/skills", "global"),
        ),
        walk_up="git-root",
        extra_template="{extra}",
        extra_setting="skills.paths (opencode.json)",
        min_depth=0,
        max_depth=None,
        scan_hidden=False,
        duplicates="last-wins",
        observed="opencode",
        instructions=InstructionRules(
            global_files=(
                Root(f"{_XDG}/opencode/AGENTS.md", "global"),
                Root("~/.claude/CLAUDE.md", "global",
                     ("OPENCODE_DISABLE_CLAUDE_CODE_PROMPT", "OPENCODE_DISABLE_CLAUDE_CODE")),
            ),
            global_pick="first",
            names=("AGENTS.md", "CLAUDE.md", "CONTEXT.md"),
            pick="first-name-anywhere",
            walk_up="git-root",
            no_git="fs-root",
            order="nearest-first",
        ),
        notes=(
            "[run] Load order: `~/.claude`, `~/.agents`, then `.claude` and `.agents` from the "
            "cwd up to the git worktree, then the config folders (`~/.config/opencode`, every "
            "`.opencode`, `~/.opencode`, `$OPENCODE_CONFIG_DIR`, `skill/` or `skills/`), then "
            "`skills.paths` ([src]); the skill loaded last wins, with only a logged warning. "
            "Skills load concurrently, and which of two same-named copies wins was seen to "
            "vary from run to run (project or home, `.claude` or `.opencode`, nearer or "
            "farther): the winner shown here is the last in the documented order.",
            "[run] Recursive (`**/SKILL.md`, a SKILL.md right in `skills/` too), linked folders "
            "and a linked SKILL.md followed; hidden folders are read under `.claude`/`.agents` "
            "but not under the config folders.",
            "[run] Loaded as long as `name` and `description` are strings: no name pattern, no "
            "folder match, no length limit, an empty description listed, a byte order mark or "
            "CRLF fine, `disable-model-invocation` ignored. YAML that does not parse is read "
            "again with each value holding a colon made a block; a number, a date or no "
            "frontmatter is not loaded.",
            "[run] The listing is sorted by name (`localeCompare`), values as written (only "
            "the location is escaped), OpenCode's own `customize-opencode` among them. No "
            "budget.",
            "[src] Outside a repository the worktree is `/`, so the walk goes to the "
            "filesystem root. Instruction files: the first name among AGENTS.md, CLAUDE.md, "
            "CONTEXT.md with any match wins, and every match of it up to the worktree loads.",
        ),
        unverified=frozenset({"duplicates", "extra_template"}),
        verified=Verified(opencode.PACKAGE, opencode.VERSION),
    ),
    Profile(
        name="codex",
        title="Codex CLI",
        source=f"[run] {codex.PACKAGE} {' and '.join(codex.CHECKED)} against a model stub "
               "(tests/test_realtools.py); "
               "[src] openai/codex codex-rs/core-skills/src/loader.rs, project_doc.rs",
        roots=(
            Root("{dir}/.codex/skills", "repo", order="nearest-first"),
            Root(f"{_CODEX_HOME}/skills", "user"),
            Root("~/.agents/skills", "user"),
            Root(f"{_CODEX_HOME}/skills/.system", "system", follow_links=False),
            Root("/etc/codex/skills", "admin", documented=True),
            Root("{dir}/.agents/skills", "repo"),
        ),
        walk_up="git-root",
        no_git="cwd",
        walk_order="root-first",
        extra_template="{extra}",
        extra_setting="extra user roots (app-server API)",
        min_depth=0,
        max_depth=codex.MAX_DEPTH,
        scan_hidden=False,
        follow_file_links=False,
        same_file="realpath",
        key="name-or-folder",
        duplicates="keep-all",
        scope_order=("system", "admin", "repo", "user", "extra"),
        budget=Budget(unit="tokens", context_fraction=codex.CONTEXT_PERCENT / 100,
                      fallback=codex.DEFAULT_BUDGET, per_entry_chars=codex.MAX_DESCRIPTION,
                      strategy="truncate-descriptions"),
        observed="codex",
        instructions=InstructionRules(
            global_files=(Root(f"{_CODEX_HOME}/AGENTS.override.md", "global"),
                          Root(f"{_CODEX_HOME}/AGENTS.md", "global")),
            global_pick="first",
            names=("AGENTS.override.md", "AGENTS.md"),
            pick="first-per-folder",
            walk_up="git-root",
            no_git="cwd",
            order="root-first",
            skip_empty=True,
        ),
        notes=(
            "[run] Skills with the same name are all kept (one real SKILL.md once) and listed "
            "bundled (system) first, then admin, repo and user, each by name and path.",
            "[run] `.codex/skills` of each `.codex` folder from the cwd up to the project root "
            "(nearest first), `$CODEX_HOME/skills`, `~/.agents/skills`, the bundled "
            "`$CODEX_HOME/skills/.system`, `/etc/codex/skills` ([src], not run), then "
            "`.agents/skills` from the project root (nearest `.git`; outside one, the cwd) down "
            "to the cwd.",
            "[run] Breadth-first, at most 6 folders deep, in directory order; every name "
            "starting with `.` is skipped; linked folders are followed (not in `.system`); a "
            "SKILL.md that is itself a link is ignored (openai/codex#11332).",
            "[run] Not loaded: no frontmatter (a byte order mark or a leading blank line hides "
            "it), YAML that does not parse even with its values quoted, a name over 64 "
            "characters, a missing or empty description. `name` falls back to the folder; a "
            "description over 1,024 characters is cut to 1,021 and `...`; "
            "`disable-model-invocation` is ignored.",
            f"[run] `{codex.METADATA}` beside SKILL.md: `policy: {{allow_implicit_invocation: "
            "false}` keeps a skill out of the listing (it still loads, for `$name`); "
            "`policy.products` without `codex` (of chatgpt, codex, atlas) keeps the CLI from "
            "loading it. A file that is not exactly that shape is ignored whole (the skill is "
            "listed): a quoted or `no` value, a known key twice, a list where text goes, an "
            "unknown product, two documents, YAML that does not parse, text that is not UTF-8. "
            "Codex's own `review-agent` and `create-statusline` are such skills.",
            "[run] Budget: 2% of the context window in tokens of 4 bytes (272,000 tokens, so "
            "5,440, for a model Codex has no metadata for), shared with its bundled skills; "
            "over it the longest descriptions are cut to one common length, and if even bare "
            "lines do not fit every description goes and the lines that do not fit are left "
            "out.",
            "[src] Instruction files: `$CODEX_HOME/AGENTS.override.md` else `AGENTS.md`; then, "
            "root to cwd, the first of AGENTS.override.md / AGENTS.md per folder; empty files "
            "are skipped; reading stops at 32 KiB (not modelled).",
        ),
        unverified=frozenset({"extra_template"}),
        verified=Verified(codex.PACKAGE, codex.VERSION, also=codex.ALSO),
    ),
    Profile(
        name="crush",
        title="Crush",
        source="[src] charmbracelet/crush internal/skills, internal/config/load.go @37f36e93",
        roots=(
            Root("${CRUSH_SKILLS_DIR}", "global"),
            Root(f"{_XDG}/crush/skills", "global", _NO_CRUSH_DIR),
            Root(f"{_XDG}/agents/skills", "global", _NO_CRUSH_DIR),
            Root("~/.agents/skills", "global", _NO_CRUSH_DIR),
            Root("~/.claude/skills", "global", _NO_CRUSH_DIR),
            *_each("{cwd}", (".agents", ".crush", ".claude", ".cursor"), "skills", "project"),
            *_each("{root}", (".agents", ".crush", ".claude", ".cursor"), "skills", "project"),
        ),
        walk_up="none",
        extra_template="{extra}",
        extra_setting="options.skills_paths (crush.json)",
        extra_first=True,
        min_depth=0,
        max_depth=None,
        duplicates="sorted-path-last-wins",
        rejects=_CRUSH_REJECTS,
        instructions=_CRUSH_INSTRUCTIONS,
        notes=(
            "[src] With `CRUSH_SKILLS_DIR` set, it is the only global folder. Project folders "
            "are the four in the cwd and the same four at the git root; none in between.",
            "[src] Fully recursive walk that follows linked folders and reads hidden ones; the "
            "same file reached through two links loads twice.",
            "[src] Rejected (not loaded): a name that is not letters, digits and single "
            "hyphens, longer than 64, or not equal to its folder ignoring case; a missing or "
            "too long description; compatibility over 500 characters; a `metadata` value that "
            "is a list or a mapping (yaml.v3 into `map[string]string` takes any scalar as "
            "text, so a number or a boolean loads).",
            "[inf] Duplicates: all skills are sorted by lower-cased folder path, then name, and "
            "the last of each name is kept - so `~/.config/crush/skills/x` beats "
            "`~/.claude/skills/x`, and a project under `/opt` loses to a home under `/root`.",
            "[inf] Context files: a lower-case variant (`agents.md`) is never read because the "
            "upper-case one claims its key first; the files are emitted in map order "
            "(nondeterministic), shown here sorted. A first line other than `---` after blank "
            "lines is accepted by Crush but rejected here.",
        ),
        inferred=frozenset({"duplicates"}),
    ),
    Profile(
        name="gemini-cli",
        title="Gemini CLI",
        source=f"[run] {gemini_cli.PACKAGE} {gemini_cli.VERSION} against a model stub "
               "(tests/test_realtools.py); "
               "[src] packages/core/src/skills/skillLoader.ts, skillManager.ts",
        roots=(
            Root(f"{_GEMINI_HOME}/.gemini/skills", "user"),
            Root(f"{_GEMINI_HOME}/.agents/skills", "user"),
            Root("{cwd}/.gemini/skills", "workspace"),
            Root("{cwd}/.agents/skills", "workspace"),
        ),
        walk_up="none",
        min_depth=0,
        max_depth=1,
        scan_hidden=False,
        skip_dirs=frozenset({"node_modules", ".git"}),
        duplicates="last-wins",
        observed="gemini-cli",
        instructions=InstructionRules(
            global_files=(Root(f"{_GEMINI_HOME}/.gemini/GEMINI.md", "global"),),
            names=("GEMINI.md",),
            walk_up="git-root",
            no_git="cwd",
            order="root-first",
        ),
        notes=(
            "[run] Later folders override earlier ones (user, then workspace; `.agents` after "
            "`.gemini`), with a 'Skill conflict detected' warning, and the winner keeps the "
            "place of the first skill of its name. Home is `$GEMINI_CLI_HOME` or the user's "
            "home. Workspace skills load only in a trusted folder (assumed trusted here). No "
            "walk-up.",
            "[run] `SKILL.md` in the folder and `*/SKILL.md` one level down, in reverse name "
            "order as node-glob returns them in most runs (its walk is asynchronous: under load "
            "a folder's skills can come in another order); hidden folders skipped; linked "
            "folders and files followed.",
            "[run] Needs `name` and `description`: as YAML strings, or else read by a line "
            "parser (last `name:` / `description:` line, unquoted colons pass). No name pattern "
            "or folder check; an empty description is listed; `:\\/<>*?\"|` in a name become "
            "`-`. A byte order mark defeats the `^---` frontmatter pattern. Nothing is escaped "
            "and there is no budget.",
            "[inf] GEMINI.md outside a repository: only the cwd is searched.",
        ),
        verified=Verified(gemini_cli.PACKAGE, gemini_cli.VERSION),
    ),
    Profile(
        name="copilot",
        title=copilot.TITLE,
        source="[src] microsoft/vscode promptFileLocations.ts, promptFilesLocator.ts; [doc] "
               "code.visualstudio.com agent-skills",
        roots=(
            *_each("{cwd}", copilot.SKILL_FOLDERS, "skills", "workspace"),
            *_each("~", copilot.USER_FOLDERS, "skills", "user"),
        ),
        walk_up="none",
        extra_template="{extra}",
        extra_setting=copilot.EXTRA_SETTING,
        rejects=("frontmatter", "yaml", "name", "name-is-folder", "description"),
        budget=Budget(unit="chars", fixed=copilot.BUDGET_CHARS, strategy="omit-entries"),
        instructions=InstructionRules(
            names=copilot.INSTRUCTION_FILES,
            walk_up="none",
        ),
        notes=(
            "[src] One level: each child folder of a skills folder with a SKILL.md; category "
            "folders unsupported (vscode#324646). Workspace root only, unless "
            "`chat.useCustomizationsInParentRepositories` (off by default) walks up to the "
            "repository root.",
            "[doc] 'If the name does not match [the folder], the skill is not loaded'; skills "
            "without a description are excluded from the model's list.",
            "[src] Over the 15,000-character budget the rest are listed by name only "
            "('Additional skills available ...'). Copilot CLI drops `~/.claude/skills`.",
            "[inf] Precedence between same-named skills is undocumented: workspace folders "
            "are taken before user folders, first found wins. Hidden folders and symbolic "
            "links are assumed read.",
        ),
        inferred=frozenset({"duplicates", "scan_hidden", "follow_dir_links"}),
    ),
    Profile(
        name="goose",
        title="Goose",
        source="[src] block/goose crates/goose/src/skills/mod.rs; [doc] using-skills.md",
        roots=(
            *_each("{cwd}", (".agents", ".goose", ".claude"), "skills", "project"),
            Root("~/.agents/skills", "global"),
            Root(f"{_XDG}/goose/skills", "global"),
            Root("~/.claude/skills", "global"),
            Root(f"{_XDG}/agents/skills", "global"),
        ),
        walk_up="none",
        min_depth=0,
        max_depth=None,
        skip_dirs=frozenset({".git", ".hg", ".svn"}),
        same_file="realpath",
        rejects=("frontmatter", "yaml", "name", "name-no-slash"),
        instructions=InstructionRules(
            global_files=(Root(f"{_XDG}/goose/AGENTS.md", "global"),
                          Root(f"{_XDG}/goose/.goosehints", "global")),
            names=("AGENTS.md", ".goosehints"),
            walk_up="git-root",
            no_git="cwd",
            order="root-first",
        ),
        notes=(
            "[src] First seen name wins, in the order listed: project folders of the cwd "
            "(no walk-up) before global ones; built-in skills last.",
            "[src] Recursive walk following symbolic links with a cycle guard; skips only "
            "`.git`, `.hg`, `.svn`.",
            "[src] `name` is required and may not contain `/`; the description may be empty; "
            "no folder match check.",
            "[inf] `~/.config` honours XDG_CONFIG_HOME; hints are read root first, and outside "
            "a repository only in the cwd. `CONTEXT_FILE_NAMES` (a JSON list replacing "
            "AGENTS.md/.goosehints) is not modelled.",
        ),
        inferred=frozenset({"min_depth"}),
    ),
    Profile(
        name="cursor",
        title="Cursor",
        source="[doc] cursor.com/docs/context/skills",
        roots=(
            *_each("{cwd}", (".agents", ".cursor", ".claude", ".codex"), "skills", "project"),
            *_each("~", (".cursor", ".claude", ".codex"), "skills", "user"),
        ),
        walk_up="none",
        rejects=("frontmatter", "yaml", "name", "name-pattern", "name-is-folder",
                 "description"),
        instructions=InstructionRules(names=("AGENTS.md", ".cursor/rules/**/*.mdc")),
        notes=(
            "[doc] `<name>/SKILL.md`; `name` required, lowercase letters, digits and hyphens, "
            "matching its folder; `description` required.",
            "[inf] Closed source and the docs are silent on walk-up, precedence, hidden "
            "folders and links: no walk-up, project before user, first found wins, both read.",
        ),
        inferred=frozenset({"walk_up", "duplicates", "scan_hidden", "follow_dir_links"}),
    ),
    Profile(
        name="agents",
        title="Shared .agents convention",
        source="[doc] vercel-labs/skills#23, agents.md; the folder most tools share",
        roots=(Root("{dir}/.agents/skills", "project"), Root("~/.agents/skills", "user")),
        walk_up="git-root",
        no_git="cwd",
        rejects=_SPEC_REJECTS,
        instructions=InstructionRules(names=("AGENTS.md",), walk_up="git-root", no_git="cwd",
                                      order="root-first"),
        notes=(
            "[inf] Not a tool but the convention Codex, OpenCode, Gemini CLI, Copilot, Goose, "
            "Cursor and Crush all read: `.agents/skills/<name>/SKILL.md` in the project (up to "
            "the git root) and `~/.agents/skills`, judged by the Agent Skills spec (name "
            "pattern, name equals folder, description required). Project beats user, nearer "
            "beats farther.",
            "[doc] AGENTS.md: every file from the repository root down to the cwd; the nearest "
            "comes last and so takes precedence.",
        ),
        inferred=frozenset({"walk_up", "no_git", "duplicates"}),
    ),
    Profile(
        name="agent-cpp",
        title="agent-cpp",
        source="seed 000: agent-cpp Skill system design (src/skill/skill.cpp, core/config.cpp)",
        roots=(
            *_each("{dir}", (".agent-cpp", ".agents", ".claude", ".opencode"), "skills",
                   "project"),
            Root("~/.config/agent-cpp/skills", "global"),
            Root("~/.agents/skills", "global"),
            Root("~/.claude/skills", "global"),
            Root("~/.config/opencode/skills", "global"),
        ),
        walk_up="git-root",
        no_git="fs-root",
        extra_template="{extra}",
        extra_setting="skill_paths",
        rejects=_SPEC_REJECTS,
        instructions=InstructionRules(
            global_files=(
                Root("~/.config/agent-cpp/AGENTS.md", "global"),
                Root("~/.agents/AGENTS.md", "global"),
                Root("~/.claude/CLAUDE.md", "global"),
                Root("~/.config/opencode/AGENTS.md", "global"),
            ),
            names=("AGENTS.md", ".agent-cpp/AGENTS.md", ".agents/AGENTS.md",
                   ".opencode/AGENTS.md", "CLAUDE.md", ".claude/CLAUDE.md"),
            walk_up="git-root",
            no_git="fs-root",
            order="root-first",
        ),
        notes=(
            "Seed 000: from the cwd up to the git root (a folder holding `.git`, a folder or a "
            "worktree file; outside a repository up to `/`), each folder's `.agent-cpp`, "
            "`.agents`, `.claude`, `.opencode` skills folders, then the four global ones, then "
            "`skill_paths`. First found wins, so project beats global and `.agent-cpp` > "
            "`.agents` > `.claude` > `.opencode` within a folder.",
            "Seed 000: a SKILL.md without frontmatter, with an invalid name (not "
            "`^[a-z0-9]+(-[a-z0-9]+)*$`, over 64) or a name unlike its folder is skipped with a "
            "warning; description 1-1024 characters is required.",
            "Seed 000: instruction files load global first, then from the farthest parent to "
            "the cwd, every one of the six names found in each folder.",
            "[inf] Hidden skill folders and symbolic links are read (std::filesystem "
            "follows links by default).",
        ),
        inferred=frozenset({"scan_hidden", "follow_dir_links", "follow_file_links"}),
    ),
    Profile(
        name="crush-seed",
        title="Crush (seed 001)",
        source="seed 001: Crush Agent Skills implementation notes (internal/skills/skills.go)",
        roots=(
            Root("${CRUSH_SKILLS_DIR}", "global"),
            Root(f"{_XDG}/crush/skills", "global", _NO_CRUSH_DIR),
            Root(f"{_XDG}/agents/skills", "global"),
        ),
        extra_template="{extra}",
        extra_setting="options.skills_paths (crush.json)",
        extra_first=True,
        min_depth=0,
        max_depth=None,
        duplicates="keep-all",
        rejects=("lf-fence", *_CRUSH_REJECTS),
        notes=(
            "Seed 001: the global folders are `$CRUSH_SKILLS_DIR` alone when set, else "
            "`$XDG_CONFIG_HOME/crush/skills` (or `~/.config/crush/skills`), 'and' "
            "`<configBase>/agents/skills`; no project folders unless configured in "
            "`skills_paths` (merged with the defaults).",
            "Seed 001: fastwalk with Follow over each folder (recursive, links followed); "
            "Parse + Validate must pass (name pattern, <= 64, equal to the folder ignoring "
            "case, description <= 1024, compatibility <= 500); the frontmatter must start with "
            "'---\\n'; a path is processed once, so same-named skills are all kept.",
            "[inf] `<configBase>/agents/skills` is added even when CRUSH_SKILLS_DIR is set; "
            "configured paths come first; hidden folders are read. The seed does not describe "
            "instruction files.",
        ),
        inferred=frozenset({"extra_first", "scan_hidden"}),
    ),
    Profile(
        name="agent-core",
        title="agent-core",
        source="seed 002: agent-core Skill mechanism (environment/skills/skill-loader.ts)",
        roots=(Root("~/.config/tong_work/agent-core/environments/${AGENT_CORE_ENV}/skills",
                    "environment"),),
        follow_dir_links=False,
        file_names=("skill.md",),
        key="folder",
        duplicates="last-wins",
        rejects=("lf-fence", "no-bom", "frontmatter", "yaml", "name", "description"),
        notes=(
            "Seed 002: one folder, `skills/` of the active environment "
            "(`~/.config/tong_work/agent-core/environments/<env>/skills`); each child folder's "
            "lowercase `skill.md` (a `SKILL.md` is not found on a case-sensitive filesystem). "
            "The skill's id is its folder name.",
            "Seed 002: the frontmatter must match `^---\\n([\\s\\S]*?)\\n---` (so CRLF files and "
            "files with a byte order mark are skipped) and hold truthy `name` and "
            "`description`.",
            "The active environment comes from agent-core's config (`activeEnvironment`); here "
            "it is read from the variable AGENT_CORE_ENV (our convention), and without it "
            "no folder is searched.",
            "[inf] `Dirent.isDirectory()` is false for a symbolic link, so linked skill folders "
            "are skipped; hidden folders are read. No instruction files.",
        ),
        inferred=frozenset({"follow_dir_links", "scan_hidden"}),
    ),
    Profile(
        name="shipmyagent",
        title="ShipMyAgent",
        source="seed 003: ShipMyAgent Claude Code-compatible skills (runtime/skills/*.ts)",
        roots=(Root("{cwd}/.claude/skills", "project"),),
        extra_template="{extra}",
        extra_setting="skills.paths (ship.json)",
        scan_hidden=False,
        key="folder",
        skills_layer=True,
        project_only=True,
        instructions=InstructionRules(names=("Agent.md",)),
        notes=(
            "Seed 003: `.claude/skills` of the project root plus `skills.paths` (relative to "
            "the project, `~` expanded); a root not named `skills` holding a `skills/` folder is "
            "read there; hidden folders are skipped; linked folders are followed when they "
            "point at a folder.",
            "Seed 003: roots outside the project are skipped unless `allowExternalPaths` is "
            "true. The id is the folder name; `name` defaults to it and the description may be "
            "empty, so no frontmatter problem keeps a skill out. The prompt lists at most 40.",
            "[inf] The project root is the cwd; same-named ids: first root wins; broken YAML "
            "leaves the metadata empty rather than skipping the skill. `Agent.md` in the "
            "project root is the system prompt file.",
        ),
        inferred=frozenset({"duplicates", "rejects"}),
    ),
    Profile(
        name="openseed",
        title="openseed",
        source="seed 004: openseed Skills design (core/skills/skills_manager.py)",
        roots=(Root("${DOCUMENT_ROOT:-{cwd}}/skills", "document-root"),),
        key="folder",
        key_casefold=True,
        notes=(
            "Seed 004: one root, `DOCUMENT_ROOT/skills`; every child folder holding SKILL.md "
            "is a skill named by its folder; `load_skill` matches the name exactly but "
            "ignoring case, so `Data-Analysis` and `data-analysis` are one skill.",
            "[inf] DOCUMENT_ROOT comes from openseed's backend config; here from the variable "
            "of that name, else the cwd. Folders are taken in sorted order and the first "
            "match wins. Invalid frontmatter is tolerated by `list_skills` (the seed leaves "
            "skipping open), so nothing is rejected. No instruction files.",
        ),
        inferred=frozenset({"duplicates", "rejects", "scan_hidden", "follow_dir_links"}),
    ),
)

PROFILES: dict[str, Profile] = {p.name: p for p in _PROFILES}
"""Every known tool profile by name, in documentation order."""
