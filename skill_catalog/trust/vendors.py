"""Vendors' installers: the one exception to download-and-execute (``curl -fsSL
https://astral.sh/uv/install.sh | sh`` is a notice, ST027, not ST020).

The exception is a judgement a skill's author would like to game, so it is narrow:

- a vendor is a whole host, compared exactly (:data:`VENDOR_HOSTS`): no prefix, no
  subdomain, no path; a shared hosting domain (``github.io``, ``githubusercontent.com``,
  ``pages.dev``, ``netlify.app``, ``vercel.app``, S3 buckets: anyone can publish there) is
  never one (``tests/test_trust_vendors.py`` checks the list against the Public Suffix List's
  private section);
- a URL is read strictly: ``https`` only, its authority plain lowercase ASCII letters, digits,
  hyphens and dots, ended by ``/``, ``?``, ``#`` or the end of the word; userinfo
  (``https://vendor.com@evil``), a port, a backslash, percent-encoding, a trailing dot,
  non-ASCII letters (look-alikes, IDNA) or quotes spliced into the host each make it not a
  vendor's;
- every URL on the line, and every argument of every fetching command on it (``curl``,
  ``wget``, ``iwr``, ``DownloadString(...)``...), must be a vendor's URL; an option the
  exception does not know (``-K file``, ``--url=...``, ``-k``) makes the line not one.
"""

from __future__ import annotations

import re
import shlex

VENDOR_HOSTS = frozenset({
    "sh.rustup.rs", "astral.sh", "bun.sh", "www.bun.sh", "deno.land", "get.docker.com",
    "install.python-poetry.org", "get.pnpm.io", "claude.ai", "opencode.ai", "ollama.com",
    "ollama.ai", "fly.io", "tailscale.com", "starship.rs", "mise.run", "pyenv.run",
    "cursor.com", "get.k3s.io", "install.determinate.systems", "nixos.org", "dot.net",
    "dotnet.microsoft.com", "sdk.cloud.google.com", "aka.ms", "cli.github.com", "gh.io",
    "supabase.com", "vercel.com", "railway.app", "foundry.paradigm.xyz", "get.volta.sh",
    "go.dev", "golang.org", "rvm.io", "brew.sh", "bootstrap.pypa.io", "cli.doppler.com",
    "get.pulumi.com", "get.helm.sh", "packages.microsoft.com",
})
"""Hosts whose install scripts are the vendor's own (each the whole host)."""

FETCHERS = ("curl", "wget", "fetch", "http", "https", "iwr", "irm", "invoke-webrequest",
            "invoke-restmethod", "aria2c", "lwp-download", "downloadstring", "downloadfile")
"""Commands and methods that fetch what their arguments name."""
_FETCH_WORD = re.compile(r"(?:^|(?<=[\s(|;&`\"'./{]))(?:" +
                         "|".join(re.escape(f) for f in FETCHERS) + r")(?![\w.:-])",
                         re.IGNORECASE)
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}://")
_HOST = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}"
                   r"[a-z0-9])?)+")
_AUTHORITY_END = frozenset("/?#")
_WORD_END = frozenset(" \t|;&)<>`\n")
_CLOSERS = frozenset("\"')")
_FLAG_LETTERS = frozenset("fsSLlq#")
"""Short options of curl and wget that only change how quietly or whether redirects are
followed (``-fsSL``, ``-q``); ``-k`` (no TLS checks) is not one."""
_FLAGS = frozenset({
    "--fail", "--silent", "--show-error", "--location", "--compressed", "--tlsv1.2",
    "--tlsv1.3", "--progress-bar", "--quiet", "--https-only", "--no-verbose", "-nv", "-",
    "-qo-", "-o-", "-useb", "-usebasicparsing", "-uri", "--remote-name",
})
"""Options without a value (lowercased) that leave what is fetched as it was."""
_VALUED = frozenset({"--proto", "--proto-redir", "--retry", "--retry-delay", "--max-time",
                     "-m", "--connect-timeout", "-a", "--user-agent", "--secure-protocol",
                     "-o", "--output", "--output-document", "-outfile"})
"""Options whose value is not fetched (an output file, a protocol, a count): skipped, unless
it is a URL (``curl -O URL`` takes none), which is then judged as any other."""


def host_of(url: str) -> str | None:
    """The host of an ``https`` URL read strictly (see the module's docstring), or None when
    the URL is anything else or its authority holds anything but a plain host name."""
    if url[:8].lower() != "https://":
        return None
    end = len(url)
    for index in range(8, len(url)):
        char = url[index]
        if char in _AUTHORITY_END:
            end = index
            break
        if char in _WORD_END:
            end = index
            break
        if char in _CLOSERS and (index + 1 == len(url) or url[index + 1] in _WORD_END):
            end = index
            break
    host = url[8:end]
    return host if _HOST.fullmatch(host) else None


def is_vendor_url(url: str) -> bool:
    return host_of(url) in VENDOR_HOSTS


def _urls(line: str) -> list[str]:
    """Every URL of ``line`` (any scheme), from its scheme to the end of its word."""
    found = []
    for match in _SCHEME.finditer(line):
        end = match.end()
        while end < len(line) and line[end] not in " \t\n|;&<>`":
            end += 1
        found.append(line[match.start(): end])
    return found


def _fetch_arguments(line: str, start: int) -> list[str] | None:
    """The words after a fetching command (or method) at ``start``, up to the end of its
    command; None when they cannot be split (an open quote)."""
    end = start
    depth = 0
    while end < len(line):
        char = line[end]
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                break
            depth -= 1
        elif char in "|;&`\n" or (char == "<" and depth == 0):
            break
        end += 1
    words = line[start:end].replace("(", " ").replace(")", " ").replace(",", " ")
    try:
        return shlex.split(words, comments=False, posix=True)
    except ValueError:
        return None


def _fetches_only_vendors(arguments: list[str]) -> bool:
    targets = 0
    skip = False
    for word in arguments:
        if skip:
            skip = False
            if "://" not in word:
                continue
        lower = word.lower()
        if lower.startswith("-"):
            name = lower.split("=", 1)[0]
            if name in _VALUED:
                skip = "=" not in lower
            elif not (lower in _FLAGS or (len(lower) > 1 and lower[1] != "-" and
                                          set(lower[1:]) <= _FLAG_LETTERS)):
                return False  # an option that may change what is fetched (-K, --url, -k)
            continue
        if not is_vendor_url(word):
            return False
        targets += 1
    return targets > 0


def vendor_installer(line: str) -> str | None:
    """The vendor's URL when every URL on ``line`` and every argument of every fetching
    command on it is a vendor's ``https`` URL (:data:`VENDOR_HOSTS`), else None."""
    urls = _urls(line)
    if not urls or not all(is_vendor_url(url) for url in urls):
        return None
    fetches = list(_FETCH_WORD.finditer(line))
    for match in fetches:
        arguments = _fetch_arguments(line, match.end())
        if arguments is None or not _fetches_only_vendors(arguments):
            return None
    return urls[0] if fetches else None
