"""The screens of Block 24, one component per file; each reads :class:`app.state.AppState`."""
