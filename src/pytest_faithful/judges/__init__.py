"""Judges: anything that turns answer sentences into claims and claims into verdicts."""
