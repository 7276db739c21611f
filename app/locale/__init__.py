"""Wordings of the codes that the engine and the store raise, in the pad's languages."""
