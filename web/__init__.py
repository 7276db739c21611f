"""The offline, installable web build (`make web`): the whole pad runs in the phone's browser.

``web.build`` writes ``build/web/`` from the pinned flet-web client and Pyodide;
``web.main`` is what runs in the browser (IndexedDB under the store, then the app).
"""
