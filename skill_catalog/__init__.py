"""skill-catalog: validate an Agent Skills library and publish it as a static catalog."""

from skill_catalog.api import load
from skill_catalog.catalog import Catalog, UnknownSkill
from skill_catalog.config import Config, ConfigError, load_config
from skill_catalog.model import Diagnostic, Severity, Skill, SkillFile
from skill_catalog.version import __version__

__all__ = [
    "Catalog",
    "Config",
    "ConfigError",
    "Diagnostic",
    "Severity",
    "Skill",
    "SkillFile",
    "UnknownSkill",
    "__version__",
    "load",
    "load_config",
]
