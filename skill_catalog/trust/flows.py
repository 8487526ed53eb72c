"""Flows a line-at-a-time check cannot see (issue 35, fifth round): what a program downloads
or reads reaching, statements later, what it runs or sends, in any language (Go, Node, Ruby,
Python, PowerShell...); a shell reached through a name (``$(command -v bash)``, an alias, a
command assembled from pieces); and flows across a skill's own files (a download saved by one
script and run by another, a script that sends what a file of the skill names, a file sourced
for its variables).

Every function reads its text once, a statement at a time, with its state capped
(:data:`CAP` names): linear in the text, bounded in what it reports."""

from __future__ import annotations

import fnmatch
import re
import shlex
from collections.abc import Iterator

from skill_catalog.trust import code as risky
from skill_catalog.trust.segments import SHELL_FENCES
from skill_catalog.trust.vendors import vendor_installer

_I = re.IGNORECASE
CAP = 64
"""Names (variables, files) a flow tracks at most."""
MAX_STATEMENT_LINES = 30
"""Lines a statement whose brackets are still open is joined over, at most."""

NET_CALL = re.compile(
    r"\bhttps?\.(?:get|request)\s*\(|\bhttp\.(?:Get|Post|PostForm|Head|NewRequest\w*)\s*\(|"
    r"\bfetch\s*\(|\baxios\b|\burlopen\s*\(|\burlretrieve\s*\(|"
    r"\b(?:requests|httpx|session|client)\.(?:get|post|put|patch|request)\s*\(|"
    r"\bRequest\s*\(\s*['\"]https?://|\bURI\.open\b|\bopen\s*\(\s*['\"]https?://|"
    r"\bNet::HTTP\b|\b(?:Download|Upload)(?:String|File|Data)\s*\(|\bInvoke-(?:RestMethod|"
    r"WebRequest)\b|\b(?:irm|iwr)\s|\bHttpClient\b|\bfile_get_contents\s*\(\s*['\"]https?:|"
    r"\bcurl_exec\b|\bLWP::|\bHTTP::Tiny\b|\breqwest::|\bureq::|\bRestClient\.|\bHTTParty\.|"
    r"\bFaraday\.", _I)
"""A request over the network in a program (Go, Node, Python, Ruby, PowerShell, PHP, Perl,
Rust): what a statement downloads from, or sends to."""
_PROGRAM_CALL = re.compile(
    r"(?:\bexec\.Command(?:Context)?|\bexec(?:File)?Sync|\bexecFile|\bspawn(?:Sync)?|"
    r"\bsubprocess\.\w+|\bos\.(?:system|exec\w*|spawn\w*|popen|startfile)|\bPopen|\bsystem|"
    r"\bProcess\.Start|\bIO\.popen|\bKernel\.(?:system|exec|spawn)|\bOpen3\.\w+|\bshell_exec|"
    r"\bpassthru|\bproc_open|\bCommand::new)\s*\(\s*|\bStart-Process\s+(?:-FilePath\s+)?|"
    r"(?:^|[;{(|]\s*)&\s*(?=[$'\"])")
"""A call that runs a program: the program (or the script an interpreter is given) comes
next."""
_EVAL_CALL = re.compile(
    r"\b(?:eval|exec|instance_eval|class_eval|module_eval|execfile|run_path|runInThisContext|"
    r"runInNewContext|runInContext)\s*\(|\beval\s+[\w$(]|\bnew\s+(?:Function|vm\.Script)\s*\(|"
    r"\b(?:iex|Invoke-Expression)\b|\[scriptblock\]::Create\s*\(|"
    r"\|\s*&\s*\(\s*(?:gal|Get-Alias|gcm|Get-Command)\b", _I)
"""A call that runs code it is given as text."""
_EVALERS = re.compile(
    r"=\s*(?:getattr\s*\(\s*(?:builtins|__builtins__)\b|(?:builtins\.|__builtins__\.)?"
    r"(?:exec|eval)\s*$|__import__\s*\(\s*['\"]builtins['\"]\s*\)\.(?:exec|eval)\b|"
    r"(?:globals|vars)\s*\(\s*\)\s*\[\s*['\"]__builtins__|"
    r"getattr\s*\(\s*[\w.]+\s*,\s*['\"][^'\"\n]{0,20}['\"]\s*\+)")
"""A name given Python's ``exec`` or ``eval`` (``run = getattr(builtins, 'ex' + 'ec')``), or
any function looked up by a name assembled from pieces (``getattr(m, 'sys' + 'tem')``): calling
it runs code, or runs what it is given."""
_LHS = re.compile(
    r"^\s*(?:(?:const|let|var|local|my|our|export|auto|final)\s+)?"
    r"(\$?[A-Za-z_][\w]*(?:\s*,\s*\$?[A-Za-z_][\w]*){0,4})\s*(?::=|\+=|=(?![=~>]))")
_TOKEN = re.compile(r"'([^'\n]{1,200})'|\"([^\"\n]{1,200})\"|(\$?[A-Za-z_][\w]*)")
_INTERPRETER = re.compile(r"(?:ba|z|da|k)?sh|python[0-9.]*|node|ruby|perl|php|pwsh|"
                          r"powershell(?:\.exe)?|cmd(?:\.exe)?|bun|deno", _I)
"""An interpreter's name (the last part of its path)."""
_VERIFIED = re.compile(r"\bhashlib\b|\bsha(?:256|512)\b|\bchecksum\b|\bGet-FileHash\b|"
                       r"\bgpg\b|\bcosign\b|\bminisign\b|VerifySignature|crypto\.createHash", _I)
_CODE_FENCES = frozenset({"python", "py", "python3", "javascript", "js", "node", "typescript",
                          "ts", "mjs", "ruby", "rb", "go", "golang", "powershell", "ps1", "pwsh",
                          "php", "perl", "rust", "rs", "java", "kotlin", "csharp", "cs", "lua"})
_CODE_SUFFIXES = (".py", ".pyw", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rb", ".rake",
                  ".go", ".ps1", ".psm1", ".php", ".pl", ".rs", ".java", ".kt", ".cs", ".lua",
                  ".gemspec")
_SERVICE_OF = (("hosts.yml", "GITHUB"), ("gh/", "GITHUB"), ("npmrc", "NPM"), ("pypirc", "PYPI"),
               ("docker", "DOCKER"), ("gcloud", "GOOGLE"), ("application_default", "GOOGLE"),
               (".aws", "AWS"), ("gem/credentials", "RUBYGEMS"))
_URL = re.compile(r"https?://[^\s'\"`)]+", _I)
_NOISE = frozenset({"err", "_", "ok", "self", "this", "nil", "None", "null", "true", "false",
                    "True", "False", "require", "import", "return", "new", "await", "const",
                    "let", "var", "if", "for", "in", "do", "end", "then", "else", "def",
                    "func", "function", "string", "str", "int", "bytes", "len", "print", "puts"})


def is_code_file(relpath: str) -> bool:
    """A program of a language the shell checks do not read as such (by its name)."""
    return relpath.lower().endswith(_CODE_SUFFIXES)


def code_fence(info: str) -> bool:
    """A fenced block labelled with a programming language other than the shell's."""
    return info in _CODE_FENCES


def statements(text: str) -> Iterator[tuple[int, str]]:
    """(offset, statement): each line, joined with the next ones while its parentheses or
    square brackets stay open (at most :data:`MAX_STATEMENT_LINES` lines; a line opening a
    block, ``{``, ends one): a call written over several lines is one."""
    offset = 0
    start = 0
    depth = 0
    pending: list[str] = []
    for raw in text.split("\n"):
        if not pending:
            start = offset
        offset += len(raw) + 1
        stripped = raw.strip()
        if not pending and (not stripped or (stripped.startswith(("#", "//", "--"))
                            and not stripped.startswith("#!"))):
            continue
        pending.append(raw)
        depth += raw.count("(") + raw.count("[") - raw.count(")") - raw.count("]")
        if depth > 0 and len(pending) < MAX_STATEMENT_LINES and len(raw) <= risky.MAX_LINE \
                and not stripped.endswith("{"):
            continue
        yield start, " ".join(pending)[: risky.MAX_LINE * 3]
        pending, depth = [], 0
    if pending:
        yield start, " ".join(pending)[: risky.MAX_LINE * 3]


def _tokens(statement: str) -> list[str]:
    """The names and the quoted strings of a statement, in order (strings unquoted)."""
    return [m.group(1) or m.group(2) or m.group(3) for m in _TOKEN.finditer(statement)]


def _paths(statement: str) -> list[str]:
    """The quoted strings of a statement that may name a file (no URL, no space)."""
    return [t for t in (m.group(1) or m.group(2) for m in _TOKEN.finditer(statement)
                        if m.group(1) or m.group(2))
            if t and " " not in t and "://" not in t and ("/" in t or "." in t) and len(t) > 2]


def _programs(statement: str) -> Iterator[str]:
    """What each program-running call of ``statement`` runs: the program, or the script an
    interpreter is given (``system('bash', '/tmp/x.sh')``, ``exec.Command("/tmp/pp")``,
    ``subprocess.run(["sh", path])``, ``execSync('.bin/tool --yes')``)."""
    for call in _PROGRAM_CALL.finditer(statement):
        tokens = _tokens(statement[call.end(): call.end() + 300])[:5]
        while tokens and tokens[0] in ("ctx", "context", "cmd", "args", "FilePath"):
            tokens = tokens[1:]
        if not tokens:
            continue
        words = tokens[0].split()
        first = words[0] if words else ""
        if _INTERPRETER.fullmatch(first.rsplit("/", 1)[-1]):
            rest = words[1:] + tokens[1:]
            rest = [w for w in rest if not w.startswith("-")]
            if rest:
                yield rest[0].split()[0] if rest[0].split() else rest[0]
            continue
        yield first


class _Taint:
    """Names (variables, quoted file names) holding what a statement downloaded or read."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[str, str]] = {}  # name -> (kind, what)
        self.assigned: dict[str, list[str]] = {}  # a variable -> the file names set with it
        self.evalers: set[str] = set()

    def mention(self, statement: str) -> tuple[str, str, str] | None:
        """(name, kind, what) of the first name held that ``statement`` mentions."""
        if not self.held:
            return None
        for token in _tokens(statement):
            found = self.held.get(token)
            if found is not None:
                return token, *found
        return None

    def add(self, name: str, kind: str, what: str) -> None:
        if name not in _NOISE and len(self.held) < CAP:
            self.held.setdefault(name, (kind, what))
            for path in self.assigned.get(name, ()):
                self.held.setdefault(path, (kind, what))


_CALLBACK = re.compile(r"\(\s*([A-Za-z_$][\w$]*)\s*(?:,[^()]{0,80})?\)\s*=>|"
                       r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*=>|\bfunction\s*\(\s*([A-Za-z_$][\w$]*)|"
                       r"\|\s*([A-Za-z_]\w*)\s*[|,]")
"""The parameter of a callback or block given what a request returns (``https.get(url, res =>
...)``, ``Net::HTTP.start(...) { |h| ...}``)."""


_LOOP_VARIABLES = re.compile(r"^\s*for\s+(?:_\s*,\s*)?\$?([A-Za-z_]\w*)(?:\s*,\s*\$?[A-Za-z_]\w*)?"
                             r"\s*(?::=\s*range\b|\bin\b|\bof\b)")


def _lhs(statement: str) -> list[str]:
    """The names a statement assigns: ``x =``, ``a, b :=``, a loop's variable."""
    loop = _LOOP_VARIABLES.match(statement)
    if loop is not None:
        return [loop.group(1)]
    match = _LHS.match(statement)
    if match is None:
        return []
    return [n.strip() for n in match.group(1).split(",") if n.strip()]


def _own_service(what: str, statement: str) -> bool:
    """The credential ``what`` goes to a host of its own service on ``statement``."""
    for part, service in _SERVICE_OF:
        if part in what.lower():
            words = risky._SERVICE_HOSTS.get(service, (service.lower(),))
            hosts = [risky._host(u) for u in _URL.findall(statement)]
            return bool(hosts) and all(risky._own_host(h, words) for h in hosts)
    return False


def script_hits(text: str) -> Iterator[risky.CodeHit]:
    """Flows across the statements of a program (any language): something downloaded
    reaching a call that runs it as a program or as code (``http.Get`` .. ``os.WriteFile`` ..
    ``exec.Command``; ``https.get`` into a stream .. ``execSync``; ``exec`` reached through
    ``getattr(builtins, ...)``), with no checksum checked in the file (ST020); credentials or
    the whole environment reaching a request, as its body, its URL or a header, to a host that
    is not the credential's own service (ST023)."""
    if NET_CALL.search(text) is None:
        return
    verified = _VERIFIED.search(text) is not None
    taint = _Taint()
    ran = sent = False
    for offset, statement in statements(text):
        if ran and sent:
            return
        net = NET_CALL.search(statement)
        mentioned = taint.mention(statement)
        lhs = _lhs(statement)
        if _EVALERS.search(statement):
            taint.evalers.update(lhs)
        secret = None
        if any(w in statement.lower() for w in (*risky._CREDENTIAL_KW, "to_h", "process.env")):
            # path pieces joined in code (``Path.home() / ".aws" / "credentials"``) read joined
            secret = risky.CREDENTIAL.search(statement) or risky.CREDENTIAL.search(
                risky._JOIN_PARTS.sub("/", statement)) or risky.ENV_DUMP.search(statement)
        # what runs it
        if not ran and not verified:
            downloaded = mentioned if mentioned and mentioned[1] == "download" else None
            program = next((p for p in _programs(statement)
                            if taint.held.get(p, ("", ""))[0] == "download"), None)
            evals = _EVAL_CALL.search(statement) or any(
                re.search(rf"(?<![\w.$]){re.escape(name)}\s*\(", statement)
                for name in taint.evalers)
            if program is not None:
                ran = True
                yield risky.CodeHit("ST020", offset, statement.strip()[:200],
                                    f"runs {program!r}, downloaded from "
                                    f"{taint.held[program][1]} earlier in the program, with no "
                                    "checksum or signature checked")
            elif evals and (downloaded or (net and not lhs and "=" not in statement[
                    :net.start()].replace("==", ""))):
                ran = True
                where = downloaded[2] if downloaded else _where(statement)
                yield risky.CodeHit("ST020", offset, statement.strip()[:200],
                                    f"runs code downloaded from {where} as it is served")
        # what sends it
        if net and not sent:
            leaked = secret.group().strip() if secret is not None else (
                mentioned[2] if mentioned and mentioned[1] == "credential" else None)
            if leaked and not _own_service(leaked, statement):
                sent = True
                yield risky.CodeHit("ST023", offset, statement.strip()[:200],
                                    f"sends {leaked!r}, read from the machine, in a request "
                                    f"to {_where(statement)}")
                continue
        # what holds it now
        if secret is not None:
            kind, what = "credential", secret.group().strip()
        elif net:
            kind, what = "download", _where(statement)
        elif mentioned is not None:
            kind, what = mentioned[1], mentioned[2]
        else:
            for name in lhs[:5] if len(taint.assigned) < CAP else ():
                taint.assigned[name] = _paths(statement)
            continue
        for name in lhs:
            taint.add(name, kind, what)
        for path in _paths(statement):
            taint.add(path, kind, what)
        for token in _tokens(statement):
            if token in taint.assigned:
                taint.add(token, kind, what)  # res.pipe(file): file holds the download now
        if net:
            for match in _CALLBACK.finditer(statement, net.start()):
                taint.add(next(g for g in match.groups() if g), kind, what)
        for name in lhs[:5] if len(taint.assigned) < CAP else ():
            taint.assigned.setdefault(name, _paths(statement))


def _where(statement: str) -> str:
    url = _URL.search(statement)
    return url.group() if url else "the network"


# Shell: a shell or a download reached through a name --------------------------------------------

_SHELL_NAME = (r"(?:/usr)?(?:/local)?(?:/bin/)?(?:ba|z|da|k)?sh|(?:/usr/bin/)?python[0-9.]*|"
               r"perl|ruby|node")
_SHELL_VAR = re.compile(
    rf"(?:^|[;&\s])(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)=[\"']?(?:\$\(\s*(?:command\s+-v|"
    rf"which|type\s+-P)\s+(?:{_SHELL_NAME})\s*\)|`(?:command\s+-v|which)\s+(?:{_SHELL_NAME})`|"
    rf"(?:{_SHELL_NAME}))[\"']?(?=\s|;|$)")
_SHELL_ALIAS = re.compile(
    rf"\balias\s+([\w.-]+)=[\"']?\s*(?:{_SHELL_NAME})(?:\s+-s)?\s*[\"']?(?:\s|;|$)")
_SHELL_FUNCTION = re.compile(
    rf"^\s*(?:function\s+)?([\w.-]+)\s*\(\s*\)\s*\{{\s*(?:command\s+|exec\s+)?(?:{_SHELL_NAME})"
    r"(?:\s+-s)?\s*(?:\"\$@\"\s*)?;?\s*\}")
_LITERAL = re.compile(r"(?:^|[;&\s])([A-Za-z_]\w*)=(?:'([^'\n]{0,200})'|\"([^\"$`\n]{0,200})\"|"
                      r"([^\s;&|'\"$`()]{1,200}))(?=\s|;|&|$)")
_VARIABLE = re.compile(r"\$\{(\w+)\}|\$(\w+)")
_PRINTF_SUBST = re.compile(r"\$\(\s*printf\s+([^()\n]{1,400})\)")


def _expand(line: str, values: dict[str, str]) -> str:
    return _VARIABLE.sub(lambda m: values.get(m.group(1) or m.group(2), m.group()), line)


def _printf(arguments: str) -> str | None:
    """What ``printf FORMAT ARGS`` prints, for a format of ``%s`` and plain text."""
    try:
        words = shlex.split(arguments)
    except ValueError:
        return None
    if not words or re.search(r"%[^s%]", words[0]):
        return None
    values = iter(words[1:])
    return re.sub(r"%s", lambda _m: next(values, ""), words[0])


def shell_hits(text: str) -> Iterator[risky.CodeHit]:
    """Shell text where what runs is reached through a name: a download piped into a shell
    named by a variable (``sh_bin=$(command -v bash)``, ``"$sh_bin"``), an alias or a function
    (``alias view='bash'``); and ``eval`` of a command assembled from variables or ``printf``
    fragments that, put together, downloads (``a=cu; b=rl``, ``eval "$(printf '%s%s' ...)"``)."""
    lower = text.lower()
    if not any(w in lower for w in ("alias", "command -v", "which", "eval", "sh", "()")):
        return
    shells: dict[str, str] = {}
    values: dict[str, str] = {}
    for offset, line, _count in risky._bounded(risky.logical_lines(text)):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        for pattern in (_SHELL_VAR, _SHELL_ALIAS, _SHELL_FUNCTION):
            for match in pattern.finditer(stripped):
                if len(shells) < CAP:
                    shells[match.group(1)] = "bash"
        for match in _LITERAL.finditer(stripped):
            if len(values) < CAP:
                values[match.group(1)] = next(g for g in match.groups()[1:] if g is not None)
        if (shells and "|" in stripped) or "<" in stripped:
            rewritten = _VARIABLE.sub(lambda m: "bash" if (m.group(1) or m.group(2)) in shells
                                      else m.group(), stripped)
            rewritten = re.sub(r"(\|\s*)([\w.-]+)(?=\s|$|;)", lambda m: m.group(1) + (
                "bash" if m.group(2) in shells else m.group(2)), rewritten)
            rewritten = rewritten.replace('"bash"', "bash")
            if rewritten != stripped and (risky.PIPE_EXEC.search(rewritten)
                                          or risky.SUBST_EXEC.search(rewritten)):
                yield risky.CodeHit("ST020", offset, stripped, "downloads code and runs it "
                                    "in a shell named through a variable, alias or function")
                continue
        if "eval" in stripped and values and "$" in stripped:
            expanded = _expand(stripped, values)
            expanded = _PRINTF_SUBST.sub(lambda m: _printf(m.group(1)) or m.group(), expanded)
            if expanded != stripped and risky._FETCH_AT.search(expanded) and (
                    re.search(r"(?:https?|ftp)://", expanded)) and not risky._FETCH_AT.search(
                    stripped):
                yield risky.CodeHit("ST020", offset, stripped, "runs (eval) a command "
                                    f"assembled from pieces that downloads: {expanded[:120]!r}")




# Across a skill's files -------------------------------------------------------------------------

_SOURCED = re.compile(r"(?:^|[;&|]\s*)(?:source|\.)\s+[\"']?(?:\$\(\s*dirname\s+[\"']?\$\{?0\}?"
                      r"[\"']?\s*\)/|\$\{?(?:SCRIPT_DIR|DIR|HERE|BASEDIR|ROOT)\}?/)?"
                      r"([\w./-]+)[\"']?", re.MULTILINE)
_ASSIGNMENT = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=[\"']?([^\s\"'$`;&|]{1,200})[\"']?\s*$")
_FOR_GLOB = re.compile(r"\bfor\s+(\w+)\s+in\s+([^;\n]{1,300}?)\s*(?:;|\n|$)\s*(?:do\b)?")
_INLINE_SPAN = re.compile(r"`([^`\n]{1,500})`")
_EVAL_ASSEMBLED = re.compile(r"\beval\s+[\"']?\$")


def sourced_values(text: str, files: dict[str, str]) -> dict[str, str]:
    """The variables set by plain ``NAME=value`` lines of the skill's files that ``text``
    sources (``source .claude/remote.env``): what ``$NAME`` is in the lines after."""
    values: dict[str, str] = {}
    for match in _SOURCED.finditer(text):
        sourced = _skill_file(match.group(1), files)
        if sourced is None:
            continue
        for line in files[sourced].split("\n")[:200]:
            found = _ASSIGNMENT.match(line)
            if found is not None and len(values) < CAP:
                values[found.group(1)] = found.group(2)
    return values


def _skill_file(name: str, files: dict[str, str]) -> str | None:
    """The file of the skill ``name`` (a path as a script writes it) names, if one."""
    name = name.strip("\"'")
    while name.startswith("./"):
        name = name[2:]
    if name in files:
        return name
    tail = [f for f in files if f.endswith("/" + name) or name.endswith("/" + f)]
    return tail[0] if len(tail) == 1 else None


def skill_hits(files: dict[str, str]) -> Iterator[tuple[str, risky.CodeHit]]:
    """(file, hit) for flows across the skill's own files: a file one script downloads that
    another runs (``curl -o .cache/x.txt`` in one, ``for f in .cache/*.txt; do bash "$f"`` in
    the other) with no checksum checked (ST020); a script that sends data and reads a file of
    the skill naming credentials (``config.yaml`` listing ``~/.ssh``) (ST023); and a force
    push whose branch a sourced file of the skill sets (``TARGET=main``) (ST060)."""
    saved: dict[str, tuple[str, str]] = {}  # a downloaded file -> (the file saving it, URL)
    shellish = [(rel, _commands_of(rel, text)) for rel, text in files.items()
                if rel.lower().endswith((".sh", ".bash", ".zsh", ".md", "makefile", ".yml",
                                         ".yaml", ".json", "dockerfile"))
                or text.startswith("#!")]
    for rel, text in shellish:
        if not risky._FETCH_LINES.any_match(text.encode("utf-8")):
            continue
        mine: dict[str, str] = {}
        for _offset, line, _count in risky._bounded(risky.logical_lines(text)):
            if mine and risky.VERIFY.search(line) and not risky._checked_against_download(
                    line, mine):
                mine.clear()  # checked against a checksum or signature the file holds
                continue
            for name, url in risky._saved_files(line.replace("`", " ")):
                if len(mine) < CAP:
                    mine.setdefault(name, url)
        for name, url in mine.items():
            if len(saved) < CAP:
                saved.setdefault(name, (rel, url))
    for rel, text in shellish:
        if saved:
            yield from _runs_saved(rel, text, saved)
        yield from _credentials_handed(rel, text, files)
        if _SOURCED.search(text):
            values = sourced_values(text, files)
            for offset, line, _count in risky._bounded(risky.logical_lines(text)):
                if "$" in line and values and "|" in line:
                    expanded = _expand(line, values).replace('"', "")
                    if (risky.PIPE_EXEC.search(expanded) or risky.SUBST_EXEC.search(expanded)) \
                            and not risky.PIPE_EXEC.search(line):
                        yield rel, risky.CodeHit(
                            "ST020", offset, line.strip(),
                            f"downloads code and runs it: {expanded.strip()[:120]!r}, with the "
                            "names set in a file of the skill this script sources")
                if "push" in line and "$" in line and values:
                    overwritten = risky.force_push(_expand(line, values))
                    if overwritten is not None:
                        yield rel, risky.CodeHit(
                            "ST060", offset, line.strip(),
                            f"overwrites {overwritten} on the remote (its name set in a "
                            "file of the skill this script sources)")
    for rel, text in files.items():
        if not is_code_file(rel) or (not risky._sends_somewhere(text) and not (
                risky._POSTS.search(text))):
            continue
        for match in re.finditer(r"['\"]([\w./-]{3,200})['\"]", text):
            named = _skill_file(match.group(1), files)
            if named is None or named == rel or is_code_file(named):
                continue
            credential = risky.CREDENTIAL.search(files[named])
            if credential is not None:
                yield rel, risky.CodeHit(
                    "ST023", match.start(), match.group(),
                    f"reads {named}, a file of the skill that names "
                    f"{credential.group().strip()!r}, and sends data off the machine")
                break


_WRITES_TO = re.compile(r"(?:--output|--out|-o|>)(?:\s*=\s*|\s+|(?<=>))[\"']?([^\s\"';&|]+)")


def _credentials_handed(rel: str, text: str, files: dict[str, str]
                        ) -> Iterator[tuple[str, risky.CodeHit]]:
    """Credentials written to a file (``bw export --output /tmp/vault.json``), then that file
    given to a program of the skill that sends data off the machine."""
    written: dict[str, str] = {}
    for offset, line, _count in risky._bounded(risky.logical_lines(text)):
        credential = risky.CREDENTIAL.search(line) if any(
            w in line.lower() for w in risky._CREDENTIAL_KW) else None
        if credential is not None:
            for match in _WRITES_TO.finditer(line, credential.start()):
                if len(written) < CAP:
                    written[risky._bare(match.group(1))] = credential.group().strip()
        if not written:
            continue
        words = set(risky._shell_words(line.replace("`", " ")))
        held = next((what for name, what in written.items() if name in words), None)
        if held is None:
            continue
        for target in risky._run_targets(line.replace("`", " ")):
            script = _skill_file(target, files)
            if script is not None and script != rel and (
                    risky._sends_somewhere(files[script]) or risky._POSTS.search(files[script])):
                yield rel, risky.CodeHit(
                    "ST023", offset, line.strip(),
                    f"gives {held!r}, written to a file on an earlier line, to {script}, "
                    "which sends data off the machine")
                return


def _commands_of(rel: str, text: str) -> str:
    """``text`` as the shell reads it: of a Markdown file, the lines of its shell blocks and
    the code spans of its other lines, one command each (``1. `curl -o x URL` ``); prose,
    links and blocks of other languages are blanked. Every line keeps its place and length
    (a span longer than its line is cut), so that offsets still fall on their line."""
    if not rel.lower().endswith(".md"):
        return text
    out: list[str] = []
    fence: str | None = None  # the label of the open fenced block
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = None if fence is not None else (stripped[3:].strip().split() or [""])[0]
            out.append(" " * len(line))
        elif fence is not None:
            out.append(line if fence.lower() in SHELL_FENCES else " " * len(line))
        else:
            # a span with no space is a term (``/file``, ``%CD%``), not a command
            spans = [span for span in _INLINE_SPAN.findall(line) if " " in span.strip()] \
                if "`" in line else []
            out.append(" ; ".join(spans)[: len(line)].ljust(len(line)))
    return "\n".join(out)


def _runs_saved(rel: str, text: str, saved: dict[str, tuple[str, str]]
                ) -> Iterator[tuple[str, risky.CodeHit]]:
    loops: dict[str, str] = {}
    for offset, line, _count in risky._bounded(risky.logical_lines(text)):
        for match in _FOR_GLOB.finditer(line):
            if len(loops) < CAP:
                loops[match.group(1)] = match.group(2).strip().strip("\"'")
        targets = [loops.get(t.lstrip("$").strip("{}"), t) if t.startswith("$") else t
                   for t in risky._run_targets(line.replace("`", " "))]
        for _family, inline in risky.inline_code(line):
            targets += _programs(inline)  # python3 -c "...os.execv('./tool', ...)"
        markdown = rel.lower().endswith(".md")
        for target in targets:
            source = next(((f, v) for f, v in saved.items() if (v[0] != rel or markdown) and (
                risky._same_file(f, target) or ("*" in target and fnmatch.fnmatch(
                    f, target.removeprefix("./"))))), None)
            if source is not None and source[1][1] and vendor_installer(
                    f"curl -fsSL {source[1][1]}") is not None:
                return  # a vendor's installer: ST027, a notice, from the file's own flows
            if source is not None:
                yield rel, risky.CodeHit(
                    "ST020", offset, line.strip(),
                    f"runs {source[0]!r}, which {source[1][0]} downloads from "
                    f"{source[1][1] or 'the network'}, with no checksum or signature checked")
                return


LINE_PATTERNS = (NET_CALL, _EVALERS, _SHELL_VAR, _SHELL_ALIAS, _SHELL_FUNCTION, _EVAL_ASSEMBLED)
"""What a line these flows start from or end at holds (for the scan's prefilter)."""
