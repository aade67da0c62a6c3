"""The deterministic judge without a model: content-word overlap, labelled heuristic."""
