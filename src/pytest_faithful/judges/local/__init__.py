"""The in-process judge: a small local model read through its next-token probabilities."""
