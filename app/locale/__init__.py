"""The translation catalogues: ``<lang>/LC_MESSAGES/block24.po`` (compiled: ``.mo``); ``block24.pot``."""
