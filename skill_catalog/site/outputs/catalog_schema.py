"""The JSON Schema (draft 2020-12) of ``catalog.json``, written beside it as
``catalog.schema.json``. The tests validate every ``catalog.json`` they build against it."""

from __future__ import annotations

from typing import Any

DIGEST_PATTERN = "^sha256:[0-9a-f]{64}$"
HEX_PATTERN = "^[0-9a-f]{64}$"

_NULLABLE_STRING = {"type": ["string", "null"]}
_NULLABLE_DIGEST = {"type": ["string", "null"], "pattern": DIGEST_PATTERN}
_COUNT = {"type": "integer", "minimum": 0}

_FILE: dict[str, Any] = {
    "type": "object",
    "description": "One file of the skill folder, as the inventory lists it.",
    "required": ["relpath", "category", "size", "text", "executable", "sha256"],
    "additionalProperties": False,
    "properties": {
        "relpath": {"type": "string", "description": "Path relative to the skill folder."},
        "category": {"enum": ["skill_md", "scripts", "references", "assets", "other"]},
        "size": _COUNT,
        "text": {"type": "boolean", "description": "False for binary files."},
        "executable": {"type": "boolean"},
        "sha256": {"type": ["string", "null"], "pattern": HEX_PATTERN,
                   "description": "Hex SHA-256 of the file's bytes; null if it cannot be read."},
    },
}

_DIAGNOSTIC: dict[str, Any] = {
    "type": "object",
    "required": ["code", "severity", "message", "file", "line", "column"],
    "additionalProperties": False,
    "properties": {
        "code": {"type": "string", "pattern": "^S[CT][0-9]{3}$",
                 "description": "SC: the spec's and the library's rules; ST: trust signals "
                                "(docs/trust.md), which never make a skill invalid."},
        "severity": {"enum": ["info", "warning", "error"]},
        "message": {"type": "string"},
        "file": {**_NULLABLE_STRING, "description": "Relative to the skill folder."},
        "line": {"type": ["integer", "null"], "minimum": 1},
        "column": {"type": ["integer", "null"], "minimum": 1},
        "accepted": {"type": "string",
                     "description": "A trust finding accepted with this written reason "
                                    "(trust.accept, or a marker in the skill): still listed, "
                                    "no longer counted."},
    },
}

_TRUST_FINDING: dict[str, Any] = {
    "type": "object",
    "required": [*_DIAGNOSTIC["required"], "accepted"],
    "additionalProperties": False,
    "properties": {
        **_DIAGNOSTIC["properties"],
        "code": {"type": "string", "pattern": "^ST[0-9]{3}$"},
        "accepted": {**_NULLABLE_STRING,
                     "description": "The written reason it was accepted with (trust.accept, "
                                    "or a marker in the skill); null when it counts."},
    },
}

TRUST: dict[str, Any] = {
    "type": "object",
    "description": "The skill's trust signals (docs/trust.md), the same object the "
                   ".well-known indexes and the marketplaces carry (without 'withheld').",
    "required": ["status", "findings", "findings_omitted"],
    "additionalProperties": False,
    "properties": {
        "status": {"enum": ["clean", "notice", "warning", "danger"],
                   "description": "From the worst finding not accepted."},
        "findings": {"type": "array", "items": _TRUST_FINDING,
                     "description": "At most 100: those that count, worst first, then the "
                                    "accepted ones."},
        "findings_omitted": {**_COUNT, "description": "Findings left out of the list "
                                                      "(skill-catalog validate lists every "
                                                      "one)."},
        "withheld": {**_NULLABLE_STRING,
                     "description": "Why the config's trust.withhold keeps the skill out of "
                                    "the prompt files, discovery indexes, marketplaces and "
                                    "zips (its 'archive' is then null), or null."},
    },
}

_LIBRARY_DIAGNOSTIC: dict[str, Any] = {
    "type": "object",
    "description": "A diagnostic of the library as a whole, or one the build made while "
                   "publishing a skill (SC040: a file or a skill left out of its copies).",
    "required": ["code", "severity", "message", "file", "line", "column", "skill"],
    "additionalProperties": False,
    "properties": {
        **_DIAGNOSTIC["properties"],
        "file": {**_NULLABLE_STRING,
                 "description": "Relative to the skill folder when 'skill' is set, else to "
                                "the library root holding it (null when it is in none)."},
        "skill": {**_NULLABLE_STRING, "description": "The slug of the skill it is about."},
    },
}

_SKILL: dict[str, Any] = {
    "type": "object",
    "required": ["name", "slug", "description", "valid", "internal", "url", "path", "nested_in",
                 "frontmatter", "files", "files_truncated", "archive", "install", "digest",
                 "diagnostics", "diagnostics_omitted", "trust", "last_changed", "tokens"],
    "additionalProperties": False,
    "properties": {
        "name": {**_NULLABLE_STRING, "description": "The frontmatter name (null if missing)."},
        "slug": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                 "description": "Unique in the catalog; the page is skills/<slug>/."},
        "description": {**_NULLABLE_STRING,
                        "description": "Null when missing, or withheld: a credential the "
                                       "trust policy withholds is in the frontmatter."},
        "valid": {"type": "boolean", "description": "False when the skill has an error."},
        "internal": {"type": "boolean",
                     "description": "metadata.internal is true (the boolean, or the string "
                                    "'true'): npx skills lists such a skill only when it is "
                                    "named. A site built with publish_internal: false has "
                                    "none."},
        "url": {"type": "string", "description": "The skill's page, relative to the site root."},
        "path": {"type": "string",
                 "description": "The skill folder relative to its library root ('.' for the "
                                "root itself)."},
        "nested_in": {**_NULLABLE_STRING,
                      "description": "Folder (relative to the root) of the skill holding it."},
        "frontmatter": {"type": "object",
                        "description": "The YAML frontmatter as JSON: dates as ISO 8601 "
                                       "strings (the reader makes every other value plain); "
                                       "empty when a credential the trust policy withholds is "
                                       "in it."},
        "files": {"type": "array", "items": {"$ref": "#/$defs/file"}},
        "files_truncated": {"type": "boolean",
                            "description": "True when the folder holds more files than listed."},
        "archive": {**_NULLABLE_STRING,
                    "description": "The zip (skills/<slug>.zip) relative to the site root; null "
                                   "for invalid skills and skills withheld by the trust "
                                   "policy."},
        "install": {
            "oneOf": [{"type": "null"}, {"$ref": "#/$defs/install"}],
            "description": "How to install the skill (null for an invalid or withheld skill: "
                           "nothing installs it).",
        },
        "digest": {
            "type": "object",
            "required": ["archive", "skill", "body"],
            "additionalProperties": False,
            "properties": {
                "archive": {**_NULLABLE_DIGEST, "description": "SHA-256 of the zip's bytes."},
                "skill": {**_NULLABLE_DIGEST,
                          "description": "Skill-level digest of the Cloudflare discovery RFC "
                                         "v0.2.0: SHA-256 over sorted '{path}\\0{hex}\\n' lines "
                                         "of the published files."},
                "body": {**_NULLABLE_DIGEST,
                         "description": "SHA-256 of the body of SKILL.md (after the "
                                        "frontmatter), UTF-8; null when the skill's content is "
                                        "withheld. skill-catalog diff compares bodies by it."},
            },
        },
        "diagnostics": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"},
                        "description": "At most 1,000, worst first."},
        "diagnostics_omitted": {**_COUNT,
                                "description": "Diagnostics left out of the list (skill-catalog "
                                               "validate lists every one)."},
        "trust": {**TRUST, "required": [*TRUST["required"], "withheld"]},
        "last_changed": {
            "oneOf": [{"type": "null"},
                      {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:"
                                                    "[0-9]{2}:[0-9]{2}Z$"}],
            "description": "When the skill last changed, ISO 8601 UTC: the committer date of "
                           "the last commit touching its folder when the library is in a git "
                           "repository, else the date of the first build that saw its current "
                           "content (docs/outputs.md); null when the builder does not date "
                           "skills.",
        },
        "tokens": {
            "type": "object",
            "description": "Approximate tokens (characters / 4).",
            "required": ["metadata", "body"],
            "additionalProperties": False,
            "properties": {"metadata": _COUNT, "body": _COUNT},
        },
    },
}

_INSTALL: dict[str, Any] = {
    "type": "object",
    "description": "Each route that works for the skill (null where one does not).",
    "required": ["npx", "claude_code", "zip", "claude_ai", "folders"],
    "additionalProperties": False,
    "properties": {
        "npx": {**_NULLABLE_STRING,
                "description": "'npx skills add <base_url> --skill <name>': with base_url, for "
                               "a skill the well-known indexes list."},
        "claude_code": {
            "description": "The site's Claude Code marketplace and the plugin holding the "
                           "skill (with base_url, for a skill it lists).",
            "oneOf": [{"type": "null"}, {
                "type": "object",
                "required": ["marketplace", "plugin", "skills_in_plugin", "commands",
                             "requires"],
                "additionalProperties": False,
                "properties": {
                    "marketplace": {"type": "string",
                                    "description": "URL of claude-code/marketplace.json."},
                    "plugin": {"type": "string", "description": "<plugin>@<marketplace>."},
                    "skills_in_plugin": {"type": "integer", "minimum": 1},
                    "commands": {"type": "array", "items": {"type": "string"},
                                 "description": "'/plugin marketplace add <url>', then "
                                                "'/plugin install <plugin>@<marketplace>'."},
                    "requires": {"type": "string",
                                 "description": "The first Claude Code release that reads "
                                                "the marketplace's archive sources."},
                },
            }],
        },
        "zip": {"type": "string",
                "description": "skills/<slug>.zip (a copy by hand: it holds the skill's <name>/ "
                               "folder)."},
        "claude_ai": {**_NULLABLE_STRING,
                      "description": "The zip again when Claude.ai's 'Upload skill' accepts "
                                     "the skill (null when it refuses it: a name that is not "
                                     "lowercase ASCII, a reserved word, '<' or '>' in the "
                                     "description...)."},
        "folders": {
            "type": "array",
            "description": "Where each agent tool the site shows reads the skill, project and "
                           "personal ('~/' is the user's home), for the tools that load it "
                           "(the skill page's verdicts).",
            "items": {
                "type": "object",
                "required": ["tool", "title", "project", "personal"],
                "additionalProperties": False,
                "properties": {"tool": {"type": "string"}, "title": {"type": "string"},
                               "project": _NULLABLE_STRING, "personal": _NULLABLE_STRING},
            },
        },
    },
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "skill-catalog catalog.json",
    "description": "Every skill of a skill-catalog site, valid or not, with its files, digests "
                   "and diagnostics.",
    "type": "object",
    "required": ["$schema", "version", "title", "description", "base_url", "diagnostics",
                 "skills"],
    "additionalProperties": False,
    "properties": {
        "$schema": {"const": "catalog.schema.json"},
        "version": {"const": 1},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "base_url": {**_NULLABLE_STRING,
                     "description": "The public URL of the site, ending with '/'."},
        "diagnostics": {"type": "array", "items": {"$ref": "#/$defs/library_diagnostic"},
                        "description": "What belongs to no skill's own list: the library's "
                                       "diagnostics, then what the build left out (the "
                                       "problems page lists the same)."},
        "skills": {"type": "array", "items": {"$ref": "#/$defs/skill"}},
    },
    "$defs": {"skill": _SKILL, "file": _FILE, "diagnostic": _DIAGNOSTIC,
              "library_diagnostic": _LIBRARY_DIAGNOSTIC, "install": _INSTALL},
}
