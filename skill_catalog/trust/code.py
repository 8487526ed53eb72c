"""Risky code: download-and-execute, decode-then-execute, reverse shells and backdoors,
credentials sent off the machine, destruction outside the work folder, persistence, covering
tracks, and unpinned installs at run time.

Shell is read a logical line at a time (continuations joined, each command of a pipeline or
list split with :mod:`shlex`); Python with :mod:`ast` where it parses."""

from __future__ import annotations

import ast
import dataclasses as dc
import re
import shlex
import unicodedata
from collections.abc import Iterator, Set

from skill_catalog.trust.vendors import vendor_installer

_I = re.IGNORECASE


@dc.dataclass(slots=True, frozen=True)
class CodeHit:
    code: str
    offset: int
    """Where in the segment's text the command starts."""
    command: str
    """The command (or line) as written."""
    detail: str


_FETCH = r"(?:curl|wget|fetch|http|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|aria2c|lwp-download)"
_SHELLS = r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?(?:/usr/bin/|/bin/)?" \
          r"(?:ba|z|k|da|fi|c|tc)?sh\b(?!\w)"
_INTERPRETERS = r"(?:sudo\s+)?(?:python[0-9.]*|perl|ruby|node|php|deno\s+run|bun)\b" \
                r"(?!\s+-(?:m\s+json|c\b|e\b))"
PIPE_EXEC = re.compile(
    rf"\b{_FETCH}\b[^|\n;&]*(?:\|[^|\n;&]*)*?\|\s*(?:{_SHELLS}|{_INTERPRETERS}(?:\s+-)?\s*(?:$|[;&|)]))",
    _I)
SUBST_EXEC = re.compile(
    rf"(?:\b(?:ba|z|k)?sh\s+(?:-s\s+)?<\(\s*{_FETCH}\b|\b(?:source|\.)\s+<\(\s*{_FETCH}\b|"
    rf"\b(?:ba|z|k)?sh\s+-c\s+[\"']?\$\(\s*{_FETCH}\b|\beval\s+[\"']?\$\(\s*{_FETCH}\b|"
    rf"\b(?:python[0-9.]*|node|perl|ruby)\s+(?:-c\s+)?[\"']?\$\(\s*{_FETCH}\b|"
    rf"\b(?:python[0-9.]*|node)\s+<\(\s*{_FETCH}\b)", _I)
DOWNLOAD_THEN_RUN = re.compile(
    rf"\b{_FETCH}\b[^\n]*?(?:-o|-O|--output|>)\s*(\S+)[^\n]*?(?:&&|;)\s*(?:sudo\s+)?"
    rf"(?:(?:ba|z)?sh|python[0-9.]*|chmod\s+\+x)\s+[\"']?(?:\./)?\1", _I)
"""Download to a file, then run it: the definition, which a backtracking engine runs in time
cubic in the line (``curl>;sh `` repeated); the prefilter's superset, while the check is
:func:`download_then_run`, linear."""
_FETCH_AT = re.compile(rf"\b{_FETCH}\b", _I)
_SAVED_AS = re.compile(r"(?:-o|-O|--output|>)\s*([^\s;&|)]+)")
_RUN_SAVED = re.compile(r"(?:&&|;)\s*(?:sudo\s+)?(?:(?:ba|z)?sh|python[0-9.]*|chmod\s+\+x)\s+"
                        r"[\"']?(?:\./)?(\S+)", _I)


def download_then_run(line: str) -> bool:
    """A fetch, then a file written (``-o``, ``-O``, ``--output``, ``>``), then, after ``&&``
    or ``;``, a shell, Python or ``chmod +x`` given that file (or a path starting with it):
    what :data:`DOWNLOAD_THEN_RUN` matches, found in one pass over the line's words."""
    fetch = _FETCH_AT.search(line)
    if fetch is None:
        return False
    saved = [(m.end(1), _path_word(m.group(1))) for m in _SAVED_AS.finditer(line, fetch.end())]
    if not saved:
        return False
    names: set[str] = set()
    sizes: set[int] = set()
    index = 0
    for run in _RUN_SAVED.finditer(line, saved[0][0]):
        while index < len(saved) and saved[index][0] <= run.start():
            names.add(saved[index][1])
            sizes.add(len(saved[index][1]))
            index += 1
        word = _path_word(run.group(1))
        if any(word[:size] in names for size in sizes if size):
            return True
    return False


def _path_word(word: str) -> str:
    """A file name as written in a command, without its quotes and leading ``./``."""
    word = word.rstrip(";&|)").strip("\"'")
    return word[2:] if word.startswith("./") else word


PS_EXEC = re.compile(
    r"(?:\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString|DownloadFile)\b[^\n]*"
    r"\|\s*(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\s*\(?\s*(?:\(?\s*New-Object"
    r"\s+(?:System\.)?Net\.WebClient\s*\)?\.DownloadString|\(?\s*(?:iwr|irm|Invoke-WebRequest|"
    r"Invoke-RestMethod)\b))", _I)
JS_EXEC = re.compile(
    r"\b(?:eval|new\s+Function)\s*\([^\n]*\bfetch\s*\(|\beval\s*\(\s*await\s+\(?\s*await\s+"
    r"fetch|require\(\s*['\"]child_process['\"]\s*\)\.exec(?:Sync)?\(\s*[`'\"][^\n]*"
    r"\b(?:curl|wget)\b[^\n]*\|\s*(?:ba)?sh", _I)
DECODE_EXEC = re.compile(
    r"\b(?:base64\s+(?:-d|--decode|-D)|openssl\s+(?:enc\s+)?(?:-d\s+)?-?base64\s+-d|xxd\s+-r"
    r"(?:\s+-p)?|rev\b|gunzip|zcat|openssl\s+enc\s+-d)\b[^\n]*\|\s*(?:" + _SHELLS + "|" +
    _INTERPRETERS + r")|\beval\s+[\"']?\$\([^\n)]*\b(?:base64\s+(?:-d|--decode|-D)|xxd\s+-r)|"
    r"\b(?:ba|z)?sh\s+-c\s+[\"']?\$\([^\n)]*\b(?:base64\s+(?:-d|--decode|-D)|xxd\s+-r)|"
    r"\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s-(?:e|ec|enc|encodedcommand)\s+"
    r"[A-Za-z0-9+/=]{16,}|FromBase64String[^\n]*\b(?:iex|Invoke-Expression)\b|"
    r"\b(?:iex|Invoke-Expression)\b[^\n]*FromBase64String|"
    r"\b(?:eval|new\s+Function)\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(|"
    r"\beval\s*\(\s*Buffer\.from\([^\n]*['\"](?:base64|hex)['\"]|"
    r"printf\s+['\"](?:\\x[0-9a-f]{2}){8,}[^\n]*\|\s*(?:ba)?sh", _I)
REVERSE_SHELL = re.compile(
    r"/dev/(?:tcp|udp)/[^\s/]+/\d+|\bn(?:c|cat|etcat)\b[^\n|;]*\s-(?:e|c)\s*['\"]?(?:/bin/)?"
    r"(?:ba|z)?sh\b|\bmkfifo\b[^\n]*\bn(?:c|cat)\b|\bsocat\b[^\n]*(?:exec|system):[^\n]*"
    r"\btcp[46]?(?:-connect)?:|\bsocat\b[^\n]*\btcp[46]?(?:-connect)?:[^\n]*(?:exec|system):|"
    r"Net\.Sockets\.TCPClient\b[^\n]*(?:GetStream|iex|Invoke-Expression)|"
    r">>?\s*[\"']?(?:~|\$HOME|\$\{HOME\}|/root|/home/\w+)?/\.ssh/authorized_keys\b|"
    r"\bpty\.spawn\s*\(\s*['\"]/bin/(?:ba)?sh|\bos\.dup2\s*\(\s*\w+\.fileno\(\)", _I)
CREDENTIAL = re.compile(
    r"(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|/root|/home/\w+|expanduser\(\s*"
    r"['\"]~|Path\.home\(\)[^\n]{0,20})?[/\\'\"]{0,4}\.(?:ssh/(?:id_[a-z0-9]+(?!\.pub)\b|"
    r"[^\s'\"]*key(?!\.pub))|aws/credentials|netrc|git-credentials|docker/config\.json|"
    r"kube/config|config/gh/hosts\.yml|npmrc|pypirc|gnupg|config/gcloud|azure)|"
    r"/etc/shadow|\bLogin Data\b|Cookies\.binarycookies|\bsecurity\s+(?:find-generic-password|"
    r"find-internet-password|dump-keychain)|(?:^|[|;&(`$]\s*)(?:env|printenv|set)\s*(?:$|[|>)`])|"
    r"\bos\.environ\b(?!\s*(?:\.get|\[|\.setdefault|\.pop|\.copy\(\)\s*$))|"
    r"JSON\.stringify\(\s*process\.env\s*\)|Get-ChildItem\s+env:|\bdict\(\s*os\.environ\s*\)",
    _I | re.MULTILINE)
SECRET_VAR = re.compile(r"\$\{?[A-Z_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|"
                        r"PRIVATE_KEY|CREDENTIALS)[A-Z_]*\}?")
SEND = re.compile(
    r"\bcurl\b[^\n]*\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|"
    r"-X\s*POST|-X\s*PUT)\b|\bwget\b[^\n]*--post-(?:data|file)|\bn(?:c|cat|etcat)\s+"
    r"(?:-\w+\s+)*[\w.-]+\s+\d+|\brequests\.(?:post|put|patch)\s*\(|\bhttpx\.(?:post|put)\s*\(|"
    r"\burlopen\s*\([^\n]*data\s*=|\bfetch\s*\([^\n]*method\s*:\s*['\"](?:POST|PUT)|"
    r"\b(?:scp|rsync)\b[^\n]*\s\S+@[\w.-]+:|\bInvoke-(?:RestMethod|WebRequest)\b[^\n]*"
    r"-Method\s+(?:Post|Put)|\bsmtplib\b|\bftplib\b|\b(?:nslookup|dig|host)\s+[^\n]*\$\(",
    _I)
SINK_HOST = re.compile(
    r"\b(?:webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|"
    r"burpcollaborator\.net|oastify\.com|interact\.sh|transfer\.sh|pastebin\.com|paste\.ee|"
    r"hastebin\.com|0x0\.st|discord(?:app)?\.com/api/webhooks|api\.telegram\.org/bot|"
    r"requestcatcher\.com|canarytokens\.com)|"
    r"https?://(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?(?!\d)", _I)
"""Hosts that collect what is sent to them (the host's own name: a ``[\\w.-]*`` before it
tried from every character of a long word, quadratic on a whole file)."""
PERSIST = re.compile(
    r">>?\s*[\"']?(?:~|\$HOME|\$\{HOME\}|/root|/home/\w+)/\.(?:bashrc|zshrc|bash_profile|"
    r"profile|zprofile|zshenv|bash_login|bash_logout|config/fish/config\.fish)\b|"
    r"\btee\s+-a\s+[\"']?(?:~|\$HOME)/\.(?:bashrc|zshrc|bash_profile|profile|zprofile)\b|"
    r"\|\s*crontab\s+-(?:\s|$)|\bcrontab\s+(?!-[lre]\b)[\w./-]+\.(?:cron|txt)\b|"
    r">>?\s*/etc/cron|/etc/(?:rc\.local|init\.d/|profile\.d/)[^\s]*\s*(?:<<|$)|"
    r"\bLaunch(?:Agents|Daemons)/[^\s]+\.plist|\blaunchctl\s+(?:load|bootstrap)\b|"
    r"\bsystemctl\s+(?:--user\s+)?enable\b|\bschtasks(?:\.exe)?\s+/create\b|"
    r"\\CurrentVersion\\Run(?:Once)?\b|Start Menu\\Programs\\Startup|\.config/autostart/|"
    r"\bgit\s+config\s+--global\s+core\.hooksPath\b|/etc/ld\.so\.preload|\bLD_PRELOAD=\S+\s*"
    r">>", _I)
COVER = re.compile(
    r"\bhistory\s+-c\b|\bunset\s+HISTFILE\b|\bHISTFILE=/dev/null|\bHISTSIZE=0\b|"
    r"\bset\s+\+o\s+history\b|\brm\b[^\n]*\.(?:bash|zsh|sh|python)_history\b|"
    r"(?:^|[;&|]\s*)(?:cat\s+/dev/null\s*)?>\s*(?:~|\$HOME)/\.(?:bash|zsh)_history|"
    r"\b(?:rm|shred|truncate)\b[^\n]*\s/var/log\b|\bwevtutil(?:\.exe)?\s+cl\b|"
    r"\b(?:Clear-EventLog|Remove-EventLog|Clear-History)\b|\brm\s+(?:-\w+\s+)*[\"']?\$0[\"']?"
    r"(?:\s|$)|\bos\.(?:remove|unlink)\(\s*__file__\s*\)|\bunlink(?:Sync)?\(\s*__filename\s*\)|"
    r"\bjournalctl\s+--vacuum|\bauditctl\s+-D\b|\blast(?:log)?\s*>\s*/dev/null", _I | re.MULTILINE)
DESTROY = re.compile(
    r"\bdd\b[^\n]*\bof=/dev/(?:sd|hd|nvme|disk|mmcblk|xvd)|\bmkfs(?:\.\w+)?\s+[^\n]*/dev/|"
    r">\s*/dev/(?:sd[a-z]|nvme\d|disk\d)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|"
    r"\bchmod\s+-R\s+0?777\s+/(?:\s|$)|\bchown\s+-R\s+\S+\s+/(?:\s|$)|"
    r"\bfind\s+(?:/|~|\$HOME)\s[^\n]*-delete\b|--no-preserve-root|"
    r"\bRemove-Item\b[^\n]*-Recurse[^\n]*(?:[A-Z]:\\\s|[A-Z]:\\\*|\$env:USERPROFILE\b|~[\\/]?"
    r"\s|\$HOME\b)|\bformat\s+[a-z]:\s*(?:/|$)|\b(?:rd|rmdir|del)\s+/s\s+/q\s+[A-Z]:\\",
    _I)
_INSTALL = re.compile(
    r"\b(?:(?:pip3?|uv\s+pip|python[0-9.]*\s+-m\s+pip)\s+install|npm\s+(?:i|install|add)|"
    r"npx|go\s+install|cargo\s+install|uvx|gem\s+install)\b([^;&|#\n]*)", _I)


_REDIRECTION = re.compile(r"^\d*(?:>>?|<<?|>&|&>)")
_PREFIXES = frozenset({"sudo", "doas", "command", "exec", "time", "nohup", "env"})


def _install_words(command: list[str]) -> tuple[str, list[str]] | None:
    """The tool and the arguments of ``command`` (shell words) when it is an install command
    (``pip install``, ``uv pip install``, ``python -m pip install``, ``npm i``, ``npx``, ``go
    install``, ``cargo install``, ``uvx``, ``gem install``): redirections left out, the words
    stopping at a command substitution (what it gives is not known)."""
    words: list[str] = []
    skip = False
    for word in command:
        if skip:
            skip = False
            continue
        if "`" in word or "$(" in word:
            break
        redirect = _REDIRECTION.match(word)
        if redirect:
            skip = redirect.end() == len(word)  # the target is the next word
            continue
        words.append(word)
    dropped = False
    while words and (words[0] in _PREFIXES or re.fullmatch(r"[A-Za-z_]\w*=.*", words[0])
                     or (dropped and words[0].startswith("-")) or words[0] in ("-", "RUN")
                     or (words[0].endswith(":") and len(words) > 1)):
        # sudo -E, env A=1, a YAML key (run:), a list item, a Dockerfile RUN: the command
        # comes after
        words, dropped = words[1:], True
    if not words:
        return None
    tool = words[0].rsplit("/", 1)[-1].lower()
    rest = [w.lower() for w in words[1:4]]
    if tool in ("pip", "pip3") and rest[:1] == ["install"]:
        return "pip", words[2:]
    if tool == "uv" and rest[:2] == ["pip", "install"]:
        return "pip", words[3:]
    if re.fullmatch(r"python[0-9.]*", tool) and rest[:3] == ["-m", "pip", "install"]:
        return "pip", words[4:]
    if tool == "npm" and rest[:1] and rest[0] in ("i", "install", "add"):
        return "npm", words[2:]
    if tool in ("go", "cargo", "gem") and rest[:1] == ["install"]:
        return tool, words[2:]
    if tool in ("npx", "uvx"):
        return tool, words[1:]
    return None


_PRINTERS = frozenset({"echo", "printf", "print", "Write-Host", "Write-Output", "cat", "say"})


def unpinned_install(line: str, depth: int = 0) -> str | None:
    """The first unpinned package an install command in ``line`` fetches at run time (a
    package without ``==``/``@version``, a git or http URL without a commit), or None. The
    line is split into commands and words as the shell splits them (:func:`_commands`): a
    word of another command (``which python3``), a redirection (``2>/dev/null``), or text
    an ``echo`` prints is never taken for a package; a quoted command another runs (a JSON
    ``"command"``, ``sh -c "..."``) is read too (``depth``: how deep in such quotes)."""
    for command in _commands(line):
        found = _install_words(command)
        if found is None:
            if command and command[0] not in _PRINTERS:
                # a quoted command run by another (a JSON "command", sh -c "..."), not text
                # an echo prints
                for word in command[1:]:
                    inner = unpinned_install(word, depth + 1) if " " in word and depth < 2 \
                        else None
                    if inner is not None:
                        return inner
            continue
        tool, words = found
        if tool == "npm" and "-g" not in words and "--global" not in words:
            continue  # a project dependency goes into package.json (and its lock)
        if tool == "cargo" and "--git" not in words:
            continue
        skip_next = False
        for word in words:
            if skip_next:
                skip_next = False
                continue
            if word in ("-r", "--requirement", "-c", "--constraint", "-e", "--editable",
                        "-t", "--target", "--index-url", "-i", "--extra-index-url", "-p",
                        "--package", "--from", "--python"):
                skip_next = word not in ("-e", "--editable")
                if word in ("-e", "--editable", "-r", "--requirement"):
                    break  # a local project or a requirements file: pinned there
                continue
            if word.startswith(("-", "$", "<", "{", "=")):
                continue
            if word in (".", "..") or word.startswith(("./", "../", "/")) or word.endswith(
                    (".txt", ".whl", ".tar.gz", ".toml")):
                break
            if tool == "npx" or tool == "uvx":
                pinned = re.search(r"@[\w.^~-]*\d", word) is not None or "==" in word
                return None if pinned else word
            if re.match(r"(?:git\+)?https?://", word):
                return None if re.search(r"@[0-9a-f]{7,40}\b|@v?\d", word) else word
            if not re.fullmatch(r"[A-Za-z0-9][\w.\-]*(?:\[[\w,.-]+\])?(?:[=<>~!]=?.*|@.*)?", word):
                continue
            if word.endswith("@latest") or not re.search(r"==|@[\w.^~-]*\d|@[0-9a-f]{7,}", word):
                return word
    return None


def logical_lines(text: str) -> Iterator[tuple[int, str, int]]:
    """(offset, line, number of lines of ``text`` it joins) with backslash continuations
    joined."""
    offset = 0
    start = 0
    pending: list[str] = []
    for raw in text.split("\n"):
        if not pending:
            start = offset
        offset += len(raw) + 1
        stripped = raw.rstrip()
        if stripped.endswith("\\") and not stripped.endswith("\\\\"):
            pending.append(stripped[:-1])
            continue
        pending.append(raw)
        yield start, " ".join(pending), len(pending)
        pending = []
    if pending:
        yield start, " ".join(pending), len(pending)


_SAFE_PREFIXES = ("/tmp", "/var/tmp", "/private/tmp", "/dev/null", "$TMPDIR", "${TMPDIR",
                  "$TMP", "$TEMP", "$RUNNER_TEMP", "${RUNNER_TEMP")
_SYSTEM_TARGET = re.compile(
    r"^(?:/|/\*|~|~/|~/\*|\$HOME|\$\{HOME\}|\$HOME/|\$HOME/\*|\$\{HOME\}/\*|\.\./\.\.(?:/.*)?|"
    r"/(?:etc|usr|bin|sbin|lib|lib64|boot|var|opt|System|Library|Applications|Users|home|root|"
    r"srv|dev|proc|sys)(?:/[^*]*)?/?\*?|"
    r"(?:~|\$HOME|\$\{HOME\})/(?:\.ssh|\.aws|\.gnupg|\.config|Documents|Desktop|Downloads|"
    r"Pictures|Library|\.kube|\.docker|\.git|\.local(?!/share/Trash))(?:/.*)?|[A-Z]:[\\/].*)$")
_SAFE_HOME = re.compile(r"^(?:~|\$HOME|\$\{HOME\})/(?:\.cache|Library/Caches|\.npm|\.cargo/"
                        r"registry|\.m2|\.gradle/caches|\.local/share/Trash|\.venv|venv)")


def _commands(line: str) -> Iterator[list[str]]:
    """The simple commands of a shell line (split at ``;``, ``&&``, ``||``, ``|``)."""
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        tokens = list(lexer)
    except ValueError:
        tokens = line.split()
    command: list[str] = []
    for token in tokens:
        if token and set(token) <= set(";&|()"):
            if command:
                yield command
            command = []
        else:
            command.append(token)
    if command:
        yield command


def destructive_rm(line: str) -> str | None:
    """The target of an ``rm -r``/``rm -f`` (or ``rmdir``, ``shred``) of a path outside the
    work folder: the file system root, the home folder, system folders, ``../..``."""
    for command in _commands(line):
        while command and command[0] in ("sudo", "doas", "command", "exec", "xargs", "nohup",
                                         "time", "-f", "-E"):
            command = command[1:]
        if not command or command[0] not in ("rm", "/bin/rm", "shred", "unlink"):
            continue
        flags = "".join(t[1:] for t in command[1:] if t.startswith("-") and not
                        t.startswith("--")) + " ".join(t for t in command[1:] if t.startswith("--"))
        if command[0] == "rm" and not re.search(r"[rRf]|recursive|force", flags):
            continue
        for target in (t for t in command[1:] if not t.startswith("-")):
            if target.startswith(_SAFE_PREFIXES) or _SAFE_HOME.match(target):
                continue
            if _SYSTEM_TARGET.match(target):
                return target
    return None


def _hit(code: str, text: str, offset: int, line: str, detail: str) -> CodeHit:
    return CodeHit(code, offset, line.strip(), detail)


MAX_LINE = 1000
"""Longer lines are read in overlapping windows of this many characters (some patterns are
quadratic in the length of what they search)."""


def _bounded(lines: Iterator[tuple[int, str, int]]) -> Iterator[tuple[int, str, int]]:
    for offset, line, count in lines:
        if len(line) <= MAX_LINE:
            yield offset, line, count
            continue
        for start in range(0, len(line), MAX_LINE - 200):
            yield offset + start, line[start: start + MAX_LINE], count


def shell_hits(text: str, present: tuple[str, ...] | None = None,
               wanted: Set[int] | None = None) -> Iterator[CodeHit]:
    """Hits of every kind in shell-like text (a script, a fenced block, a prose line); with
    ``wanted`` (0-based line numbers of ``text``), only in the logical lines that hold one."""
    number = 0
    for offset, line, count in logical_lines(text):
        first, number = number, number + count
        if wanted is not None and not any(n in wanted for n in range(first, number)):
            continue
        yield from _line_windows(offset, line, present)


def _line_windows(offset: int, line: str, present: tuple[str, ...] | None
                  ) -> Iterator[CodeHit]:
    for start, window, _count in _bounded(iter(((offset, line, 1),))):
        if not window.strip():
            continue
        stripped = window.lstrip()
        if stripped.startswith("#") and not stripped.startswith("#!"):
            continue  # a comment: said, not run
        lower = window.lower()
        if any(word in lower for word in (TRIGGERS if present is None else present)):
            yield from line_hits(window, start)


_EXEC_KW = ("curl", "wget", "fetch", "iwr", "irm", "invoke-web", "invoke-rest", "downloadstring",
            "downloadfile", "aria2c", "lwp-", "http")
_EXEC_JOIN = ("|", "<(", "$(", "&&", ";", "eval", "function", "child_process")
_DECODE_KW = ("base64", "xxd", "gunzip", "zcat", "openssl", "encodedcommand", "powershell",
              "pwsh", "atob", "unescape", "decodeuri", "buffer.from", "printf", "rev")
_REVERSE_KW = ("/dev/tcp", "/dev/udp", "ncat", "netcat", "nc ", "mkfifo", "socat", "tcpclient",
               "authorized_keys", "pty.spawn", "dup2")
_SEND_KW = ("curl", "wget", "nc ", "ncat", "netcat", "requests.", "httpx.", "urlopen", "fetch",
            "scp", "rsync", "invoke-", "smtplib", "ftplib", "nslookup", "dig ", "host ", "://")
_DESTROY_KW = ("rm ", "shred", "unlink", "dd ", "mkfs", "/dev/", "chmod", "chown", "find ",
               "preserve-root", "remove-item", "format ", "rd ", "rmdir", "del ", ":()")
_PERSIST_KW = ("bashrc", "zshrc", "profile", "zshenv", "bash_log", "config.fish", "crontab",
               "/etc/cron", "rc.local", "init.d", "launchagents", "launchdaemons", "launchctl",
               "systemctl", "schtasks", "currentversion", "startup", "autostart", "hookspath",
               "ld.so.preload", "ld_preload")
_COVER_KW = ("history", "histfile", "histsize", "/var/log", "wevtutil", "eventlog", "$0",
             "__file__", "__filename", "journalctl", "auditctl", "last")
_INSTALL_KW = ("pip", "npm", "npx", "go install", "cargo install", "uvx")
TRIGGERS = tuple(sorted({*_EXEC_KW, *_DECODE_KW, *_REVERSE_KW, *_DESTROY_KW, *_PERSIST_KW,
                         *_COVER_KW, *_INSTALL_KW}))
"""If a text holds none of these (lowercased), no shell hit can be in it."""


def _has(lower: str, words: tuple[str, ...]) -> bool:
    return any(word in lower for word in words)


def line_hits(line: str, offset: int) -> Iterator[CodeHit]:
    lower = line.lower()
    fetched = None
    if _has(lower, _EXEC_KW) and _has(lower, _EXEC_JOIN):
        fetched = PIPE_EXEC.search(line) or SUBST_EXEC.search(line) or PS_EXEC.search(
            line) or download_then_run(line) or JS_EXEC.search(line)
    if fetched:
        vendor = vendor_installer(line)
        url = re.search(r"https?://[^\s'\")|]+", line)
        if vendor is not None:
            yield _hit("ST027", line, offset, line, f"runs a vendor's installer fetched from "
                       f"{vendor} at run time")
        else:
            where = f" from {url.group()}" if url else ""
            yield _hit("ST020", line, offset, line, f"downloads code{where} and runs it")
    if _has(lower, _DECODE_KW) and DECODE_EXEC.search(line):
        yield _hit("ST021", line, offset, line, "decodes a payload and runs it")
    if _has(lower, _REVERSE_KW) and REVERSE_SHELL.search(line):
        yield _hit("ST022", line, offset, line,
                   "opens a remote shell or grants remote access (reverse shell, backdoor key)")
    if _has(lower, _SEND_KW):
        sink = SINK_HOST.search(line)
        if sink or SEND.search(line):
            source = CREDENTIAL.search(line) or (SECRET_VAR.search(line) if sink else None)
            if source:
                yield _hit("ST023", line, offset, line,
                           f"reads {source.group().strip()!r} and sends data off the machine")
    if _has(lower, _DESTROY_KW):
        target = destructive_rm(line) if RM_WORD.search(line) else None
        if target is not None:
            yield _hit("ST024", line, offset, line,
                       f"deletes {target!r}, outside the work folder")
        elif DESTROY.search(line):
            yield _hit("ST024", line, offset, line, "destroys data outside the work folder")
    if _has(lower, _PERSIST_KW) and PERSIST.search(line):
        yield _hit("ST025", line, offset, line, "installs itself to run again later "
                   "(shell profile, cron, launch agent, service, startup entry)")
    if _has(lower, _COVER_KW) and COVER.search(line):
        yield _hit("ST026", line, offset, line, "removes traces (shell history, logs, itself)")
    unpinned = unpinned_install(line) if _has(lower, _INSTALL_KW) else None
    if unpinned:
        yield _hit("ST027", line, offset, line, f"installs {unpinned!r} unpinned at run time")


RM_WORD = re.compile(r"\b(?:rm|shred|unlink)\b")
PYTHON_CALL = re.compile(r"\b(?:exec|eval|compile|system|popen|Popen|execfile|runpy|"
                         r"check_output|check_call|run|call)\s*\(|\bsocket\b")
"""Without one of these, Python source has no :func:`python_hits`."""
LINE_PATTERNS = (PIPE_EXEC, SUBST_EXEC, PS_EXEC, DOWNLOAD_THEN_RUN, JS_EXEC, DECODE_EXEC,
                 REVERSE_SHELL, SINK_HOST, SEND, RM_WORD, DESTROY, PERSIST, COVER, _INSTALL,
                 PYTHON_CALL)
"""Every pattern a hit of :func:`shell_hits` or :func:`python_hits` needs on its line (the
prefilter's part of the code checks)."""
WINDOWED = (PIPE_EXEC, PS_EXEC, SEND, COVER)
"""Patterns whose work on a line grows faster than the line (a ``[^\\n]*`` tried from each of
many starts): run only by :func:`line_hits`, on windows of at most :data:`MAX_LINE`
characters, so their work stays linear in the file (``tests/test_trust_bounds.py`` checks both:
the work a window, and that nothing runs them on more)."""
DEFINITIONS = (DOWNLOAD_THEN_RUN, _INSTALL)
"""Patterns that define what a check finds, for the prefilter's superset and the docs, but are
not run by Python's engine (the check is code: :func:`download_then_run`,
:func:`unpinned_install`)."""

_DECODERS = {"b64decode", "b32decode", "b85decode", "a85decode", "decodebytes", "decodestring",
             "fromhex", "unhexlify", "decompress", "loads", "urlsafe_b64decode", "rot13"}
_FETCHERS = {"urlopen", "get", "urlretrieve", "request", "fetch", "read"}
_NET_MODULES = {"urllib", "requests", "httpx", "urllib2", "urllib3", "http", "aiohttp"}


def _calls(node: ast.AST) -> Iterator[tuple[str, ast.Call]]:
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            name = func.attr if isinstance(func, ast.Attribute) else (
                func.id if isinstance(func, ast.Name) else "")
            yield name, child


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


_EXECUTORS = frozenset({"exec", "eval", "compile", "system", "popen", "run", "call", "check_call",
                        "check_output", "Popen", "execfile", "runpy"})


def _may_hit_python(text: str) -> bool:
    """Whether the names :func:`_python_tree_hits` needs are all in ``text`` (identifiers
    are read after NFKC normalization, as Python reads them)."""
    if not any(name in text for name in _EXECUTORS) and "socket" not in text:
        return False
    return (any(name in text for name in _DECODERS) or "urlopen" in text
            or (any(name in text for name in _FETCHERS)
                and any(name in text for name in _NET_MODULES))
            or ("socket" in text and "connect" in text))


def python_hits(text: str) -> Iterator[CodeHit] | None:
    """Hits in Python source read with :mod:`ast` (exec/eval of fetched or decoded code,
    reverse shells); None when it does not parse."""
    if not _may_hit_python(unicodedata.normalize("NFKC", text) if not text.isascii() else text):
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return _python_tree_hits(text, tree)


def _offset(text: str, node: ast.AST) -> int:
    line = getattr(node, "lineno", 1)
    index = 0
    for _ in range(line - 1):
        index = text.index("\n", index) + 1
    return index + getattr(node, "col_offset", 0)


def _source_line(text: str, node: ast.AST) -> str:
    line = getattr(node, "lineno", 1)
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _python_tree_hits(text: str, tree: ast.AST) -> Iterator[CodeHit]:
    for name, call in _calls(tree):
        if name not in _EXECUTORS or not call.args:
            continue
        if name in ("run", "call", "check_call", "check_output", "Popen") and not any(
                isinstance(k.value, ast.Constant) and k.value.value is True and k.arg == "shell"
                for k in call.keywords) and not isinstance(call.args[0], ast.List):
            continue
        argument = call.args[0]
        inner = {n for n, _ in _calls(argument)}
        names = _names(argument)
        line = _source_line(text, call)
        if inner & _DECODERS or names & {"b64decode", "unhexlify", "fromhex", "decompress"}:
            decoder = sorted(inner & _DECODERS)[0] if inner & _DECODERS else "decode"
            yield CodeHit("ST021", _offset(text, call), line.strip(),
                          f"runs code decoded at run time ({name}(...{decoder}(...)))")
        elif (inner & _FETCHERS and names & (_NET_MODULES | {"urlopen"})) or "urlopen" in inner:
            yield CodeHit("ST020", _offset(text, call), line.strip(),
                          f"runs code downloaded at run time ({name}(...))")
    names = _names(tree)
    if "socket" in names and ("dup2" in names or "spawn" in names) and "connect" in names:
        yield CodeHit("ST022", 0, "socket ... connect ... dup2/pty.spawn",
                      "connects a socket and hands it a shell (reverse shell)")
