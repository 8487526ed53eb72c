"""Held-out set5, writer C, Writer B's twelve categories (6 risky + 6 harmless each).
Everything here is inert data: hosts are example.invalid / 203.0.113.x, keys are fake."""
from set3_common import S

CATEGORIES = {}
