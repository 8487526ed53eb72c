"""Secrets in skill files: well-known token formats, private keys, and quoted high-entropy
values assigned to a secret-sounding name; placeholders and documentation examples are not
secrets, and a secret is never shown, only its redacted form."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

from skill_catalog.trust.prefilter import ENGINE, linear

_FORMATS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    # (what, pattern, length of the prefix that may be shown)
    ("AWS access key ID", re.compile(r"\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})\b"), 4),
    ("GitHub token", re.compile(r"\b(gh[pousr]_[A-Za-z0-9]{36,255})\b"), 4),
    ("GitHub fine-grained token", re.compile(r"\b(github_pat_[A-Za-z0-9_]{60,255})\b"), 11),
    ("GitLab token", re.compile(r"\b(glpat-[A-Za-z0-9_-]{20,})\b"), 6),
    ("Slack token", re.compile(r"\b(xox[abposr]-[0-9A-Za-z-]{20,})\b"), 5),
    ("Slack webhook", re.compile(
        r"(https://hooks\.slack\.com/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{20,})"), 30),
    ("Anthropic API key", re.compile(r"\b(sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{80,})"), 14),
    ("OpenAI API key", re.compile(
        r"\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|"
        r"sk-(?:proj-|svcacct-)[A-Za-z0-9_-]{40,}|sk-[A-Za-z0-9]{48})\b"), 3),
    ("Google API key", re.compile(r"\b(AIza[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)"), 4),
    ("Stripe secret key", re.compile(r"\b((?:sk|rk)_live_[0-9a-zA-Z]{20,})\b"), 8),
    ("SendGrid API key", re.compile(r"\b(SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})\b"), 3),
    ("npm token", re.compile(r"\b(npm_[A-Za-z0-9]{36})\b"), 4),
    ("PyPI token", re.compile(r"\b(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})"), 5),
    ("Hugging Face token", re.compile(r"\b(hf_[A-Za-z]{34,})\b"), 3),
    ("Twilio API key", re.compile(r"\b(SK[0-9a-f]{32})\b"), 2),
    ("Shopify token", re.compile(r"\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})\b"), 6),
    ("DigitalOcean token", re.compile(r"\b(do[por]_v1_[a-f0-9]{64})\b"), 7),
    ("Telegram bot token", re.compile(r"\b(\d{8,10}:AA[0-9A-Za-z_-]{33})\b"), 0),
    ("Discord webhook", re.compile(
        r"(https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{60,})"),
     36),
)
_PRIVATE_KEY = re.compile(
    r"-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----"
    r"\s*\n((?:[A-Za-z0-9+/=:\-, \t]*\n){0,6})")
_ASSIGNED = re.compile(
    r"(?i)(?:secret|passw(?:or)?d|api_?key|apikey|access_?key|auth_?token|private_?key|token)"
    r"[A-Za-z0-9_.-]{0,40}[\"']?\s{0,4}[:=]\s{0,4}[\"']([A-Za-z0-9+/=_\-.!@#$%^&*~]{16,200})"
    r"[\"']")
_PLACEHOLDER = re.compile(
    r"(?i)x{4,}|\.\.\.|<|>|\*{3,}|0{6,}|1234|abcd|\$\{|\{\{|"
    r"(?<![a-z0-9])(?:example|sample|dummy|fake|placeholder|your|"
    r"redacted|changeme|change_me|test|demo|replace|insert|secret_?here|token_?here|key_?here|"
    r"foobar|lorem|mock|invalid|null|none|todo|here)|"
    r"(?:example|sample|dummy|fake|placeholder|redacted|changeme|test|demo|mock|invalid|here)"
    r"(?![a-z0-9])")
"""A value that says it is an example: a placeholder word at the start of the value or of one
of its parts (after ``_`` or ``-``), or at its end (``AKIA...EXAMPLE``, ``sk_test_...``,
``your-key``, ``ghp_EXAMPLE...``). Inside a run of random letters (``...q7TeSt9x...``) the same
letters are chance, not a statement: a real credential is not taken for an example because
of them (issue 35)."""
_SAYS_WHAT = re.compile(r"(?i)passw(?:or)?d|secret|token|api_?key|credential")
"""A value assigned to a secret's name that spells a secret's name itself (``db-password:
"MySecurePassword123!"``, ``jwt: "prod-token-2024-Abc"``): an example written to be read,
not a generated credential (a word inside a random run is too long a chance to matter)."""
PATTERNS = (*(pattern for _what, pattern, _prefix in _FORMATS), _PRIVATE_KEY, _ASSIGNED)
_SEARCHED = {what: linear(pattern) for what, pattern, _prefix in _FORMATS}
"""The formats as they are searched: on RE2, linear in the text (Python's engine took time
quadratic in a run of ``sk-`` for the OpenAI format)."""
_PRIVATE_KEY_SEARCHED = linear(_PRIVATE_KEY)
_ASSIGNED_SEARCHED = linear(_ASSIGNED)
ON_RE2 = PATTERNS if ENGINE == "re2" else ()
"""The patterns searched on RE2, never by Python's engine (all of them, with RE2 installed)."""
"""Every pattern a secret is found by (for a prefilter)."""
_DOC_EXAMPLES = frozenset({"AKIAIOSFODNN7EXAMPLE", "ASIAIOSFODNN7EXAMPLE"})


def entropy(text: str) -> float:
    """Shannon entropy in bits a character."""
    if not text:
        return 0.0
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def is_placeholder(value: str, prefix: int = 0) -> bool:
    """An example or placeholder rather than a real credential: it says so (XXXX, EXAMPLE,
    your-..., <...>), repeats or counts characters, or is too regular to be random."""
    if value in _DOC_EXAMPLES or _PLACEHOLDER.search(value):
        return True
    rest = value[prefix:]
    if len(set(rest)) <= max(4, len(rest) // 8):
        return True
    if re.search(r"(.)\1{5,}", rest):
        return True
    return entropy(rest) < 3.0


def redact(value: str, prefix: int) -> str:
    """The redacted form: the format's fixed prefix and the length, nothing of the secret."""
    shown = value[:prefix]
    return f"{shown}{'*' * 4}… ({len(value)} characters, redacted)"


_NEEDLES = {
    "AWS access key ID": ("AKIA", "ASIA", "ABIA", "ACCA"),
    "GitHub token": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    "GitHub fine-grained token": ("github_pat_",), "GitLab token": ("glpat-",),
    "Slack token": ("xox",), "Slack webhook": ("https://hooks.slack.com/services/T",),
    "Anthropic API key": ("sk-ant-",), "OpenAI API key": ("sk-",), "Google API key": ("AIza",),
    "Stripe secret key": ("_live_",), "SendGrid API key": ("SG.",), "npm token": ("npm_",),
    "PyPI token": ("pypi-AgEIcHlwaS5vcmc",), "Hugging Face token": ("hf_",),
    "Twilio API key": ("SK",), "Shopify token": ("shp",), "DigitalOcean token": ("_v1_",),
    "Telegram bot token": (":AA",), "Discord webhook": ("/api/webhooks/",),
}
"""For each format, text its every match holds: without one, the format is not searched."""


def _secrets(text: str) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, what, redacted form) of every likely real secret in ``text``."""
    for what, _pattern, prefix in _FORMATS:
        if not any(needle in text for needle in _NEEDLES[what]):
            continue
        for match in _SEARCHED[what].finditer(text):
            value = match.group(1)
            if is_placeholder(value, prefix):
                continue
            yield match.start(1), match.end(1), what, redact(value, prefix)
    for match in _PRIVATE_KEY_SEARCHED.finditer(text) if "PRIVATE KEY" in text else ():
        body = re.sub(r"[^A-Za-z0-9+/=]", "", match.group(2))
        if len(body) >= 64 and not is_placeholder(body) and entropy(body) > 4.5:
            yield match.start(), match.end(), match.group(1).lower(), (
                f"-----BEGIN {match.group(1)}-----****… (redacted)")


def find_secrets(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, what, redacted form) of every likely real secret in ``text``."""
    for start, _end, what, redacted in _secrets(text):
        yield start, what, redacted


def redact_secrets(text: str) -> str:
    """``text`` with every likely real secret (:func:`find_secrets`) replaced by its redacted
    form: for text a published page or file shows that quotes a skill's own (a diagnostic that
    names a link target, a path or a value)."""
    out: list[str] = []
    at = 0
    for start, end, _what, redacted in sorted(_secrets(text)):
        if start < at:  # inside a secret already replaced
            continue
        out += [text[at:start], redacted]
        at = end
    return "".join(out) + text[at:] if out else text


def find_assigned(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, name, redacted form) of quoted high-entropy values assigned to a name that
    says secret, password, token or key."""
    lower = text.lower()
    if not any(w in lower for w in ("secret", "passw", "key", "token")):
        return
    for match in _ASSIGNED_SEARCHED.finditer(text):
        value = match.group(1)
        start = match.start()
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
            start -= 1
        name = text[start: match.start(1)].rstrip("\"' :=\t")
        if is_placeholder(value) or (is_placeholder(name) and "your" in name.lower()):
            continue
        if entropy(value) < 3.7 or not (re.search(r"\d", value) and re.search(r"[A-Za-z]",
                                                                              value)):
            continue
        if re.fullmatch(r"[a-f0-9]{32,}|[A-Za-z_]+(\.[A-Za-z_]+)+", value):
            continue  # a digest or a dotted identifier, not a credential
        if _SAYS_WHAT.search(value):
            continue  # "MySecurePassword123!": an example value that says what it stands for
        yield match.start(1), name, redact(value, 0)
