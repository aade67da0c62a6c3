"""Rendering results: failure messages, the terminal summary and report files. No pytest here."""
