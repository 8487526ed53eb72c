"""Risky code: download-and-execute, decode-then-execute, reverse shells and backdoors,
credentials sent off the machine, destruction outside the work folder, persistence, covering
tracks, and unpinned installs at run time.

Shell is read a logical line at a time (continuations joined, each command of a pipeline or
list split with :mod:`shlex`); Python with :mod:`ast` where it parses."""

from __future__ import annotations

import ast
import dataclasses as dc
import itertools
import json
import re
import shlex
import unicodedata
from collections.abc import Iterator, Sequence, Set

from skill_catalog.trust.prefilter import LineFinder
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


_FETCH = (r"(?:curl|wget|fetch|http|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|aria2c|"
          r"lwp-download|dig|nslookup|drill)")
"""What downloads: an HTTP client, or a DNS lookup (a TXT record's text)."""
_SHELLS = r"(?:sudo\s+(?:-\S+\s+)*)?(?:(?:command|exec|builtin)\s+)?" \
          r"(?:(?:/usr)?(?:/local)?/bin/env\s+(?:-\S+\s+)*(?:\S+=\S*\s+)*|" \
          r"env\s+(?:\S+=\S*\s+)*)?(?:(?:/[\w.-]+)*/)?" \
          r"(?:(?:busybox|toybox)\s+)?(?:ba|z|k|da|fi|c|tc|a|mk|ya|po)?sh\b(?!\w)|\$\{?SHELL\}?(?!\w)"
"""A shell as a command: by name, by any full path (``/usr/local/bin/bash``), through
``env`` (``/usr/bin/env bash``), ``sudo``, ``command`` or ``exec``, or as ``$SHELL``."""
_INTERPRETERS = r"(?:sudo\s+)?(?:python[0-9.]*|perl|ruby|node|php|deno\s+run|bun)\b" \
                r"(?!\s+-(?:m\s+json|c\b|e\b))"
PIPE_EXEC = re.compile(
    rf"(?:\b{_FETCH}\b|\$\{{?\w+\}}?\S*\s+[^|\n;&]*?\b(?:https?|ftp)://)[^|\n;&]*(?:\|[^|\n;&]*)*?\|\s*(?:{_SHELLS}|{_INTERPRETERS}(?:\s+(?:-|/dev/stdin)\s+[^|\n;&)]*(?:$|[;&|)])|(?:\s+-)?\s*(?:$|[;&|)])))",
    _I)
SUBST_EXEC = re.compile(
    rf"(?:\b(?:ba|z|k)?sh\s+(?:-s\s+)?<\(\s*{_FETCH}\b|\b(?:source|\.)\s+<\(\s*{_FETCH}\b|"
    rf"\b(?:ba|z|k)?sh\s+-c\s+[\"']?\$\(\s*{_FETCH}\b|\beval\s+[\"']?\$\(\s*{_FETCH}\b|"
    rf"\b(?:python[0-9.]*|node|perl|ruby)\s+(?:-c\s+)?[\"']?\$\(\s*{_FETCH}\b|"
    rf"\b(?:python[0-9.]*|node)\s+<\(\s*{_FETCH}\b|"
    rf"\b(?:(?:ba|z|k)?sh|python[0-9.]*|node|perl|ruby|php|(?:source|\.)\s+/dev/stdin)\s+"
    rf"(?:-s?\s+)?<<<\s*[\"']?\$\(\s*{_FETCH}\b)", _I)
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
_PS_FETCH = r"(?:\.DownloadString\s*\(|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b)"
INDIRECT_EXEC = re.compile(
    rf"\[scriptblock\]::Create\s*\([^\n]*{_PS_FETCH}|"
    rf"\b(?:InvokeScript|NewScriptBlock)\s*\([^\n]*{_PS_FETCH}|"
    rf"&\s*\(\s*(?:Get-Alias|gal|Get-Command|gcm)\b[^\n]*{_PS_FETCH}|"
    rf"\b(?:iex|Invoke-Expression)\b[^\n|]*{_PS_FETCH}|"
    rf"\b{_FETCH}\b[^|\n]*(?:\|[^|\n]*)*?\|\s*(?:[gm]?awk\b[^|\n]*\bsystem\s*\(|"
    r"xargs\b[^|\n]*\b(?:ba|z|da)?sh\s+-c\s*[\"']?\{\}|"
    r"while\s+(?:IFS=\S*\s+)?read\b[^\n]*?\b(?:eval|(?:ba|z)?sh\s+-c)\b)|"
    r"\bmsiexec(?:\.exe)?\s+(?:/\w+\s+)*/(?:i|package)\s+[\"']?https?://|"
    r"\bAdd-AppxPackage\s+(?:-Path\s+)?[\"']?https?://|"
    r"\b(?:rpm\s+-[iU]\w*|(?:dnf|yum|zypper)\s+(?:-\S+\s+)*install)\s+(?:\S+\s+)*[\"']?http://", _I)
"""Downloaded code run by another road: a PowerShell script block built from a download, or
``iex`` reached through an alias lookup (``& (Get-Alias $x)``); every line of a download run by
``awk``'s ``system()``, ``xargs sh -c '{}'`` or a ``while read ... eval`` loop; an installer
package run straight from a URL (``msiexec /i https://...``, ``rpm -i http://...``)."""
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
ESCAPED_EXEC = re.compile(
    r"(?:\bprintf\s[^|\n]*?(?:%b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4})|"
    r"\becho\s+-e\s[^|\n]*?\\(?:x[0-9a-f]{2}|[0-7]{3})|\bbase32\s+(?:-d|--decode)\b|"
    r"\bbasenc\b[^|\n]*?--decode|\btr\s[^|\n]*?[a-z]-[a-z][^|\n]*?\bn-z|"
    r"\b(?:bzcat|xzcat|unxz|gzip\s+-d|bunzip2)\b)[^\n]*?\|\s*(?:" + _SHELLS + "|" +
    _INTERPRETERS + r")|(?:^|[;&|(`]\s*)\$'(?:\\x[0-9a-f]{2}|\\[0-7]{3}){3,}", _I)
"""Text spelled in escapes (``printf '%b' '\\x63...'``, ``echo -e``, ``$'\\x63...'``), rot13 or
another decoder, piped to a shell: what runs is not what the line shows."""
OBFUSCATED = re.compile(
    r"[A-Za-z](?:''|\"\")|(?:''|\"\")[A-Za-z]|(?:^|[\s|;&(`])\\[A-Za-z]|[A-Za-z]\\[A-Za-z]|"
    r"[A-Za-z]['\"][A-Za-z]{1,12}['\"][A-Za-z]|\$\{\w+:0:0\}|[A-Za-z]\$[@*][A-Za-z]")
"""A command name written to dodge a match: ``\\curl``, ``c''url``, ``b"as"h``, ``ba${x:0:0}sh``,
``cu$@rl`` (the shell runs ``curl`` and ``bash``)."""
_UNQUOTE = re.compile(
    r"(?<=[A-Za-z])(?:''|\"\")|(?:''|\"\")(?=[A-Za-z])|(?:^|(?<=[\s|;&(`]))\\(?=[A-Za-z])|"
    r"(?<=[A-Za-z])\\(?=[A-Za-z])|(?<=[A-Za-z])(['\"])([A-Za-z]{1,12})\1(?=[A-Za-z])|"
    r"\$\{\w+:0:0\}|(?<=[A-Za-z])\$[@*](?=[A-Za-z])")


def deobfuscated(line: str) -> str | None:
    """``line`` with the quotes, backslashes and empty expansions the shell drops from inside
    a command word removed (``\\c\\u\\r\\l`` is ``curl``, ``b''a"s"h`` is ``bash``), or None when
    it has none."""
    if OBFUSCATED.search(line) is None:
        return None
    plain = _UNQUOTE.sub(lambda m: m.group(2) or "", line)
    return plain if plain != line else None


_INTERPRETER_FLAGS = {"python": ("-c",), "node": ("-e", "--eval", "-p", "--print"),
                      "perl": ("-e", "-E"), "ruby": ("-e",), "php": ("-r",),
                      "deno": ("eval",), "bun": ("-e", "--eval"),
                      "pwsh": ("-c", "-command"), "powershell": ("-c", "-command")}
INLINE_CODE = re.compile(
    r"\b(?:python[0-9.]*|node|nodejs|perl|ruby|php|deno|bun|pwsh|powershell)(?:\.exe)?\b"
    r"[^\n]*\s(?:-c|-e|-E|-r|-p|--eval|--print|eval|-command)\b", _I)
"""An interpreter given its code on the command line (the definition of what
:func:`inline_code` reads; not run by Python's engine)."""
_INLINE_FETCH = re.compile(
    r"urlopen|urlretrieve|\brequests\.get|\bhttpx\.get|\bhttps?\.get\b|\bfetch\s*\(|LWP|"
    r"HTTP::Tiny|getstore|\bget\s*\(?\s*[\"']https?://|open-uri|URI\.open|Net::HTTP|"
    r"file_get_contents\s*\(\s*[\"']https?:|\bcurl\b|\bwget\b|Invoke-WebRequest|"
    r"Invoke-RestMethod|DownloadString|\biwr\b|\birm\b|\baxios\b", _I)
_INLINE_EXEC = re.compile(
    r"\b(?:exec|eval|system|popen|spawn|spawnSync|execSync|execFileSync|Function|"
    r"check_output|check_call|passthru|shell_exec|instance_eval|iex|Invoke-Expression)\b|"
    r"child_process|subprocess|\brun\s*\(|`|\|\s*(?:ba|z)?sh\b", _I)


def inline_code(line: str) -> Iterator[tuple[str, str]]:
    """(interpreter, code) for each interpreter on ``line`` given its code as an argument
    (``python3 -c CODE``, ``node -e CODE``, ``perl -e CODE``...), the code unquoted as the
    shell passes it; a Perl ``-M`` module is kept before the code (``-MLWP::Simple``)."""
    for command in _commands(line):
        words = command
        if words and words[0].endswith(":") and len(words) == 2 and " " in words[1]:
            words = next(_commands(words[1]), [])  # a quoted command under a key (JSON, YAML)
        while words and (words[0] in _PREFIXES or re.fullmatch(r"[A-Za-z_]\w*=.*", words[0])):
            words = words[1:]
        if not words:
            continue
        tool = re.sub(r"(?:\.exe)?$", "", words[0].rsplit("/", 1)[-1].lower())
        family = re.sub(r"[0-9.]+$", "", tool)
        if family == "nodejs":
            family = "node"
        flags = _INTERPRETER_FLAGS.get(family)
        if flags is None:
            continue
        modules = " ".join(w for w in words[1:] if w.startswith("-M"))
        for index, word in enumerate(words[1:-1], 1):
            if word.lower() in flags:
                yield family, f"{modules} {words[index + 1]}".strip()
                break


def inline_fetch_exec(line: str) -> str | None:
    """The interpreter whose inline code (:func:`inline_code`) both fetches something over
    the network and runs code (``exec``, ``eval``, a shell, a subprocess), or None."""
    for family, source in inline_code(line.replace("`", " ")):
        if len(source) > MAX_LINE:
            source = source[:MAX_LINE]
        if family == "python":
            found = python_hits(source)
            if found is not None and any(hit.code == "ST020" for hit in found):
                return family
        if _INLINE_FETCH.search(source) and _INLINE_EXEC.search(source):
            return family
    return None


REVERSE_SHELL = re.compile(
    r"/dev/(?:tcp|udp)/[^\s/]+/\d+|\bn(?:c|cat|etcat)\b[^\n|;]*\s-(?:e|c)\s*['\"]?(?:/bin/)?"
    r"(?:ba|z)?sh\b|\bmkfifo\b[^\n]*\bn(?:c|cat)\b|\bsocat\b[^\n]*(?:exec|system):[^\n]*"
    r"\btcp[46]?(?:-connect)?:|\bsocat\b[^\n]*\btcp[46]?(?:-connect)?:[^\n]*(?:exec|system):|"
    r"Net\.Sockets\.TCPClient\b[^\n]*(?:GetStream|iex|Invoke-Expression)|"
    r">>?\s*[\"']?(?:~|\$HOME|\$\{HOME\}|/root|/home/\w+)?/\.ssh/authorized_keys\b|"
    r"\bpty\.spawn\s*\(\s*['\"]/bin/(?:ba)?sh|\bos\.dup2\s*\(\s*\w+\.fileno\(\)", _I)
CREDENTIAL = re.compile(
    r"(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|/root|/home/\w+|expanduser\(\s*"
    r"['\"]~|Path\.home\(\)[^\n]{0,20})?[/\\'\"]{0,4}(?<![\w-])\.(?:ssh[/\\](?:id_[a-z0-9]+"
    r"(?!\.pub)\b|[^\s'\"]*key(?!\.pub))|aws[/\\]credentials|netrc|git-credentials|"
    r"docker[/\\]config\.json|kube[/\\]config|config[/\\]gh[/\\]hosts\.yml|npmrc|pypirc|gnupg|"
    r"config[/\\]gcloud|azure(?![\w.-])|gem[/\\]credentials|vault-token|pgpass|"
    r"cargo[/\\]credentials|terraform\.d[/\\]credentials|composer[/\\]auth\.json|"
    r"(?:ssh|aws|gnupg|password-store|oci)[/\\]?(?=[\s\"'`),;]|$)|oci[/\\](?:config|\S*\.pem)|"
    r"wrangler[/\\]config|config[/\\](?:\.wrangler|rclone)|(?:bash|zsh)_history\b)|"
    r"application_default_credentials\.json|--export-secret-(?:sub)?keys\b|"
    r"\bop\s+(?:item\s+(?:get|list)|read|export)\b|"
    r"[\"']op[\"']\s*,\s*[\"'](?:item|read|export)[\"']|"
    r"\bcmdkey(?:\.exe)?\s+/list\b|\bPasswordVault\b|\bvaultcmd(?:\.exe)?\s+/list|"
    r"\bGet-StoredCredential\b|\b(?:bw|lpass|keepassxc-cli)\s+export\b|"
    r"\bfind\s+(?:~|\$HOME|\$\{HOME\}|/home|/Users)\S*\s[^\n|]*-i?name\s+[\"']?\.env|"
    r"/etc/shadow|\bLogin Data\b|Cookies\.binarycookies|\bcookies\.sqlite\b|\blogins\.json\b|"
    r"(?:google-chrome|chromium|Chrome)[^\n'\"]{0,40}[/\\]Cookies\b|\bsecurity\s+(?:find-generic-password|"
    r"find-internet-password|dump-keychain)|(?:^|[|;&(`$]\s*)(?:env|printenv|set)\s*(?:$|[|>)`;&}])|"
    r"\bos\.environ\b(?!\s*(?:\.get|\[|\.setdefault|\.pop|\.copy\(\)\s*$))|"
    r"JSON\.stringify\(\s*process\.env\s*\)|Get-ChildItem\s+env:|\bdict\(\s*os\.environ\s*\)",
    _I | re.MULTILINE)
SECRET_VAR = re.compile(r"\$\{?[A-Z_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|"
                        r"PRIVATE_KEY|CREDENTIALS)[A-Z_]*\}?|\$\{\{\s*secrets\.[A-Za-z_]\w*\s*\}\}")
"""A secret from the environment (``$GITHUB_TOKEN``), or one of a CI run's secrets
(``${{ secrets.AWS_SECRET_ACCESS_KEY }}``: every secret there is one, whatever its name)."""
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
    r"\bsystemctl\s+--user\s+enable\b|\.config/systemd/user/[\w@.-]+\.(?:service|timer)\b|"
    r"\bschtasks(?:\.exe)?\s+/create\b|"
    r"(?:>>?\s*|\btee\s+(?:-a\s+)?|\b(?:cp|mv|install)\s+(?:-\w+\s+)*\S+\s+|\bln\s+-\w+\s+\S+\s+)"
    r"[\"']?(?:\./)?(?:\S*/)?\.git/hooks/[\w-]+|"
    r"\b(?:UserPromptSubmit|PreToolUse|PostToolUse|SessionStart|SessionEnd|SubagentStop|"
    r"PreCompact|beforeSubmitPrompt|beforeShellExecution)\b[^\n]*(?:\bcurl\b|\bwget\b|https?://)|"
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
    r"\bRemove-Item\b[^\n]*-Recurse[^\n]*(?:[A-Z]:\\\s|[A-Z]:\\(?:Users|Windows|ProgramData|"
    r"Program Files[^\\\n]*)?\\?\*|\$env:USERPROFILE\b|~[\\/]?"
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


_KNOWN_INDEXES = frozenset({"download.pytorch.org", "pypi.nvidia.com", "pypi.ngc.nvidia.com",
                            "data.pyg.org", "developer.download.nvidia.com", "pypi.org",
                            "test.pypi.org", "files.pythonhosted.org", "storage.googleapis.com"})
"""Package indexes a project documents as an extra index for its own wheels (PyTorch, NVIDIA,
PyG, JAX): an extra index there is not an unknown source."""
_CODE_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org"})
INDEX_OPTION = re.compile(
    r"(?:--extra-index-url|(?:\b|(?<=\\n))extra-index-url|--index-url|(?:\b|(?<=\\n))index-url|"
    r"(?:^|\s)-i|PIP_EXTRA_INDEX_URL|PIP_INDEX_URL|UV_EXTRA_INDEX_URL|UV_INDEX_URL|--registry|"
    r"registry|--find-links|(?:\b|(?<=\\n))find-links|PIP_FIND_LINKS)"
    r"[\s=:\"']+(https?://[^\s\"';&|)]+)", _I | re.MULTILINE)
"""An index a package manager is pointed at (pip's options, its config and environment, uv's,
npm's registry)."""


def _host(url: str) -> str:
    rest = url.split("://", 1)[-1]
    return re.split(r"[/?#:]", rest.rsplit("@", 1)[-1] if "@" in rest.split("/", 1)[0]
                    else rest, maxsplit=1)[0].lower()


def untrusted_source(line: str) -> str | None:
    """Where an install of ``line`` takes a package from that its name and version do not pin
    (ST028), or None: an extra index (``--extra-index-url``: the same name there may win over
    PyPI's) on a host that is not a project's documented wheel index, any index over plain
    http, an archive URL with no hash or version, a git URL on an unknown host with no commit
    or tag."""
    for match in INDEX_OPTION.finditer(line):
        option, url = match.group().lower(), match.group(1)
        if url.lower().startswith("http://") and not re.match(
                r"http://(?:localhost|127\.0\.0\.1)[:/]", url):
            return f"an index over plain http ({url})"
        if ("extra" in option or "find" in option) and _host(url) not in _KNOWN_INDEXES:
            return f"an extra package index ({url}), whose packages may win over PyPI's"
    for command in _commands(line.replace("`", " ")):  # a code span in prose is a command
        found = _install_words(command)
        if found is None:
            continue
        _tool, words = found
        for word in words:
            plain = word.strip("\"'")
            if plain.startswith("-") or "://" not in plain:
                continue
            url = plain.removeprefix("git+")
            hashed = "#sha256=" in url or "--hash" in words or "--require-hashes" in words
            if re.search(r"\.(?:tar\.gz|tgz|zip|whl|tar\.bz2|tar\.xz)(?:[?#]|$)", url):
                path = url.split("://", 1)[-1].split("/", 1)[-1] if "/" in url.split(
                    "://", 1)[-1] else ""
                versioned = re.search(r"[-_/]v?\d+\.\d+|(?:^|/)[0-9a-f]{7,40}(?:[./]|$)", path)
                if not hashed and not versioned:
                    return f"an archive URL with no hash or version ({plain})"
            elif "/refs/heads/" in url and not hashed:
                return f"the archive of a branch as it is on the day ({plain})"
            elif plain.startswith("git+") or url.endswith(".git") or "/tree/" in url:
                pinned = re.search(r"@(?:[0-9a-f]{7,40}|v?\d+(?:\.\d+)+)\b", url)
                if not pinned and _host(url) not in _CODE_HOSTS:
                    return f"a git repository on {_host(url)} with no commit or tag ({plain})"
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
                fixed = re.search(r"@[0-9a-f]{7,40}\b|@v?\d|#sha256=|[-_]v?\d+\.\d+[^/]*\."
                                  r"(?:whl|tar\.gz|zip|tgz)\b", word)
                return None if fixed else word
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
    r"Pictures|Library|\.kube|\.docker|\.git|\.local(?!/share/Trash))(?:/.*)?|[A-Z]:[\\/].*|"
    r"/[^/\s]*[*?\[][^/\s]*(?:/.*)?|(?:~|\$HOME|\$\{HOME\})/\.?[*?\[].*)$")
"""What ``rm -r`` must not delete: the root, the home folder, system folders, a glob over the
first level of the root (``/[a-z]*``) or over the home folder's entries (``~/.*``)."""
_SYSTEM_CACHE = re.compile(
    r"^(?:/var/lib/apt/lists|/var/cache/(?:apt|apk|yum|dnf|zypp|pacman/pkg|man|fontconfig)|"
    r"/root/\.cache|/usr/share/(?:doc|man|info)|/usr/local/share/\.cache)(?:/[^.\s]*)?/?\*?$")
"""A package manager's downloaded lists and packages, or documentation pages: what a
Dockerfile clears to keep its image small (``rm -rf /var/lib/apt/lists/*``). Deleting it costs
a download, on a machine too; it is not the machine's data. No ``..`` may follow."""
_SAFE_HOME = re.compile(r"^(?:~|\$HOME|\$\{HOME\})/(?:\.cache|Library/Caches|\.npm|\.cargo/"
                        r"registry|\.m2|\.gradle/caches|\.local/share/Trash|\.venv|venv)")



# Weakening the machine --------------------------------------------------------------------------

WEAKEN = re.compile(
    r"\bgit\s+(?:-c\s+)?(?:config\s+(?:--(?:global|system|local)\s+)?)?http\.sslVerify[\s=]+"
    r"(?:false|0|no)\b|\bGIT_SSL_NO_VERIFY=(?:1|true)\b|"
    r"\b(?:npm|yarn|pnpm)\s+config\s+set\s+strict-ssl\s+false\b|\bstrict-ssl\s*=\s*false\b|"
    r"\bNODE_TLS_REJECT_UNAUTHORIZED\s*[=:]\s*[\"']?0\b|\bPYTHONHTTPSVERIFY=0\b|"
    r"--trusted-host\b|\btrusted-host\s*=|\bsslverify\s*=\s*(?:0|false)\b|"
    r"\bsetenforce\s+(?:0|permissive)\b|\bSELINUX=(?:disabled|permissive)\b|"
    r"\bufw\s+(?:--force\s+)?disable\b|\bsystemctl\s+(?:stop|disable|mask)\s+(?:--now\s+)?"
    r"(?:firewalld|ufw|iptables|nftables|auditd|apparmor|fail2ban|clamav\w*|falcon-sensor|"
    r"wazuh-agent|osqueryd)\b|\bservice\s+(?:firewalld|ufw|iptables|auditd|apparmor)\s+stop\b|"
    r"\bauditctl\s+-e\s*0\b|\biptables\s+(?:-F|--flush)\b|"
    r"\biptables\s+-P\s+(?:INPUT|FORWARD)\s+ACCEPT\b|\bnft\s+flush\s+ruleset\b|"
    r"\bSet-MpPreference\b[^\n]*-Disable\w+\s+(?:\$true|1)\b|"
    r"\bSet-NetFirewallProfile\b[^\n]*-Enabled\s+(?:\$false|False|0)\b|"
    r"\bnetsh\s+(?:advfirewall\s+set\s+\w+\s+state\s+off|firewall\s+set\s+opmode\s+disable)|"
    r"\bAdd-MpPreference\b[^\n]*-Exclusion(?:Path|Process)\b|\bspctl\s+--master-disable\b|"
    r"\bcsrutil\s+disable\b|\bchmod\s+(?:-\w+\s+)*(?:[ug]*\+s|[2467][0-7]{3})\s|"
    r"\bchmod\s+(?:-R\s+)?0?777\s+(?:-\w+\s+)*/(?:etc|usr|bin|sbin|lib|var|boot|root|home)?"
    r"(?:[/\s]|$)|\bNOPASSWD:\s*ALL\b|\bkernel\.randomize_va_space\s*=\s*0\b|\bxhost\s+\+\s*$",
    _I | re.MULTILINE)
"""Switches a protection of the machine off: TLS verification (git, npm, Node, pip's trusted
hosts), SELinux, the firewall, the audit daemon, antivirus, macOS's Gatekeeper or SIP, a
setuid bit, world-writable system folders, passwordless ``sudo`` for every command."""
WEAKEN_CODE = re.compile(
    r"\bverify\s*=\s*False\b|\bssl\._create_unverified_context\b|\bCERT_NONE\b|"
    r"\bcheck_hostname\s*=\s*False\b|\bInsecureSkipVerify\s*:\s*true\b|"
    r"\brejectUnauthorized\s*:\s*false\b|ServerCertificateValidationCallback\s*=\s*\{\s*"
    r"\$true\s*\}|-SkipCertificateCheck\b|\bdanger_accept_invalid_certs\s*\(\s*true\b|"
    r"\bInsecureRequestWarning\b|\bdisable_warnings\s*\(", _I)
"""TLS verification switched off in code (Python, Go, Node, PowerShell, Rust): reported in
scripts and code blocks, not in prose, where ``verify=False`` is a word being talked about.
Silencing the warning (``disable_warnings``) goes with it."""
_WEAKEN_KW = ("sslverify", "ssl_no_verify", "strict-ssl", "tls_reject", "httpsverify",
              "trusted-host", "setenforce", "selinux=", "ufw", "systemctl", "service ", "auditctl",
              "iptables", "nft ", "set-mppreference", "set-netfirewallprofile", "netsh",
              "add-mppreference", "spctl", "csrutil", "chmod", "nopasswd", "randomize_va_space",
              "xhost")
_WEAKEN_CODE_KW = ("verify", "unverified", "cert_none", "check_hostname", "insecureskipverify",
                   "rejectunauthorized", "certificatevalidation", "skipcertificatecheck",
                   "invalid_certs", "insecurerequestwarning", "disable_warnings")
_SHARED_BRANCHES = frozenset({"main", "master", "trunk", "develop", "development", "production",
                              "prod", "release", "stable", "gh-pages", "default"})


def force_push(line: str) -> str | None:
    """What a ``git push`` of ``line`` overwrites on the remote by force: a shared branch
    (``main``, ``master``, ``develop``...), every branch or tag (``--all``, ``--mirror``,
    ``--tags``), or the current branch when none is named; ``--force-with-lease`` on a named
    branch of one's own is not one. Also removing a branch's protection."""
    if re.search(r"\bbranches/[\w.-]+/protection\b|\bprotected_branches/[\w.%$-]+",
                 line) and re.search(
            r"-X\s*DELETE|--method\s+DELETE|\bDELETE\b", line):
        return "the branch protection"
    for command in _commands(line):
        words = [w.rstrip(".,;:").strip("`") for w in command]
        for i, word in enumerate(words):  # one quoted word: an alias, ``sh -c '...'``
            alias = i > 0 and words[i - 1].startswith("alias.") and not word.startswith("!")
            if "push" in word and " " in word and word != line and (alias or "git" in word):
                inner = force_push(("git " if alias else "") + word.lstrip("!"))
                if inner is not None:
                    return inner
        pushes = [i for i, w in enumerate(words) if w == "push" and any(
            v.rsplit("/", 1)[-1] == "git" for v in words[max(0, i - 5):i])]
        for at in pushes:
            end = next((i for i, w in enumerate(command[at + 1:], at + 1) if w.endswith("`")),
                       len(words) - 1)
            overwritten = _forced(words[at + 1:end + 1])
            if overwritten is not None:
                return overwritten
    return None


def _forced(rest: list[str]) -> str | None:
    """What the arguments of a ``git push`` overwrite by force, or None."""
    if rest:
        options = [w for w in rest if w.startswith("-")]
        names = [w for w in rest if not w.startswith("-")]
        forced = any(o in ("--force", "-f", "--mirror") or re.fullmatch(r"-[a-zA-Z]*f[a-zA-Z]*", o)
                     for o in options)
        plus = [n for n in names[1:] if n.startswith("+")]
        if any(o.startswith("--force-with-lease") for o in options) and (
                "--all" in options or "--mirror" in options):
            return "every branch (--all), by force"
        if "--prune" in options:
            return "every remote branch not present locally (--prune)"
        deleted = [n.lstrip(":") for n in names[1:] if n.startswith(":")] + (
            names[1:] if "--delete" in options or "-d" in options else [])
        shared = next((d for d in deleted if _shared(d)), None)
        if shared is not None:
            return f"the shared branch {shared!r}, deleted"
        if not forced and not plus:
            return None
        if "--mirror" in options:
            return "every branch and tag (--mirror)"
        if "--all" in options or "--tags" in options:
            return "every branch (--all)" if "--all" in options else "every tag (--tags)"
        refs = names[1:]
        if not refs:
            return "the current branch"
        for ref in refs:
            branch = ref.lstrip("+").rsplit(":", 1)[-1].removeprefix("refs/heads/")
            if _shared(branch):
                return f"the shared branch {branch!r}"
    return None


_ARGV = re.compile(r"\[\s*(?:[\"'][^\"'\n\]]*[\"']\s*,\s*){1,40}[\"'][^\"'\n\]]*[\"']\s*,?\s*\]")
"""A command as an argument list (``subprocess.run(['git', 'push', '-f', ...])``)."""


def argv_command(line: str) -> str | None:
    """The command an argument list of ``line`` runs, as a shell line (each item quoted as
    needed), or None."""
    found = _ARGV.search(line)
    if found is None:
        return None
    items = re.findall(r"[\"']([^\"'\n\]]*)[\"']", found.group())
    return " ".join(shlex.quote(item) for item in items)


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
        command = [w.strip("`") for w in command if w.strip("`")]
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
            if (target.startswith(_SAFE_PREFIXES) or _SAFE_HOME.match(target)
                    or _SYSTEM_CACHE.match(target)):
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
               wanted: Set[int] | None = None, prose: bool = False) -> Iterator[CodeHit]:
    """Hits of every kind in shell-like text (a script, a fenced block, a prose line); with
    ``wanted`` (0-based line numbers of ``text``), only in the logical lines that hold one."""
    number = 0
    for offset, line, count in logical_lines(text):
        first, number = number, number + count
        if wanted is not None and not any(n in wanted for n in range(first, number)):
            continue
        yield from _line_windows(offset, line, present, prose)


AGENT_SETTINGS = re.compile(
    r"\bbypassPermissions\b|--dangerously-skip-permissions\b|"
    r"--dangerously-bypass-approvals-and-sandbox\b|--yolo\b|\bdanger-full-access\b|"
    r"\bapproval_policy\s*=\s*[\"']never\b|--ask-for-approval[\s=]+never\b|"
    r"--approval-mode[\s=]+yolo\b|\bchat\.tools\.(?:terminal\.)?autoApprove[\"']?\s*:\s*true\b|"
    r"\bchat\.tools\.global\.autoApprove\b|\bautoApprove[\"']?\s*:\s*\[\s*[\"']\*|"
    r"[\"']Bash\(\*(?::\*)?\)[\"']|--allow-all-tools\b|--trust-all-tools\b|"
    r"\ballowList[\"']?\s*:\s*\{\s*[\"']\*[\"']\s*:\s*true|"
    r"\benableAllProjectMcpServers[\"']?\s*[:=]\s*true\b|"
    r"\bpermissionDecision[\"']?\s*:\s*[\"']allow\b|[\"']decision[\"']\s*:\s*[\"']approve\b|"
    r"\bautoAccept[\"']?\s*[:=]\s*true\b|\byes[-_]always[\"']?\s*[:=]\s*true\b|"
    r"--yes-always\b|\bpermissions\.deny\s*=\s*\[\s*\]|"
    r"[\"']?allow[\"']?\s*[:+]?=?\s*\[[^\]\n]{0,400}[\"'](?:Bash|WebFetch|Write|Edit|MultiEdit)"
    r"[\"']|additionalDirectories[\"']?\s*[:+]?=?\s*\[[^\]\n]{0,200}[\"'](?:/|~|\$HOME)/?[\"']",
    _I)
"""An agent's permission prompts or sandbox switched off by what a script runs or the
settings it writes (Claude Code, Codex, Gemini CLI, Copilot, VS Code)."""
_AGENT_KW = ("bypasspermissions", "dangerously", "yolo", "danger-full-access", "approval",
             "autoapprove", "bash(*", "allow-all-tools", "trust-all-tools", "allowlist",
             "enableallprojectmcpservers", "permissiondecision", "decision", "autoaccept",
             "yes-always", "yes_always", "permissions.deny", "allow", "additionaldirectories")
_PROFILE_APPEND = re.compile(
    r"(?:^|[\s`;&(])(?:echo|printf)\s+(?:-[en]+\s+)?([\"'])\s*(?:export\s+)?(?:[A-Z_][A-Z0-9_]*=[^;&|`]*|"
    r"alias\s+[\w.-]+=[^;&|`]*|(?:source|\.)\s+[^;&|`$]+|eval\s+\\?\"\$\(\S+\s+(?:init|env|activate|"
    r"hook|shellenv|completion)[^;&|`]*\)\\?\"|fpath=\S*|complete\s[^;&|`]*)\1\s*>>\s*[^\s`;&|]+"
    r"\s*(?:\s#[^`\n]*)?(?:`[^\n]*)?$")
"""An ``echo`` that appends one setting to a shell's start-up file: a variable (``PATH``), an
alias, a ``source`` of a local file, a tool's ``init``, a shell comment after it (``# or
~/.zshrc``): set-up a user asks for, not a program that runs again (what it sets is judged
by the other checks: ``NODE_TLS_REJECT_UNAUTHORIZED`` is ST029)."""


def _agent_settings(line: str, offset: int, prose: bool) -> Iterator[CodeHit]:
    if prose:
        return
    joined = _JOIN_PARTS.sub("", line) if "," in line or "+" in line else line
    if any(_has(text.lower(), _AGENT_KW) and AGENT_SETTINGS.search(text) for text in {
            line, joined}) or (
            _has(line.lower(), ("shell(", "bash", "permission", "defaultmode", "base64",
                                "b64decode", "atob", "yolo", "approvalmode", "autoexecution",
                                "goose_mode")) and AGENT_MORE.search(line)):
        yield _hit("ST014", line, offset, line, "switches the agent's permission prompts or "
                   "sandbox off (in a script or settings it writes)")


_NAMED_PLACE = re.compile(
    r"\\CurrentVersion\\Run(?:Once)?\b|Start Menu\\Programs\\Startup|\.config/autostart/", _I)
"""Persistence places PERSIST matches by their name alone: a reference may name them (where
Windows looks for start-up programs) and a forensics guide reads them."""
_PLACE_WRITTEN = re.compile(
    r"\breg(?:\.exe)?\s+(?:add|import|copy)\b|\b(?:New|Set|Copy|Move)-Item(?:Property)?\b|"
    r"SetValue|CreateSubKey|CreateShortcut|\b(?:copy|xcopy|robocopy|move|cp|mv|ln|install|"
    r"tee|mklink)\b|>|\b(?:add|adds|adding|put|place|drop|write|writes|save|register|create)\b",
    _I)
"""Something written to a place: a registry value set, a file copied or saved there, or the
words for it ("add it to the Startup folder")."""


def _only_named(line: str) -> bool:
    """Every PERSIST match on ``line`` is a persistence place named (the ``Run`` key, the
    Startup folder) with nothing written to it: ``vol ... printkey --key ...\\Run``, "Startup
    locations: ..."."""
    matches = list(PERSIST.finditer(line))
    return bool(matches) and all(_NAMED_PLACE.fullmatch(m.group()) for m in matches) and (
        _PLACE_WRITTEN.search(line) is None)


def _plain_profile_line(line: str) -> bool:
    return _PROFILE_APPEND.search(line) is not None and not re.search(
        r"curl|wget|https?://|/dev/tcp|\bnc\b|base64", line, _I)


_WINDOWS_PATH = re.compile(r"(?:\$env:\w+|\b[A-Za-z]:)\\", _I)
_QUOTED_ITEM = re.compile(r"(?:-\s+)?(?:\"[^\"\n]*\"|'[^'\n]*'),?\s*$")
"""A line that is only a quoted string, a list item or an array element: data."""


def _line_windows(offset: int, line: str, present: tuple[str, ...] | None,
                  prose: bool = False) -> Iterator[CodeHit]:
    for start, window, _count in _bounded(iter(((offset, line, 1),))):
        if not window.strip():
            continue
        stripped = window.lstrip()
        if stripped.startswith("#") and not stripped.startswith("#!"):
            continue  # a comment: said, not run
        if _QUOTED_ITEM.match(stripped):
            # a string in a list (a blocklist, a set of examples): data, not run; but an
            # agent's settings are data too ("Bash(*)" in a permissions list)
            yield from _agent_settings(window, start, prose)
            continue
        words = TRIGGERS if present is None else present
        lowered = window.lower()
        if any(word in lowered for word in words):
            said = unsaid(window, prose)
            for hit in line_hits(said, start, prose):
                yield hit if said is window else dc.replace(hit, command=window.strip())
        plain = deobfuscated(window)
        if plain is not None and _WINDOWS_PATH.search(window):
            plain = deobfuscated(window.replace("\\", "/"))  # a path's separators, not escapes
        if plain is not None and any(word in plain.lower() for word in TRIGGERS):
            for hit in line_hits(plain, start, prose):
                yield dc.replace(hit, command=window.strip(),
                                 detail=f"{hit.detail} (command names written to dodge a match)")


_EXEC_KW = ("curl", "wget", "fetch", "iwr", "irm", "invoke-web", "invoke-rest", "downloadstring",
            "downloadfile", "aria2c", "lwp-", "http", "dig ", "nslookup", "drill ")
_EXEC_JOIN = ("|", "<(", "$(", "&&", ";", "eval", "function", "child_process", "scriptblock",
              "invokescript", "iex", "invoke-expression", "msiexec", "appx", "rpm", "install",
              "(get-", "(gcm", "(gal", "<<<")
_DECODE_KW = ("base64", "xxd", "gunzip", "zcat", "openssl", "encodedcommand", "powershell",
              "pwsh", "atob", "unescape", "decodeuri", "buffer.from", "printf", "rev", "echo",
              "base32", "basenc", "tr ", "bzcat", "xzcat", "unxz", "gzip", "bunzip2", "$'")
_REVERSE_KW = ("/dev/tcp", "/dev/udp", "ncat", "netcat", "nc ", "mkfifo", "socat", "tcpclient",
               "authorized_keys", "pty.spawn", "dup2")
_SEND_KW = ("curl", "wget", "nc ", "ncat", "netcat", "requests.", "httpx.", "urlopen", "fetch",
            "scp", "rsync", "invoke-", "smtplib", "ftplib", "nslookup", "dig ", "host ", "://")
_DESTROY_KW = ("rm ", "shred", "unlink", "dd ", "mkfs", "/dev/", "chmod", "chown", "find ",
               "preserve-root", "remove-item", "format ", "rd ", "rmdir", "del ", ":()")
_PERSIST_KW = ("bashrc", "zshrc", "profile", "zshenv", "bash_log", "config.fish", "crontab",
               "/etc/cron", "rc.local", "init.d", "launchagents", "launchdaemons", "launchctl",
               "systemctl", "schtasks", "currentversion", "startup", "autostart", "hookspath",
               "ld.so.preload", "ld_preload", ".git/hooks", "promptsubmit", "tooluse",
               "sessionstart", "sessionend", "subagentstop", "precompact", "beforesubmit",
               "beforeshell", "systemd")
_COVER_KW = ("history", "histfile", "histsize", "/var/log", "wevtutil", "eventlog", "$0",
             "__file__", "__filename", "journalctl", "auditctl", "last")
_INSTALL_KW = ("pip", "npm", "npx", "go install", "cargo install", "uvx")
_SOURCE_KW = ("index-url", "index_url", "registry", "-i ", "://", "find-links", "find_links")
_INLINE_KW = ("python", "node", "perl", "ruby", "php", "deno", "bun", "pwsh", "powershell")
_INLINE_MORE = ("urlopen", "urlretrieve", "requests.", "httpx", "get(", "get \"", "get '", "lwp",
                "http::", "open-uri", "uri.open", "net::http", "file_get_contents", "axios",
                "getstore")
_OBFUSCATION_KW = ("''", '""', "\\", ":0:0}", "$@", "$*")
TRIGGERS = tuple(sorted({*_EXEC_KW, *_DECODE_KW, *_REVERSE_KW, *_DESTROY_KW, *_PERSIST_KW,
                         *_COVER_KW, *_INSTALL_KW, *_INLINE_KW, *_OBFUSCATION_KW, *_WEAKEN_KW,
                         *_WEAKEN_CODE_KW, *_AGENT_KW, *_SOURCE_KW, "push", "protection",
                         ".git/hooks",
                         "promptsubmit", "tooluse", "sessionstart", "sessionend", "subagentstop",
                         "precompact", "beforesubmit", "beforeshell", "systemd", "base32",
                         "basenc", "$'", "gist", "-body", "-infile", "sendall"}))
"""If a text holds none of these (lowercased), no shell hit can be in it."""


def _has(lower: str, words: tuple[str, ...]) -> bool:
    return any(word in lower for word in words)


def line_hits(line: str, offset: int, prose: bool = False) -> Iterator[CodeHit]:
    """Hits of every kind on one line (or window) of shell-like text; ``prose``: the line is
    prose, where code-only checks (``verify=False``, an argument list) are words talked
    about."""
    lower = line.lower()
    fetched = None
    if _has(lower, _EXEC_KW) and _has(lower, _EXEC_JOIN):
        fetched = PIPE_EXEC.search(line) or SUBST_EXEC.search(line) or PS_EXEC.search(
            line) or download_then_run(line) or JS_EXEC.search(line) or INDIRECT_EXEC.search(line)
    if fetched:
        vendor = vendor_installer(line)
        url = re.search(r"https?://[^\s'\")|]+", line)
        if vendor is not None:
            yield _hit("ST027", line, offset, line, f"runs a vendor's installer fetched from "
                       f"{vendor} at run time")
        else:
            where = f" from {url.group()}" if url else ""
            yield _hit("ST020", line, offset, line, f"downloads code{where} and runs it")
    if _has(lower, _DECODE_KW) and (DECODE_EXEC.search(line) or ESCAPED_EXEC.search(line)):
        yield _hit("ST021", line, offset, line, "decodes a payload and runs it")
    if not fetched and _has(lower, _INLINE_KW) and _has(lower, _EXEC_KW + _INLINE_MORE):
        interpreter = inline_fetch_exec(line)
        if interpreter is not None:
            yield _hit("ST020", line, offset, line, f"downloads code and runs it, in {interpreter} "
                       "code given on the command line")
    if _has(lower, _REVERSE_KW) and REVERSE_SHELL.search(line):
        yield _hit("ST022", line, offset, line,
                   "opens a remote shell or grants remote access (reverse shell, backdoor key)")
    if _has(lower, _SEND_KW):
        sink = SINK_HOST.search(line)
        if sink or SEND.search(line) or "://" in line:
            source = CREDENTIAL.search(line) if sink or SEND.search(line) else None
            source = source or (SECRET_VAR.search(line) if sink else foreign_secret(line))
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
    if _has(lower, _WEAKEN_KW) and _weakens(line):
        yield _hit("ST029", line, offset, line, "switches a protection of the machine off "
                   "(TLS verification, SELinux, firewall, audit, antivirus, setuid, sudo)")
    elif not prose and _has(lower, _WEAKEN_CODE_KW) and WEAKEN_CODE.search(line):
        yield _hit("ST029", line, offset, line, "switches TLS certificate verification off")
    if "push" in lower or "protect" in lower:
        overwritten = force_push(line)
        if overwritten is not None:
            yield _hit("ST060", line, offset, line, f"overwrites {overwritten} on the remote"
                       + (" (a force push rewrites history others share)"
                          if "protection" not in overwritten else " (then anyone may "
                          "force-push over it)"))
    if not prose and "[" in line and "," in line:
        argv = argv_command(line)
        if argv is not None and argv != line:
            for hit in line_hits(argv, offset, prose):
                yield dc.replace(hit, command=line.strip())
    yield from _agent_settings(line, offset, prose)
    if (_has(lower, _PERSIST_KW) and PERSIST.search(line) and not _plain_profile_line(line)
            and not _only_named(line) and not (prose and _UNDO.search(line))):
        yield _hit("ST025", line, offset, line, "installs itself to run again later "
                   "(shell profile, cron, launch agent, service, startup entry)")
    if _has(lower, _COVER_KW) and COVER.search(line):
        yield _hit("ST026", line, offset, line, "removes traces (shell history, logs, itself)")
    if _has(lower, _SOURCE_KW):
        origin = untrusted_source(line)
        if origin is not None:
            yield _hit("ST028", line, offset, line, f"installs a package from {origin}")
    unpinned = unpinned_install(line) if _has(lower, _INSTALL_KW) else None
    if unpinned:
        yield _hit("ST027", line, offset, line, f"installs {unpinned!r} unpinned at run time")
    yield from more_hits(line, offset, prose)
    yield from class_hits(line, offset, prose)



# Flows across lines and statements --------------------------------------------------------------

FETCH_TO_FILE = re.compile(
    rf"\b{_FETCH}\b[^\n]*\s(?:-\w*[oO]|--output(?:-document)?|-OutFile|--remote-name|>)|"
    r"\b(?:wget|aria2c|lwp-download)\s[^\n]*(?:https?|ftp)://|\burlretrieve\s*\(|"
    r"^\s*ADD\s+(?:--\S+\s+)*(?:https?|ftp)://", _I | re.MULTILINE)
"""A download saved to a file (the definition of what :func:`_saved_files` reads, for the
prefilter; not run by Python's engine)."""
VERIFY = re.compile(
    r"\b(?:sha(?:1|224|256|384|512)sum|shasum|md5sum|b2sum|cksum|minisign|cosign\s+verify|"
    r"slsa-verifier|Get-FileHash|certutil\s+-hashfile|gpgv|gpg\s+(?:--\S+\s+)*--verify|"
    r"openssl\s+dgst|sigstore|hashlib\.sha\d+)", _I)
"""A checksum or signature checked: a download verified before it is run."""
_FETCH_TOOLS = frozenset({"curl", "wget", "aria2c", "lwp-download", "iwr", "invoke-webrequest",
                          "http", "https", "fetch", "start-bitstransfer"})
_RUNNERS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "source", ".", "node", "perl", "ruby",
                      "php", "pwsh", "powershell", "deno", "bun", "exec", "sudo", "doas",
                      "nohup", "time", "env"})
_WORD_PREFIXES = frozenset({"sudo", "doas", "command", "exec", "time", "nohup", "env", "RUN",
                            "-", "then", "do", "else"})


def _bare(word: str) -> str:
    word = word.strip("\"'")
    while word.startswith(("./", ".\\")):
        word = word[2:]
    return word


def _same_file(saved: str, used: str) -> bool:
    if not saved or not used:
        return False
    if saved == used:
        return True
    if "$" in saved or "$" in used:
        return False
    if saved.endswith("/"):
        return len(saved) > 1 and used.startswith(saved)  # a file of an unpacked download
    return saved.rsplit("/", 1)[-1] == used.rsplit("/", 1)[-1] and (
        "/" not in saved or "/" not in used or saved.endswith(used) or used.endswith(saved))


def _url_file(url: str) -> str:
    path = url.split("?", 1)[0].split("#", 1)[0].rstrip("/")
    name = path.rsplit("/", 1)[-1]
    return name if "://" not in name and name else ""


def _saved_files(line: str) -> list[tuple[str, str]]:
    """(file, URL) for each download of ``line`` saved to a file: ``curl -o FILE``, ``-O``
    (the URL's last part), ``wget URL`` (the same) or ``-O FILE``, ``> FILE``,
    ``Invoke-WebRequest -OutFile FILE``, ``urlretrieve(URL, FILE)``."""
    found: list[tuple[str, str]] = []
    for match in re.finditer(r"(?:urlretrieve|DownloadFile)\(\s*['\"]([^'\"]+)['\"]\s*,\s*"
                             r"['\"]([^'\"]+)['\"]", line):
        found.append((_bare(match.group(2)), match.group(1)))
    for command in _commands(_SUBSTITUTION.sub("_", line)):
        words = list(command)
        while words and (words[0] in _WORD_PREFIXES or re.fullmatch(r"[A-Za-z_]\w*=.*",
                                                                     words[0])
                         or (words[0].endswith(":") and len(words) > 1)):
            words = words[1:]  # a YAML key (- run: curl ...) too
        if not words:
            continue
        if words[0] == "ADD" and len(words) >= 3 and not any(
                w.startswith("--checksum") for w in words):
            # a Dockerfile's ADD of a URL: downloaded into the image, no checksum pinned
            added = [w for w in words[1:-1] if re.match(r"(?:https?|ftp)://", w.strip("\"'"))]
            for url in added:
                target = words[-1] + (_url_file(url) if words[-1].endswith("/") else "")
                found.append((_bare(target), url.strip("\"'")))
            continue
        tool = words[0].rsplit("/", 1)[-1].lower()
        if tool not in _FETCH_TOOLS:
            continue
        urls = [w for w in words[1:] if re.match(r"(?:https?|ftp)://|\$\{?\w+\}?/[\w.-]",
                                                 w.strip("\"'"))]
        if tool == "start-bitstransfer" and not any(w.lower() == "-destination" for w in words):
            target = next((w for w in words[1:] if not w.startswith("-") and w not in urls), "")
            if url_target := (urls[0] if urls else ""):
                found.append((_bare(target or _url_file(url_target)), url_target.strip("\"'")))
            continue
        url = urls[0] if urls else ""
        target = ""
        stdout = False
        for index, word in enumerate(words[1:], 1):
            following = words[index + 1] if index + 1 < len(words) else ""
            lower = word.lower()
            if lower in ("-outfile", "--output", "--output-document", "-o", "-destination") or (
                    re.fullmatch(r"-[a-zA-Z]*o", word) and tool == "curl") or (
                    re.fullmatch(r"-[a-zA-Z]*O", word) and tool == "wget"):
                target = following
            elif tool == "curl" and (re.fullmatch(r"-[a-zA-Z]*O", word) or
                                     lower == "--remote-name"):
                target = _url_file(url)
            elif re.fullmatch(r"-[a-zA-Z]*[oO]-|-[a-zA-Z]*O", word) is None and \
                    word.startswith(("-o", "-O")) and len(word) > 2 and word[1] in "oO" and \
                    tool in ("curl", "wget") and not word.startswith("--"):
                target = word[2:]
            elif word in (">", ">>") and following:
                target = following
            elif word.startswith(">") and len(word) > 1 and not word.startswith(">&"):
                target = word.lstrip(">")
        if target in ("-", "/dev/stdout", "/dev/null"):
            stdout = True
        if not target and not stdout and tool == "wget" and url and not any(
                w.startswith(("-O", "-qO", "--output-document")) for w in words):
            target = _url_file(url)
        if target and not stdout:
            found.append((_bare(target), url.strip("\"'")))
    return found


def _run_targets(line: str) -> Iterator[str]:
    """The files ``line`` runs: ``sh FILE``, ``bash FILE``, ``source FILE``, ``. FILE``,
    ``python FILE``, ``./FILE`` or a path as the command itself, ``Start-Process FILE``."""
    for command in _commands(line.replace(".\\", "./")):
        words = list(command)
        while words and (words[0] in _WORD_PREFIXES - {"exec"} or
                         re.fullmatch(r"[A-Za-z_]\w*=.*", words[0]) or words[0].startswith("-")
                         or (words[0].endswith(":") and len(words) > 1)):
            words = words[1:]
        if not words:
            continue
        tool = words[0].rsplit("/", 1)[-1].lower()
        family = re.sub(r"[0-9.]+$", "", tool)
        if tool in ("start-process", "&", "invoke-item", "saps", "start"):
            named = [w for w in words[1:] if not w.startswith("-")]
            if named:
                yield _bare(named[0])
            continue
        if tool in _RUNNERS or family == "python":
            for word in words[1:]:
                if word.startswith("-"):
                    if word.lower() in ("-c", "-e", "-m"):
                        break
                    continue
                yield _bare(word)
                break
        elif words[0].startswith(("./", "/", "~/", "$")) or "/" in words[0]:
            yield _bare(words[0])


def _shell_words(line: str) -> list[str]:
    """The words of ``line`` that may name a file or a variable (not a command, an option or
    a short word)."""
    out: list[str] = []
    for command in _commands(line):
        for word in command[1:]:
            word = _bare(word).lstrip("@<>")
            if len(word) >= 3 and not word.startswith("-") and re.search(r"[A-Za-z]", word):
                out.append(word)
    return out


_SEND_MORE = re.compile(r"\bgh\s+gist\s+create\b|\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)"
                        r"\b[^\n]*-(?:Body|InFile)\b|\.sendall\s*\(", _I)
_TAINT_CAP = 64
_URL_ASSIGNED = re.compile(
    r"(?:export\s+)?([A-Za-z_]\w{0,60})=[\"']?(https?://[^\s\"'$]{1,400})")
_URL_USE = re.compile(r"\$\{(\w+)\}|\$(\w+)")
_ON_PATH = re.compile(r"(?:^|/)(?:\.local/|usr/local/|usr/|opt/homebrew/)?s?bin/[^/]+$")
"""A file saved into a folder on the PATH: run later by its name alone."""


def flow_hits(text: str) -> Iterator[CodeHit]:
    """Hits that take more than one statement, in shell-like text (a script, a fenced
    block): a file downloaded and later run (``curl -o x URL``, ``chmod +x x``, ``./x``) with
    no checksum or signature checked between; credentials or the environment read into a
    variable or a file, then that variable or file sent off the machine."""
    data = text.encode("utf-8")
    sending = _SEND_LINES.any_match(data)
    fetching = _FETCH_LINES.any_match(data)
    globbing = ("/*" in text or '/"*' in text or "*}" in text or ",*" in text) and "rm" in text
    tokens = "://" in text and SECRET_VAR.search(text) is not None
    reading = ("://" in text or _has(text.lower(), _DNS_WORDS)) and bool(
        _CREDENTIAL_LINES.any_match(data))
    if not (sending or fetching or globbing or tokens or reading):
        return  # nothing sent, saved from the network or deleted by a glob: no flow to find
    saved: dict[str, str] = {}
    urls: dict[str, str] = {}  # a variable -> the URL assigned to it
    tainted: dict[str, str] = {}  # a variable or file name -> the credential it holds
    guarded: set[str] = set()
    looped: str | None = None  # a credential read inside the loop not yet closed
    for offset, line, _count in _bounded(logical_lines(text)):
        stripped = line.strip()
        if not stripped or (stripped.startswith("#") and not stripped.startswith("#!")):
            continue
        lower = stripped.lower()
        if globbing and "$" in stripped and len(guarded) < _TAINT_CAP:
            guarded.update(next(g for g in m.groups() if g) for m in _GUARD.finditer(stripped))
        if globbing and "=" in stripped and len(guarded) < _TAINT_CAP:
            literal = _LITERAL_ASSIGN.match(stripped)
            if literal is not None:
                guarded.add(literal.group(1))  # set to a fixed folder: never empty
        if globbing and "rm" in lower and "$" in stripped:
            for match in _VARIABLE_GLOB.finditer(stripped):
                if match.group(1) not in guarded and match.group(1) not in _SAFE_VARIABLES \
                        and destructive_rm(stripped.replace(match.group(), "/*")):
                    yield _hit("ST024", stripped, offset, stripped,
                               f"deletes {match.group()!r}: with ${match.group(1)} empty or "
                               "unset (nothing checks it) that is '/*'")
                    break
        if saved and VERIFY.search(stripped) and not _checked_against_download(stripped, saved):
            saved.clear()  # a checksum or signature checked: what was saved is verified
            continue
        if fetching and _has(lower, _FETCH_WORDS):
            for name, url in _saved_files(stripped):
                if len(saved) < _TAINT_CAP:
                    saved[name] = url
        if saved and _has(lower, ("tar", "unzip")):
            for command in _commands(stripped):
                unpacked = _unpacked_into(command, saved)
                if unpacked is not None and len(saved) < _TAINT_CAP:
                    saved[unpacked[0].rstrip("/") + "/"] = unpacked[1]
        if saved and _has(lower, ("mv", "cp")):
            for command in _commands(stripped):
                if len(command) >= 3 and command[0] in ("mv", "cp") and len(saved) < _TAINT_CAP:
                    moved = next((u for f, u in saved.items()
                                  if _same_file(f, _bare(command[-2]))), None)
                    if moved is not None:
                        saved[_bare(command[-1])] = moved  # renamed or copied: the download
        if saved and _has(lower, _INSTALL_KW):
            for command in _commands(stripped):
                found = _install_words(command)
                words = found[1] if found else []
                if found and found[0] in ("npx", "uvx"):
                    # what npx or uvx runs is its first word; the rest are the tool's arguments
                    words = [w for w in words if not w.startswith("-")][:1]
                installed = [w for w in words if any(_same_file(f, _bare(w)) for f in saved)]
                if installed:
                    yield _hit("ST028", stripped, offset, stripped,
                               f"installs {installed[0]!r}, downloaded on an earlier line or "
                               "before on this one, with no checksum checked")
                    break
        if saved:
            for command in _commands(stripped):
                name = command[0] if command else ""
                if name == "chmod" and len(command) >= 3 and _EXEC_MODE.fullmatch(command[1]):
                    placed = [t for t in command[2:] if any(
                        _same_file(f, _bare(t)) and _ON_PATH.search(f) for f in saved)]
                    if placed:
                        yield _hit("ST020", stripped, offset, stripped,
                                   f"makes {placed[0]!r}, downloaded onto the PATH on an "
                                   "earlier line, a program any later command runs, with no "
                                   "checksum or signature checked")
                        saved.clear()
                        break
                if _COMMAND_NAME.fullmatch(name) and not any(
                        f == name for f in saved) and any(
                        _ON_PATH.search(f) and f.rsplit("/", 1)[-1] == name for f in saved):
                    yield _hit("ST020", stripped, offset, stripped,
                               f"runs {name!r}, downloaded onto the PATH on an earlier line, "
                               "with no checksum or signature checked")
                    saved.clear()
                    break
            for target in _run_targets(stripped):
                source = next((u for f, u in saved.items() if _same_file(f, target)), None)
                if source is None:
                    continue
                if source and vendor_installer(f"curl -fsSL {source}") is not None:
                    yield _hit("ST027", stripped, offset, stripped,
                               f"runs a vendor's installer downloaded from {source}")
                else:
                    where = f" from {source}" if source else ""
                    yield _hit("ST020", stripped, offset, stripped,
                               f"runs {target!r}, downloaded{where} on an earlier line, with "
                               "no checksum or signature checked")
                break
        assigned_url = _URL_ASSIGNED.match(stripped) if tokens else None
        if assigned_url is not None and len(urls) < _TAINT_CAP:
            urls[assigned_url.group(1)] = assigned_url.group(2)
        elif urls and "$" in stripped and SECRET_VAR.search(stripped):
            expanded = _URL_USE.sub(lambda m: urls.get(m.group(1) or m.group(2), m.group()),
                                    stripped)
            if expanded != stripped and foreign_secret(expanded) is not None:
                yield _hit("ST023", stripped, offset, stripped, "sends a service's token to a "
                           "host that is not the service's, named in a variable set earlier")
                continue
        if not (sending or reading):
            continue
        credential = CREDENTIAL.search(stripped) if _has(lower, _CREDENTIAL_KW) else None
        if credential is None and ">" in stripped and "://" not in stripped:
            credential = SECRET_VAR.search(stripped)  # a secret written into a file
        if tainted and credential is None and _DNS_LOOKUP.search(stripped):
            held = next((what for name, what in tainted.items() if name.startswith("$")
                         and name in stripped), None)
            if held is not None:
                yield _hit("ST023", stripped, offset, stripped,
                           f"sends {held!r}, read on an earlier line, out in a DNS lookup")
                continue
        if tainted and "://" in stripped and credential is None:
            held = next((what for name, what in tainted.items() if name.startswith("$") and any(
                name in url for url in _URL_WORD.findall(stripped))), None)
            if held is not None:
                yield _hit("ST023", stripped, offset, stripped,
                           f"sends {held!r}, read on an earlier line, in a URL off the machine")
                continue
        if credential is not None and _LOOP_OPEN.search(stripped):
            looped = credential.group().strip(" |;&(`$")
        if looped is not None and (closed := _LOOP_CLOSED.match(stripped)) is not None:
            if closed.group(1) and len(tainted) < _TAINT_CAP:
                tainted[_bare(closed.group(1))] = looped  # what the loop read, written out
            looped = None
        sends = _has(lower, (*_SEND_KW, "gist", "-body", "-infile", "sendall")) and (
            SEND.search(stripped) or _SEND_MORE.search(stripped))
        if sends and tainted:
            held = next((what for name, what in tainted.items()
                         if name in stripped and not credential), None)
            if held is not None:
                yield _hit("ST023", stripped, offset, stripped,
                           f"sends {held!r}, read on an earlier line, off the machine")
                continue
        if credential is not None and not sends:
            what = credential.group().strip(" |;&(`$")
            assigned = re.match(r"(?:export\s+|local\s+|\$)?([A-Za-z_]\w*)\s*=", stripped) or (
                re.search(r"\bfor\s+([A-Za-z_]\w*)\s+in\b", stripped))
            if assigned and len(tainted) < _TAINT_CAP:
                tainted[f"${assigned.group(1)}"] = what
                tainted[f"${{{assigned.group(1)}}}"] = what
            for word in _shell_words(stripped):
                if credential.group().strip() not in word and len(tainted) < _TAINT_CAP:
                    tainted[word] = what
        elif tainted and not sends:
            held = next((what for name, what in tainted.items() if name in stripped), None)
            assigned = re.match(r"(?:export\s+|local\s+)?([A-Za-z_]\w*)=", stripped)
            if held is not None and assigned and len(tainted) < _TAINT_CAP:
                tainted[f"${assigned.group(1)}"] = held  # blob=$(base64 < "$f"): $blob holds it
                tainted[f"${{{assigned.group(1)}}}"] = held
            if held is not None and re.search(r"\b(?:cp|mv|tar|zip|gzip|7z|cat|base64|"
                                              r"gpg|openssl|tee)\b|>", stripped):
                for word in _shell_words(stripped):
                    if len(tainted) < _TAINT_CAP:
                        tainted.setdefault(word, held)


_DNS_LOOKUP = re.compile(r"\b(?:nslookup|dig|host|drill|Resolve-DnsName)\s[^\n]*\$\{?\w", _I)
"""A DNS lookup of a name holding a variable: what the variable holds leaves as the name."""
_DNS_WORDS = ("nslookup", "dig ", "host ", "drill ", "resolve-dnsname")
_URL_WORD = re.compile(r"(?:https?|ftp)://[^\s\"'`]+", _I)
_LOOP_OPEN = re.compile(r"\b(?:do|while|for)\b")
_LOOP_CLOSED = re.compile(r"^\s*done\b\s*(?:>>?\s*[\"']?([^\s\"';&|]+))?")
_CHECKSUM_FILE = re.compile(r"(?:\.(?:sha(?:1|256|512)(?:sum)?|md5)|sums?(?:\.txt)?)$", _I)


def _unpacked_into(command: list[str], saved: dict[str, str]) -> tuple[str, str] | None:
    """(folder, URL) when ``command`` unpacks a downloaded archive (``tar xzf FILE -C DIR``,
    ``unzip FILE -d DIR``) into a folder other than the current one."""
    if not command or command[0] not in ("tar", "unzip"):
        return None
    archive = next((u for w in command[1:] for f, u in saved.items()
                    if not w.startswith("-") and _same_file(f, _bare(w))), None)
    if archive is None:
        return None
    for flag, folder in itertools.pairwise(command):
        if flag in ("-C", "--directory", "-d") and _bare(folder) not in (".", ""):
            return _bare(folder), archive
    return None


def _checked_against_download(line: str, saved: dict[str, str]) -> bool:
    """A checksum check of ``line`` whose expected value is itself downloaded: fetched on the
    line (``curl URL.sha256 | sha256sum -c``) or a checksum file saved from the network
    earlier. Who controls the download controls the checksum: nothing is verified."""
    if _FETCH_AT.search(line):
        return True
    return any(_CHECKSUM_FILE.search(word) and any(_same_file(f, word) for f in saved)
               for word in _shell_words(line))


_SERVICE_HOSTS: dict[str, tuple[str, ...]] = {
    "GITHUB": ("github", "ghcr.io"), "GH": ("github", "ghcr.io"), "GITLAB": ("gitlab",),
    "OPENAI": ("openai",), "ANTHROPIC": ("anthropic", "claude"), "CLAUDE": ("anthropic",),
    "AWS": ("amazonaws", "amazon", "aws"), "HF": ("huggingface", "hf.co"),
    "HUGGINGFACE": ("huggingface", "hf.co"), "NPM": ("npmjs", "npm"), "PYPI": ("pypi",),
    "TWINE": ("pypi",), "SLACK": ("slack",), "STRIPE": ("stripe",),
    "GOOGLE": ("google", "gcp", "gstatic"), "GCP": ("google",), "GEMINI": ("google",),
    "AZURE": ("azure", "windows.net", "microsoft"), "DOCKER": ("docker",),
    "DOCKERHUB": ("docker",), "CLOUDFLARE": ("cloudflare",), "VERCEL": ("vercel",),
    "NETLIFY": ("netlify",), "DISCORD": ("discord",), "TELEGRAM": ("telegram",),
    "SENTRY": ("sentry",), "DATADOG": ("datadog",), "TWILIO": ("twilio",),
    "SENDGRID": ("sendgrid",), "LINEAR": ("linear",), "NOTION": ("notion",),
    "MISTRAL": ("mistral",), "GROQ": ("groq",), "COHERE": ("cohere",),
    "REPLICATE": ("replicate",), "SUPABASE": ("supabase",), "HEROKU": ("heroku",),
}
"""Well-known services by the word of a secret's name that names them, with words their hosts
hold: a ``$GITHUB_TOKEN`` sent elsewhere is leaving its service. A secret named for a service
not listed here (``$CONFLUENCE_TOKEN`` goes to ``atlassian.net``) is judged by its host only."""
_URL_HOST = re.compile(r"\b(?:https?|wss?)://(?:[^\s/@'\"]*@)?([A-Za-z0-9.-]+)", _I)
_DNS_SEND = re.compile(r"\b(?:nslookup|dig|host|drill|Resolve-DnsName)\s[^\n]*\$[({]", _I)


def _own_host(host: str, words: tuple[str, ...]) -> bool:
    """``host`` is the service's that ``words`` name: a label is the word
    (``gitlab.example.com``), the host ends with it (``hf.co``), or the registrable label
    starts with it and goes on in letters (``githubusercontent.com``, ``amazonaws.com``). A
    label that only begins with it (``aws-session-check.example``) is someone else's."""
    labels = host.rstrip(".").split(".")
    registrable = labels[-2] if len(labels) >= 2 else labels[0]
    if len(labels) >= 3 and registrable in ("co", "com", "net", "org", "ac", "gov", "edu"):
        registrable = labels[-3]
    for word in words:
        if "." in word:
            if host == word or host.endswith("." + word):
                return True
        elif word in labels or (registrable.startswith(word)
                                and registrable[len(word):].isalnum()):
            return True
    return False


def foreign_secret(line: str) -> re.Match[str] | None:
    """A secret from the environment (``$GITHUB_TOKEN``) on a line that sends it to a host
    that is not its service's (the host names none of the words of the variable's name:
    ``$OPENAI_API_KEY`` to ``api.openai.com`` is its own; to ``203.0.113.9`` it is not), or in
    a DNS lookup (``nslookup $(...).host``: DNS exfiltration). A generic name (``$API_KEY``)
    names no service: only a collecting host or a raw address counts for it (SINK_HOST)."""
    secret = SECRET_VAR.search(line)
    if secret is None:
        return None
    if _DNS_SEND.search(line):
        return secret
    hosts = [m.group(1).lower() for m in _URL_HOST.finditer(line)]
    if not hosts or "$" in "".join(hosts):
        return None
    words = [w for w in re.split(r"[^A-Z0-9]+", secret.group().upper()) if w and w != "SECRETS"]
    known = [_SERVICE_HOSTS[w] for w in words[:1] if w in _SERVICE_HOSTS]
    if not known:
        return None
    if any(_own_host(host, known[0]) for host in hosts):
        return None
    if all(re.fullmatch(r"localhost|127\.[\d.]+|\[?::1\]?|0\.0\.0\.0", h) for h in hosts):
        return None
    return secret


FORCE_PUSH = re.compile(r"\bgit\b[^\n]*\bpush\b[^\n]*(?:\s-\w*f|--force|--mirror|\s\+)|"
                        r"\bbranches/[\w.-]+/protection\b|\bprotected_branches/", _I)
"""A force push or a branch protection removed (the definition of :func:`force_push`, for the
prefilter; not run by Python's engine)."""
_GUARD = re.compile(r"\$\{(\w+):?[?]|\[\[?\s+-[nzd]\s+\"?\$\{?(\w+)|"
                    r"\btest\s+-[nzd]\s+\"?\$\{?(\w+)")
_LITERAL_ASSIGN = re.compile(r"^\s*(?:export\s+)?(\w+)\s*[:?]?=\s*[\"']?[\w.][\w./-]*[\"']?\s*$")
_VARIABLE_GLOB = re.compile(
    r"\"?\$[{(]?(\w+)[})]?(?:\"?/\*|/\"\*|\"?/\{[^{}\n]{0,200}\*[^{}\n]{0,200}\})")
_SAFE_VARIABLES = frozenset({"TMPDIR", "TMP", "TEMP", "RUNNER_TEMP", "PWD", "HOME"})
"""Variables a shell sets itself (``$HOME/*`` is judged as the home folder)."""
_FETCH_WORDS = ("curl", "wget", "aria2c", "lwp-download", "iwr", "invoke-webrequest", "http",
                "fetch", "urlretrieve")
_CREDENTIAL_KW = (".ssh", ".aws", "netrc", "credentials", "docker", ".kube", "hosts.yml",
                  "npmrc", "pypirc", "gnupg", "gcloud", ".azure", "shadow", "login data",
                  "cookies", "logins.json", "security", "env", "set", "environ",
                  "get-childitem", "vault", "pgpass", "cmdkey", "storedcredential", "export",
                  "password-store", "composer", "oci", "wrangler", "rclone", "history",
                  "'op'", '"op"', "op ")
SECRET_ENV = re.compile(
    r"(?:process\.env\.|os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*['\"]|\$env:|"
    r"ENV\[\s*['\"]|System\.getenv\(\s*\")"
    r"([A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|"
    r"CREDENTIALS)[A-Z0-9_]*)", _I)
"""A secret read from the environment in a script (Node, Python, PowerShell, Ruby, Java)."""
PUBLIC_IP = re.compile(r"['\"](?!(?:127|10|0)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)"
                       r"(\d{1,3}(?:\.\d{1,3}){3})['\"]")
"""A quoted IPv4 address that is not loopback or private (a host a script connects to)."""
_JOIN_PARTS = re.compile(r"['\"][ \t]*(?:/|,|\+)[ \t]*(?:os\.sep[ \t]*(?:/|,|\+)[ \t]*)?['\"]")
JS_EVAL_VAR = re.compile(r"\b(?:eval|new\s+Function|vm\.runIn\w*Context|vm\.Script)\s*\(\s*"
                         r"(?:['\"][\w$]{1,40}['\"]\s*,\s*){0,8}[A-Za-z_$]")
JS_NET = re.compile(r"\bhttps?\.get\s*\(|\bhttps?\.request\s*\(|\bfetch\s*\(|\baxios\b|"
                    r"\brequire\(\s*['\"](?:node-fetch|request|got|undici)['\"]")


_CREDENTIAL_LINES = LineFinder([CREDENTIAL], group=1)
_SEND_LINES = LineFinder([SEND, _SEND_MORE], group=2)
_FETCH_LINES = LineFinder([FETCH_TO_FILE], group=1)
_SINK_LINES = LineFinder([SINK_HOST, PUBLIC_IP], group=2)
LINE_FINDERS = (_CREDENTIAL_LINES, _SEND_LINES, _FETCH_LINES, _SINK_LINES)
"""The prefilters the code checks use on whole files (compiled with the scan's own, on the
first file scanned)."""


def _search_lines(pattern: re.Pattern[str], finder: LineFinder, text: str
                  ) -> re.Match[str] | None:
    """``pattern.search(text)``, run only on the lines RE2 finds a superset of it in (a
    pattern that is not led by a literal costs microseconds a character in Python's engine:
    seconds on a large script); the match's positions are those of ``text``."""
    lines = finder.lines(text.encode("utf-8"))
    if lines is None:
        return pattern.search(text)
    if not lines:
        return None
    start = 0
    number = 0
    for line in sorted(lines):
        while number < line:
            found = text.find("\n", start)
            if found < 0:
                return None
            start, number = found + 1, number + 1
        end = text.find("\n", start)
        match = pattern.search(text, start, end if end >= 0 else len(text))
        if match is not None:
            return match
    return None


def script_exfil(text: str, language: str) -> tuple[int, str] | None:
    """(offset, what it does) when a script reads credentials, the environment or a secret
    from the environment and sends data off the machine (anywhere in the file: the read and
    the send may be lines apart, through variables and functions), else None. Path pieces
    joined in code (``Path.home() / '.aws' / 'credentials'``) are read joined."""
    joined = _JOIN_PARTS.sub("/", text) if language in ("python", "javascript", "powershell") \
        else text
    credential = _search_lines(CREDENTIAL, _CREDENTIAL_LINES, joined)
    if credential is not None and joined is not text:
        # the same line of the text as written (joining never crosses a line)
        number = joined.count("\n", 0, credential.start())
        start = 0
        for _ in range(number):
            start = text.index("\n", start) + 1
        credential = CREDENTIAL.search(text, start) or credential
    secret = SECRET_ENV.search(text) if language in ("python", "javascript", "powershell") \
        else None
    if credential is None and secret is None:
        dump = ENV_DUMP.search(text) if language != "shell" else None
        if dump is None:
            return None
        sent = _sends_somewhere(text)
        return None if sent is None else (dump.start(), (
            f"reads the whole environment ({dump.group().strip()}) and sends data off the "
            f"machine (`{sent}`)"))
    sink = _search_lines(SINK_HOST, _SINK_LINES, text) or _search_lines(PUBLIC_IP, _SINK_LINES,
                                                                          text)
    if sink is not None:
        source = credential or secret
        assert source is not None
        return source.start(), (f"reads {source.group().strip()} and sends to "
                                f"{sink.group().strip(chr(34) + chr(39))}")
    if credential is None or language == "shell":
        return None  # a secret sent to its own service; shell flows are read line by line
    sent = _sends_somewhere(text)
    if sent is not None:
        return credential.start(), (f"reads {credential.group().strip()} and sends data "
                                    f"off the machine (`{sent}`)")
    return None


def _sends_somewhere(text: str) -> str | None:
    for _offset, line, _count in _bounded(logical_lines(text)):
        lower = line.lower()
        if _has(lower, (*_SEND_KW, "sendall", "-body", "post", "put", "request")) and (
                SEND.search(line) or _SEND_MORE.search(line) or _POSTS.search(line)):
            return line.strip()[:80]
    return None


_POSTS = re.compile(r"\b(?:requests|httpx|session|client|axios)\s*\.\s*(?:post|put|patch)\s*\(|"
                    r"\bhttp\.(?:Post|PostForm)\s*\(|\bNet::HTTP(?:\.(?:post|post_form|put)\b|"
                    r"::(?:Post|Put)\.new\b)|\.post_form\s*\(|\bhttp\.NewRequest\w*\(\s*[^,\n]{0,40}"
                    r"(?:\"(?:POST|PUT)\"|Method(?:Post|Put))|\b(?:RestClient|HTTParty|Faraday)\."
                    r"(?:post|put)\b|\bRequest\(\s*[^\n]{0,300}\bdata\s*=|"
                    r"\bmethod\s*[:=]\s*['\"](?:POST|PUT)['\"]|"
                    r"\burlopen\(\s*[^,()\n]{1,300},\s*(?![a-z_]+\s*=)[\w(.]", _I)
_PY_FETCH = re.compile(r"\b(?:urlretrieve|urlopen|requests\.get|httpx\.get|\.stream\(\s*['\"]GET)\b"
                       r"|\b(?:requests|httpx)\.(?:get|request)\s*\(", _I)
_PY_MAKE_EXEC = re.compile(r"\bchmod\s*\([^\n]{0,200}(?:0o[0-7]*[1357][0-7]*|S_IX\w+|S_IEXEC|"
                           r"\b(?:493|509|"
                           r"511)\b)", _I)
_PY_RUN = re.compile(r"\b(?:subprocess\.\w+|os\.(?:system|exec\w*|spawn\w*|popen)|Popen)\s*\(", _I)
_PY_VERIFIED = re.compile(r"\bhashlib\b|\bsha256\b|\bgpg\b|verify_signature|cosign", _I)


def script_fetch_chmod_run(text: str) -> int | None:
    """Where a Python script downloads, makes a file executable and runs a program, with no
    checksum or signature checked anywhere in it (download, ``chmod`` and run as separate
    statements: issue 35's flows across statements)."""
    fetched = _PY_FETCH.search(text)
    if fetched is None:
        return None
    made = _PY_MAKE_EXEC.search(text)
    if made is None or _PY_RUN.search(text) is None or _PY_VERIFIED.search(text):
        return None
    return made.start()


def script_eval_fetched(text: str) -> int | None:
    """Where a JavaScript file evaluates a variable (``eval(s)``, ``new Function(s)``) while
    it fetches over the network: code downloaded and run through a callback."""
    found = JS_EVAL_VAR.search(text)
    if found is None or JS_NET.search(text) is None:
        return None
    return found.start()



RM_WORD = re.compile(r"\b(?:rm|shred|unlink)\b(?=\s)")
"""A deleting command with an argument (``rm`` at the end of a window is a word cut in two)."""
PYTHON_CALL = re.compile(r"\b(?:exec|eval|compile|system|popen|Popen|execfile|runpy|"
                         r"check_output|check_call|run|call)\s*\(|\bsocket\b")
"""Without one of these, Python source has no :func:`python_hits`."""
LINE_PATTERNS: tuple[re.Pattern[str], ...] = (
    PIPE_EXEC, SUBST_EXEC, PS_EXEC, INDIRECT_EXEC, DOWNLOAD_THEN_RUN, JS_EXEC, DECODE_EXEC,
    ESCAPED_EXEC, OBFUSCATED, INLINE_CODE, FETCH_TO_FILE, _SEND_MORE, SECRET_VAR,
    _DNS_SEND, REVERSE_SHELL, SINK_HOST, SEND, RM_WORD, DESTROY, PERSIST, COVER,
    _INSTALL, PYTHON_CALL, WEAKEN, WEAKEN_CODE, FORCE_PUSH, _ARGV, AGENT_SETTINGS, INDEX_OPTION)
"""Every pattern a hit of :func:`shell_hits` or :func:`python_hits` needs on its line (the
prefilter's part of the code checks)."""
WINDOWED: tuple[re.Pattern[str], ...] = (
    PIPE_EXEC, PS_EXEC, INDIRECT_EXEC, SEND, COVER, ESCAPED_EXEC, _SEND_MORE, _DNS_SEND, WEAKEN,
    _ARGV,
    PERSIST, _PROFILE_APPEND)
"""Patterns whose work on a line grows faster than the line (a ``[^\\n]*`` tried from each of
many starts): run only by :func:`line_hits`, on windows of at most :data:`MAX_LINE`
characters, so their work stays linear in the file (``tests/test_trust_bounds.py`` checks both:
the work a window, and that nothing runs them on more)."""
DEFINITIONS: tuple[re.Pattern[str], ...] = (DOWNLOAD_THEN_RUN, _INSTALL, INLINE_CODE,
                                          FETCH_TO_FILE, FORCE_PUSH)
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


def _tainted(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names assigned code fetched over the network, and those assigned decoded data
    (``code = urlopen(u).read()``; ``s = code.decode()`` too: two rounds)."""
    fetched: set[str] = set()
    decoded: set[str] = set()
    assignments = [node for node in ast.walk(tree)
                   if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
                   and node.value is not None]
    for _round in range(2):
        for node in assignments:
            value = node.value
            assert value is not None
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            assigned = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            inner = {n for n, _ in _calls(value)}
            names = _names(value)
            if inner & _DECODERS or names & decoded:
                decoded |= assigned
            elif (inner & _FETCHERS and names & (_NET_MODULES | {"urlopen"})) or (
                    "urlopen" in inner) or names & fetched:
                fetched |= assigned
    return fetched, decoded


def _python_tree_hits(text: str, tree: ast.AST) -> Iterator[CodeHit]:
    fetched, decoded = _tainted(tree)
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
        elif names & decoded:
            yield CodeHit("ST021", _offset(text, call), line.strip(),
                          f"runs code decoded at run time ({name}({sorted(names & decoded)[0]}))")
        elif names & fetched:
            yield CodeHit("ST020", _offset(text, call), line.strip(),
                          f"runs code downloaded at run time ({name}"
                          f"({sorted(names & fetched)[0]}))")
    names = _names(tree)
    if "socket" in names and ("dup2" in names or "spawn" in names) and "connect" in names:
        yield CodeHit("ST022", 0, "socket ... connect ... dup2/pty.spawn",
                      "connects a socket and hands it a shell (reverse shell)")


PY_RMTREE = re.compile(r"\b(?:rmtree|rmdir|remove|unlink)\s*\(")
PY_HOME_WHOLE = re.compile(
    r"\brmtree\s*\(\s*(?:os\.path\.expanduser\(\s*['\"]~/?['\"]\s*\)|(?:pathlib\.)?Path\.home\(\)"
    r"\s*[,)]|['\"]/['\"]|os\.environ\[\s*['\"]HOME['\"]\s*\]\s*[,)])")
PY_HOME_GLOB = re.compile(r"expanduser\(\s*['\"]~/\.?\*|Path\.home\(\)\s*\.\s*(?:r?glob\(\s*['\"]"
                          r"\.?\*|iterdir\s*\()")


def script_destroys(text: str) -> int | None:
    """Where a Python script deletes the home folder or the root, or every entry of the home
    folder it globs or lists (``for p in glob(expanduser('~/*')): rmtree(p)``), else None."""
    whole = PY_HOME_WHOLE.search(text)
    if whole is not None:
        return whole.start()
    deleting = PY_RMTREE.search(text)
    if deleting is not None and PY_HOME_GLOB.search(text) is not None:
        return deleting.start()
    if deleting is not None:
        optional = {m.group(1) for m in _PY_OPTIONAL_ENV.finditer(text)}
        for joined in _PY_HOME_PLUS_VAR.finditer(text) if optional else ():
            if next(name for name in joined.groups() if name) in optional:
                return joined.start()
    return None


_PY_OPTIONAL_ENV = re.compile(
    r"\b(\w+)\s*=\s*os\.(?:environ\.get|getenv)\(\s*['\"]\w+['\"]\s*,\s*['\"]['\"]\s*\)")
"""A variable read from the environment with an empty default."""
_PY_HOME_PLUS_VAR = re.compile(
    r"\b(?:rmtree|rmdir|remove)\s*\(\s*(?:os\.path\.expanduser\(\s*['\"]~/?['\"]\s*\+\s*(\w+)|"
    r"(?:os\.path\.)?join\(\s*(?:os\.path\.expanduser\(\s*['\"]~['\"]\s*\)|Path\.home\(\)|"
    r"os\.environ\[\s*['\"]HOME['\"]\s*\])\s*,\s*(\w+)\s*\)|Path\.home\(\)\s*/\s*(\w+)\s*\))")
"""A delete of the home folder joined with a variable (``rmtree(expanduser('~/' + sub))``):
with the variable empty it is the whole home folder."""


# Issue 35, second round: classes the held-out set showed missing ------------------------------
# Each pattern is one class of issue 35's list, read a line (or window) at a time like the
# others; tests/test_trust_more_classes.py holds a risky case and a harmless look-alike of each.

REMOTE_RUNNER = re.compile(
    r"\bdeno\s+(?:run|eval|install)\b[^\n]*(?:\s-A\b|--allow-all\b|--allow-run\b|"
    r"--allow-write\b|--allow-env\b|--allow-ffi\b)[^\n]*\shttps?://|"
    r"\bdeno\s+(?:run|install)\s[^\n]*https?://\S+[^\n]*(?:\s-A\b|--allow-all\b|--allow-run\b)|"
    r"\b(?:npx|bunx|pnpm\s+dlx|yarn\s+dlx|uvx|pipx\s+run)\s+(?:-\S+\s+)*(?:https?://|git\+)",
    _I)
"""A runner given code at a URL with its permissions on (``deno run -A https://...``; ``npx
https://...``): remote code run as it is served. ``deno run https://...`` without a permission
runs in Deno's sandbox and is not reported."""
INTERPRETER_SUBST = re.compile(
    r"\b(?:ruby|perl|php|python[0-9.]*|node|bun|lua)\s+(?:-\S+\s+)*-[ecrp]\s+[\"']?"
    r"(?:\$\(|`)\s*(?:sudo\s+)?(?:curl|wget|fetch|iwr|irm|http)\b", _I)
"""An interpreter's inline code that is whatever a download returns (``ruby -e "$(curl
...)"``)."""
ENV_DUMP = re.compile(
    r"/proc/(?:self|\d+|\$\$|\$\{?\w+\}?)/environ\b|\bprintenv\s*(?:$|[|>)])|"
    r"(?:^|[|;&(`]\s*|\$\(\s*)env\s*(?:$|[|>)])|<\(\s*(?:env|printenv|set)\s*\)|"
    r"\bjson\.dumps\(\s*(?:dict\(\s*)?os\.environ\b|\bdict\(\s*os\.environ\s*\)|"
    r"\bos\.environ\.items\(\)|JSON\.stringify\(\s*process\.env\b|"
    r"\.\.\.\s*process\.env\b|[{,]\s*[\w\"']+\s*:\s*process\.env\s*[,}]|"
    r"[{,]\s*[\w\"']+\s*:\s*(?:dict\(\s*)?os\.environ\s*\)?\s*[,}]|Object\.(?:entries|keys|assign)\(\s*(?:\{\}\s*,\s*)?process\.env\b|"
    r"\btoJSON\(\s*secrets\s*\)|\bGet-ChildItem\s+env:|\bgci\s+env:|\bENV\.to_h\b|"
    r"\bENV\.(?:select|filter|filter_map|find_all|each_pair|to_a)\b|"
    r"\bos\.Environ\(\)|System\.getenv\(\s*\)", _I)
"""The whole environment (or every secret of a CI run) read at once: every token the user has
exported, whatever its name."""
_ENV_DUMP_KW = ("environ", "printenv", "env", "tojson", "process.env", "gci", "system.getenv")
ENV_TO_OTHERS = re.compile(r"--env-file[\s=]+<\(\s*(?:env|printenv)\b|\btoJSON\(\s*secrets\s*\)|"
                           r"[\"']process\.env[\"']\s*:\s*(?:JSON\.stringify\(\s*)?process\.env\s*"
                           r"\)?\s*(?:[,}]|$)|\bEnvironmentPlugin\(\s*(?:Object\.keys\(\s*)?"
                           r"process\.env\b", _I)
"""The whole environment handed on as it is: into a container (``--env-file <(env)``), all of
a CI run's secrets in one value (``toJSON(secrets)``), or into a web bundle every visitor
downloads (webpack's ``DefinePlugin({'process.env': JSON.stringify(process.env)})``,
``EnvironmentPlugin(Object.keys(process.env))``)."""
ENV_IN_COMMAND = re.compile(r"\$\(\s*(?:env|printenv|set)\s*(?:\)|\|(?![^)]*\b(?:grep|wc|cut|"
                            r"awk|sed|head|sort)\b)[^)]{0,200}\))|`\s*(?:env|printenv)\s*(?:`|\|[^`]{0,200}`)")
"""The whole environment put into a command's words (``curl "...?k=$(env | base64)"``): with
a download or a URL on the line, it goes wherever that request goes. Filtered (``grep``,
``wc``) it is not the whole environment."""
NPMRC_AUTH = re.compile(
    r"^[ \t]*//([\w.-]+)(?::\d+)?/[^\s:]*:_(?:authToken|auth|password)\s*=\s*[\"']?(\$\{?\w+\}?)",
    re.MULTILINE)
"""An ``.npmrc`` line handing a token from the environment to a registry host."""
_CD_HOME_WIPE = re.compile(
    r"(?:^|[;&|(`]\s*)cd\s+[\"']?(?:~|\$HOME|\$\{HOME\}|/)/?[\"']?\s*(?:&&|;)\s*(?:sudo\s+)?"
    r"rm\s+-\w*[rR]\w*\s+(?:-\S+\s+)*[\"']?(?:\*|\.\[|\.\*)")
"""Everything in the home folder (or the root) deleted from inside it: ``cd ~ && rm -rf *``."""
KUBE_WIPE = re.compile(
    r"\bkubectl\s+(?:\S+\s+)*?delete\b[^\n|;&]*(?:--all-namespaces\b|\s-A\b|"
    r"\s(?:ns|namespaces?)\s+--all\b|\s(?:ns|namespaces?)\s+(?:kube-system|default)\b)|"
    r"\bterraform\s+destroy\b[^\n|;&]*-auto-approve\b", _I)
"""Every resource of every namespace (or the system ones) deleted, or a whole deployment torn
down without its plan shown."""
DISCARD_WORK = re.compile(
    r"\bgit\s+(?:checkout\s+(?:-f\s+)?--\s+\.|restore\s+(?:--\S+\s+)*\.|reset\s+--hard)"
    r"(?:\s+\S+)?\s*(?:&&|;|\n)\s*git\s+clean\s+-\w*[dx]\w*|"
    r"\bgit\s+clean\s+-\w*f\w*f\w*", _I)
"""The user's uncommitted work thrown away in one go: tracked changes reverted and then every
untracked file removed, or ``git clean`` forced twice (nested repositories too). ``git clean
-fdx`` alone (a build tree cleaned) is not reported."""
_DOT_GLOB = re.compile(r"(?:^|\s)\"?(?:\./)?\.\*\"?(?:\s|$)")
_CD_VARIABLE = re.compile(r"(?:^|[;&|]\s*)cd\s+\"?\$\{?(\w+)\}?\"?\s*(?:;|&&|$)")
HOME_JOIN_REMOVE = re.compile(
    r"\b(?:rmtree|rmSync|rmdirSync|remove_dir_all|RemoveAll|rimraf|Remove-Item)\b[^\n]*"
    r"(?:homedir\(\)|expanduser\(\s*[\"']~[\"']\s*\)|Path\.home\(\)|USERPROFILE|\$HOME\b|"
    r"os\.UserHomeDir|home_dir\(\))[^\n]*(?:environ\.get\(|getenv\(|process\.env\.|\$env:|"
    r"\|\|\s*[\"'][\"'])", _I)
"""A recursive delete of the home folder joined with a value from the environment that may be
empty (``rmtree(join(home, os.environ.get('SUB', '')))``): unset, it is the whole home."""
RSYNC_DELETE = re.compile(r"\brsync\b[^\n]*--delete", _I)
_RSYNC_COMMAND = re.compile(r"(?<![\w-])rsync\s[^;&|\n]{0,300}")
"""One ``rsync`` command (to the next separator, at most 300 characters): what is split."""
UNPINNED_SOURCE = re.compile(
    r"--index-strategy[\s=]+[\"']?unsafe-\w+|\bUV_INDEX_STRATEGY=[\"']?unsafe-|"
    r"\bpoetry\s+source\s+add\b[^\n]*--priority[\s=]+(?:primary|default)\b|"
    r"\b(?:curl|wget|iwr|irm)\b[^\n|]*\|\s*(?:sudo\s+)?(?:python[0-9.]*\s+-m\s+)?pip[0-9.]*\s+"
    r"install\b[^\n]*\s-r\s*(?:-|/dev/stdin)(?:\s|$)|"
    r"\bpip[0-9.]*\s+install\b[^\n]*\s(?:-r|--requirement)[\s=]*https?://|"
    r"\bcargo\s+install\b[^\n]*--git\s", _I)
"""Installs whose source no name or version pins: any index allowed to win (uv's
``unsafe-best-match``), a Poetry source put in PyPI's place, a requirements list downloaded at
run time, a crate built from a repository's moving head (``cargo install --git`` without
``--rev`` or ``--tag``)."""
SOURCE_UNCHECKED = re.compile(
    r"\bGO(?:SUMDB=[\"']?off\b|NOSUMDB=[\"']?\*|NOSUMCHECK=[\"']?1\b|INSECURE=[\"']?\*|"
    r"FLAGS=[\"']?[^\s\"']*-insecure\b)|\bapt(?:-get|itude)?\s[^\n]*--allow-unauthenticated\b|\[trusted=yes\]|--nogpgcheck\b|"
    r"\bgpgcheck\s*=\s*0\b|AllowUnauthenticated\s+[\"']?true\b|[\"']secure-http[\"']\s*:\s*false\b|"
    r"\ballowInsecureProtocol\s*(?:=|\(|:)\s*true\b|"
    r"^[ \t]*replace\s+\S+(?:\s+v\S+)?\s+=>\s+[\w-]+\.[\w.-]+/\S+\s+(?!v\d)[A-Za-z][\w.-]*[ \t]*$|"
    r"<(?:repository|mirror|pluginRepository)>[^\n]{0,300}<url>\s*http://|"
    r"\b(?:nuget\s+(?:add\s+source|sources?\s+add\b[^\n]{0,200}-Source)|gem\s+sources\s+"
    r"(?:--add|-a)|helm\s+repo\s+add\s+\S+|bundle\s+config\s+(?:set\s+)?mirror\.\S+|"
    r"conda\s+config\s+--add\s+channels|(?:yarn|pnpm)\s+config\s+set\s+registry|"
    r"maven\s*\{\s*url\s*[=(]?|^[ \t]*source)\s+[\"']?http://(?!localhost|127\.)",
    _I | re.MULTILINE)
"""A package source whose packages nothing checks: the checksum database or signature checks
off (``GONOSUMDB=*``, ``GOFLAGS=-insecure``, ``--allow-unauthenticated``, ``[trusted=yes]``,
``gpgcheck=0``), a repository over plain http (NuGet, RubyGems, Helm, Maven, Gradle,
Composer's ``secure-http: false``, a Gemfile ``source``), or a Go module replaced by another
host's branch (``replace x => host/fork master``)."""
_GLOBAL_SOURCE = re.compile(
    r"\b(?:gem\s+sources\s+(?:--add|-a)|(?:npm|yarn|pnpm)\s+config\s+set\s+registry|"
    r"(?:npm|yarn|pnpm)\s+(?:i|install|add)\b[^\n|;&]*--registry|"
    r"conda\s+(?:config\s+--(?:add|prepend)\s+channels|install\b[^\n|;&]*\s(?:-c|--channel))|"
    r"\bgem\s+['\"][\w.-]+['\"]\s*,[^\n]*\bgit:)[\s=]+[\"']?(https?://[^\s\"']+)", _I)
"""A package manager's default source replaced or extended for every project of the user
(``npm config set registry``, ``gem sources --add``): every later install by name may come
from it. pip's ``index-url`` (a company's sole index, proxying PyPI) is judged by
:func:`untrusted_source` (over http, or an extra index)."""
KNOWN_REGISTRIES = ("npmjs.org", "npmjs.com", "yarnpkg.com", "npmmirror.com", "rubygems.org",
                    "anaconda.org", "anaconda.com", "prefix.dev", "github.com", "gitlab.com",
                    "pypi.org", "pythonhosted.org", "npm.pkg.github.com", "gem.coop",
                    "mirrors.tuna.tsinghua.edu.cn", "mirrors.aliyun.com",
                    "mirrors.cloud.tencent.com", "repo.huaweicloud.com", "mirrors.ustc.edu.cn")
"""The public registries and their well-known public mirrors: a default source pointed at one
of these is not a third party's."""
_GIT_SHORTHAND = re.compile(
    r"(?:^|\s|[\"'])(?:github|gitlab|bitbucket):[\w.-]+/[\w.-]+(?:#([\w./-]+))?(?=[\"'\s,]|$)",
    _I)
"""npm's ``github:user/repo`` (and ``gitlab:``, ``bitbucket:``) dependency: the default branch
as it is on the day, unless ``#<commit>`` or ``#<tag>`` pins it."""
_MORE_KW: tuple[str, ...] = (
            "deno", "npx", "bunx", "dlx", "uvx", "pipx", "-e ", "-c ", "-r ", "-p ", "kubectl",
            "terraform", "git", "rsync", "rm ", "rmtree", "rmsync", "remove", "rimraf",
            "index-strategy",
            "poetry", "pip", "cargo", "github:", "gitlab:", "bitbucket:", *_ENV_DUMP_KW)


_PINNED_REF = re.compile(r"[0-9a-f]{7,40}|v?\d+(?:\.\d+)+[\w.-]*|semver:[^\s]+", _I)
_RM_EVERYTHING = re.compile(r"\brm\s+-\w*[rR]\w*\s+(?:\S+\s+)*\*")
_CARGO_PINNED = re.compile(r"--(?:rev|tag)\b")
_COMMAND_NAME = re.compile(r"[\w.+-]+")
_SUBSTITUTION = re.compile(r"\$\([^()\n]{0,200}\)")
"""A command substitution inside a word (``tool-$(uname -s)``): one word, not a new command."""
_EXEC_MODE = re.compile(r"[ugoa]{0,4}\+[rwX]{0,3}x[rwX]{0,3}|0?[0-7]?[1357][0-7]{2}|"
                        r"0?[0-7]?[0-7][1357][0-7]|"
                        r"0?[0-7]?[0-7]{2}[1357]")


def _pinned_ref(ref: str | None) -> bool:
    return ref is not None and _PINNED_REF.fullmatch(ref) is not None


def more_hits(line: str, offset: int, prose: bool = False) -> Iterator[CodeHit]:
    """The second round's classes on one line or window (see the patterns above)."""
    lower = line.lower()
    if not _has(lower, _MORE_KW):
        return
    if REMOTE_RUNNER.search(line) or INTERPRETER_SUBST.search(line):
        yield _hit("ST020", line, offset, line, "runs code from a URL as it is served")
    if not prose and _has(lower, _ENV_DUMP_KW):
        dump = ENV_DUMP.search(line)
        if ENV_TO_OTHERS.search(line):
            yield _hit("ST023", line, offset, line, "hands the whole environment (every token "
                       "and secret in it) to another program or service")
        elif dump is not None and (SEND.search(line) or _SEND_MORE.search(line)):
            yield _hit("ST023", line, offset, line, f"reads the whole environment "
                       f"({dump.group().strip()}) and sends it off the machine")
        elif (put := ENV_IN_COMMAND.search(line)) is not None and (
                _FETCH_AT.search(line) or "://" in line):
            yield _hit("ST023", line, offset, line, f"puts the whole environment "
                       f"({put.group().strip()}) into a request that leaves the machine")
    if KUBE_WIPE.search(line):
        yield _hit("ST024", line, offset, line, "deletes every resource of a cluster or a "
                   "deployment, without a plan shown")
    if "git" in lower and DISCARD_WORK.search(line):
        yield _hit("ST024", line, offset, line, "throws away the user's uncommitted and "
                   "untracked work (ignored files such as .env included)")
    if RM_WORD.search(line):
        for command in _commands(line) if _DOT_GLOB.search(line) else ():
            if command and command[0] == "rm" and any(
                    w.startswith("-") and ("r" in w or "R" in w) for w in command[1:]) and any(
                    _DOT_GLOB.fullmatch(f" {w} ") for w in command[1:]):
                yield _hit("ST024", line, offset, line, "deletes every dot file of the "
                           "current folder (.git, .env, a home folder's settings)")
                break
        cd = _CD_VARIABLE.search(line)
        if _CD_HOME_WIPE.search(line):
            yield _hit("ST024", line, offset, line, "deletes everything in the home folder (or "
                       "the root) after cd into it")
        elif cd is not None and _RM_EVERYTHING.search(line, cd.end()):
            yield _hit("ST024", line, offset, line, f"deletes everything in ${cd.group(1)} "
                       "after cd into it unguarded: unset, cd goes home and home is deleted")
    if HOME_JOIN_REMOVE.search(line):
        yield _hit("ST024", line, offset, line, "deletes the home folder joined with a value "
                   "that may be empty: the whole home folder when it is")
    if "rsync" in lower and RSYNC_DELETE.search(line):
        for found in _RSYNC_COMMAND.finditer(line):
            command = next(_commands(found.group()), [])
            if command and command[0] == "rsync" and "--delete" in " ".join(command):
                targets = [w for w in command[1:] if not w.startswith("-")]
                if len(targets) >= 2 and _SYSTEM_TARGET.match(targets[-1].rstrip("/") or "/"):
                    yield _hit("ST024", line, offset, line, f"mirrors onto {targets[-1]!r} "
                               "with --delete: what the source lacks is deleted there")
                    break
    source = UNPINNED_SOURCE.search(line)
    if source is not None and source.group().lower().startswith("cargo"):
        url = re.search(r"--git[\s=]+(\S+)", line[source.start():])
        if _CARGO_PINNED.search(line) or (url is not None and _host(url.group(1).strip(
                "\"'")) in _CODE_HOSTS):
            source = None  # a commit or tag pins it; a code host's head is ST027, a notice
    if source is not None:
        yield _hit("ST028", line, offset, line, f"installs from a source no version pins "
                   f"({source.group().strip()[:60]})")
    if "_auth" in lower:
        for match in NPMRC_AUTH.finditer(line):
            if foreign_secret(f"https://{match.group(1)}/ {match.group(2)}") is not None:
                yield _hit("ST023", line, offset, line, f"hands {match.group(2)} to "
                           f"{match.group(1)}, a registry that is not the token's service")
                break
    unchecked = SOURCE_UNCHECKED.search(line) if _has(lower, _UNCHECKED_KW) else None
    if unchecked is not None:
        yield _hit("ST028", line, offset, line, "installs from a source whose packages nothing "
                   f"checks ({unchecked.group().strip()[:60]})")
    elif _has(lower, ("sources", "registry", "index-url", "channel", "-c ", "git:")):
        for match in _GLOBAL_SOURCE.finditer(line):
            host = _host(match.group(1))
            if "git:" in match.group() and re.search(r"\b(?:ref|tag):", line):
                continue  # a Gemfile git source pinned to a commit or tag
            if not any(host == known or host.endswith("." + known) for known in KNOWN_REGISTRIES):
                yield _hit("ST028", line, offset, line, f"makes {host} a package source for "
                           "every project of the user: any package installed by name may come "
                           "from it")
                break
    if ":" in line and _has(lower, ("github:", "gitlab:", "bitbucket:")) and (
            "install" in lower or "add" in lower or '":' in line):
        for match in _GIT_SHORTHAND.finditer(line):
            if not _pinned_ref(match.group(1)):
                yield _hit("ST027", line, offset, line, f"installs {match.group().strip()!r}: "
                           "a repository's default branch as it is on the day")
                break

_UNCHECKED_KW = ("git:", "channel", "replace", "gosumdb", "gonosumdb", "gonosumcheck",
                 "goinsecure", "goflags",
                 "unauthenticated", "trusted=yes", "gpgcheck", "secure-http", "allowinsecure",
                 "<url>", "sources", "source", "helm", "mirror.", "channels", "registry", "maven")
_MORE_KW = (*_MORE_KW, *_UNCHECKED_KW)
_MORE_KW = (*_MORE_KW, "_auth")
_MORE_PATTERNS = (SOURCE_UNCHECKED, _GLOBAL_SOURCE, ENV_IN_COMMAND, NPMRC_AUTH, _CD_HOME_WIPE,
                  _DNS_LOOKUP,
                  REMOTE_RUNNER, INTERPRETER_SUBST, ENV_DUMP, ENV_TO_OTHERS, KUBE_WIPE,
                  DISCARD_WORK, HOME_JOIN_REMOVE, RSYNC_DELETE, UNPINNED_SOURCE, _GIT_SHORTHAND,
                  _CD_VARIABLE)
LINE_PATTERNS = (*LINE_PATTERNS, *_MORE_PATTERNS)
WINDOWED = (*WINDOWED, SOURCE_UNCHECKED, _DNS_LOOKUP, REMOTE_RUNNER, KUBE_WIPE, HOME_JOIN_REMOVE,
            RSYNC_DELETE, UNPINNED_SOURCE,
            DISCARD_WORK)
TRIGGERS = tuple(sorted({*TRIGGERS, *_MORE_KW}))


_BARE_TOOLS = frozenset({"Bash", "WebFetch", "Write", "Edit", "MultiEdit", "Bash(*)", "Bash(*:*)",
                         "Bash(:*)", "*"})


def settings_file_hit(text: str) -> str | None:
    """What an agent's settings file (JSON) grants without asking, when it is everything of
    a kind: a bare ``Bash``, ``WebFetch``, ``Write`` or ``Edit`` in ``permissions.allow``
    (every command, URL or path), or the root or home folder added as a working directory.
    The file is read whole (:func:`json.loads`, linear); a file that is not JSON is None."""
    if "permission" not in text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    opencode = data.get("permission") if isinstance(data, dict) else None
    shell = opencode.get("bash") if isinstance(opencode, dict) else opencode
    if shell == "allow" or (isinstance(shell, dict) and shell.get("*") == "allow"):
        return "allows every shell command without asking (opencode's permission.bash)"
    permissions = data.get("permissions") if isinstance(data, dict) else None
    if not isinstance(permissions, dict):
        return None
    allow = permissions.get("allow")
    if isinstance(allow, list):
        bare = [t for t in allow if isinstance(t, str) and t.strip() in _BARE_TOOLS]
        if bare:
            return f"allows {', '.join(repr(t) for t in bare[:4])} without asking"
    folders = permissions.get("additionalDirectories")
    if isinstance(folders, list) and any(
            isinstance(f, str) and f.strip().rstrip("/") in ("", "~", "$HOME") for f in folders):
        return "adds the root or home folder as a working directory"
    return None


# Issue 35, round 5: the classes set4 showed missing in six categories -----------------------
# (destructive targets, forced ref updates, TLS, weakening, persistence, agent settings).
# Line patterns are read like the others (a line or window at a time, prose included where the
# pattern is a command's flag or a setting); :func:`class_text_hits` reads a code block or a
# script whole, for what takes more than one statement (a variable's default, a delete of a
# folder computed lines earlier). tests/test_trust_round5.py holds a risky case and a harmless
# look-alike of each.

TLS_OFF = re.compile(
    r"(?<![\w-])--?insecure-skip-tls-verify\b(?!\s*=\s*false)|"
    r"(?:\b|_)(?:kube-)?(?:insecure[-_]?skip[-_]?(?:tls[-_]?)?verify|skip[-_]?(?:tls|ssl)[-_]?verify|"
    r"tls[-_]?skip[-_]?verify)[\"']?\s*[:=]\s*[\"']?true\b|\bPIP_TRUSTED_HOST\s*=|"
    r"\bSTRICT_SSL\s*=\s*[\"']?false\b|--check-certificate[=\s]+false\b|"
    r"[\"']?insecure-registries[\"']?\s*:\s*\[\s*[\"'](?!localhost|127\.|\[?::1)[^\"'\n]|"
    r"--insecure-registr(?:y|ies)[\s=]+[\"']?(?!localhost|127\.)[\w\[]|"
    r"--no-check-certificate\b|--no-verify-ssl\b|\bcheck_certificate\s*=\s*off\b|"
    r"\b(?:CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE)[\"']?\]?\s*=\s*(?:\"\"|''|$)|"
    r"\b(?:ssl_verify|verify_ssl|validate_certs|tls_verify|verify_certs?|ssl_check|"
    r"enableStrictSsl|sslVerify|tlsVerify)[\"']?\s*(?:[:=]|\s)\s*[\"']?(?:false|no|off)\b|"
    r"\bdisable-tls[\"']?\s*[:\s]\s*true\b|\bsecure-http[\"']?\s*[:\s]\s*false\b|"
    r"\becho\s+[\"']?(?:insecure|-k)[\"']?\s*>>?\s*\S*\.curlrc\b|"
    r"\b(?:AZURE_CLI_DISABLE_CONNECTION_VERIFICATION|NODE_NO_VERIFY)\s*=\s*[\"']?1\b|"
    r"\bauth/disable_ssl_validation\s+true\b|\bUV_INSECURE_HOST\s*=|--allow-insecure-host\b|"
    r"\bGOINSECURE\s*=\s*\S|\bGONOSUM(?:CHECK|DB)\s*=\s*\S|\bGOSUMDB\s*=\s*off\b|"
    r"\bGOFLAGS\s*=[^\n]*-insecure\b|"
    r"\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^\n]*https?://[^\n]*(?:/ca-certificates/|"
    r"/pki/ca-trust/source/anchors/|add-trusted-cert|-addstore\s+(?:-f\s+)?[\"']?Root\b|"
    r"Cert:\\LocalMachine\\Root)", _I | re.MULTILINE)
"""TLS verification switched off by a flag or a setting (kubectl and helm's skip flags,
Docker's insecure registries other than localhost, wget's ``--no-check-certificate``, the AWS
CLI's ``--no-verify-ssl``, an emptied CA bundle variable, ``ssl_verify false`` in conda,
Ansible, Composer's ``disable-tls``, ``insecure`` in ``~/.curlrc``): read in prose too, where
it is a step to follow."""
TLS_OFF_CODE = re.compile(
    r"\bVERIFY_NONE\b|\bCURLOPT_SSL_VERIFY(?:PEER|HOST)\b\s*(?:,|=>)\s*(?:false|0)\b|"
    r"ValidationCallback\s*\+?=\s*delegate\s*(?:\([^)\n]{0,120}\))?\s*\{\s*return\s+true\b|"
    r"\bhostnameVerifier\s*\{\s*\w*\s*,\s*\w*\s*->\s*true\b|"
    r"[\"']verify(?:_peer(?:_name)?)?[\"']\s*=>\s*false\b|"
    r"\bcheckServerTrusted\s*\([^)\n]{0,160}\)\s*(?:throws\s+[\w.]+\s*)?\{\s*\}|"
    r"\bHostnameVerifier\b[^\n]{0,80}->\s*true\b|\b(?:Noop|AllowAll)HostnameVerifier\b|"
    r"\bALLOW_ALL_HOSTNAME_VERIFIER\b|\bTrustAll(?:Strategy|Certs?|Manager)\b|"
    r"\bInsecureTrustManagerFactory\b|\bDangerousAcceptAnyServerCertificateValidator\b|"
    r"\b(?:ServerCertificate(?:Custom)?ValidationCallback|RemoteCertificateValidationCallback)"
    r"\s*\+?=\s*[^\n;]{0,80}=>\s*true\b|\bdanger_accept_invalid_hostnames\s*\(\s*true\b|"
    r"\bverify_mode\s*[:=]\s*:?none\b|\bssl_verify_mode\s*[:=]\s*:?none\b|"
    r"\bssl\s*[:=]\s*\{\s*verify\s*:\s*false\b|\bverify_ssl\s*=\s*False\b|"
    r"[(,]\s*ssl\s*=\s*False\b", _I)
"""TLS verification switched off in code: OpenSSL's ``VERIFY_NONE`` (Ruby, PHP, C), PHP
cURL's ``CURLOPT_SSL_VERIFYPEER`` off, Guzzle's ``'verify' => false``, a Java trust manager
whose ``checkServerTrusted`` is empty or a hostname verifier that answers true, .NET's
validation callbacks that accept any certificate, aiohttp's ``ssl=False``. Not in prose."""
CURL_INSECURE = re.compile(
    r"\b(?:curl|wget)\b[^\n|;&]{0,300}?\s(?:-[a-zA-Z]*k[a-zA-Z]*|--insecure)(?=\s)"
    r"[^\n|;&]{0,300}?\bhttps://(?!localhost|127\.|\[::1\]|0\.0\.0\.0)")
"""``curl -k`` (also in a bundle of short options) to a host that is not this machine."""
WEAKEN_MORE = re.compile(
    r"\btcp://0\.0\.0\.0:2375\b|\bdockerd\b[^\n]*-H\s+tcp://(?:0\.0\.0\.0)?:2375\b|"
    r"\bchmod\s+(?:-\w+\s+)*(?:0?666|0?777|a\+rw\w*|o\+rw\w*|ugo\+rw\w*)\s+[\"']?"
    r"/(?:var/)?run/docker\.sock\b|"
    r"\bpam_permit\.so\b[^\n]*/etc/pam\.d/|/etc/pam\.d/[^\n]*\bpam_permit\.so\b|"
    r"\bPermit(?:RootLogin|EmptyPasswords)\s+yes\b|\bpasswd\s+-d\s+root\b|"
    r"\bEnableSMB1Protocol\s+(?:\$true|1)\b|\bEnable-WindowsOptionalFeature\b[^\n]*SMB1Protocol|"
    r"\bLocalAccountTokenFilterPolicy\b[^\n]*(?:-Value\s+1\b|/d\s+1\b)|"
    r"\b(?:EnableLUA|ConsentPromptBehaviorAdmin)\b[^\n]*(?:-Value\s+0\b|/d\s+0\b|dword:0+\b)|"
    r"\bsemanage\s+permissive\s+-a\b|"
    r"\bsetcap\s+[^\n]*\bcap_(?:sys_admin|dac_override|dac_read_search|sys_ptrace|setuid|setgid|"
    r"sys_module|sys_rawio)\b|"
    r"\bkernel\.(?:yama\.ptrace_scope|kptr_restrict|dmesg_restrict|unprivileged_bpf_disabled)"
    r"\s*=\s*0\b|\benv_keep\s*\+?=\s*[^\n]*\bLD_(?:PRELOAD|LIBRARY_PATH)\b|"
    r"\bufw\s+default\s+allow\b|"
    r"--privileged\b[^\n]*\s-v\s+[\"']?/:/|\s-v\s+[\"']?/:/[^\n]*--privileged\b|"
    r"\baa-(?:disable|complain)\b|\bapparmor_parser\s+-R\b|"
    r"\bSet-ExecutionPolicy\s+(?:-ExecutionPolicy\s+)?(?:Unrestricted|Bypass)\b(?![^\n]*-Scope\s+"
    r"Process\b)|\bDisable(?:AntiSpyware|RealtimeMonitoring|BehaviorMonitoring)\b[^\n]*"
    r"(?:/d\s+1\b|-Value\s+1\b)|\bPasswordAuthentication\s+yes\b|"
    r"--set-default-zone[=\s]+trusted\b|"
    r"\bchmod\s+(?:-\w+\s+)*(?:0?[0-7][0-7][2367]|[ao]\+\w*w\w*|o\+\w*w\w*)\s+[\"']?"
    r"/etc/(?:shadow|passwd|sudoers|gshadow)\b|"
    r"\becho\s+0\s*>\s*/proc/sys/kernel/(?:yama/ptrace_scope|randomize_va_space|kptr_restrict|"
    r"dmesg_restrict)\b", _I)
"""The Docker daemon opened to the network without TLS (port 2375 on every interface), or
its socket made writable by every user; PAM's ``pam_permit`` in a stack, root login by
password or an empty root password, SMBv1 or UAC turned back off, an SELinux domain made
permissive, an interpreter given admin capabilities, kernel hardening set to 0, ``LD_PRELOAD``
kept through sudo, a firewall that allows by default, a privileged container with the host's
root mounted."""
DISK_DESTROY = re.compile(
    r"\bdd\b[^\n]*\bof=[\"']?/dev/(?:\$|`)|"
    r"\b(?:mkfs(?:\.\w+)?|wipefs\s+-a|sgdisk\s+--zap-all|blkdiscard)\s+[^\n]*[\"']?/dev/\$|"
    r"\bfind\s+[\"']?(?:/|~|\$HOME|\$\{HOME\})[\"']?\s[^\n]*?(?:-exec(?:dir)?\s+(?:sudo\s+)?"
    r"(?:rm|shred|truncate|unlink)\b|\|\s*(?:sudo\s+)?xargs\b[^\n|]*\b(?:rm|shred|truncate|"
    r"unlink)\b)|"
    r"\b(?:Get-ChildItem|gci|dir|ls)\s+(?:-Path\s+)?[\"']?(?:[A-Z]:\\?|\$env:(?:USERPROFILE|"
    r"SystemDrive)\\?|~|\$HOME)[\"']?\s[^\n|]*-Recurse\b[^\n]*\|\s*(?:Remove-Item|rm|del|ri)\b",
    _I)
"""A disk chosen at run time written over (``dd of=/dev/$(lsblk ...)``), or every file under
the root or the home folder emptied or deleted through ``find ... -exec`` or ``xargs``."""
CD_THEN_WIPE = re.compile(
    r"\bcd\s+[\"']?([^\s\"';&|]+)[\"']?\s*(?:&&|;)\s*(?:sudo\s+)?rm\s+-\w*[rR]\w*\s+"
    r"(?:-\S+\s+)*[\"']?(?:\./)?\*")
"""``cd`` into a folder, then delete everything in it (``cd X && rm -rf ./*``)."""
_WEAKEN_MORE_KW = ("2375", "docker.sock", "pam_permit", "permitrootlogin", "permitempty",
                   "passwd", "smb1", "localaccounttoken", "enablelua", "consentprompt",
                   "semanage", "setcap", "kernel.", "env_keep", "ufw", "privileged", "aa-",
                   "apparmor", "executionpolicy", "antispyware", "realtimemonitoring",
                   "behaviormonitoring", "passwordauthentication", "default-zone", "/etc/",
                   "/proc/sys/kernel")
_CLIMB = re.compile(r"(?:\.\./){3,}\.\.|(?:/\.\.){4,}")
"""A relative path that climbs four folders or more: out of any skill or project folder."""
FORCED_REFSPEC = re.compile(
    r"[\"'`]\+(?:refs/heads/)?([\w./*-]+):(?:refs/heads/)?([\w./*-]+)[\"'`]")
"""A forced refspec written as a string in code (``'+main:main'``,
``"+refs/heads/*:refs/heads/*"``): what git libraries (GitPython, go-git, libgit2) push."""
FORCE_CALL = re.compile(
    r"\.push\s*\([^\n]{0,400}?(?:\bforce\s*[:=]\s*(?:true|True)\b|[\"'](?:--force|-f)[\"'])|"
    r"\bpush\(\)[^\n]{0,200}?\.setForce\(\s*true\s*\)", _I)
"""A git library's push with force on (isomorphic-git's ``push({force: true})``, GitPython's
``push(force=True)``)."""
_CALL_REF = re.compile(r"\b(?:ref|refspec|remoteRef|branch)\s*[:=]\s*[\"']\+?([\w./-]+)[\"']")
FORCE_API = re.compile(
    r"/git/refs/heads/([\w.-]{1,100}(?:/[\w.-]{1,100})?)(?![\w./-])[^\n]{0,400}?\bforce\W{0,4}\s*"
    r"[:=]\s*[\"']?true\b", _I)
"""A hosting API's ref update with force on (``PATCH .../git/refs/heads/main``,
``"force": true``): a force push without git."""
AGENT_MORE = re.compile(
    r"[\"'](?:Shell|Bash)\(\*(?::\*)?\)[\"']|"
    r"[\"']bash[\"']\s*:\s*(?:[\"']allow[\"']|\{\s*[\"']\*[\"']\s*:\s*[\"']allow[\"'])|"
    r"[\"']permission[\"']\s*:\s*[\"']allow[\"']|[\"']yolo[\"']\s*:\s*true\b|"
    r"\bapprovalMode[\"']?\s*[:=]\s*[\"'](?:auto|yolo|never|full-auto)[\"']|"
    r"\bautoExecution[\"']?\s*[:=]\s*[\"']turbo[\"']|\bGOOSE_MODE\s*=\s*[\"']?auto\b|"
    r"\bdefaultMode[\"']?\s*\]?\s*=\s*(?!\"[\w-]+\"|'[\w-]+')\S|"
    r"(?:base64\s+(?:-d|--decode|-D)\b|b64decode|\batob\s*\(|FromBase64String|"
    r"Buffer\.from\([^)\n]*base64)[^\n]*(?:\.claude/|\.cursor/|\.codex/|\.gemini/|opencode|"
    r"\.vscode/settings|settings(?:\.local)?\.json|cli-config\.json|mcp\.json)", _I)
"""An agent's prompts switched off in ways the first pattern does not name: every shell
command allowed (Cursor's ``Shell(*)``, opencode's ``"bash": "allow"``), the permission mode
set to a value built at run time, settings decoded from a blob nobody can read into an
agent's configuration."""
PROSE_ALLOW = re.compile(
    r"\bpermissions\.allow\b[^\n]{0,200}?[\"'`]{1,2}(?:Bash|Write|Edit|WebFetch|Shell)"
    r"[\"'`]{1,2}(?!\()|\benableAllProjectMcpServers[\"']?\s*:\s*true\b", _I)
"""A step telling the agent to put a whole tool (every command, every file) in its allow
list: in prose too."""
PERSIST_MORE = re.compile(
    r"\bnode-options[\"']?\s*[=:]\s*[^\n]*(?:--require|--import|\s-r\s)|"
    r"\bNODE_OPTIONS=[\"']?[^\n]*(?:--require|\s-r\s)[^\n]*>>\s*\S*(?:rc|profile)\b|"
    r"(?:>>?|\btee\s+(?:-a\s+)?)\s*[\"']?(?:(?:~|\$HOME|\$\{HOME\})/\.ssh/rc|/etc/ssh/sshrc)\b|"
    r"\bPermitLocalCommand\s+yes\b|"
    r"(?:\bPROMPT_COMMAND\s*\+?=|\btrap\s+[\"']|\bprecmd_functions\+=|"
    r"\badd-zsh-hook\s+(?:precmd|preexec)\b)[^\n]{0,300}?(?:\bcurl\b|\bwget\b|https?://|\bnc\s|"
    r"/tmp/|\bbase64\b|\bpython[0-9.]*\s|\bnode\s|\.sh\b)[^\n]{0,300}>>\s*[\"']?\S{0,100}"
    r"(?:rc|profile)\b|"
    r"\balias\s+(?:sudo|su|ssh|passwd|gpg)=[^\n]{0,300}>>\s*[\"']?\S{0,100}(?:rc|profile)\b|"
    r"[\"']runOn[\"']\s*:\s*[\"']folderOpen[\"']|\bCommandLineEventConsumer\b|"
    r"\bSet-WmiInstance\b[^\n]*__EventFilter", _I)
"""Code run again at every start of another program: Node's ``--require`` in ``~/.npmrc``'s
``node-options``, ``~/.ssh/rc`` (run at every SSH login), ``PermitLocalCommand`` (a command
at every connection)."""
HOOK_CLAIM = re.compile(
    r"\b(?:UserPromptSubmit|SessionStart|PreToolUse)\b[^\n]*\b(?:echo|printf|print)\b[^\n]*"
    r"(?:\bgranted\b|\bpre-?approved\b|\bapproved\b|do\s+not\s+ask|don'?t\s+ask|"
    r"without\s+asking)", _I)
"""A hook that tells the agent, at every prompt or tool call, that it has permission."""
_SPLIT_AGENT = re.compile(
    r"(?:dangerously|bypass|yolo)-?[\"']\s*[+,.]\s*[\"']|[\"']\s*[+,.]\s*[\"']"
    r"(?:skip-permissions|Permissions)[\"']", _I)
"""An agent's switch written in pieces joined at run time (``'--dangerously-' +
'skip-permissions'``): for the prefilter, what :func:`_agent_settings` joins."""
_DELETE_LITERAL = re.compile(
    r"\b(?:RemoveAll|rmtree|rmSync|rmdirSync|rm_rf|rm_r|remove_dir_all|rimraf)\s*\(\s*"
    r"(?:[\w.]+\(\s*)?[\"']([^\"'\n]{1,200})[\"']")
"""A recursive delete (Go, Python, Node, Ruby, Rust) of a path written as a string."""
_LOOP_LITERAL = re.compile(
    r"\bfor(?:each)?\s*\(?\s*(?:const\s+|let\s+|var\s+|_,\s*)?\$?(\w+)\s+"
    r"(?::=\s*range|in|of)\s+(?:@\(|\[\]string\{|\[|\(|\{)([^\n]{1,400})", _I)
_RUN_STRING = re.compile(
    r"\b(?:system|popen|execSync|exec|spawnSync|shell_exec|passthru|run|call|check_call|"
    r"check_output|Popen|getoutput|getstatusoutput)\s*\(\s*[fr]?([\"'])([^\"'\n]{1,300})\1")
"""A command given to a shell as one string (``os.system("rm -rf ...")``)."""
_ROOT_INLINE = re.compile(
    r"(?:fetch|get|getenv|get_env|environ\.get)\(\s*['\"]\w+['\"]\s*,\s*['\"](?:/|~/?)['\"]\s*\)|"
    r"(?:\|\||\?\?)\s*['\"](?:/|~/?)['\"]")
_STRING_LIST = re.compile(
    r"=\s*[\[({]\s*((?:[\"'][^\"'\n]{0,200}[\"']\s*,\s*){1,50}[\"'][^\"'\n]{0,200}[\"'])"
    r"\s*,?\s*[\])}]")
"""A list of strings given a name (``BLOCK = ['rm -rf /', 'mkfs', ...]``): data."""
_CERT_FETCH = re.compile(r"\bhttps?://[^\s\"'<>]{1,300}?\.(?:crt|pem|cer|der)\b", _I)
"""A certificate's URL (what a fetch saves, for :func:`class_text_hits`)."""
_TRUST_STORE = re.compile(r"/ca-certificates/|/pki/ca-trust/source/anchors|\bupdate-ca-(?:"
                          r"certificates|"
                          r"trust)\b|\badd-trusted-cert\b|-addstore\s+(?:-f\s+)?[\"']?Root\b|"
                          r"\bImport-Certificate\b[^\n]{0,200}?Root|\btrust\s+anchor\b", _I)
_STARTUP_WRITE = re.compile(
    r"(?:>>?|\btee\s+(?:-a\s+)?|\b(?:cp|mv|install)\s+(?:-\w+\s+){0,4}\S{1,200}\s+)\s*[\"']?"
    r"[^\s/]{0,100}(?:/[^\s/]{1,100}){0,10}?/(?:fish/conf\.d|profile\.d|bashrc\.d|zshrc\.d|"
    r"\.config/autostart)/[\w.-]+")
"""A file written into a folder every new shell or session runs."""
_UNDO = re.compile(r"\blaunchctl\s+(?:unload|bootout)\b|\bsystemctl\s+(?:--user\s+)?"
                   r"disable\b|\bcrontab\s+-r\b|\bschtasks(?:\.exe)?\s+/delete\b", _I)
"""How to stop what a persistence step starts, told on the same line."""
_NEGATED = re.compile(
    r"\b(?:never|not|don't|do\s+not|doesn't|avoid|instead\s+of|rather\s+than|nie|niemals|"
    r"nicht|nunca|jamais)\s+(?!(?:forget|hesitate|wait|ask|stop|bother|need)\b)"
    r"(?:[\w/-]+\s+){0,3}(`[^`\n]{1,300}`)", _I)
"""A command quoted after a word that forbids it (``never `git push --force` to main``)."""
_BARE_OPTION = re.compile(r"`-{1,2}[\w-]+`")
"""An option named alone in prose (```--no-preserve-root` exists for a reason``)."""
_SEARCHED = re.compile(
    r"(?:\b(?:grep|egrep|rg|ag|ack|findstr|semgrep|Select-String)\b(?:\s+-[\w-]+(?:=\S+)?)*\s+|"
    r"\bre\.(?:compile|search|match|findall|finditer|sub)\s*\(\s*r?|\bRegExp\s*\(\s*|"
    r"\bregexp\.MustCompile\s*\(\s*)(\"[^\"\n]{1,400}\"|'[^'\n]{1,400}')")
"""A quoted pattern searched for (``rg 'verify=False|...'``, ``re.compile(r"--yolo")``): the
text is looked for, not run."""
_DELETE_WORDS = re.compile(
    r"\b(?:rmtree|rmSync|rmdirSync|RemoveAll|remove_dir_all|rimraf|rm_rf|rm_r|Remove-Item|"
    r"rm\s+-\w*[rR]\w*|fs\.rm|promises\.rm|removeSync|emptyDirSync|remove_entry_secure|"
    r"deleteDirectory|deleteRecursively|Directory\.Delete)\b", _I)
"""A recursive delete, in any of the languages a skill's scripts use."""
_SHELL_ASSIGN = re.compile(
    r"(?:^|[;&\s])(?:(?:export|local|readonly|declare)\s+)?([A-Za-z_]\w*)="
    r"(\([^()\n]{0,200}\)|\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|(?:\$\([^()\n]{0,200}\)|"
    r"\$\{[^{}\n]{0,200}\}|[^\s;&|()\"'])+)")
"""A shell variable set (``NAME=value``, ``NAME=(a b c)``, several to a line)."""
_DEFAULT = re.compile(r"^\$\{\w+:?-([^{}]*)\}$")
_SHELL_USE = re.compile(r"\$\{(\w+)\[(\d+)\]\}|\$[{(](\w+)[})]|\$(\w+)")
_MAKE_ASSIGN = re.compile(r"^([A-Za-z_]\w*)(?:\s*[:?]=|\s+=)\s*([^\s#][^\n#]{0,200}?)\s*$")
"""A Makefile variable set (``BRANCH ?= main``)."""
_EVAL_STRING = re.compile(r"\beval\s+(?:\"([^\"\n]*)\"|'([^'\n]*)')")
_EXPAND_USE = re.compile(
    r"\b(?:push|rm|dd|rsync|eval|cd|clean|mkfs|shred|wipefs)\b[^\n$]{0,300}\$")
"""A line that may do harm once its variables hold what the script set them to."""
_VALUE_ASSIGN = re.compile(
    r"^\s*(?:(?:const|let|var|local|my|export|final|auto)\s+)?\$?([A-Za-z_]\w*)"
    r"(?:\s*,\s*_?\w*)?\s*(?::=|=)(?!=)\s*([^\n]{1,300})$")
_HOME = re.compile(
    r"\bUserHomeDir\(\)|\bhomedir\(\)|\bPath\.home\(\)|\bexpanduser\(\s*['\"]~/?['\"]\s*\)|"
    r"\bhome_dir\(\)|user\.home|SpecialFolder\.UserProfile|"
    r"\benviron\[\s*['\"](?:HOME|USERPROFILE)['\"]\s*\]|\bgetenv\(\s*['\"](?:HOME|USERPROFILE)"
    r"['\"]\s*\)|\bDir\.home\b|\$env:USERPROFILE\b|\$HOME\b|\$\{HOME\}|"
    r"GetFolderPath\(\s*['\"]?(?:\[Environment\+SpecialFolder\]::)?UserProfile", _I)
_PARENT = re.compile(r"['\"]\.\.['\"]|\.parent\b|[/\\]\.\.(?![\w.])|\bdirname\(", _I)
_MAYBE_EMPTY = re.compile(
    r"fallback\s*=\s*(?:\"\"|''|None)|\bunwrap_or_default\(\)|\bunwrap_or\(\s*\"\"\s*\)|,\s*(?:\"\"|'')\s*\)|(?:\|\||\?\?|\bor)\s*(?:\"\"|'')|"
    r"^process\.env\.\w+\s*;?$|^process\.env\[[^\]]+\]\s*;?$|^os\.(?:environ\.get|getenv)\("
    r"\s*['\"]\w+['\"]\s*\)$|^os\.Getenv\(|^\$env:\w+$|^ENV\[|^ENV\.fetch\([^,]*,\s*(?:\"\"|'')",
    _I)
_ROOT_DEFAULT = re.compile(
    r"(?:\|\||\?\?|\bor\b|,|fallback\s*=|:-)\s*(?:['\"](?:/|~/?)['\"]|os\.homedir\(\)|"
    r"Path\.home\(\)|\$HOME|\$\{HOME\}|/)\s*[)}\]]*\s*;?\s*$")
_INLINE_EMPTY = re.compile(r"\$env:(?!USERPROFILE\b|HOME\b|TEMP\b|TMP\b)\w+|"
                           r"\benviron\.get\(|\bgetenv\(\s*['\"](?!HOME|USERPROFILE)|"
                           r"\bprocess\.env\.\w+", _I)
_LOOP_OVER = re.compile(r"\bfor(?:each)?\s*\(?\s*(?:const\s+|let\s+|var\s+|_,\s*)?\$?(\w+)\s+"
                        r"(?:in|of|:=\s*range)\s+\$?(\w+)", _I)
_PTH = re.compile(r"[\w.-]{1,100}\.pth\b|\b(?:sitecustomize|usercustomize)\.py\b")
_SITE_DIR = re.compile(r"\bsite-packages\b|\bget(?:user)?sitepackages\b|\bUSER_SITE\b|"
                       r"\bpurelib\b|\bplatlib\b")
_WRITES = re.compile(r"\bwrite_text\s*\(|\.write\s*\(|\bopen\s*\([^)\n]{0,200}['\"][wa]\+?['\"]|"
                     r">>?|\btee\b|\b(?:cp|copy|copyfile|install)\b|\bjson\.dump|writeFile|"
                     r"Set-Content|Out-File")
_SHADOWED = re.compile(
    r"(?:\bcat\s*>|\btee\s+(?:-a\s+)?|\b(?:cp|mv|install)\s+(?:-\w+\s+){0,4}\S{1,200}\s+|"
    r"\bln\s+-\w+\s+\S{1,200}\s+|>\s*)[\"']?([^\s/]{0,100}(?:/[^\s/]{1,100}){0,10}/bin)/(git|ssh|sudo|su|ls|python3?|pip3?|node|npm|npx|curl|wget|"
    r"docker|kubectl|aws|gcloud|az|gh|gpg|ssh-add|op|vault|bash|sh|zsh|passwd)[\"']?"
    r"(?=\s|$|<)")
_PATH_FIRST = re.compile(r"\bPATH=[\"']?([^:\"'\s=]{1,200}):\$\{?PATH\b")
_AGENT_HOME = re.compile(
    r"(?:~|\$HOME|\$\{HOME\}|home\(\)|homedir\(\)|expanduser\([^)\n]*\)|\bhome\b)[^\n]{0,40}?"
    r"['\"/\\]?\.(?:claude|cursor|gemini|codex|config[/\\]opencode)\b", _I)
_HOOK_EVENTS = re.compile(r"\b(?:PreToolUse|PostToolUse|UserPromptSubmit|SessionStart|"
                          r"SessionEnd|Stop|SubagentStop|Notification|PreCompact|"
                          r"beforeShellExecution|beforeSubmitPrompt|afterFileEdit)\b")
GIT_PUSH_DELETE = re.compile(
    r"\bgit\b[^\n]*\bpush\b[^\n]*(?:--prune\b|--delete\b|\s-d\s|\s[\"']?:[\w$])")
"""A push that deletes remote refs (``--delete``, ``:ref``, ``--prune``): for the prefilter,
what :func:`force_push` reads."""
GIT_CLEAN_TREE = re.compile(r"\bgit\b[^\n]*(?:--work-tree|\s-C)\b[^\n]*\bclean\b")
_OPAQUE_HOOK = re.compile(
    r"\b(?:curl|wget|nc)\b|https?://|[\"']command[\"']\s*:\s*(?![\"'\s])|"
    r"[\"']command[\"']\s*:\s*[\"'][^\"'\n]*\.(?:sh|py|js|ps1|rb)\b")
"""A hook whose command is not shown where it is registered (a script, a value computed at
run time) or that reaches the network: a guard written out in full is read where it stands."""
_REF_DELETE_LOOP = re.compile(
    r"\bgit\s+(?:[^\s|;&]{1,100}\s+){0,4}?push\b[^\n]{0,200}?(?:\s[\"']?:\$|\s(?:--delete|-d)\s+"
    r"[\"']?\$)")
_LOOPS = re.compile(r"\bwhile\s+read\b|\bfor\s+\w+\s+in\b|\bxargs\b|\.forEach\b|\bfor\s*\(")
_API_REFS = re.compile(r"/git/refs\b")
_API_DELETE = re.compile(r"\b(?:requests|httpx|session|client|axios)\s*\.\s*delete\s*\(|"
                         r"-X\s*DELETE\b|--method\s+DELETE\b|method\s*[:=]\s*[\"']DELETE",
                         _I)
_CLASS_KW = ("insecure", "no-check-certificate", "no-verify-ssl", "check_certificate",
             "ca_bundle", "verify", "ssl", "tls", "disable-tls", "secure-http", ".curlrc",
             "trust", "hostname", "certificate", "2375", "docker.sock", "dd ", "of=", "mkfs",
             "wipefs", "zap-all", "blkdiscard", "find ", "cd ", "refspec", "refs/", "force",
             "shell(", "bash", "permission", "defaultmode", "base64", "b64decode", "atob",
             "allow", "push", "rm ", "rsync", "eval", "clean", "no_verify", "disable_ssl",
             "gonosum", "gosumdb", "ca-certificates", "anchors", "trusted-cert", "addstore",
             "node-options", "node_options", ".ssh/rc", "sshrc", "permitlocalcommand",
             "usersubmit", "promptsubmit", "sessionstart", "pretooluse", "removeall",
             "rmtree", "rmsync", "rm_r", "remove_dir_all", "rimraf",
             "enableallprojectmcpservers", "prompt_command", "precmd", "zsh-hook",
             "folderopen", "eventconsumer", "wmiinstance", "yolo", "approvalmode",
             "autoexecution", "goose_mode", "setforce", *_WEAKEN_MORE_KW)
TRIGGERS = tuple(sorted({*TRIGGERS, *_CLASS_KW}))


def _unsafe_target(path: str) -> bool:
    """``path`` is the root, the home folder or a system folder, and not a temporary folder or
    a cache (:func:`destructive_rm`'s judgement)."""
    return not (path.startswith(_SAFE_PREFIXES) or _SAFE_HOME.match(path) or
                _SYSTEM_CACHE.match(path)) and _SYSTEM_TARGET.match(path) is not None


def unsaid(line: str, prose: bool) -> str:
    """``line`` with what it does not run blanked out (the same length, so offsets hold): a
    quoted pattern searched for; in prose also a command quoted after a word that forbids it,
    and an option named alone."""
    if "`" not in line and "'" not in line and '"' not in line:
        return line
    spans = [m.span(1) for m in _SEARCHED.finditer(line)]
    for listed in _STRING_LIST.finditer(line) if "=" in line and "," in line else ():
        items = re.findall(r"[\"']([^\"'\n]*)[\"']", listed.group(1))
        if 2 * sum(" " in item for item in items) >= len(items):
            spans.append(listed.span(1))  # whole commands listed as data (a blocklist)
    if prose and "`" in line:
        spans += [m.span(1) for m in _NEGATED.finditer(line)]
        spans += [m.span() for m in _BARE_OPTION.finditer(line)]
    if not spans:
        return line
    chars = list(line)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def narrow_exclusion(line: str) -> bool:
    """Whether every antivirus exclusion ``line`` adds is one folder three levels or more
    below a drive or a profile (``$env:USERPROFILE\\src\\app\\.build-cache``): a build cache,
    not the drive, the profile, Downloads or a temporary folder."""
    found = re.findall(r"-ExclusionPath\s+[\"']?([^\"'\n;|]+)", line, _I)
    if not found or re.search(r"-Exclusion(?:Process|Extension)\b|-Disable", line, _I):
        return False
    for path in found:
        parts = [p for p in re.split(r"[\\/]+", path.strip()) if p]
        if len(parts) < 4 or any(c in path for c in "*?") or re.search(
                r"\\(?:Temp|Downloads|AppData)(?:\\|$)|\$env:(?:TEMP|TMP|APPDATA)", path, _I):
            return False
    return True


def _weakens(line: str) -> bool:
    """Whether ``line`` switches a protection off (:data:`WEAKEN`), leaving out an antivirus
    exclusion for one deep folder."""
    return any(not (m.group().lower().startswith("add-mppreference") and narrow_exclusion(line))
               for m in WEAKEN.finditer(line))


def _shared(branch: str) -> bool:
    """``branch`` is one others build on: a shared name, a release line (``release/2.x``),
    or a pattern of many."""
    name = branch.removeprefix("refs/heads/").removeprefix("heads/")
    return (name.lower() in _SHARED_BRANCHES or name.split("/", 1)[0].lower() in
            _SHARED_BRANCHES | {"releases"} or name in ("HEAD", "*") or "*" in name)


def class_hits(line: str, offset: int, prose: bool = False) -> Iterator[CodeHit]:
    """Round 5's line classes on one line or window (see the patterns above)."""
    lower = line.lower()
    if (_has(lower, ("insecure", "no-check-certificate", "no-verify-ssl", "check_certificate",
                     "ca_bundle", "verify", "ssl", "tls", "curlrc", "no_verify",
                     "disable_ssl", "gonosum", "gosumdb", "ca-certificates", "anchors",
                     "trusted-cert", "addstore", "\\root")) and TLS_OFF.search(line)) or (
            not prose and _has(lower, ("verify", "trust", "hostname", "certificate", "ssl"))
            and TLS_OFF_CODE.search(line)):
        yield _hit("ST029", line, offset, line, "switches TLS certificate verification off")
    elif ("curl" in lower or "wget" in lower) and CURL_INSECURE.search(line):
        yield _hit("ST029", line, offset, line, "fetches with certificate checks off (-k)")
    if _has(lower, _WEAKEN_MORE_KW) and WEAKEN_MORE.search(line):
        yield _hit("ST029", line, offset, line, "switches a protection of the machine off "
                   "(remote root, authentication, kernel or OS hardening)")
    if _has(lower, ("dd ", "mkfs", "wipefs", "zap-all", "blkdiscard", "find ", "recurse")) and (
            DISK_DESTROY.search(line)):
        yield _hit("ST024", line, offset, line, "writes over a disk chosen at run time, or "
                   "empties every file under the root or home folder")
    if "cd " in lower and "rm" in lower:
        wiped = CD_THEN_WIPE.search(line)
        if wiped is not None and (_SYSTEM_TARGET.match(wiped.group(1)) or _CLIMB.search(
                wiped.group(1))):
            yield _hit("ST024", line, offset, line, f"deletes everything in "
                       f"{wiped.group(1)!r}, outside the work folder")
    if "clean" in lower and "git" in lower:
        tree = git_clean_tree(line)
        if tree is not None:
            yield _hit("ST024", line, offset, line, f"runs git clean over {tree!r}: every "
                       "file there git does not track is deleted")
    if not prose:
        yield from _ref_hits(line, offset)
    if _has(lower, ("node-options", "node_options", ".ssh/rc", "sshrc", "permitlocalcommand",
                    "prompt_command", "debug", "precmd", "zsh-hook", "alias ", "folderopen",
                    "eventconsumer", "wmiinstance")) \
            and PERSIST_MORE.search(line):
        yield _hit("ST025", line, offset, line, "makes code run again at every start of "
                   "another program (Node, an SSH login or connection)")
    if not prose and _has(lower, ("usersubmit", "promptsubmit", "sessionstart", "pretooluse")) \
            and HOOK_CLAIM.search(line):
        yield _hit("ST014", line, offset, line, "a hook tells the agent, every time, that it "
                   "has permission")
    if not prose and "rm " in lower and "(" in line:
        for match in _RUN_STRING.finditer(line):
            target = destructive_rm(match.group(2)) if RM_WORD.search(match.group(2)) else None
            if target is not None:
                yield _hit("ST024", line, offset, line, f"deletes {target!r}, outside the "
                           "work folder (a command given to a shell as a string)")
                break
    if not prose and _has(lower, ("removeall", "rmtree", "rmsync", "rmdirsync", "rm_r",
                                  "remove_dir_all", "rimraf")):
        for match in _DELETE_LITERAL.finditer(line):
            if _unsafe_target(match.group(1)):
                yield _hit("ST024", line, offset, line, f"deletes {match.group(1)!r}, "
                           "outside the work folder")
                break
    if ("permissions.allow" in lower or "enableallprojectmcpservers" in lower) and (
            PROSE_ALLOW.search(line)):
        yield _hit("ST014", line, offset, line, "puts a whole tool (every command or file) in "
                   "the agent's allow list")


def _ref_hits(line: str, offset: int) -> Iterator[CodeHit]:
    """Forced ref updates made without ``git push`` on the command line."""
    lower = line.lower()
    if "+" in line and "fetch" not in lower:
        for match in FORCED_REFSPEC.finditer(line):
            if _shared(match.group(2)):
                yield _hit("ST060", line, offset, line, f"pushes the refspec "
                           f"{match.group().strip(chr(34) + chr(39) + '`')!r} by force: it "
                           f"overwrites {match.group(2)!r} on the remote")
                return
    if "force" in lower and "push" in lower:
        call = FORCE_CALL.search(line)
        if call is not None:
            ref = _CALL_REF.search(line) or re.search(
                r"[\"']((?!origin\b|upstream\b|-)[\w./-]+)[\"']", line[call.start():call.end()])
            if ref is None or _shared(ref.group(1)):
                yield _hit("ST060", line, offset, line, "pushes by force through a git "
                           "library, over " + (repr(ref.group(1)) if ref else
                                               "the current branch"))
                return
    if "refs" in lower and "force" in lower:
        api = FORCE_API.search(line)
        if api is not None and _shared(api.group(1)):
            yield _hit("ST060", line, offset, line, f"moves {api.group(1)!r} by force "
                       "through the hosting API: a force push without git")


def git_clean_tree(line: str) -> str | None:
    """The work tree a forced ``git clean`` of ``line`` runs over when that is the root, the
    home folder or a system folder (``git --work-tree=$HOME clean -fdx``), else None."""
    for command in _commands(line):
        if not command or command[0].rsplit("/", 1)[-1] != "git" or "clean" not in command:
            continue
        at = command.index("clean")
        if not any(re.fullmatch(r"-\w*f\w*|--force", w) for w in command[at + 1:]):
            continue
        tree = None
        for i, word in enumerate(command[1:at], 1):
            if word.startswith("--work-tree="):
                tree = word.split("=", 1)[1]
            elif word in ("--work-tree", "-C") and i + 1 < at:
                tree = command[i + 1]
        if tree is not None and _SYSTEM_TARGET.match(tree.rstrip("/") or "/"):
            return tree
    return None


def _shell_values(line: str, values: dict[str, list[str]]) -> None:
    """The variables ``line`` sets, into ``values`` (a default ``${X:-v}`` as ``v``, an array
    as its items); a value that needs a command's output is kept as written."""
    for match in _SHELL_ASSIGN.finditer(line):
        if len(values) >= _TAINT_CAP:
            return
        name, value = match.group(1), match.group(2)
        if value.startswith("("):
            values[name] = value[1:-1].split()
            continue
        if value[:1] in "\"'":
            value = value[1:-1]
        default = _DEFAULT.match(value)
        if default is not None:
            value = default.group(1)
        values[name] = [_expand(value, values)]


def _expand(text: str, values: dict[str, list[str]]) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            items = values.get(match.group(1))
            index = int(match.group(2))
            return items[index] if items is not None and index < len(items) else match.group()
        items = values.get(match.group(3) or match.group(4))
        return " ".join(items) if items is not None else match.group()
    return _SHELL_USE.sub(one, text)


def _expanded_hits(text: str) -> Iterator[CodeHit]:
    """Deletes and force pushes that show once the script's own variables are filled in:
    ``BRANCH=${TARGET:-main}`` then ``git push -f origin HEAD:$BRANCH``; ``SANDBOX=${S:-$HOME}``
    then ``rsync --delete ... "$SANDBOX/"``; a command assembled from array items and run by
    ``eval``."""
    values: dict[str, list[str]] = {}
    guarded: set[str] = set()
    strict = _NOUNSET.search(text) is not None
    for offset, line, _count in _bounded(logical_lines(text)):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "$" in stripped and len(guarded) < _TAINT_CAP:
            guarded.update(next(g for g in m.groups() if g) for m in _GUARD.finditer(stripped))
        if not strict and "$" in stripped and RM_WORD.search(stripped):
            unset = _unset_home(stripped, values, guarded)
            if unset is not None:
                yield CodeHit("ST024", offset, stripped, f"deletes {unset[1]!r} when "
                              f"${unset[0]} is unset (nothing sets or checks it)")
                continue
        if values and "$" in stripped and _EXPAND_USE.search(stripped):
            expanded = _expand(stripped, values)
            expanded = _EVAL_STRING.sub(lambda m: m.group(1) or m.group(2) or "", expanded)
            if expanded != stripped:
                before = {h.code for h in line_hits(stripped, 0)}
                for hit in line_hits(expanded, 0):
                    if hit.code in ("ST024", "ST060") and hit.code not in before:
                        yield CodeHit(hit.code, offset, stripped,
                                      f"{hit.detail} (its variables as the script sets them: "
                                      f"{expanded[:120]!r})")
                        break
        if "=" in stripped:
            make = _MAKE_ASSIGN.match(line)
            if make is not None and len(values) < _TAINT_CAP:
                values[make.group(1)] = [_expand(make.group(2), values)]
            else:
                _shell_values(stripped, values)


_NOUNSET = re.compile(r"^[ \t]*set[ \t]+-\w*u|\bset[ \t]+-o[ \t]+nounset\b", re.MULTILINE)
_KNOWN_SET = frozenset({"HOME", "PWD", "TMPDIR", "USER", "PATH", "SHELL", "RUNNER_TEMP",
                        "GITHUB_WORKSPACE", "CI_PROJECT_DIR", "OLDPWD", "XDG_CACHE_HOME"})


def _unset_home(line: str, values: dict[str, list[str]], guarded: set[str]
                ) -> tuple[str, str] | None:
    """(the variable, what is deleted) when ``line``'s ``rm -r`` deletes the root or the home
    folder once a variable the script never sets nor checks is empty (``rm -rf
    "$HOME/$SUBDIR"``), else None."""
    names = [m.group(3) or m.group(4) for m in _SHELL_USE.finditer(line)]
    unset = [n for n in names if n and n not in values and n not in guarded and
             n not in _KNOWN_SET and not n.isdigit()]
    if not unset:
        return None
    emptied = _SHELL_USE.sub(lambda m: "" if (m.group(3) or m.group(4)) in unset else m.group(),
                             line)
    target = destructive_rm(emptied)
    if target is not None and target.rstrip("/*\"'") in ("", "~", "$HOME", "${HOME}"):
        return unset[0], target
    return None


def _rootish_deletes(text: str) -> Iterator[CodeHit]:
    """A recursive delete (any language) of a folder computed earlier that can be the root
    or the home folder: a value defaulting to ``/`` or home, the home folder's parent, or the
    home folder joined with a value that may be empty (an unset variable, a setting whose
    fallback is ``""``)."""
    homes: set[str] = set()
    empty: set[str] = set()
    rootish: dict[str, str] = {}
    for offset, line, _count in _bounded(logical_lines(text)):
        stripped = line.strip()
        if not stripped:
            continue
        assigned = _VALUE_ASSIGN.match(stripped) if "=" in stripped else None
        if assigned is not None and len(homes) + len(empty) + len(rootish) < _TAINT_CAP:
            name, value = assigned.group(1), assigned.group(2).strip()
            words = set(re.findall(r"\w+", value))
            home = _HOME.search(value) is not None or bool(words & homes)
            if _ROOT_DEFAULT.search(value):
                rootish[name] = "a value that defaults to the root or home folder"
            elif home and _PARENT.search(value):
                rootish[name] = "the parent of the home folder (every user's home)"
            elif home and (words & (empty | set(rootish)) or _INLINE_EMPTY.search(value)):
                rootish[name] = "the home folder joined with a value that may be empty"
            elif words & set(rootish) and not re.search(r"['\"][\w.-]+['\"]", value):
                rootish[name] = next(rootish[w] for w in words if w in rootish)
            elif home and not re.search(r"['\"][^'\"]+['\"]", value.replace("'~'", "")):
                homes.add(name)
            elif _MAYBE_EMPTY.search(value):
                empty.add(name)
        loop = _LOOP_OVER.search(stripped) if rootish else None
        if loop is not None and loop.group(2) in rootish:
            rootish[loop.group(1)] = rootish[loop.group(2)]
        listed = _LOOP_LITERAL.search(stripped) if "for" in stripped.lower() else None
        if listed is not None and any(_unsafe_target(p) for p in re.findall(
                r"[\"']([^\"'\n]{1,200})[\"']", listed.group(2))):
            rootish[listed.group(1)] = "a system folder the loop lists"
        if _DELETE_WORDS.search(stripped) and (_ROOT_INLINE.search(stripped) or any(
                re.search(rf"\b{name}\.parent\b|\bdirname\(\s*{name}\b", stripped)
                for name in empty)):
            yield CodeHit("ST024", offset, stripped, "deletes a folder that is the root, the "
                          "home folder or the folder above the work folder when a setting is "
                          "unset")
            return
        if rootish and _DELETE_WORDS.search(stripped):
            used = next((w for w in re.findall(r"\w+", stripped) if w in rootish), None)
            if used is not None and assigned is None and not re.search(
                    rf"\b{used}\b\}}?[\"']?\s*(?:/|\\|,|\+)\s*(?:[\"'][\w.-]|[\w.-]{{2,}}/|"
                    rf"[\w.-]{{2,}}[\"']?\s*$)", stripped):
                yield CodeHit("ST024", offset, stripped, f"deletes {used!r}: "
                              f"{rootish[used]}")
                return


def class_text_hits(text: str) -> Iterator[CodeHit]:
    """Round 5's classes that take more than one statement, in a script or a code block read
    whole (any language)."""
    if "$" in text and _EXPAND_USE.search(text):
        yield from _expanded_hits(text)
    if _DELETE_WORDS.search(text):
        yield from _rootish_deletes(text)
    if "force" in text.lower():
        yield from _forced_calls(text)
    if "push" in text and _REF_DELETE_LOOP.search(text) and _LOOPS.search(text):
        found = _REF_DELETE_LOOP.search(text)
        assert found is not None
        yield CodeHit("ST060", found.start(), found.group().strip(), "deletes every remote "
                      "branch or tag a loop lists (an empty-source refspec or --delete)")
    if "/git/refs" in text and _API_REFS.search(text) and _API_DELETE.search(text) and (
            _LOOPS.search(text) or re.search(r"\bfor\s+\w+\s+in\b", text)):
        found = _API_DELETE.search(text)
        assert found is not None
        yield CodeHit("ST060", found.start(), found.group().strip(), "deletes branches or "
                      "tags on the remote through the hosting API, in a loop")
    if ".pth" in text or "customize.py" in text:
        pth = _PTH.search(text)
        if pth is not None and _SITE_DIR.search(text) and _WRITES.search(text):
            yield CodeHit("ST025", pth.start(), pth.group(), "writes a start-up file into "
                          "site-packages: its code runs at every Python start")
    if "PATH=" in text and "/bin/" in text:
        written = {_home_path(m.group(1)): m.group(2) for m in _SHADOWED.finditer(text)}
        for match in _PATH_FIRST.finditer(text) if written else ():
            if _home_path(match.group(1)) in written:
                yield CodeHit("ST025", match.start(), match.group(), f"puts its own "
                              f"{written[_home_path(match.group(1))]!r} ahead of the real one "
                              "on the PATH: every later call runs the skill's wrapper")
                break
    if ("crt" in text or "pem" in text or "cer" in text) and _CERT_FETCH.search(text) and (
            re.search(r"\b(?:curl|wget|iwr|Invoke-WebRequest|urlretrieve)\b", text, _I)):
        store = _TRUST_STORE.search(text)
        if store is not None:
            yield CodeHit("ST029", store.start(), store.group(), "installs a certificate "
                          "downloaded from the network as a root of trust: whoever holds its "
                          "key can read and change every TLS connection")
    if ("conf.d" in text or "profile.d" in text or "rc.d" in text or "autostart" in text) and (
            re.search(r"\b(?:curl|wget)\b|https?://", text)):
        start = _STARTUP_WRITE.search(text)
        if start is not None:
            yield CodeHit("ST025", start.start(), start.group(), "writes a file every new "
                          "shell or session runs, with code fetched from the network")
    if _HOOK_EVENTS.search(text) and _AGENT_HOME.search(text) and _WRITES.search(text) and (
            _OPAQUE_HOOK.search(text)):
        event = _HOOK_EVENTS.search(text)
        assert event is not None
        yield CodeHit("ST025", event.start(), event.group(), "registers a hook in the "
                      "agent's global settings: a script that runs in every project")


_FORCE_START = re.compile(r"\b(?:updateRef|update_ref|PushOptions|PushCommand)\b|\.push\s*\(")
_FORCE_ON = re.compile(r"\bforce\w{0,12}[\"']?\s*[:=]\s*(?:true|True)\b|\.setForce\(\s*true\b", _I)
_REF_NAMED = re.compile(r"\b(?:ref|refspec|remoteRef|branch|RefSpecs)[\"']?\s*[:=]\s*"
                        r"(?:\[\]\w+(?:\.\w+)?\{\s*)?[\"']\+?(?:refs/)?(?:heads/)?([\w./*-]+)[\"']",
                        _I)


def _forced_calls(text: str) -> Iterator[CodeHit]:
    """A git library's push, or a hosting API's ref update, written over several lines with
    force on (go-git's ``PushOptions{... Force: true}``, Octokit's ``updateRef({... force:
    true})``), over a shared branch or the current one."""
    for count, start in enumerate(_FORCE_START.finditer(text)):
        if count >= _TAINT_CAP:
            return
        window = text[start.start(): start.start() + 600]
        forced = _FORCE_ON.search(window)
        if forced is None:
            continue
        ref = _REF_NAMED.search(window)
        if ref is None or _shared(ref.group(1)):
            yield CodeHit("ST060", start.start(), window.split("\n", 1)[0].strip(),
                          "pushes or moves a ref by force through a library or the hosting "
                          "API, over " + (repr(ref.group(1)) if ref else "the current branch"))
            return


def _home_path(path: str) -> str:
    return re.sub(r"^(?:\$HOME|\$\{HOME\}|~)", "~", path.strip("\"'"))


CLASS_LINES = (TLS_OFF, TLS_OFF_CODE, CURL_INSECURE, WEAKEN_MORE, DISK_DESTROY, CD_THEN_WIPE,
               FORCED_REFSPEC, FORCE_CALL, FORCE_API, AGENT_MORE, PROSE_ALLOW, _EXPAND_USE,
               _DELETE_WORDS, _REF_DELETE_LOOP, _API_DELETE, _PTH, _PATH_FIRST, _HOOK_EVENTS,
               GIT_PUSH_DELETE, GIT_CLEAN_TREE, PERSIST_MORE, HOOK_CLAIM, _SPLIT_AGENT,
               _DELETE_LITERAL, _LOOP_LITERAL, _ROOT_INLINE, _STARTUP_WRITE, _CERT_FETCH,
               _TRUST_STORE, _RUN_STRING, _FORCE_START, _FORCE_ON)
LINE_PATTERNS = (*LINE_PATTERNS, *CLASS_LINES)
WINDOWED = (*WINDOWED, TLS_OFF_CODE, CURL_INSECURE, WEAKEN_MORE, DISK_DESTROY, FORCE_CALL,
            FORCE_API, AGENT_MORE, PROSE_ALLOW, TLS_OFF, PERSIST_MORE, HOOK_CLAIM, _LOOP_LITERAL)
DEFINITIONS = (*DEFINITIONS, GIT_PUSH_DELETE, GIT_CLEAN_TREE)


LIST_DELETE = re.compile(
    r"\s[\"']?([\w.-]{1,100}/[\w./-]{1,200}|[\w-]{1,100}\.(?:txt|list|lst))[\"']?\s*\|\s*"
    r"(?:sudo\s+)?xargs\b[^\n|]{0,200}?\brm\s+-\w*[rR]|"
    r"\bxargs\b[^\n|]{0,200}?\brm\s+-\w*[rR]\w*[^\n|<]{0,200}<\s*[\"']?([\w./-]{1,300})")
"""A recursive delete of every path a file lists (``cat list.txt | xargs rm -rf``)."""


def list_deletes(texts: Sequence[tuple[str, str]]) -> Iterator[tuple[str, int, str]]:
    """Where a file of the skill deletes recursively every path another of its files lists,
    and that list holds the root, the home folder or a system folder (``~`` read as the home
    folder): (the deleting file, offset, what the list holds)."""
    by_name = dict(texts)
    for rel, text in texts:
        if "xargs" not in text or "rm" not in text:
            continue
        for match in LIST_DELETE.finditer(text):
            named = (match.group(1) or match.group(2) or "").removeprefix("./")
            listed = by_name.get(named) or next(
                (t for r, t in texts if named and r.endswith("/" + named)), None)
            if listed is None:
                continue
            bad = next((entry.strip() for entry in listed.splitlines()[:10_000]
                        if entry.strip() and _unsafe_target(entry.strip())), None)
            if bad is not None:
                yield rel, match.start(), f"deletes every path {named} lists, and it lists {bad!r}"
                break
