"""Skill access as agent systems offer it: show a skill, list and read its files, run a script.

Library functions for each: ``<skill_content>``, a file listing, one file read safely, or the
absolute path of a script to run."""

from __future__ import annotations

from skill_catalog.skill_access.access import (
    AREAS,
    MAX_FILE_BYTES,
    FileRefused,
    check_relpath,
    file_path,
    is_binary,
    read_bytes,
    read_text,
)
from skill_catalog.skill_access.content import skill_content
from skill_catalog.skill_access.listing import SkillFiles, files_text, list_files

__all__ = [
    "AREAS",
    "MAX_FILE_BYTES",
    "FileRefused",
    "SkillFiles",
    "check_relpath",
    "file_path",
    "files_text",
    "is_binary",
    "list_files",
    "read_bytes",
    "read_text",
    "skill_content",
]
