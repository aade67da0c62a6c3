"""What judge calls cost: prices (a dated table in the package, overridable per model), the
run's budget (``--faith-max-cost``) and the estimate of a run before it spends
(``--faith-estimate``).

Every judge call passes :class:`~pytest_faithful.cache.replay.CachedBackend`, which knows
before it calls a provider that a call is live: there the :class:`~pytest_faithful.cost.meter.
Meter` prices it, refuses it when it could pass the budget, or, in an estimate, counts it and
calls nothing. ``options.py`` and ``prices.py`` are standard library only (pytest start-up).
"""
