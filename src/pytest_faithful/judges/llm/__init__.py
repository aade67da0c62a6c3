"""Judges that ask a language model through a provider: prompts, parsing, structured output."""
