"""Entry point for ``flet build apk|ipa|web`` (see ``[tool.flet.app]`` in pyproject.toml).

On a phone the app runs in Flet's own client; ``make run`` serves it in the browser instead.
"""

import flet as ft

from app.main import main

if __name__ == "__main__":
    ft.run(main, assets_dir="assets")
