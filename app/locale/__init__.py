"""The translation catalogues: ``<lang>/LC_MESSAGES/block24.po`` (compiled: ``.mo``), template ``block24.pot``."""
