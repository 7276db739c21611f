"""Block 24's tests: a package, so helpers are imported by their names (``tests.helpers``,
``tests.store_writer``, ``tests.e2e.pad``) with no change to ``sys.path``."""
