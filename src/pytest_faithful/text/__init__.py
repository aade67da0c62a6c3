"""Reading text: sentences, content terms, abstentions, and what a span of a passage says.

Plain functions of strings, below every judge and every rule: the verifier, the judges, the
metrics and the HTML report read text the same way. Nothing here decides a verdict; the rules
(:mod:`pytest_faithful.rules`) do, from these readings.
"""
