"""Block 24's app: the Flet UI, its state and the TinyDB store, on top of :mod:`scoring`."""
