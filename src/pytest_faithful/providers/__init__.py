"""Model providers: SDK clients, credentials, base URLs, timeouts, retries and wire formats.

Judges own prompts and parsing (``pytest_faithful.judges``); providers only turn one
``JudgeRequest`` into one ``JudgeResponse`` or a ``JudgeError`` that says what to fix.
"""
